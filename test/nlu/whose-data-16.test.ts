// Whose data a question is about, sixteenth set. The seller's own price set against the other offers on their own
// listing stays competitor pricing, with a reason sentence after it or a learner's "more cheap"; worries asked casually
// ("anything I should be nervous about") are the seller's risks. Refused as the world's: the best seller of a kind of
// goods on one Amazon site, Amazon's policies and plans, advice on banks, payment providers and tax, and small talk
// asked of the assistant even where its words name the catalog ("cats or dogs"). Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("the seller's price against the other offers on their own listing is competitor pricing", () => {
  // The sentence after the question only says why it is asked: its figure ("Orders on it…") is the seller's own, not
  // the other sellers' sales it happens to follow once the stops are gone.
  it.each([
    [
      "Am I more expensive than the other sellers on B0SOYOGA01? Orders on it dropped this week.",
      { asin: "B0SOYOGA01" },
    ],
    ["Is my price higher than the other offers on my yoga mat? Conversions have been poor lately.", {}],
    ["Am I cheaper than the other offers on my dog toy? Just checking before the weekend.", {}],
    ["am i pricier than the other sellers on the puzzle? it's been quiet since Monday", {}],
    ["Are my prices above the other sellers on B0PSDOGT01? Sales were flat in October.", { asin: "B0PSDOGT01" }],
    ["am i dearer than the other sellers on the puzzle?", {}],
    ["am I the priciest seller on B0SOYOGA01", { asin: "B0SOYOGA01" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "competitor_pricing", filters }));

  // Selling said by its price against the seller's is their offers, which the mirror holds.
  it.each([
    ["are the other sellers selling cheaper than us on B0SOYOGA01", {}],
    ["is the seller on my yoga mat selling it for less than me", {}],
    ["are the rivals offering the same mat at a lower price than me in Germany", { marketplace: "DE" }],
    ["are rivals selling more cheaply than me in Italy", { marketplace: "IT" }],
    ["are the competitors undercutting me on the dog toy", {}],
    ["are the competitors selling below my price", {}],
  ])("%j", (q, filters) => expectFrame([q], { intent: "competitor_pricing", filters }));

  // How much they sell stays theirs, in one sentence or across two.
  it.each([
    ["are the competitors selling more than me in France?"],
    ["how much are the competitors selling in France"],
    ["the other sellers on B0SOYOGA01. how much revenue do they make?"],
    ["my competitor is doing great - how much did they sell?"],
  ])("%j is invalid_query", refused);
});

describe("'more' before a short adjective is its comparative, as a learner builds it", () => {
  it.each([
    ["are other sellers more cheap than me on B0SOYOGA01", "competitor_pricing"],
    ["my sales are more good or more bad than last month?", "sales_comparison"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
});

describe("a worry asked casually is the seller's risks", () => {
  it.each([
    ["anything in my account I should be nervous about"],
    ["should i be nervous about anything in the shop"],
    ["what in my business should i lose sleep over"],
    ["is anything in my store going to freak me out"],
    ["anything in my acct i should worry abt"],
  ])("%j", (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "risks" } }));
  // A feeling told before a question of figures leaves the figures asked.
  it("a worry told before a question of sales is the sales", () =>
    expectFrame(["i'm nervous about the UK, how are sales there"], { intent: "sales_summary" }));
});

describe("the best seller of a kind of goods on one Amazon site is the market's", () => {
  it.each([
    ["what's the best selling puzzle on amazon.co.uk right now"],
    ["which is the most popular yoga mat on amazon.fr"],
    ["the #1 dog toy on amazon.it, how many does it sell a week"],
    ["how many reviews does the top selling puzzle on amazon.de have"],
  ])("%j is invalid_query", refused);
  // The seller's own best seller, or their top products on a site, stay theirs.
  it.each([
    ["how many units does my top-selling yoga mat on amazon.de sell a day", "top_products"],
    ["which of my yoga mats sells most on amazon.de", "top_products"],
    ["what was the top selling product on amazon.de last month", "top_products"],
    ["top sellers on amazon.com this week", "top_products"],
    ["the best selling product in Germany last month", "top_products"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("Amazon's policies and plans are Amazon's to announce", () => {
  it.each([
    ["what's amazon's new policy on returns"],
    ["has amazon announced new seller guidelines for 2027"],
    ["is amazon planning to raise fba fees next year"],
    ["is amazon banning silicone utensils"],
    ["what are the amazon terms of service for reviews"],
  ])("%j is invalid_query", refused);
  it.each([
    ["how many returns did I get last month", "refund_analysis"],
    ["what's my return rate on the yoga mat", "refund_analysis"],
    // Amazon paying the seller, however it is planned, is their payout.
    ["when is amazon planning to pay me", "payouts"],
    ["is amazon going to pay out on friday", "payouts"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("advice on banks, payment providers and tax is the world's", () => {
  it.each([
    ["should i use payoneer or wise for amazon payouts"],
    ["what's the cheapest bank to get my amazon money in euros"],
    ["can you recommend a bank for amazon payouts in Spain"],
    ["should I open a business bank account for my amazon shop"],
    ["how much tax do I pay on amazon income in portugal"],
    ["do I have to pay income tax on my amazon sales"],
    ["which courier is best for sending to ireland"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which bank account did my october payout go to"],
    ["payments from Amazon last month"],
    ["when did Amazon pay me"],
    ["what did amazon deposit into my bank in october"],
  ])("%j stays payouts", (q) => expectFrame([q], { intent: "payouts" }));
});

describe("small talk asked of the assistant asks no figure, whatever catalog words it holds", () => {
  it.each([
    ["do you prefer cats or dogs"],
    ["which do you like more, puzzles or yoga"],
    ["would you rather have a dog toy or a puzzle"],
    ["r u a robot or a real person"],
    ["are you a cat person or a dog person"],
    ["what's your favourite yoga mat colour"],
  ])("%j is invalid_query", refused);
  it.each([
    ["dog toys margin", "profit_margin_by_category"],
    ["which dog toys sell best", "top_products"],
    ["pet supplies or toys, which made more profit", "profit_margin_by_category"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a review taken down is done on Amazon", () => {
  it.each([
    ["please take that review down from my listing"],
    ["can you get the 1-star rating off my dog toy"],
    ["have the fake reviews removed from B0SOYOGA01 pls"],
  ])("%j is invalid_query", refused);
});
