// Which question is asked and which figures: products sold at a loss or ranked by the money they lost, earners ranked
// by revenue, money thrown away on ads, where the money goes per period, a figure going up or down, rows left out by a
// threshold, skinny and wide margins, a threshold's figure with others shown beside it, and units the seller holds.
// Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("products sold at a loss, or ranked by the money they lost, are the P&L per product, worst first", () => {
  it.each([
    "what am I selling at a loss in Germany",
    "is anything sold at a loss this quarter",
    "which 3 listings lost the most money in October",
    "the 10 SKUs that lost me the most money this year",
  ])("%j", (q) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics: ["profit"], sort: "asc" } }));
  it("products ranked from the lowest profit are a ranking", () =>
    expectFrame(["bottom 5 products by profit last month"], {
      intent: "top_products",
      filters: { metrics: ["profit"], sort: "asc" },
    }));
});

describe("earners are products ranked by revenue", () => {
  it.each([
    ["my 3 biggest earners in France last quarter", "desc"],
    ["top 10 earners on amazon.ca this month", "desc"],
    ["weakest 4 earners in Toys & Games this year", "asc"],
  ])("%j", (q, sort) => expectFrame([q], { intent: "top_products", filters: { metrics: ["revenue"], sort } }));
  it("earners measured by a figure named are ranked by it", () =>
    expectFrame(["top 5 earners by margin in Italy"], {
      intent: "top_products",
      filters: { metrics: ["profit_margin"] },
    }));
});

describe("money thrown away on ads is the wasted spend", () => {
  it.each([
    "where am I chucking ad money away in the UK",
    "are we just throwing our money away on sponsored ads",
    "how much ad spend did we throw away last month",
  ])("%j", (q) => expectFrame([q], { intent: "wasted_ad_spend" }));
  it("the ad spend asked plainly is the advertising's total", () =>
    expectFrame(["how much did I spend on ads last month"], { intent: "advertising_summary" }));
});

describe("where the money goes per period is the P&L per period", () => {
  it.each([
    ["where did my cash go week by week this quarter", "week"],
    ["where is the money going every month this year", "month"],
  ])("%j", (q, group_by) => expectFrame([q], { intent: "profit_breakdown", filters: { group_by } }));
  it("revenue per month alone is its trend", () =>
    expectFrame(["revenue by month this year"], { intent: "sales_trend", filters: { group_by: "month" } }));
});

describe("a figure asked to be going up or down is its trend, not growth", () => {
  it.each([
    ["is revenue going up or down this year", ["revenue"]],
    ["are my sessions heading down or up since July", ["sessions"]],
    ["has the margin trended up or down over the last 4 months", ["profit_margin"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "sales_trend", filters: { metrics } }));
  it("products trending up are ranked by growth", () =>
    expectFrame(["which products are trending up"], { intent: "top_products", filters: { metrics: ["growth_rate"] } }));
});

describe("a threshold after words that leave rows out keeps the rows on its other side", () => {
  it.each([
    ["top 10 products by margin last month excluding anything under 50 units sold", "units_sold", ">=", 50],
    ["worst 5 listings by conversion rate, skipping ones with less than 100 sessions", "sessions", ">=", 100],
    ["top sellers this month, not counting anything below 10 orders", "orders", ">=", 10],
    ["rank keywords by spend, leaving out those over 50% acos", "acos", "<=", 50],
  ])("%j", (q, metric, op, value) => expect(understand(q)?.filters.conditions).toEqual([{ metric, op, value }]));
  it.each([
    ["products with fewer than 20 orders last month", "orders", "<", 20],
    ["remove the alert for ACoS over 40%", "acos", ">", 40],
  ])("a threshold said plainly keeps its side: %j", (q, metric, op, value) =>
    expect(understand(q)?.filters.conditions).toEqual([{ metric, op, value }]),
  );
});

describe("skinny margins are the lowest, wide ones the highest", () => {
  it.each([
    ["which category has the narrowest margin this quarter", "asc"],
    ["which one of my categories is running the skinniest margin in Spain", "asc"],
    ["which one of my categories has the widest margin in the UK", "desc"],
  ])("%j", (q, sort) =>
    expectFrame([q], { intent: "profit_margin_by_category", filters: { metrics: ["profit_margin"], limit: 1, sort } }),
  );
});

describe("a threshold's figure stays first when others are only shown beside its rows", () => {
  it.each([
    ["categories below 10% margin this year, showing profit too", ["profit_margin", "profit"]],
    ["categories under 20% margin this quarter plus revenue", ["profit_margin", "revenue"]],
    ["listings over 40% acos last month, with spend and ad sales alongside", ["acos", "ad_spend", "ad_sales"]],
  ])("%j", (q, metrics) => expect(understand(q)?.filters.metrics).toEqual(metrics));
  it("a figure ranked by beside a threshold leads", () =>
    expect(understand("top 5 products by profit with over 100 orders")?.filters.metrics?.[0]).toBe("profit"));
});

describe("units the seller holds are stock on hand", () => {
  it.each(["units I've got per category", "physical units by category", "physical units we keep in the UK"])(
    "%j",
    (q) => expectFrame([q], { intent: "inventory_levels", filters: { metrics: ["available_quantity"] } }),
  );
  it("units sold per category are sales", () =>
    expectFrame(["units we sold per category last month"], {
      intent: "sales_summary",
      filters: { metrics: ["units_sold"] },
    }));
});
