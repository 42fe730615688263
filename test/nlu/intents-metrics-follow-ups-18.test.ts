// Intents, metrics and follow-ups, eighteenth set: replies read after the question before. A reply that only swaps the
// figure ("now do profit", "switch the metric to orders") asks the same comparison, trend, ranking or total of it; a
// trend's buckets changed by a reply ("and now by weeks", "in months") redraw that trend; "same question" said of a
// place, period or category, among words of another language ("Kalau … gimana?", "naman", "po"), asks the question
// before there; and a holiday that stock must last until ("run out before Christmas") is a horizon from today. Each
// class was found missed in held-out splits; every phrasing here is our own, with neighbours that must not change.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

/** The last question's frame as expectFrame checks it, with each of `keys` absent from its filters. */
function expectFrameWithout(questions: string[], want: Parameters<typeof expectFrame>[1], keys: string[]): void {
  expectFrame(questions, want);
  const filters = understand(...questions)?.filters as Record<string, unknown> | undefined;
  for (const key of keys) expect(filters?.[key], `${questions.join(" / ")}: ${key}`).toBeUndefined();
}

const UNITS_IN_FRANCE = "how do units this month compare with last month in France";
const DAILY_IN_SPAIN = "daily units sold over the last 30 days in Spain";
const TOP_TEN = "top 10 products by units last quarter";
const WEEK_IN_ITALY = "what was my revenue last week in Italy";
const MONTHLY_IN_POLAND = "monthly revenue this year in Poland";
const WORST_CAMPAIGN = "which campaign had the highest ACoS last month";
const UTENSILS_IN_UK = "how many units of HK-UTEN-02 do I have in the UK";

describe("a reply that only swaps the figure asks the question before of it", () => {
  // "profit" alone leans to the profit and loss; said as a turn of the same question, it is that question's figure.
  it.each([
    ["switch the metric to orders", "orders"],
    ["ok now do profit", "profit"],
    ["profit this time please", "profit"],
    ["do margin now", "profit_margin"],
    ["make it orders", "orders"],
    ["change the figure to profit", "profit"],
    ["alright, same for profit", "profit"],
  ])("%j keeps the comparison in FR", (q, metric) =>
    expectFrame([UNITS_IN_FRANCE, q], {
      intent: "sales_comparison",
      filters: { metrics: [metric], timeframe: "this_month", compare_to: "last_month", marketplace: "FR" },
    }),
  );
  it.each([["now do profit"], ["profit this time"]])("%j keeps the daily trend in ES", (q) =>
    expectFrame([DAILY_IN_SPAIN, q], {
      intent: "sales_trend",
      filters: { metrics: ["profit"], timeframe: "last_30_days", marketplace: "ES", group_by: "day" },
    }),
  );
  it.each([["now do profit"], ["switch the metric to profit"]])("%j re-ranks the top 10", (q) =>
    expectFrame([TOP_TEN, q], {
      intent: "top_products",
      filters: { metrics: ["profit"], timeframe: "last_quarter", limit: 10, sort: "desc" },
    }),
  );
  it.each([["k now do profit"], ["units this time"]])("%j keeps last week's total in IT", (q) =>
    expect(understand(WEEK_IN_ITALY, q)).toMatchObject({
      intent: "sales_summary",
      filters: { timeframe: "last_week", marketplace: "IT" },
    }),
  );
  // A question before that has no use for the figure, or a reply with a subject of its own, starts afresh.
  // Profit alone, asked afresh, is the profit total of the period (a profit figure for a period is a sales total).
  it("profit after a stock-out question is the profit total, not the stock-out", () =>
    expectFrameWithout(
      ["which products will run out in the next 2 weeks", "now do profit"],
      { intent: "sales_summary", filters: { metrics: ["profit"] } },
      ["horizon_days"],
    ));
  it("profit after ACoS by campaign is the profit total, not the campaigns", () =>
    expectFrame(["ACoS by campaign last month", "now do profit"], {
      intent: "sales_summary",
      filters: { metrics: ["profit"] },
    }));
  it.each([
    ["now show my fees for October", "profit_breakdown"],
    ["what were my payouts last month", "payouts"],
    ["which products will run out next week", "stockout_risk"],
  ])("%j is a new question", (q, intent) => expectFrame([UNITS_IN_FRANCE, q], { intent }));
});

