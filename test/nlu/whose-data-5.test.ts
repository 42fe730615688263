// Whose data a question is about, and which sentence asks it: changes to the account (prices, shipments, stock moved
// between warehouses, coupons), Amazon's fees in the seller's own words, what can be asked, afternoons as today, when to
// get the order in, where to put the seller's effort, and a question told after a story. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused } = frameChecks();
const withCampaigns = frameChecks(FIXTURE_VOCABULARY);

describe("setting a price, moving a shipment or stock, or starting a promotion is an action seller-ai cannot take", () => {
  it.each([
    ["set price SO-YOGA-01 to 34.50"],
    ["bump the price B0HKCOOK01 to 41"],
    ["My puzzle looks cheap next to the others, so time to act. Please raise my price on TG-PUZZ-01 to 22.99."],
    ["kindly bring forward the inbound shipment to Wednesday"],
    ["postpone my next delivery to the warehouse until December"],
    ["can you reschedule the UPS pickup to Friday"],
    ["move 40 yoga mats from the German warehouse to France please"],
    ["transfer some of the puzzles from Italy over to Spain"],
    ["set up a lightning deal on the cookware for Cyber Monday"],
    ["please run a 15% discount on all Toys & Games"],
    ["launch a promo code for the dog beds"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which bids should I raise this week", "bid_recommendations"],
    ["how many units should I send from the UK to Germany", "restock_recommendations"],
    ["create an alert when a coupon product drops below 10 units", "create_alert"],
    ["what did competitors change their prices to last week", "price_changes"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("Amazon stinging or dinging the seller is the seller's own fees", () => {
  it.each([
    [
      "how badly did Amazon sting me on storage fees in September?",
      { metrics: ["storage_fees"], timeframe: "2026-09" },
    ],
    ["what did amazon ding us for in FBA fees last month", { metrics: ["fba_fees"], timeframe: "last_month" }],
    ["how much did amazon nick in fees this quarter", { metrics: ["fees"], timeframe: "this_quarter" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "profit_breakdown", filters }));
  it("Amazon's own revenue stays Amazon's", () => refused("how much revenue did amazon make last year"));
});

describe("what the seller can search for or look up is a question about seller-ai", () => {
  it.each([["what could we look up here?"], ["anything I can query?"], ["things we could search for"]])("%j", (q) =>
    expectFrame([q], { intent: "help" }),
  );
  it("searching in the seller's ads stays theirs", () =>
    expectFrame(["which search terms should I add"], { intent: "keyword_opportunities" }));
});

describe("this morning, this afternoon or this arvo is today; what we have taken is revenue", () => {
  it.each([
    ["how much have we taken on amazon.com.mx this morning?", { marketplace: "MX" }],
    ["what did I take on amazon.co.jp this afternoon", { marketplace: "JP" }],
    ["orders this arvo in Australia", { marketplace: "AU", metrics: ["orders"] }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters: { timeframe: "today", ...filters } }));
  it("how much we took last week is that week's revenue", () =>
    expectFrame(["how much did we take last week"], {
      intent: "sales_summary",
      filters: { timeframe: "last_week", metrics: ["revenue"] },
    }));
  it("taking a hit on refunds is no revenue", () =>
    expectFrame(["did we take a hit on refunds last month"], {
      intent: "refund_analysis",
      filters: { metrics: ["refund_rate"] },
    }));
});

describe("by when to get the order in is a restock question", () => {
  it.each([
    ["when should we put the order in for HK-COOK-01"],
    ["how soon do I need to reorder the yoga mats so I don't sell out"],
    ["by when must we place the order for B0SOYOGA01"],
  ])("%j", (q) => expectFrame([q], { intent: "restock_recommendations" }));
  it("orders taken are still orders", () =>
    expectFrame(["how many orders did I get in October"], {
      intent: "sales_summary",
      filters: { metrics: ["orders"] },
    }));
});

describe("where to put the seller's energy or time is what to focus on", () => {
  it.each([
    ["I have a free morning, what should I focus my effort on?"],
    ["where should we spend our time this month for the most impact"],
    ["one quiet day left this week, where do I put my energy to make the biggest difference"],
  ])("%j", (q) => expectFrame([q], { intent: "insights" }));
  it("where to put the ad budget stays advertising", () =>
    expectFrame(["how much did I spend on ads this week"], { intent: "advertising_summary" }));
});

describe("a question told after a story is asked by its own sentence", () => {
  it.each([
    [
      "A friend in a Facebook group swears everyone's ad costs doubled this autumn. How much did I spend on ads in October?",
      "advertising_summary",
      { timeframe: "2026-10", metrics: ["ad_spend"] },
    ],
    [
      "Cyber Monday is around the corner and my brother thinks I'll smash it. What were my orders over the past 14 days?",
      "sales_summary",
      { timeframe: "last_14_days", metrics: ["orders"] },
    ],
    [
      "The courier lost a pallet on Tuesday and the whole team was in a flap. Were there any odd spikes or drops on 17 November?",
      "anomalies",
      { timeframe: "2026-11-17" },
    ],
    [
      "Our old VA quit in September and I'm doing the ads alone now. Which keywords are wasting money in Yoga Mats - Broad?",
      "wasted_ad_spend",
      { timeframe: "last_30_days" },
    ],
    [
      "The dog toys do well in Germany and Italy, and a vet blog mentioned them. How many PS-DOGT-01 should I send in for Italy?",
      "restock_recommendations",
      { marketplace: "IT" },
    ],
    [
      "My mum keeps asking what my best item is and I never know what to tell her. What's the single best product by revenue this year?",
      "top_products",
      { limit: 1 },
    ],
  ])("%j", (q, intent, filters) => withCampaigns.expectFrame([q], { intent, filters }));
  it("what others did does not refuse the seller's own question", () =>
    expectFrame(
      [
        "Someone on a seller podcast said most brands lose money on returns in January. What was my refund rate in January?",
      ],
      { intent: "refund_analysis", filters: { timeframe: "2026-01" } },
    ));
  it("'mine' is the seller's own of the figure the story named", () =>
    expectFrame(["A blog says a good ROAS is above 4, which worries me. What was mine over the past 90 days?"], {
      intent: "advertising_summary",
      filters: { metrics: ["roas"], timeframe: "last_90_days" },
    }));
  it("a reaction before a change to the answer keeps the answer before", () =>
    expectFrame(
      ["daily units in Italy over the last 4 weeks", "Hmm, flatter than I hoped. Switch it to revenue please."],
      {
        intent: "sales_trend",
        filters: { marketplace: "IT", metrics: ["revenue"], timeframe: "last_4_weeks" },
      },
    ));
  it.each([
    // The story names the scope the question leans on.
    [
      "I think the ads in Spain are wasting money. Which search terms got clicks but no sales last month?",
      "wasted_ad_spend",
      { marketplace: "ES" },
    ],
    // The story's period is the subject.
    ["Last week was a total disaster. How many orders did we get?", "sales_summary", { timeframe: "last_week" }],
    // A short sentence that only adds a filter is part of the question.
    ["Which products sold the most in France? Top 3 is plenty.", "top_products", { marketplace: "FR", limit: 3 }],
  ])("%j keeps what the story gives", (q, intent, filters) => expectFrame([q], { intent, filters }));
});
