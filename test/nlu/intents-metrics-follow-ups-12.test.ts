// Which figures a question asks for and in which order, twelfth set: what the ads brought in asked after what they
// cost (ad sales), one category's totals with its margin after the profit (a summary, not a table of categories), how
// one product's figure moved week to week or day to day (a trend), reviews that come in more slowly (their count), the
// product a seller thinks of dropping (why they ask, not a fall in sales), volume (units sold), where the money went
// with the cost lines named (those lines first), and losing the buy box the most (the lowest share first). Every
// phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("what the ads brought in, asked after what they cost, is ad sales", () => {
  it.each([
    ["what did my ads cost and what did they bring in last month"],
    ["how much did ppc cost me vs how much it made this year"],
    ["ad spend in October against what it generated"],
    ["how much did I spend on ads and how much did they make in the UK"],
    ["what did sponsored ads cost me compared with what they earned this quarter"],
  ])("%j", (q) => expectFrame([q], { intent: "advertising_summary", filters: { metrics: ["ad_spend", "ad_sales"] } }));
  it.each([
    // What the ads brought in alone is still ad sales; the spend alone stays the spend.
    ["what did my ads bring in last month", ["ad_sales"]],
    ["what did ads cost me last month", ["ad_spend"]],
  ])("%j stays as it was", (q, metrics) => expectFrame([q], { intent: "advertising_summary", filters: { metrics } }));
});

