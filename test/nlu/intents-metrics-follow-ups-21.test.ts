// Intents, metrics and follow-ups, twenty-first set: a figure wanted "for the partner email" (the document it goes
// into is no mail sent), a chart's buckets said as its granularity, products losing money after all costs, one of
// "our categories" picked by a superlative behind a verb the metric grammar reads, risks to warn another person about,
// "how many unit", a tag question after a follow-up ("…, no?"), advertisements by their long names, and money frozen
// in stock. Each stands for a class of phrasings the held-out splits missed; every phrasing here is our own, with
// neighbours that must keep their old reading.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("the document a figure is wanted for is where the answer goes, not what is asked", () => {
  it.each([
    ["Need the Q2 order count for the partner email", "sales_summary", { metrics: ["orders"], timeframe: "2026-Q2" }],
    ["need the UK refunds for my accountant's report please", "refund_analysis", { marketplace: "UK" }],
    ["gotta have last week's ad spend for the investor deck", "advertising_summary", { metrics: ["ad_spend"] }],
    [
      "need October's profit for tomorrow's board meeting",
      "sales_summary",
      { metrics: ["profit"], timeframe: "2026-10" },
    ],
    ["I need the units sold in Germany for the partner update", "sales_summary", { metrics: ["units_sold"] }],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // Sending it is still an act seller-ai does not do.
  it.each([["email the Q3 order count to my partner"], ["forward last month's profit to my accountant"]])(
    "%j is invalid_query",
    refused,
  );
});

describe("a chart's granularity re-buckets it and keeps its period", () => {
  const chart = "Weekly revenue chart covering the last 12 weeks";
  it.each([
    ["hmm, what does that look like at daily granularity?", "day"],
    ["show it at the daily level", "day"],
    ["and at monthly resolution?", "month"],
    ["can I get that in day-level detail", "day"],
  ])("%j groups by %s over the last 12 weeks", (q, group_by) =>
    expectFrame([chart, q], { intent: "sales_trend", filters: { timeframe: "last_12_weeks", group_by } }),
  );
  it("a daily chart asked afresh still reads its own words", () =>
    expectFrame(["daily revenue for the last 2 weeks"], { intent: "sales_trend", filters: { group_by: "day" } }));
});

describe("products losing money after their costs are the P&L's losers, not a growth rate", () => {
  it.each([
    ["Which products are losing money after all costs this year?", { timeframe: "year_to_date" }],
    ["what products lose money after costs in Germany", { marketplace: "DE" }],
    ["which items are losing me money after all expenses?", {}],
    ["which SKUs are bleeding money after all costs", {}],
  ])("%j ranks profit from the lowest", (q, filters) =>
    expectFrame([q], { intent: "profit_breakdown", filters: { metrics: ["profit"], sort: "asc", ...filters } }),
  );
  // Money kept after costs is still profit, ranked from the top.
  it("the most money after all costs stays the top earners", () =>
    expect(understand("which products make the most money after all costs")?.filters.sort).not.toBe("asc"));
  // A fall in sales said as "losing" a count stays a growth question.
  it("products losing orders stay a fall in sales", () =>
    expect(understand("which products are losing orders this month")?.filters.metrics).toContain("growth_rate"));
});

describe("one of 'our categories' picked by a superlative is one row, unless the things after it are plural", () => {
  it.each([
    ["In Spain, which of our categories earns the fattest margin?", "profit_margin_by_category"],
    ["which of my products earned the biggest profit last month?", "top_products"],
    ["which of our products earns the highest revenue in Germany?", "top_products"],
    ["which of our categories brings the biggest profit?", "profit_margin_by_category"],
  ])("%j is limit 1 (%s)", (q, intent) => expectFrame([q], { intent, filters: { limit: 1 } }));
  it.each([
    ["which of my categories earn the best margins?"],
    ["which of our products are losing money after all costs this year?"],
  ])("%j stays a list", (q) => expect(understand(q)?.filters.limit).toBeUndefined());
});

