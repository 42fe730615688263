// Whose data a question is about, twenty-third set: what lies outside the seller's own data is refused, and the
// seller's own requests are not. Courtesies only (thanks, goodbyes, "that was what I needed"), in any language and with
// seller words inside them, ask for nothing. A benchmark of the whole market, the figures of a product said not to be
// the seller's ("(not mine)", "someone else's"), a currency by its nickname trading against another, and what setting up
// a company costs are the world's. On the other side, a setting changed and then its reason is still the setting,
// "what do I have sitting in FBA for <category>" is the stock on hand, and "giving me maximum profit" ranks.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("courtesies only ask for nothing, whatever seller words they hold", () => {
  it.each([
    ["thank you so much, this was precisely what I was looking for"],
    ["many thanks for the breakdown, have a good evening"],
    ["cheers mate, that's all for today"],
    ["merci beaucoup for the sales figures"],
    ["grazie mille, that's everything I needed"],
    ["thx for the refund numbers!"],
    ["much appreciated, the inventory report was spot on"],
    ["ok thanks, bye"],
    ["perfect, thank you"],
    ["brilliant, cheers for pulling that together"],
    ["thanks again team, speak soon"],
    ["that's all I needed, thanks"],
    ["you've been a great help with the ACoS stuff, thanks"],
    ["dziekuje for the profit report, see you tomorrow"],
    ["takk for the inventory figures - enjoy your weekend"],
  ])("%j is invalid_query", refused);

  it.each([
    ["what was my revenue last month", "thanks for the numbers, much appreciated"],
    ["top 5 products by units this week", "cheers, that list was exactly what I needed"],
    ["stock levels in the UK", "great, thank you - have a lovely day"],
  ])("after %j, %j is still no question", (before, courtesy) => expect(understand(before, courtesy)).toBeUndefined());

  // A clause that asks makes the message a question, thanks or not.
  it.each([
    ["thanks, what's my best seller this week?", "top_products"],
    ["great thanks, revenue for last month by marketplace", "sales_summary"],
    ["thanks in advance, show me my ACoS for last week", "advertising_summary"],
  ])("%j is still asked", (q, intent) => expectFrame([q], { intent }));
  it("thanks before a follow-up keeps the follow-up", () =>
    expectFrame(["what was my revenue last month", "thanks, and what about Germany?"], {
      intent: "sales_summary",
      filters: { marketplace: "DE" },
    }));
});

describe("a benchmark of the whole market is not the seller's figure", () => {
  it.each([
    ["what's the average ACoS for pet supplies across all of amazon.co.uk"],
    ["industry benchmark for TACoS in home and kitchen"],
    ["how does my conversion rate compare to the industry standard"],
    ["typical refund rate for yoga mats among all sellers"],
    ["what's a normal CPC in the toys category, market average"],
  ])("%j is invalid_query", refused);
  it.each([
    ["how does my ACoS compare to my target", "acos_by_campaign"],
    ["my average ACoS in Pet Supplies last month", "advertising_summary"],
  ])("%j stays the seller's own", (q, intent) => expectFrame([q], { intent }));
});

describe("a product said not to be the seller's is another business's", () => {
  it.each([
    ["how many units a month does the top selling dog bed on amazon.co.uk sell (not ours)"],
    ["revenue of someone else's best seller in beauty"],
    ["sales of the best selling puzzle on amazon.de, not my own"],
    ["how many sessions does the top ranked yoga mat listing get"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what's my #1 product on amazon.de this month"],
    ["what was the #1 product last month"],
    ["my best seller on amazon.de last month"],
    ["What are the leading Pet Supplies products by orders this month?"],
  ])("%j stays the seller's own ranking", (q) => expectFrame([q], { intent: "top_products" }));
});

describe("a currency by its nickname, trading or moving, is the market's price", () => {
  it.each([
    ["how's the quid doing against the euro"],
    ["is the greenback getting stronger this week"],
    ["what's the toonie worth in euros"],
    ["where is the kiwi dollar trading today"],
    ["yuan to dollar rate right now"],
    ["how many bucks is a pound these days"],
  ])("%j is invalid_query", refused);
  it.each([
    ["how many bucks did I make last month", "sales_summary"],
    ["revenue in euros vs dollars last month", "sales_summary"],
  ])("%j stays the seller's figure", (q, intent) => expectFrame([q], { intent }));
});

describe("what setting up a company costs is not the seller's data", () => {
  it.each([
    ["what does it cost to register an LLC in Wyoming to sell on Amazon"],
    ["fees for setting up a UK limited company"],
    ["cheapest country to set up a business for amazon fba"],
    ["what do I need to open a business bank account in Germany"],
  ])("%j is invalid_query", refused);
  // The day the business started is the seller's own history.
  it.each([["how much revenue since we started the business"], ["how much did I sell since I set up my company"]])(
    "%j stays a sales total",
    (q) => expectFrame([q], { intent: "sales_summary" }),
  );
});

describe("a setting changed, then what led to it, is the setting", () => {
  it.each([
    ["set safety stock to 3 weeks because the supplier keeps running late", { safety_stock_days: 21 }],
    ["update my lead time to 45 days as we moved to air freight", { lead_time_days: 45 }],
    ["please make the lead time 75 days; the factory is closed for Chinese New Year", { lead_time_days: 75 }],
    ["switch my lead time to 50 days, containers go by sea from now on", { lead_time_days: 50 }],
  ])("%j is update_settings", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it("a second setting after the comma is set too", () =>
    expectFrame(["set lead time to 60 days, and safety stock to 14 days"], {
      intent: "update_settings",
      filters: { settings: { lead_time_days: 60, safety_stock_days: 14 } },
    }));
});

describe("what the seller has sitting in FBA for a category is the stock on hand", () => {
  it.each([
    ["what do we have sitting in FBA for Pet Supplies by marketplace"],
    ["what have I got sitting at FBA in Beauty"],
  ])("%j is inventory_levels", (q) => expectFrame([q], { intent: "inventory_levels" }));
  // Sitting idle or unsold is stock that does not move.
  it.each([
    ["which products are just sitting in FBA for Pet Supplies"],
    ["stock sitting unsold in FBA for Home & Kitchen"],
  ])("%j stays excess_inventory", (q) => expectFrame([q], { intent: "excess_inventory" }));
});

describe("maximum or minimum of a figure something gives is a ranking", () => {
  it.each([
    ["Which 2 products bring me minimum sales in Germany?", { limit: 2, sort: "asc" }],
    ["products with max orders last week", { sort: "desc" }],
    ["which 4 SKUs are making us maximum revenue in France this year", { limit: 4, sort: "desc" }],
  ])("%j is top_products", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  // A limit set on a figure stays a limit.
  it("a maximum ACoS in an alert is its threshold", () =>
    expect(understand("alert me if ACoS goes over a maximum of 30%")?.intent).toBe("create_alert"));
});
