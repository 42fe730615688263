// Whose data a question is about: a business the parser does not know or a person of the seller's life owning the
// figures, another seller pointed at or predicted, the seller's own website, Amazon's price list, listing edits and new
// campaigns; and, the other way, a figure asked after a colon or a tax return, money Amazon sent, the currency reports
// should be in, other sellers' price moves and parameters given as words. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a business the parser does not know, owning the figures asked, is another business", () => {
  it.each([
    ["zenfit de orders last week"],
    ["what's barkworth uk revenue this year"],
    ["units sold for Kitchora in October"],
    ["profit of FurryFriendz, my closest rival, last quarter"],
  ])("%j is invalid_query", refused);
  it.each([
    // A kind of figure before a place, a shorthand and a catalog name stay the seller's own.
    ["blended uk acos last month", "advertising_summary"],
    ["ACoS by campaign for mon-fri last week", "acos_by_campaign"],
    ["revenue for Pet Supplies in October", "sales_summary"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a person of the seller's life owns a business of their own", () => {
  it.each([
    ["what's my cousin's shop turning over in France"],
    ["how many orders did my mate's store get yesterday"],
    ["my sister's ACoS last month"],
  ])("%j is invalid_query", refused);
  it.each([
    ["My bookkeeper needs the Toys & Games revenue for 2025 - she's closing the books"],
    ["My accountant needs the Toys & Games revenue for 2025 - he's sorting the year-end paperwork"],
  ])("%j: 'she's' or 'he's' owns nothing, and tells why it is asked", (q) =>
    expectFrame([q], {
      intent: "sales_summary",
      filters: { category: "Toys & Games", timeframe: "2025", metrics: ["revenue"] },
    }),
  );
});

describe("another seller pointed at, or described and then called they, keeps their private figures", () => {
  it.each([
    ["Someone started selling a knock-off of my puzzle. What's that brand's monthly profit?"],
    ["what conversion rate does this other seller have"],
    ["the shop that keeps undercutting my cookware - how many units do they sell a week?"],
    ["what ROAS are my competitors getting on yoga mat keywords"],
    ["what click-through rate are rival brands seeing on their ads"],
    ["what TACoS is the competition hitting on dog beds"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what is that seller's price on my yoga mat", "competitor_pricing"],
    ["have competitors been cutting their prices on my dog toys this month", "price_changes"],
    ["are rivals raising prices in Germany", "price_changes"],
  ])("%j: their public offers stay ours", (q, intent) => expectFrame([q], { intent }));
});

describe("what others will do and how many sellers a market has are not in the mirror", () => {
  it.each([
    ["who's going to undercut me next on the cookware"],
    ["which competitor will win the featured offer on B0SOYOGA01"],
    ["what will my ACoS be tomorrow"],
    ["how many brands sell dog beds on amazon.co.uk"],
  ])("%j is invalid_query", refused);
  it.each([
    ["who has the buy box on B0SOYOGA01 right now", "buy_box_share"],
    ["how many other sellers offer B0SOYOGA01", "competitor_pricing"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
  it("stock asked for tomorrow looks one day ahead", () =>
    expectFrame(["will anything be out of stock by tomorrow"], {
      intent: "stockout_risk",
      filters: { horizon_days: 1 },
    }));
});

describe("the seller's own website and other shop platforms are another channel", () => {
  it.each([
    ["revenue on our web shop last week"],
    ["how many orders did the website take yesterday"],
    ["units sold through WooCommerce in October"],
    ["what did my Wix store sell this month"],
  ])("%j is invalid_query", refused);
  it("Amazon's website is the marketplace", () =>
    expectFrame(["sessions on the amazon website for my yoga mat last month"], { intent: "conversion_analysis" }));
});

describe("what an Amazon plan or programme costs in general is Amazon's price list", () => {
  it.each([
    ["what's the monthly price of a professional selling plan in Germany"],
    ["how much does an individual seller account cost"],
    ["how much does it cost to sell on amazon.co.uk"],
    ["brand registry fee"],
  ])("%j is invalid_query", refused);
  it.each([
    ["how much did I pay in fees last month", "profit_breakdown"],
    ["what did my subscription fees come to this quarter", "profit_breakdown"],
  ])("%j: the seller's own fees stay ours", (q, intent) => expectFrame([q], { intent }));
});

describe("rewriting a listing or creating a campaign is an action seller-ai cannot take", () => {
  it.each([
    ["change the title of SO-YOGA-01 to 'Extra Thick Yoga Mat'"],
    ["please add 'dishwasher safe' to the bullet points for the cookware"],
    ["can you swap the main image on B0HKCOOK01"],
    ["create a sponsored brands campaign for the dog toys"],
    ["launch a new auto campaign for Toys & Games"],
  ])("%j is invalid_query", refused);
  it.each([
    ["create an alert when a campaign's ACoS goes over 40%", "create_alert"],
    ["which campaigns had the highest ACoS last month", "acos_by_campaign"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a figure asked after a colon or beside a tax return is the seller's own", () => {
  it.each([
    [
      "Sorting out my tax return tonight and I need one number: units sold in Germany in October",
      "sales_summary",
      { marketplace: "DE", timeframe: "2026-10", metrics: ["units_sold"] },
    ],
    [
      "We're closing the VAT quarter and I just need this: payouts for September",
      "payouts",
      { timeframe: "2026-09", metrics: ["payout"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a label before a colon stays part of its question", () =>
    expectFrame(["inbound shipment plan: how many units to send"], { intent: "restock_recommendations" }));
});

describe("Amazon sending, wiring or releasing money is a payout", () => {
  it.each([
    ["how much money did amazon send me in October", { timeframe: "2026-10" }],
    ["when did Amazon last wire us money for the German store", { marketplace: "DE" }],
    ["money from amazon this quarter", { timeframe: "this_quarter" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "payouts", filters: { ...filters, metrics: ["payout"] } }));
  it("Amazon's own money stays Amazon's", () => refused("how much money did amazon make last year"));
});

describe("how reports should be shown from now on is the currency setting", () => {
  it.each([
    ["figures for this account should be in euros going forward", "EUR"],
    ["all reports must be shown in pounds from now on", "GBP"],
  ])("%j", (q, currency) => expectFrame([q], { intent: "update_settings", filters: { settings: { currency } } }));
  it("a question about a figure in a currency is no setting", () =>
    expectFrame(["what was my revenue in euros last month"], { intent: "sales_summary" }));
});

describe("'share' asked as a verb is a request, not a share price", () => {
  it("please share price comparisons", () =>
    expectFrame(["please share price comparisons with competitors for Toys & Games"], {
      intent: "competitor_pricing",
      filters: { category: "Toys & Games" },
    }));
  it("a company's share price stays the world's", () => refused("what's the amazon share price today"));
});

describe("a parameter given a word reads as the two words", () => {
  it.each([
    [
      "insights: type=opportunities, detail=comprehensive, marketplace=FR",
      { insight_type: "opportunities", detail_level: "comprehensive", marketplace: "FR" },
    ],
    ["insights: type=performance, detail=summary", { insight_type: "performance", detail_level: "summary" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "insights", filters }));
});

describe("a shopping day without a year is the latest one that has begun, as a month or quarter is", () => {
  // On 2026-11-21 this year's Black Friday is still to come: "black friday" without a year or a future tense is last
  // year's, as "in March" is the latest March and "how did black friday go" is (whose-data-4).
  it.each([
    ["black friday revenue", "2025-11-28"],
    ["orders on cyber monday", "2025-12-01"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("asked in the future tense it is a forecast", () => refused("what will my black friday revenue be"));
});
