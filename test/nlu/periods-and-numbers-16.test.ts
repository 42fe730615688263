// Periods and numbers, sixteenth set: the seller's guess of a ranking's answer ("I think it's Beauty at about 35%")
// is a row to check, not a filter; the day stock must last until ("before 12 December", "before it arrives" after the
// day a shipment is due) is a horizon counted from today; running out first, asked of one thing, is one row; and a
// request said as who wants which figure ("My assistant needs the October revenue for Italy.") keeps its period and
// place when a figure quoted from elsewhere and the reason it differs follow. "Since two weeks ago" names a day, as
// "since March 1" does, and runs from it through today; "since two months" (learner English for "for two months")
// stays the last two months. Today is 2026-11-21. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("the seller's guess of a ranking's answer names a row to check, not a filter", () => {
  it.each([
    ["Which category had my best margin last quarter? I'd say Home & Kitchen, but I'm not sure.", "category"],
    ["Which campaign had the highest ACoS in October? I'm betting it's Yoga Mats - Broad again.", "campaign"],
    ["Which campaign had the worst ACoS last month? My bet is Yoga Mats - Broad.", "campaign"],
    ["which category sold the most units in October? probably Pet Supplies, right?", "category"],
    ["Which category earned me the most profit last month? I reckon Pet Supplies at roughly 4,000.", "category"],
    ["Which subcategory sold the most units this year? My money's on Dog Toys.", "subcategory"],
    // A kind of product guessed is one of the products ranked, not the kind asked about.
    ["Which products in Toys & Games sold the most last month? I think it's the puzzle.", "subcategory"],
  ])("%j has no %s", (q, key) => expect(understand(q)?.filters[key], q).toBeUndefined());
  it("the ranking asked keeps its own filters", () =>
    expectFrame(["Which category had my best margin last quarter? I'd say Home & Kitchen, but I'm not sure."], {
      intent: "profit_margin_by_category",
      filters: { timeframe: "last_quarter", metrics: ["profit_margin"], limit: 1, sort: "desc" },
    }));
  it.each([
    // The question names the category itself: the guess is of the figure, and the scope is the question's.
    ["What was my margin in Pet Supplies last month? I think it's about 20%.", "category", "Pet Supplies"],
    // A category the question asks about keeps its scope beside a guessed product.
    ["Which products in Toys & Games sold the most last month? I think it's the puzzle.", "category", "Toys & Games"],
    // "I think" of something else than the answer is no guess of a row.
    ["How did Home & Kitchen do last month? I think it was a good month.", "category", "Home & Kitchen"],
  ])("%j keeps %s %s", (q, key, value) => expect(understand(q)?.filters[key], q).toBe(value));
});

describe("the day stock must last until is a horizon counted from today", () => {
  it.each([
    ["which Home & Kitchen products will sell out before 15 December?", 24],
    ["what will be out of stock by Dec 1st in the UK", 10],
    ["Which products will be out of stock until the 20th of December when my next PO arrives?", 29],
    ["will my dog toys last until January 10th?", 50],
    ["what will run out before Black Friday", 6],
    // The day told in a sentence before, pointed back at by the question.
    ["Our restock lands at Felixstowe on 10 December. What runs out before it gets here?", 19],
    ["Our next shipment is expected on the 9th of December. What sells out before then?", 18],
  ])("%j looks %i days ahead", (q, horizon_days) => {
    expectFrame([q], { intent: "stockout_risk", filters: { horizon_days } });
    // The day is no period looked back on.
    expect(understand(q)?.filters.timeframe, q).toBeUndefined();
  });
  it.each([
    // A day gone by asked of sales or of stock that already ran out is a period, not a horizon.
    ["how much did I sell before 12 December"],
    ["which products ran out before 12 November"],
    // A delivery day told beside a question about the past lends it no horizon.
    ["My shipment arrives on 12 December. What were my sales last week?"],
  ])("%j has no horizon", (q) => expect(understand(q)?.filters.horizon_days, q).toBeUndefined());
  it("a length ahead is still counted as said", () =>
    expectFrame(["which products will run out in the next 3 weeks"], {
      intent: "stockout_risk",
      filters: { horizon_days: 21 },
    }));
});

