// What the parser's class tests check: the frame of a question (or of the last of a conversation) on the fixture
// catalog, read as the team's scorer reads it.
import { expect } from "vitest";
import type { CatalogVocabulary } from "../../src/core/catalog-vocabulary.js";
import type { Understanding } from "../../src/core/understanding.js";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { FIXTURE_CATALOG } from "./nlu-fixture-mirror.js";

/** The day every split is scored on. */
export const TODAY = "2026-11-21";

/** The fixture catalog's categories, ASINs and SKUs (no campaigns or subcategories, as a small import has). */
export const FIXTURE_VOCABULARY: CatalogVocabulary = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: [],
  campaigns: [],
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};

export type ExpectedFrame = { intent: string; filters?: Record<string, unknown> };

/** The checks, on a catalog. */
export function frameChecks(catalog: CatalogVocabulary = FIXTURE_VOCABULARY) {
  /** The understanding of the last question, each earlier one its context. */
  const understand = (...questions: string[]): Understanding | undefined => {
    let previous: Understanding | undefined;
    for (const q of questions) {
      const outcome = parseQuestion(q, { catalog, today: TODAY, previous });
      previous = "error" in outcome ? undefined : outcome.understanding;
    }
    return previous;
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
    const outcome = parseQuestion(question, { catalog, today: TODAY });
    expect("error" in outcome, question).toBe(true);
  };
  return { understand, expectFrame, refused };
}
