// Choosing the intent, twentieth set: a newcomer asking what seller-ai can tell of their whole shop is help; stock
// said to "finish" or "end" (a learner's words for running out) is the stock-out risk; one category's margin or profit
// set against another period is a comparison, not a table of categories; and products ranked as the ones to restock
// first are restock recommendations with a limit. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("what seller-ai can tell, show or do of the whole shop is help", () => {
  it.each([
    ["just set this up - what can it tell me about my store?"],
    ["what can you show me about my account"],
    ["what could this tool do for our business?"],
    ["new here, what can seller-ai tell us about our shop"],
    ["what kind of things can it tell me about my business"],
    ["second week on here: what else can you show me about my Amazon store?"],
    ["what can it tell me about my shop"],
  ])("%j is help", (q) => expectFrame([q], { intent: "help", filters: {} }));
  // A figure, a period or a part of the shop asks of the data, not of what seller-ai covers.
  it.each([
    ["what can you tell me about my sales", "sales_summary"],
    ["what can you tell me about my store last month", "insights"],
    ["how is my store doing", "insights"],
  ])("%j stays a question of the data", (q, intent) => expectFrame([q], { intent }));
});

describe("stock said to finish or end runs out", () => {
  it.each([
    ["any danger that my SO-YOGA-01 stock is finishing within 3 weeks?", { sku: "SO-YOGA-01", horizon_days: 21 }],
    [
      "is there risk the inventory of PS-DOGT-01 in the UK finishes in the next 30 days",
      { sku: "PS-DOGT-01", marketplace: "UK", horizon_days: 30 },
    ],
    [
      "is there a danger the Home & Kitchen stock is ending in next 60 days",
      { category: "Home & Kitchen", horizon_days: 60 },
    ],
    ["my stock of TG-PUZZ-01 will finish soon?", { sku: "TG-PUZZ-01" }],
    ["danger of stock finishing in UK", { marketplace: "UK" }],
    ["any risk my stock of HK-UTEN-02 ends in the next 30 days", { sku: "HK-UTEN-02", horizon_days: 30 }],
  ])("%j is the stock-out risk", (q, filters) => expectFrame([q], { intent: "stockout_risk", filters }));
  // Something else that ends or finishes, said near the stock, is no stock running out.
  it.each([
    ["what stock ends up in long-term storage", "excess_inventory"],
    ["I'm finishing the stock count for HK-COOK-01 today, how many units are left?", "inventory_levels"],
    ["stock value at the end of last month", "inventory_value"],
  ])("%j keeps its own question", (q, intent) => expectFrame([q], { intent }));
});

describe("one category's figure against another period is a comparison", () => {
  it.each([
    [
      "how's my Pet Supplies margin this year compared to last year",
      { category: "Pet Supplies", compare_to: "same_period_last_year", metrics: ["profit_margin"] },
    ],
    [
      "Beauty margin this month vs last month",
      { category: "Beauty & Personal Care", compare_to: "last_month", metrics: ["profit_margin"] },
    ],
    [
      "how is the margin on Home & Kitchen looking against last quarter",
      { category: "Home & Kitchen", compare_to: "last_quarter", metrics: ["profit_margin"] },
    ],
    [
      "Toys & Games margin YTD against the same stretch last year",
      { category: "Toys & Games", timeframe: "year_to_date", compare_to: "same_period_last_year" },
    ],
    [
      "Pet Supplies profit YTD against the same stretch last year",
      { category: "Pet Supplies", compare_to: "same_period_last_year", metrics: ["profit"] },
    ],
  ])("%j is sales_comparison", (q, filters) => expectFrame([q], { intent: "sales_comparison", filters }));
  // "The same stretch" of a year is the same dates then.
  it.each([
    ["revenue YTD against the same stretch in 2025"],
    ["sales this month vs the same stretch a year ago"],
    ["orders this quarter compared to the same stretch last year"],
  ])("%j compares with the same period last year", (q) =>
    expectFrame([q], { intent: "sales_comparison", filters: { compare_to: "same_period_last_year" } }),
  );
  // Margins of every category, with or without another period, stay the table of categories; one category's margin
  // alone is its row.
  it.each([
    ["margin by category YTD vs last year"],
    ["compare margin across categories this year vs last year"],
    ["Pet Supplies margin YTD"],
  ])("%j stays profit_margin_by_category", (q) => expectFrame([q], { intent: "profit_margin_by_category" }));
});

describe("products ranked as the ones to restock first are restock recommendations", () => {
  it.each([
    ["top 5 items to reorder first in the UK", { limit: 5, marketplace: "UK" }],
    ["top 3 products that need restocking", { limit: 3 }],
    ["the 10 SKUs we should send in first", { limit: 10 }],
    ["best 4 ASINs due for a reorder", { limit: 4 }],
    ["top 10 products I need to restock in Germany", { limit: 10, marketplace: "DE" }],
    ["top 5 things to top up first", { limit: 5 }],
    ["what to replenish first", {}],
  ])("%j is restock_recommendations", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
  // What products did is a ranking of them, whatever restock word comes with it.
  it.each([
    ["top 5 products by revenue"],
    ["top 5 sellers I restocked last month"],
    ["top 5 products to promote"],
    ["top 5 SKUs by units sold"],
  ])("%j stays top_products", (q) => expectFrame([q], { intent: "top_products" }));
});
