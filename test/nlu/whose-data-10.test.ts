// Whose data a question is about, tenth set: questions wrapped in what the seller tells are still the seller's own. A
// plan joined to its request by "and", what a date stands for ("…, when our tax year starts"), a setting given after
// what led to it ("…, so set it to 45 days"), a request closed by "please" with a logistics aside after it, competitors'
// sales named only as where the seller has nothing, and a number one said bare ("number one seller in Pet Supplies")
// are answered. The neighbouring class stays refused: the market's number one, a future asked behind a plan, the world
// asked with "please", competitors' own figures. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a number one said bare is the seller's own best seller", () => {
  it.each([
    ["number one seller in Pet Supplies over the last 6 months?", { category: "Pet Supplies", limit: 1, sort: "desc" }],
    ["what was number one in Toys & Games last quarter", { category: "Toys & Games", limit: 1, sort: "desc" }],
    ["no. 1 product in Germany this year", { marketplace: "DE", limit: 1, sort: "desc" }],
    [
      "#1 listing by units in Home & Kitchen last month",
      { category: "Home & Kitchen", metrics: ["units_sold"], limit: 1, sort: "desc" },
    ],
  ])("%j is the top product", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it.each([
    // After "the", it is a place in the market: another business.
    ["who is the number one seller in dog toys"],
    ["how many units is the number one seller in puzzles moving a week"],
  ])("%j is invalid_query", refused);
});

describe("a plan told first and joined to its request by 'and' does not choose what is asked", () => {
  it.each([
    [
      "I'm deciding next quarter's ad budget and want to know which campaigns had the best ACoS last month",
      "acos_by_campaign",
      { timeframe: "last_month", metrics: ["acos"] },
    ],
    [
      "we're planning next year's range and need to know which products sold the most in 2025",
      "top_products",
      { timeframe: "2025", sort: "desc" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    // The request itself still asks for the future.
    ["I'm planning next year's budget and want to see what I'll sell next month"],
    ["next year, how much will I sell"],
  ])("%j is invalid_query", refused);
});

describe("what a date stands for, said after it, is told, not asked", () => {
  it.each([
    [
      "how much did storage fees cost me since 6 April, which is when our tax year starts",
      "profit_breakdown",
      { timeframe: "2026-04-06..2026-11-21", metrics: ["storage_fees"] },
    ],
    [
      "revenue since July 1st, when the new fiscal year began",
      "sales_summary",
      { timeframe: "2026-07-01..2026-11-21", metrics: ["revenue"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // "when" asking a question of its own stays the question.
  it("a question opened by 'when' is still asked", () =>
    expectFrame(["when did my sales peak this year"], {
      intent: "sales_summary",
      filters: { timeframe: "year_to_date" },
    }));
});

describe("a setting given after what led to it is that setting changed", () => {
  it.each([
    ["my forwarder says the boats are slower this winter, so bump my lead time to 70 days", { lead_time_days: 70 }],
    ["the warehouse wants a bigger cushion so make my safety stock 3 weeks", { safety_stock_days: 21 }],
    ["we've moved to invoicing in euros, so switch my currency to EUR", { currency: "EUR" }],
    // A pointer in the bid stands for the setting the reason named.
    ["the supplier sent the new lead time, so set it to 45 days", { lead_time_days: 45 }],
    ["margins got squeezed, so set it to 20% target acos", { target_acos: 20 }],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it.each([
    // A question after "so" is asked, not set.
    ["our supplier doubled production so what is my lead time", "show_settings"],
    ["sales fell so show me revenue last month", "sales_comparison"],
  ])("%j stays a question", (q, intent) => expectFrame([q], { intent }));
});

describe("a request closed by 'please' is the sentence that asks, whatever aside follows", () => {
  it.each([
    [
      "top 5 products by profit in the UK please - we ship from a warehouse in Ireland so there's a border to cross",
      "top_products",
      { marketplace: "UK", metrics: ["profit"], limit: 5 },
    ],
    [
      "restock list for Germany please - our pallets go by road from Poland so customs slows them",
      "restock_recommendations",
      { marketplace: "DE" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([["what's the weather in Poland please - I ship from there"]])("%j is invalid_query", refused);
});

describe("competitors' sales named only as where the seller has nothing are the seller's catalog gaps", () => {
  it.each([
    [
      "which product types are rivals selling well in Pet Supplies while we've got nothing there",
      { category: "Pet Supplies" },
    ],
    ["show subcategories where other brands get orders but I have no listings", {}],
  ])("%j", (q, filters) => expectFrame([q], { intent: "catalog_gaps", filters }));
  it.each([
    // How much they sell is their figure, not the seller's.
    ["how much are competitors selling in Toys & Games"],
    ["how many units do competitors sell in dog toys that I don't carry"],
  ])("%j is invalid_query", refused);
});
