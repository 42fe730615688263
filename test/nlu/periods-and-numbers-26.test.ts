// Which figure, which order and which period a request names, said the way sellers say them rather than in report
// words. A period told as a reach back from today ("going back 6 months", "looking back over the past 8 weeks") is
// that many units up to today, as "the last 6 months" is; a learner's "from begin of the year" is the start of the
// year. A list's order told by the end it starts from ("show from the most negative", "starting with the biggest
// loss", "begin with the highest") is the order from that end. A superlative phrase ("the most visited", "the least
// visited") says which end even when another figure is named to rank by ("…, by sessions"). A percentage with a plus
// ("15%+", "15+%") is that percentage or more. A whole figure with some of its parts in brackets as examples ("fees
// (e.g. referral, FBA)", "charges (storage, FBA, etc.)") is the whole figure. Neighbours keep their frames: both ends named ("from the lowest to the
// highest"), "from the top 10 products" (a limit), plain "300+ days", and a part named before its brackets ("referral
// fees (not FBA)"). Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a reach back from today is the last N units", () => {
  it.each([
    ["refunds by week going back 8 weeks", "last_8_weeks"],
    ["ad spend per day, going back 14 days", "last_14_days"],
    ["show my sales looking back over the past 3 months", "last_3_months"],
    ["orders by month reaching back 12 months", "last_12_months"],
    ["revenue going back 2 years", "last_24_months"],
    ["units sold by week, stretching back 10 weeks", "last_10_weeks"],
    ["fees per month going back 4 months", "last_4_months"],
    ["sessions per day looking back 21 days", "last_21_days"],
    ["ventas por mes going back 6 months", "last_6_months"],
  ])("%j covers %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("the start of a period said without its noun's ending", () => {
  it.each([
    ["sales since the begin of the year", "year_to_date"],
    ["revenue from begin of the month", "this_month"],
    ["orders from begin of the quarter", "this_quarter"],
    ["my units sold since begin of the week", "this_week"],
    ["ad spend from the begin of this year", "year_to_date"],
    ["refunds since begin of the month please", "this_month"],
    ["what did I sell from begin of the year", "year_to_date"],
    ["profit from begin of the quarter", "this_quarter"],
  ])("%j covers %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("the end a list starts from gives its order", () => {
  it.each([
    ["profit by product, start with the most negative", "asc"],
    ["list my asins by profit starting from the lowest", "asc"],
    ["which skus lose money? begin with the biggest losses", "asc"],
    ["net profit per product this month, from the most negative", "asc"],
    ["margin by category starting with the smallest", "asc"],
    ["profit per sku, leading with the deepest losses", "asc"],
    ["units sold per product starting with the highest", "desc"],
    ["ad spend by campaign, start from the biggest", "desc"],
    ["sort campaigns by acos, beginning with the highest", "desc"],
    ["revenue by category, start at the top", "desc"],
  ])("%j sorts %s", (q, sort) => expect(understand(q)?.filters.sort).toBe(sort));
});

describe("a superlative says which end when another figure ranks", () => {
  it.each([
    ["the 3 most visited products last week, by page views", "desc"],
    ["the ten least visited listings, by sessions", "asc"],
    ["most viewed asins in Germany by sessions", "desc"],
    ["least viewed products this month, ranked by sessions", "asc"],
    ["my most visited listings in France, by sessions", "desc"],
    ["which 5 items are the most viewed, by sessions please", "desc"],
    ["the least visited skus over the last 2 weeks by sessions", "asc"],
    ["show the most visited products by sessions", "desc"],
  ])("%j sorts %s", (q, sort) => expect(understand(q)?.filters.sort).toBe(sort));
});

describe("a percentage with a plus is that percentage or more", () => {
  it.each([
    ["keywords with a 12+% conversion rate", "conversion_rate", 12],
    ["search terms with 20%+ conversion last month", "conversion_rate", 20],
    ["campaigns running at 40%+ acos", "acos", 40],
    ["asins with a refund rate of 8%+", "refund_rate", 8],
    ["keywords with ctr 1.5%+ this week", "ctr", 1.5],
    ["listings converting at 10 %+ in the UK", "conversion_rate", 10],
    ["categories with margins of 30+ % this quarter", "profit_margin", 30],
    ["campaigns where acos is 35%+ last week", "acos", 35],
  ])("%j keeps %s at least %d", (q, metric, value) =>
    expect(understand(q)?.filters.conditions).toContainEqual({ metric, op: ">=", value }),
  );
});

describe("a whole figure with its parts in brackets as examples is the whole figure", () => {
  it.each([
    ["my fees (e.g. referral and FBA) last month"],
    ["what did I pay in amazon charges (storage, fba, referral etc.) this quarter"],
    ["fees this year (including FBA and referral)"],
    ["how much in fees (referral, fba, closing, the lot) in Germany last quarter"],
    ["seller fees for October (fba, referral, storage and so on)"],
    ["total fees (fba, referral, whatever else) last 30 days"],
    ["amazon fees in France (like FBA and referral) since June"],
    ["fees on my US store (referral, storage, everything) this year"],
  ])("%j asks for all fees", (q) => expect(understand(q)?.filters.metrics?.[0]).toBe("fees"));
});

describe("neighbours keep their frames", () => {
  it("a part named before its brackets stays that part", () =>
    expect(understand("referral fees (not FBA) last month")?.filters.metrics?.[0]).toBe("referral_fees"));
  it.each([
    ["profit by product from the lowest to the highest", "asc"],
    ["show profit by sku, lowest first", "asc"],
    ["orders from the top 10 products", "desc"],
    ["sales from the most expensive products", "desc"],
    ["top 5 listings by sessions this month", "desc"],
  ])("%j sorts %s", (q, sort) => expect(understand(q)?.filters.sort).toBe(sort));
  it.each([
    ["sales going back to the start of the year", "year_to_date"],
    ["orders over the last 6 months", "last_6_months"],
  ])("%j covers %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it("a plain count with a plus stays at least that many", () =>
    expect(understand("products with 300+ days of stock")?.filters.conditions).toContainEqual({
      metric: "days_of_supply",
      op: ">=",
      value: 300,
    }));
  it("an ordinary threshold after its value is unchanged", () =>
    expect(understand("campaigns with acos 40% or more")?.filters.conditions).toEqual([
      { metric: "acos", op: ">=", value: 40 },
    ]));
});
