// Whose data a question is about, thirty-first set: three kinds of question that lie outside the seller's own data,
// though they share words with it. How a whole market is split between its sellers ("which brand holds the biggest
// share of dog toy sales on amazon.de", "who dominates the yoga mat niche"): the mirror has only the seller's own
// sales. An opinion on a way of doing business in general ("is dropshipping still worth it", "should I start private
// label", often opened in a learner's own language: "co myślisz,", "ne dersin,"): "worth it" there is no stock value
// and "profitable" no profit of theirs. And what one unit of money is worth in another, whatever the country's
// currency is called ("how many tenge is one euro", "how much is a dollar at the bank today"). The seller's own split
// of their sales, their buy box, their own goods judged "worth stocking", their payouts in a currency or into a bank
// and what a dollar of their ad spend buys stay theirs, and so does FBA asked of the past or of their stock. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("how a market is split between other sellers is the market's", () => {
  it.each([
    ["which brand holds the largest chunk of the dog toy market in germany"],
    ["which competitor has the largest slice of puzzle sales in the uk"],
    ["who controls the bulk of the cookware market in germany"],
    ["which shop takes the biggest cut of dog toy revenue on amazon.ca"],
    ["who is dominating the yoga category on amazon.com right now"],
    ["how are puzzle sales divided among the brands on amazon.co.uk"],
    ["what share of dog bed sales do the top 3 brands take"],
    ["which sellers account for most of the dog bed sales in germany"],
    ["who's winning the most yoga mat sales on amazon.it"],
    ["which brand is leading the pet beds category in spain"],
    ["who holds most of the market for yoga mats on amazon.fr"],
    ["which company owns the biggest piece of the cookware niche"],
  ])("%j is invalid_query", refused);
});

describe("the seller's own split of their sales and their buy box stay theirs", () => {
  it.each([
    ["which of my products has the biggest share of my revenue this year", "top_products"],
    ["which category takes the largest share of our sales", "profit_margin_by_category"],
    ["which marketplace accounts for most of my orders", "sales_summary"],
    ["what share of my revenue came from the puzzle last quarter", "sales_summary"],
    ["what's my share of the buy box on the yoga mat", "buy_box_share"],
    ["who has the buy box most often on my dog toys", "buy_box_share"],
    ["which competitor wins the buy box on B0HKCOOK01", "buy_box_share"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("an opinion on a way of doing business in general is no figure of the seller's", () => {
  it.each([
    ["is amazon fba dead in 2027"],
    ["honestly, is dropshipping a scam"],
    ["do you think private label is still profitable"],
    ["what do you think about retail arbitrage"],
    ["would you say wholesale is worth it in 2028"],
    ["is online arbitrage even worth the effort anymore"],
    ["should we get into white label next year"],
    ["does dropshipping still work"],
    ["is it still worth starting an ecommerce business"],
    ["is kdp still a good side hustle"],
    ["can you still make decent money with print on demand"],
    ["dropshipping or private label, which is better in 2027"],
    ["retail arbitrage, is that even worth it anymore"],
    ["arbitrage still works in 2027?"],
  ])("%j is invalid_query", refused);
  it.each([
    ["co myślisz, is private label still worth it"],
    ["ne dersin, should I start dropshipping"],
    ["was meinst du, is amazon fba still profitable"],
    ["qué opinas, is retail arbitrage dead"],
    ["che ne pensi, is wholesale still worth doing"],
    ["kak dumaesh, is selling on amazon still worth it"],
    ["mitä mieltä olet, should I quit my job for amazon fba"],
    ["o que achas, is drop shipping saturated now"],
  ])("%j, opened in the learner's language, is invalid_query", refused);
});

describe("the seller's own goods judged worth it stay theirs", () => {
  it.each([
    ["is my yoga mat still worth stocking"],
    ["is the dog bed still worth reordering"],
    ["is it worth restocking the puzzle before christmas"],
    ["what do you think, is my yoga mat still worth stocking"],
    ["is my private label yoga mat still profitable"],
    ["how many units in fba are over 180 days old"],
    ["šta misliš, how much did I sell last month"],
  ])("%j is understood", (q) => expect(understand(q)).toBeDefined());
  it.each([
    ["is the auto campaign still worth it", "acos_by_campaign"],
    ["co myślisz, which product should I restock first", "restock_recommendations"],
    ["is my private label yoga mat still profitable", "sales_summary"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("what one unit of money is worth in another is the market's rate, whatever the currency", () => {
  it.each([
    ["How many tenge is one euro right now"],
    ["how much lari for 1 dollar today"],
    ["what is one dollar worth in the bank today"],
    ["how much is a euro today at the bank"],
    ["if I change a dollar how many som will I get"],
    ["one dollar how many manat today"],
    ["how many cedis is one pound"],
    ["what's the kip to dollar rate"],
    ["how many hryvnias for one euro"],
    ["how many won do I get for one dollar at the bank"],
    ["1 euro how many lari"],
    ["what does the bank pay for one dollar today"],
    ["what's a dollar going for these days"],
    ["how many soum would I get for one pound"],
  ])("%j is invalid_query", refused);
});

describe("the seller's money in a currency, at a bank or per dollar stays theirs", () => {
  it.each([
    ["how much did amazon pay me in dollars last month", "payouts"],
    ["how much did amazon deposit into my bank in october", "payouts"],
    ["payouts to my bank this quarter", "payouts"],
    ["what was my revenue in dollars yesterday", "sales_summary"],
    ["what's the sum of my sales in dollars this month", "sales_summary"],
    ["how many clicks is one dollar of ad spend getting me", "advertising_summary"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
  it.each([
    ["was fba profitable last month", "sales_summary"],
    ["which products in fba are dead stock", "excess_inventory"],
    ["how much did I spend on fba fees last month", "profit_breakdown"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});
