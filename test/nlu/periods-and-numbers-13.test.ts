// Periods and numbers, thirteenth set: asides said while a seller works through their own spreadsheet set no filters;
// the request decides. A name or figure quoted back from the seller's sheet ("I've got Yoga Mats - Broad at about
// 48%") is one of the rows a ranking or breakdown lists, not its scope, and a count a statement shows ("which shows 3
// deposits") is no limit; a deadline ahead ("before January", "by December") is no period; how the seller lays out
// their sheet ("I split every month into two halves") is no breakdown; and a follow-up after a remark about the
// sheet, or after a subject put aside ("parking the returns for now"), is read by its request. Every phrasing is our
// own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

/** Expects the filters named to be absent from the last question's understanding. */
const expectUnset = (questions: string[], keys: string[]) => {
  const u = understand(...questions);
  expect(u, questions.join(" / ")).toBeDefined();
  for (const key of keys)
    expect(u!.filters[key as keyof typeof u.filters], `${questions.join(" / ")}: ${key}`).toBeUndefined();
};

describe("a name quoted back from the seller's sheet is a row of the ranking, not its scope", () => {
  it.each([
    [
      "Which campaign spent the most last week? I've got Dog Toys - Exact at roughly $300 in my notes, not sure that's right.",
      "acos_by_campaign",
      { timeframe: "last_week", metrics: ["ad_spend"] },
      ["campaign"],
    ],
    [
      "Rank my campaigns by ROAS over the past 30 days. My sheet has Yoga Mats - Broad at about 2.1.",
      "acos_by_campaign",
      { timeframe: "last_30_days", metrics: ["roas"] },
      ["campaign"],
    ],
    [
      "Which category had the best margin in the UK last quarter? I have Home & Kitchen at around 31% but that's from memory.",
      "profit_margin_by_category",
      { timeframe: "last_quarter", marketplace: "UK", metrics: ["profit_margin"] },
      ["category", "conditions"],
    ],
    [
      "Profit by category for October please. My tracker says Pet Supplies is roughly 4,000, want to check the others.",
      "profit_margin_by_category",
      { timeframe: "2026-10", metrics: ["profit"] },
      ["category"],
    ],
  ])("%j", (q, intent, filters, unset) => {
    expectFrame([q], { intent, filters });
    expectUnset([q], unset);
  });
  it.each([
    // Asked of the thing quoted, the quote names the scope.
    [
      "I've got Yoga Mats - Broad at about 40% ACoS. What was it last month?",
      "acos_by_campaign",
      { campaign: "Yoga Mats - Broad", timeframe: "last_month" },
    ],
    [
      "My notes say Pet Supplies made about 3,000 in profit in October. What was the real figure for that category?",
      "profit_margin_by_category",
      { category: "Pet Supplies", timeframe: "2026-10" },
    ],
    // A budget told for a campaign is that campaign's question.
    [
      "I have about $15 a day to spend on Dog Toys - Exact. Which keywords should I bid up?",
      "bid_recommendations",
      { campaign: "Dog Toys - Exact" },
    ],
  ])("%j keeps the name it points at", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a count on the statement the seller checks against is no limit", () => {
  it.each([
    [
      "How much were my FBA fees in September? I'm reconciling them against the invoice, which lists 4 charges.",
      "profit_breakdown",
      { timeframe: "2026-09", metrics: ["fba_fees"] },
    ],
    [
      "What did I spend on ads last week? I'm checking it against my card statement, which shows 2 payments.",
      "advertising_summary",
      { timeframe: "last_week", metrics: ["ad_spend"] },
    ],
    [
      "How much did Amazon send me last month? I'm matching it with the bank, which has 2 transfers.",
      "payouts",
      { timeframe: "last_month" },
    ],
  ])("%j", (q, intent, filters) => {
    expectFrame([q], { intent, filters });
    expectUnset([q], ["limit"]);
  });
});

describe("a deadline ahead is no period; the request's own period is", () => {
  it.each([
    [
      "Dead stock in the UK over the last 6 months - I want to clear it out before February.",
      "excess_inventory",
      { timeframe: "last_6_months", marketplace: "UK" },
    ],
    [
      "Which products sold best over the past 60 days? Trying to decide what to push ahead of January.",
      "top_products",
      { timeframe: "last_60_days" },
    ],
    [
      "Best keywords for Dog Toys - Exact over the last 30 days, I'd like to plan bids in time for March.",
      "keyword_opportunities",
      { timeframe: "last_30_days", campaign: "Dog Toys - Exact" },
    ],
    [
      "Before I plan next year's ad budget, could you rank my campaigns by ad spend in 2025?",
      "acos_by_campaign",
      { timeframe: "2025", metrics: ["ad_spend"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([["Which products should I restock by December?"], ["What slow movers should I clear out before March?"]])(
    "%j has no past month",
    (q) => expectUnset([q], ["timeframe"]),
  );
  it.each([
    // Asked of the past, a month after "before" or "by" is still the month named.
    ["What did we sell before March?", "sales_summary", { timeframe: "2026-03" }],
    ["What was my revenue in January?", "sales_summary", { timeframe: "2026-01" }],
  ])("%j keeps its month", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("how the seller lays out their sheet is no breakdown", () => {
  it.each([
    [
      "I break each week into its own tab in my workbook, so I only need the UK: total revenue from 2 to 8 November, please.",
      "sales_summary",
      { timeframe: "2026-11-02..2026-11-08", marketplace: "UK", metrics: ["revenue"] },
    ],
    [
      "We log every quarter in a separate sheet, so for Germany I just need the order count for Q3.",
      "sales_summary",
      { timeframe: "2026-Q3", marketplace: "DE", metrics: ["orders"] },
    ],
    [
      "I keep each month in its own column in my spreadsheet, so just give me revenue for October.",
      "sales_summary",
      { timeframe: "2026-10", metrics: ["revenue"] },
    ],
  ])("%j", (q, intent, filters) => {
    expectFrame([q], { intent, filters });
    expectUnset([q], ["group_by", "limit"]);
  });
  it.each([
    // A breakdown asked for stays one, whatever the sheet is for.
    ["Show me revenue by month for the UK this year", "sales_trend", { group_by: "month" }],
    ["I need October's revenue for my spreadsheet, split by week.", "sales_trend", { group_by: "week" }],
  ])("%j keeps its breakdown", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a follow-up after a remark about the sheet is read by its request", () => {
  const total = "What did October come to in revenue across all marketplaces?";
  const list = "top 5 products by profit last month";
  it.each([
    [[total, "Thanks. Now August by itself - same number, I'm filling in the next column."], "2026-08"],
    [[total, "OK, and September on its own please, I'm copying it into the column on the left."], "2026-09"],
    [[total, "Cheers. Now September, please - I'm typing it into the left-hand column."], "2026-09"],
  ])("%j is the same total for that month", (questions, timeframe) =>
    expectFrame(questions, { intent: "sales_summary", filters: { timeframe, metrics: ["revenue"] } }),
  );
  it.each([
    [[list, "That doesn't match my Germany tab. Could you run the same list for Germany?"], "DE"],
    [[list, "Odd, my sheet says otherwise. Can you run it for the UK only?"], "UK"],
    [[list, "Hmm, my figures look different. Run the same list for France only, please."], "FR"],
    [[list, "can you run the same list for Italy"], "IT"],
  ])("%j is the same list there", (questions, marketplace) =>
    expectFrame(questions, {
      intent: "top_products",
      filters: { marketplace, timeframe: "last_month", limit: 5, metrics: ["profit"] },
    }),
  );
});

describe("a subject put aside starts the next question afresh", () => {
  const refunds = "refund rate by product in Germany last month";
  it.each([
    [
      [
        refunds,
        "just the worst 3",
        "OK, parking the refunds for now. What's my buy box share on B0HKCOOK01 over the past 2 weeks?",
      ],
      "buy_box_share",
      { asin: "B0HKCOOK01", timeframe: "last_2_weeks", metrics: ["buy_box_percentage"] },
    ],
    [
      [refunds, "Let's leave the returns aside. How much did I spend on ads last month?"],
      "advertising_summary",
      { timeframe: "last_month", metrics: ["ad_spend"] },
    ],
    [
      [refunds, "Enough about refunds - what were my sessions last week?"],
      "conversion_analysis",
      { timeframe: "last_week", metrics: ["sessions"] },
    ],
    [
      [
        refunds,
        "Right, shelving the returns question. Which of my products had the most page views in the past 30 days?",
      ],
      "conversion_analysis",
      { timeframe: "last_30_days", metrics: ["page_views"] },
    ],
  ])("%j", (questions, intent, filters) => {
    expectFrame(questions, { intent, filters });
    expectUnset(questions, ["marketplace"]);
  });
  it("a place moved without putting the subject aside is still a follow-up", () =>
    expectFrame([refunds, "what about the UK?"], {
      intent: "refund_analysis",
      filters: { marketplace: "UK", timeframe: "last_month" },
    }));
});
