// Whose data a question is about, twenty-sixth set: plainly worded questions whose intent hid behind a contraction, a
// remark or an everyday word, and what lies outside the seller's data however it is worded. A category asked by its
// margin "'s got" the best of is the margins by category; all the stock "in money" is what it is worth; Amazon's money
// landing in the seller's account is a payout; a remark after the question ("the beds should be picking up", "is it
// creeping up?") asks no ranking or trend. Outside: the market's biggest seller of a kind of goods and its turnover, fees
// or prices as Amazon charges them in general, and commands that change campaigns, budgets, bids or prices on Amazon
// (seller-ai reads the account and changes only its own settings and alerts). Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe('a kind of thing that "\'s got" the best of a figure is that thing ranked by it', () => {
  it.each([
    ["what category's got the highest margin", "profit_margin_by_category", { group_by: "category", limit: 1 }],
    ["which category's got the worst margin in Italy last month", "profit_margin_by_category", { sort: "asc" }],
    ["which campaign's got the worst acos", "acos_by_campaign", { group_by: "campaign", limit: 1 }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // "has got" said in full reads as it did.
  it("a category that has got the best margin is the margins by category", () =>
    expectFrame(["which category has got the best margin in France"], {
      intent: "profit_margin_by_category",
      filters: { marketplace: "FR", limit: 1 },
    }));
});

describe("all the stock counted in money is what it is worth", () => {
  it.each([
    ["all my stock in money, how much"],
    ["how much costs the whole inventory in euros"],
    ["what is my inventory in money terms"],
    ["how much is all of my stock in cash"],
    ["how much does all my stock cost right now"],
  ])("%j is inventory_value", (q) => expectFrame([q], { intent: "inventory_value" }));
  it.each([
    ["how much stock do I have", "inventory_levels"],
    ["sales in money for last week", "sales_summary"],
    ["how much money did I make this month", "sales_summary"],
  ])("%j is not the stock's worth", (q, intent) => expectFrame([q], { intent }));
});

describe("money from Amazon reaching the seller's account is a payout", () => {
  it.each([
    ["has the amazon money landed in my bank yet"],
    ["when did money from amazon last hit my account"],
    ["when does the next amazon payment arrive in my bank account"],
    ["did amazon.de money come into our account this week"],
    ["amazon cash showed up on my account?"],
  ])("%j is payouts", (q) => expectFrame([q], { intent: "payouts", filters: { metrics: ["payout"] } }));
  // Money from sales is revenue, wherever it comes in.
  it("money that came in from sales is the sales", () =>
    expectFrame(["how much money came in from sales last week"], { intent: "sales_summary" }));
});

describe("a remark after the question asks no ranking and no trend", () => {
  it.each([
    [
      "How did Home & Kitchen do in Germany last month? The cookware ought to be selling better by now.",
      "sales_summary",
      { category: "Home & Kitchen", marketplace: "DE" },
    ],
    [
      "units sold in France this week - hopefully the yoga mats will be doing well",
      "sales_summary",
      { metrics: ["units_sold"], marketplace: "FR" },
    ],
    [
      "revenue for Toys & Games over the last 30 days. those puzzles must have sold loads over half term",
      "sales_summary",
      { category: "Toys & Games", timeframe: "last_30_days" },
    ],
    ["ACoS in the UK this week, is it going up?", "advertising_summary", { metrics: ["acos"] }],
    ["refund rate last month, is it getting worse", "refund_analysis", { timeframe: "last_month" }],
    ["orders in Spain this month so far - are they dropping?", "sales_summary", { metrics: ["orders"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    ["Pet Supplies orders in Italy this month? the cat trees should be flying off the shelves"],
    ["ACoS in the UK this week, is it going up?"],
  ])("%j is neither ranked nor broken down", (q) => {
    const filters = understand(q)?.filters;
    expect(filters?.sort).toBeUndefined();
    expect(filters?.group_by).toBeUndefined();
  });
  it.each([
    // Asked of a breakdown, or as the question itself, the movement is still a trend or a ranking.
    ["how has TACoS moved week by week", "sales_trend"],
    ["ACoS by week this quarter, is it creeping up", "sales_trend"],
    ["which products are picking up in the UK", "top_products"],
  ])("%j keeps its frame", (q, intent) => expectFrame([q], { intent }));
  // A figure told beside the question is a setting or a quote, not a remark.
  it("a target that should be a figure is a setting", () =>
    expectFrame(["my target ACoS should be 25%"], { intent: "update_settings" }));
});

describe("the market's biggest seller of a kind of goods and its turnover are another business's", () => {
  it.each([
    ["what's the annual revenue of the largest yoga mat seller in Germany"],
    ["the top puzzle seller on amazon.de, what's their yearly turnover"],
    ["how much does the leading dog bed brand make a month on amazon.com"],
    ["what does the number one yoga mat shop on amazon.fr earn per month"],
    ["roughly what does the biggest seller of kitchen knives turn over annually"],
  ])("%j is invalid_query", refused);
  it.each([
    ["my biggest seller this year"],
    ["how much did my biggest seller make last month"],
    ["what's the biggest seller in Dog Toys this month"],
    ["how much revenue did the top seller in Germany bring in last month"],
    ["what's my top seller on amazon.co.uk"],
  ])("%j is the seller's own best product", (q) => expectFrame([q], { intent: "top_products" }));
  // "turn over" is the verb, no threshold on the sales.
  it("what we turned over has no threshold", () =>
    expect(understand("how much did we turn over a month this year")?.filters.conditions).toBeUndefined());
});

describe("fees or prices as Amazon charges them in general are the market's", () => {
  it.each([
    ["what does amazon usually charge for storage in France"],
    ["is the referral fee typically 15% in the UK"],
    ["in general, are fees higher on amazon.it or amazon.es"],
    ["what's the standard FBA fee in Spain"],
    ["are prices generally lower on amazon.fr than amazon.de"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what did I pay in FBA fees in Poland", { marketplace: "PL", metrics: ["fba_fees"] }],
    ["FBA fees in Poland last month", { timeframe: "last_month" }],
    ["what are my fees usually in Italy", { marketplace: "IT" }],
    ["how much do I usually pay in storage fees", { metrics: ["storage_fees"] }],
    ["are my fees in Poland cheaper than Germany", { marketplace: "PL" }],
  ])("%j is the seller's own fees", (q, filters) => expectFrame([q], { intent: "profit_breakdown", filters }));
});

describe("a command that changes a campaign, a budget, a bid or a price on Amazon is not seller-ai's to carry out", () => {
  it.each([
    ["can you up the budget for Yoga Mats - Broad to 50 a day"],
    ["put the Dog Toys - Exact budget up to $45"],
    ["make the daily budget for Yoga Mats - Broad $30"],
    ["cap the budget of Dog Toys - Exact at $40"],
    ["give Dog Toys - Exact a $40 daily budget"],
    ["set a budget of $40 a day on Dog Toys - Exact"],
    ["can u boost Yoga Mats - Broad's budget to 70 a day pls"],
    ["could you switch the Dog Toys - Exact campaign off"],
    ["turn the Dog Toys - Exact campaign back on"],
    ["stop the Yoga Mats - Broad campaign"],
    ["turn all my ads off for christmas"],
    ["raise my bid on the dog chew toy keyword up to $1.50"],
    ["lift the bid on the puzzle keyword to 95p"],
    ["can you set my price for the yoga mat at 24.99"],
    ["please make the price of PS-DOGT-01 £11.50"],
    ["could you knock the price of the dog bed down to 20"],
  ])("%j is invalid_query", refused);
  it.each([
    // Advice asked about the same things, and seller-ai's own settings, alerts and refresh, are answered.
    ["what bids should I set", "bid_recommendations"],
    ["which bids should I lower", "bid_recommendations"],
    ["should I raise the budget on Dog Toys - Exact", "bid_recommendations"],
    ["adjust bids to hit 25% ACoS", "bid_recommendations"],
    ["what is the budget of Dog Toys - Exact", "acos_by_campaign"],
    ["which campaigns should I pause", "acos_by_campaign"],
    ["set my target ACoS to 30%", "update_settings"],
    ["set my lead time to 60 days", "update_settings"],
    ["turn off the ACoS alert", "delete_alert"],
    ["refresh the data please", "refresh_data"],
  ])("%j is answered", (q, intent) => expectFrame([q], { intent }));
});
