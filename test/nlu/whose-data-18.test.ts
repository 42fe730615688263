// Whose data a question is about, eighteenth set: an exchange rate asked in any words (a currency's rate, a central
// bank's, the rate to convert invoices at, where the dollar stands), even with "convert" in it, and another seller's
// sales figures shown or asked ("the sales numbers of the other seller who…", "revenue figures for the competitor on
// my yoga mat") are refused: the mirror holds neither the market's price of money nor other sellers' sales. The
// seller's own conversion rate, their reporting currency, and competitors' offers and the buy box stay questions of
// the data. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("an exchange rate asked in the seller's own words is the market's price of money", () => {
  it.each([
    ["my accountant needs the euro rate for the 30th"],
    ["what was the ECB reference rate on 31 October"],
    ["give me the sterling rate for last Friday"],
    ["the FX rate for the 31st to convert the Amazon payouts"],
    // "Convert" reads as the seller's conversion rate unless money is what is converted.
    ["what rate should I convert the supplier invoices at"],
    ["the dollar rate for converting my invoices into pounds"],
    ["at what rate should I convert my US invoices to euros"],
    ["which rate do I use to convert the German invoices into pounds"],
    // Where a currency stands, with no "rate" said.
    ["what's the dollar at"],
    ["how is the euro doing today"],
    ["how much is the pound worth this morning"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what's the conversion rate of my listings", "conversion_analysis"],
    ["at what rate do my dog toys convert", "conversion_analysis"],
    ["show the conversion rate for my dog toys in euros", "conversion_analysis"],
    // The seller's own figure by its worth in a currency, not the currency's worth.
    ["what's the dollar value of my inventory", "inventory_value"],
    // seller-ai's reporting currency is its own setting.
    ["report in euros from now on", "update_settings"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("another seller's sales figures are not in the mirror, whoever describes them", () => {
  it.each([
    ["show me the revenue numbers of the other seller that keeps beating us on puzzles"],
    ["what are the revenue figures for the competitor on my yoga mat"],
    ["show the sales data of the seller who keeps undercutting my puzzle"],
    ["units sold for the brand that keeps outranking our puzzle"],
    ["pull up the rival's sales numbers for puzzles"],
    ["what sales numbers does the other seller on my dog toy have"],
    ["sales figures for that seller beating us in dog toys"],
  ])("%j is invalid_query", refused);
  it.each([
    ["am I losing the buy box to the other seller on my dog toy", "buy_box_share"],
    ["show me the buy box share of the other seller on my yoga mat", "buy_box_share"],
    ["competitor prices on my dog toys", "competitor_pricing"],
    // Their offer's price is mirrored, however the seller describes them.
    ["what's the price of the seller who keeps beating us on dog toys", "competitor_pricing"],
    ["how am I doing against competitors", "insights"],
    ["show me my sales numbers for dog toys", "sales_summary"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});
