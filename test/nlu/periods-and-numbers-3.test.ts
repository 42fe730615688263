// Classes of fault in periods, comparisons' other sides, horizons, thresholds and singular rankings that blind
// held-out splits showed, each over several phrasings of its own (none of them a held-out question), with a neighbour
// a fix must leave alone.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand } = frameChecks();
const timeframeOf = (q: string) => understand(q)?.filters.timeframe;

describe("a whole calendar period just over, said as such, is the calendar token", () => {
  it.each([
    ["units sold in the prior calendar month", "last_month"],
    ["what did the store take the week just gone", "last_week"],
    ["refunds over the most recent complete quarter", "last_quarter"],
    ["profit for the last full month in France", "last_month"],
    ["ad spend during the previous complete week", "last_week"],
    ["sessions in the month that has just ended", "last_month"],
    ["orders in the calendar year just passed", "last_year"],
  ])("%j", (q, token) => expect(timeframeOf(q), q).toBe(token));
  it.each([
    ["revenue over the past month", "last_30_days"],
    ["units over the past 3 months", "last_3_months"],
  ])("a rolling window stays rolling: %j", (q, token) => expect(timeframeOf(q), q).toBe(token));
});

describe("since the seller or the product began, with no date, is all of time", () => {
  it.each([
    ["total units of B0TGPUZZ01 since we launched it"],
    ["UK takings since day one"],
    ["profit on OP-DESK-01 since it went live"],
    ["how many orders since I opened the shop"],
    ["revenue from launch until now for the yoga mats"],
  ])("%j", (q) => expect(timeframeOf(q), q).toBe("all_time"));
  it("a beginning with a date is from that date", () =>
    expect(timeframeOf("revenue since we launched in March")).not.toBe("all_time"));
});

describe("a period set against itself last year is the same period last year", () => {
  it.each([
    ["march profit against march last year"],
    ["how did Q1 units do versus Q1 of last year"],
    ["september orders compared with september a year ago"],
  ])("%j", (q) => expect(understand(q)?.filters.compare_to, q).toBe("same_period_last_year"));
  it.each([
    ["march profit against march 2025", "2025-03"],
    ["september orders compared with october last year", "2025-10"],
  ])("a year said as a number, or another period, stays that period: %j", (q, token) =>
    expect(understand(q)?.filters.compare_to, q).toBe(token),
  );
});

describe("a named running period against the named calendar period just before it is this against last", () => {
  it.each([["november to date against october", "this_month", "last_month"]])("%j", (q, timeframe, compareTo) =>
    expect(understand(q)?.filters, q).toMatchObject({ timeframe, compare_to: compareTo }),
  );
  it.each([
    ["is this month beating October on units", "this_month", "2026-10"],
    ["this quarter compared with Q3 for profit", "this_quarter", "2026-Q3"],
    ["this month compared with august", "this_month", "2026-08"],
  ])("said in relative words against a named period, the other side keeps its name: %j", (q, timeframe, compareTo) =>
    expect(understand(q)?.filters, q).toMatchObject({ timeframe, compare_to: compareTo }),
  );
});

describe("a stretch with nothing sold looks back: a period", () => {
  it.each([
    ["skus that have not sold a thing in 60 days", "last_60_days"],
    ["stock that hasn't moved for 6 weeks", "last_6_weeks"],
    ["items with zero orders over 45 days", "last_45_days"],
    ["inventory that has not sold in 4 months", "last_4_months"],
  ])("%j", (q, token) => {
    const u = understand(q);
    expect(u?.filters.timeframe, q).toBe(token);
    expect(u?.filters.horizon_days, q).toBeUndefined();
  });
});

describe("how long stock must last, said with a verb of lasting, is a horizon", () => {
  it.each([
    ["how much do I send in so it lasts 2 months", 60],
    ["reorder amounts that will cover the coming 6 weeks", 42],
    ["what should I buy to see us through 120 days", 120],
    ["restock figures to last 45 days", 45],
    ["which skus will not last 10 days", 10],
  ])("%j", (q, days) => {
    const u = understand(q);
    expect(u?.filters.horizon_days, q).toBe(days);
    expect(u?.filters.timeframe, q).not.toBe(`last_${days}_days`);
  });
  it("a period after a comparison stays a period", () =>
    expect(understand("revenue this week compared to last 30 days")?.filters.compare_to).toBe("last_30_days"));
});

describe("a threshold in a verb of rising or falling, or in one hyphenated word", () => {
  it.each([
    ["let me know when my acos creeps past 35%", { metric: "acos", op: ">", value: 35 }],
    ["alert me if any listing's conversion rate dips below 7%", { metric: "conversion_rate", op: "<", value: 7 }],
    ["notify me when tacos on any campaign surpasses 12%", { metric: "tacos", op: ">", value: 12 }],
    ["flag it if returns for a product shoot past 9 percent", { metric: "refund_rate", op: ">", value: 9 }],
    ["tell me once a keyword's cpc breaches $3", { metric: "cpc", op: ">", value: 3 }],
    ["set up a refund-rate-over-8% alert", { metric: "refund_rate", op: ">", value: 8 }],
  ])("%j", (q, condition) => expect(understand(q)?.filters.conditions, q).toEqual([condition]));
  it("a period said with 'past' stays a period", () => {
    const u = understand("acos over the past 14 days");
    expect(u?.filters.timeframe).toBe("last_14_days");
    expect(u?.filters.conditions).toBeUndefined();
  });
});

describe("one picked out of many by its singular verb is a singular superlative", () => {
  it.each([
    ["which of our listings has the highest conversion rate"],
    ["which one of my campaigns gets the most clicks"],
    ["which of the items in my catalog sells the most units"],
  ])("%j", (q) => expect(understand(q)?.filters.limit, q).toBe(1));
  it("several picked out stay a list", () =>
    expect(understand("which of my listings have the highest conversion rates")?.filters.limit).toBeUndefined());
});
