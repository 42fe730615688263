// Follow-ups and marketplaces, eleventh set: a follow-up keeps what it does not change when it opens with an apology
// or a second thought, asks for "the identical list" again, moves a threshold the question before set ("raise the
// session cutoff to 500"), or asks how many of the product just asked about sit in another marketplace; lower-case
// marketplace codes in shorthand ("in es", "filter to us", "search terms us last 30") are places where the word cannot
// stand, and a clipped question's "last 60" is the last 60 days; a rough length said beside a request ("the courier
// needs a day or two") sets no row count. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

const TOP_BY_REVENUE = "top 5 products by revenue in Italy last week";
const RETURNS_RANKED = "top 4 products by return rate in Spain last month with at least 20 orders";
const WEAK_CONVERTERS =
  "my 5 worst-converting Pet Supplies listings on amazon.de last quarter with more than 200 sessions";
const STOCK_OF_ONE = "how much stock of B0SOYOGA01 do I have in the UK";

describe("a follow-up opened by an apology or a second thought keeps the question before", () => {
  it.each([
    ["sorry, can I have that by units instead?", ["units_sold"]],
    ["oops - by profit instead please", ["profit"]],
    ["apologies, could you rank that by units?", ["units_sold"]],
    ["actually, show that by units", ["units_sold"]],
    ["hmm, units instead?", ["units_sold"]],
    ["my mistake - could we have those by profit", ["profit"]],
  ])("%j after a top-5 keeps the ranking", (q, metrics) =>
    expectFrame([TOP_BY_REVENUE, q], {
      intent: "top_products",
      filters: { limit: 5, marketplace: "IT", timeframe: "last_week", metrics },
    }),
  );
  it.each([
    ["sorry, what were my total sales last month?", "sales_summary"],
    ["actually what's my acos this week", "advertising_summary"],
  ])("%j asks a question of its own", (q, intent) => expectFrame([TOP_BY_REVENUE, q], { intent }));
});

describe("the identical list, the exact same report, run again elsewhere", () => {
  it.each([
    ["run the identical list for amazon.co.uk", "UK"],
    ["the identical ranking for France please", "FR"],
    ["rerun the exact same list for Italy", "IT"],
    ["run that again for amazon.de", "DE"],
    ["the very same report for Germany", "DE"],
    ["do it again for the UK", "UK"],
  ])("%j keeps the returns ranking in another place", (q, marketplace) =>
    expectFrame([RETURNS_RANKED, q], {
      intent: "refund_analysis",
      filters: {
        marketplace,
        timeframe: "last_month",
        limit: 4,
        metrics: ["refund_rate"],
        conditions: [{ metric: "orders", op: ">=", value: 20 }],
      },
    }),
  );
  it("'identical' in a question of its own points back at nothing", () =>
    expectFrame(["identical listings sales last month"], { intent: "sales_summary" }));
});

describe("a follow-up that moves a threshold changes only the threshold", () => {
  it.each([
    ["raise the sessions cutoff to at least 400", ">=", 400],
    ["bump the session threshold up to 350", ">", 350],
    ["make it 500 sessions", ">", 500],
    ["lower the session floor to 100", ">", 100],
    ["only ones with over 600 sessions", ">", 600],
  ])("%j keeps the conversion ranking", (q, op, value) =>
    expectFrame([WEAK_CONVERTERS, q], {
      intent: "conversion_analysis",
      filters: {
        metrics: ["conversion_rate"],
        limit: 5,
        sort: "asc",
        marketplace: "DE",
        conditions: [{ metric: "sessions", op, value }],
      },
    }),
  );
  it.each([
    ["lower the cutoff to 10 orders", 10],
    ["raise the minimum to 50", 50],
    ["bring the order threshold down to 5", 5],
  ])("%j moves the orders bound of the returns ranking", (q, value) =>
    expectFrame([RETURNS_RANKED, q], {
      intent: "refund_analysis",
      filters: {
        metrics: ["refund_rate"],
        limit: 4,
        sort: "desc",
        conditions: [{ metric: "orders", op: ">=", value }],
      },
    }),
  );
  it.each([
    ["make it the top 10", { limit: 10, conditions: [{ metric: "orders", op: ">=", value: 20 }] }],
    ["limit it to 3", { limit: 3, conditions: [{ metric: "orders", op: ">=", value: 20 }] }],
  ])("%j still sets how many rows", (q, filters) =>
    expectFrame([RETURNS_RANKED, q], { intent: "refund_analysis", filters }),
  );
  it("a figure of its own is a new question", () =>
    expectFrame([RETURNS_RANKED, "what were my total orders last month?"], { intent: "sales_summary" }));
});

