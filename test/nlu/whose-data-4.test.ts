// Whose data a question is about, and what it really asks (classes from blind splits 40 to 42): actions on the account,
// other sellers and other marketplaces, a day still to come, and questions framed as a negation, a hope, a worry or a
// pointer back to what was said before. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame, refused } = frameChecks();
const withCampaigns = frameChecks(FIXTURE_VOCABULARY);

describe("changing something on Amazon or in another system is an action seller-ai cannot take", () => {
  it.each([
    ["please process a full refund for order 114-2223334-5556667"],
    ["give the buyer of order 204-9988776-1122334 a partial refund"],
    ["refund the shopper who sent back the puzzle"],
    ["raise the bid on my yoga mat keyword to $1.40"],
    ["set a budget of 30 euros on my dog toys campaign"],
    ["create a new shipping plan for 200 units of B0SOYOGA01"],
    ["close the removal order I opened on Monday"],
    ["void that inbound shipment to the Dunstable warehouse"],
    ["book October's ad spend into Xero"],
    ["record last month's referral fees in the general ledger"],
    ["make a journal entry for the FBA fees"],
    ["reply to the customer who left the 1 star review"],
    ["respond to that angry review on my puzzle"],
  ])("%j is invalid_query", refused);
  it.each([
    ["can you cut the budget on the Yoga Mats - Broad campaign by 20%"],
    ["double the weekly budget for the Yoga Mats - Broad campaign"],
  ])("%j, with a campaign's name in it, is invalid_query", (q) => withCampaigns.refused(q));
  it.each([
    ["how many refunds did I issue last month", "refund_analysis"],
    ["lower bids to hit a 25% ACoS", "bid_recommendations"],
    ["which bids should I raise this week", "bid_recommendations"],
    ["set my target ACoS to 22%", "update_settings"],
    ["create a shipment alert for stock under 20 units", "create_alert"],
    ["refresh my data", "refresh_data"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("another seller's figures are theirs, however the seller is named", () => {
  it.each([
    ["what profit does a brand called Zenfit make on yoga mats"],
    ["show me sales of the vendor Acme in Germany"],
    ["how much did the seller winning the buy box on B0SOYOGA01 make in October"],
    ["how much earns the rival on my puzzle per week"],
    ["how many orders gets my competitor daily"],
    ["what is the number one pet supplies seller paying for its stock"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what are the top 3 sellers by revenue", "top_products"],
    ["revenue of the brand overall last month", "sales_summary"],
    ["who holds the buy box on my listing", "buy_box_share"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a shop on another marketplace is not in the mirror", () => {
  it.each([
    ["units sold in my Allegro store this week"],
    ["how is my Zalando shop doing this month"],
    ["what did I sell on bol.com last month"],
    ["Kaufland orders yesterday"],
    ["revenue from our Mercado Libre store in October"],
  ])("%j is invalid_query", refused);
  it("the seller's Amazon store stays theirs", () =>
    expectFrame(["what did the german store take last week"], { intent: "sales_summary" }));
});

describe("a shopping day asked about in the future tense is a forecast", () => {
  it.each([
    ["how many units will I sell on cyber monday"],
    ["what's my revenue going to be on christmas day"],
    ["what will halloween profit be"],
  ])("%j is invalid_query", refused);
  it.each([
    ["how did black friday go", "2025-11-28"],
    ["will you show me cyber monday units", "2025-12-01"],
  ])("%j is the last one", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
});

describe("synchronisation in any spelling is a data refresh", () => {
  it.each([
    ["could you resynchronize everything with amazon"],
    ["kick off a synchronization of the seller data"],
    ["synchronise my account please"],
  ])("%j", (q) => expectFrame([q], { intent: "refresh_data" }));
});

describe("what Amazon remits is a payout", () => {
  it.each([
    ["how much has amazon remitted to me this quarter", { timeframe: "this_quarter" }],
    ["total remittances from amazon.de last month", { marketplace: "DE", timeframe: "last_month" }],
    ["how much was remitted in september", { timeframe: "2026-09" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "payouts", filters: { metrics: ["payout"], ...filters } }));
});

describe("a figure named before and asked for by a pointer", () => {
  it.each([
    ["The bank needs our total payouts for Q3. How much was that?", "payouts", { timeframe: "2026-Q3" }],
    ["I need the units of HK-UTEN-02 for October. What's the number?", "sales_summary", { sku: "HK-UTEN-02" }],
    [
      "My bookkeeper asked for ad spend in Germany last month. what was it",
      "advertising_summary",
      { marketplace: "DE", metrics: ["ad_spend"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a pointer to the world stays the world's", () => refused("The VAT man wants the weather in Paris. What is it?"));
});

describe("a day of the month said as the subject is that day", () => {
  it.each([
    ["the 3rd was slow, how many orders came in that day?", "sales_summary", { timeframe: "2026-11-03" }],
    [
      "the 14th was a disaster, what were ad spend and ACoS that day",
      "advertising_summary",
      { timeframe: "2026-11-14" },
    ],
    ["did the 12th beat the 5th on units", "sales_comparison", { timeframe: "2026-11-12", compare_to: "2026-11-05" }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("losing to, lagging or outselling another period is a comparison", () => {
  it.each([
    ["did last week lag the week before in revenue", "last_week", "previous_period"],
    ["has this month outsold last month", "this_month", "last_month"],
    ["did Q3 trail Q2 on profit", "2026-Q3", "2026-Q2"],
    ["tell me last week didn't fall behind the week before on orders", "last_week", "previous_period"],
  ])("%j", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
  it.each([
    ["which products lost the buy box last week", "buy_box_share"],
    ["what did I lose to refunds last month", "refund_analysis"],
  ])("%j is no comparison", (q, intent) => expectFrame([q], { intent }));
});

describe("a self-check, a worry or a sizing beside the question does not choose it", () => {
  it.each([
    ["we're not missing an easy win, are we? any opportunities", "insights", { insight_type: "opportunities" }],
    ["tell me I'm not imagining it: refunds on the puzzle went up in October?", "refund_analysis", {}],
    [
      "what were my referral fees in September, I'm concerned the new rates are hurting margin",
      "profit_breakdown",
      { metrics: ["referral_fees"] },
    ],
    ["ad spend last week? we're scared the campaigns are bleeding money", "advertising_summary", {}],
    [
      "how many dog toys did I sell last month? costing the next container off that",
      "sales_summary",
      { metrics: ["units_sold"] },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it("a worry with no figure of the question's own is its subject", () =>
    expectFrame(["I'm worried about stockouts, which products should I look at?"], { intent: "stockout_risk" }));
});

describe("units moved or shifted are units sold; how a figure has moved is a trend", () => {
  it.each([["how many yoga mats shifted in the UK last week"], ["units of B0SOYOGA01 moved last month"]])("%j", (q) =>
    expectFrame([q], { intent: "sales_summary", filters: { metrics: ["units_sold"] } }),
  );
  it.each([["how has revenue moved this year"], ["how have units shifted week by week"]])("%j is a trend", (q) =>
    expectFrame([q], { intent: "sales_trend" }),
  );
});

describe("nothing sold of one product in a day is that day's sales", () => {
  it.each([
    ["has HK-UTEN-02 sold nothing yesterday in the UK?", { sku: "HK-UTEN-02", timeframe: "yesterday" }],
    ["not one B0SOYOGA01 sold on the 12th?", { asin: "B0SOYOGA01", timeframe: "2026-11-12" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  it("weeks without a sale stay overstock", () =>
    expectFrame(["B0SOYOGA01 hasn't sold in 90 days?"], { intent: "excess_inventory" }));
});

describe("products not selling are the seller's worst sellers", () => {
  it("with a ranking asked", () =>
    expectFrame(["which items are not selling in Germany, lowest 3 by revenue"], {
      intent: "top_products",
      filters: { marketplace: "DE", limit: 3, sort: "asc", metrics: ["revenue"] },
    }));
  it("what rivals are not selling stays theirs", () => refused("how many units are my competitors not selling"));
});

describe("next to the other sellers is a comparison with the competition", () => {
  it.each([
    ["how do I look next to the competition, in detail", "detailed"],
    ["where do we stand next to rival brands", "summary"],
  ])("%j", (q, detail_level) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "competitor_analysis", detail_level } }),
  );
  it("a period next to another is a comparison of the two", () => {
    const u = understand("put this month's units next to last month's");
    expect(u?.intent).toBe("sales_comparison");
    expect(u?.filters).toMatchObject({ timeframe: "this_month", compare_to: "last_month" });
  });
});
