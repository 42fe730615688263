// Whose data a question is about, twentieth set: an agency asking about the one seller account it runs ("their
// products", "this account", "the client") asks what the seller would ask of their own, so the same rules hold: one
// row picked by a singular superlative, a setting changed for the account, a meeting or filing the figure is wanted for
// (said first or last) that is no part of the question, a heading before a colon that hides no metric, and a learner's
// stock that "go finish before 2 weeks" and an ACoS goal "reach 30% of ACoS". Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("one of their products picked by a superlative is one row, as one of mine is", () => {
  it.each([
    ["which of their products sold the most units last month", "top_products", { limit: 1, sort: "desc" }],
    ["which of their listings had the best revenue in Germany this year", "top_products", { limit: 1 }],
    ["what of their products was the top seller this week", "top_products", { limit: 1 }],
    ["which of their SKUs has the worst refund rate this quarter", "refund_analysis", { limit: 1 }],
    ["which of all their products earned the most profit in October", "top_products", { limit: 1 }],
  ])("%j is one row", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    // Plural verbs and a plain list ask for several, whoever's products they are.
    ["which of their products are the best sellers this month"],
    ["their top products this week"],
  ])("%j stays several rows", (q) => expect(understand(q)?.filters.limit).toBeUndefined());
});

describe("a setting changed for the account or the client is a setting changed", () => {
  it.each([
    ["Change the target ACoS for this account to 18%", { target_acos: 18 }],
    ["set the lead time for the client to 40 days", { lead_time_days: 40 }],
    ["update safety stock on this account to 2 weeks", { safety_stock_days: 14 }],
    ["acos target for the whole account should be 25%", { target_acos: 25 }],
    ["set the home currency for this client to GBP", { currency: "GBP" }],
  ])("%j is update_settings", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  // Asking what the setting is changes nothing.
  it("the account's setting asked is only shown", () =>
    expectFrame(["what is the target ACoS for this account"], { intent: "show_settings" }));
});

describe("a meeting or deck named before the question is where the answer goes", () => {
  it.each([
    [
      "For Monday's client call, what were the top 5 products by revenue in the UK last month?",
      "top_products",
      { limit: 5, marketplace: "UK", timeframe: "last_month" },
    ],
    ["Ahead of the QBR: revenue by marketplace this quarter", "sales_summary", { group_by: "marketplace" }],
    ["for the client deck - what was ad spend last month", "advertising_summary", { metrics: ["ad_spend"] }],
    [
      "Before tomorrow's team meeting, how many units did we sell this week?",
      "sales_summary",
      { timeframe: "this_week" },
    ],
    // A month in the occasion is the period "that month" points back to, so it stays.
    [
      "For the October fee review - what did the client pay in FBA fees that month?",
      "profit_breakdown",
      { timeframe: "2026-10" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([["what should I say in the client call"], ["write the client deck for me"]])("%j is invalid_query", refused);
});

describe("a heading naming the occasion before a colon hides no metric", () => {
  it.each([
    ["Daily client check-in: order count for yesterday", { metrics: ["orders"], timeframe: "yesterday" }],
    ["check-in: order count for yesterday", { metrics: ["orders"] }],
    ["Weekly client call: count of orders in Germany last week", { metrics: ["orders"], marketplace: "DE" }],
    ["Monday team stand-up: number of orders this week", { metrics: ["orders"], timeframe: "this_week" }],
  ])("%j counts orders", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  // "Daily" names how often the check-in is held, not figures per day.
  it("a daily heading breaks nothing out by day", () =>
    expect(understand("Daily client check-in: order count for yesterday")?.filters.group_by).toBeUndefined());
  // A heading that names the figure keeps it.
  it("a heading naming refunds is the refunds", () =>
    expectFrame(["refund report: last month"], { intent: "refund_analysis" }));
});

describe("a figure wanted for a filing or the accountant is the seller's own", () => {
  it.each([
    ["Total settlements for 2025 - need the figure for the tax return", "payouts", { timeframe: "2025" }],
    ["total payouts last year for my accountant", "payouts", { timeframe: "last_year" }],
    ["what did Amazon pay me in 2025? need it for the VAT filing", "payouts", { timeframe: "2025" }],
    ["revenue in the UK last quarter, need the number for the VAT return", "sales_summary", { marketplace: "UK" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // How to file is the taxman's business, not the seller's figures.
  it.each([["how do I do my tax return"], ["how do I file my VAT return"]])("%j is invalid_query", refused);
});

describe("stock that will finish before a length of time runs out within it", () => {
  it.each([
    ["which of my Toys & Games items go finish before 3 weeks?", { category: "Toys & Games", horizon_days: 21 }],
    ["which products go run out before 10 days", { horizon_days: 10 }],
    ["which SKUs will run out before three weeks in Germany", { marketplace: "DE", horizon_days: 21 }],
    ["what sells out before 1 month", { horizon_days: 30 }],
  ])("%j is stockout_risk", (q, filters) => expectFrame([q], { intent: "stockout_risk", filters }));
  // A day named after "before" is a deadline, counted from today as before.
  it("a date after before stays a deadline", () =>
    expectFrame(["which items will be out of stock before 12 December"], {
      intent: "stockout_risk",
      filters: { horizon_days: 21 },
    }));
});

describe("an ACoS reached as a goal of bid changes is the target", () => {
  it.each([
    ["How should I change my bids to reach 25% of ACoS?", 25],
    ["what bids get me to 20% ACoS", 20],
    ["adjust my bids so I hit an ACoS of 28%", 28],
    ["which bids to lower to achieve 15 percent of ACoS", 15],
  ])("%j aims at %d", (q, target_acos) =>
    expectFrame([q], { intent: "bid_recommendations", filters: { target_acos } }),
  );
});
