// Which question is asked: an amount moved over a period, the ads as what costs, time to spend, bids to change, stock
// put in order, a figure someone else wants, a report's name beside its figure, a setting's value asked about and a
// horizon given as a parameter. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("an amount shifted or moved over a period is a total, not a trend", () => {
  it.each([
    ["how many units did we shift over the past quarter", "last_3_months", ["units_sold"]],
    ["how many orders have we moved over the past fortnight in Italy", "last_2_weeks", ["orders"]],
    ["how many units have we shifted over the course of last month", "last_month", ["units_sold"]],
    ["how much profit did we make over the course of the past year", "last_12_months", ["profit"]],
  ])("%j", (q, timeframe, metrics) => {
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics } });
    expect(understand(q)?.filters.group_by).toBeUndefined();
  });
  it("how a figure changed over a period is still its trend", () =>
    expectFrame(["show me how revenue changed over the course of the last year"], { intent: "sales_trend" }));
});

describe("the ads as what costs, in any tense, are the ad spend", () => {
  it.each([
    ["how much are the ads costing us this month", { timeframe: "this_month" }],
    ["what is advertising costing me in Germany", { marketplace: "DE" }],
    ["how much is PPC setting us back in France this quarter", { marketplace: "FR", timeframe: "this_quarter" }],
    ["how much have the adverts been setting me back since August", { timeframe: "2026-08-01..2026-11-21" }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "advertising_summary", filters: { ...filters, metrics: ["ad_spend"] } }),
  );
});

describe("time to spend is what to focus on, not ad spend", () => {
  it.each([
    "with a spare day this week what should I spend it on",
    "I've got one free afternoon - what should I spend it on?",
    "what's worth spending a few hours on this week",
    "is it worth spending my time on the UK",
  ])("%j", (q) => {
    expectFrame([q], { intent: "insights" });
    expect(understand(q)?.filters.metrics).toBeUndefined();
  });
  it("money spent on ads is still ad spend", () =>
    expectFrame(["what did we spend on PPC in Germany"], {
      intent: "advertising_summary",
      filters: { marketplace: "DE", metrics: ["ad_spend"] },
    }));
});

describe("keywords said to want a bid changed are bid recommendations", () => {
  it.each([
    "which search terms could do with more bid",
    "my ads barely show on some terms, which ones should I raise the bids on",
    "I think I'm bidding too little - which keywords need bigger bids?",
  ])("%j", (q) => expectFrame([q], { intent: "bid_recommendations" }));
  it("keywords chosen by how well they convert stay the openings", () =>
    expectFrame(["which keywords convert well enough that I should bid more on them"], {
      intent: "keyword_opportunities",
    }));
  it("being underbid alone, with no bid to change, is an opening", () =>
    expectFrame(["I think I'm underbidding on some search terms"], { intent: "keyword_opportunities" }));
});

describe("products put in order by the stock they hold are the stock levels", () => {
  it.each([
    ["top 5 products by days of supply in Germany", { metrics: ["days_of_supply"], limit: 5, marketplace: "DE" }],
    ["rank my SKUs by units on hand, most first", { metrics: ["available_quantity"], sort: "desc" }],
    [
      "show units available for each product in Canada, smallest first",
      { metrics: ["available_quantity"], sort: "asc" },
    ],
  ])("%j", (q, filters) => expectFrame([q], { intent: "inventory_levels", filters }));
  it("a ranking by a sales figure stays a ranking", () =>
    expectFrame(["top 10 products by units sold"], { intent: "top_products", filters: { metrics: ["units_sold"] } }));
  it("a state of the stock named still says which stock question", () =>
    expectFrame(["most overstocked 5 products by days of supply"], { intent: "excess_inventory" }));
});

