// Intents, metrics and follow-ups, thirty-fourth set: the request shapes of sellers writing English as a second
// language. "For month of October" and "in month October" name one month, whose total is asked, not a series by month
// ("for each quarter of 2025" is the series); a greeting in the seller's own language ("sälem", "selamat pagi",
// "kumusta") is only a greeting, never a figure the spelling fixer guesses at, and "all stores" adds no figure; a hope
// said after the request ("inshallah it grew", "fingers crossed they went up") asks no growth figure and no ranking;
// a new length ahead said as a look ("and if I look 6 weeks ahead?", "10 weeks forward") keeps the question before
// and sets no alert; another seller's sales asked with their name after the word for them ("my competitor Anker
// sell") are not the seller's, and what to start selling, in a learner's word order ("which product I should start
// selling"), is market advice. Their neighbours keep their frames. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

/** The frame, and none of the filters named: no breakdown, no order, no figure beyond those asked. */
function expectFrameWithout(
  question: string,
  want: { intent: string; filters: Record<string, unknown> },
  absent: string[],
) {
  expectFrame([question], want);
  const filters = understand(question)?.filters as Record<string, unknown>;
  for (const key of absent) expect(filters[key], `${question}: ${key}`).toBeUndefined();
}

describe("a month named after the word 'month' is that month's total, not a series", () => {
  it.each([
    ["total sales in Germany for month of September", { timeframe: "2026-09", marketplace: "DE" }],
    ["buenas, my revenue for month of August pls", { timeframe: "2026-08" }],
    ["revenue in month October for amazon.fr", { timeframe: "2026-10", marketplace: "FR" }],
    ["how much I sold in UK for month of July", { timeframe: "2026-07", marketplace: "UK" }],
    ["sales for month september italy", { timeframe: "2026-09", marketplace: "IT" }],
    ["porfavor the ventas total for the month of June in Spain", { timeframe: "2026-06", marketplace: "ES" }],
    ["what was my turnover in month of May", { timeframe: "2026-05" }],
    ["total revenue during month October, amazon.com", { timeframe: "2026-10", marketplace: "US" }],
  ])("%j is one month's total", (q, filters) =>
    expectFrameWithout(q, { intent: "sales_summary", filters }, ["group_by"]),
  );
});

describe("a greeting in the seller's own language asks no figure", () => {
  it.each([
    ["Sälem! how many units did I sell in October", "units_sold"],
    ["salem, units I sold last month across all shops", "units_sold"],
    ["selam, total orders last week", "orders"],
    ["Selamat pagi, how many orders came in yesterday", "orders"],
    ["kumusta! units sold this month", "units_sold"],
    ["salom - number of units sold in 2025, all stores", "units_sold"],
    ["buongiorno, how many pieces did we sell last month", "units_sold"],
    ["guten Morgen, units sold last week, all markets", "units_sold"],
  ])("%j asks only %s", (q, metric) => {
    expectFrameWithout(q, { intent: "sales_summary", filters: {} }, ["marketplace"]);
    expect(understand(q)?.filters.metrics, q).toEqual([metric]);
  });
});

describe("a hope said after the request asks no growth figure and no ranking", () => {
  it.each([
    ["revenue by month in 2025 in Italy, hopefully it went up", "revenue", "month"],
    ["orders for each week of October in Spain. I hope it's better", "orders", "week"],
    ["profit per quarter this year, ojalá haya crecido", "profit", "quarter"],
    ["net profit for every month of 2025 in Germany, let's hope it's increasing", "profit", "month"],
    ["revenue per month 2025 inshallah it's going up", "revenue", "month"],
    ["units sold each week in the UK hope they increased", "units_sold", "week"],
    ["sales for each quarter of last year in Canada - fingers crossed it grew", "revenue", "quarter"],
    ["weekly orders this quarter, semoga naik", "orders", "week"],
    ["profit per month in France, insyaallah it improved", "profit", "month"],
  ])("%j is the series of %s", (q, metric, group_by) => {
    expectFrameWithout(q, { intent: "sales_trend", filters: { group_by } }, ["sort"]);
    expect(understand(q)?.filters.metrics, q).toEqual([metric]);
  });
  it.each([
    ["units sold last month - fingers crossed they grew", "units_sold"],
    ["total revenue in UK last week, i hope it's good", "revenue"],
    ["how many orders yesterday? hopefully more", "orders"],
  ])("%j is one total of %s", (q, metric) => {
    expectFrameWithout(q, { intent: "sales_summary", filters: {} }, ["sort", "group_by"]);
    expect(understand(q)?.filters.metrics, q).toEqual([metric]);
  });
});

