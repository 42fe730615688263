// Questions written as a report's parameters rather than in words: the API's own metric, setting and period names
// ("units_sold", "lead_time_days", "last_month"), `key=value` pairs, metrics listed as columns, sort words of a signed
// figure, and report lines whose ranking words or "per SKU" hide the figure's own question. Every phrasing is our
// own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

/** The metrics of the question's frame, all of them in order. */
const metricsOf = (q: string) => understand(q)?.filters.metrics;

describe("a metric written as the API names it is that metric", () => {
  it.each([
    ["bottom 4 SKUs by units_sold in Germany", "top_products", { metrics: ["units_sold"], limit: 4, sort: "asc" }],
    ["highest 3 listings on profit_margin, FR, last quarter", "top_products", { metrics: ["profit_margin"], limit: 3 }],
    ["growth_rate by product, top 10", "top_products", { metrics: ["growth_rate"], limit: 10, sort: "desc" }],
    ["orders WoW for HK-COOK-01", "sales_comparison", { sku: "HK-COOK-01", metrics: ["orders"] }],
    ["available_quantity per SKU in Pet Supplies", "inventory_levels", { metrics: ["available_quantity"] }],
    ["buy_box_percentage by ASIN, ascending, limit 6", "buy_box_share", { metrics: ["buy_box_percentage"], limit: 6 }],
    ["restock_quantity for OP-DESK-01", "restock_recommendations", { sku: "OP-DESK-01" }],
    ["storage_fees by month, 2025", "profit_breakdown", { metrics: ["storage_fees"], group_by: "month" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a period token as the API writes it is that period", () =>
    expectFrame(["refund_rate per SKU, JP, top 3, this_quarter"], {
      intent: "refund_analysis",
      filters: { timeframe: "this_quarter", marketplace: "JP", limit: 3, metrics: ["refund_rate"] },
    }));
  it("an intent named as the API names it is that question", () =>
    expectFrame(["report: top_products | metric: orders | limit: 6 | marketplace: CA"], {
      intent: "top_products",
      filters: { metrics: ["orders"], limit: 6, marketplace: "CA" },
    }));
  it.each([
    ["units_sold/orders for FR yesterday", ["units_sold", "orders"]],
    ["acos/roas by campaign", ["acos", "roas"]],
  ])("%j: two metrics joined by a slash are both asked", (q, metrics) => expect(metricsOf(q)).toEqual(metrics));
  it("an alert id keeps its underscore", () =>
    expectFrame(["delete alert_9c2e71"], { intent: "delete_alert", filters: { alert_id: "alert_9c2e71" } }));
});

describe("a report's parameters given as key=value are the filters they name", () => {
  it.each([
    [
      "best sellers: metric=orders, limit=4, sort=desc, marketplace=ES",
      "top_products",
      { metrics: ["orders"], limit: 4, sort: "desc", marketplace: "ES" },
    ],
    [
      "products, metric=growth_rate, sort=asc, period=this_quarter",
      "top_products",
      { metrics: ["growth_rate"], sort: "asc", timeframe: "this_quarter" },
    ],
    [
      "products: metric=refund_rate, sort=desc, limit=7",
      "refund_analysis",
      { metrics: ["refund_rate"], sort: "desc", limit: 7 },
    ],
    ["insights: type=opportunities, detail=comprehensive", "insights", { insight_type: "opportunities" }],
    ["sales by category: group_by=category, timeframe=last_month", "sales_summary", { group_by: "category" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a limit given as a parameter is no threshold on the metric", () => {
    const u = understand("top products by profit_margin in DE, limit=12");
    expect(u?.filters.limit).toBe(12);
    expect(u?.filters.conditions).toBeUndefined();
  });
  it("a metric set equal to a number is still a threshold", () =>
    expectFrame(["alert me when tacos=15"], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "tacos", op: "=", value: 15 }] },
    }));
});

describe("settings written as their keys or after a colon are set", () => {
  it.each([
    ["settings: lead_time_days=35, target_acos=21", { lead_time_days: 35, target_acos: 21 }],
    ["safety_stock_days=9", { safety_stock_days: 9 }],
    ["config - target_acos: 19", { target_acos: 19 }],
    ["lead time: 70 days", { lead_time_days: 70 }],
    ["currency: eur, safety stock: 12 days", { currency: "EUR", safety_stock_days: 12 }],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it("a setting key asked about is shown", () =>
    expectFrame(["what is my lead_time_days"], { intent: "show_settings" }));
});

describe("metrics listed as a report's columns are each asked, in the order given", () => {
  it.each([
    [
      "page_views, conversion_rate, sessions for B0HKCOOK01 last 2 weeks",
      ["page_views", "conversion_rate", "sessions"],
    ],
    ["sessions; page views; conversion rate - by ASIN, FR", ["sessions", "page_views", "conversion_rate"]],
    ["orders + units_sold for October", ["orders", "units_sold"]],
    ["revenue | profit | profit_margin per category, 2025", ["revenue", "profit", "profit_margin"]],
    ["roas, ad_spend, ad_sales per campaign, last_7_days", ["roas", "ad_spend", "ad_sales"]],
    ["cost_of_goods, fba_fees, referral_fees by month, last_6_months", ["cost_of_goods", "fba_fees", "referral_fees"]],
  ])("%j", (q, metrics) => expect(metricsOf(q)).toEqual(metrics));
  it("a phrase that says how a figure goes is no column: the intent's own figure leads", () =>
    expect(metricsOf("listings with plenty of visitors but few sales")?.[0]).toBe("conversion_rate"));
});

describe("the sign a signed figure's list starts from is its order", () => {
  it.each([
    ["growth by product in the UK, most negative first", "asc"],
    ["growth_rate per SKU, negatives first", "asc"],
    ["growth rate by listing, biggest negative ones at the top", "asc"],
    ["growth by product, least positive first", "asc"],
    ["growth rate per product, least negative first", "desc"],
    ["growth by product, most positive first", "desc"],
  ])("%j", (q, sort) => expectFrame([q], { intent: "top_products", filters: { metrics: ["growth_rate"], sort } }));
});

describe("a report line's figure decides its question over a ranking word or 'per SKU'", () => {
  it.each([
    ["days_of_supply per ASIN, UK, ascending, limit=8", "inventory_levels", { metrics: ["days_of_supply"], limit: 8 }],
    ["refund_rate per SKU, US, desc, top 4", "refund_analysis", { metrics: ["refund_rate"], limit: 4, sort: "desc" }],
    ["listings with a dropping review_rating, DE", "declining_reviews", { metrics: ["review_rating"] }],
    ["SKUs whose review_count growth has stalled", "declining_reviews", { metrics: ["review_count"] }],
    ["dead stock ranked by available_quantity", "excess_inventory", { metrics: ["available_quantity"] }],
    ["overstocked SKUs ranked by inventory_value, top 5", "excess_inventory", { metrics: ["inventory_value"] }],
    ["aged stock by inventory value, desc", "excess_inventory", { metrics: ["inventory_value"], sort: "desc" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([["what is my overstock worth"], ["how much cash is tied up in overstock"]])(
    "%j: stock asked in money, unordered, is still its worth",
    (q) => expectFrame([q], { intent: "inventory_value" }),
  );
});

// A figure per day, week or month of a period is its series, one product's traffic as much as the account's (as the
// later blind splits label it: "conversion rate by day this month for B0…" is a trend).
describe("one product's traffic in time buckets is its trend", () => {
  it.each([
    ["sessions for SO-YOGA-01 daily, last 2 weeks", { sku: "SO-YOGA-01", metrics: ["sessions"], group_by: "day" }],
    ["page views per week for B0TGPUZZ01", { asin: "B0TGPUZZ01", metrics: ["page_views"], group_by: "week" }],
    ["cvr for B0OPDESK01, monthly, this year", { asin: "B0OPDESK01", metrics: ["conversion_rate"], group_by: "month" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_trend", filters }));
  it.each([
    ["weekly conversion rate this quarter"],
    ["page views by month this year"],
    ["weekly units for HK-UTEN-02"],
  ])("%j: the account's series, or a product's sales, are a trend too", (q) =>
    expectFrame([q], { intent: "sales_trend" }),
  );
});

describe("a figure set against the period before in report shorthand is a comparison", () => {
  it.each([
    ["page_views MoM in Italy", { marketplace: "IT", metrics: ["page_views"], compare_to: "previous_period" }],
    ["refund rate QoQ", { metrics: ["refund_rate"], compare_to: "previous_period" }],
    ["roas YoY, UK", { metrics: ["roas"], compare_to: "same_period_last_year" }],
    ["buy_box_percentage WoW for B0PSDOGT01", { asin: "B0PSDOGT01", metrics: ["buy_box_percentage"] }],
    ["acos week over week", { metrics: ["acos"], compare_to: "previous_period" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_comparison", filters }));
  it("broken down per product, it stays the figure's own table", () =>
    expectFrame(["sessions by ASIN WoW"], { intent: "conversion_analysis", filters: { group_by: "asin" } }));
});

describe("anomalies named as such, and campaigns rolled up, name their question", () => {
  it.each([
    ["anomaly scan on units and sessions, every marketplace, last 5 days"],
    ["anomalies: units_sold, yesterday"],
  ])("%j", (q) => expectFrame([q], { intent: "anomalies" }));
  it.each([["clicks and ctr, all campaigns aggregated, UK"], ["ad spend, every campaign consolidated, last week"]])(
    "%j",
    (q) => expectFrame([q], { intent: "advertising_summary" }),
  );
});
