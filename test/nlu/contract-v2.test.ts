// Contract v2 of query understanding, through parseQuestion: the new intents,
// metrics and filters, the direction of best and worst, limits that show every
// row, conversations that start afresh, and questions outside the domain.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { ALL_ROWS_LIMIT, type Filters, type Understanding } from "../../src/core/understanding.js";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";

const TODAY = "2026-11-21";
const catalog = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: FIXTURE_CATALOG.products.map((p) => ({ name: p.subcategory, category: p.category })),
  campaigns: FIXTURE_CATALOG.campaigns,
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};

function understand(question: string, previous?: Understanding): Understanding {
  const outcome = parseQuestion(question, { catalog, today: TODAY, previous });
  if ("error" in outcome) throw new Error(`not understood: ${question}: ${outcome.error.message}`);
  return outcome.understanding;
}
const filtersOf = (question: string): Filters => understand(question).filters;

/** Parses a conversation question by question; returns the last understanding. */
function converse(questions: string[]): Understanding {
  let previous: Understanding | undefined;
  for (const q of questions) previous = understand(q, previous);
  return previous!;
}

describe("the intents of contract v2", () => {
  it.each([
    ["profit_breakdown", "performance", "show me the profit and loss for last month"],
    ["profit_breakdown", "performance", "how much am I paying amazon in referral fees"],
    ["profit_breakdown", "performance", "fulfillment fees for the kitchen products this quarter"],
    ["profit_breakdown", "performance", "what did storage cost me in the UK"],
    ["profit_breakdown", "performance", "which skus are losing money after amazon fees"],
    ["profit_breakdown", "performance", "net profit after cogs, fees and advertising"],
    ["payouts", "performance", "how much has amazon deposited this quarter"],
    ["payouts", "performance", "what did my last settlement pay out"],
    ["payouts", "performance", "show me my disbursements for october"],
    ["payouts", "performance", "when does amazon pay me next"],
    ["inventory_levels", "inventory", "how many units of B0HKUTEN02 are available"],
    ["inventory_levels", "inventory", "what stock do I have on hand in Germany"],
    ["inventory_levels", "inventory", "inbound and reserved units per sku"],
    ["inventory_levels", "inventory", "current stock levels for pet supplies"],
    ["insights", "insights", "what should I focus on today"],
    ["insights", "insights", "what opportunities do I have in the UK"],
    ["insights", "insights", "what risks should I know about"],
    ["insights", "insights", "how am I doing versus my competitors"],
    ["anomalies", "insights", "anything odd in my sales last week"],
    ["anomalies", "insights", "were there unusual spikes in ad spend yesterday"],
    ["anomalies", "insights", "flag any strange drops this month"],
    ["show_settings", "account", "what lead time have I set"],
    ["show_settings", "account", "show me my current settings"],
    ["show_settings", "account", "which target acos am I using"],
    ["list_alerts", "account", "which alerts do I have running"],
    ["list_alerts", "account", "list my notifications"],
    ["delete_alert", "account", "delete my buy box alert"],
    ["delete_alert", "account", "turn off all my alerts"],
    ["delete_alert", "account", "stop warning me about refunds"],
  ])("%s (%s): %j", (intent, area, question) => {
    expect(understand(question)).toMatchObject({ intent, area });
  });

  it.each([
    ["lead time is 30 days", "update_settings"],
    ["what is my lead time", "show_settings"],
    ["set safety stock to 10 days", "update_settings"],
    ["what safety stock am I using", "show_settings"],
    ["my target acos should be 20%", "update_settings"],
    ["what is my target acos", "show_settings"],
  ])("a setting with a value changes it, without one shows it: %j is %s", (question, intent) => {
    expect(understand(question).intent).toBe(intent);
  });

  it.each([
    ["send me an alert if a product drops under 5 days of supply", { metric: "days_of_supply", op: "<", value: 5 }],
    ["ping me when the buy box falls below 80%", { metric: "buy_box_percentage", op: "<", value: 80 }],
    ["let me know if acos goes over 40%", { metric: "acos", op: ">", value: 40 }],
    ["email me when any rating dips below 4 stars", { metric: "review_rating", op: "<", value: 4 }],
    ["warn me if returns exceed 8%", { metric: "refund_rate", op: ">", value: 8 }],
  ])("asking to be told when a threshold is crossed is an alert: %j", (question, condition) => {
    const u = understand(question);
    expect(u.intent).toBe("create_alert");
    expect(u.filters.conditions).toContainEqual(condition);
  });

  it.each([
    ["products with over a year of stock", "excess_inventory", { metric: "days_of_supply", op: ">", value: 365 }],
    [
      "items with more than 6 months of inventory",
      "excess_inventory",
      { metric: "days_of_supply", op: ">", value: 180 },
    ],
    ["products with less than a week of stock", "stockout_risk", { metric: "days_of_supply", op: "<", value: 7 }],
    ["skus with under 2 weeks of cover", "stockout_risk", { metric: "days_of_supply", op: "<", value: 14 }],
  ])("a stock threshold's direction picks the intent: %j", (question, intent, condition) => {
    const u = understand(question);
    expect(u.intent).toBe(intent);
    expect(u.filters.conditions).toContainEqual(condition);
  });
});

