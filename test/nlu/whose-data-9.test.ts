// Whose data a question is about, ninth set: the paperwork of moving goods across a border and how the taxman treats a
// purchase, reports sent on to someone, orders given about Amazon or buyers (a price moved by an amount or a percent,
// a campaign paused by its name, a message to a buyer, a claim or a ticket answered or opened), a rival's sales
// described by where it sells, and a season still to come asked in the future tense are refused; and, the other way,
// stock to write off, alerts sent to the seller, prices that changed, campaigns worth pausing, a product's refunds, a
// rival's prices and a season past are answered. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("customs paperwork and the tax treatment of purchases are the law's, not the seller's figures", () => {
  it.each([
    ["which HS code should my dog toys ship under into the US?"],
    ["do I need an import licence to bring cookware into Germany"],
    ["what's an EORI and do I need one to ship into the EU"],
    ["can I depreciate the new packing machine over three years?"],
    ["are my FBA storage fees tax deductible?"],
    ["can the damaged yoga mats be written off against tax this year?"],
  ])("%j is invalid_query", refused);
  it.each([
    // Stock written off without the taxman is the seller's dead stock.
    ["which stock should I write off - anything aged?", "excess_inventory"],
    ["what are my biggest expenses", "profit_breakdown"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a report sent on to someone leaves seller-ai", () => {
  it.each([
    ["forward the September sales report to my bookkeeper"],
    ["email my business partner the profit breakdown for Q3"],
    ["please share last quarter's fees with my accountant"],
    ["send the ad spend numbers over to my VA"],
    // The people a report goes to are words of their own, never "corrected" into a seller word ("investors" → "inventory").
    ["please share the October P&L with my investors"],
    ["forward this quarter's revenue to our shareholders"],
  ])("%j is invalid_query", refused);
  it.each([
    // Sent to the seller, it is an alert; asked, it is the report itself.
    ["email me when my refund rate goes over 8%", "create_alert"],
    ["send me an alert if PS-DOGT-01 drops under 20 days of supply", "create_alert"],
    ["profit and loss for September", "profit_breakdown"],
    ["what did amazon send to my bank in October", "payouts"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a price moved by an amount or a percent is set in Seller Central", () => {
  it.each([
    ["raise all my prices by 5% from next Monday"],
    ["could you knock the price of the dog toy down to £9.99 tomorrow"],
    ["increase B0TGPUZZ01 by $2 for Black Friday"],
    ["mark my Home & Kitchen prices down 15% this weekend"],
    ["please drop OP-DESK-01 to 24.99 on Friday"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which prices changed last week", "price_changes"],
    ["did I lower my prices in October?", "price_changes"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a campaign paused by its name is switched in the advertising console", () => {
  it.each([
    ["Pause Dog Toys - Exact over the weekend"],
    ["Switch Off Kitchen Utensils - Auto until Friday"],
    ["please pause kitchen utensils auto till the new year"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which campaigns should I pause", "acos_by_campaign"],
    ["Should I pause Dog Toys - Exact?", "acos_by_campaign"],
    ["How's Kitchen Utensils - Exact doing this week?", "acos_by_campaign"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("messages to buyers and claims or tickets with Amazon are handled in Seller Central", () => {
  it.each([
    ["drop a quick note to everyone who bought the puzzle last week"],
    ["send an email to the customer who returned the desk organiser"],
    ["appeal the chargeback on the desk organiser order"],
    ["reply to the a-to-z claim from last Tuesday"],
    ["open a reimbursement case for the units amazon damaged"],
    ["can you log a ticket with seller support about my missing shipment"],
  ])("%j is invalid_query", refused);
  it.each([
    ["refund rate of the skin cream", "refund_analysis"],
    ["which products do buyers send back most", "refund_analysis"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a rival described by where it sells has sales the mirror does not hold", () => {
  it.each([
    ["how much does the top rival on my dog toy make each month"],
    ["what does the competitor on our cookware turn over a year"],
    ["boss asked what the other seller on my puzzle brings in weekly"],
  ])("%j is invalid_query", refused);
  it.each([
    // Their prices are the offers the mirror holds; the seller's own turnover is theirs to ask.
    ["what's the competitor on my yoga mat charging", "competitor_pricing"],
    ["what is my turnover each month", "sales_trend"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a season still to come asked in the future tense is a forecast", () => {
  it.each([
    ["how much am I going to make over the holidays?"],
    ["predict my profit over peak season"],
    ["what'll my orders be this Christmas"],
  ])("%j is invalid_query", refused);
  it.each([
    ["my revenue over Christmas last year", "sales_summary"],
    ["will I run out of anything before Christmas", "stockout_risk"],
    ["will you show me my orders from Christmas last year", "sales_summary"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});
