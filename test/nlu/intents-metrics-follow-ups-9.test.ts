// Which question is asked and which figures: abbreviations and typos of its words, "storage" in a list of fees, sales
// listed among the ads' figures, money ranked in a currency, the number one of a ranking measured by a figure, and the
// slowest movers as stock. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("abbreviated and misspelt words are read as the words", () => {
  it.each([
    ["rival price chgs on B0TGPUZZ01 last week", "price_changes"],
    ["any competitor price chg this week", "price_changes"],
    ["how much stock should I oder for the UK", "restock_recommendations"],
    ["what should we be odering for Pet Supplies", "restock_recommendations"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
});

describe("'storage' alone in a list of costs is the storage fee", () => {
  it.each([
    ["FBA fees, storage and referral fees for September", ["fba_fees", "storage_fees", "referral_fees"]],
    ["split last quarter's costs into COGS, storage and FBA fees", ["cost_of_goods", "storage_fees", "fba_fees"]],
    ["storage and referral fees in Germany this year", ["storage_fees", "referral_fees"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics } }));
  it("stock in storage is no fee", () =>
    expect(understand("how many units are in storage right now")?.filters.metrics ?? []).not.toContain("storage_fees"));
});

describe("sales listed between the ads' figures are the ads' sales", () => {
  it.each([
    ["PPC for last week: spend, sales and clicks", ["ad_spend", "ad_sales", "clicks"]],
    ["advertising in France this month - ACoS, sales and spend", ["acos", "ad_sales", "ad_spend"]],
    ["sponsored ads in September: cpc, sales, roas", ["cpc", "ad_sales", "roas"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "advertising_summary", filters: { metrics } }));
  it("sales beside the ad spend alone are the shop's sales", () =>
    expect(understand("ad spend vs total sales last month")?.filters.metrics).not.toContain("ad_sales"));
});

describe("money ranked in a currency is revenue", () => {
  it.each([
    ["which 3 products made the most dollars last month", "top_products"],
    ["the ten listings that brought in the fewest pounds in the UK this year", "top_products"],
    ["which SKUs took in the most euros in Germany in October", "top_products"],
  ])("%j", (q, intent) => expectFrame([q], { intent, filters: { metrics: ["revenue"] } }));
  it("a currency asked to be converted is no figure of the seller's", () =>
    expect(understand("how many dollars would I get for 50 euros")).toBeUndefined());
});

describe("the number one of a ranking measured by a figure is the top product", () => {
  it.each([
    ["the number one product by units in October", ["units_sold"]],
    ["#1 ASIN by profit in Italy this quarter", ["profit"]],
    ["number 1 item by orders last week", ["orders"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "top_products", filters: { metrics, limit: 1, sort: "desc" } }));
});

describe("the slowest movers are stock that sits", () => {
  it.each([
    "the 3 slowest movers in Toys & Games",
    "which are the slowest moving stock lines in Germany",
    "show me my ten slowest movers",
  ])("%j", (q) => expectFrame([q], { intent: "excess_inventory" }));
  it.each(["my slowest sellers this month", "which products sold the slowest last month"])(
    "the slowest sellers stay the sales ranking: %j",
    (q) => expectFrame([q], { intent: "top_products" }),
  );
});

describe("an amount said in passing ('a few days') orders nothing", () => {
  it.each([
    ["restock list for Germany please, the courier adds a few days", "restock_recommendations"],
    ["top sellers in Canada, quite a few new listings went live this month", "top_products"],
  ])("%j keeps the intent's own order", (q, intent) => {
    const u = understand(q);
    expect(u?.intent).toBe(intent);
    expect(u?.filters.sort).not.toBe("asc");
  });
  it.each(["which products had few sales last month", "the products with the fewest orders in October"])(
    "few said of what is ranked is still the low end: %j",
    (q) => expectFrame([q], { intent: "top_products", filters: { sort: "asc" } }),
  );
});
