// Periods, numbers, conditions, limits, sorts and slot words said in everyday shorthand: month abbreviations on their
// own, breakdowns said as a split or per store, a product's level of units, and more. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("a month's short name on its own is the latest such month begun", () => {
  it.each([
    ["jan orders uk", "2026-01"],
    ["profit dec", "2025-12"],
    ["mar orders", "2026-03"],
    ["sept units sold germany", "2026-09"],
    ["feb revenue", "2026-02"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("'may' alone stays a verb", () =>
    expectFrame(["how much revenue may I have lost to refunds"], { intent: "refund_analysis" }));
});

describe("a breakdown said as a split, '-wise' or per store is grouped", () => {
  it.each([
    ["inventory value by amazon store", "marketplace"],
    ["what is my stock worth per storefront", "marketplace"],
    ["inventory value, site by site", "marketplace"],
    ["value of my inventory country-wise", "marketplace"],
    ["inventory worth with a department split", "category"],
    ["stock value category wise", "category"],
  ])("%j", (q, group_by) => expectFrame([q], { intent: "inventory_value", filters: { group_by } }));
  it("a split as a follow-up starting afresh", () =>
    expectFrame(["acos by campaign in germany this week", "value of the stock, split by categories"], {
      intent: "inventory_value",
      filters: { group_by: "category" },
    }));
  it("all stores together is one total", () =>
    expect(understand("units sold yesterday, all stores together")?.filters.group_by).toBeUndefined());
});

describe("a product under a count of units, with no word of selling, is its stock on hand", () => {
  it.each([
    ["ping me once BP-SKIN-01 is below 40 units"],
    ["let me know if any sku goes under 15 units"],
    ["alert me when B0SOYOGA01 under 25 units"],
  ])("%j", (q) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { conditions: [expect.objectContaining({ metric: "available_quantity", op: "<" })] },
    }),
  );
  it.each([["alert me if B0SOYOGA01 sells under 10 units"], ["flag any product under 25 units a week"]])(
    "%j counts what sells",
    (q) =>
      expectFrame([q], {
        intent: "create_alert",
        filters: { conditions: [expect.objectContaining({ metric: "units_sold", op: "<" })] },
      }),
  );
});

describe("shrunk, declined, fell the most: growth, the lowest first", () => {
  it.each([
    ["which listings shrank the most this quarter"],
    ["what declined fastest in germany over the past 90 days"],
    ["products that fell the most since september"],
    ["which skus dwindled most last month"],
  ])("%j", (q) => expectFrame([q], { intent: "top_products", filters: { metrics: ["growth_rate"], sort: "asc" } }));
  it("what grew is still the highest first", () =>
    expectFrame(["which listings grew the most this quarter"], {
      intent: "top_products",
      filters: { metrics: ["growth_rate"], sort: "desc" },
    }));
});