describe("one category's totals, or its profit with the margin after it, are that category's summary", () => {
  it.each([
    ["totals for Pet Supplies in October, profit and then the margin", "Pet Supplies"],
    ["profit and margin for Toys & Games last quarter", "Toys & Games"],
    ["Office Products on amazon.co.uk this year: profit first, margin second", "Office Products"],
    ["give me the totals for Home & Kitchen in Q2, margin and profit", "Home & Kitchen"],
  ])("%j", (q, category) => {
    expectFrame([q], { intent: "sales_summary", filters: { category } });
    expect(understand(q)?.filters.group_by).toBeUndefined();
  });
  it.each([
    // A margin alone for one category, or profit and margin per category, stay the margins' table.
    ["what margin did Beauty & Personal Care run at in September", "profit_margin_by_category"],
    ["profit and margin for every category last quarter", "profit_margin_by_category"],
    // Ranked inside the category, they are its products.
    ["rank my Pet Supplies by profit and margin", "top_products"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("how one product's figure moved week to week, day to day or month on month is a trend in those buckets", () => {
  it.each([
    ["how have sessions on SO-YOGA-01 moved day to day this month", "day", "sessions"],
    ["how has B0OPDESK01's conversion changed month on month this year", "month", "conversion_rate"],
    ["page views on B0OPDESK01 from week to week over the last quarter", "week", "page_views"],
    ["has the conversion rate for PS-DOGT-01 gone up from week to week since August", "week", "conversion_rate"],
  ])("%j", (q, group_by, metric) =>
    expectFrame([q], { intent: "sales_trend", filters: { group_by, metrics: [metric] } }),
  );
  it.each([
    // Said without how it moved, a product's traffic per bucket is drawn over time as well (a figure per day or week
    // is its series: periods-and-numbers-20).
    ["conversion rate for B0OPDESK01, daily, last 4 weeks", "sales_trend"],
    ["sessions for SO-YOGA-01 per week", "sales_trend"],
    // The buy box keeps its own question.
    ["how has the buy box on B0OPDESK01 moved week to week", "buy_box_share"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("reviews coming in more slowly are the review count", () => {
  it.each([
    ["PS-DOGT-01 used to pick up three reviews a month, now it's barely one"],
    ["we got a handful of reviews every week on B0OPDESK01, has that slowed?"],
    ["are we getting fewer reviews on SO-YOGA-01 than we used to"],
    ["the yoga mat got new reviews each week last spring - why have they stopped?"],
    ["PS-DOGT-01 reviews aren't coming in like before"],
  ])("%j", (q) => expectFrame([q], { intent: "declining_reviews", filters: { metrics: ["review_count"] } }));
  it.each([["has the star rating on SO-YOGA-01 slipped"], ["are my reviews getting worse on PS-DOGT-01"]])(
    "%j stays the rating",
    (q) => expectFrame([q], { intent: "declining_reviews", filters: { metrics: ["review_rating"] } }),
  );
});

describe("the product a seller is thinking of dropping is why they ask, not a fall in its sales", () => {
  it.each([
    ["what sold worst last month? I'm considering discontinuing it"],
    ["lowest revenue sku in Q3, we might delist it"],
    ["which asin made the least money this year - thinking of axing it"],
    ["which listing had the fewest sales in October? might pull that one"],
  ])("%j", (q) => expectFrame([q], { intent: "top_products", filters: { metrics: ["revenue"], sort: "asc" } }));
  it("a category weighed for dropping still names the categories asked about", () =>
    expectFrame(["thinking of dropping one of my categories - margin for each over the past year?"], {
      intent: "profit_margin_by_category",
    }));
  it("sales that are dropping are still a fall", () =>
    expectFrame(["which products are dropping in sales"], {
      intent: "top_products",
      filters: { metrics: ["growth_rate"] },
    }));
});

describe("volume is units sold", () => {
  it.each([
    ["top 3 by vol in the uk last month"],
    ["rank my products by volume this quarter"],
    ["best 10 by units vol this year"],
    ["which skus moved the most volume last week"],
  ])("%j", (q) => expectFrame([q], { intent: "top_products", filters: { metrics: ["units_sold"], sort: "desc" } }));
  it.each([
    ["what's the volume on B0OPDESK01 this week", "sales_summary", "units_sold"],
    // Orders, traffic and reviews counted in volume keep their own figure.
    ["order volume last month", "sales_summary", "orders"],
    ["what's my traffic volume this week", "conversion_analysis", "sessions"],
  ])("%j", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
  it("a figure named twice after a comparison keeps the comparison", () =>
    expectFrame(["revenue this month vs last month in Spain", "what about units? volume is what matters here"], {
      intent: "sales_comparison",
      filters: { metrics: ["units_sold"], compare_to: "last_month" },
    }));
});

describe("where the money went, with the cost lines named, leads with those lines", () => {
  it.each([
    ["where did my money go last month, mostly fba fees and storage", ["fba_fees", "storage_fees"]],
    ["where's all my money going this quarter? mainly ads and cogs I think", ["ad_spend", "cost_of_goods"]],
    ["where has the money gone in September - commission and product costs", ["referral_fees", "cost_of_goods"]],
    ["referral fees, fba fees, ads and cogs last month", ["referral_fees", "fba_fees", "ad_spend", "cost_of_goods"]],
  ])("%j", (q, metrics) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics } }));
  it("where the money went, no line named, is the whole P&L, no revenue figure", () => {
    expectFrame(["where did all my money go in August"], { intent: "profit_breakdown" });
    expect(understand("where did all my money go in August")?.filters.metrics).toBeUndefined();
  });
});

describe("losing the buy box the most is the lowest buy box share first", () => {
  it.each([
    ["which products lose the buy box the most"],
    ["where am I losing the buybox most often in Germany"],
    ["which asins lose the most featured offer"],
    ["which listings do I lose the bb on most in france"],
  ])("%j", (q) =>
    expectFrame([q], { intent: "buy_box_share", filters: { metrics: ["buy_box_percentage"], sort: "asc" } }),
  );
  it.each([
    ["which listings win the buy box most", "buy_box_share", "desc"],
    // A loss said in words ranks from the lowest profit however "most" is placed.
    ["which products are losing money the most", "profit_breakdown", "asc"],
  ])("%j is %s sorted %s", (q, intent, sort) => expectFrame([q], { intent, filters: { sort } }));
});
