// Whose data a question is about, eleventh set: what the buy box winner, a category's leader, a seller on the seller's
// own listing or a brand by its name sells, makes or spends on ads, the number one of a kind on Amazon, puns and
// riddles asked for, a listing's price set to an amount and a purchase order placed with a supplier are refused; and,
// the other way, an alert killed on a campaign, the areas seller-ai covers asked of it and a figure named then asked
// for by "can you pull that" are answered. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("another seller's sales, named by the buy box, a category or the seller's own listing, are not mirrored", () => {
  it.each([
    ["what does the buy box holder on B0HKCOOK01 sell in a week"],
    ["how many orders does the buybox winner on PS-DOGT-01 get a day"],
    ["how much revenue is the seller on our puzzle listing making"],
    ["how much does the market leader in yoga mats sell a month"],
    ["how much is the category leader in dog toys making these days"],
    ["what's Nike spending on advertising"],
    ["how much is Zenfit spending on ppc"],
  ])("%j is invalid_query", refused);
  it.each([
    // Their offers are mirrored: who holds the buy box and at what price.
    ["who has the buy box on B0HKCOOK01"],
    ["what's the buy box winner charging on B0HKCOOK01"],
    ["how often am I the buy box winner on B0PSDOGT01"],
    ["how many sellers are on my dog toy listing"],
  ])("%j stays ours", (q) => expect(understand(q), q).toBeDefined());
  it.each([
    ["what are my ads spending", "advertising_summary"],
    ["which campaigns are spending the most", "acos_by_campaign"],
  ])("%j: the seller's own spend stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("the number one of a kind on Amazon is the market's, whoever sells it", () => {
  it.each([
    ["how many units a day is the #1 yoga mat on amazon selling"],
    ["what's the top selling puzzle on Amazon doing in sales"],
    ["the number one dog toy on amazon, how much is it selling"],
  ])("%j is invalid_query", refused);
  it("the seller's own top sellers on Amazon stay ours", () =>
    expectFrame(["what are my top sellers on amazon"], { intent: "top_products" }));
});

describe("jokes, puns and riddles are no question of the data", () => {
  it.each([
    ["tell me a riddle about inventory"],
    ["make me laugh with a joke about FBA"],
    ["know any puns about shipping? need a laugh today"],
  ])("%j is invalid_query", refused);
});

describe("a price set to an amount and a purchase order placed are done outside seller-ai", () => {
  it.each([
    ["put B0HKCOOK01 at 19.99 please"],
    ["change PS-DOGT-01 to 12.50"],
    ["set TG-PUZZ-01 to $18 for me"],
    ["place a purchase order for 500 dog toys with the factory"],
    ["could you raise a PO with the manufacturer for the yoga mats"],
    ["order 300 units of PS-DOGT-01 from my supplier"],
  ])("%j is invalid_query", refused);
  it.each([
    // Asked as advice, it is restock advice.
    ["should I place a PO with my supplier this week", "restock_recommendations"],
    ["how much should I order from my supplier", "restock_recommendations"],
    // seller-ai's own settings are set here.
    ["set my lead time to 35 days", "update_settings"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("an alert killed or turned off on a campaign is seller-ai's own alert", () => {
  it.each([
    ["kill the spend alert on Yoga Mats - Broad", { campaign: "Yoga Mats - Broad" }],
    ["turn off the sales alert for Dog Toys - Exact", { campaign: "Dog Toys - Exact" }],
    ["delete all alerts", {}],
  ])("%j is delete_alert", (q, filters) => expectFrame([q], { intent: "delete_alert", filters }));
  it("the campaign itself paused is done in the advertising console", () => refused("pause Yoga Mats - Broad"));
});

describe("the areas seller-ai covers, asked of it, are help", () => {
  it.each([
    ["do you handle inventory as well"],
    ["can you do ads too"],
    ["could you deal with fees stuff too or only sales"],
  ])("%j is help", (q) => expectFrame([q], { intent: "help" }));
  it.each([
    // A figure asked again, or said to be covered by another, is a question of the data.
    ["can you do profit too"],
    ["does it cover fees or only ads"],
  ])("%j is not help", (q) => expect(understand(q)?.intent, q).not.toBe("help"));
});

describe("a figure named, then asked for by a pointer alone, is that figure", () => {
  it.each([
    ["My bookkeeper needs total fees for October. Can you dig that out?", "profit_breakdown", { timeframe: "2026-10" }],
    [
      "The bank wants our revenue for the whole of 2024 across every marketplace. Could you get me that please?",
      "sales_summary",
      { timeframe: "2024" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("asked alone, a refresh stays a refresh", () => expectFrame(["refresh my data"], { intent: "refresh_data" }));
});

describe("another seller's offer on the seller's own product is public, and ours, however the rest is worded", () => {
  it.each([
    ["what is that seller's price on my yoga mat"],
    ["what is that competitor's price on my yoga mat"],
    ["what price is the other seller asking on my dog toys"],
    ["what are the rival sellers' prices on my cookware"],
  ])("%j is competitor_pricing", (q) =>
    expectFrame([q], { intent: "competitor_pricing", filters: { metrics: ["price"] } }),
  );
  it.each([["what is the competitor's revenue on my yoga mat"], ["what is the capital of france"]])(
    "%j stays refused: no offer, or nothing of the seller's",
    refused,
  );
});
