// Intents and metrics, nineteenth set: a profit figure for a period is its total, not the P&L, whatever words of
// advertising the classifier has learnt nearby; how long the whole stock lasts is its days of supply and nothing more;
// spreadsheet how-tos are refused. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a profit figure for a period, asked without its costs, is a sales total", () => {
  it.each([
    ["profit of the first quarter", "2026-Q1"],
    ["how much profit did we make in October", "2026-10"],
    ["net profit for last month", "last_month"],
    ["our profit this year so far", "year_to_date"],
  ])("%j is a total over %s", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics: ["profit"] } }),
  );
  it.each([
    ["P&L for October"],
    ["which products lose money"],
    ["profit after fees and ad spend last month, line by line"],
    ["where did my money go in October"],
  ])("%j stays the profit and loss", (q) => expect(understand(q)?.intent).toBe("profit_breakdown"));
  it("ad sales beside the revenue stay a total of both", () =>
    expectFrame(["ad sales and revenue this month"], {
      intent: "sales_summary",
      filters: { metrics: ["ad_sales", "revenue"] },
    }));
});

describe("how long the whole stock lasts is its days of supply, with no figure of units beside it", () => {
  it.each([
    ["how many days will my current units last"],
    ["how long will the remaining stock last"],
    ["how many weeks will our units last"],
  ])("%j is days of supply alone", (q) =>
    expectFrame([q], { intent: "inventory_levels", filters: { metrics: ["days_of_supply"] } }),
  );
  it("a part of the stock keeps its scope", () =>
    expectFrame(["how many days will each pet supplies product last at the current rate"], {
      intent: "inventory_levels",
      filters: { category: "Pet Supplies", metrics: ["days_of_supply"] },
    }));
});

describe("spreadsheet how-tos are about the tool, not the seller's data", () => {
  it.each([
    ["what's the excel formula for a running total of sales"],
    ["best google sheets formula for a 7-day moving average of orders?"],
    ["write me a vlookup that matches my skus to their costs"],
    ["how do I build a pivot table of revenue by month"],
  ])("%j is invalid_query", refused);
  it("a running total asked of the data stays a question", () =>
    expect(understand("running total of sales this month")?.intent).toBeDefined());
});

describe("buckets asked 'by weeks' are not a figure counted in days", () => {
  it.each([
    ["top 5 products by days of supply in Germany", "inventory_levels"],
    ["rank my skus by weeks of cover", "inventory_levels"],
  ])("%j stays a stock question", (q, intent) => expect(understand(q)?.intent).toBe(intent));
  it("'and now by weeks' after a monthly trend re-buckets it", () =>
    expectFrame(["Show the monthly sales trend for this year in Poland", "And now by weeks"], {
      intent: "sales_trend",
      filters: { group_by: "week", marketplace: "PL" },
    }));
});

describe("a period unit said bare is no filter swapped, and money made more of is an opening", () => {
  it.each([["how did revenue move week to week this quarter"], ["did orders move month to month this year"]])(
    "%j is a trend",
    (q) => expect(understand(q)?.intent).toBe("sales_trend"),
  );
  it("'change the month to September' moves the period of the question before", () =>
    expectFrame(["revenue for October", "change the month to September"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-09" },
    }));
  it.each([["how can I win more money in Spain"], ["what could we do to earn more profit"]])(
    "%j asks for openings",
    (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities" } }),
  );
  it("stock that is just sitting somewhere is idle stock", () =>
    expect(understand("how much stock is just sitting in Canada?")?.intent).toBe("excess_inventory"));
});

describe("an ACoS asked whether it was reached is how it went, not a target", () => {
  it("'did I reach 30% ACoS last month' is the ads' summary with no target", () => {
    const u = understand("did I reach 30% ACoS last month");
    expect(u?.intent).toBe("advertising_summary");
    expect(u?.filters.target_acos).toBeUndefined();
  });
  it("'to reach 30% of ACoS' is still the bids' target", () =>
    expectFrame(["How should I move my bids to reach 30% of ACoS?"], {
      intent: "bid_recommendations",
      filters: { target_acos: 30 },
    }));
});
