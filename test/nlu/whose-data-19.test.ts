// Whose data a question is about, nineteenth set: four kinds of question that use seller words but ask nothing the
// mirror holds are refused, each beside the seller's own questions that look like them and stay answered:
// - how many people a country or Amazon as a whole has as shoppers (a market statistic), where the seller's own
//   customers counted by their orders stay a sales question;
// - another seller described by what they did to the seller ("who copied", "who hijacked", "undercutting me") and
//   their orders or sales, where their prices and the buy box, which the mirror keeps of rivals, stay answered;
// - sports results and matches, whatever a team's nickname looks like ("Black Stars" reads as a rating);
// - an agency's invoicing chores for its client, where the fees Amazon charged stay the seller's fees.
// Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("how many people of a country or of Amazon shop there is the market's statistic", () => {
  it.each([
    ["How many Germans shop on Amazon every week?"],
    ["roughly how many Italians shop on amazon.it per month"],
    ["how many French shoppers order online each month"],
    ["what share of Brits shop on Amazon weekly"],
    ["how many people in Germany shop online"],
    ["how many shoppers are there on amazon.de"],
    ["how many customers does amazon.co.uk have"],
  ])("%j is invalid_query", refused);
  // The seller's own buyers, counted by what they ordered or bought.
  it.each([
    ["how many customers ordered from me last month", "sales_summary"],
    ["how many buyers ordered last week", "sales_summary"],
    ["how many people ordered my desk organiser this month", "sales_summary"],
    ["how many German orders did I get last week", "sales_summary"],
    ["how many buyers returned my yoga mat", "refund_analysis"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a seller described by what they did to the seller owns sales the mirror does not hold", () => {
  it.each([
    ["show me the sales history of the seller who copied my desk organiser"],
    ["order history for the seller who hijacked my listing"],
    ["pull the sales trend of the shop that ripped off my desk organiser"],
    ["how is the copycat who cloned my yoga mat doing on sales"],
    ["units sold by the seller undercutting me on puzzles last month"],
    ["what are the hijacker's sales on my yoga mat listing"],
  ])("%j is invalid_query", refused);
  // Their offers (price, buy box) are mirrored, and being undercut is the seller's own pricing question.
  it.each([
    ["am I being undercut on my desk organiser", "competitor_pricing"],
    ["which seller is undercutting me on the desk organiser", "competitor_pricing"],
    ["what price is the seller who undercut me charging", "competitor_pricing"],
    ["is the seller who hijacked my listing winning the buy box", "buy_box_share"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("sports results and matches are the news, whatever a team is called", () => {
  it.each([
    ["what was the score in the Arsenal game last night"],
    ["did the Lakers win last night"],
    ["who scored in the derby on saturday"],
    ["result of the Super Eagles match"],
    ["who won the champions league final"],
    ["who is winning the cricket"],
  ])("%j is invalid_query", refused);
  // Stars lost, the buy box won and exact-match keywords are contests of the seller's own.
  it.each([
    ["which products lost stars yesterday", "declining_reviews"],
    ["who won the buy box yesterday on my yoga mat", "buy_box_share"],
    ["what games sold best last week", "top_products"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("an agency invoicing or billing its client is a chore seller-ai cannot do", () => {
  it.each([
    ["send Acme an invoice for this month's retainer"],
    ["bill my client for the PPC management fee"],
    ["raise an invoice to the client for November"],
    ["charge the client our management fee for October"],
    ["please draw up an invoice for the October retainer"],
    ["can you invoice the brand for last month's agency fee"],
  ])("%j is invalid_query", refused);
  // The fees Amazon charged, the client's included, are the account's own.
  it.each([
    ["fees for October", "profit_breakdown"],
    ["what did Amazon charge me in October", "profit_breakdown"],
    ["what fees did my client pay in October", "profit_breakdown"],
    ["how much did Amazon charge me for storage in October", "profit_breakdown"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});
