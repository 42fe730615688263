// Which question is asked and in what order: one of many picked in the past tense, growth said as picking up, units
// counted with a word of selling, stock sitting somewhere, sellers ranked from the bottom, ads burnt through, search
// phrases as keywords, an order told between two ends or flipped, a day-to-day breakdown, "as well" as "too", the next
// shipment to fill, a figure adjusted for something and the ads' sales asked in their own word order. Every phrasing
// is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("one of many picked in the past tense with a superlative is one row", () => {
  it.each([
    ["which of our categories made the most profit last quarter", "profit_margin_by_category"],
    ["which of my products sold the most units in October", "top_products"],
    ["which of the categories had the thinnest margin in Germany", "profit_margin_by_category"],
  ])("%j", (q, intent) => expectFrame([q], { intent, filters: { limit: 1 } }));
  it("several asked for in the plural stay several", () =>
    expect(understand("which of my categories are the most profitable")?.filters.limit).toBeUndefined());
});

describe("what is picking up or heating up is growth", () => {
  it.each([
    "which items are taking off this month",
    "show me what's heating up in the UK",
    "which SKUs picked up the most over the last fortnight",
  ])("%j", (q) => expectFrame([q], { intent: "top_products", filters: { metrics: ["growth_rate"] } }));
  it("reviews picking up are still the reviews", () =>
    expectFrame(["are reviews picking up for my yoga mats"], { intent: "declining_reviews" }));
});

describe("units counted with a word of selling are a sales total", () => {
  it.each([
    ["how many units flew out the door last month", "last_month"],
    ["how many of my pet things have gone out the door this week", "this_week"],
    ["roughly how many units went out the door over the past fortnight", "last_2_weeks"],
  ])("%j", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics: ["units_sold"] } }),
  );
  it("units asked with no word of selling are the stock on hand", () =>
    expectFrame(["how many units do I have"], {
      intent: "inventory_levels",
      filters: { metrics: ["available_quantity"] },
    }));
  it("what goes out the door fastest is still a ranking", () =>
    expectFrame(["which products are going out the door fastest"], {
      intent: "top_products",
      filters: { sort: "desc" },
    }));
});

describe("what the seller has got sitting somewhere is the stock on hand", () => {
  it.each([
    ["what do we really have held in the UK warehouse", { marketplace: "UK" }],
    ["how much have I got stored at FBA in Germany", { marketplace: "DE" }],
    ["what have we actually got parked at FBA", {}],
  ])("%j", (q, filters) => expectFrame([q], { intent: "inventory_levels", filters }));
  it.each([
    "what have I got sitting at FBA for more than 90 days",
    "what have I got sitting at FBA that isn't selling",
  ])("how long it has sat, or that it does not sell, is overstock: %j", (q) =>
    expectFrame([q], { intent: "excess_inventory" }),
  );
});

describe("sellers ranked by a superlative are the sales ranking from the bottom", () => {
  it.each([
    ["show me the 5 slowest sellers in the UK", { limit: 5, marketplace: "UK", sort: "asc" }],
    ["who are my weakest sellers this month", { sort: "asc" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it("slow sellers with no superlative are the stock that does not move", () =>
    expectFrame(["what are my slow sellers"], { intent: "excess_inventory" }));
});

describe("an amount burnt on the ads is the ad spend", () => {
  it.each([
    ["how much have I burnt on ads in Germany this month", { marketplace: "DE", timeframe: "this_month" }],
    ["how much did we blow on advertising in October", { timeframe: "2026-10" }],
    ["how much did I burn through on PPC yesterday", { timeframe: "yesterday" }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "advertising_summary", filters: { ...filters, metrics: ["ad_spend"] } }),
  );
  it.each(["how much money did we burn on ads that never converted", "how much did I burn on PPC for nothing"])(
    "burnt for nothing is still waste: %j",
    (q) => expectFrame([q], { intent: "wasted_ad_spend" }),
  );
});

describe("search phrases and search queries are keywords", () => {
  it.each([
    ["any search queries worth putting more budget behind", "keyword_opportunities"],
    ["which search phrases have the worst ACoS", "acos_by_campaign"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
});

describe("an order told from one end to the other, with what is counted between, is that order", () => {
  it.each([
    ["sort SKUs from lowest stock to highest", "inventory_levels", "asc"],
    ["show products from the most stock down to the least", "inventory_levels", "desc"],
    ["rank products from the fewest orders to the most", "top_products", "asc"],
    ["list my products from least revenue to most in Germany", "top_products", "asc"],
  ])("%j", (q, intent, sort) => expectFrame([q], { intent, filters: { sort } }));
});

describe("a follow-up that flips the order keeps the rows and turns them over", () => {
  it.each([
    ["top 10 products by revenue last month", "reverse the ranking", "top_products", ["revenue"], "asc"],
    ["best sellers by units in Germany this quarter", "ok flip the order", "top_products", ["units_sold"], "asc"],
    ["lowest ACoS campaigns this month", "now the other way round", "acos_by_campaign", ["acos"], "desc"],
  ])("%j then %j", (first, next, intent, metrics, sort) =>
    expectFrame([first, next], { intent, filters: { metrics, sort } }),
  );
  it("orders asked for after a ranking are still orders", () =>
    expectFrame(["top 5 products by profit", "what about orders"], {
      intent: "top_products",
      filters: { metrics: ["orders"], sort: "desc" },
    }));
});

describe("day to day is a daily trend", () => {
  it.each([
    ["how did units move day to day last week", "last_week"],
    ["show me revenue day to day this month in the UK", "this_month"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_trend", filters: { timeframe, group_by: "day" } }));
  it("week to week stays weekly", () =>
    expectFrame(["how did revenue move week to week this quarter"], {
      intent: "sales_trend",
      filters: { group_by: "week" },
    }));
});

describe("a figure added 'as well' keeps the question before", () => {
  it.each([
    ["any odd swings in orders last week", "sessions as well", "anomalies", "last_week"],
    ["revenue trend this month", "units as well?", "sales_trend", "this_month"],
    ["anything strange in profit this week", "and revenue as well", "anomalies", "this_week"],
  ])("%j then %j", (first, next, intent, timeframe) => expectFrame([first, next], { intent, filters: { timeframe } }));
});

describe("what goes into the next shipment sent in is how much to send in", () => {
  it.each([
    ["what should we put in the next container to Germany", { marketplace: "DE" }],
    ["what do I send in on my upcoming FBA shipment", {}],
    ["what should go on our next inbound delivery to the US", { marketplace: "US" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
});

describe("a figure adjusted for something is that figure", () => {
  it.each([
    ["top 5 SKUs by ad-adjusted margin", "top_products", ["profit_margin"]],
    ["which listing earns the most fee-adjusted profit", "top_products", ["profit"]],
  ])("%j", (q, intent, metrics) => expectFrame([q], { intent, filters: { metrics } }));
  it("the refunds asked alone are still the refunds", () =>
    expectFrame(["what's my refund rate in Germany"], { intent: "refund_analysis" }));
});

describe("the ads' sales asked in the ads' own word order are the ad sales", () => {
  it.each([
    ["the ads bring me how much revenue last month", "last_month"],
    ["PPC generate how much sales this week in the UK", "this_week"],
  ])("%j", (q, timeframe) =>
    expectFrame([q], { intent: "advertising_summary", filters: { timeframe, metrics: ["ad_sales"] } }),
  );
  it("ad sales listed beside the revenue stay a sales total of both", () =>
    expectFrame(["ad sales and revenue this month"], {
      intent: "sales_summary",
      filters: { metrics: ["ad_sales", "revenue"] },
    }));
});
