// One figure for the whole shop, twenty-ninth set. A seller who wants a single number says so in many ways: "the whole
// shop", "all products together", "only the total", "just the one %", "not per article", "across all three stores",
// "insgesamt". Whatever the figure (margin, refund rate, sessions, revenue), that is the total for the period
// (sales_summary), not the per-product or per-category analysis the figure usually comes with; a count of all the
// stores is no count of rows, and "one" said of the figure picks no single row. Around it: the seller's own word for
// sales ("sala", "salg", "försäljning"), a performance summary narrowed to a place or period (the insights), a figure
// that "got better from the second quarter to the third" (a comparison of the two), and "since September, a couple of
// buyers said…" (since September 1: the people are counted, not the day). Neighbours that ask for rows ("refund rate
// by product", "which products have the worst margin", "conversion per ASIN", "rank the whole range") keep their
// per-item intents. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

/** A total: the figure for everything, with no rows, no row count and no order. */
function expectOneTotal(q: string, metric: string, filters: Record<string, unknown> = {}) {
  expectFrame([q], { intent: "sales_summary", filters: { metrics: [metric], ...filters } });
  const f = understand(q)!.filters;
  expect(f.group_by, q).toBeUndefined();
  expect(f.limit, q).toBeUndefined();
  expect(f.sort, q).toBeUndefined();
}

describe("the whole shop's figure, said in words of everything, is one total", () => {
  it.each([
    ["our return rate for the whole store in October, for the tax adviser", "refund_rate", { timeframe: "2026-10" }],
    ["conversion rate of the entire shop last month", "conversion_rate", { timeframe: "last_month" }],
    ["what margin did the whole business make in Q3", "profit_margin", { timeframe: "2026-Q3" }],
    ["sessions for all products together in Germany this week", "sessions", { marketplace: "DE" }],
    ["refund rate, all my items combined, last quarter", "refund_rate", { timeframe: "last_quarter" }],
    ["page views of every listing added up for September", "page_views", { timeframe: "2026-09" }],
    ["margin across all 4 stores last month", "profit_margin", { timeframe: "last_month" }],
    ["conversion rate in all five marketplaces together year to date", "conversion_rate", {}],
    ["Retourenquote insgesamt im Oktober", "refund_rate", { timeframe: "2026-10" }],
    ["taux de retour en total pour le mois dernier", "refund_rate", {}],
  ])("%j is the total of %s", (q, metric, filters) => expectOneTotal(q, metric, filters));
});

describe("only the total, just the one number", () => {
  it.each([
    ["refund rate last quarter, only the total please", "refund_rate"],
    ["sessions in Italy in October - just the total", "sessions"],
    ["give me the margin for Q2, just one number", "profit_margin"],
    ["what's our conversion rate this year? only the one %", "conversion_rate"],
    ["return rate in the UK last month, a single figure for my bank", "refund_rate"],
    ["how many page views since the 1st of November, total only", "page_views"],
    ["profit margin for 2025, I only need one overall figure", "profit_margin"],
    ["the margin last month as one percentage, nothing else", "profit_margin"],
  ])("%j is one total of %s", (q, metric) => expectOneTotal(q, metric));
});

describe("rows turned down ask for the figure once", () => {
  it.each([
    ["how many sessions did we get in Spain last week? not per product", "sessions"],
    ["refund rate for October but not broken down", "refund_rate"],
    ["margin last quarter, no breakdown please", "profit_margin"],
    ["conversion rate in France this month, not by ASIN", "conversion_rate"],
    ["page views yesterday, not for each item", "page_views"],
    ["returns in the US in Q3 without a breakdown by SKU", "refund_rate"],
    ["our margin in September - not category by category, rather the whole thing", "profit_margin"],
    ["sessions since Monday, rather than per listing", "sessions"],
  ])("%j is one total of %s", (q, metric) => expectOneTotal(q, metric));
});

describe("the seller's own word for sales is revenue", () => {
  it.each([
    ["what was the sala in Spain last month?"],
    ["hvad var vores salg i Tyskland i oktober"],
    ["how big was the salget in Q3"],
    ["vad var vår försäljning i Sverige förra månaden"],
    ["wat was onze verkoop in juli"],
    ["our omsætning in the UK last week"],
    ["myynti this month in Germany"],
    ["the sala on amazon.fr yesterday"],
  ])("%j asks for revenue", (q) => {
    const u = understand(q);
    expect(u?.intent, q).toBe("sales_summary");
    expect(u?.filters.metrics?.[0], q).toBe("revenue");
  });
});

