// Periods and numbers, fourteenth set: English written as a second language about sales, ads and periods. A
// "trimester" is a quarter, "publicity" is advertising, the "transition" of a figure is its trend, counted or ranked
// "articles" are products, a "sales value" is revenue, "since three months" is the last three months, what
// "leaves me more profit" ranks by the most profit, what "increased the most" ranks by growth, and a reply that puts
// another figure "instead" keeps the question before. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("a trimester is a quarter of the year", () => {
  it.each([
    ["profit of the first trimester", "sales_summary", { timeframe: "2026-Q1", metrics: ["profit"] }],
    ["sales per trimester this year", "sales_trend", { group_by: "quarter", metrics: ["revenue"] }],
    [
      "the 3 items that bring me more sales in the last trimester",
      "top_products",
      { timeframe: "last_quarter", limit: 3 },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("what leaves or brings the seller more of a figure ranks by the most of it", () => {
  it.each([
    ["which products leave us more profit this year", { metrics: ["profit"], sort: "desc", timeframe: "year_to_date" }],
    ["the 4 articles that leave me more profit in the last quarter", { metrics: ["profit"], limit: 4 }],
    ["the 3 items that bring me more sales in the last trimester", { metrics: ["revenue"], limit: 3, sort: "desc" }],
  ])("%j is top_products", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it("a reply moving it to another marketplace keeps the ranking", () =>
    expectFrame(["which products leave us more profit in the last trimester", "and in Mexico how is it?"], {
      intent: "top_products",
      filters: { marketplace: "MX", metrics: ["profit"], timeframe: "last_quarter" },
    }));
});

describe("counted or ranked articles are products", () => {
  it.each([
    ["top 5 articles in Spain last week", { marketplace: "ES", limit: 5, timeframe: "last_week" }],
    ["which are the 10 articles that sold the most this month", { limit: 10, timeframe: "this_month" }],
    ["what are my best articles in italy", { marketplace: "IT", sort: "desc" }],
  ])("%j is top_products", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
});

describe("a sales value is revenue, the stock's value stays inventory value", () => {
  it.each([
    ["what was the sales value in Germany last month", { marketplace: "DE", metrics: ["revenue"] }],
    ["hello, total sales value for amazon.co.uk since 1 october please", { marketplace: "UK", metrics: ["revenue"] }],
  ])("%j is sales_summary", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  it.each([["what is the sales value of my inventory"], ["what is my inventory value"]])("%j is inventory_value", (q) =>
    expectFrame([q], { intent: "inventory_value" }),
  );
});

describe("what increased, rose or went up the most ranks by growth", () => {
  it.each([
    ["which of my products went up the most this quarter", { timeframe: "this_quarter" }],
    ["which products have increased the most since january, top 5", { limit: 5 }],
    ["what items rose the most last month", { timeframe: "last_month" }],
  ])("%j is top_products by growth", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { ...filters, metrics: ["growth_rate"], sort: "desc" } }),
  );
  it("sales that increased against a period stay a comparison", () =>
    expectFrame(["did sales increase compared to last month"], { intent: "sales_comparison" }));
});

describe("the transition of a figure is its trend", () => {
  it.each([
    ["show me the transition of my sales per week this quarter", { group_by: "week", metrics: ["revenue"] }],
    ["transition of orders for TG-PUZZ-01 by month this year", { group_by: "month", sku: "TG-PUZZ-01" }],
  ])("%j is sales_trend", (q, filters) => expectFrame([q], { intent: "sales_trend", filters }));
});

describe("publicity is advertising, and its sales are ad sales", () => {
  it.each([
    ["how is my publicity doing this month", { timeframe: "this_month" }],
    ["publicity spend and acos last 7 days", { metrics: ["ad_spend", "acos"] }],
    ["the publicity numbers of last week: spend, sales and roas", { metrics: ["ad_spend", "ad_sales", "roas"] }],
  ])("%j is advertising_summary", (q, filters) => expectFrame([q], { intent: "advertising_summary", filters }));
});

describe("since N months is the last N months; since N months ago is the range from that day", () => {
  it.each([
    // With "ago" a day is named, as "since March 1" names one: from it through today.
    ["is my acos going down since 2 months ago", "advertising_summary", "2026-09-21..2026-11-21"],
    ["how much did I sell since 6 weeks ago", "sales_summary", "2026-10-10..2026-11-21"],
    ["since two months ago, how are my sessions", "conversion_analysis", "2026-09-21..2026-11-21"],
    // Without "ago" the learner's "since two months" means "for two months": the last two months.
    ["revenue since 2 months", "sales_summary", "last_2_months"],
  ])("%j", (q, intent, timeframe) => expectFrame([q], { intent, filters: { timeframe } }));
});

describe("another figure put in place of the one before keeps the question", () => {
  it.each([
    [
      ["top 10 products by units in Germany last month", "can you change it to profit instead of units?"],
      "top_products",
      { marketplace: "DE", metrics: ["profit"] },
    ],
    [["best sellers by revenue this month", "show me the orders instead"], "top_products", { metrics: ["orders"] }],
    [
      ["acos by campaign last 30 days", "and the clicks of each campaign instead?"],
      "acos_by_campaign",
      { metrics: ["clicks"] },
    ],
    [["roas of my campaigns this week", "switch it to ad spend please"], "acos_by_campaign", { metrics: ["ad_spend"] }],
    [
      ["sales trend by week this quarter", "could you change it to units instead"],
      "sales_trend",
      { group_by: "week", metrics: ["units_sold"] },
    ],
  ])("%j", (qs, intent, filters) => expectFrame(qs as string[], { intent, filters }));
  it.each([
    [["top 10 products by units in Germany last month", "how much inventory do I have instead"], "inventory_levels"],
    [["acos by campaign last 30 days", "what's my total revenue"], "sales_summary"],
  ])("%j: a question of its own starts afresh", (qs, intent) => expectFrame(qs as string[], { intent }));
});
