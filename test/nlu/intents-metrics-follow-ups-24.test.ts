// Intents, metrics and follow-ups, twenty-fourth set: a seller new to Amazon who learnt selling on Etsy, eBay or
// Shopify asks in those platforms' words and in plain beginner's words. GMV is revenue, a sold count is units sold,
// promoted listings are sponsored ads, visits are sessions, stock over-ordered or with a poor sell-through is excess
// stock, and listings "barely moving" in a ranking are still that ranking's rows. The other platform named only as
// background ("like the graph on the Etsy stats page", "as eBay calls it", "I'm coming over from Shopify") leaves a
// question about the seller's Amazon data; a question about their sales on that platform stays refused. The
// neighbours that must stay refused: what the market's top seller of a kind of goods earns, and an amount of money
// converted into another currency. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("GMV and gross merchandise value are revenue", () => {
  it.each([
    ["what was my GMV in the UK last month", "sales_summary", { marketplace: "UK", timeframe: "last_month" }],
    ["GMV by week for this quarter", "sales_trend", { group_by: "week", timeframe: "this_quarter" }],
    ["compare GMV this month with last month", "sales_comparison", { compare_to: "last_month" }],
    ["gross merchandise value for Pet Supplies yesterday", "sales_summary", { category: "Pet Supplies" }],
    ["how much GMV did the Toys & Games category do this year", "sales_summary", { timeframe: "year_to_date" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters: { ...filters, metrics: ["revenue"] } }));
});

