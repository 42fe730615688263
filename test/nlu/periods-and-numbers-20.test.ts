// Periods and numbers, twentieth set: periods named by holidays and plans, and trends asked of any metric.
// A day named by what happened on it, with its date in brackets ("since the relaunch (Oct 3)"), is that date, so
// "since" it runs through today as "since <date>" does; the public holidays of the marketplaces' countries are named
// days like Black Friday. A sentence that only says what the answer is for ("want to make sure they go on Monday's
// truck") asks nothing, so its day is no period. "Unit sellers" rank by units. And a figure asked per day, week or
// month of a period ("refund rate by month", "TACoS by week", "conversion by day for one product", "month after
// month") is its trend, whatever the figure; a reply that only prefers other buckets ("vale, per day better") keeps
// the rest of the trend. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a day named with its date in brackets, or a holiday the parser knows, is where 'since' starts", () => {
  it.each([
    [
      "orders in Canada since Thanksgiving weekend (Oct 10)",
      "sales_summary",
      { timeframe: "2026-10-10..2026-11-21", marketplace: "CA", metrics: ["orders"] },
    ],
    [
      "how much profit have we made since the big relaunch (3 October)?",
      "sales_summary",
      { timeframe: "2026-10-03..2026-11-21", metrics: ["profit"] },
    ],
    [
      "refund rate on amazon.de since our price hike (Sep 14th)",
      "refund_analysis",
      { timeframe: "2026-09-14..2026-11-21", marketplace: "DE" },
    ],
    [
      "units sold since Veterans Day (Nov 11) in the US",
      "sales_summary",
      { timeframe: "2026-11-11..2026-11-21", marketplace: "US", metrics: ["units_sold"] },
    ],
    ["revenue since Labor Day", "sales_summary", { timeframe: "2026-09-07..2026-11-21" }],
    ["what have I sold since Memorial Day", "sales_summary", { timeframe: "2026-05-25..2026-11-21" }],
    [
      "orders since Canada Day on amazon.ca",
      "sales_summary",
      { timeframe: "2026-07-01..2026-11-21", marketplace: "CA" },
    ],
    ["revenue on Independence Day", "sales_summary", { timeframe: "2026-07-04" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // Asking when a holiday falls is no question about the seller's data.
  it.each([["when is Labor Day this year"], ["what date is Memorial Day"]])("%j is invalid_query", refused);
});

describe("a sentence that says what the answer is for asks nothing, and 'unit sellers' rank by units", () => {
  it.each([
    [
      "Top unit sellers in the UK last month? Need to get them on Friday's pallet to the prep centre",
      "top_products",
      { timeframe: "last_month", marketplace: "UK", metrics: ["units_sold"] },
    ],
    [
      "which were my biggest unit movers this week? want to be sure we book Tuesday's collection for them",
      "top_products",
      { timeframe: "this_week", metrics: ["units_sold"] },
    ],
    ["lowest unit sellers on amazon.fr this quarter", "top_products", { timeframe: "this_quarter", sort: "asc" }],
    // A later sentence that asks is still the question, and its period is the one asked about.
    ["the week felt quiet. I want to see revenue for the last 5 days", "sales_summary", { timeframe: "last_5_days" }],
    ["what were monday's sales", "sales_summary", { timeframe: "2026-11-16" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a figure asked per day, week or month of a period is its trend, whatever the figure", () => {
  it.each([
    [
      "page views by week for OP-DESK-01 since September",
      "sales_trend",
      { group_by: "week", sku: "OP-DESK-01", metrics: ["page_views"], timeframe: "2026-09-01..2026-11-21" },
    ],
    [
      "unit session percentage per day for B0HKCOOK01 over the last 2 weeks",
      "sales_trend",
      { group_by: "day", asin: "B0HKCOOK01", metrics: ["conversion_rate"], timeframe: "last_2_weeks" },
    ],
    [
      "refund rate for HK-COOK-01 by month this year",
      "sales_trend",
      { group_by: "month", sku: "HK-COOK-01", metrics: ["refund_rate"], timeframe: "year_to_date" },
    ],
    ["tacos by week over the last 3 months", "sales_trend", { group_by: "week", metrics: ["tacos"] }],
    [
      "was my refund rate getting worse week after week since September?",
      "sales_trend",
      { group_by: "week", metrics: ["refund_rate"], timeframe: "2026-09-01..2026-11-21" },
    ],
    [
      "profit margin month after month in 2025",
      "sales_trend",
      { group_by: "month", metrics: ["profit_margin"], timeframe: "2025" },
    ],
    [
      "the evolution of my ACoS per month this year",
      "sales_trend",
      { group_by: "month", metrics: ["acos"], timeframe: "year_to_date" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // A reply that only prefers other buckets keeps the trend's figure, product and period.
  it.each([
    [
      ["weekly page views for SO-YOGA-01 over the last 2 months", "vale, now per day better"],
      { group_by: "day", sku: "SO-YOGA-01", metrics: ["page_views"], timeframe: "last_2_months" },
    ],
    [
      ["refund rate by week this quarter", "bueno, by month better"],
      { group_by: "month", metrics: ["refund_rate"], timeframe: "this_quarter" },
    ],
  ])("%j", (qs, filters) => expectFrame(qs, { intent: "sales_trend", filters }));
  // Neighbours: per product, per campaign, and the intents whose own series the contract gives elsewhere.
  it.each([
    ["conversion rate by product this month", "conversion_analysis", { group_by: "asin" }],
    ["acos by campaign last month", "acos_by_campaign", { group_by: "campaign" }],
    ["payouts by month this year", "payouts", { group_by: "month" }],
    ["buy box share by week for B0OPDESK01", "buy_box_share", { group_by: "week" }],
    ["storage fees by month this year", "profit_breakdown", { group_by: "month" }],
    ["P&L by month for 2025", "profit_breakdown", { group_by: "month" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});