describe("the metrics and filters of contract v2", () => {
  it.each([
    ["fees last month", "fees"],
    ["amazon fees this year", "fees"],
    ["referral fees by category", "referral_fees"],
    ["how much commission did amazon take", "referral_fees"],
    ["FBA fees in October", "fba_fees"],
    ["fulfilment fees per product", "fba_fees"],
    ["storage fees this quarter", "storage_fees"],
    ["long term storage fees in the UK", "storage_fees"],
    ["COGS last month", "cost_of_goods"],
    ["cost of goods sold this year", "cost_of_goods"],
    ["how much did I spend on FBA fees last month", "fba_fees"],
    ["payouts this year", "payout"],
    ["settlements last month", "payout"],
    ["how many units of B0HKCOOK01 do I have left", "available_quantity"],
    ["units in stock for toys", "available_quantity"],
  ])("%j ranks by %s", (question, metric) => {
    expect(filtersOf(question).metrics?.[0]).toBe(metric);
  });

  it.each([
    ["what should I focus on", "performance"],
    ["give me a performance overview", "performance"],
    ["any opportunities for growth", "opportunities"],
    ["quick wins I'm missing", "opportunities"],
    ["what are my biggest risks", "risks"],
    ["what problems should I worry about", "risks"],
    ["how am I doing against competitors", "competitor_analysis"],
    ["competitive analysis of my rivals", "competitor_analysis"],
  ])("%j asks for %s insights", (question, type) => {
    expect(filtersOf(question)).toMatchObject({ insight_type: type });
  });

  it.each([
    ["give me some insights", "summary"],
    ["a quick summary of my opportunities", "summary"],
    ["a detailed risk review", "detailed"],
    ["an in-depth look at my performance", "detailed"],
    ["a comprehensive competitor analysis", "comprehensive"],
  ])("%j wants the %s detail level", (question, level) => {
    expect(filtersOf(question)).toMatchObject({ detail_level: level });
  });

  it.each([
    ["delete alert alert_3f2a9c1b7e01", "alert_3f2a9c1b7e01"],
    ["remove alert_0a1b2c3d4e5f please", "alert_0a1b2c3d4e5f"],
    ["turn off ALERT_ABCDEF123456", "alert_abcdef123456"],
  ])("%j names the alert %s", (question, id) => {
    const u = understand(question);
    expect(u.intent).toBe("delete_alert");
    expect(u.filters.alert_id).toBe(id);
  });
});

describe("best and worst follow the metric's good direction", () => {
  it.each([
    ["worst sellers last month", "revenue", "asc"],
    ["best selling products", "revenue", "desc"],
    ["products with the worst refund rate", "refund_rate", "desc"],
    ["products with the best refund rate", "refund_rate", "asc"],
    ["campaigns with the worst acos", "acos", "desc"],
    ["which campaigns have the best acos", "acos", "asc"],
    ["worst roas by campaign", "roas", "asc"],
    ["worst converting listings", "conversion_rate", "asc"],
    ["worst rated products", "review_rating", "asc"],
    ["the worst categories for margin", "profit_margin", "asc"],
    ["products with the worst tacos", "tacos", "desc"],
    ["keywords with the worst cost per click", "cpc", "desc"],
    ["lowest acos campaigns", "acos", "asc"],
    ["highest refund rates", "refund_rate", "desc"],
  ])("%j ranks %s %s", (question, metric, sort) => {
    const f = filtersOf(question);
    expect(f.metrics?.[0]).toBe(metric);
    expect(f.sort).toBe(sort);
  });

  it.each([
    ["which products lose money", "profit", "asc"],
    ["money-losing items this quarter", "profit", "asc"],
  ])("losing money ranks profit from the lowest: %j", (question, metric, sort) => {
    expect(filtersOf(question)).toMatchObject({ metrics: [metric], sort });
  });
});

