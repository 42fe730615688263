// Whose data a question is about, thirty-second set: the seller's own figures asked in everyday words, which were
// refused as outside the domain or read as another figure. Money the seller took, counted in their currency's units
// ("how many euros have we made", "how many bucks came in", "the sum in pounds"): takings, not an exchange rate. What
// one unit of ad money brings back ("what did each euro of ad spend bring in", "sales per pound of PPC"): the ROAS.
// A word that elsewhere marks another subject (cooking, the news, headlines, a movie, a joke, a headache, the
// weather) said of the seller's own figure ("what's cooking in our ad spend", "my refund rate is a bad joke"): only a
// figure of speech asking how the figure does. And keywords or search terms said to have brought no sale by a denied
// verb ("search terms which never generated any orders"): the wasted spend. The neighbours stay as they were: a
// currency counted against another, the real news, recipes, movies and jokes asked for themselves, the seller's
// products that have not sold (slow stock), and ad spend per unit of sales (no ROAS). Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("money counted in its currency's units is the seller's takings", () => {
  it.each([
    ["how many dollars did we take yesterday", { timeframe: "yesterday" }],
    ["how many euros have we made so far this month", { timeframe: "this_month" }],
    ["how many pounds did the shop bring in last week", { timeframe: "last_week" }],
    ["how many bucks came in over the past 7 days", { timeframe: "last_7_days" }],
    ["how many grand did we do in September", { timeframe: "2026-09" }],
    ["Germany: how many euros did we make there last month", { timeframe: "last_month", marketplace: "DE" }],
    ["how many dollars did I pull in on amazon.com in Q3", { timeframe: "2026-Q3", marketplace: "US" }],
    ["how many yen did we make in Japan yesterday", { timeframe: "yesterday", marketplace: "JP" }],
    ["how many euros we made yesterday?", { timeframe: "yesterday" }],
    ["so how many quid has the business taken this week", { timeframe: "this_week" }],
  ])("%j is the revenue", (q, filters) =>
    expectFrame([q], { intent: "sales_summary", filters: { ...filters, metrics: ["revenue"] } }),
  );
  it.each([
    ["give me the sum for october in pounds", "2026-10"],
    ["what's the sum for last week in dollars", "last_week"],
    ["the sum in euros for the past 30 days please", "last_30_days"],
    ["sum of my sales in dollars this quarter", "this_quarter"],
    ["just the sum total for yesterday", "yesterday"],
    ["what was the sum in September", "2026-09"],
    ["can I get the sum in euros for Q2", "2026-Q2"],
    ["sum for the last 2 weeks in pounds", "last_2_weeks"],
  ])("%j asks the total", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics: ["revenue"] } }),
  );
  it.each([
    ["how many dollars did I spend on ads last week", "advertising_summary", "ad_spend"],
    ["how many euros did Amazon pay me in October", "payouts", "payout"],
  ])("%j counts that money", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
});

describe("what one unit of ad money brings back is the ROAS", () => {
  it.each([
    ["what did every euro of ad spend bring back in September", { timeframe: "2026-09" }],
    ["how much revenue does each ad dollar generate for us", {}],
    ["sales per pound of PPC last week", { timeframe: "last_week" }],
    ["for every dollar we put into ads, how much did we get back this quarter", { timeframe: "this_quarter" }],
    ["what's my return on each euro of advertising this year", { timeframe: "year_to_date" }],
    ["how much do we make back per dollar spent on ads in the UK", { marketplace: "UK" }],
    ["what does a single buck of advertising earn me", {}],
    ["revenue for each dollar spent on sponsored products last month", { timeframe: "last_month" }],
    ["how much did 1 dollar of ad spend return in October", { timeframe: "2026-10" }],
    ["what does every pound I put into advertising return", {}],
  ])("%j asks the ROAS", (q, filters) =>
    expectFrame([q], { intent: "advertising_summary", filters: { ...filters, metrics: ["roas"] } }),
  );
});

