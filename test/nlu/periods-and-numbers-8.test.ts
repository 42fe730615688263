// Periods and numbers: goods shifted or moved between two dates (sold over the range, not a change), the day since
// midnight, a shopping day named as an occasion (no period) or by its week (Monday to Sunday), a year said once at
// the end of a range of days, dates spelled out beside a remark on the wider period they are part of, days of a month
// introduced by their weekdays, a threshold written as one hyphenated word, and the cover wanted or a single unit
// ahead of stock running out as the horizon. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

/** Expects the filters the question must not set. */
function expectAbsent(q: string[], ...keys: string[]): void {
  const filters = understand(...q)?.filters as Record<string, unknown> | undefined;
  for (const key of keys) expect(filters?.[key], `${q.join(" / ")}: ${key}`).toBeUndefined();
}

describe("goods shifted or moved between two dates are sold over that range", () => {
  it.each([
    ["how many pieces did we shift from 2 Sep to 9 Sep", "2026-09-02..2026-09-09"],
    ["units moved in Home & Kitchen from 5 October to 12 October", "2026-10-05..2026-10-12"],
    ["how many dog toys have we moved from 1 Aug to 20 Aug", "2026-08-01..2026-08-20"],
    ["total items shifted from 10 Nov to 18 Nov in the UK", "2026-11-10..2026-11-18"],
  ])("%s", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it.each([
    ["did the conversion rate shift from Q1 to Q2", "2026-Q2", "2026-Q1"],
    ["how did ad spend move from July to August", "2026-08", "2026-07"],
  ])("a figure that shifts from one period to another is still a change: %s", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
});

describe("the day since midnight is today", () => {
  it.each([
    ["revenue since midnight in Germany", "sales_summary"],
    ["what have we sold since 12am", "sales_summary"],
    ["how many units went out since the day started", "sales_summary"],
    ["orders since the start of the day", "sales_summary"],
    ["ad spend since this morning", "advertising_summary"],
  ])("%s", (q, intent) => expectFrame([q], { intent, filters: { timeframe: "today" } }));
  it.each([
    ["revenue since the beginning of the week", "this_week"],
    ["orders since yesterday", "2026-11-20..2026-11-21"],
  ])("a longer stretch since its start keeps its own period: %s", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe } }),
  );
});

describe("a shopping day named as an occasion is no period of the question", () => {
  it.each([
    [
      "units per day in Canada this month, curious whether the pre-Cyber Monday dip is here",
      "sales_trend",
      "this_month",
    ],
    [
      "refund rate over the last 14 days, checking on the post-Christmas Day returns",
      "refund_analysis",
      "last_14_days",
    ],
    [
      "while we get stock ready for Black Friday, which items sold best over the last 60 days?",
      "top_products",
      "last_60_days",
    ],
  ])("%s", (q, intent, timeframe) => expectFrame([q], { intent, filters: { timeframe } }));
  it("a plan for the day in a reason leaves the question's default period", () =>
    expectFrame(["before we boost bids for Cyber Monday, which keywords are wasting spend?"], {
      intent: "wasted_ad_spend",
      filters: { timeframe: "last_30_days" },
    }));
  it.each([
    ["orders on Cyber Monday last year", "sales_summary", "2025-12-01"],
    ["what did ad spend come to on Black Friday 2024", "advertising_summary", "2024-11-29"],
    ["Christmas Eve revenue last year", "sales_summary", "2025-12-24"],
  ])("the day itself asked about keeps its date: %s", (q, intent, timeframe) =>
    expectFrame([q], { intent, filters: { timeframe } }),
  );
});

describe("a shopping day's week is the Monday-to-Sunday week it falls in", () => {
  it.each([
    ["revenue in Cyber Monday week 2025", "sales_summary", "2025-12-01..2025-12-07"],
    ["top 3 products in the week of Christmas Day 2025", "top_products", "2025-12-22..2025-12-28"],
    ["orders during Black Friday week 2024", "sales_summary", "2024-11-25..2024-12-01"],
  ])("%s", (q, intent, timeframe) => expectFrame([q], { intent, filters: { timeframe } }));
});

describe("a year said once at the end of a range of days is both ends'", () => {
  it.each([
    ["units sold from 3 February to 19 April 2025", "2025-02-03..2025-04-19"],
    ["profit from June 10 to August 2 2025", "2025-06-10..2025-08-02"],
    ["orders from 15 Dec to 10 Jan 2026", "2025-12-15..2026-01-10"],
  ])("%s", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it.each([
    [
      "daily orders from 1 March to 30 April 2025, I'd like to see how last year's spring sale built",
      "2025-03-01..2025-04-30",
    ],
    [
      "weekly units from 10 July to 20 August 2025, want to see how last summer's slump played out",
      "2025-07-10..2025-08-20",
    ],
  ])("dates spelled out keep their range beside a remark on the wider period: %s", (q, timeframe) =>
    expectFrame([q], { intent: "sales_trend", filters: { timeframe } }),
  );
  it("after a preamble with its own period, the question's period is still the one asked", () =>
    expectFrame(["sorting out the Q1 budget, I need to know revenue last year"], {
      intent: "sales_summary",
      filters: { timeframe: "last_year" },
    }));
  it("a range with both years said keeps them", () =>
    expectFrame(["revenue from 1 May 2024 to 30 June 2025"], {
      intent: "sales_summary",
      filters: { timeframe: "2024-05-01..2025-06-30" },
    }));
});

describe("days of one month, each introduced by its weekday or 'the', with the month's year said after", () => {
  it.each([
    ["units from Tuesday the 4th to Saturday the 8th of March last year", "2025-03-04..2025-03-08"],
    ["orders between the 2nd and the 12th of June", "2026-06-02..2026-06-12"],
    ["revenue 5-20 September last year", "2025-09-05..2025-09-20"],
  ])("%s", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("a month of last year on its own is still that month", () =>
    expectFrame(["orders in September last year"], { intent: "sales_summary", filters: { timeframe: "2025-09" } }));
});

describe("a threshold written as one hyphenated word is its bound, value and metric", () => {
  it.each([
    ["get rid of the over-35%-ACoS alert", "acos", ">", 35],
    ["delete my under-15%-margin warning", "profit_margin", "<", 15],
    ["please remove the above-6%-refund-rate alert", "refund_rate", ">", 6],
  ])("%s", (q, metric, op, value) =>
    expectFrame([q], { intent: "delete_alert", filters: { conditions: [{ metric, op, value }] } }),
  );
});

describe("the cover wanted, or a single unit ahead of stock running out, is the horizon", () => {
  it.each([
    ["how much should I send to FBA so we have 75 days covered", "restock_recommendations", 75],
    ["reorder plan for Japan, I'd like 6 weeks of cover", "restock_recommendations", 42],
    ["which SKUs will be out of stock in a fortnight", "stockout_risk", 14],
    ["what's likely to run dry in a month in Canada", "stockout_risk", 30],
    ["anything going to sell out in about a week?", "stockout_risk", 7],
  ])("%s", (q, intent, horizon_days) => expectFrame([q], { intent, filters: { horizon_days } }));
  it("a length of cover with a bound is a threshold", () =>
    expectFrame(["which items have 25 days of cover or less"], {
      intent: "stockout_risk",
      filters: { conditions: [{ metric: "days_of_supply", op: "<=", value: 25 }] },
    }));
  it.each(["how many orders do we get in a day", "how many units do we sell in a week on average"])(
    "a rate per unit of time is no horizon: %s",
    (q) => expectAbsent([q], "horizon_days"),
  );
});
