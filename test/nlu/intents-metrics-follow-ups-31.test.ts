// Seller questions in English learned as a second language, thirty-first set: rankings, comparisons and commands said
// in the word order and with the verbs of the seller's first language. "The product with more X" is the top one (Romance
// "el producto con más ventas"), whatever word names the figure ("fatturato", "umsatz"); "this week with last week, how
// different?" and "the difference of X with Y" set one period against another; costs named together ("COGS and ad
// spend, how much together?") are lines of the P&L, not the advertising's own total; "re-order" and "re-stock" keep
// their hyphen and are still the restock; a goal said "for reaching ACoS 22%" or "for have ACoS 20%" is the target the
// bids aim at; a setting is given its value by "put on 10" or "make it 14"; and "which of my campaigns gives the highest"
// picks one, as "has" does. A native speaker means the same with other words, so the meaning must not hang on the
// English. The neighbours keep their frames: a figure that moved ("less and less reviews"), a comparison with "than",
// the difference between two figures, ad spend with an ad figure or per campaign, a thank-you "for having", and a
// setting only asked about. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("'the thing with more X' is the top one by X, in the seller's word for X too", () => {
  it.each([
    ["the item with more fatturato last month", "top_products", "revenue", "desc"],
    ["which product with more umsatz in Germany this year", "top_products", "revenue", "desc"],
    ["the product with more units in France since September", "top_products", "units_sold", "desc"],
    ["the product with more orders, please, for October", "top_products", "orders", "desc"],
    ["the category with less margin in Q3", "profit_margin_by_category", "profit_margin", "asc"],
    ["the campaign with more clics yesterday", "acos_by_campaign", "clicks", "desc"],
    ["the ASIN with less sessions in October", "conversion_analysis", "sessions", "asc"],
    ["the listing with more returns last quarter", "refund_analysis", "refund_rate", "desc"],
    ["the article with more ventas in Spain this month", "top_products", "revenue", "desc"],
    ["which article has the most units in Italy last month", "top_products", "units_sold", "desc"],
    ["my article with less orders in October", "top_products", "orders", "asc"],
  ])("%j is %s, one row by %s %s", (q, intent, metric, sort) =>
    expectFrame([q], { intent, filters: { metrics: [metric], limit: 1, sort } }),
  );
  it("a count before the things keeps its count", () =>
    expectFrame(["the 3 products with more revenue in Spain"], {
      intent: "top_products",
      filters: { metrics: ["revenue"], limit: 3, sort: "desc", marketplace: "ES" },
    }));
});

describe("a period set against another in words of difference is a comparison", () => {
  it.each([
    ["orders this month with last month, how different?", "orders", "this_month", "last_month"],
    ["the difference of profit this week with last week", "profit", "this_week", "last_week"],
    ["how different is my revenue this month from last month", "revenue", "this_month", "last_month"],
    ["units in October and September, what is the difference?", "units_sold", "2026-10", "2026-09"],
    ["how does my profit this quarter differ from last quarter", "profit", "this_quarter", "last_quarter"],
    ["difference of orders in Germany between this month and last month", "orders", "this_month", "last_month"],
    [
      "sales of Pet Supplies last week with the week before, how much different?",
      "revenue",
      "last_week",
      "previous_period",
    ],
    ["profit this year with last year, what differences?", "profit", "year_to_date", "same_period_last_year"],
  ])("%j compares %s", (q, metric, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { metrics: [metric], timeframe, compare_to } }),
  );
});

describe("ad spend named together with the cost of goods or Amazon's fees is a line of the P&L", () => {
  it.each([
    ["cost of goods plus PPC spend this year, how much in total", ["cost_of_goods", "ad_spend"]],
    ["ad spend and FBA fees last month together", ["ad_spend", "fba_fees"]],
    ["storage fees with ad spend in October, the sum", ["storage_fees", "ad_spend"]],
    ["how much I paid for ad spend and referral fees in September", ["ad_spend", "referral_fees"]],
    ["the fees and the advertising spend of last quarter", ["fees", "ad_spend"]],
    ["ad spend and cost of goods in Germany this year", ["ad_spend", "cost_of_goods"]],
    ["COGS, storage fees and ad spend since January", ["cost_of_goods", "storage_fees", "ad_spend"]],
    ["for Q2, the ad spend and the COGS, both together", ["ad_spend", "cost_of_goods"]],
  ])("%j is the P&L of %j", (q, metrics) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics } }));
});

