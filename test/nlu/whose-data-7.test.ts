// Whose data a question is about, seventh set: commands carried out in Seller Central, the advertising console or
// elsewhere (keywords, budgets moved, discount codes, shipping settings, suppliers, ledgers), currency rates, the
// whole market's rankings past the seller's own and other sellers' campaigns are refused; and, the other way, a
// question after a new-subject label, a figure beside paperwork under way, a setting asked as a choice, funds
// released, the sellers on the seller's own listing and what should go on a shipment are answered. Every phrasing
// is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

/** Expects the filters the question must not set. */
function expectAbsent(q: string[], ...keys: string[]): void {
  const filters = understand(...q)?.filters as Record<string, unknown> | undefined;
  for (const key of keys) expect(filters?.[key], `${q.join(" / ")}: ${key}`).toBeUndefined();
}

describe("a keyword or target added to or taken out of a campaign is done in the advertising console", () => {
  it.each([
    ["negate 'free' in the Dog Toys - Exact campaign"],
    ["please pause the search terms that never convert"],
    ["could you drop 'cheap yoga mat' from my keywords"],
    ["add 'non slip' as an exact keyword to Yoga Mats - Broad"],
    ["add 'yoga block' to the broad campaign as a negative phrase"],
  ])("%j is invalid_query", refused);
  it.each([
    // Asked as advice, or of seller-ai's own alerts, they stay ours.
    ["which keywords should I add as negatives", "wasted_ad_spend"],
    ["delete the keyword alert", "delete_alert"],
    ["remove all my alerts about keywords", "delete_alert"],
    ["show keywords I should add to my campaigns", "keyword_opportunities"],
    // An answer edited is no command to the console.
    ["put the search terms with no sales at the top", "wasted_ad_spend"],
  ])("%j stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("money moved between campaigns is set in the advertising console", () => {
  it.each([
    ["shift $50 a day of spend out of Dog Toys - Exact into Yoga Mats - Broad"],
    ["take 100 dollars of budget from Yoga Mats - Broad and put it into Dog Toys - Exact"],
  ])("%j is invalid_query", refused);
  it("asked as advice, it is a question about those campaigns", () =>
    expectFrame(["should I move budget from Yoga Mats - Broad to Dog Toys - Exact"], {
      intent: "acos_by_campaign",
    }));
});

describe("discount codes sent to buyers, Seller Central's settings and messages to suppliers are made elsewhere", () => {
  it.each([
    ["email a promo code to everyone who bought the puzzle"],
    ["give everyone who returned a puzzle a coupon"],
    ["turn on holiday mode until January"],
    // "vacation" is a word of its own, never "corrected" into a seller word ("valuation").
    ["turn on vacation mode for christmas"],
    ["update my handling time to 2 days"],
    ["ring the factory about the late PO"],
    ["could you chase the freight forwarder for the container ETA"],
    ["respond to all the 2-star reviews from this week"],
  ])("%j is invalid_query", refused);
  it.each([
    // seller-ai's own settings change here.
    ["change my currency to euros", "update_settings", { settings: { currency: "EUR" } }],
    ["set my lead time to 40 days", "update_settings", { settings: { lead_time_days: 40 } }],
  ])("%j stays ours", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("the books squared against Amazon's are kept in the accounting system", () => {
  it.each([["sync my QuickBooks with last month's payouts"], ["reconcile the Sage ledger with September's deposits"]])(
    "%j is invalid_query",
    refused,
  );
});

describe("what one currency is worth in another is the world's price", () => {
  it.each([
    ["how many dollars is a pound right now"],
    ["what's the dollar to euro rate today"],
    ["what's the pound worth against the dollar this morning"],
  ])("%j is invalid_query", refused);
  it.each([
    ["what's my inventory worth in euros", "inventory_value"],
    ["show my revenue in pounds for last month", "sales_summary"],
  ])("%j: the seller's figures in a currency stay ours", (q, intent) => expectFrame([q], { intent }));
});

describe("income and corporation tax owed are the tax office's figures, not the mirror's", () => {
  it.each([
    ["how much income tax will I owe on this year's profit"],
    ["what corporation tax will the business pay for 2026"],
    ["do I pay capital gains tax if I sell the brand"],
  ])("%j is invalid_query", refused);
  it.each([
    ["my tax bill is due - what was my revenue in 2025?", "sales_summary"],
    ["I'm doing my income tax return - what were my total fees last year?", "profit_breakdown"],
  ])("%j: the seller's own figure asked beside the tax stays ours", (q, intent) => expectFrame([q], { intent }));
});

describe("a ranking said to reach past the seller's own is the market's", () => {
  it.each([
    ["who sells the most puzzles on amazon.com, not only mine"],
    ["top selling dog toy in the UK including other brands"],
    ["what are the best-selling puzzles on amazon.co.uk, mine and everyone else's"],
  ])("%j is invalid_query", refused);
  it("my own best sellers stay mine", () =>
    expectFrame(["what are my best sellers on amazon.de"], { intent: "top_products", filters: { marketplace: "DE" } }));
});

describe("other sellers' campaigns are not in the mirror, however the question is worded", () => {
  it.each([
    ["show me my rivals' campaigns"],
    ["which campaigns are my competitors running"],
    ["what ACoS are my competitors running"],
  ])("%j is invalid_query", refused);
  it("the seller's campaigns set against competitors stay ours", () =>
    expectFrame(["my campaigns vs competitors"], { intent: "acos_by_campaign" }));
});

describe("a question after a new-subject label is asked afresh", () => {
  it.each([
    ["Another question: when did Amazon last pay me?", "payouts", { metrics: ["payout"] }],
    ["New topic - what's my ACoS this month?", "advertising_summary", { timeframe: "this_month" }],
  ])("%j after a UK question keeps nothing of it", (q, intent, filters) => {
    const asked = ["top 5 products by revenue in the UK last month", q];
    expectFrame(asked, { intent, filters });
    expectAbsent(asked, "marketplace", "limit");
  });
});

describe("a figure asked beside paperwork under way is the figure", () => {
  it.each([
    [
      "units sold in France last month, finishing the year-end accounts",
      "sales_summary",
      { timeframe: "last_month", marketplace: "FR", metrics: ["units_sold"] },
    ],
    [
      "payouts for September please, we're wrapping up the quarter's accounts",
      "payouts",
      { timeframe: "2026-09", metrics: ["payout"] },
    ],
    ["my fees for October - doing the books tonight", "profit_breakdown", { timeframe: "2026-10", metrics: ["fees"] }],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
});

describe("a setting asked as a choice between two values is shown, not changed", () => {
  it.each([
    ["is my lead time set to 30 or 45 days?"],
    ["am I on dollars or euros"],
    ["do my figures show in USD or GBP"],
    ["did I set safety stock to 14 or 21 days"],
    ["is the lead time 30 days or 45"],
    ["are my settings on 30 or 60 days lead time"],
  ])("%j is show_settings", (q) => {
    expectFrame([q], { intent: "show_settings" });
    expectAbsent([q], "settings");
  });
  it("a value given with a hedge is still a change", () =>
    expectFrame(["set my lead time to 30 days or so"], {
      intent: "update_settings",
      filters: { settings: { lead_time_days: 30 } },
    }));
});

describe("funds released or come through from Amazon are payouts", () => {
  it.each([
    ["have my funds been released"],
    ["has my money come through from amazon yet"],
    ["did the October payment clear"],
  ])("%j", (q) => expectFrame([q], { intent: "payouts", filters: { metrics: ["payout"] } }));
  it("said with a period, the period is kept", () =>
    expectFrame(["did amazon send the funds last week"], {
      intent: "payouts",
      filters: { timeframe: "last_week", metrics: ["payout"] },
    }));
});

describe("the sellers on the seller's own listing are the competitor offers the mirror holds", () => {
  it.each([
    ["how many other sellers are selling on my dog toy listing", { subcategory: "Dog Toys" }],
    ["how many sellers are on B0PSDOGT01", { asin: "B0PSDOGT01" }],
    ["how many competing offers are on my listings in Germany", { marketplace: "DE" }],
  ])("%j is competitor_pricing", (q, filters) => expectFrame([q], { intent: "competitor_pricing", filters }));
  it.each([["how many sellers are there on amazon.de"], ["how many sellers sell yoga mats"]])(
    "%j: a count of the market stays refused",
    refused,
  );
});

describe("what should go on a shipment to cover a stretch ahead is how much to send in", () => {
  it.each([
    ["we're loading a truck for France, what goes on it to cover 45 days", { marketplace: "FR", horizon_days: 45 }],
    [
      "We're sending a pallet to the UK. What should be in it to last the next 8 weeks?",
      { marketplace: "UK", horizon_days: 56 },
    ],
    ["what goes in the next shipment to cover the next 6 weeks", { horizon_days: 42 }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
});