describe("risks to warn another person about are the risks, not an alert", () => {
  it.each([
    ["What risks should I warn my partner about on the Italy side?", { marketplace: "IT" }],
    ["what risks should I warn my investors about this quarter?", { timeframe: "this_quarter" }],
    ["which risks do I need to warn the team about?", {}],
    ["any risks I should alert my business partner to in the UK", { marketplace: "UK" }],
  ])("%j is the risks insight", (q, filters) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "risks", ...filters } }),
  );
  it.each([
    ["warn me if ACoS goes over 40% in Mexico", "create_alert"],
    ["what alerts do I have?", "list_alerts"],
  ])("%j stays an alert (%s)", (q, intent) => expectFrame([q], { intent }));
});

describe("'how many unit' in the singular, in any word order, is units sold", () => {
  it.each([
    ["B0HKCOOK01 this year sold how many unit already?", { asin: "B0HKCOOK01", timeframe: "year_to_date" }],
    ["how many unit did I sell last month in France?", { marketplace: "FR", timeframe: "last_month" }],
    ["SO-YOGA-01 last week sold how many piece?", { sku: "SO-YOGA-01", timeframe: "last_week" }],
    ["in Italy this month how many unit sold?", { marketplace: "IT" }],
  ])("%j is units sold", (q, filters) =>
    expectFrame([q], { intent: "sales_summary", filters: { metrics: ["units_sold"], ...filters } }),
  );
  it("stock under 40 unit stays a count of stock", () =>
    expect(understand("which products have under 40 unit in stock")?.intent).not.toBe("sales_summary"));
});

describe("a tag question closing a follow-up only checks; units after a sales total are units sold", () => {
  const total = "how much profit did I make in the UK last month";
  it.each([
    ["and how many units, no?"],
    ["and how many units, right?"],
    ["and units, yeah?"],
    ["and how many units, na?"],
    ["and how many units?"],
  ])("%j is the same total in units", (q) =>
    expectFrame([total, q], {
      intent: "sales_summary",
      filters: { metrics: ["units_sold"], timeframe: "last_month", marketplace: "UK" },
    }),
  );
  it("units in stock after a sales total stay the stock", () =>
    expectFrame([total, "and how many units in stock?"], { intent: "inventory_levels" }));
  it("a choice put to the reader is not a tag", () =>
    expect(understand("did revenue go up this month, yes or no?")?.intent).toBeDefined());
});

describe("advertisements and adverts are the seller's ads", () => {
  it.each([
    ["How much I spent for advertisements in Canada yesterday?", { marketplace: "CA", timeframe: "yesterday" }],
    ["what was my advertisement spend last week", { timeframe: "last_week" }],
    ["how much did the adverts cost me this month in the UK", { marketplace: "UK" }],
    ["total spent on advertisements in Germany last month", { marketplace: "DE", timeframe: "last_month" }],
  ])("%j is ad spend", (q, filters) =>
    expectFrame([q], { intent: "advertising_summary", filters: { metrics: ["ad_spend"], ...filters } }),
  );
});

describe("money frozen, locked or stuck in stock is the stock's value", () => {
  it.each([
    ["How much money is frozen in Toys & Games goods?", { category: "Toys & Games" }],
    ["how much cash is locked in my inventory in Germany", { marketplace: "DE" }],
    ["how much capital is stuck in Pet Supplies stock?", { category: "Pet Supplies" }],
    ["what money have I sunk into inventory", {}],
    ["how much cash is parked in stock right now", {}],
  ])("%j is inventory value", (q, filters) =>
    expectFrame([q], { intent: "inventory_value", filters: { metrics: ["inventory_value"], ...filters } }),
  );
  it.each([
    ["how many units are stuck in the warehouse in the UK?", "inventory_levels"],
    ["how much money did Toys & Games make last month", "sales_summary"],
  ])("%j keeps its reading (%s)", (q, intent) => expectFrame([q], { intent }));
});