describe("the measure named beats a mood word, which only sets the end looked at", () => {
  it.each([
    ["which one item is killing it on revenue this month", { metrics: ["revenue"], limit: 1, sort: "desc" }],
    ["which listing is smashing it by units in the UK", { metrics: ["units_sold"], sort: "desc" }],
    ["worst 5 by profit this year, the ones that are nosediving", { metrics: ["profit"], limit: 5, sort: "asc" }],
    ["which products are dead in the water on orders", { metrics: ["orders"], sort: "asc" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
  it("a plain growth word stays the measure", () =>
    expectFrame(["top 4 rising products by units"], { intent: "top_products", filters: { metrics: ["growth_rate"] } }));
});

describe("the biggest dud or flop is the single bottom product", () => {
  it.each([
    ["my biggest flop in pet supplies on units last quarter", { metrics: ["units_sold"] }],
    ["what was the worst dud by revenue in october", { metrics: ["revenue"] }],
    ["which product was our greatest letdown on profit last month?", { metrics: ["profit"] }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { ...filters, limit: 1, sort: "asc" } }),
  );
  it("duds are several", () => expect(understand("show me the biggest duds by revenue")?.filters.limit).not.toBe(1));
});

describe("one picked from a set, singular or by a comparative, is one row", () => {
  it.each([
    ["which campaign's got the highest acos this month", "acos_by_campaign"],
    ["which product's got the lowest rating", "declining_reviews"],
  ])("%j", (q, intent) => expectFrame([q], { intent, filters: { limit: 1 } }));
  it.each([
    ["between my 3 pet products, which one made the bigger profit in october", { metrics: ["profit"] }],
    ["out of my three pet products, which has the better margin in september", { metrics: ["profit_margin"] }],
    ["which one sold the more units last week, of these 2 listings", { metrics: ["units_sold"] }],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { ...filters, limit: 1, sort: "desc" } }),
  );
  it("several asked with a comparative are not one", () =>
    expect(understand("which campaigns have the higher acos this week")?.filters.limit).toBeUndefined());
});

describe("hotter, worse or better than a figure is a threshold, worse following the metric's good direction", () => {
  it.each([
    ["which campaigns are running hotter than 28% acos in canada", { metric: "acos", op: ">", value: 28 }],
    ["ad campaigns with acos worse than 45 percent last week", { metric: "acos", op: ">", value: 45 }],
    ["any campaign doing better than 15% acos this month", { metric: "acos", op: "<", value: 15 }],
  ])("%j", (q, condition) => expectFrame([q], { intent: "acos_by_campaign", filters: { conditions: [condition] } }));
  it("a rating worse than a figure is below it", () =>
    expectFrame(["which products are rated worse than 3.5 stars"], {
      intent: "declining_reviews",
      filters: { conditions: [{ metric: "review_rating", op: "<", value: 3.5 }] },
    }));
  it("a rule said in the sentence before and pointed to applies", () =>
    expectFrame(
      [
        "My mentor kills any ad that is running hotter than 50% acos. By that rule, which of my german campaigns should go?",
      ],
      {
        intent: "acos_by_campaign",
        filters: { marketplace: "DE", conditions: [{ metric: "acos", op: ">", value: 50 }] },
      },
    ));
});

describe("a length counted forward from today is a horizon", () => {
  it.each([
    ["what sells out if I look 45 days out", 45],
    ["which skus run dry 3 weeks from now in the UK", 21],
    ["looking ahead 2 months, which products will stock out", 60],
    ["what will be out of stock a fortnight out", 14],
  ])("%j", (q, horizon_days) => expectFrame([q], { intent: "stockout_risk", filters: { horizon_days } }));
  it("months out of stock look back", () =>
    expect(understand("which products have been 3 months out of stock")?.filters.horizon_days).toBeUndefined());
});

describe("the ACoS that bids should land at is the target", () => {
  it.each([
    ["which bids should I change so acos comes in at 24%", 24],
    ["tweak my keyword bids so that my acos ends up around 19 percent", 19],
    ["what bid changes would get the acos to settle at 27%", 27],
  ])("%j", (q, target_acos) => expectFrame([q], { intent: "bid_recommendations", filters: { target_acos } }));
});

describe("beating the same day, week or month a year before compares with the same period last year", () => {
  it.each([
    ["did today outdo the same day last year on units", "today"],
    ["has last week topped the same week a year ago", "last_week"],
    ["has this month beaten the same month last year on profit", "this_month"],
  ])("%j", (q, timeframe) =>
    expectFrame([q], {
      intent: "sales_comparison",
      filters: { timeframe, compare_to: "same_period_last_year" },
    }),
  );
  it("the same day a week before stays that day", () =>
    expectFrame(["did yesterday beat the same day last week"], {
      intent: "sales_comparison",
      filters: { timeframe: "yesterday", compare_to: "2026-11-13" },
    }));
});

describe("a metric set aside is not asked; the one in the question's own clause is", () => {
  it.each([
    ["how much did BP-SKIN-01 take in september, in pounds not units", "revenue"],
    ["units rather than money for the UK last week", "units_sold"],
    ["give me orders instead of revenue for yesterday", "orders"],
    ["profit as opposed to revenue in october", "profit"],
  ])("%j", (q, metric) => expectFrame([q], { intent: "sales_summary", filters: { metrics: [metric] } }));
  it("a follow-up that sets the old metric aside", () =>
    expectFrame(
      [
        "compare sales this month against last month in italy",
        "My wholesaler thinks in boxes rather than money, could you show that comparison in units?",
      ],
      { intent: "sales_comparison", filters: { metrics: ["units_sold"], marketplace: "IT" } },
    ));
  it.each([
    ["loads of refunds came in from germany last week, how many orders was that in total?", "orders"],
    ["the bank wants my selling volume for the loan. How many units did we shift in august?", "units_sold"],
  ])("%j asks the question clause's metric", (q, metric) =>
    expectFrame([q], { intent: "sales_summary", filters: { metrics: [metric] } }),
  );
  it("a second question joined by 'and' keeps the order the figures were asked in", () =>
    expectFrame(["how much did my ads cost in september and how much ad revenue did they make"], {
      intent: "advertising_summary",
      filters: { metrics: ["ad_spend", "ad_sales"] },
    }));
  it("not profitable is a judgement, not a metric set aside", () =>
    expectFrame(["which products are not profitable"], {
      intent: "profit_breakdown",
      filters: { metrics: ["profit"] },
    }));
});

describe("a marketplace's possessive still names it", () => {
  it.each([
    ["France's been slow lately, what have we sold there this week?", "FR"],
    ["the UK's orders yesterday", "UK"],
    ["what was amazon.co.jp's revenue last month", "JP"],
    ["spain's units sold in october", "ES"],
  ])("%j", (q, marketplace) => expectFrame([q], { intent: "sales_summary", filters: { marketplace } }));
});

describe("settings said across the sentences of one command are all kept", () => {
  it.each([
    [
      "We mostly sell in Britain these days so I want everything shown in pounds from here on. Also make the lead time 40 days.",
      { currency: "GBP", lead_time_days: 40 },
    ],
    ["show all figures in dollars going forward. and set my target acos to 18%", { currency: "USD", target_acos: 18 }],
    [
      "set the safety stock to 10 days. and I'd like it all displayed in euros from now on",
      { safety_stock_days: 10, currency: "EUR" },
    ],
  ])("%j", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it("a currency in a question about figures sets nothing", () =>
    expectFrame(["what's my revenue in euros this month?"], { intent: "sales_summary" }));
});
