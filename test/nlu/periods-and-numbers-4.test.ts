// Classes of fault in periods, marketplaces' names, settings values and slot words that blind held-out splits showed,
// each over several phrasings of its own (none of them a held-out question), with a neighbour a fix must leave alone.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame } = frameChecks();
const timeframeOf = (...q: string[]) => understand(...q)?.filters.timeframe;

describe("a period named by its last day is that calendar period", () => {
  it.each([
    ["orders for the three months... no, the quarter ending 30 June", "2026-Q2"],
    ["refund rate in the quarter which closed on March 31st", "2026-Q1"],
    ["ad spend for the month ending 31 August", "2026-08"],
    ["what did France bring in over the month that ended July 31", "2026-07"],
    ["profit for the year ended December 31, 2025", "2025"],
    ["units month-end September", "2026-09"],
    ["payouts for quarter-end June", "2026-Q2"],
    ["fees for the calendar quarter ended december 31", "2025-Q4"],
  ])("%j", (q, token) => expect(timeframeOf(q), q).toBe(token));
  it("kept by a follow-up", () =>
    expect(timeframeOf("net profit in Spain for the month ended September 30", "and in Italy?")).toBe("2026-09"));
  it.each([
    ["sales for the quarter ending August 31", "2026-06-01..2026-08-31"],
    ["orders for the week ending November 15", "2026-11-09..2026-11-15"],
  ])("a day that closes no calendar period is the stretch ending on it: %j", (q, token) =>
    expect(timeframeOf(q), q).toBe(token),
  );
  it.each([
    ["revenue in the quarter that just ended", "last_quarter"],
    ["units sold in the quarter that ended, by marketplace", "last_quarter"],
  ])("without a day it stays the period just over: %j", (q, token) => expect(timeframeOf(q), q).toBe(token));
});

describe("a numbered fiscal year is that year", () => {
  it.each([
    ["units sold in FY2024", "2024"],
    ["profit for FY25 in germany", "2025"],
    ["how did ad spend look in fiscal year 2025", "2025"],
    ["refunds in the financial year 2024", "2024"],
  ])("%j", (q, token) => expect(timeframeOf(q), q).toBe(token));
  it("set against another fiscal year, it is a comparison", () =>
    expectFrame(["did fiscal 2024 beat fiscal 2023 on orders in France"], {
      intent: "sales_comparison",
      filters: { timeframe: "2024", compare_to: "2023", metrics: ["orders"] },
    }));
  it("restating the calendar months beside it adds no range", () =>
    expect(timeframeOf("revenue for FY2025 (jan-dec) in Spain")).toBe("2025"));
  it("keeping one's books a way is no profit asked", () =>
    expectFrame(["we keep our books in euros; what were sales in FY2025"], {
      intent: "sales_summary",
      filters: { timeframe: "2025", metrics: ["revenue"] },
    }));
  it("what the seller keeps is still profit", () =>
    expectFrame(["how much did we keep in october"], { intent: "sales_summary", filters: { metrics: ["profit"] } }));
});

describe("a month's possessive is the month", () => {
  it.each([
    ["show me July's refunds", "2026-07"],
    ["bid changes off August's figures for Yoga Mats - Broad", "2026-08"],
    ["march's payouts from amazon.de", "2026-03"],
    ["what were Q2's fees", "2026-Q2"],
  ])("%j", (q, token) => expect(timeframeOf(q), q).toBe(token));
  it.each([
    ["how do June's units compare to May's", "2026-06", "2026-05"],
    ["does October's ad spend stack up against September's", "2026-10", "2026-09"],
  ])("one month's against another's is a comparison: %j", (q, timeframe, compareTo) =>
    expect(understand(q)?.filters, q).toMatchObject({ timeframe, compare_to: compareTo }),
  );
});

describe("a marketplace written in its own language, accents and all", () => {
  it.each([
    ["units sold in Türkiye yesterday", "TR"],
    ["revenue from España last month", "ES"],
    ["orders in México this week", "MX"],
    ["top products in Polska", "PL"],
    ["how is Sverige doing on profit", "SE"],
    ["refunds in Nederland last month", "NL"],
    ["ad spend in België this month", "BE"],
    ["sales in Deutschland yesterday", "DE"],
  ])("%j", (q, code) => expect(understand(q)?.filters.marketplace, q).toBe(code));
});