describe("'re-order' and 're-stock' with their hyphen are the restock", () => {
  it.each([
    ["which items I have to re-order now? only the 3 most urgent", { limit: 3 }],
    ["what must I re-stock in Germany", { marketplace: "DE" }],
    ["products to re-order first, give me 10", { limit: 10 }],
    ["re-ordering: which SKUs need it now?", {}],
    ["what I should re-stock for the UK, top 5", { marketplace: "UK", limit: 5 }],
    ["when to re-order SO-YOGA-01", { sku: "SO-YOGA-01" }],
    ["which products need re-stocking soon", {}],
    ["how much to re-order for the Spanish store", { marketplace: "ES" }],
  ])("%j is a restock", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
});

describe("a goal said with 'for' and the verb is the ACoS the bids aim at", () => {
  it.each([
    ["bids for reaching 18% acos", 18],
    ["which bid to set for arriving at ACoS 25%", 25],
    ["how to change bids for have acos 20%", 20],
    ["bids for to reach an ACoS of 15 percent", 15],
    ["what bid to use for getting acos at 30%", 30],
    ["keyword bids for obtain ACoS 28%", 28],
    ["new bids for hitting 19% ACoS in Germany", 19],
    ["what bids to put to have ACoS 24%?", 24],
    ["how should I bid for arrive to 21% acos", 21],
  ])("%j aims at %d", (q, target_acos) =>
    expectFrame([q], { intent: "bid_recommendations", filters: { target_acos } }),
  );
});

describe("a setting given its value by 'put on', 'put at' or 'make it' is set", () => {
  it.each([
    ["lead time put on 45 days", { lead_time_days: 45 }],
    ["target ACoS put it at 20%, not higher", { target_acos: 20 }],
    ["the safety stock make it 14 days", { safety_stock_days: 14 }],
    ["lead time, make it 60", { lead_time_days: 60 }],
    ["my target acos make it 25 percent", { target_acos: 25 }],
    ["safety stock put at 7, no more", { safety_stock_days: 7 }],
    ["buffer stock put it on 12 days", { safety_stock_days: 12 }],
    ["put the lead time on 40 days", { lead_time_days: 40 }],
  ])("%j sets %j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
});

describe("one picked out of many by a singular verb is one row", () => {
  it.each([
    ["which of our products gives the best margin", "profit_margin"],
    ["which of the categories yields the highest profit", "profit"],
    ["which of my listings shows the worst conversion rate", "conversion_rate"],
    ["which of my campaigns delivers the lowest ACoS", "acos"],
    ["which of my products achieves the highest rating", "review_rating"],
    ["which one of the campaigns produces the most clicks", "clicks"],
    ["which of my products receives the most returns", "refund_rate"],
    ["which of my keywords brings the most sales", undefined],
  ])("%j is one row", (q, metric) => {
    const u = understand(q);
    expect(u?.filters.limit, q).toBe(1);
    if (metric) expect(u?.filters.metrics?.[0], q).toBe(metric);
  });
});

describe("neighbours keep their frames", () => {
  it.each([
    ["products with less and less reviews in Beauty & Personal Care", "declining_reviews"],
    ["products with fewer new reviews lately", "declining_reviews"],
  ])("%j is a figure that moved: %s", (q, intent) => expect(understand(q)?.intent).toBe(intent));
  it("things with more than a count are a threshold, no ranking", () => {
    const u = understand("products with more than 10 units in stock");
    expect(u?.filters.conditions).toEqual([{ metric: "available_quantity", op: ">", value: 10 }]);
    expect(u?.filters.limit).toBeUndefined();
  });
  it.each([
    ["what's the difference between ACoS and TACoS"],
    ["is anything different in my sales this week?"],
    ["different question, what were my payouts last month"],
  ])("%j compares no periods", (q) => expect(understand(q)?.filters.compare_to).toBeUndefined());
  it.each([
    ["ad spend in Q1", "advertising_summary"],
    ["ad spend and ACoS last month", "advertising_summary"],
    ["storage fees and ad spend by campaign", "acos_by_campaign"],
  ])("%j stays %s", (q, intent) => expect(understand(q)?.intent).toBe(intent));
  it.each([["thanks for having me, what was my ACoS last month"], ["did I reach ACoS 20% last month"]])(
    "%j sets no target",
    (q) => expect(understand(q)?.filters.target_acos).toBeUndefined(),
  );
  it.each([["is my safety stock 10 days?"], ["what is my lead time"]])("%j only asks about the setting", (q) =>
    expect(understand(q)?.intent).toBe("show_settings"),
  );
  it("several picked by a plural verb are no single row", () =>
    expect(understand("which of my campaigns give the highest roas")?.filters.limit).toBeUndefined());
  it("orders counted with no hyphen are still orders", () =>
    expect(understand("which products did I order most last month")?.intent).toBe("top_products"));
});
