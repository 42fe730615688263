// Periods and numbers, twelfth set: sales, periods and comparisons as a seller who writes English as a second language
// asks for them. "Sells" for sales, "pieces" for units, "of" and "respect" for "than" and "compared to", "since two
// months" for the last two months, "day for day" and "for week" for a breakdown, "with less sales" for the fewest,
// "the same day of the week before", "the month before" after this month, "where goes my money". Native phrasings
// beside them keep their meaning. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("products with less or more of a figure, no comparison in the clause, are ranked from that end", () => {
  it.each([
    ["which items have less orders in Germany in last month?", { sort: "asc", metrics: ["orders"], marketplace: "DE" }],
    ["give me the 5 products with more sells in Italy this year", { sort: "desc", limit: 5, marketplace: "IT" }],
    ["the articles with less pieces sold in France since three weeks", { sort: "asc", metrics: ["units_sold"] }],
    ["the less sold products on amazon.de in last 90 days", { sort: "asc", timeframe: "last_90_days" }],
    ["products with less revenue in UK, show me 4", { sort: "asc", limit: 4, metrics: ["revenue"] }],
  ])("%j is top_products", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it("the same list again counted in pieces keeps its end and size", () =>
    expectFrame(
      ["the products with less sells in Italy in last month, give me 4", "now the same but with the pieces"],
      {
        intent: "top_products",
        filters: { sort: "asc", limit: 4, marketplace: "IT", metrics: ["units_sold"] },
      },
    ));
  it.each([
    // A comparison in the clause, or two things set side by side, keep "less" and "more" comparatives.
    ["products with less sales than last month", "sales_comparison"],
    ["did September or October make more profit", "sales_comparison"],
    ["products with less than 10 units in stock", "inventory_levels"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("'of' after a comparative and 'respect' before a period set the other side of a comparison", () => {
  it.each([
    [
      "my sells of last week are higher or lower of the week before?",
      { timeframe: "last_week", compare_to: "previous_period" },
    ],
    [
      "profit in last 7 days respect the previous 7 days",
      { timeframe: "last_7_days", compare_to: "previous_period", metrics: ["profit"] },
    ],
    [
      "units sold in Germany last month with respect to the month before",
      { compare_to: "previous_period", marketplace: "DE" },
    ],
    [
      "my orders of this week confronted with last week",
      { timeframe: "this_week", compare_to: "last_week", metrics: ["orders"] },
    ],
    [
      "the units on amazon.it in last 14 days are up or down respect the previous 14 days?",
      { timeframe: "last_14_days", compare_to: "previous_period", marketplace: "IT" },
    ],
  ])("%j is sales_comparison", (q, filters) => expectFrame([q], { intent: "sales_comparison", filters }));
  it("'more of' a period is left as a native speaker means it", () =>
    expect(understand("show more of last month")?.filters.compare_to).toBeUndefined());
});

describe("the unit before a running period of that unit is the calendar period just over", () => {
  it.each([
    [
      "my sells in this week are going better or worse of the week before?",
      { timeframe: "this_week", compare_to: "last_week" },
    ],
    [
      "the revenue this quarter is better of the previous quarter?",
      { timeframe: "this_quarter", compare_to: "last_quarter" },
    ],
    [
      "orders this month against the month before",
      { timeframe: "this_month", compare_to: "last_month", metrics: ["orders"] },
    ],
  ])("%j names it", (q, filters) => expectFrame([q], { intent: "sales_comparison", filters }));
  it("a follow-up in pieces keeps it", () =>
    expectFrame(["my sells in this month are better or worse of the month before?", "and the same for the pieces?"], {
      intent: "sales_comparison",
      filters: { timeframe: "this_month", compare_to: "last_month", metrics: ["units_sold"] },
    }));
  it.each([
    // After a period already over, or said as "the previous period", the period before stays previous_period.
    ["last month vs the month before"],
    ["this month vs the previous period"],
  ])("%j stays previous_period", (q) =>
    expectFrame([q], { intent: "sales_comparison", filters: { compare_to: "previous_period" } }),
  );
});

describe("the same day of the week (month) before is that day a week (month) earlier", () => {
  it.each([
    [
      "the orders of yesterday against the same day of the month before",
      { compare_to: "2026-10-20", metrics: ["orders"] },
    ],
    ["revenue of yesterday vs same day of last week in Germany", { compare_to: "2026-11-13", marketplace: "DE" }],
    [
      "units of yesterday compared with the same day the week before",
      { compare_to: "2026-11-13", metrics: ["units_sold"] },
    ],
    [
      "my sells in France of yesterday against the same day of the previous week",
      { compare_to: "2026-11-13", marketplace: "FR" },
    ],
  ])("%j is sales_comparison", (q, filters) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe: "yesterday", ...filters } }),
  );
});

describe("'day for day', 'for week' and a breakdown turned down ask for a trend by that unit", () => {
  it.each([
    [
      "show me the orders week for week since 3 months",
      { group_by: "week", timeframe: "last_3_months", metrics: ["orders"] },
    ],
    ["sells month per month in 2025", { group_by: "month", timeframe: "2025" }],
    [
      "the units sold day for day in Germany in last 2 weeks",
      { group_by: "day", timeframe: "last_2_weeks", marketplace: "DE" },
    ],
  ])("%j is sales_trend", (q, filters) => expectFrame([q], { intent: "sales_trend", filters }));
  it.each([["better for month"], ["not for day, for month please"], ["by month and not by day"]])(
    "after a daily trend, %j is the same trend by month",
    (q) =>
      expectFrame(["my sells day for day in the last 8 weeks", q], {
        intent: "sales_trend",
        filters: { group_by: "month", timeframe: "last_8_weeks" },
      }),
  );
  it("units per day stays a daily trend", () =>
    expectFrame(["units per day last month"], { intent: "sales_trend", filters: { group_by: "day" } }));
});

describe("'since' a count of periods is the last that many periods", () => {
  it.each([
    ["which products have the rating going down since one month?", "declining_reviews", "last_30_days"],
    ["revenue since 2 months in Spain", "sales_summary", "last_2_months"],
    ["orders since a couple of months in UK", "sales_summary", "last_2_months"],
    ["my ACoS is going up since a week", "advertising_summary", "last_7_days"],
  ])("%j is %s over %s", (q, intent, timeframe) => expectFrame([q], { intent, filters: { timeframe } }));
  it("a named period after 'since' stays a range from its start", () =>
    expect(understand("sales since last month")?.filters.timeframe).toMatch(/^\d{4}-\d{2}-\d{2}\.\./));
  // A count of periods back ("since two weeks ago") names a day, as "since March 1" does: the range runs from that
  // day through today.
  it("a count of periods back after 'since' is the range from that day through today", () =>
    expectFrame(["orders since two weeks ago"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-11-07..2026-11-21" },
    }));
});

describe("where the money goes, said with the verb first, and little remaining, ask for the profit and loss", () => {
  it.each([
    ["where goes my profit?"],
    ["where is going all the money? I sell a lot"],
    ["where went my money last month"],
    ["where finishes the money? the sales are good"],
    ["I sell very good but in the end remains nothing"],
    ["I sell much but to me remains very little"],
  ])("%j is profit_breakdown", (q) => expectFrame([q], { intent: "profit_breakdown" }));
  it("what sells good is still the best sellers", () =>
    expectFrame(["what sells good in Germany"], { intent: "top_products", filters: { marketplace: "DE" } }));
});