describe("running out first, asked of one thing, is one row", () => {
  it.each([
    ["which item runs out first"],
    ["which SKU goes out of stock soonest in Germany"],
    ["which listing will be the first to sell out"],
    ["what's the next product to run out in Pet Supplies"],
    ["which one of my products runs out first"],
    ["what's the first product to run out"],
  ])("%j is limit 1", (q) => expectFrame([q], { intent: "stockout_risk", filters: { limit: 1 } }));
  it.each([
    // Several asked for, in the plural: every row, in the order they run out.
    ["which products will sell out first"],
    ["list the items that run out first"],
    ["which products run out in the next 2 weeks"],
  ])("%j has no limit", (q) => {
    expect(understand(q)?.intent, q).toBe("stockout_risk");
    expect(understand(q)?.filters.limit, q).toBeUndefined();
  });
});

describe("who wants which figure asks for it, whatever figure quoted from elsewhere follows", () => {
  it.each([
    [
      "My accountant wants the October revenue for Italy. The payments report says 5,920 but that's net of fees.",
      "sales_summary",
      { timeframe: "2026-10", marketplace: "IT", metrics: ["revenue"] },
    ],
    [
      "The bank needs our total payouts for last quarter in Germany. My own spreadsheet has 41,200 but I'm missing a week, so don't go by that.",
      "payouts",
      { timeframe: "last_quarter", marketplace: "DE" },
    ],
    [
      "I need the units sold in France last month for the 3PL invoice. Their portal shows 1,140, which includes returns, so it won't line up.",
      "sales_summary",
      { timeframe: "last_month", marketplace: "FR", metrics: ["units_sold"] },
    ],
    [
      "Our bookkeeper wants the September refund rate for Spain. The returns dashboard says 4.1% but it counts replacements too.",
      "refund_analysis",
      { timeframe: "2026-09", marketplace: "ES", metrics: ["refund_rate"] },
    ],
    [
      "My business partner needs last week's ad spend in the US for the budget call. The ads console shows 2,300 but it's in another currency, so ignore that.",
      "advertising_summary",
      { timeframe: "last_week", marketplace: "US", metrics: ["ad_spend"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    // A question of its own after the want still decides.
    [
      "My accountant wants to know why my fees went up. Which fees rose most last month?",
      "profit_breakdown",
      { timeframe: "last_month", metrics: ["fees"] },
    ],
    // A deed needed is no figure wanted: the question after it asks.
    ["I need to restock soon. Which products run out in the next 2 weeks?", "stockout_risk", { horizon_days: 14 }],
  ])("%j stays as asked", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("since a count of periods ago is the range from that day through today", () => {
  it.each([
    ["orders since two weeks ago", "2026-11-07..2026-11-21"],
    ["orders since 3 months ago", "2026-08-21..2026-11-21"],
    ["revenue since a month ago", "2026-10-21..2026-11-21"],
    ["units since 10 days ago", "2026-11-11..2026-11-21"],
    ["sales since a couple of weeks back", "2026-11-07..2026-11-21"],
    ["revenue since 1 year ago", "2025-11-21..2026-11-21"],
  ])("%j is %s", (q, timeframe) =>
    expect(understand(q)?.filters.date_range, q).toEqual({
      start: timeframe.slice(0, 10),
      end: timeframe.slice(12),
    }),
  );
  it("the rating asked since a count of months ago is the range too", () =>
    expectFrame(["is going down the rating of SO-YOGA-01 since 4 months ago?"], {
      intent: "declining_reviews",
      filters: { timeframe: "2026-07-21..2026-11-21" },
    }));
  it.each([
    // Without "ago", learner English for "for two months": the last whole units.
    ["orders since two months", "last_2_months"],
    ["revenue since 3 weeks", "last_3_weeks"],
    ["sales since one month", "last_30_days"],
    // A named day after "since" was a range already.
    ["refunds since Oct 1", "2026-10-01..2026-11-21"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe, q).toBe(timeframe));
});
