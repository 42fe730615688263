import { expect } from "vitest";
import { parseQuestion, type ParseOutcome } from "../../src/nlu/parse-question.js";
import type { Understanding } from "../../src/core/understanding.js";
import type { CatalogVocabulary } from "../../src/core/catalog-vocabulary.js";
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
  return parseConversationOn(FIXTURE_VOCABULARY, ...questions);
}

/** `parseConversation` on another catalog. */
export function parseConversationOn(catalog: CatalogVocabulary, ...questions: string[]): ParseOutcome {
  let previous: Understanding | undefined;
  let outcome: ParseOutcome | undefined;
  for (const q of questions) {
    outcome = parseQuestion(q, { catalog, today: NLU_TODAY, previous });
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

/** The same day, under the name the class tests use. */
export const TODAY = NLU_TODAY;

/** The fixture catalog's categories, ASINs and SKUs only: no campaigns or subcategories, as a small import has. */
export const CATALOG_WITHOUT_CAMPAIGNS: CatalogVocabulary = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: [],
  campaigns: [],
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};

export type ExpectedFrame = { intent: string; filters?: Record<string, unknown> };

/**
 * The class tests' checks on a catalog (by default one without campaigns): the last question's frame read as the
 * scorer reads it, with the filters matched as a subset; and a refusal.
 */
export function frameChecks(catalog: CatalogVocabulary = CATALOG_WITHOUT_CAMPAIGNS) {
  /** The understanding of the last question, each earlier one its context. */
  const understand = (...questions: string[]): Understanding | undefined => {
    const outcome = parseConversationOn(catalog, ...questions);
    return "understanding" in outcome ? outcome.understanding : undefined;
  };
  const expectFrame = (questions: string[], want: ExpectedFrame) => {
    const u = understand(...questions);
    expect(u, questions.join(" / ")).toBeDefined();
    expect(u!.intent, questions.join(" / ")).toBe(want.intent);
    if (!want.filters) return;
    // As the scorer reads metrics: the first is the one asked about, and every one expected is there.
    const { metrics, ...rest } = want.filters as { metrics?: string[] };
    expect(u!.filters).toMatchObject(rest);
    if (metrics) {
      expect(u!.filters.metrics?.[0]).toBe(metrics[0]);
      expect(u!.filters.metrics).toEqual(expect.arrayContaining(metrics));
    }
  };
  /** A question outside the domain: refused with invalid_query. */
  const refused = (question: string) => {
    const outcome = parseConversationOn(catalog, question);
    expect("error" in outcome, question).toBe(true);
  };
  return { understand, expectFrame, refused };
}
