// One phrasing of a thing teaches its whole family: every tense of a verb (the stemmer), every combination of a
// phrase template's parts (data/nlu/*.json), and words any question uses are no evidence that a question is a
// seller's. Each class over several phrasings of its own, none of them a held-out question.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { expandTemplate, expandTemplates } from "../../src/nlu/phrase-templates.js";
import { stem } from "../../src/nlu/text.js";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";

const TODAY = "2026-11-21";
const catalog = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: [],
  campaigns: [],
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};
const understand = (question: string) => {
  const outcome = parseQuestion(question, { catalog, today: TODAY });
  return "error" in outcome ? undefined : outcome.understanding;
};

describe("phrase templates", () => {
  it.each([
    ["ad sales", ["ad sales"]],
    ["{my |}ads made", ["my ads made", "ads made"]],
    ["{but|and} {few|no} buyers", ["but few buyers", "but no buyers", "and few buyers", "and no buyers"]],
    [
      "where {did|has} {my |}money {go|gone}",
      ["where did my money go", "where did my money gone", "where did money go"],
    ],
  ])("%j stands for its phrases", (template, some) =>
    expect(expandTemplate(template)).toEqual(expect.arrayContaining(some)),
  );

  it.each([
    ["{a|b} {c|d|e}", 6],
    ["{x|} y {z|}", 4],
    ["plain words", 1],
  ])("%j stands for %i phrases, each with single spaces", (template, count) => {
    const phrases = expandTemplate(template);
    expect(phrases).toHaveLength(count);
    for (const p of phrases) expect(p).toBe(p.replace(/\s+/g, " ").trim());
  });

  it("lists each phrase once", () => expect(expandTemplates(["{a|b} c", "a c"])).toEqual(["a c", "b c"]));

  it("refuses a template without its closing brace", () => expect(() => expandTemplate("{a|b c")).toThrow(/brace/));
});

describe("every form of a verb is one word to the classifier", () => {
  it.each([
    ["change", "changed", "changing", "changes"],
    ["sell", "sold", "sells", "selling"],
    ["go", "went", "gone", "goes"],
    ["spend", "spent", "spends", "spending"],
    ["supply", "supplied", "supplies"],
    ["move", "moved", "moving", "moves"],
    ["throw", "threw", "thrown", "throws"],
  ])("%s", (...forms) => expect(new Set(forms.map(stem)).size).toBe(1));

  it.each([
    ["stock", "store"],
    ["sale", "sell"],
    ["price", "prize"],
  ])("%s and %s stay apart", (a, b) => expect(stem(a)).not.toBe(stem(b)));

  it.each([["constructor"], ["tostring"], ["hasownproperty"], ["__proto__"]])("%j is a word like any other", (word) =>
    expect(typeof stem(word)).toBe("string"),
  );
});

describe("families of phrasings", () => {
  it.each([
    // Traffic without purchases: low conversion, lowest first.
    ["which asins get plenty of views yet few orders", "conversion_analysis", ["conversion_rate"], "asc"],
    ["listings with loads of sessions but no conversions", "conversion_analysis", ["conversion_rate"], "asc"],
    ["products that shoppers visit but never purchase", "conversion_analysis", ["conversion_rate"], "asc"],
    ["items with heavy traffic and hardly any buyers", "conversion_analysis", ["conversion_rate"], "asc"],
    // What the ads brought in: ad sales.
    ["what did my advertising generate last month", "advertising_summary", ["ad_sales"], undefined],
    ["how much do my ad campaigns earn", "advertising_summary", ["ad_sales"], undefined],
    // Paying per click: CPC.
    ["what am I charged per click on average", "advertising_summary", ["cpc"], undefined],
    ["cost for each click by campaign", "acos_by_campaign", ["cpc"], undefined],
    // Where the money went: the P&L.
    ["where has our cash gone this quarter", "profit_breakdown", undefined, undefined],
    ["what is squeezing my margin", "profit_breakdown", undefined, undefined],
    ["where did the profit go in october", "profit_breakdown", undefined, undefined],
    // Budget burnt for nothing: waste.
    ["keywords that burn budget and produce nothing", "wasted_ad_spend", undefined, undefined],
    ["search terms draining my money with no sales", "wasted_ad_spend", undefined, undefined],
    // Stock on its way: stock levels; what has to go out: a restock; what cannot be shifted: excess.
    ["incoming shipments to fba", "inventory_levels", undefined, undefined],
    ["stock in transit to amazon by sku", "inventory_levels", undefined, undefined],
    ["what has to be shipped in this week", "restock_recommendations", undefined, undefined],
    ["which skus should we replenish", "restock_recommendations", undefined, undefined],
    ["stuff I can't shift quickly enough", "excess_inventory", undefined, undefined],
    ["more than we could ever sell", "excess_inventory", undefined, undefined],
  ])("%j", (question, intent, metrics, sort) => {
    const u = understand(question);
    expect(u?.intent).toBe(intent);
    if (metrics) expect(u?.filters.metrics?.[0]).toBe(metrics[0]);
    if (sort) expect(u?.filters.sort).toBe(sort);
  });

  it.each([["revenue vs the corresponding month a year ago"], ["profit against the comparable week of last year"]])(
    "%j compares with the same period a year before",
    (question) => {
      const u = understand(question);
      expect(u?.intent).toBe("sales_comparison");
      expect(u?.filters.compare_to).toBe("same_period_last_year");
    },
  );
});

describe("words any question uses do not make it a seller's", () => {
  it.each([
    ["will it be sunny at the weekend"],
    ["how long does it take to learn guitar"],
    ["things to do in rome"],
    ["best stretches for a sore back"],
    ["when does the new iphone come out"],
  ])("%j is refused", (question) => expect(understand(question)).toBeUndefined());
});
