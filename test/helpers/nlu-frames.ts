import { expect } from "vitest";
import { parseQuestion, type ParseOutcome } from "../../src/nlu/parse-question.js";
import type { Understanding } from "../../src/core/understanding.js";
import { FIXTURE_CATALOG } from "./nlu-fixture-mirror.js";

/** The day the parser's table-driven tests resolve periods against. */
export const NLU_TODAY = "2026-11-21";

/** The fixture catalog (fixtures/nlu/catalog.json) as the parser reads a mirror's catalog. */
export const FIXTURE_VOCABULARY = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: FIXTURE_CATALOG.products.map((p) => ({ name: p.subcategory, category: p.category })),
  campaigns: FIXTURE_CATALOG.campaigns,
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};

/** The outcome of the last question, each earlier one its context (as `parse --jsonl` reads a conversation). */
export function parseConversation(...questions: string[]): ParseOutcome {
  let previous: Understanding | undefined;
  let outcome: ParseOutcome | undefined;
  for (const q of questions) {
    outcome = parseQuestion(q, { catalog: FIXTURE_VOCABULARY, today: NLU_TODAY, previous });
    if ("understanding" in outcome) previous = outcome.understanding;
  }
  return outcome!;
}

/**
 * Expects the last question's intent and filters, read as the team's scorer reads them: the first metric is the
 * one asked about and every metric expected is there; a filter expected as null is absent.
 */
export function expectFrame(questions: string[], want: { intent: string; filters?: Record<string, unknown> }): void {
  const outcome = parseConversation(...questions);
  const label = questions.join(" / ");
  expect("understanding" in outcome ? outcome.understanding.intent : outcome.error.code, label).toBe(want.intent);
  if (!("understanding" in outcome) || !want.filters) return;
  const filters = outcome.understanding.filters;
  const { metrics, ...rest } = want.filters as { metrics?: string[] };
  for (const [key, value] of Object.entries(rest)) {
    if (value === null) expect(filters[key], `${label}: ${key}`).toBeUndefined();
    else expect(filters[key], `${label}: ${key}`).toEqual(value);
  }
  if (metrics) {
    expect(filters.metrics?.[0], `${label}: metrics`).toBe(metrics[0]);
    expect(filters.metrics, `${label}: metrics`).toEqual(expect.arrayContaining(metrics));
  }
}

/** Expects the question to be refused as `invalid_query`. */
export function expectRefused(question: string): void {
  const outcome = parseConversation(question);
  expect("error" in outcome ? outcome.error.code : outcome.understanding.intent, question).toBe("invalid_query");
}
