// Periods, horizons, comparisons' periods and numbers as sellers write them (classes of fault blind splits showed),
// each over phrasings of its own, with a neighbour that must not change where a fix could reach too far.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame } = frameChecks();
/** Only the filters, where the intent is another class's concern. */
const expectFilters = (question: string, filters: Record<string, unknown>) => {
  const u = understand(question);
  expect(u, question).toBeDefined();
  expect(u!.filters).toMatchObject(filters);
};

describe("rolling windows in report shorthand", () => {
  it.each([
    ["orders L14 in Germany", "sales_summary", { timeframe: "last_14_days", marketplace: "DE" }],
    ["refund rate per product t90", "refund_analysis", { timeframe: "last_90_days" }],
    ["units sold L7D", "sales_summary", { timeframe: "last_7_days" }],
    ["revenue T-60", "sales_summary", { timeframe: "last_60_days" }],
    // A SKU of that shape stays a SKU.
    ["revenue for sku T-30A last week", "sales_summary", { timeframe: "last_week", sku: "T-30A" }],
  ])("%j", (question, intent, filters) => expectFrame([question], { intent, filters }));
});

describe("open ranges up to today", () => {
  it.each([
    ["profit since the fifth of october", "sales_summary", { timeframe: "2026-10-05..2026-11-21" }],
    ["orders from 2026-09-10 onwards", "sales_summary", { timeframe: "2026-09-10..2026-11-21" }],
    [
      "refund rate per product going back to the start of 2024",
      "refund_analysis",
      { timeframe: "2024-01-01..2026-11-21" },
    ],
    ["orders across 2025 and 2026 so far", "sales_summary", { timeframe: "2025-01-01..2026-11-21" }],
    ["ad spend since the start of the quarter", "advertising_summary", { timeframe: "this_quarter" }],
    ["revenue Q4 so far", "sales_summary", { timeframe: "this_quarter" }],
    ["payouts 2026 till today", "payouts", { timeframe: "year_to_date" }],
    // A date named stays an explicit range, even when it opens the quarter.
    ["revenue from 1 October until now", "sales_summary", { timeframe: "2026-10-01..2026-11-21" }],
  ])("%j", (question, intent, filters) => expectFrame([question], { intent, filters }));
});

describe("numbers said in words", () => {
  it.each([
    [
      "products with over two hundred and fifty days of supply",
      "excess_inventory",
      { conditions: [{ metric: "days_of_supply", op: ">", value: 250 }] },
    ],
    [
      "alert me when tacos goes over twenty two percent",
      "create_alert",
      { conditions: [{ metric: "tacos", op: ">", value: 22 }] },
    ],
    ["change the lead time to sixty five days", "update_settings", { settings: { lead_time_days: 65 } }],
    ["top twenty one products by units", "top_products", { limit: 21 }],
    ["units in twenty twenty four", "sales_summary", { timeframe: "2024" }],
    ["revenue for q two", "sales_summary", { timeframe: "2026-Q2" }],
    ["orders between march third and march twentieth", "sales_summary", { timeframe: "2026-03-03..2026-03-20" }],
    ["sales on the twenty second of october", "sales_summary", { timeframe: "2026-10-22" }],
    // "first" is no day of a month unless a month is dated by it.
    ["rank skus by units, smallest first, nov 2025", "top_products", { timeframe: "2025-11" }],
    ["revenue in the first quarter", "sales_summary", { timeframe: "2026-Q1" }],
  ])("%j", (question, intent, filters) => expectFrame([question], { intent, filters }));

  it("selling none is a count of zero", () =>
    expectFilters("products in Germany that didn't sell one unit over the past 45 days", {
      timeframe: "last_45_days",
      conditions: [{ metric: "units_sold", op: "=", value: 0 }],
    }));
  it("a unit run into its number", () =>
    expectFrame(["set safety stock to 14d"], {
      intent: "update_settings",
      filters: { settings: { safety_stock_days: 14 } },
    }));
});

describe("horizons in loose words", () => {
  it.each([
    ["will anything stock out in about 12 days", 12],
    ["we're closed for 3 weeks, which products will run out before we reopen", 21],
    ["stockout check with a 60d horizon", 60],
    ["my shipment is delayed by about 3 weeks, which products will run out before it arrives", 21],
    ["the next container lands in roughly 16 days, will anything stock out before then", 16],
  ])("%j", (question, days) => expectFrame([question], { intent: "stockout_risk", filters: { horizon_days: days } }));

  it("time away in the past is no horizon", () => {
    const u = understand("I was away for 2 weeks, how were sales");
    expect(u?.intent).toBe("sales_summary");
    expect(u?.filters.horizon_days).toBeUndefined();
  });
});

describe("the period of the sentence that asks", () => {
  it.each([
    ["refunds looked high yesterday. what's the refund rate over the last 10 days?", "refund_analysis", "last_10_days"],
    ["planning for Q2 now. which products made the most profit in the past quarter?", "top_products", "last_3_months"],
    // An aside after the question keeps the question's period.
    ["Which products sold best in August? I'm restocking them for Q1.", "top_products", "2026-08"],
  ])("%j", (question, intent, timeframe) => expectFrame([question], { intent, filters: { timeframe } }));
});

describe("a comparison's other side said loosely", () => {
  it.each([
    [
      "orders the past 14 days versus like the 14 days before",
      { timeframe: "last_14_days", compare_to: "previous_period" },
    ],
    [
      "units this month set against the same month of the previous year",
      { timeframe: "this_month", compare_to: "same_period_last_year" },
    ],
    [
      "profit so far this month vs the same dates a year ago",
      { timeframe: "this_month", compare_to: "same_period_last_year" },
    ],
    ["units last month vs the month b4", { timeframe: "last_month", compare_to: "previous_period" }],
  ])("%j", (question, filters) => expectFrame([question], { intent: "sales_comparison", filters }));
});

describe("period words misspelled", () => {
  it.each([
    ["orders this weak", { timeframe: "this_week" }],
    ["revenue last weak in france", { timeframe: "last_week", marketplace: "FR" }],
    // "weak" as the adjective stays one.
    ["which products have weak sales last month", { timeframe: "last_month" }],
  ])("%j", (question, filters) => expectFrame([question], { intent: "sales_summary", filters }));
});

describe("how much the seller holds is no row count", () => {
  it.each([
    ["we carry 25 items across 4 marketplaces, which single one earned the most revenue in Spain last week", 1],
    // The rows asked for are still counted.
    ["we stock 40 SKUs, which 5 made the most profit last month", 5],
  ])("%j", (question, limit) => expectFrame([question], { intent: "top_products", filters: { limit } }));

  it("nor a threshold", () =>
    expect(
      understand("we carry 25 items across 4 marketplaces, which single one earned the most revenue in Spain last week")
        ?.filters.conditions,
    ).toBeUndefined());
});