describe("a summary of how the business performed, narrowed to a place or period, is the performance insights", () => {
  it.each([
    ["quick performance summary for the UK last week", { marketplace: "UK", timeframe: "last_week" }],
    ["performance summary for Germany in October", { marketplace: "DE", timeframe: "2026-10" }],
    ["a short performance overview of Italy this month", { marketplace: "IT", timeframe: "this_month" }],
    ["brief performance recap for Spain for Q3", { marketplace: "ES", timeframe: "2026-Q3" }],
    ["performance summary for last quarter please", { timeframe: "last_quarter" }],
    ["give me a quick summary of how Canada performed in September", { marketplace: "CA", timeframe: "2026-09" }],
    ["summary of our performance in France yesterday", { marketplace: "FR", timeframe: "yesterday" }],
    ["brief overview of store performance in Japan last month", { marketplace: "JP", timeframe: "last_month" }],
  ])("%j is the performance summary", (q, filters) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "performance", ...filters } }),
  );
});

describe("a figure that got better or worse from one named period to another compares the two", () => {
  it.each([
    ["did our refund rate get better from the first quarter to the second?", "2026-Q2", "2026-Q1", "refund_rate"],
    ["has the margin got worse from the second quarter to the third quarter", "2026-Q3", "2026-Q2", "profit_margin"],
    ["did conversion get any better from August to September in the UK", "2026-09", "2026-08", "conversion_rate"],
    ["sessions - did they get better from the 2nd quarter to the 3rd?", "2026-Q3", "2026-Q2", "sessions"],
    ["did revenue become weaker from Q2 to Q3", "2026-Q3", "2026-Q2", "revenue"],
    ["did our return rate worsen from September to October?", "2026-10", "2026-09", "refund_rate"],
    ["has units sold recovered from the second quarter to the third", "2026-Q3", "2026-Q2", "units_sold"],
    ["did the page views get higher from July to August", "2026-08", "2026-07", "page_views"],
  ])("%j compares %s with %s", (q, timeframe, compare_to, metric) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to, metrics: [metric] } }),
  );
});

describe("since a month, with people counted after it, starts on the month's first day", () => {
  it.each([
    ["two customers told me HK-UTEN-02 arrived torn - what is its return rate since October", "2026-10-01..2026-11-21"],
    ["returns since August, 3 buyers complained about the size", "2026-08-01..2026-11-21"],
    ["sales since March, a couple of people told me the price is too high", "2026-03-01..2026-11-21"],
    ["conversion rate since July, 4 shoppers said the sizes run small", "2026-07-01..2026-11-21"],
    ["how many units since September - 5 of my customers wrote to me", "2026-09-01..2026-11-21"],
    ["refund rate since June, a couple of reviewers mention the colour", "2026-06-01..2026-11-21"],
    ["page views since October, two people asked me about the listing", "2026-10-01..2026-11-21"],
    ["returns since May, six clients sent it back", "2026-05-01..2026-11-21"],
  ])("%j is %s, with no row count", (q, timeframe) => {
    const u = understand(q);
    expect(u?.filters.timeframe, q).toBe(timeframe);
    expect(u?.filters.limit, q).toBeUndefined();
  });
});

describe("neighbours: rows asked for keep their per-item frame", () => {
  it.each([
    ["refund rate by product last quarter", "refund_analysis"],
    ["which products have the worst margin this year", "top_products"],
    ["conversion per ASIN in France last month", "conversion_analysis"],
    ["margin by category for Q3", "profit_margin_by_category"],
    ["rank the whole range by orders this week", "top_products"],
    ["rank everything in the whole shop by revenue", "top_products"],
    ["rank the whole shop by orders this week", "top_products"],
    ["sort the entire store by units sold last month", "top_products"],
    ["rank the whole catalogue by profit this quarter", "top_products"],
    ["sessions per product in Italy in October", "conversion_analysis"],
    ["top 3 products since September 2", "top_products"],
    ["which category has the best margin overall", "profit_margin_by_category"],
    ["quick summary of sales in Canada last month", "sales_summary"],
    ["refund rates for each product, not overall", "refund_analysis"],
  ])("%j stays %s", (q, intent) => expect(understand(q)?.intent, q).toBe(intent));
  it.each([
    ["sales since March 3", "2026-03-03..2026-11-21"],
    ["returns since September 2nd, customers keep complaining", "2026-09-02..2026-11-21"],
    ["revenue from the second quarter to the third quarter", "2026-04-01..2026-09-30"],
    ["units from Q1 to Q3", "2026-01-01..2026-09-30"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe, q).toBe(timeframe));
  it("a ranking cut to one row still says one", () =>
    expect(understand("which product has the worst refund rate, just the one")?.filters.limit).toBe(1));
  it("the top 3 products keep their count", () =>
    expect(understand("top 3 products by revenue since September 2")?.filters.limit).toBe(3));
});
