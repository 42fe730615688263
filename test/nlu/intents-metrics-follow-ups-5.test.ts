// Casual and slang wording for the seller's main figures, and "us" as the US in clipped follow-ups: goods moved are
// goods sold, how fast one product sells is a mood, money left on the table is an opportunity, plenty told is no
// figure asked, and takings said with any verb are revenue. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks();

describe("goods moved about the whole shop are its sales total", () => {
  it.each([
    ["is the shop moving any product in Spain", { marketplace: "ES" }],
    ["have we shifted much stock this month", { timeframe: "this_month" }],
    ["did we flog much gear yesterday", { timeframe: "yesterday" }],
    ["are we actually moving product at the moment? just the number of orders", { metrics: ["orders"] }],
    ["we shifted loads of merchandise last week, what's the unit count", { metrics: ["units_sold"] }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  it("the products moving the most stock are a ranking by units", () =>
    expectFrame(["which items are shifting the most stock"], {
      intent: "top_products",
      filters: { metrics: ["units_sold"], sort: "desc" },
    }));
  it("stock moved to a warehouse is no sale", () =>
    expectFrame(["are we moving stock to the Italian warehouse"], { intent: "inventory_levels" }));
});

describe("a named product or the seller selling fast is a mood, not a ranking", () => {
  it.each([
    [
      "HK-COOK-01 is selling like hot cakes, how many orders has it had this week",
      { sku: "HK-COOK-01", metrics: ["orders"] },
    ],
    [
      "B0SOYOGA01 went like hotcakes yesterday - what revenue did it bring",
      { asin: "B0SOYOGA01", metrics: ["revenue"] },
    ],
    ["we're flying off the shelves today, how many orders so far", { timeframe: "today", metrics: ["orders"] }],
    ["is PS-DOGT-01 flying off the shelves", { sku: "PS-DOGT-01", metrics: ["units_sold"] }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  it("what flies off the shelves, asked, is still ranked", () =>
    expectFrame(["which of my pet products are selling like hotcakes"], {
      intent: "top_products",
      filters: { metrics: ["units_sold"], sort: "desc" },
    }));
});

describe("money left on the table and easy wins are opportunities", () => {
  it.each([
    ["how much cash is sitting on the table that I'm not grabbing"],
    ["any low-hanging fruit in the UK"],
    ["what quick profits could I go after"],
    ["what untapped upside do I have in France"],
    ["what profit are we leaving behind in Germany"],
    ["what easy cash is there for me this quarter"],
  ])("%j", (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities" } }));
});

describe("lower-case us after a figure or closing a clipped question is the US", () => {
  it.each([
    [["daily revenue us past 2 weeks"], "sales_trend"],
    [["refund rate us ytd"], "refund_analysis"],
    [["unit count us this week"], "sales_summary"],
    [["buy box by asin us"], "buy_box_share"],
    [["missing product types compared with competitors us"], "catalog_gaps"],
    [["daily orders us last quarter", "weekly"], "sales_trend"],
  ])("%j", (qs, intent) => expectFrame(qs, { intent, filters: { marketplace: "US" } }));
  it.each([
    ["what did ppc cost us last month"],
    ["what did the storage fees cost us"],
    ["competitor prices vs us"],
    ["which rivals undercut us"],
  ])("%j: the pronoun is no place", (q) => {
    const u = understand(q);
    expect(u, q).toBeDefined();
    expect(u?.filters.marketplace, q).toBeUndefined();
  });
});

describe("takings said with any verb are revenue", () => {
  it.each([
    ["how much have we taken so far this week", { timeframe: "this_week" }],
    ["what has the French store taken since Monday", { marketplace: "FR" }],
    ["what did we take on amazon.it yesterday", { marketplace: "IT", timeframe: "yesterday" }],
    ["how much did we pull in last weekend", {}],
    ["how much has the shop raked in this quarter", { timeframe: "this_quarter" }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "sales_summary", filters: { metrics: ["revenue"], ...filters } }),
  );
  it("pulling in data is a sync", () => expectFrame(["pull in the newest figures"], { intent: "refresh_data" }));
  it("how long something took is no takings", () => refused("how long did it take amazon to answer my email"));
});

describe("plenty told is the story, the figure asked after it is the question", () => {
  it.each([
    ["heaps of orders landed in Canada this week, how many units was that", { metrics: ["units_sold"] }],
    ["loads of clicks on the ads yesterday, what was the spend", {}],
    ["we had tons of orders at the weekend, what's the revenue", { metrics: ["revenue"] }],
  ])("%j", (q, filters) => {
    const frame = q.includes("ads")
      ? { intent: "advertising_summary", filters: { metrics: ["ad_spend"] } }
      : { intent: "sales_summary", filters };
    expectFrame([q], frame);
  });
  it("plenty alone is still what is asked", () =>
    expectFrame(["which products get lots of returns"], {
      intent: "refund_analysis",
      filters: { metrics: ["refund_rate"] },
    }));
});

describe("an order put in so stock does not run out is a restock", () => {
  it.each([
    ["when do we have to put an order in for HK-UTEN-02 so we don't run out"],
    ["when should I get my next order in for the desk organisers"],
  ])("%j", (q) => expectFrame([q], { intent: "restock_recommendations" }));
  it("orders taken are still orders", () =>
    expectFrame(["how many orders did we get in last week"], {
      intent: "sales_summary",
      filters: { metrics: ["orders"] },
    }));
});

describe("star and standout products are the best ones", () => {
  it.each([["which are my standout listings in Italy"], ["list the star performers in pet supplies by profit"]])(
    "%j",
    (q) => expectFrame([q], { intent: "top_products", filters: { sort: "desc" } }),
  );
  it("stars on a review stay the rating", () =>
    expectFrame(["how many 1 star reviews came in last week"], { intent: "declining_reviews" }));
});