describe("a figure someone wants, asked by a pointer after what the seller is doing, is that figure", () => {
  it.each([
    [
      "We're remortgaging and the lender needs what Amazon paid us in 2025. How much was it?",
      "payouts",
      { timeframe: "2025", metrics: ["payout"] },
    ],
    [
      "I'm applying for a loan. The bank wants to know what Amazon has deposited over the past 6 months. What's the total?",
      "payouts",
      { timeframe: "last_6_months" },
    ],
    [
      "We sell mostly in Germany. The bookkeeper wants the payouts for October. How much was that?",
      "payouts",
      { timeframe: "2026-10", marketplace: "DE" },
    ],
    [
      "I'm filling in a form, so my accountant wants the UK revenue for last quarter. What was it?",
      "sales_summary",
      { timeframe: "last_quarter", marketplace: "UK", metrics: ["revenue"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a sales report given another figure is that figure's report", () => {
  it.each([
    ["sales summary for orders", "sales_summary", ["orders"]],
    ["report: sales_trend | metric: units_sold", "sales_trend", ["units_sold"]],
    ["sales comparison: metric=profit, compare_to=previous_period", "sales_comparison", ["profit"]],
  ])("%j", (q, intent, metrics) => {
    expectFrame([q], { intent, filters: { metrics } });
    expect(understand(q)?.filters.metrics).not.toContain("revenue");
  });
  it("a sales report alone is of revenue", () =>
    expectFrame(["sales summary last month"], { intent: "sales_summary", filters: { metrics: ["revenue"] } }));
  it("two reports side by side are both figures", () =>
    expect(understand("sales trend vs units trend")?.filters.metrics).toEqual(["revenue", "units_sold"]));
});

describe("a setting's value asked about shows the settings, a value given changes them", () => {
  it.each([
    "is my target acos 25%?",
    "are we on a 45 day lead time?",
    "is the lead time still 6 weeks",
    "have I set safety stock to 14 days?",
  ])("%j asks the setting", (q) => {
    expectFrame([q], { intent: "show_settings" });
    expect(understand(q)?.filters.settings).toBeUndefined();
  });
  it.each([
    ["lead time is 30 days now", { lead_time_days: 30 }],
    ["is it possible to set my lead time to 40 days", { lead_time_days: 40 }],
    ["my target ACoS is 22%", { target_acos: 22 }],
  ])("%j changes it", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
});

describe("a horizon given as a report's parameter is that horizon", () => {
  it.each([
    ["stockout risk, horizon=45", "stockout_risk", 45],
    ["restock_recommendations, horizon 60 days", "restock_recommendations", 60],
    ["stockout_risk | horizon_days=30 | marketplace=UK", "stockout_risk", 30],
    ["what runs out, horizon 3 weeks", "stockout_risk", 21],
  ])("%j", (q, intent, horizon_days) => {
    expectFrame([q], { intent, filters: { horizon_days } });
    expect(understand(q)?.filters.limit).toBeUndefined();
  });
});

describe("openings the seller is missing are opportunities, gaps are what is sold", () => {
  it.each([
    "quick wins I'm missing",
    "what opportunities am I missing out on in the UK",
    "any easy gains I'm missing this month",
  ])("%j", (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities" } }));
  it.each([
    "what categories am I missing that competitors sell",
    "which product types am I missing",
    "opportunities in niches I don't sell in yet",
  ])("%j is a catalog gap", (q) => expectFrame([q], { intent: "catalog_gaps" }));
});

describe("a fee's amount without a word of overstock is a line of the P&L", () => {
  it.each([
    "storage fees are killing me, what have they added up to this year?",
    "fba fees are brutal lately - what did they come to last month?",
    "what have referral fees totalled since January",
  ])("%j", (q) => expectFrame([q], { intent: "profit_breakdown" }));
  it.each([
    "which products are overstocked and racking up storage fees",
    "excess stock that is costing me storage fees",
  ])("%j is overstock", (q) => expectFrame([q], { intent: "excess_inventory" }));
});

describe("'give me' after a marketplace asks for an answer; Amazon giving money is a payout", () => {
  it.each([
    ["Any opportunities in Canada? Give me the comprehensive version", "insights", "CA"],
    ["risks in France? give me everything", "insights", "FR"],
    ["amazon.co.uk give me the numbers for last week", "sales_summary", "UK"],
  ])("%j", (q, intent, marketplace) => expectFrame([q], { intent, filters: { marketplace } }));
  it.each([
    ["what did amazon.de give me last month", "DE"],
    ["how much did amazon.com give us in October", "US"],
  ])("%j is a payout", (q, marketplace) =>
    expectFrame([q], { intent: "payouts", filters: { marketplace, metrics: ["payout"] } }),
  );
});

describe("a running period said 'so far' is only the period, so a follow-up giving it keeps the question", () => {
  it.each([
    ["what did I spend on ads last month", "and for this month so far?", "advertising_summary", "this_month"],
    ["ACoS by campaign in the UK last week", "what about this week so far", "acos_by_campaign", "this_week"],
    ["refund rate by product last quarter", "and this quarter so far?", "refund_analysis", "this_quarter"],
  ])("%j then %j", (first, next, intent, timeframe) => expectFrame([first, next], { intent, filters: { timeframe } }));
  it("a question alone with 'so far' reads the running period", () =>
    expectFrame(["revenue this year so far"], { intent: "sales_summary", filters: { timeframe: "year_to_date" } }));
});
