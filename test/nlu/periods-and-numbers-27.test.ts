// Periods and numbers, twenty-seventh set: days named by their date in the month, and the periods said around them.
// A weekday with its day of the month ("Thursday the 12th", "fri 13th", "Tuesday 3/11") names that date, not the latest
// such weekday: the weekday only confirms which month's day it is (and whether "3/11" is written day or month first).
// A day of the month said alone ("for the 20th", "the 9th of last month") is that day of the month named, or the latest
// one that has begun. Several marketplaces listed ("across UK, DE and FR") filter none of them. A span between named
// shopping days with its year said once is of that year on both sides, the dates given after the names are the period,
// and a plan for next weekend told in another sentence does not make them days still to come. "How'd we do", "so far"
// and "the whole year 2025" are the seller's own plain questions. Today is Saturday 2026-11-21. Every phrasing is our
// own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a weekday with its day of the month is that date", () => {
  it.each([
    ["what did we sell on Monday the 16th", "2026-11-16", "revenue"],
    ["orders on thursday the 12th", "2026-11-12", "orders"],
    ["units sold fri 13th", "2026-11-13", "units_sold"],
    ["how many orders Tuesday, the 17th?", "2026-11-17", "orders"],
    ["revenue for sunday the 1st", "2026-11-01", "revenue"],
    ["profit tues 10th", "2026-11-10", "profit"],
    ["how much did we make thursday 19th", "2026-11-19", "revenue"],
    ["orders Friday 30th", "2026-10-30", "orders"],
    ["revenue on Saturday, the 31st", "2026-10-31", "revenue"],
    ["units sold on Wed the 4th of this month", "2026-11-04", "units_sold"],
    ["what were sales on monday 9th pls", "2026-11-09", "revenue"],
  ])("%j is %s", (q, timeframe, metric) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics: [metric] } }),
  );
  it.each([
    // 5 November 2026 was a Thursday (11 May a Monday); 13 November a Friday (month first here); 2 November a Monday
    // (11 February a Wednesday).
    ["sales on Thursday 5/11", "2026-11-05"],
    ["what did I sell friday 11/13", "2026-11-13"],
    ["revenue monday 2/11", "2026-11-02"],
  ])("%j: the weekday says which way the date is written (%s)", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe } }),
  );
  it("a weekday that does not fall on the latest such day goes back to the month it fell in", () =>
    // 12 November 2026 is a Thursday; the latest Wednesday the 12th was in August.
    expectFrame(["revenue wednesday the 12th"], { intent: "sales_summary", filters: { timeframe: "2026-08-12" } }));
});

describe("a day of the month said alone is the latest such day, or that of the month named", () => {
  it.each([
    ["units for the 3rd", "2026-11-03"],
    ["orders for the 20th?", "2026-11-20"],
    ["profit for the 25th", "2026-10-25"],
    ["revenue the 14th of this month", "2026-11-14"],
    ["sales the 9th of last month", "2026-10-09"],
    ["what did we make on the 2nd of the month", "2026-11-02"],
    ["how many units on the 18th of last month", "2026-10-18"],
    ["ad spend for the 5th", "2026-11-05"],
    ["revenue for the 28th plz", "2026-10-28"],
  ])("%j is %s", (q, timeframe) => {
    const u = understand(q);
    expect(u?.filters.timeframe, q).toBe(timeframe);
  });
});

