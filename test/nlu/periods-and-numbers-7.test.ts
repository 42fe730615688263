// Slots, periods and follow-ups: a follow-up that points at the answer, a new subject of another area, days of stock
// "left", goods held or bought, growth of a figure, reviews slowing, a setting's length with an article, one picked
// out of all, a week of a month, a lead time as the horizon, where to grow, what the ads sold, a list's order and a
// reason's scope. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

/** Expects the filters the question must not set. */
function expectAbsent(q: string[], ...keys: string[]): void {
  const filters = understand(...q)?.filters as Record<string, unknown> | undefined;
  for (const key of keys) expect(filters?.[key], `${q.join(" / ")}: ${key}`).toBeUndefined();
}

/** Expects the metrics exactly, in order. */
function expectMetrics(q: string[], metrics: string[]): void {
  expect(understand(...q)?.filters.metrics, q.join(" / ")).toEqual(metrics);
}

describe("a follow-up that points at the answer just given keeps its period and place", () => {
  it.each([
    [
      ["revenue in Spain last quarter", "and how much profit was that?"],
      "sales_summary",
      "ES",
      "last_quarter",
      "profit",
    ],
    [["units sold in the UK yesterday", "what margin is that?"], "sales_summary", "UK", "yesterday", "profit_margin"],
    [["ad spend in Italy last month", "what's the ROAS on that?"], "advertising_summary", "IT", "last_month", "roas"],
    [["ad sales in France this week", "and the TACoS for that?"], "advertising_summary", "FR", "this_week", "tacos"],
  ])("%j", (q, intent, marketplace, timeframe, metric) =>
    expectFrame(q, { intent, filters: { marketplace, timeframe, metrics: [metric] } }),
  );
});

describe("an acknowledgement before a follow-up asks the same question", () => {
  it.each([
    [["how much did we sell in Canada last month", "cool, and what about Mexico?"], "sales_summary", "MX"],
    [["orders in Germany this week", "got it. and in Spain?"], "sales_summary", "ES"],
    [["top 5 products by revenue in the US last month", "perfect - what about the UK?"], "top_products", "UK"],
  ])("%j", (q, intent, marketplace) => expectFrame(q, { intent, filters: { marketplace } }));
  it("'right now' is still a period word, not an acknowledgement", () =>
    expectFrame(["what's my stock right now"], { intent: "inventory_levels" }));
});

describe("a question of another area in words of its own keeps nothing from before", () => {
  it.each([
    [["ACoS by campaign in Germany last week", "ok now which items are overstocked?"], "excess_inventory"],
    [["revenue in France last month", "now, which keywords are wasting money?"], "wasted_ad_spend"],
    [["ROAS in the UK this month", "right, what's at risk of running out soon?"], "stockout_risk"],
  ])("%j", (q, intent) => {
    expectFrame(q, { intent });
    expectAbsent(q, "marketplace");
  });
  it("pointing back at the place keeps it", () =>
    expectFrame(["ACoS by campaign in Germany last week", "ok, which products are running low there?"], {
      intent: "stockout_risk",
      filters: { marketplace: "DE" },
    }));
  it("opening with 'and' adds to the question before", () =>
    expectFrame(["ACoS by campaign in Germany last week", "and which items are overstocked?"], {
      intent: "excess_inventory",
      filters: { marketplace: "DE" },
    }));
  it("'switching topics' announces a new subject", () => {
    const q = ["top 3 products by revenue in Italy this week", "switching topics: what did Amazon pay out in October?"];
    expectFrame(q, { intent: "payouts" });
    expectAbsent(q, "marketplace");
  });
});

describe("days of stock 'left' are days of supply alone", () => {
  it.each([
    "how many days of stock have we got left on B0PSDOGT01?",
    "how many weeks of cover do I have left for PS-DOGT-01",
    "how many days of inventory are remaining on B0PSDOGT01",
  ])("%j", (q) => {
    expectFrame([q], { intent: "inventory_levels" });
    expectMetrics([q], ["days_of_supply"]);
  });
  it("units left named beside days of supply are both asked", () =>
    expectMetrics(["units left and days of supply for B0PSDOGT01"], ["available_quantity", "days_of_supply"]));
});

describe("pieces of a product held are units in stock; goods customers bought are units sold", () => {
  it.each([
    "how many pieces of PS-DOGT-01 are left",
    "how many pieces of PS-DOGT-01 do we have sitting in the warehouse?",
  ])("%j", (q) => expectFrame([q], { intent: "inventory_levels", filters: { metrics: ["available_quantity"] } }));
  it.each([
    ["how many B0PSDOGT01 were bought in October", "2026-10"],
    ["how many PS-DOGT-01 have shoppers purchased this month", "this_month"],
    ["how many pieces of PS-DOGT-01 did we sell last week", "last_week"],
  ])("%j", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics: ["units_sold"] } }),
  );
});

