// Periods and numbers, nineteenth set: a question that opens on its trigger (whoever asks the seller for the figure,
// an email or a dashboard someone quotes, the seller's own history) and then asks. The trigger's words never decide
// the frame; the request's do. A lender, an accountant or a tax filing named as who wants the figure leave it the
// seller's own; a phrase quoted from a digest is what it said, not the question; "before then" points at the delay or
// arrival the message named; a period of the shop's history gives way to the period the request names; "from <day>"
// with no end runs through today; and a category named in full wins over one word of another's name said in passing.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("whoever wants the figure, and the filing it goes into, leave it the seller's own", () => {
  it.each([
    [
      "my bookkeeper needs total fees for Q3 for the VAT return, UK only",
      "profit_breakdown",
      { metrics: ["fees"], timeframe: "2026-Q3", marketplace: "UK" },
    ],
    [
      "the auditor wants refunds by marketplace for 2025",
      "refund_analysis",
      { timeframe: "2025", group_by: "marketplace" },
    ],
    [
      "our lender needs profit for the last 6 months",
      "sales_summary",
      { metrics: ["profit"], timeframe: "last_6_months" },
    ],
    ["the bank manager has asked for payouts this quarter", "payouts", { timeframe: "this_quarter" }],
    [
      "my tax adviser wants net profit for 2025 for the self-assessment - Germany only",
      "sales_summary",
      { metrics: ["profit"], timeframe: "2025", marketplace: "DE" },
    ],
    [
      "The loan officer at the bank needs revenue per month this year",
      "sales_trend",
      { group_by: "month", timeframe: "year_to_date" },
    ],
    ["grant body needs my 2025 revenue, all marketplaces", "sales_summary", { timeframe: "2025" }],
    ["the council wants to see revenue for Q2 in the UK", "sales_summary", { timeframe: "2026-Q2", marketplace: "UK" }],
    ["the insurer wants the value of my stock right now", "inventory_value", {}],
    ["my investor wants ad spend by campaign last month", "acos_by_campaign", { timeframe: "last_month" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // A deed wanted of the seller, or how to file, is still no figure of theirs.
  it.each([
    ["the bank wants me to sign the loan form"],
    ["how do I apply for a business loan"],
    ["my accountant wants to know how to file my tax return"],
    ["how do I do my tax return"],
  ])("%j is invalid_query", refused);
});

describe("what a digest, an email or a colleague said is not the question", () => {
  it.each([
    [
      'the dashboard says refunds are "through the roof" - what\'s my refund rate in the UK this month?',
      "refund_analysis",
      { marketplace: "UK", timeframe: "this_month" },
    ],
    [
      'my VA reckons the kitchen stuff is "flying off the shelves". how many units of Home & Kitchen did we sell last week?',
      "sales_summary",
      { metrics: ["units_sold"], category: "Home & Kitchen", timeframe: "last_week" },
    ],
    [
      'the weekly email from Amazon says conversion is "below average" - what\'s my conversion rate this month?',
      "conversion_analysis",
      { timeframe: "this_month" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // What the report named is what the question points back at ("it", "set it"), so it stays.
  it.each([
    [
      "the ops manager says we should hold 20 days of safety stock, set it",
      "update_settings",
      { settings: { safety_stock_days: 20 } },
    ],
    ["my partner reckons HK-COOK-01 is overstocked. is it?", "excess_inventory", { sku: "HK-COOK-01" }],
    [
      "Amazon's email says my buy box dropped on B0SOYOGA01 - what's my buy box share on it this month?",
      "buy_box_share",
      { asin: "B0SOYOGA01" },
    ],
  ])("%j keeps what was reported", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("before then: the delay or arrival the message named is the horizon", () => {
  it.each([
    ["forwarder says the container is held up 2 weeks. which SKUs run out before it lands?", 14],
    ["supplier told me the restock slipped 3 weeks - what will run out before then?", 21],
    ["the shipment is still 12 days away. anything going to sell out before it arrives?", 12],
    ["freight is delayed 5 days, what runs out in the meantime?", 5],
  ])("%j", (q, horizon_days) => expectFrame([q], { intent: "stockout_risk", filters: { horizon_days } }));
  // A delay told beside a question of what was sold looks ahead at nothing.
  it("a delay beside a past period keeps the period", () =>
    expectFrame(["the shipment is delayed 10 days. how many units did I sell last week?"], {
      intent: "sales_summary",
      filters: { timeframe: "last_week" },
    }));
  // "next year" in a reason is when the plan is, not a horizon the question points back at.
  it("a plan for next year leaves the request's own period", () =>
    expectFrame(["best 5 products by profit last quarter - I'm deciding next year's budget"], {
      intent: "top_products",
      filters: { timeframe: "last_quarter" },
    }));
});

describe("the shop's history gives way to the period the request names", () => {
  it.each([
    [
      "we launched in Italy in April but what has revenue been there this year?",
      { timeframe: "year_to_date", marketplace: "IT" },
    ],
    [
      "I only started selling on amazon.de in March, but show me orders there for the last 90 days",
      { timeframe: "last_90_days", marketplace: "DE" },
    ],
    [
      "I've been on the UK site since spring but give me profit there for Q3",
      { timeframe: "2026-Q3", marketplace: "UK" },
    ],
    ["I started in May but what's my revenue this month", { timeframe: "this_month" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  // A history with no period of the request's own is the period asked about.
  it("the history's period stands when the request names none", () =>
    expectFrame(["we launched in the UK in March - what's revenue there?"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-03", marketplace: "UK" },
    }));
  // Something the seller has been doing is no history of the shop ("we've been running X since the summer").
  it("a campaign run since a season keeps its name", () =>
    expect(
      understand(
        "We've been running Yoga Mats - Broad since the summer and it still looks slow. Which of its keywords spent without an order over the last 30 days?",
      )?.filters.campaign,
    ).toBe("Yoga Mats - Broad"));
});

describe("from a day with no end runs through today", () => {
  it.each([
    ["units sold from 3 november", "2026-11-03..2026-11-21"],
    ["orders in Germany from the 10th", "2026-11-10..2026-11-21"],
    ["revenue from November 5th", "2026-11-05..2026-11-21"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it.each([
    // An end said makes it a range; a month or a year alone is that period; a day of a year gone by is that day.
    ["revenue from 1 november to 10 november", "2026-11-01..2026-11-10"],
    ["revenue from October", "2026-10"],
    ["revenue from 2025", "2025"],
    ["the order count from 28 November 2025", "2025-11-28"],
  ])("%j keeps its period", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
});

describe("a category named in full wins over one word of another's name", () => {
  it.each([
    ["for the Small Business Office grant form, revenue for Pet Supplies in Q3", "Pet Supplies"],
    ["the Sports Council wants units for Beauty & Personal Care last month", "Beauty & Personal Care"],
  ])("%j", (q, category) => expectFrame([q], { intent: "sales_summary", filters: { category } }));
  it.each([
    ["office products revenue last month", "Office Products"],
    // Two categories set side by side keep the first.
    ["beauty vs office products revenue this year", "Beauty & Personal Care"],
  ])("%j keeps its category", (q, category) => expect(understand(q)?.filters.category).toBe(category));
});
