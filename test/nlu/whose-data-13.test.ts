// Whose data a question is about, thirteenth set: Amazon's fee schedule, another seller described by its goods (asked
// in a second language's word order, without an auxiliary) and the leader of the seller's niche are refused; and, the
// other way, the seller's own request told after its reason or before a second guess is still that request: units
// that went out to customers of a marketplace, catalog gaps ranked by how much rivals sell there, help asked in a
// reported way, an alert or a setting after "so", a price question before "or is it just…". Being undercut, said as
// a state ("am I being undercut"), is prices now; said as a deed in a period, a price change. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("Amazon's fee schedule is Amazon's price list, not the seller's fees", () => {
  it.each([
    ["what referral fee does amazon charge on electronics"],
    ["what's the fee structure for selling jewellery on amazon"],
    ["how much does amazon take as a referral fee on furniture"],
    ["what are amazon's fba fees for a small standard item"],
    ["referral fee rates for books?"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what's my referral fee percentage on my yoga mats", {}],
    ["how much did I pay in referral fees last month", { timeframe: "last_month" }],
    ["what's the referral fee rate on B0TGPUZZ01", { asin: "B0TGPUZZ01" }],
    ["what fee rate am I paying on dog toys", {}],
    ["what did amazon charge me in storage fees", {}],
  ])("%j: the seller's own fees stay profit_breakdown", (q, filters) =>
    expectFrame([q], { intent: "profit_breakdown", filters }),
  );
});

