// Totals, thirty-seventh set: one figure for the whole shop, asked as a total, whatever the figure. Traffic counted
// once for everything ("total sessions", "how many page views did we get", "…, the total number only") is a total of
// sales_summary, not the per-product table of conversion_analysis; money the seller nets, clears, pockets or takes home
// is what is left once costs are paid, the profit, not the sales; and Amazon's fees named whole with their parts listed
// as what they include ("referral and FBA and everything", "including FBA and referral") are the whole fees, not the
// first part named. Their neighbours keep their frames: traffic per listing, for one product or one category, ranked or
// beside conversion stays conversion_analysis; net sales and net revenue stay revenue; a fee asked alone stays that fee.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("traffic counted once for the whole shop is a total", () => {
  it.each([
    ["total sessions for the past 30 days", "sessions"],
    ["what were my total page views in September", "page_views"],
    ["how many sessions did we get in the UK this month", "sessions"],
    ["how many page views did our store get last week", "page_views"],
    ["how many visits did I have yesterday, just the number", "sessions"],
    ["sessions across my listings last month, total number only", "sessions"],
    ["page views on amazon.de this quarter, only the number please", "page_views"],
    ["how much traffic did the whole shop get in October, the total figure only", "sessions"],
    ["my total session count for last week", "sessions"],
    ["how many sessions did the shop got last month in total", "sessions"],
    ["how many page views did my business pull in over the past 14 days", "page_views"],
    ["cuántas sesiones tuvimos en octubre en total", "sessions"],
    ["quante sessioni abbiamo avuto a ottobre in totale", "sessions"],
    ["wie viele Sitzungen hatten wir im Oktober insgesamt", "sessions"],
  ])("%j is a total of %s", (q, metric) =>
    expectFrame([q], { intent: "sales_summary", filters: { metrics: [metric] } }),
  );
});

describe("money netted, cleared or taken home is profit", () => {
  it.each([
    ["how much did we net in September"],
    ["what did the business net last quarter"],
    ["how much have I netted so far this year"],
    ["how much did I actually take home last month"],
    ["how much money did the German store net this year"],
    ["what did we pocket in Q3"],
    ["how much cash have we cleared this month"],
    ["did last week net us anything"],
    ["how much I take home this month from amazon?"],
  ])("%j asks for the profit", (q) => expectFrame([q], { intent: "sales_summary", filters: { metrics: ["profit"] } }));
  it("taking money home names no Home & Kitchen", () => {
    const { understand } = frameChecks(FIXTURE_VOCABULARY);
    expect(understand("what did we take home in October")?.filters.category).toBeUndefined();
  });
});

describe("fees named whole with their parts listed as included are the whole fees", () => {
  it.each([
    ["all the fees we paid in October, referral, FBA, storage and the rest"],
    ["my amazon fees this year including referral and fulfilment"],
    ["how much did I pay in fees last quarter, e.g. referral, FBA"],
    ["fees for Q3 - referral, closing fees, FBA, all of it"],
    ["what were my fees last month such as referral and storage and so on"],
    ["amazon fees in total for 2025, including FBA, referral and storage"],
    ["what did amazon take in fees in September, referral and fba and everything else"],
    ["fees last month incl. FBA and referral"],
  ])("%j asks for the fees", (q) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics: ["fees"] } }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["how many sessions did B0SOYOGA01 get this week", "conversion_analysis", ["sessions"]],
    ["sessions per listing last month", "conversion_analysis", ["sessions"]],
    ["sessions and conversion rate this month", "conversion_analysis", ["sessions", "conversion_rate"]],
    ["which listings got the most sessions last week", "conversion_analysis", ["sessions"]],
    ["how many sessions did the Pet Supplies listings get last month", "conversion_analysis", ["sessions"]],
    ["top 3 products by total page views", "conversion_analysis", ["page_views"]],
    ["how many refunds did I get last month", "refund_analysis", ["refund_rate"]],
    ["net revenue last quarter", "sales_summary", ["revenue"]],
    ["what were net sales in France last month", "sales_summary", ["revenue"]],
    ["which products lose money", "profit_breakdown", ["profit"]],
    ["referral fees last month", "profit_breakdown", ["referral_fees"]],
    ["what did FBA fees cost me in October", "profit_breakdown", ["fba_fees"]],
    ["referral and FBA fees this year", "profit_breakdown", ["referral_fees", "fba_fees"]],
  ])("%j is %s", (q, intent, metrics) => expectFrame([q], { intent, filters: { metrics } }));
  it("clearing out stock is no money made", () => {
    const { understand } = frameChecks(FIXTURE_VOCABULARY);
    expect(understand("how do we clear out the slow stock")?.filters.metrics ?? []).not.toContain("profit");
  });
});