describe("limits that show every row", () => {
  it.each([
    ["show all products by revenue", ALL_ROWS_LIMIT],
    ["list every product by units sold", ALL_ROWS_LIMIT],
    ["all my campaigns by acos", ALL_ROWS_LIMIT],
    ["products that need restocking, the full list", ALL_ROWS_LIMIT],
    ["top 500 products by profit", 500],
    ["top 1000 skus by revenue", 1000],
    ["top 20 keywords by spend", 20],
  ])("%j has limit %d", (question, limit) => {
    expect(filtersOf(question).limit).toBe(limit);
  });

  it.each(["top products across all marketplaces", "sales in all categories this year", "revenue for all time"])(
    "%j is no request for every row",
    (question) => {
      expect(filtersOf(question).limit).toBeUndefined();
    },
  );

  it("raises the limit of the question before", () => {
    expect(converse(["top 5 products by revenue last month", "show all of them"]).filters).toMatchObject({
      limit: ALL_ROWS_LIMIT,
      metrics: ["revenue"],
      timeframe: "last_month",
    });
    expect(converse(["top 5 products by revenue last month", "now the top 500"]).filters.limit).toBe(500);
  });
});

describe("conversations", () => {
  it.each([
    [["what runs out in the next 2 weeks", "acos by campaign last week in the uk"], "acos_by_campaign"],
    [["what runs out in the next 2 weeks", "ROAS by campaign yesterday"], "acos_by_campaign"],
    [["ACoS by campaign last month in the UK", "inventory value by category"], "inventory_value"],
    [["which products will run out in Germany", "daily revenue for the last 30 days"], "sales_trend"],
    [["top 10 products by revenue in Spain", "fba fees last quarter"], "profit_breakdown"],
    [["top 5 products in the UK", "show my alerts"], "list_alerts"],
    [["restock recommendations for the UK", "buy box percentage by product"], "buy_box_share"],
  ])("a question that names its own subject starts afresh: %j", (questions, intent) => {
    const first = understand(questions[0]);
    const last = converse(questions);
    expect(last.intent).toBe(intent);
    for (const key of ["horizon_days", "limit", "conditions"] as const)
      if (first.filters[key] !== undefined) expect(last.filters[key]).toBeUndefined();
    if (first.filters.marketplace && !/\b(uk|germany|spain)\b/i.test(questions[1]))
      expect(last.filters.marketplace).toBeUndefined();
  });

  it.each([
    [["top 5 products by revenue in the US last month", "and in Germany?"], { marketplace: "DE", limit: 5 }],
    [["top 5 products by revenue last month", "by units instead"], { metrics: ["units_sold"], limit: 5 }],
    [["acos by campaign last month", "only the ones over 40%"], { timeframe: "last_month" }],
    [["fees last month", "and in the UK?"], { marketplace: "UK", metrics: ["fees"], timeframe: "last_month" }],
    [["payouts this quarter", "what about last quarter"], { timeframe: "last_quarter" }],
    [["what runs out in the next 2 weeks", "and in France?"], { marketplace: "FR", horizon_days: 14 }],
    [["top 10 products by revenue last month", "what about the worst ones"], { sort: "asc", limit: 10 }],
  ])("a follow-up keeps what it does not change: %j", (questions, filters) => {
    const first = understand(questions[0]);
    const last = converse(questions);
    expect(last.intent).toBe(first.intent);
    expect(last.filters).toMatchObject(filters);
  });
});

describe("questions outside the domain", () => {
  it.each([
    // About the world, with or without seller words.
    "who is the CEO of Amazon",
    "when was amazon founded",
    "how much revenue did amazon make last year",
    "what is apple's profit this year",
    "what's amazon's share price",
    "who sells the cheapest laptop",
    "what's the weather in Germany next week",
    "will it rain in London tomorrow",
    "latest news about ecommerce",
    "who won the football last night",
    // Writing, chat and other tasks.
    "write me a poem about sales",
    "compose a song about my inventory",
    "tell me a joke about refunds",
    "how are you today",
    "are you a robot",
    "what is 12 times 7",
    "translate my listing into French",
    "recipe for pancakes",
    "book a flight to Berlin next month",
    // Words of no domain at all.
    "zzkq vlorp",
    "the the the",
  ])("%j is invalid_query with suggestions", (question) => {
    const outcome = parseQuestion(question, { catalog, today: TODAY });
    expect("error" in outcome && outcome.error.code).toBe("invalid_query");
    expect("error" in outcome && outcome.error.suggestions.some((s) => s.startsWith("Try: "))).toBe(true);
  });

  it.each([
    "how much did amazon pay me last month",
    "what did amazon charge me in fees",
    "sync my data from amazon",
    "who is undercutting me on price",
    "who has the buy box on B0HKCOOK01",
  ])("%j mentions Amazon or asks who, and is still about the seller", (question) => {
    expect("understanding" in parseQuestion(question, { catalog, today: TODAY })).toBe(true);
  });
});
