// Whose data a question is about, fourteenth set: acts done on Amazon or to buyers (a public reply put under a review,
// a review taken down, aged stock liquidated or disposed of, a carrier booked to collect parcels) and a market average
// for sellers of a category are refused, while the seller's own reviews, stock and returns stay questions of the
// data. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a review answered in public or taken down is done on Amazon, not asked of the mirror", () => {
  it.each([
    ["please leave a polite reply under the 2-star review on the yoga mat"],
    ["could you write a public answer to the latest 1-star rating on B0SOYOGA01"],
    ["post a comment below the angry review on my dog toy"],
    ["can you get rid of the 1-star ratings on B0SOYOGA01"],
    ["remove that negative feedback a buyer left on my dog toy"],
    ["flag the fake review on the puzzle for me"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which reviews should I respond to first?", "declining_reviews"],
    ["which reviews dropped my rating this month", "declining_reviews"],
    ["show me the reviews on B0SOYOGA01", "declining_reviews"],
    // An answer edited, not a review taken down.
    ["remove the 1-star reviews from that list", "declining_reviews"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("stock liquidated or disposed of, and a carrier pickup booked, are done outside seller-ai", () => {
  it.each([
    ["dispose of the unsellable dog toys in the German warehouse"],
    ["please liquidate every yoga mat older than a year"],
    ["set up a liquidation order for the aged puzzles"],
    ["book a FedEx pickup for Friday"],
    ["can you arrange a courier collection for the removal units"],
    ["schedule a DHL pick-up at the warehouse next Monday"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which stock should I liquidate?", "excess_inventory"],
    ["how much aged stock do I have in the UK", "excess_inventory"],
    ["how many returns came back last week", "refund_analysis"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("an average of other sellers in a category is the market's", () => {
  it.each([
    ["What's the typical ACoS of Pet Supplies sellers?"],
    ["average refund rate for toys & games sellers on amazon"],
    ["what's the usual margin among dog toy sellers"],
  ])("%j is invalid_query", refused);
  it("the seller's own average in the category stays ours", () =>
    expect(understand("what's my average profit margin for Home & Kitchen")?.intent).toBe("profit_margin_by_category"));
});

describe("a marketplace named only to be widened past is no filter", () => {
  it.each([
    ["refunds last month for every marketplace, not just the UK"],
    ["ad spend this week across all my stores, not only in Spain"],
    ["revenue this month, not just in France"],
    ["units sold in October everywhere - rather than just Germany like last time"],
  ])("%j asks every marketplace", (q) => expect(understand(q)?.filters.marketplace, q).toBeUndefined());
  it.each([
    ["units sold in Germany last month", "DE"],
    ["sales in Germany, not the UK", "DE"],
    ["just the UK for refunds last month", "UK"],
  ])("%j keeps its place", (q, marketplace) => expect(understand(q)?.filters.marketplace, q).toBe(marketplace));
});

describe("a campaign or category the seller waves off beside the question is no filter", () => {
  it.each([
    [
      "Which campaigns spent over $100 last week? Dog Toys - Exact is paused anyway, so never mind that one.",
      "campaign",
    ],
    [
      "Which products have under 10 days of stock? The dog toys are on a boat already, so don't worry about those.",
      "category",
    ],
    ["Which SKUs have more than 120 days of cover? The puzzles are seasonal, so never mind those.", "category"],
    ["Which campaigns had ACoS above 30% in October? Yoga Mats - Broad was a test, so leave that one out.", "campaign"],
  ])("%j has no %s", (q, key) =>
    expect((understand(q)?.filters as Record<string, unknown> | undefined)?.[key], q).toBeUndefined(),
  );
  it("a name told beside the question without being waved off still scopes it", () =>
    expect(understand("The puzzles worry me. Which products have under 10 days of stock?")?.filters.category).toBe(
      "Toys & Games",
    ));
});

describe("what rivals sell that the seller is not is the seller's catalog gap", () => {
  it.each([
    ["which products do rivals sell that we're not selling"],
    ["what are my competitors selling that we are not? top 3 by revenue"],
    ["show me what other brands sell that we're not"],
  ])("%j is catalog_gaps", (q) => expectFrame([q], { intent: "catalog_gaps" }));
  it("their sales alone stay refused", () => refused("how much are competitors selling"));
});
