// Whose data a question is about, and why the seller asks (classes from blind splits 37 to 39): other parties' ad
// spend and margins taken for the seller's own, and seller questions refused or misread because of a reason, a hedge
// or someone who only receives the figure. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame, refused } = frameChecks();

describe("a rival's ad spend, keywords and margins are not in the mirror", () => {
  it.each([
    ["ahead of setting my bids, which keywords is the leading rival in pet supplies bidding on"],
    ["list the search terms the competitor on my puzzle pays for"],
    ["what rivals in dog toys are spending on ppc"],
    ["any clue what margin a competitor is getting on their spatulas"],
    ["roughly how much my competitor makes a month on kitchen stuff"],
    ["what profit are rivals earning on their yoga mats"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what price is my rival selling the yoga mat at", "competitor_pricing"],
    ["have the other sellers on B0TGPUZZ01 changed their prices this month", "price_changes"],
    ["which of my keywords should I bid more on", "bid_recommendations"],
  ])("%j stays ours (their offers, or the seller's own ads)", (q, intent) => expectFrame([q], { intent }));
});

describe("who receives the figure does not make it theirs", () => {
  it.each([
    ["weekly buy box share for the past 6 weeks, I have to send it to my account manager", "buy_box_share"],
    ["October vs September orders in France, my accountant needs them", "sales_comparison"],
    ["refund rate by product last month - the supplier asked for it", "refund_analysis"],
    ["what did Amazon deposit last week? The bank wants proof of income", "payouts"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
  it("the figure keeps its own filters", () =>
    expectFrame(["units sold in Spain last month, it's for my bookkeeper"], {
      intent: "sales_summary",
      filters: { marketplace: "ES", timeframe: "last_month", metrics: ["units_sold"] },
    }));
});

describe("a reason after the question does not change it", () => {
  it.each([
    ["best 5 products by revenue this year - deciding which get more stock next spring", "top_products"],
    ["ACoS per campaign last month, planning next quarter's budget", "acos_by_campaign"],
    ["payouts for October. Bills are due", "payouts"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
  it("a plan whose own words ask for the future still asks for it", () =>
    refused("deciding on stock - how many units will I sell next month"));
});

describe("a purpose clause does not choose the intent: the asking clause's metric does", () => {
  it.each([
    ["Before we restock the dog beds I want to know how many orders B0PETBED01 got in October", "orders"],
    ["Orders in Germany over the past fortnight, I'm planning the next shipment to Amazon", "orders"],
    ["units in the UK this month, we're matching them against the 3PL count", "units_sold"],
  ])("%j", (q, metric) => expectFrame([q], { intent: "sales_summary", filters: { metrics: [metric] } }));
  it("a category named in the purpose is the one a back-reference means", () =>
    expectFrame(["To judge whether Beauty is worth the effort, how much revenue did that category make this year?"], {
      intent: "sales_summary",
      filters: { category: "Beauty & Personal Care", metrics: ["revenue"], timeframe: "year_to_date" },
    }));
  it("a follow-up with a reason keeps the question before it", () =>
    expectFrame(["revenue in Canada last week", "and units, I'm checking it against what the 3PL shipped"], {
      intent: "sales_summary",
      filters: { marketplace: "CA", timeframe: "last_week", metrics: ["units_sold"] },
    }));
  it.each([
    ["before I reorder, which products run out in the next 3 weeks", "stockout_risk"],
    ["planning the next shipment: how much should I send in for the yoga mats", "restock_recommendations"],
  ])("%j: a stock question after a purpose stays a stock question", (q, intent) => expectFrame([q], { intent }));
  it("a reason that holds the only metric is part of the question", () =>
    expectFrame(["I'm checking my ACoS, which campaigns are above 40%"], { intent: "acos_by_campaign" }));
});

describe("hedges do not make a question general knowledge", () => {
  it.each([
    ["any idea what the order tally was last week", "sales_summary", { metrics: ["orders"] }],
    [
      "roughly what did sponsored brands bring in as ad sales last month",
      "advertising_summary",
      { metrics: ["ad_sales"] },
    ],
    ["do you happen to know the units total for October in the UK", "sales_summary", { metrics: ["units_sold"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([["any idea how much the average amazon seller makes"], ["roughly how big is the pet supplies market size"]])(
    "%j stays the world's",
    refused,
  );
});

describe("a day set against the same day a week, month or year before", () => {
  it.each([
    ["did today do better than the same day last month", "today", "2026-10-21"],
    ["how did yesterday fare versus the same day last year", "yesterday", "same_period_last_year"],
    ["how did last Tuesday compare with the same day a week before", "2026-11-17", "2026-11-10"],
  ])("%j", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
  it("the same day alone is the day itself", () => {
    const u = understand("revenue on the same day last week");
    expect(u?.filters).toMatchObject({ timeframe: "2026-11-14" });
    expect(u?.filters.compare_to).toBeUndefined();
  });
});

describe("a change to the listing's own content dates the seller's figures", () => {
  it.each([
    ["conversion rate for B0TGPUZZ01 since we updated the bullet points in October", "conversion_analysis"],
    ["sessions on my yoga mat after the new A+ content went up", "conversion_analysis"],
    ["how many units have I sold since the product description changed on 2 November", "sales_summary"],
  ])("%j", (q, intent) => expectFrame([q], { intent }));
  it("from the day the change is dated by", () =>
    expectFrame(["page views on the puzzle since the A+ content was updated on 5 Nov"], {
      intent: "conversion_analysis",
      filters: { timeframe: "2026-11-05..2026-11-21" },
    }));
  it.each([["write new bullet points for my dog bed"], ["draft A+ content for the spatula set"]])(
    "%j is still copy to write",
    refused,
  );
});
