// Whose data a question is about, and whether it is ours at all (classes from blind splits 34 to 36): seller questions
// in everyday words or shorthand that were refused, and questions about other parties, Amazon itself or actions on the
// account that were taken for the seller's own figures. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame, refused } = frameChecks();

describe("Amazon's warehouses hold the seller's own stock", () => {
  it.each([
    ["what's been stuck in amazon's UK warehouse for ages and not moving"],
    ["slow movers sitting in the amazon fulfilment centres"],
    ["items gathering dust in amazon's warehouses"],
  ])("%j is overstock", (q) => expectFrame([q], { intent: "excess_inventory" }));
  it("Amazon's own warehouse business stays the world's", () =>
    refused("how many warehouses does amazon operate in europe"));
});

describe("a length of time's worth of stock is stock cover", () => {
  it.each([
    ["which products do I hold over 150 days' worth of", 150],
    ["show me anything we've got more than a year's worth of", 365],
  ])("%j", (q, days) =>
    expectFrame([q], {
      intent: "excess_inventory",
      filters: { conditions: [{ metric: "days_of_supply", op: ">", value: days }] },
    }),
  );
});

describe("settings asked in everyday words", () => {
  it.each([
    ["what do you have saved for how long the supplier takes"],
    ["what have you got on file for how long my shipments take to arrive"],
  ])("%j", (q) => expectFrame([q], { intent: "show_settings" }));
  it("a delivery's length of a stockout stays a stock question", () =>
    expectFrame(["will my yoga mats run out before the next delivery"], { intent: "stockout_risk" }));
});

describe("ROAS said per dollar", () => {
  it.each([
    ["on each pound we spend on ppc how much do we get back"],
    ["what comes back for every dollar of ad spend this month"],
    ["sales per each euro of advertising in Germany"],
  ])("%j", (q) => expectFrame([q], { intent: "advertising_summary", filters: { metrics: ["roas"] } }));
  it("money that came back as refunds stays refunds", () =>
    expectFrame(["how many dollars came back to buyers as refunds in october"], { intent: "refund_analysis" }));
});

describe("what a store took is its takings", () => {
  it.each([
    ["what did the shop take yesterday", { metrics: ["revenue"], timeframe: "yesterday" }],
    ["what did the german store take last week", { metrics: ["revenue"], marketplace: "DE" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
});

describe("openings and what to look at first are insights", () => {
  it.each([
    ["is there room to grow in my kitchen range"],
    ["where do I have the most scope for growth"],
    ["what should I be checking on first thing today"],
    ["anything worth looking at first this morning"],
  ])("%j", (q) => expectFrame([q], { intent: "insights" }));
});

describe("shorthand for the seller's own things", () => {
  it.each([
    ["whos cheaper than me on my puzzle", "competitor_pricing"],
    ["yday's units pls", "sales_summary"],
    ["resync my account w amazon", "refresh_data"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
});

describe("competitors' offers on the seller's listing are in the mirror", () => {
  it.each([
    ["have the other sellers on B0TGPUZZ01 changed their prices this month"],
    ["did my rivals move the price on my yoga mat lately"],
  ])("%j", (q) => expectFrame([q], { intent: "price_changes" }));
});

describe("a plan for the future said around a question about now", () => {
  it.each([
    ["meeting my accountant next month so I need this - last quarter's orders in the UK", "sales_summary"],
    ["planning next year's range, what product types am I missing", "catalog_gaps"],
    ["launching in spain next month - how did my french sales do in october", "sales_summary"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
  it("the plan's period is no filter of the question", () => {
    const u = understand("accountant review next week so i need this - revenue for september");
    expect(u?.filters).toMatchObject({ timeframe: "2026-09" });
    expect(u?.filters.horizon_days).toBeUndefined();
  });
  it.each([["next month, how much revenue will I make"], ["meeting next week, so what will profit be next quarter"]])(
    "%j still asks for the future",
    refused,
  );
});

describe("other sellers' own figures are not in the mirror", () => {
  it.each([
    ["how many units is the other seller carrying my puzzle shifting a week"],
    ["tell me how much the top seller in kitchen earns on amazon"],
    ["how good is the conversion rate on a rival's yoga mat page"],
    ["roughly how much the leading brand in toys makes on amazon"],
  ])("%j is invalid_query", refused);
  it("the seller's own biggest seller stays theirs", () =>
    expectFrame(["how much does my biggest seller in pet supplies earn"], { intent: "top_products" }));
});

describe("actions on the Amazon account are not seller-ai's", () => {
  it.each([
    ["please raise the price of HK-COOK-01 to $24"],
    ["could you pause all my sponsored campaigns"],
    ["turn off the yoga mat ads"],
    ["bump the daily budget to $40"],
  ])("%j is invalid_query", refused);
  it.each([
    ["switch off the low ROAS notification I set", "delete_alert"],
    ["how should I adjust bids on my kitchen keywords", "bid_recommendations"],
    ["change my safety stock to 12 days please", "update_settings"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("the marketplace's traffic and who wrote a review are Amazon's to know", () => {
  it.each([
    ["how many people browse amazon.co.uk each month"],
    ["what's amazon's monthly traffic"],
    ["which customer wrote the bad review on my yoga mat"],
    ["who posted that 2 star rating"],
  ])("%j is invalid_query", refused);
  it("the seller's own sessions stay theirs", () =>
    expectFrame(["how many sessions did my listings get on amazon.de"], { intent: "conversion_analysis" }));
});