describe("several marketplaces listed filter none of them", () => {
  it.each([
    ["revenue across UK, DE and FR last month", "revenue"],
    ["units in US, CA and MX yesterday", "units_sold"],
    ["orders for .de and .fr this week", "orders"],
    ["sales for amazon.com and amazon.ca last week", "revenue"],
    ["profit this month in Italy, Spain and France", "profit"],
    ["revenue in Germany, France and Italy", "revenue"],
    ["give us UK and DE sales last week", "revenue"],
    ["revenue in US and UK this month", "revenue"],
    ["how many units did we sell over Japan, Australia and Singapore in October", "units_sold"],
  ])("%j has no marketplace", (q, metric) => {
    const u = understand(q);
    expect(u?.intent, q).toBe("sales_summary");
    expect(u?.filters.metrics?.[0], q).toBe(metric);
    expect(u?.filters.marketplace, q).toBeUndefined();
  });
  it("ACoS across four marketplaces written as codes", () => {
    const u = understand("acos across DE, FR, IT, ES last 30 days");
    expect(u?.filters.metrics?.[0]).toBe("acos");
    expect(u?.filters.marketplace).toBeUndefined();
  });
  it("a date with a list of places", () => {
    const u = understand("order count on thursday the 19th in DE, FR and ES?");
    expect(u?.filters.timeframe).toBe("2026-11-19");
    expect(u?.filters.marketplace).toBeUndefined();
  });
});

describe("named shopping days: a span's year said once, the dates given after them, a plan told apart", () => {
  it.each([
    ["revenue from Black Friday to Cyber Monday last year", "2025-11-28..2025-12-01"],
    ["units sold Thanksgiving through Cyber Monday 2024", "2024-11-28..2024-12-02"],
    ["orders over christmas eve to boxing day last year", "2025-12-24..2025-12-26"],
    ["what did we sell over Black Friday, i.e. Nov 28 2025", "2025-11-28"],
    ["units over the Black Friday weekend, 27 to 30 November 2025", "2025-11-27..2025-11-30"],
    [
      "I want to prep for the coming holidays. Revenue over Christmas Day to Boxing Day 2025?",
      "2025-12-25..2025-12-26",
    ],
    ["planning next week's deals. what did we sell on Cyber Monday last year, Dec 1 2025?", "2025-12-01"],
    [
      "need numbers for next weekend's plan. sales from black friday to cyber monday 2025, nov 28 - dec 1",
      "2025-11-28..2025-12-01",
    ],
  ])("%j is %s", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
});

describe("plain questions of the seller's own figures", () => {
  it.each([
    ["how'd we do today so far", "today"],
    ["how'd we do yesterday", "yesterday"],
    ["what'd we make last week", "last_week"],
    ["how did we do the day so far", "today"],
    ["how much I sell in whole year 2025, all markets together", "2025"],
    ["units all countries together this year", "year_to_date"],
    ["how much we sold the full year 2024", "2024"],
    ["revenue in entire year 2025 all markets combined", "2025"],
    ["how'd the shop do so far today", "today"],
  ])("%j is a sales total for %s", (q, timeframe) => {
    const u = understand(q);
    expect(u?.intent, q).toBe("sales_summary");
    expect(u?.filters.timeframe, q).toBe(timeframe);
    expect(u?.filters.marketplace, q).toBeUndefined();
  });
});

describe("neighbours keep their frames", () => {
  it.each([
    ["revenue in germany last week", "DE"],
    ["ok what were my sales yesterday on amazon.com fr, felt dead ngl", "US"],
    ["sales in DE and it was slow last week", "DE"],
  ])("%j stays in %s", (q, marketplace) => {
    const u = understand(q);
    expect(u?.filters.marketplace, q).toBe(marketplace);
  });
  it.each([
    ["compare UK and Germany revenue this month", "sales_comparison"],
    ["revenue on the 25th", "sales_summary"],
    ["sales on Monday, 2 November", "sales_summary"],
    ["revenue on wednesday", "sales_summary"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
  it("a weekday alone is still the latest such weekday", () =>
    expectFrame(["revenue on wednesday"], { intent: "sales_summary", filters: { timeframe: "2026-11-18" } }));
  it("an ordinal that counts is no day", () => {
    expect(understand("orders for the 2nd time this month")?.filters.timeframe).toBe("this_month");
    expect(understand("top 3 products for the 1st quarter")?.filters.timeframe).toBe("2026-Q1");
  });
  it("a named day asked in the future is still a forecast", () => refused("what will revenue be on Black Friday"));
  it("a named day with no year is the latest one", () =>
    expectFrame(["how much did we sell on cyber monday"], {
      intent: "sales_summary",
      filters: { timeframe: "2025-12-01" },
    }));
});
