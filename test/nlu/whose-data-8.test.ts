// Whose data a question is about, eighth set: stock sent into FBA, a campaign's budget set to an amount, repricing
// switched on, another site's traffic by its address, a rival brand's figures, Amazon's return windows and inbound
// cut-offs, and sales made at a stall or fair are refused; and, the other way, a question relayed from a client, an
// accountant or a boss, a ranking asked beside the deal it decides, a figure wanted on its own line and findings of a
// kind asked for openly ("anything risky…") are answered.
// Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("stock sent into FBA is a shipment made in Seller Central", () => {
  it.each([
    ["ship 120 of the yoga mats into FBA please"],
    ["can you send in 500 units of HK-UTEN-02 to amazon"],
    ["please send the dog toys to FBA today"],
  ])("%j is invalid_query", refused);
  it.each([
    // Asked as advice, it is a restock question.
    ["what should I send to FBA this week?", "restock_recommendations"],
    ["how many units of PS-DOGT-01 should I send to FBA?", "restock_recommendations"],
    ["which products should I ship to amazon next?", "restock_recommendations"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a campaign's budget set to an amount, and repricing switched on, are done elsewhere", () => {
  it.each([
    ["raise the Yoga Mats - Broad campaign budget to $80 a day"],
    ["could you lower Dog Toys - Exact's budget down to $20"],
    ["set the Yoga Mats - Broad daily budget up to 40 dollars"],
    ["enable the repricer on my Home & Kitchen products"],
    ["switch on auto-repricing for HK-UTEN-02"],
    ["set up automated repricing for everything in Beauty"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which campaigns need more budget?", "acos_by_campaign"],
    ["is Yoga Mats - Broad limited by budget?", "acos_by_campaign"],
    ["turn on a price change alert for Pet Supplies", "price_changes"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("another site's figures, named by its address, are not in the Amazon mirror", () => {
  it.each([["what's my conversion rate on ebay.com this month?"], ["target.com traffic to my products last week"]])(
    "%j is invalid_query",
    refused,
  );
  it.each([
    [
      "how many sessions did my listings get on amazon.com in October?",
      "conversion_analysis",
      { marketplace: "US", timeframe: "2026-10" },
    ],
    ["sessions and conversion for my listings in October", "conversion_analysis", { timeframe: "2026-10" }],
  ])("%j stays ours", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a rival brand's figures are another business's", () => {
  it.each([
    ["how much revenue does the top rival brand in yoga mats make a month?"],
    ["monthly sales of the biggest competitor brand in puzzles"],
    ["what are the biggest competing sellers' profits in Beauty?"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what's my monthly revenue in Dog Toys?", "sales_trend"],
    ["what prices are competing sellers charging for my puzzle?", "competitor_pricing"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("Amazon's own policies and deadlines are Amazon's to set", () => {
  it.each([
    ["is amazon changing the returns window this christmas?"],
    ["does amazon allow longer returns over the holidays?"],
    ["what's the holiday return period on amazon this year?"],
    ["when's the FBA cut-off for getting stock in before Black Friday?"],
    ["what's the deadline to send inventory to FBA for prime day?"],
    ["latest date to get inbound checked in for Christmas?"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what was my refund rate over the holidays?", "refund_analysis"],
    ["how many returns did I get after christmas last year?", "refund_analysis"],
    ["what should I restock before christmas?", "restock_recommendations"],
    ["which products will run out before christmas?", "stockout_risk"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("sales made off Amazon, at a stall, a fair or a pop-up, are not in the mirror", () => {
  it.each([
    ["what did I sell at the craft fair in November?"],
    ["how much did we take at our market stall on Saturday?"],
    ["revenue from my pop-up shop last month"],
    ["units sold in person at trade shows this year"],
  ])("%j is invalid_query", refused);
  it.each([
    // "stall" as a verb is the seller's sales standing still, and never "corrected" into "stale".
    ["did my sales stall in October?", "sales_summary"],
    ["how many units did I sell in October?", "sales_summary"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a question relayed from someone of the seller's business is the seller's own", () => {
  it.each([
    [
      "client asked which Beauty SKU was their number one earner in Germany over the past 60 days",
      "top_products",
      { marketplace: "DE", timeframe: "last_60_days" },
    ],
    [
      "client wants to know which Home & Kitchen product was their number one seller in Spain last month",
      "top_products",
      { marketplace: "ES", timeframe: "last_month" },
    ],
    ["the accountant wants to know how much we refunded in Q3", "refund_analysis", { timeframe: "2026-Q3" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([["my client asked me to write a poem about sales"]])("%j: the world stays refused", refused);
});

describe("a ranking asked beside the deal it decides keeps its own period", () => {
  it.each([
    [
      "rank Beauty by units over the last 30 days, I need to decide what gets the Cyber Monday deal",
      "top_products",
      { timeframe: "last_30_days" },
    ],
    [
      "which Home & Kitchen items sold best in the past 8 weeks, we need to choose what gets a Boxing Day discount",
      "top_products",
      { timeframe: "last_8_weeks" },
    ],
    // A period set against the question's is still compared.
    ["how much did I sell last week, checking against last month", "sales_comparison", { timeframe: "last_week" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("where a figure goes on the page asks nothing of the data", () => {
  it.each([
    [
      "what was the French gross for July on its own line?",
      "sales_summary",
      { marketplace: "FR", timeframe: "2026-07" },
    ],
    [
      "My bookkeeper wants the Italian gross for Q1 on a separate line. What was it?",
      "sales_summary",
      { marketplace: "IT", timeframe: "2026-Q1" },
    ],
    ["show each marketplace's sales last month", "sales_summary", { group_by: "marketplace" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("findings of a kind asked for openly are the insights of that kind", () => {
  it.each([
    ["anything dangerous going on?"],
    ["is there anything concerning I should look at"],
    ["any threats I should know of this week?"],
  ])("%j is the risks", (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "risks" } }));
  it.each([
    // A figure named is asked about itself.
    ["any problems with my ads?", "advertising_summary"],
    ["anything worrying in my ad spend?", "advertising_summary"],
  ])("%j stays on its figure", (q, intent) => expectFrame([q], { intent }));
});
