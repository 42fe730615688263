// Choosing the intent, twenty-third set: a figure said to improve "this quarter on last quarter" is a comparison of
// two periods, traffic figures included; reviews that "dropped off on anything" are declining reviews, not an anomaly;
// a learner's "the product that more profit gave me" is the top product; "how much it sold" after the ad spend is the
// ads' sales; "when I must place the order" is a restock; "raro", "seltsam" and "something happening with" a figure ask
// for anomalies; "actualize my data" asks for a refresh. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a figure improved or changed this period on the one before is a comparison of the two", () => {
  it.each([
    ["has conversion got better this month on last month?", "this_month", "last_month", "conversion_rate"],
    ["did sessions improve this quarter on last quarter", "this_quarter", "last_quarter", "sessions"],
    ["has revenue grown this week on last week, like for like", "this_week", "last_week", "revenue"],
    ["did page views get worse in October on September", "2026-10", "2026-09", "page_views"],
    ["did sessions get better this month over last month", "this_month", "last_month", "sessions"],
    ["has my conversion rate become worse this week versus last week", "this_week", "last_week", "conversion_rate"],
  ])("%j compares %s with %s", (q, timeframe, compare_to, metric) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to, metrics: [metric] } }),
  );
  // "on" before a period that is no earlier one of the same unit narrows the question instead of comparing.
  it("a day after 'on' within a week is no comparison", () => {
    expect(understand("sales this week on monday")?.filters.compare_to).toBeUndefined();
  });
  // Without another period, "better" picks one of a set, a ranking, as before.
  it("which of two products sells better stays a ranking", () =>
    expectFrame(["which product sells better, the yoga mat or the dog toy"], { intent: "top_products" }));
});

describe("reviews said to drop off on any product are declining reviews, not an anomaly", () => {
  it.each([
    ["has the review count dropped off on anything in the last 3 months?", "review_count"],
    ["have my ratings fallen away on any product this quarter", "review_rating"],
    ["did the number of reviews tail off on anything since August", "review_count"],
    ["has the review count slipped down on any item", "review_count"],
  ])("%j is declining_reviews", (q, metric) =>
    expectFrame([q], { intent: "declining_reviews", filters: { metrics: [metric] } }),
  );
  // Called unusual in words, a fall is an anomaly still.
  it.each([["any weird drops in review count this month"], ["anything strange happening to my review count?"]])(
    "%j stays anomalies",
    (q) => expectFrame([q], { intent: "anomalies" }),
  );
});

describe("the product that more of a figure gave me, in a learner's word order, is the top product", () => {
  it.each([
    ["Which is the product that more revenue gave me last month?", "revenue", "desc", 1],
    ["what is the item that more sales brought us in Q3", "revenue", "desc", 1],
    ["which are the 3 products that more profit made me this year", "profit", "desc", 3],
    ["the sku that less profit has given me this year", "profit", "asc", 1],
  ])("%j ranks by %s %s", (q, metric, sort, limit) =>
    expectFrame([q], { intent: "top_products", filters: { metrics: [metric], sort, limit } }),
  );
  // A comparison in the clause makes "more" a comparison, not the most.
  it("'more profit than last year' is no ranking", () =>
    expect(understand("which product made more profit than last year")?.intent).not.toBe("top_products"));
});

describe("how much the ads sold, asked after what they cost, is the ads' sales", () => {
  it.each([
    ["how much did I spend on ads and how much did they sell last month"],
    ["what I spent on advertising this week and what it sold"],
    ["how much I spent on publicity and how much it sold in October"],
    ["how much I spent in PPC and how much it sold, all campaigns together"],
  ])("%j is ad spend and ad sales", (q) =>
    expectFrame([q], { intent: "advertising_summary", filters: { metrics: ["ad_spend", "ad_sales"] } }),
  );
  // Units the seller sold are the store's, not what the ads returned.
  it("units I sold beside the ad spend stay units sold", () =>
    expect(understand("how much did I spend on ads and how many units did I sell last month")?.filters.metrics).toEqual(
      expect.arrayContaining(["units_sold"]),
    ));
});

describe("when I must place the order, asked without inverting the verb, is a restock", () => {
  it.each([
    ["when I must place the order of PS-YOGA-01 and how many units?", { sku: "PS-YOGA-01" }],
    ["when we have to reorder the dog toys and how many units", { subcategory: "Dog Toys" }],
    ["When I need to place the PO for PS-DOGT-01?", { sku: "PS-DOGT-01" }],
    ["when I should order PS-DOGT-01, and how many units", { sku: "PS-DOGT-01" }],
  ])("%j is restock_recommendations", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
  it("when I sold the most stays a sales question", () =>
    expect(understand("when I sold the most dog toys")?.intent).not.toBe("restock_recommendations"));
});

describe("something unusual, said in another language or as 'something happening with', is an anomaly", () => {
  it.each([
    ["is something raro going on with my refunds this month?", "refund_rate"],
    ["anything seltsam with my sessions yesterday", "sessions"],
    ["algo extraño with my ad spend this week?", "ad_spend"],
    ["is there something strano in my conversion rate", "conversion_rate"],
    ["is something happening with my ad spend this week", "ad_spend"],
    ["has something happened to my conversion rate this month", "conversion_rate"],
  ])("%j is anomalies", (q, metric) => expectFrame([q], { intent: "anomalies", filters: { metrics: [metric] } }));
  // What is happening with a figure, asked openly, is that figure.
  it("'what is happening with my sales' stays the sales total", () =>
    expectFrame(["what is happening with my sales this week"], { intent: "sales_summary" }));
});

describe("a learner's word for refresh, with a courtesy after, refreshes the data", () => {
  it.each([
    ["Actualize my data, bitte"],
    ["actualise the numbers please"],
    ["renew the data, prosím"],
    ["aktualisieren my data, por favor"],
    ["reload my data, please"],
  ])("%j is refresh_data", (q) => expectFrame([q], { intent: "refresh_data" }));
});
