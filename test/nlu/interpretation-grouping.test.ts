import { describe, expect, it } from "vitest";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import { describeUnderstanding } from "../../src/nlu/interpretation.js";
import { parserModel } from "../../src/nlu/parser-model.js";

// The interpretation names the grouping the answer uses: a per-product list asked
// by category is "by category", not "by product by category".
describe("an interpretation names one grouping", () => {
  const model = parserModel();
  const says = (intent: Intent, filters: Filters) =>
    describeUnderstanding({ intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "" }, model);
  it.each([
    ["refund_analysis", { group_by: "category" }, /^Refund rates by category/],
    ["conversion_analysis", { group_by: "category" }, /^Conversion by category/],
    ["refund_analysis", {}, /^Refund rates by product/],
  ] as const)("%s with %j reads %s", (intent, filters, expected) => {
    const text = says(intent, filters as Filters);
    expect(text).toMatch(expected);
    expect(text).not.toMatch(/by product.*by category/);
  });
});