describe("another seller described by its goods, or leading the seller's niche, is not mirrored", () => {
  it.each([
    ["the shop with the cheap dog toys in UK, how many units they sell per week?"],
    ["this brand with the blue puzzles, how much revenue she makes in a year?"],
    ["the seller with the green cookware in italy, how much he makes?"],
    ["what does the biggest brand in our dog toy niche turn over"],
    ["how many units a month does the leading seller in my puzzle space move"],
    ["how much revenue is the top seller in my niche doing? want to compare"],
    ["what does the number one brand in our little niche sell a month"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what are my top sellers in the yoga niche", "top_products"],
    ["How much does my top seller make per month?", "top_products"],
    ["my best seller, how much it sells in one month?", "top_products"],
  ])("%j: the seller's own best products stay ours", (q, intent) => expectFrame([q], { intent }));
});

describe("units that went out to customers of a marketplace are units sold there", () => {
  it.each([
    ["how many puzzles got shipped to buyers in Italy last week", { marketplace: "IT", timeframe: "last_week" }],
    ["how many TG-PUZZ-01 went out to french customers in october", { marketplace: "FR", sku: "TG-PUZZ-01" }],
    ["about how many yoga mats have gone out to UK shoppers this month", { marketplace: "UK" }],
    ["roughly how many PS-DOGT-01 were sent to german customers last month", { marketplace: "DE" }],
  ])("%j is sales_summary in units", (q, filters) =>
    expectFrame([q], { intent: "sales_summary", filters: { ...filters, metrics: ["units_sold"] } }),
  );
  it("revenue named stays the figure asked", () =>
    expectFrame(["how much revenue did I make in Mexico last month"], {
      intent: "sales_summary",
      filters: { marketplace: "MX", metrics: ["revenue"] },
    }));
});

describe("catalog gaps ranked by how much rivals sell there are gaps, not a rival's figures", () => {
  it.each([
    ["gaps in my range against rivals, sorted by how much they sell"],
    ["what product types am I missing that competitors sell, ranked by how many units they move"],
    ["holes in our catalog compared to competitors, ordered by how much revenue they bring in"],
  ])("%j is catalog_gaps", (q) => expectFrame([q], { intent: "catalog_gaps" }));
  it.each([
    // The amount asked for itself is theirs.
    ["what am I missing that rivals sell, and how much do they make from it"],
    ["gaps in my catalog - how much revenue are competitors doing there"],
  ])("%j stays refused", refused);
});

describe("help asked in a reported way is help", () => {
  it.each([
    ["can you remind me what you're able to do?"],
    ["tell me what you cover"],
    ["quick reminder of what you are able to do please"],
    ["Before we start on the numbers, remind me what you handle?"],
  ])("%j is help", (q) => expectFrame([q], { intent: "help" }));
  it("a figure of the seller's, asked of it, is no help", () =>
    expect(understand("can you tell me my revenue this week")?.intent).toBe("sales_summary"));
});

describe("an alert or a setting asked for after its reason is that request", () => {
  it.each([
    [
      "Our puzzle supplier's prices went up twice this year, so let me know if TG-PUZZ-01's margin drops under 20%",
      { sku: "TG-PUZZ-01", conditions: [{ metric: "profit_margin", op: "<", value: 20 }] },
    ],
    [
      "Dog toys had a rough October, so notify me when PS-DOGT-01 has fewer than 50 units left",
      { sku: "PS-DOGT-01", conditions: [{ metric: "available_quantity", op: "<", value: 50 }] },
    ],
    [
      "Black friday is coming so alert me when any product drops below 30 days of supply",
      { conditions: [{ metric: "days_of_supply", op: "<", value: 30 }] },
    ],
    [
      "The skincare refunds spooked my partner's spreadsheet, so warn me if BP-SKIN-01's refund rate goes over 8%",
      { sku: "BP-SKIN-01", conditions: [{ metric: "refund_rate", op: ">", value: 8 }] },
    ],
  ])("%j is create_alert", (q, filters) => expectFrame([q], { intent: "create_alert", filters }));
  it.each([
    ["my ACoS target should read 30% from now on", { target_acos: 30 }],
    [
      "Finance signed off a leaner Q1, so my target acos should read 18% - it says 22 at the moment, I believe.",
      {
        target_acos: 18,
      },
    ],
    ["lead time should read 45 days now", { lead_time_days: 45 }],
  ])("%j is update_settings", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it("a question after its reason stays a question", () =>
    expectFrame(["Last week was brutal for ad spend, so tell me how much ACoS the yoga campaign had"], {
      intent: "acos_by_campaign",
    }));
  it("a setting only looked at stays a look", () =>
    expectFrame(["what does my acos target say"], { intent: "show_settings" }));
});

describe("a question followed by the seller's own second guess asks the question", () => {
  it.each([
    [
      "have competitors dropped their prices on my dog toy this week, or is it just a slow week?",
      "price_changes",
      { subcategory: "Dog Toys" },
    ],
    [
      "Margins on the cookware feel thin; did other sellers reprice B0HKCOOK01 since October 1st, or is it only my fees?",
      "price_changes",
      { asin: "B0HKCOOK01" },
    ],
    ["are my ad costs rising, or is it just my imagination?", "advertising_summary", {}],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a second guess naming a place narrows the question to it", () =>
    expect(understand("did my yoga mat sales fall in October, or was it only the UK?")?.filters.marketplace).toBe(
      "UK",
    ));
  it("an either-or of the seller's own costs stays a costs question", () =>
    expectFrame(["is it my fees or my ad spend that's eating the margin?"], { intent: "profit_breakdown" }));
});

describe("being undercut now is prices now; undercut in a period is a price change", () => {
  it.each([
    ["am I being undercut in Spain? one of the resellers has been pushy since September", { marketplace: "ES" }],
    ["is my yoga mat getting undercut? prices have looked odd since Monday", {}],
    ["am I being undercut on amazon.it", { marketplace: "IT" }],
  ])("%j is competitor_pricing", (q, filters) => expectFrame([q], { intent: "competitor_pricing", filters }));
  it.each([["who has undercut me since october"], ["have I been undercut this week"]])("%j is price_changes", (q) =>
    expectFrame([q], { intent: "price_changes" }),
  );
});