describe("a new length ahead said as a look keeps the question and sets no alert", () => {
  const first = "which products might run out of stock in the next 3 weeks?";
  it.each([
    ["and if I look 6 weeks ahead?", 42],
    ["what if we check 2 months out", 60],
    ["if I look ahead 8 weeks?", 56],
    ["and 10 weeks forward?", 70],
    ["and looking 2 months forward", 60],
    ["ok and if i look 45 days ahead", 45],
    ["what about 5 weeks out", 35],
    ["and if we look one month ahead?", 30],
  ])("%j after a stock-out question", (q, horizon_days) =>
    expectFrame([first, q], { intent: "stockout_risk", filters: { horizon_days } }),
  );
  it("a look ahead inside the question is its horizon", () =>
    expectFrame(["which items run out if I look 4 weeks ahead"], {
      intent: "stockout_risk",
      filters: { horizon_days: 28 },
    }));
});

describe("another seller's sales, named after the word for them, are not the seller's", () => {
  it.each([
    ["how much my competitor Voltix sell each month in Canada?"],
    ["how much my rival ZenFit sells a month"],
    ["how many units my competitor BarkBox sell in Germany"],
    ["how much the competitor Lumora sell per week"],
    ["how much does my competitor Brightly sell every month on amazon.de"],
    ["how much my competitor Yogify make per month"],
    ["how many orders my rival Petzo get per week in UK"],
    ["how much does Voltix sell per week in the UK"],
  ])("%j is refused", (q) => refused(q));
});

describe("what to start selling is market advice, however it is worded", () => {
  it.each([
    ["which item I should start selling in 2028"],
    ["which products should i begin to sell"],
    ["what I should sell to get rich"],
    ["which niche I can start selling next year"],
    ["what item we should start to sell to become rich"],
    ["which products can we start selling in 2027"],
    ["what product I should begin selling on amazon"],
    ["which things could I start selling to be wealthy"],
  ])("%j is refused", (q) => refused(q));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["what are rivals selling that we don't carry", "catalog_gaps"],
    ["how much did we sell per month in Germany", "sales_trend"],
    ["which of my items sell the most", "top_products"],
    ["which products grew the most last month", "top_products"],
    ["revenue per month for last year", "sales_trend"],
    ["sales for each quarter of 2025 in France", "sales_trend"],
    ["when I should restock the dog beds", "restock_recommendations"],
    ["what I should do with my excess stock", "excess_inventory"],
    ["alert me if any product has less than 2 weeks of stock", "create_alert"],
    ["my sales dipped, so competitor price moves last week?", "price_changes"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  it("a hope with a comparison in it still compares", () =>
    expectFrame(["revenue by quarter 2025 hopefully better than 2024"], {
      intent: "sales_comparison",
      filters: { compare_to: "2024" },
    }));
  it("a hope that asks for a breakdown still asks it", () =>
    expectFrame(["sales in October, hopefully you can split it by week"], {
      intent: "sales_trend",
      filters: { group_by: "week" },
    }));
  it("a month by month series stays one", () =>
    expectFrame(["units month by month for 2025"], { intent: "sales_trend", filters: { group_by: "month" } }));
  it("a look ahead after the stock on hand keeps the stock question", () =>
    expectFrame(["how much stock do I have", "and if I look 6 weeks ahead?"], {
      intent: "inventory_levels",
      filters: { horizon_days: 42 },
    }));
});
