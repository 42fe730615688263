// Whose data a question is about, twelfth set: another seller's earnings in more words ("pull in", "rake in") or
// described by the goods it stands behind, a forecast asked for, thanks for an answer that helped and advice for someone
// starting out on Amazon are refused; and, the other way, the seller's own figures in casual words ("how much have we
// done", the scariest thing in their numbers, money left on the table), gaps in their range ranked by the others' sales
// and another merchant's price on their own product are answered. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("another seller's earnings, in any words or described by its goods, are not mirrored", () => {
  it.each([
    ["how much does Zenfit pull in a month on amazon"],
    ["what does HomeNova rake in every week"],
    ["how many sales does Barkly rack up a day"],
    ["how much is my competitor hauling in on puzzles"],
    ["how much does the brand with the purple dog toys make a month"],
    ["what does the seller behind those bamboo cookware sets make"],
    ["how many units does the shop with the cheap puzzles sell a week? they're my biggest rival"],
  ])("%j is invalid_query", refused);
  it.each([["what is that merchant's price on my puzzles"], ["what are other merchants charging for my dog toys"]])(
    "%j: an offer beside the seller's own is competitor pricing",
    (q) => expectFrame([q], { intent: "competitor_pricing", filters: { metrics: ["price"] } }),
  );
  it.each([
    ["how much did we pull in last month", "sales_summary"],
    ["how many orders did I rack up this week", "sales_summary"],
    ["what do my ads bring in", "advertising_summary"],
    ["what does the competition do on price", "competitor_pricing"],
    ["what do competitors sell yoga mats at", "catalog_gaps"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a forecast asked for is refused; only stock looks ahead", () => {
  it.each([
    ["forecast my sales for January"],
    ["can you predict my profit for next quarter"],
    ["what's my projected revenue for December"],
    ["give me an orders forecast for December"],
    ["how many units should I expect to sell in December"],
    ["project our revenue for Q1 please"],
  ])("%j is invalid_query", refused);
  it.each([
    ["predict which products will run out in the next 3 weeks", "stockout_risk"],
    ["what do you expect to stock out next month", "stockout_risk"],
    ["forecast my restock needs for next month", "restock_recommendations"],
    ["stock-out forecast for B0PSDOGT01", "stockout_risk"],
    ["my revenue last December", "sales_summary"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("thanks for an answer that helped ask for nothing", () => {
  it.each([
    ["thanks, that helped"],
    ["ta, super helpful"],
    ["cheers mate, this really helps"],
    ["much appreciated, that has helped loads"],
    ["thank you, you're a big help"],
  ])("%j is invalid_query", refused);
  it.each([["help"], ["what can you do"], ["thanks, what else can you help with"], ["I need help"]])(
    "%j is help",
    (q) => expectFrame([q], { intent: "help" }),
  );
});

describe("advice for someone starting out on Amazon is no question of the seller's data", () => {
  it.each([
    ["what's the best product to sell on amazon"],
    ["what should I sell on amazon as a newbie"],
    ["which niche is best for a new seller"],
    ["what's the easiest category to break into on amazon"],
    ["any good products to start with for a first-time seller?"],
    ["which category should a beginner start with"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what's my best product", "top_products"],
    ["what's the best product I sell", "top_products"],
    ["items competitors have that I should start selling", "catalog_gaps"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
  it("a new seller on the seller's own listing is a competitor's offer", () =>
    expect(understand("a new seller turned up on my puzzle listing - how does my price compare?")?.intent).toBe(
      "competitor_pricing",
    ));
});

describe("the seller's own figures in casual words are answered", () => {
  it.each([
    ["how much have we done today", { timeframe: "today", metrics: ["revenue"] }],
    ["how much did we do in Germany yesterday", { timeframe: "yesterday", marketplace: "DE", metrics: ["revenue"] }],
    ["how much have I done this week on amazon.co.uk", { timeframe: "this_week", marketplace: "UK" }],
  ])("%j is sales_summary", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  it("a figure named with 'done' is that figure", () =>
    expectFrame(["how much did I do in units last week"], {
      intent: "sales_summary",
      filters: { metrics: ["units_sold"] },
    }));
  it.each([
    ["what's the scariest thing in my numbers atm"],
    ["anything alarming in my data rn?"],
    ["what scares you most about my account"],
  ])("%j is insights on risks", (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "risks" } }));
  it.each([
    ["where's the free money we're leaving on the table"],
    ["what cash am I leaving on the table"],
    ["where's the easy money I've been leaving behind"],
  ])("%j is insights on opportunities", (q) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities" } }),
  );
});

describe("gaps in the seller's range ranked by the others' sales are catalog gaps", () => {
  it.each([
    ["gaps in my catalog vs rivals, top 3 by revenue", {}],
    ["what am I missing that other sellers carry, top 10 by units", {}],
    ["holes in my Toys & Games range next to competitors, biggest 5 by their revenue", { category: "Toys & Games" }],
    ["gaps in my Home & Kitchen range versus other sellers in the UK, top 3 by units", { marketplace: "UK" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "catalog_gaps", filters }));
  it.each([["what's my competitors' revenue"], ["how much revenue do competitors make in the categories I'm missing"]])(
    "%j stays refused: their figures asked outright",
    refused,
  );
  it("the seller's own top products against competitors stay a ranking", () =>
    expectFrame(["my top 5 products by revenue compared with other sellers"], { intent: "top_products" }));
});