describe("a reply that changes a trend's buckets redraws it", () => {
  it.each([
    ["And now by weeks", "week"],
    ["in weeks", "week"],
    ["and now in days please", "day"],
    ["by quarters", "quarter"],
    ["per day now", "day"],
    ["make it daily", "day"],
    ["split it by week", "week"],
    ["weekly instead", "week"],
  ])("%j groups by %s", (q, unit) =>
    expectFrame([MONTHLY_IN_POLAND, q], {
      intent: "sales_trend",
      filters: { group_by: unit, timeframe: "year_to_date", marketplace: "PL", metrics: ["revenue"] },
    }),
  );
  // "in weeks" inside a question is a length of time, not buckets.
  it("stock unsold in weeks is overstock without buckets", () =>
    expectFrameWithout(["which products haven't sold in weeks"], { intent: "excess_inventory" }, ["group_by"]));
  it("a count of weeks is a period", () =>
    expectFrameWithout(
      ["how much did I sell in the last 3 weeks"],
      { intent: "sales_summary", filters: { timeframe: "last_3_weeks" } },
      ["group_by"],
    ));
});

describe("'same question' said of a place, period or category asks the question before there", () => {
  const kept = { metrics: ["acos"], limit: 1, sort: "desc" };
  it.each([
    ["Kalau for amazon.de gimana? Same question", { marketplace: "DE", timeframe: "last_month" }],
    ["what about France, same question", { marketplace: "FR", timeframe: "last_month" }],
    ["Paano naman sa Italy? same question", { marketplace: "IT", timeframe: "last_month" }],
    ["ask the same for last week", { timeframe: "last_week" }],
    ["the same question for Pet Supplies po", { category: "Pet Supplies", timeframe: "last_month" }],
    ["same question but for Spain bitte", { marketplace: "ES", timeframe: "last_month" }],
  ])("%j is the campaign question again", (q, filters) =>
    expectFrame([WORST_CAMPAIGN, q], { intent: "acos_by_campaign", filters: { ...kept, ...filters } }),
  );
  it("after a ranking, a category said with 'naman … same question' ranks it there", () =>
    expectFrame(["top 5 products by revenue last month", "for Pet Supplies naman? same question"], {
      intent: "top_products",
      filters: { category: "Pet Supplies", timeframe: "last_month", limit: 5, metrics: ["revenue"] },
    }));
  // A question of its own after "same question" is that question; a figure said with it is an edit of the figure.
  it("a question after 'same question:' is its own", () =>
    expectFrame(["top 5 products by revenue last month", "same question: which products will run out in Germany?"], {
      intent: "stockout_risk",
      filters: { marketplace: "DE" },
    }));
  it("'same question but by profit' re-ranks by profit", () =>
    expectFrame(["top 5 products by revenue last month", "same question but by profit"], {
      intent: "top_products",
      filters: { metrics: ["profit"], limit: 5 },
    }));
});

describe("a holiday stock must last until is a horizon from today (2026-11-21)", () => {
  it.each([
    ["which products will run out before christmas", 34],
    ["what's going to sell out before black friday in the US", 6],
    ["anything running out ahead of the holidays?", 34],
    ["will my stock last until new year's eve?", 40],
    ["which items might be out of stock in time for cyber monday", 9],
    ["will I run out of yoga mats before Xmas", 34],
    ["will my stock run out before new year?", 41],
  ])("%j looks %i days ahead", (q, days) =>
    expectFrameWithout([q], { intent: "stockout_risk", filters: { horizon_days: days } }, ["timeframe"]),
  );
  it("a follow-up keeps the product and place and takes the horizon", () =>
    expectFrame([UTENSILS_IN_UK, "is it going to run out before christmas?"], {
      intent: "stockout_risk",
      filters: { sku: "HK-UTEN-02", marketplace: "UK", horizon_days: 34 },
    }));
  // Without stock running out or lasting, a holiday is a day gone by.
  it.each([
    ["revenue on black friday last year", { timeframe: "2025-11-28" }],
    ["how much did I sell before christmas last year", { timeframe: "last_year" }],
  ])("%j stays a period", (q, filters) =>
    expectFrameWithout([q], { intent: "sales_summary", filters }, ["horizon_days"]),
  );
  it("what ran out before a holiday of a year gone by has no horizon", () =>
    expect(understand("which products ran out before christmas last year")?.filters.horizon_days).toBeUndefined());
});