describe("a word of another subject said of the seller's own figure is a figure of speech", () => {
  it.each([
    ["what's brewing in our ad spend this week", "advertising_summary", "ad_spend"],
    ["what's cooking with our buy box this week", "buy_box_share", "buy_box_percentage"],
    ["what's the latest news on our refunds in Germany", "refund_analysis", "refund_rate"],
    ["any news from my buy box this week", "buy_box_share", "buy_box_percentage"],
    ["what's the story with my conversion rate", "conversion_analysis", "conversion_rate"],
    ["any big news in my orders yesterday", "sales_summary", "orders"],
    ["give me the headlines from my ad account for last week", "advertising_summary", "ad_spend"],
    ["what's the weather like over in my conversion rate", "conversion_analysis", "conversion_rate"],
    ["my refund rate is a bad joke in the UK", "refund_analysis", "refund_rate"],
    ["the storage fees are a headache this quarter", "profit_breakdown", "storage_fees"],
    ["tacos looks like a disaster movie this week", "advertising_summary", "tacos"],
    ["the Home & Kitchen margin is a joke, why", "profit_margin_by_category", "profit_margin"],
    ["returns are giving me a headache in Germany", "refund_analysis", "refund_rate"],
    ["my profit this month feels like a tragedy", "sales_summary", "profit"],
  ])("%j is %s", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
  it.each([
    ["give me the headlines on my Pet Supplies numbers", { category: "Pet Supplies" }],
    ["what are the main headlines in our stats", {}],
  ])("%j asks the highlights", (q, filters) =>
    expectFrame([q], { intent: "insights", filters: { ...filters, insight_type: "performance" } }),
  );
  it("a figure said to be a horror film, then what happened, is checked for unusual changes", () =>
    expectFrame(["our TACoS turned into a horror film - what happened there?"], {
      intent: "anomalies",
      filters: { metrics: ["tacos"] },
    }));
});

describe("ad targets said to have brought no sale are the wasted spend", () => {
  it.each([
    ["search terms which never generated any orders in October", { timeframe: "2026-10" }],
    ["targets that didn't make one sale last month", { timeframe: "last_month" }],
    ["which keywords haven't sold anything this quarter", { timeframe: "this_quarter" }],
    ["kws that have not produced a single order in the last 60 days", { timeframe: "last_60_days" }],
    ["show me keywords that still haven't brought in a sale since September", { timeframe: "2026-09-01..2026-11-21" }],
    ["list the search terms that never led to a purchase over the past 2 weeks", { timeframe: "last_2_weeks" }],
    ["keywords in the UK that didn't generate any sales last week", { timeframe: "last_week", marketplace: "UK" }],
    ["my keywords on Dog Toys - Exact that haven't made a single sale", { campaign: "Dog Toys - Exact" }],
  ])("%j is wasted ad spend", (q, filters) => expectFrame([q], { intent: "wasted_ad_spend", filters }));
});

describe("neighbours keep their frames", () => {
  it.each([
    ["how many dollars is a euro"],
    ["how many pounds do I get for 100 dollars"],
    ["how many yen to the dollar today"],
    ["how many euros is 50 pounds"],
    ["how many bucks is a pound right now"],
    ["how much is one dollar in euros today"],
    ["what did one dollar buy in 1990"],
    ["what's cooking tonight"],
    ["any news today"],
    ["what's the news in France this morning"],
    ["recommend a good horror movie"],
    ["tell me a joke about my sales"],
    ["what's the weather like in Berlin"],
    ["my life is a horror movie"],
    ["what's cooking in my kitchen"],
    ["any news on my flight"],
    ["is the news a joke"],
    ["write a story about my sales"],
    ["give me a recipe for chocolate cake"],
    ["sales tax is a headache"],
  ])("%j is invalid_query", refused);
  it.each([
    ["which products haven't sold anything this month", "excess_inventory"],
    ["keywords for products that haven't sold anything", "excess_inventory"],
    ["keywords that haven't produced many impressions", "keyword_opportunities"],
    ["how many units did I sell today", "sales_summary"],
    ["how much money did I make today", "sales_summary"],
  ])("%j stays %s", (q, intent) => expect(understand(q)?.intent).toBe(intent));
  it.each([["how much ad spend per dollar of sales last month"], ["revenue per unit last month"]])(
    "%j asks no ROAS",
    (q) => expect(understand(q)?.filters.metrics ?? []).not.toContain("roas"),
  );
});
