// Periods, numbers, conditions, limits, sorts and slot words said in everyday shorthand: month abbreviations on their
// own, breakdowns said as a split or per store, a product's level of units, and more. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("a month's short name on its own is the latest such month begun", () => {
  it.each([
    ["jan orders uk", "2026-01"],
    ["profit dec", "2025-12"],
    ["mar orders", "2026-03"],
    ["sept units sold germany", "2026-09"],
    ["feb revenue", "2026-02"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("'may' alone stays a verb", () =>
    expectFrame(["how much revenue may I have lost to refunds"], { intent: "refund_analysis" }));
});

describe("a breakdown said as a split, '-wise' or per store is grouped", () => {
  it.each([
    ["inventory value by amazon store", "marketplace"],
    ["what is my stock worth per storefront", "marketplace"],
    ["inventory value, site by site", "marketplace"],
    ["value of my inventory country-wise", "marketplace"],
    ["inventory worth with a department split", "category"],
    ["stock value category wise", "category"],
  ])("%j", (q, group_by) => expectFrame([q], { intent: "inventory_value", filters: { group_by } }));
  it("a split as a follow-up starting afresh", () =>
    expectFrame(["acos by campaign in germany this week", "value of the stock, split by categories"], {
      intent: "inventory_value",
      filters: { group_by: "category" },
    }));
  it("all stores together is one total", () =>
    expect(understand("units sold yesterday, all stores together")?.filters.group_by).toBeUndefined());
});

describe("a product under a count of units, with no word of selling, is its stock on hand", () => {
  it.each([
    ["ping me once BP-SKIN-01 is below 40 units"],
    ["let me know if any sku goes under 15 units"],
    ["alert me when B0SOYOGA01 under 25 units"],
  ])("%j", (q) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { conditions: [expect.objectContaining({ metric: "available_quantity", op: "<" })] },
    }),
  );
  it.each([["alert me if B0SOYOGA01 sells under 10 units"], ["flag any product under 25 units a week"]])(
    "%j counts what sells",
    (q) =>
      expectFrame([q], {
        intent: "create_alert",
        filters: { conditions: [expect.objectContaining({ metric: "units_sold", op: "<" })] },
      }),
  );
});

describe("shrunk, declined, fell the most: growth, the lowest first", () => {
  it.each([
    ["which listings shrank the most this quarter"],
    ["what declined fastest in germany over the past 90 days"],
    ["products that fell the most since september"],
    ["which skus dwindled most last month"],
  ])("%j", (q) => expectFrame([q], { intent: "top_products", filters: { metrics: ["growth_rate"], sort: "asc" } }));
  it("what grew is still the highest first", () =>
    expectFrame(["which listings grew the most this quarter"], {
      intent: "top_products",
      filters: { metrics: ["growth_rate"], sort: "desc" },
    }));
});

describe("the measure named beats a mood word, which only sets the end looked at", () => {
  it.each([
    ["which one item is killing it on revenue this month", { metrics: ["revenue"], limit: 1, sort: "desc" }],
    ["which listing is smashing it by units in the UK", { metrics: ["units_sold"], sort: "desc" }],
    ["worst 5 by profit this year, the ones that are nosediving", { metrics: ["profit"], limit: 5, sort: "asc" }],
    ["which products are dead in the water on orders", { metrics: ["orders"], sort: "asc" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it("a plain growth word stays the measure", () =>
    expectFrame(["top 4 rising products by units"], { intent: "top_products", filters: { metrics: ["growth_rate"] } }));
});

describe("the biggest dud or flop is the single bottom product", () => {
  it.each([
    ["my biggest flop in pet supplies on units last quarter", { metrics: ["units_sold"] }],
    ["what was the worst dud by revenue in october", { metrics: ["revenue"] }],
    ["which product was our greatest letdown on profit last month?", { metrics: ["profit"] }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { ...filters, limit: 1, sort: "asc" } }),
  );
  it("duds are several", () => expect(understand("show me the biggest duds by revenue")?.filters.limit).not.toBe(1));
});

describe("one picked from a set, singular or by a comparative, is one row", () => {
  it.each([
    ["which campaign's got the highest acos this month", "acos_by_campaign"],
    ["which product's got the lowest rating", "declining_reviews"],
  ])("%j", (q, intent) => expectFrame([q], { intent, filters: { limit: 1 } }));
  it.each([
    ["between my 3 pet products, which one made the bigger profit in october", { metrics: ["profit"] }],
    ["out of my three pet products, which has the better margin in september", { metrics: ["profit_margin"] }],
    ["which one sold the more units last week, of these 2 listings", { metrics: ["units_sold"] }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { ...filters, limit: 1, sort: "desc" } }),
  );
  it("several asked with a comparative are not one", () =>
    expect(understand("which campaigns have the higher acos this week")?.filters.limit).toBeUndefined());
});
