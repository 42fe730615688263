// Choosing the intent, seventeenth set: a Filipino seller's politeness ("pa-check naman po") asks nothing of its own, and
// its "po" is no purchase order; the stock named in a learner's words ("the remains of stock", "how much costs my
// stock") is the stock on hand or its worth, not margins or fees; gaps of the catalog ranked by a figure stay gaps;
// units "sitting" somewhere are counted unless how long they sat is said; and a margin split by any grouping word is
// the margins' table. Each class was found by a held-out split; every phrasing here is our own.
import { describe, expect, it } from "vitest";
import { withLearnerPhrasings } from "../../src/nlu/learner-english.js";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("Taglish politeness ('pa-check', 'paki-show', 'naman', 'po') leaves the question it wraps", () => {
  it.each([
    [
      "Pa-check po the units sold of SO-YOGA-01 since October 3",
      "sales_summary",
      { sku: "SO-YOGA-01", metrics: ["units_sold"], timeframe: "2026-10-03..2026-11-21" },
    ],
    [
      "paki-check naman po yung orders ng PS-DOGT-01 last week",
      "sales_summary",
      { sku: "PS-DOGT-01", metrics: ["orders"], timeframe: "last_week" },
    ],
    ["pakishow naman po the ACoS per campaign last month", "acos_by_campaign", { timeframe: "last_month" }],
    ["how many orders po this month in Germany?", "sales_summary", { marketplace: "DE", timeframe: "this_month" }],
    ["hello po, what was my revenue yesterday", "sales_summary", { metrics: ["revenue"], timeframe: "yesterday" }],
    ["pacheck naman the stock of HK-COOK-01 po", "inventory_levels", { sku: "HK-COOK-01" }],
    ["Paki-check po the refunds in the UK this month", "refund_analysis", { marketplace: "UK" }],
  ])("%j is %s", (q, intent, filters) => expectFrame([q], { intent, filters }));

  // A PO after a determiner or a verb of ordering, or before what a PO has, is still the purchase order; "check"
  // itself leans to no intent.
  it.each([
    ["when do I need to place the PO for SO-YOGA-01", "restock_recommendations"],
    ["which SKUs should I raise a PO for", "restock_recommendations"],
    ["what should go on the next po", "restock_recommendations"],
    ["check the number of orders of TG-PUZZ-01 since November 1", "sales_summary"],
    ["check my stock of SO-YOGA-01", "inventory_levels"],
    ["check if anything will run out next month", "stockout_risk"],
    ["check what I should reorder", "restock_recommendations"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));

  // A word that only starts like a prefix ("Pakistan", "pallets") or a SKU that does ("PA-MUG-01") is left as written.
  it.each([["sales in Pakistan"], ["how many pallets went in"], ["stock of PA-MUG-01"], ["raise the po today"]])(
    "%j is read as written",
    (q) => expect(withLearnerPhrasings(q)).toBe(q),
  );
});

describe("the stock's remains or leftovers, per category, are the stock on hand, not the margins", () => {
  it.each([
    ["Show me the remains of stock per category", { group_by: "category" }],
    ["remains of goods by category in Germany", { group_by: "category", marketplace: "DE" }],
    ["what are the stock remains by category", { group_by: "category" }],
    ["stock leftovers per category", { group_by: "category" }],
    ["my inventory by category in the UK", { group_by: "category", marketplace: "UK" }],
    ["remains of stock per subcategory", { group_by: "subcategory" }],
    ["stock remains of SO-YOGA-01", { sku: "SO-YOGA-01" }],
    ["leftovers of goods in Spain", { marketplace: "ES" }],
    ["what remains in the warehouse for PS-DOGT-01", { sku: "PS-DOGT-01" }],
  ])("%j is inventory_levels", (q, filters) => expectFrame([q], { intent: "inventory_levels", filters }));

  // Money left over is the P&L's; a margin or a profit named per category keeps the margins; a state of the stock
  // names its own question.
  it.each([
    ["what remains after fees last month", "profit_breakdown"],
    ["what remains of my revenue after Amazon takes its cut", "profit_breakdown"],
    ["which category earns most from its stock", "profit_margin_by_category"],
    ["margin by category for the stock I hold", "profit_margin_by_category"],
    ["overstock by category", "excess_inventory"],
    ["inventory value by category", "inventory_value"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("what the stock costs, in a learner's order or a native one, is what it is worth", () => {
  it.each([
    ["How much costs my inventory in Home & Kitchen?", { category: "Home & Kitchen" }],
    ["how much cost my stock in Germany", { marketplace: "DE" }],
    ["what does my stock cost", {}],
    ["what does my inventory of SO-YOGA-01 cost", { sku: "SO-YOGA-01" }],
    ["how much is my stock costing in the UK", { marketplace: "UK" }],
    ["how much money costs all my goods in France", { marketplace: "FR" }],
  ])("%j is inventory_value", (q, filters) => expectFrame([q], { intent: "inventory_value", filters }));

  // Keeping, storing or shipping the stock costs fees: the P&L's (or the overstock's) lines.
  it.each([
    ["how much does storing my stock cost", "profit_breakdown"],
    ["how much does FBA storage cost me", "profit_breakdown"],
    ["how much does my stock cost me in fees each month", "profit_breakdown"],
    ["how much did my ads cost last month", "advertising_summary"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("gaps of the catalog ranked by a figure are catalog gaps, not a product ranking", () => {
  it.each([
    ["top 5 product gaps by units in Germany", { limit: 5, marketplace: "DE", metrics: ["units_sold"] }],
    ["show the 3 largest catalogue gaps ranked by sales", { limit: 3, metrics: ["revenue"] }],
    ["rank the gaps in my lineup by revenue, top 4", { limit: 4, metrics: ["revenue"] }],
    ["best 3 product gaps in Pet Supplies by revenue", { limit: 3, category: "Pet Supplies" }],
    ["top 10 range gaps by revenue in France", { limit: 10, marketplace: "FR" }],
    ["the 5 biggest holes in my range", {}],
  ])("%j is catalog_gaps", (q, filters) => expectFrame([q], { intent: "catalog_gaps", filters }));

  // A gap of a figure, or of prices, is no gap in the range; products in the catalog ranked are products.
  it.each([
    ["top 5 products by revenue in Canada", "top_products"],
    ["top 5 products in my catalog by revenue", "top_products"],
    ["which products have the biggest revenue gap versus last month", "top_products"],
    ["top 3 gaps between my price and the buy box", "competitor_pricing"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("units 'sitting' somewhere, counted, are the stock on hand; sitting too long or idle is excess", () => {
  it.each([
    ["SO-YOGA-01 units sitting in the warehouse?", { sku: "SO-YOGA-01" }],
    ["how many TG-PUZZ-01 units are sitting in Germany", { sku: "TG-PUZZ-01", marketplace: "DE" }],
    ["stock sitting in fba for B0PSDOGT01?", { asin: "B0PSDOGT01" }],
    ["B0PSDOGT01 units parked at the amazon warehouse", { asin: "B0PSDOGT01" }],
    ["how many units are sitting in fba", {}],
    ["PS-DOGT-01 units currently sitting at FBA", { sku: "PS-DOGT-01" }],
  ])("%j is inventory_levels", (q, filters) => expectFrame([q], { intent: "inventory_levels", filters }));

  it.each([
    ["HK-UTEN-02 units sitting in fba for months"],
    ["units sitting in fba not selling"],
    ["aged units sitting in fba"],
    ["SO-YOGA-01 units that have been sitting in fba too long"],
    ["dead stock of PS-DOGT-01 sitting in the warehouse"],
    ["PS-DOGT-01 units sitting in fba unsold"],
  ])("%j is excess_inventory", (q) => expectFrame([q], { intent: "excess_inventory" }));

  it("money sitting in the warehouse is its worth", () =>
    expectFrame(["how much money is sitting in the warehouse"], { intent: "inventory_value" }));
});

describe("a margin split by any grouping word is the margins' table", () => {
  // Whatever the grouping word ("subcat" is read as the subcategory elsewhere; "niche", "segment" as kinds of product),
  // the margin split by it is per category, never one total.
  it.each([
    ["margin by subcats in Germany", { marketplace: "DE" }],
    ["margin by niche", {}],
    ["profit margin broken down by segment", {}],
    ["margin per aisle in the UK", { marketplace: "UK" }],
    ["margin by sub-category", { group_by: "subcategory" }],
    ["margin per product line", { group_by: "category" }],
  ])("%j is profit_margin_by_category", (q, filters) =>
    expectFrame([q], { intent: "profit_margin_by_category", filters }),
  );

  // A margin by a time, a place or a product has its own question; one without a split is a total.
  it.each([
    ["margin by month", "sales_trend"],
    ["margin by marketplace", "sales_summary"],
    ["margin for the uk", "sales_summary"],
    ["what was my margin by now this month", "sales_summary"],
    ["margin in October", "sales_summary"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});