describe("how many of the product just asked about sit in another marketplace is its stock there", () => {
  it.each([
    ["and how many of those are sitting in Germany?", "DE"],
    ["how many of them are sitting in France", "FR"],
    ["and how many are lying around in Japan?", "JP"],
    ["how many units of those are still held at amazon.ca?", "CA"],
  ])("%j keeps the product", (q, marketplace) =>
    expectFrame([STOCK_OF_ONE, q], {
      intent: "inventory_levels",
      filters: { marketplace, asin: "B0SOYOGA01", metrics: ["available_quantity"] },
    }),
  );
  it.each([
    ["how much stock is just sitting in Canada?"],
    ["and how many of those are sitting in Germany unsold for 90 days?"],
  ])("%j: stock that sits idle is excess", (q) => expectFrame([STOCK_OF_ONE, q], { intent: "excess_inventory" }));
});

describe("a lower-case marketplace code in shorthand is a place where the word cannot stand", () => {
  it.each([
    ["worst 4 by rev in es last qtr", "ES", "top_products"],
    ["sessions in se last 90", "SE", "conversion_analysis"],
    ["profit on be last month", "BE", "sales_summary"],
    ["refund rate us last 30", "US", "refund_analysis"],
    ["bottom 3 by rev es this qtr", "ES", "top_products"],
  ])("%j is in %s", (q, marketplace, intent) => expectFrame([q], { intent, filters: { marketplace } }));
  it.each([
    ["restrict to es", "ES"],
    ["narrow it down to us", "US"],
    ["switch to se", "SE"],
  ])("%j after a campaign report moves it", (q, marketplace) =>
    expectFrame(["acos by campaign last 14d", q], {
      intent: "acos_by_campaign",
      filters: { marketplace, timeframe: "last_14_days" },
    }),
  );
  it.each([
    ["show us sales last month"],
    ["what did ads cost us last month"],
    ["top products for us last month"],
    ["revenue last month in us dollars"],
    ["is it worth it for us to restock"],
  ])("%j: 'us' the pronoun names no place", (q) => expect(understand(q)?.filters.marketplace, q).toBeUndefined());
  it.each([
    ["units last 60", "last_60_days"],
    ["revenue last 90", "last_90_days"],
    ["missed search terms us last 14", "last_14_days"],
  ])("%j: a clipped window without its unit is in days", (q, timeframe) =>
    expect(understand(q)?.filters.timeframe, q).toBe(timeframe),
  );
  it("a question with its own verb keeps 'last 90' a row count", () =>
    expect(understand("tell us the top sellers last 90")?.filters.timeframe).not.toBe("last_90_days"));
});

describe("a rough length said beside a request sets no row count", () => {
  it.each([
    ["restock list for France please, the courier needs a day or two", "FR"],
    ["reorder list for amazon.it please - shipping takes two or three days", "IT"],
    ["what should I send to the UK? customs adds a week or two", "UK"],
    ["restock list for Spain please, the carrier adds a couple of days", "ES"],
  ])("%j", (q, marketplace) => {
    expectFrame([q], { intent: "restock_recommendations", filters: { marketplace } });
    expect(understand(q)?.filters.limit, q).toBeUndefined();
  });
  it("a count asked for still ranks", () =>
    expectFrame(["top 2 products by revenue last week"], { intent: "top_products", filters: { limit: 2 } }));
});
