// A seller dictating corrects themselves mid-sentence ("last week no wait last month", "in Germany, sorry I mean
// France", "sixty days, make that forty"): the value said after the correction replaces the one before it, whatever
// the kind (a period, a marketplace, a number with or without its unit, a figure). The words of a correction that sit
// between no two values of one kind ("sorry to bother you", "I mean it", "actually, …") take nothing back. Every
// phrasing is our own.
import { describe, expect, it } from "vitest";
import { withSelfCorrections } from "../../src/nlu/self-corrections.js";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a period taken back is replaced by the one said after it", () => {
  it.each([
    ["what were my orders yesterday no sorry today", "today"],
    ["revenue in the UK this month, or rather last month", "last_month"],
    ["show units sold for the past 30 days, wait, past 7 days", "last_7_days"],
    ["profit for this year actually last year please", "last_year"],
    ["how many orders did I get last month no I mean this month", "this_month"],
    ["ad spend over the last two weeks scratch that the last four weeks", "last_4_weeks"],
  ])("%j asks for %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("a marketplace taken back is replaced by the one said after it", () => {
  it.each([
    ["what's my revenue in France no wait Italy this month", "IT"],
    ["best sellers on amazon.de, sorry, amazon.fr last week", "FR"],
    ["refund rate in Spain I mean Mexico last month", "MX"],
    ["orders from the UK, correction, Ireland, yesterday", "IE"],
    ["how much profit did I make in japan or rather australia this year", "AU"],
    ["sessions last week in the UK, no, in Germany", "DE"],
    ["what sold best in poland um sorry in sweden this month", "SE"],
  ])("%j is %s", (q, marketplace) => expect(understand(q)?.filters.marketplace).toBe(marketplace));
});

describe("a number taken back is replaced, keeping the unit it was said with", () => {
  it.each([
    ["set my safety stock to twenty days, make that thirty", { safety_stock_days: 30 }],
    ["change the acos target to 25% sorry 22%", { target_acos: 22 }],
    ["update lead time to 45 days no wait 40 days", { lead_time_days: 40 }],
  ])("%j sets %j", (q, settings) => expect(understand(q)?.filters.settings).toEqual(settings));
  it.each([
    ["top 10 no sorry top 5 products by revenue last month", 5],
    ["show me the best seven, i mean best three products by units this week", 3],
  ])("%j is %i rows", (q, limit) => expect(understand(q)?.filters.limit).toBe(limit));
});

describe("a figure taken back is replaced by the one said after it", () => {
  it.each([
    ["top products by units sorry revenue last month", ["revenue"]],
    ["rank my skus by revenue no wait profit this quarter", ["profit"]],
    ["worst 3 products by orders, I mean by units, in the US last month", ["units_sold"]],
  ])("%j ranks by %j", (q, metrics) => expect(understand(q)?.filters.metrics).toEqual(metrics));
});

describe("words of a correction with no two values of one kind around them take nothing back", () => {
  it.each([
    ["sorry to bother you, what's my revenue this month"],
    ["I mean it, show me ACoS for last week"],
    ["actually, what's my best seller in Germany"],
    ["no wait, what were the orders yesterday"],
    ["revenue last month in the UK, actually"],
    ["units sold last week, sorry, in Germany"],
    ["make that report for the US last month"],
    // A bare "no" between figures says one is missing, not that one is taken back.
    ["listings with sessions no orders last week"],
    ["which products had revenue rather than profit last month"],
  ])("%j is unchanged", (q) => expect(withSelfCorrections(q)).toBe(q));
  it.each([
    // Two values of different kinds keep both.
    ["revenue last month sorry in the UK", { timeframe: "last_month", marketplace: "UK" }],
    ["profit in France, actually this year", { timeframe: "year_to_date", marketplace: "FR" }],
  ])("%j keeps both values", (q, filters) => expect(understand(q)?.filters).toMatchObject(filters));
});
