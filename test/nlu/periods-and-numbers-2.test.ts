// Classes of fault in periods, comparisons' periods, horizons and thresholds that blind held-out splits showed, each
// over several phrasings of its own (none of them a held-out question), with a neighbour a fix must leave alone.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame } = frameChecks();

describe("a share told as a fraction or a ratio is a percentage threshold", () => {
  it.each([
    ["items with a refund rate above 1 in 20", { metric: "refund_rate", op: ">", value: 5 }],
    ["products whose refund rate is over two out of ten", { metric: "refund_rate", op: ">", value: 20 }],
    ["listings where my buy box share is below a third", { metric: "buy_box_percentage", op: "<", value: 33.3 }],
    ["asins holding the buy box under 4/5 of the time", { metric: "buy_box_percentage", op: "<", value: 80 }],
    ["where is my buy box share under three quarters", { metric: "buy_box_percentage", op: "<", value: 75 }],
  ])("%j", (question, condition) => {
    const u = understand(question);
    expect(u?.filters.conditions, question).toEqual([condition]);
  });
  it("a plain percentage stays as it is", () => {
    expect(understand("goods whose return rate is above 8 percent")?.filters.conditions).toEqual([
      { metric: "refund_rate", op: ">", value: 8 },
    ]);
  });
});

describe("a named day, and half of a month", () => {
  it.each([
    ["revenue on Tuesday 3 November", "2026-11-03"],
    ["orders on Sunday, October 4th", "2026-10-04"],
    ["units sold in the first half of October", "2026-10-01..2026-10-15"],
    ["revenue for the second half of september", "2026-09-16..2026-09-30"],
    ["orders in the 2nd half of last month", "2026-10-16..2026-10-31"],
    ["profit over the first half of this month", "2026-11-01..2026-11-15"],
  ])("%j", (question, timeframe) => {
    expect(understand(question)?.filters.timeframe, question).toBe(timeframe);
  });
  it.each([
    ["revenue on Tuesday", "2026-11-17"],
    ["sales in the first half of the year", "2026-01-01..2026-06-30"],
  ])("a weekday alone and a year's half are unchanged: %j", (question, timeframe) => {
    expect(understand(question)?.filters.timeframe, question).toBe(timeframe);
  });
});

describe("how long the seller cannot restock is the horizon", () => {
  it.each([
    ["the factory is shut for 3 weeks, which SKUs will run dry meanwhile", 21],
    ["I can't ship any new stock in for about a month, what runs out before that", 30],
    ["my warehouse partner will be closed for 10 days, anything going to sell out", 10],
  ])("%j", (question, horizon) => {
    expectFrame([question], { intent: "stockout_risk", filters: { horizon_days: horizon } });
  });
});

describe("a preamble with a period of its own sets the scene; the request's period is asked", () => {
  it.each([
    ["thinking about the Q4 restock, top 5 products by units over the past 3 weeks?", "top_products", "last_3_weeks"],
    ["ads are pricey this month so, payouts by month year to date", "payouts", "year_to_date"],
    ["I already looked at last week: refunds over the last 60 days", "refund_analysis", "last_60_days"],
  ])("%j", (question, intent, timeframe) => {
    expectFrame([question], { intent, filters: { timeframe } });
  });
  it("two periods in one request keep the first", () => {
    expect(understand("revenue in Q2, and also Q3")?.filters.timeframe).toBe("2026-Q2");
  });
});

describe("comparisons' periods", () => {
  it.each([
    ["UK orders last month compared with the one before it", "last_month", "previous_period"],
    ["profit this quarter vs the quarter prior", "this_quarter", "previous_period"],
    ["are orders higher or lower vs last week", "this_week", "last_week"],
    ["is revenue up compared to last quarter", "this_quarter", "last_quarter"],
    ["units in Q2 against the same 3 months a year earlier", "2026-Q2", "same_period_last_year"],
  ])("%j", (question, timeframe, compareTo) => {
    expectFrame([question], { intent: "sales_comparison", filters: { timeframe, compare_to: compareTo } });
  });
  it("a follow-up naming a marketplace keeps the comparison", () => {
    expectFrame(["this wks orders against last wks", "now for fr"], {
      intent: "sales_comparison",
      filters: { timeframe: "this_week", compare_to: "last_week", marketplace: "FR" },
    });
  });
  it("a rolling window stays the period, not the month", () => {
    expect(understand("sales over the last weeks")?.filters.timeframe).toBe("last_30_days");
  });
});

describe("shorthand for a breakdown, a place and a report's cadence", () => {
  it.each([
    ["wkly units trend last quarter", "sales_trend", { group_by: "week" }],
    ["mthly revenue trend this yr", "sales_trend", { group_by: "month" }],
    ["qtrly profit trend since 2025", "sales_trend", { group_by: "quarter" }],
    ["aus, top 3 products by revenue this month", "top_products", { marketplace: "AU" }],
    ["for my weekly spreadsheet: orders yesterday in ca", "sales_summary", { timeframe: "yesterday" }],
  ])("%j", (question, intent, filters) => {
    expectFrame([question], { intent, filters });
  });
});

describe("an ACoS target told as what the seller wants it to be", () => {
  it.each([
    ["acos feels high in germany, I'd like it near 24, should bids come down", 24],
    ["my acos is out of hand, need it under 18 - what bids do I change", 18],
  ])("%j", (question, target) => {
    expectFrame([question], { intent: "bid_recommendations", filters: { target_acos: target } });
  });
  it("a count after 'need it for' stays a count", () => {
    expect(understand("acos per campaign in the US, I need it for 4 campaigns")?.filters.target_acos).toBeUndefined();
  });
});