describe("a rise or fall of a figure asked as an anomaly names that figure", () => {
  it.each([
    ["any odd drop in units in Spain yesterday?", "units_sold"],
    ["anything weird like a fall in sales in France last week", "revenue"],
    ["unusual decline in revenue this week?", "revenue"],
  ])("%j", (q, metric) => expectFrame([q], { intent: "anomalies", filters: { metrics: [metric] } }));
  it("a ranking by a fall keeps growth as its measure", () =>
    expectFrame(["top products with a drop in units"], {
      intent: "top_products",
      filters: { metrics: ["growth_rate"] },
    }));
});

describe("reviews slowing down or drying up are the review count", () => {
  it.each([
    "have reviews dried up for my dog toys lately",
    "are reviews tailing off on PS-DOGT-01",
    "the pace of new reviews on B0PSDOGT01 this year",
  ])("%j", (q) => expectFrame([q], { intent: "declining_reviews", filters: { metrics: ["review_count"] } }));
});

describe("a setting's length said with an article is that many days", () => {
  it.each([
    ["set my lead time to a fortnight", { lead_time_days: 14 }],
    ["set my buffer stock to one week", { safety_stock_days: 7 }],
    ["change the lead time to 3 fortnights", { lead_time_days: 42 }],
    ["safety stock to a fortnight and target ACoS to 22%", { safety_stock_days: 14, target_acos: 22 }],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
});

describe("one picked out of all is one row, not every row", () => {
  it("'out of all my campaigns, which one…, just the one' is one", () =>
    expectFrame(["Of all my campaigns, which one burns the most on ACoS this month? Only the one."], {
      intent: "acos_by_campaign",
      filters: { limit: 1 },
    }));
  it.each(["of all my products, which sold the most last week", "among all the keywords which ones waste the most"])(
    "%j names no row count",
    (q) => expectAbsent([q], "limit"),
  );
  it("'show all' is still every row", () =>
    expectFrame(["show all products by revenue"], { intent: "top_products", filters: { limit: 100000 } }));
});

describe("a week of a named month is those seven days", () => {
  it.each([
    ["orders in the second week of October 2025", "2025-10-08..2025-10-14"],
    ["units sold during the last week of last month", "2026-10-25..2026-10-31"],
    ["revenue in the final week of september", "2026-09-24..2026-09-30"],
    ["sales the first week of this month", "2026-11-01..2026-11-07"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("'last week' alone is still the calendar week", () =>
    expectFrame(["revenue last week"], { intent: "sales_summary", filters: { timeframe: "last_week" } }));
});

describe("a lead time told beside what runs out before it ends is the horizon", () => {
  it.each([
    ["my supplier takes 6 weeks to deliver, what will run out before the next shipment arrives?", 42],
    ["lead time is 40 days, what runs out before a reorder lands", 40],
    ["deliveries take 20 days to get here - what will run out before then", 20],
  ])("%j", (q, horizon_days) => expectFrame([q], { intent: "stockout_risk", filters: { horizon_days } }));
  it("running out before a shipment with no wait told has no horizon", () =>
    expectAbsent(["what runs out before the next shipment"], "horizon_days"));
});

describe("where the seller could grow is opportunities", () => {
  it.each(["give me a summary of how I could sell more", "a detailed picture of where I could be doing better"])(
    "%j",
    (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "opportunities" } }),
  );
});

describe("what the ads sold is ad sales; spend and what it brought back are both asked", () => {
  it("what the ads sold is ad sales alone", () => {
    const q = ["how much did my sponsored ads sell yesterday"];
    expectFrame(q, { intent: "advertising_summary" });
    expectMetrics(q, ["ad_sales"]);
  });
  it("the spend, then the sales it brought in, in that order", () =>
    expectMetrics(
      ["what did we spend on ppc this month and how much revenue has that spend brought in"],
      ["ad_spend", "ad_sales"],
    ));
});

describe("metrics named in a list after a story keep the list's order", () => {
  it("page views and conversion after 'views but few sales'", () =>
    expectMetrics(
      ["lots of views but few sales on my yoga mat - page views and conversion rate please"],
      ["page_views", "conversion_rate"],
    ));
});

describe("a category or place named in the reason is the scope of a question that points back", () => {
  it("'which ones' after a category in the reason", () =>
    expectFrame(["I'm planning which pet supplies to discount, which ones have the most stock?"], {
      intent: "inventory_levels",
      filters: { category: "Pet Supplies" },
    }));
  it("'there' after a country in the reason", () =>
    expectFrame(["We're thinking about expanding in Canada, what are rivals selling there that I don't?"], {
      intent: "catalog_gaps",
      filters: { marketplace: "CA" },
    }));
});