describe("a sold count, a number sold or a qty sold is units sold", () => {
  it.each([
    ["sold count in Germany yesterday", "sales_summary", { marketplace: "DE", timeframe: "yesterday" }],
    ["which 3 products had the highest sold count last week", "top_products", { limit: 3, sort: "desc" }],
    ["sold count per day for the last 2 weeks", "sales_trend", { group_by: "day", timeframe: "last_2_weeks" }],
    ["what's the number sold for B0HKCOOK01 this month", "sales_summary", { asin: "B0HKCOOK01" }],
    ["qty sold last month vs the month before", "sales_comparison", { timeframe: "last_month" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters: { ...filters, metrics: ["units_sold"] } }));

  it.each([
    [["GMV this month", "and the sold count?"], "sales_summary", { timeframe: "this_month" }],
    [["top 5 by revenue this month", "by sold count instead"], "top_products", { limit: 5 }],
    [["weekly revenue since September", "make it sold count"], "sales_trend", { group_by: "week" }],
  ])("asked again as a follow-up: %j", (qs, intent, filters) =>
    expectFrame(qs, { intent, filters: { ...filters, metrics: ["units_sold"] } }),
  );
});

describe("promoted listings are sponsored ads, and what they cost is ad spend", () => {
  it.each([
    ["how much did I spend on promoted listings in October", { timeframe: "2026-10", metrics: ["ad_spend"] }],
    ["what's the ACoS on my promoted listings this quarter", { metrics: ["acos"] }],
    [
      "promoted listings this month: what did they set me back, and what did they sell?",
      { metrics: ["ad_spend", "ad_sales"] },
    ],
    ["my ads, how much did they cost me last month", { timeframe: "last_month", metrics: ["ad_spend"] }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "advertising_summary", filters }));
});

describe("visits and views to listings are sessions and page views", () => {
  it.each([
    ["total visits to my shop yesterday", "sales_summary", { metrics: ["sessions"] }],
    ["how many views did my listings get last week", "conversion_analysis", { metrics: ["page_views"] }],
    ["which items had the most visits this month", "conversion_analysis", { metrics: ["sessions"], sort: "desc" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("stock over-ordered, over-bought or with a poor sell-through is excess stock", () => {
  it.each([
    ["did I over-order anything in Home & Kitchen", { category: "Home & Kitchen" }],
    ["which products did I overbuy", {}],
    ["what have I overordered", {}],
    ["I think I overbought on dog toys, how bad is it", { subcategory: "Dog Toys" }],
    ["which listings have poor sell through in Pet Supplies", { category: "Pet Supplies" }],
    ["sell through rate is terrible on the puzzles, what should I do", { subcategory: "Puzzles" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "excess_inventory", filters }));
});

describe("listings 'barely moving' said after a ranking leave the ranking as it is", () => {
  it.each([
    ["bottom 5 products by units this quarter, the ones that are hardly moving", { limit: 5, sort: "asc" }],
    ["lowest 4 items for revenue last month, which are barely selling", { limit: 4, sort: "asc" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  // A name the spelling fixer takes for "barely" is still another seller.
  it('a name read as "barely" stays another seller', () => refused("how many units did Barkly sell last month"));
});

describe("another platform named only as background leaves a question about the Amazon data", () => {
  it.each([
    [
      "how are my shop's sales this week, like the Shopify dashboard shows",
      "sales_summary",
      { timeframe: "this_week", metrics: ["revenue"] },
    ],
    [
      "show me orders per day for October, similar to the eBay seller hub graph",
      "sales_trend",
      { group_by: "day", metrics: ["orders"] },
    ],
    ["conversion rate by listing last month, the way Etsy shows it", "conversion_analysis", { group_by: "asin" }],
    ["refund rate by product last quarter, like I used to see on eBay", "refund_analysis", { group_by: "asin" }],
    ["page views this week (same as the etsy stats page)", "conversion_analysis", { metrics: ["page_views"] }],
    ["sessions by day this month like on shopify analytics", "sales_trend", { metrics: ["sessions"] }],
    ["similar to Etsy's shop stats, how many visits did I get yesterday", "sales_summary", { metrics: ["sessions"] }],
    ["total sales this week (what Shopify calls gross sales)", "sales_summary", { metrics: ["revenue"] }],
    ["GMV in Germany last month, as eBay calls it", "sales_summary", { marketplace: "DE", metrics: ["revenue"] }],
    ["what's my sold count in eBay terms for October", "sales_summary", { metrics: ["units_sold"] }],
    [
      "my top 5 items by orders this year, the same as eBay's sold listings report",
      "top_products",
      { limit: 5, timeframe: "year_to_date", metrics: ["orders"] },
    ],
  ])("compared with the platform: %j", (q, intent, filters) => expectFrame([q], { intent, filters }));

  it.each([
    ["I came over from eBay - what was my refund rate last quarter?", "refund_analysis", { timeframe: "last_quarter" }],
    [
      "I'm new to amazon, used to sell on etsy, how many orders did I get yesterday",
      "sales_summary",
      { metrics: ["orders"] },
    ],
    ["units sold this month - I'm switching over from Shopify", "sales_summary", { metrics: ["units_sold"] }],
    ["Before Amazon I was on eBay for years - how many units did I sell yesterday?", "sales_summary", {}],
    [
      "I sold on Etsy for 5 years, now which listings are my best sellers this month?",
      "top_products",
      { timeframe: "this_month" },
    ],
    ["I used to sell on Etsy. What's my revenue this month?", "sales_summary", { metrics: ["revenue"] }],
  ])("the seller's past on the platform: %j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("the seller's figures on another platform stay out of domain", () => {
  it.each([
    ["what were my eBay sales yesterday"],
    ["pull my Shopify orders for October"],
    ["conversion rate on my Etsy listings"],
    ["how much did I sell on Depop last month"],
    ["my Vinted sales this week"],
    ["how are my sales on etsy compared to amazon"],
    ["I used to sell on eBay, how much did I sell on eBay last month"],
    ["how much did I sell on Amazon as well as on eBay last month"],
    ["I'd like my eBay sales for last month"],
    ["is eBay better than Amazon for selling puzzles"],
  ])("%j is invalid_query", refused);
});

describe("what the market's top seller of a kind of goods earns stays out of domain", () => {
  it.each([
    ["how much does the biggest seller of dog beds make per month"],
    ["how much money does the best seller in yoga mats bring in monthly"],
    ["what's the annual revenue of the top seller in Home & Kitchen"],
    ["roughly how much does the largest seller in pet supplies earn a year"],
    ["how many units a week does the top seller in dog toys sell"],
    ["how much does the top seller in puzzles make"],
  ])("%j is invalid_query", refused);

  it.each([
    // The seller's own best product, by its possessive or a period of theirs.
    ["how much does my best seller in Pet Supplies make a month", { category: "Pet Supplies", limit: 1 }],
    ["what did my top seller in yoga mats make last month", { timeframe: "last_month", limit: 1 }],
    ["how much did the top seller in Pet Supplies earn this month", { timeframe: "this_month", limit: 1 }],
    ["what's the best seller in Pet Supplies each month", { category: "Pet Supplies" }],
  ])("%j stays the seller's top product", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
});

describe("an amount of money converted into another currency stays out of domain", () => {
  it.each([
    ["can you convert $1,000 into euros"],
    ["what is 250 pounds in dollars"],
    ["how many yen is £80"],
    ["exchange 3000 sek to eur"],
    ["turn 45 euros into pounds please"],
  ])("%j is invalid_query", refused);

  it.each([
    ["convert my October payout into dollars", "payouts", { timeframe: "2026-10" }],
    ["report in euros from now on", "update_settings", { settings: { currency: "EUR" } }],
  ])("the seller's own figures or setting in a currency: %j", (q, intent, filters) =>
    expectFrame([q], { intent, filters }),
  );
});
