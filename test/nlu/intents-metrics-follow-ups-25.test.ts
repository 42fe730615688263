// Choosing the intent, twenty-fifth set: rankings and the intent a ranking belongs to. A figure of speech for the best
// one ("my star", "our big winner", "my banker", "the MVP") is one row of the product ranking, and in the plural the
// best rows; things counted and ranked by what they sold ("which 5 things sold the fewest units") are a product
// ranking; products ranked by how urgently they need a reorder are restock recommendations; products ranked by where
// the seller's price stands against rivals ("concurrence", "concurrents": the French and Italian word for them; "most
// cheap": a Romance superlative) are competitor prices; "spend and sales" in an ads question are the ad spend and the
// ad sales, as are "what did they cost me and what sales did they bring"; openings "missed" in a category are
// insights, while what rivals sell that the seller does not stays a catalog gap; a follow-up that only keeps the best
// or worst few rows keeps the question before. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a figure of speech for the best one is one row of the product ranking", () => {
  it.each([
    ["which product was our big winner in Germany by profit this year", "profit"],
    ["which asin is my MVP on units this quarter", "units_sold"],
    ["what was my breadwinner in q3", "revenue"],
    ["which item is my golden goose on amazon.de", "revenue"],
    ["tell me which sku has been our real champion in pet supplies since january", "revenue"],
    ["who is the star of my catalogue on units this month", "units_sold"],
    ["what's my hero product this quarter", "revenue"],
  ])("%j is the top row by %s", (q, metric) =>
    expectFrame([q], { intent: "top_products", filters: { metrics: [metric], sort: "desc", limit: 1 } }),
  );
  // In the plural they are the best rows, as many as there are.
  it.each([["which listings were the real heroes in pet supplies last month"], ["who were my big hitters last week"]])(
    "%j ranks several",
    (q) => {
      expectFrame([q], { intent: "top_products", filters: { sort: "desc" } });
      expect(understand(q)?.filters.limit).toBeUndefined();
    },
  );
  // A campaign called the winner is the best campaign, not a product.
  it("the winning campaign is a campaign ranking", () =>
    expectFrame(["which campaign was the winner last month by roas"], {
      intent: "acos_by_campaign",
      filters: { metrics: ["roas"], limit: 1 },
    }));
  // Stars in the plural, or a star rating, are the reviews; the buy box's winner is the buy box.
  it.each([
    ["what's the star rating on my yoga mats", "declining_reviews"],
    ["are the stars of my listings dropping this month", "declining_reviews"],
    ["who is the winner of the buy box on my puzzle listings", "buy_box_share"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("things counted and ranked by what they sold are a product ranking", () => {
  it.each([
    ["which 3 things sold the most units in Spain last week", "units_sold", "desc", 3],
    ["what 4 things moved the fewest units this month", "units_sold", "asc", 4],
    ["which 10 things sold the least in italy in october", "revenue", "asc", 10],
    ["which six things shifted the most units on amazon.fr in the past 2 weeks", "units_sold", "desc", 6],
  ])("%j ranks by %s %s, %i rows", (q, metric, sort, limit) =>
    expectFrame([q], { intent: "top_products", filters: { metrics: [metric], sort, limit } }),
  );
  // A total asked of what sold stays a total.
  it("how much sold is no ranking", () =>
    expectFrame(["how many units sold in Spain last week"], { intent: "sales_summary" }));
});

describe("products ranked by how urgently they need reordering are restock recommendations", () => {
  it.each([
    ["top 3 products most urgent for replenishment", 3],
    ["the 5 skus in most urgent need of restocking in the UK", 5],
    ["top 10 products by reorder priority", 10],
    ["give me the 4 most pressing items for restock", 4],
  ])("%j is restock_recommendations, %i rows", (q, limit) =>
    expectFrame([q], { intent: "restock_recommendations", filters: { limit } }),
  );
  // What the products did, even a restock done, is their ranking.
  it.each([["top 5 products I restocked last month"], ["top 5 products by revenue"]])("%j stays a ranking", (q) =>
    expectFrame([q], { intent: "top_products" }),
  );
});

describe("products ranked by the seller's price against rivals are competitor prices", () => {
  it.each([
    ["top 4 listings where I am the most expensive against my concurrents", "desc", 4],
    ["which 3 items am I cheapest on versus la concurrence", "asc", 3],
    ["top 5 products where we are most cheap compared to competitors", "asc", 5],
    ["the 2 products where the concurrence undercuts me most", undefined, 2],
  ])("%j is competitor_pricing", (q, sort, limit) =>
    expectFrame([q], {
      intent: "competitor_pricing",
      filters: sort ? { metrics: ["price"], sort, limit } : { metrics: ["price"], limit },
    }),
  );
  // No rival named, the seller's own prices ranked stay a ranking; no price named, rivals' ranges stay gaps.
  it("own prices ranked without rivals stay a ranking", () =>
    expectFrame(["top 3 products where I have the lowest price"], { intent: "top_products" }));
  it("what the concurrence sells that I don't is a catalog gap", () =>
    expectFrame(["what does the concurrence sell in pet supplies that I'm missing"], { intent: "catalog_gaps" }));
});

describe("spend and sales in an ads question are the ad spend and the ad sales", () => {
  it.each([
    ["how is the Dog Toys - Exact campaign doing on sales and spend last week", ["ad_sales", "ad_spend"]],
    ["ppc spend & sales this month", ["ad_spend", "ad_sales"]],
    [
      "what did the Yoga Mats - Broad campaign cost us and what sales did it bring in october",
      ["ad_spend", "ad_sales"],
    ],
    ["for my sponsored ads, spend and sales by campaign this quarter", ["ad_spend", "ad_sales"]],
  ])("%j asks for %j", (q, metrics) =>
    expectFrame([q], { intent: /campaign/.test(q) ? "acos_by_campaign" : "advertising_summary", filters: { metrics } }),
  );
  // Cost set against what the ads bring is their ACoS; the store's revenue beside costs stays revenue.
  it("cost compared to the sales brought is ACoS", () =>
    expectFrame(["how much do my campaigns cost compared to the sales they bring"], {
      intent: "acos_by_campaign",
      filters: { metrics: ["acos"] },
    }));
});

describe("openings missed in a category are insights; what rivals sell that I don't is a gap", () => {
  it.each([
    ["any growth opportunities in beauty we're missing out on", "Beauty & Personal Care"],
    ["are there openings in toys & games i'm overlooking", "Toys & Games"],
    ["what opportunities in office products am i missing", "Office Products"],
  ])("%j is insights in %s", (q, category) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities", category } }),
  );
  it.each([
    ["what do competitors sell in pet supplies that I'm missing"],
    ["which gaps in office products am I missing"],
    ["what product types am I missing in home & kitchen"],
  ])("%j stays catalog_gaps", (q) => expectFrame([q], { intent: "catalog_gaps" }));
});

describe("a follow-up that only keeps the best or worst few rows keeps the question before", () => {
  it.each([
    [
      "how well is each product converting last month",
      "only the worst 3 please",
      "conversion_analysis",
      "conversion_rate",
      3,
      "asc",
    ],
    ["CVR per listing in october", "just give me the bottom five", "conversion_analysis", "conversion_rate", 5, "asc"],
    ["refund rate by product this year", "top 2 only", "refund_analysis", "refund_rate", 2, "desc"],
    ["sessions per asin last week", "keep only the best 4", "conversion_analysis", "sessions", 4, "desc"],
  ])("%j then %j keeps %s", (first, then, intent, metric, limit, sort) =>
    expectFrame([first, then], { intent, filters: { metrics: [metric], limit, sort } }),
  );
});
