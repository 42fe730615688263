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