describe("a setting's new value said with when it takes effect is a change", () => {
  it.each([
    ["my lead time is from now on 40 days", { lead_time_days: 40 }],
    ["the target acos going forward is 22%", { target_acos: 22 }],
    ["safety stock, starting today, 10 days", { safety_stock_days: 10 }],
    ["target ACoS from here on 30 percent", { target_acos: 30 }],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it("asking what a setting is stays a question", () =>
    expectFrame(["what is my target acos going forward"], { intent: "show_settings" }));
});

describe("two settings in one command both apply", () => {
  it.each([
    ["switch my currency to euros and put the lead time on 35 days", { currency: "EUR", lead_time_days: 35 }],
    ["set the buffer stock on 10 days and the lead time at 6 weeks", { safety_stock_days: 10, lead_time_days: 42 }],
    ["use GBP as the currency and the safety stock should go to 21 days", { currency: "GBP", safety_stock_days: 21 }],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it("a count of things after 'on' is no length", () =>
    expect(understand("how does safety stock work on 3 marketplaces")?.filters.settings).toBeUndefined());
});

describe("one product picked by a superlative is one row", () => {
  it.each([
    ["what's my best-selling article in France"],
    ["which item had the fewest orders last month"],
    ["which listing got the fewest orders in Germany"],
    ["my top-selling article this year"],
  ])("%j", (q) => expect(understand(q)?.filters.limit, q).toBe(1));
  it.each([["which products got the fewest orders"], ["my best-selling articles in France"]])(
    "several asked for stay several: %j",
    (q) => expect(understand(q)?.filters.limit, q).not.toBe(1),
  );
});

describe("goods counted in pieces or by unit volume are units sold", () => {
  it.each([
    ["which 3 listings sold the most pieces in France"],
    ["how many pieces did we shift in Germany last month"],
    ["top 5 products by unit volume this quarter"],
    ["rank my items on volume of units, lowest first"],
    ["articles sold per product last week, best first"],
  ])("%j", (q) => expect(understand(q)?.filters.metrics?.[0], q).toBe("units_sold"));
});

describe("products that have grown the fastest rank by growth", () => {
  it.each([
    ["which items have grown the most this quarter"],
    ["what has grown quickest in the UK over the last 90 days"],
    ["products that grow fastest in Spain"],
  ])("%j", (q) => expect(understand(q)?.filters.metrics?.[0], q).toBe("growth_rate"));
});

describe("a follow-up that switches a chart's buckets changes them, whatever the old ones are called in its reason", () => {
  const chart = "daily units in France over the last 90 days";
  it.each([
    ["change that to weeks please, daily is all over the place", "week"],
    ["can you make it monthly? daily is unreadable", "month"],
    ["months instead, the daily one is too spiky", "month"],
    ["turn it into quarters", "quarter"],
  ])("%j", (q, groupBy) =>
    expectFrame([chart, q], { intent: "sales_trend", filters: { group_by: groupBy, marketplace: "FR" } }),
  );
  it("a number of days instead is a period, not buckets", () =>
    expectFrame([chart, "30 days instead"], { intent: "sales_trend", filters: { timeframe: "last_30_days" } }));
  it("a column of days of supply is no daily bucket", () =>
    expect(understand("show days of supply for every sku in stock")?.filters.group_by).not.toBe("day"));
});

describe("a restock held up by a length of time is the horizon", () => {
  it.each([
    ["my Germany shipment slipped by 10 days, which products sell out meanwhile", 10],
    ["the inbound got pushed back by three weeks, what stocks out before it arrives", 21],
    ["the container is running behind by a month - what runs out first", 30],
  ])("%j", (q, days) => expectFrame([q], { intent: "stockout_risk", filters: { horizon_days: days } }));
  it("sales behind by a percentage is no horizon", () =>
    expect(understand("revenue was behind by 5% last week")?.filters.horizon_days).toBeUndefined());
});

describe("sales the ads brought, asked with another figure, keeps both in order", () => {
  it.each([
    ["what sales did my ads bring in during October, and at what ACoS", ["ad_sales", "acos"]],
    ["how much revenue our ads brought last week and the ROAS", ["ad_sales", "roas"]],
    ["the sales that the ppc generated in Spain plus the acos", ["ad_sales", "acos"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "advertising_summary", filters: { metrics } }));
});
