// Intents, metrics and follow-ups, twenty-sixth set: a seller who writes as they would filter a spreadsheet or query a
// table (contract names as identifiers, ">", "=", "where", "order by", "metric = X", "granularity: week") asks what
// the same words ask in plain English. Products kept by a threshold and put in order are a ranking, ranked by the
// threshold's figure when no other is named; the costs a threshold's profit is "after" only say how it is counted; a
// figure's parameter or a granularity given a new value in a reply changes only that in the question before; stock with
// a zero sales figure is dead stock; a setting's name asked for its value is the setting; asking what syntax the
// assistant reads is help. Plain-English neighbours keep their frames. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("products kept by a threshold and put in order are a ranking", () => {
  it.each([
    [
      "listings where units_sold >= 200 last month, sort desc",
      { metrics: ["units_sold"], sort: "desc", conditions: [{ metric: "units_sold", op: ">=", value: 200 }] },
    ],
    [
      "asins where profit > 300 in Q3 order by profit desc",
      { metrics: ["profit"], sort: "desc", timeframe: "2026-Q3" },
    ],
    [
      "items with revenue over 1000 in the UK last quarter, limit 10",
      { metrics: ["revenue"], limit: 10, marketplace: "UK" },
    ],
    [
      "select * from products where orders > 40 in the last 14 days order by orders desc",
      { metrics: ["orders"], sort: "desc", conditions: [{ metric: "orders", op: ">", value: 40 }] },
    ],
    ["skus where revenue >= 2500 in DE this quarter, sorted descending", { metrics: ["revenue"], marketplace: "DE" }],
    // Said in words, the threshold's figure is still the one the order is of.
    ["products with over 200 units sold last month, highest first", { metrics: ["units_sold"], sort: "desc" }],
  ])("%j is top_products", (q, filters) => expectFrame([q], { intent: "top_products", filters }));

  // "order by" straight after a value is the sort, never that many orders.
  it.each([
    ["products where units sold > 100 order by units sold desc limit 10", "top_products", "units_sold"],
    ["products where refund rate > 5% order by refund rate desc", "refund_analysis", "refund_rate"],
  ])("%j keeps its threshold's figure", (q, intent, metric) =>
    expectFrame([q], { intent, filters: { conditions: [{ metric, op: ">", value: expect.any(Number) }] } }),
  );

  it.each([
    // No order asked: the threshold only narrows the total.
    ["products where revenue > 5000 this month", "sales_summary"],
    ["revenue > 5000 this month sorted desc", "sales_summary"],
    ["total revenue this month", "sales_summary"],
    // What loses money, the lowest first, stays the P&L.
    ["skus where profit < 0 last month, sorted asc", "profit_breakdown"],
    ["which products lose money", "profit_breakdown"],
    ["top 5 products by revenue this month", "top_products"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("the costs a threshold's profit is net of are not what is asked", () => {
  it.each([
    ["products where profit <= 0 in October net of cogs and fees", "profit"],
    ["asins where profit_margin < 5% after fees, last quarter", "profit_margin"],
    ["skus where margin < 10% after referral and fba fees", "profit_margin"],
    ["listings with profit below 0 over the past 60 days after ad spend and storage fees", "profit"],
  ])("%j asks %s", (q, metric) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics: [metric] } }));
  // Named without a threshold, the costs are still asked beside the profit.
  it("net profit after fees, no threshold, lists the costs too", () =>
    expectFrame(["net profit after fees and ad spend last month"], {
      intent: "profit_breakdown",
      filters: { metrics: ["profit", "fees", "ad_spend"] },
    }));
});

describe("a reply that sets the figure's parameter asks the question before of that figure", () => {
  const comparison = "compare units_sold UK, last_week vs the week before";
  it.each([
    ["metric = orders", "orders"],
    ["ok metric: profit", "profit"],
    ["set metric revenue", "revenue"],
    ["now use profit as the metric", "profit"],
    ["change the metric to revenue", "revenue"],
  ])("%j keeps the comparison", (reply, metric) => {
    const u = understand(comparison, reply);
    expect(u?.intent).toBe("sales_comparison");
    expect(u?.filters.metrics?.[0]).toBe(metric);
    expect(u?.filters.compare_to).toBeDefined();
    expect(u?.filters.marketplace).toBe("UK");
  });
  it.each([
    ["top 10 products by revenue last month", "metric: profit", "top_products", "profit"],
    ["units_sold trend, last 8 weeks", "metric = orders", "sales_trend", "orders"],
  ])("after %j, %j", (first, reply, intent, metric) =>
    expectFrame([first, reply], { intent, filters: { metrics: [metric] } }),
  );
});

describe("a reply that sets the granularity re-buckets the chart before", () => {
  const trend = "units_sold last 90 days group by week";
  it.each([
    ["set granularity to daily", "day"],
    ["granularity = month", "month"],
    ["grain: day", "day"],
    ["bucket size = month", "month"],
    ["interval: daily", "day"],
    ["ok change the granularity to month", "month"],
  ])("%j", (reply, groupBy) =>
    expectFrame([trend, reply], {
      intent: "sales_trend",
      filters: { group_by: groupBy, timeframe: "last_90_days", metrics: ["units_sold"] },
    }),
  );
  it("a granularity given in the question itself buckets it", () =>
    expectFrame(["profit over the last 6 months, grain = month"], {
      intent: "sales_trend",
      filters: { group_by: "month" },
    }));
});

describe("stock that sold nothing is dead stock", () => {
  it.each([
    ["products with stock on hand but orders = 0 since September"],
    ["which asins have units_sold = 0 over the past 2 months"],
    ["skus still holding inventory where units_sold = 0 in the last 60 days"],
  ])("%j is excess_inventory", (q) => expectFrame([q], { intent: "excess_inventory" }));
  it("stock levels asked alone stay stock levels", () =>
    expectFrame(["how much stock do I have left of each sku"], { intent: "inventory_levels" }));
});

describe("a setting's name asked for its value is the setting", () => {
  it.each([
    ["what is the value of lead_time_days"],
    ["lead time days value?"],
    ["target_acos value pls"],
    ["what value is safety stock days set to"],
  ])("%j is show_settings", (q) => expectFrame([q], { intent: "show_settings" }));
  it.each([
    ["set lead_time_days = 45", { lead_time_days: 45 }],
    ["target_acos := 22", { target_acos: 22 }],
  ])("%j is update_settings", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it.each([["current value of my inventory"], ["what's the value of my stock in Germany"]])(
    "%j stays inventory_value",
    (q) => expectFrame([q], { intent: "inventory_value" }),
  );
});

describe("asking what syntax the assistant reads is help", () => {
  it.each([
    ["what syntax can I use"],
    ["how should I phrase my questions"],
    ["what kinds of queries are supported"],
    ["do you understand natural language or do I need a query syntax"],
  ])("%j is help", (q) => expectFrame([q], { intent: "help" }));
  // Search queries are the ads' search terms, not the assistant's.
  it("search queries stay the seller's", () =>
    expect(understand("my search queries with the best conversion")?.intent).not.toBe("help"));
});
