// Periods, numbers and follow-ups, eighteenth set: a reply that only remarks which time buckets would read better, a
// reply that swaps a named filter ("swap the category to …"), a question that drops the one before ("ok leave it. …")
// or asks of every product, buckets said "month wise", European day-first dates ("5. November", "5.11.2026"), an ACoS
// reached for as a goal ("to reach ACoS 22%"), stock counted in "unit"/"pcs"/"pieces", and a year marked as a whole
// year ("full-year 2025", "FY25") before a count noun. Each stands for a class of phrasings sellers use; every
// phrasing here is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

const WEEKLY_TREND = "revenue by week for the last 3 months";

describe("a reply that only remarks which buckets would read better re-buckets the trend", () => {
  it.each([
    ["monthly buckets would be easier to read", "month"],
    ["hmm daily would be better", "day"],
    ["weeks might read better", "week"],
    ["I think months would make more sense", "month"],
    ["I'd rather see it monthly", "month"],
    ["ok, the quarterly view would be clearer tbh", "quarter"],
    ["I'd prefer it by day", "day"],
  ])("%j is the trend by %s", (reply, group_by) =>
    expectFrame([WEEKLY_TREND, reply], {
      intent: "sales_trend",
      filters: { timeframe: "last_3_months", metrics: ["revenue"], group_by },
    }),
  );
  // "better" judges the buckets in a remark, so it ranks nothing.
  it("a remark asks for no best rows", () =>
    expect(understand(WEEKLY_TREND, "daily would be better")?.filters.sort).toBeUndefined());
  // A question with words of its own is read as it stands: "better" there still ranks the weeks.
  it("which weeks were better still ranks them", () =>
    expect(understand(WEEKLY_TREND, "which weeks were better")?.filters).toMatchObject({
      group_by: "week",
      sort: "desc",
    }));
});

describe("a reply that swaps a named filter asks the question before of the new one", () => {
  it.each([
    [
      ["Featured Offer % for Pet Supplies in October", "swap the category to Home & Kitchen"],
      "buy_box_share",
      { timeframe: "2026-10", category: "Home & Kitchen" },
    ],
    [
      ["refund rate for Toys & Games last month", "switch the category to Pet Supplies"],
      "refund_analysis",
      { timeframe: "last_month", category: "Pet Supplies" },
    ],
    [
      ["refund rate for Toys & Games last month", "change the marketplace over to France"],
      "refund_analysis",
      { category: "Toys & Games", marketplace: "FR" },
    ],
    [
      ["units sold of SO-YOGA-01 in October", "swap the product for HK-COOK-01"],
      "sales_summary",
      { timeframe: "2026-10", sku: "HK-COOK-01" },
    ],
    [
      ["ACoS for Dog Toys - Exact last month", "change the campaign filter to Yoga Mats - Broad"],
      "acos_by_campaign",
      { campaign: "Yoga Mats - Broad" },
    ],
    [
      ["profit in Germany last week", "switch it from Germany to Spain"],
      "sales_summary",
      { timeframe: "last_week", marketplace: "ES" },
    ],
    [["revenue in October", "change it from October to September"], "sales_summary", { timeframe: "2026-09" }],
  ] as const)("%j", (questions, intent, filters) => expectFrame([...questions], { intent, filters }));
  // The filter's name only says which one changes: "category" asks for no rows by category.
  it("no rows by category are asked", () =>
    expect(
      understand("Featured Offer % for Pet Supplies in October", "swap the category to Home & Kitchen")?.filters
        .group_by,
    ).toBeUndefined());
  it.each([
    // The currency is a setting, not a filter of the question.
    [["change the currency to euros"], "update_settings"],
    // A change between two periods asked of the sales is their comparison.
    [["how did sales change from October to November"], "sales_comparison"],
  ])("%j is left as it is (%s)", (questions, intent) => expectFrame([...questions], { intent }));
});

describe("a question after the one before is dropped starts afresh", () => {
  const STOCK = "how many days of stock does SO-YOGA-01 have in the UK";
  it.each([
    ["ok forget it. what was my revenue last week", "sales_summary", { timeframe: "last_week" }],
    ["never mind that, which products had the most refunds last month", "refund_analysis", { timeframe: "last_month" }],
    ["leave it - ad spend for every product this month", "advertising_summary", { timeframe: "this_month" }],
    ["nvm, units sold last week", "sales_summary", { metrics: ["units_sold"] }],
    ["drop that. show me my top products by profit in October", "top_products", { timeframe: "2026-10" }],
  ] as const)("%j keeps neither product nor place", (reply, intent, filters) => {
    expectFrame([STOCK, reply], { intent, filters });
    const f = understand(STOCK, reply)?.filters;
    expect(f?.sku).toBeUndefined();
    expect(f?.marketplace).toBeUndefined();
  });
  // Dropped with nothing asked of its own, the rest still edits the question before.
  it("never mind that, just Germany keeps the product", () =>
    expect(understand(STOCK, "never mind that, just Germany")?.filters).toMatchObject({
      sku: "SO-YOGA-01",
      marketplace: "DE",
    }));
  it("a follow-up asked of it keeps the product", () =>
    expect(understand(STOCK, "and its refund rate last month?")?.filters.sku).toBe("SO-YOGA-01"));
  // Every product asked of drops the one product, and keeps the rest of the scope.
  it.each([["what about all my products"], ["revenue for each product last month"]])(
    "%j keeps no single product",
    (reply) => {
      const f = understand(STOCK, reply)?.filters;
      expect(f?.sku).toBeUndefined();
      expect(f?.asin).toBeUndefined();
    },
  );
});

describe("buckets said 'month wise' and the like are the breakdown", () => {
  it.each([
    ["month wise order trend of last 6 months", "month"],
    ["week-wise revenue for the last quarter", "week"],
    ["day wise units sold this month", "day"],
    ["quarter wise profit for 2025", "quarter"],
  ])("%j is by %s", (q, group_by) => expect(understand(q)?.filters.group_by, q).toBe(group_by));
  it("category wise still breaks down by category", () =>
    expect(understand("category wise profit margin last month")?.filters.group_by).toBe("category"));
});

describe("European day-first dates with a dot are the days they name", () => {
  it.each([
    ["Ahoj, what is profit for Pet Supplies from 5. November until today?", "2026-11-05", "2026-11-21"],
    ["orders from 3. October till today", "2026-10-03", "2026-11-21"],
    ["revenue from the 1. of September to now", "2026-09-01", "2026-11-21"],
    ["refunds since 10.11.", "2026-11-10", "2026-11-21"],
    ["units sold on 12.10.2025", "2025-10-12", "2025-10-12"],
    ["ad spend from 01.11.26 until now", "2026-11-01", "2026-11-21"],
    ["revenue from 1. to 15. October", "2026-10-01", "2026-10-15"],
    ["profit between 2.11. and 9.11.", "2026-11-02", "2026-11-09"],
  ])("%j runs %s to %s", (q, start, end) => expect(understand(q)?.filters.date_range, q).toEqual({ start, end }));
  // A decimal is no date: it has neither a closing dot after a date word nor a year.
  it.each([
    ["products with rating below 4.5", 4.5],
    ["price changes above 5.11 euros", 5.11],
  ])("%j keeps its decimal", (q, value) => expect(understand(q)?.filters.conditions?.[0]?.value, q).toBe(value));
});

describe("an ACoS reached for as a goal is the target ACoS", () => {
  it.each([
    ["How should I change my bids to reach ACoS 22%?", 22],
    ["what bids do I need to hit ACoS 25%", 25],
    ["bid changes to get to an ACoS of 18", 18],
    ["how do I adjust bids so we land at ACoS 20%", 20],
    ["adjust my bids so I reach acos 28%", 28],
    ["bid suggestions to reach a 30% ACoS", 30],
  ])("%j aims at %i", (q, target_acos) =>
    expectFrame([q], { intent: "bid_recommendations", filters: { target_acos } }),
  );
  // Asked whether it was reached, the ACoS is how the ads went, not a target.
  it("did I reach ACoS 20% last month is the ads' summary", () => {
    expectFrame(["did I reach ACoS 20% last month"], {
      intent: "advertising_summary",
      filters: { timeframe: "last_month" },
    });
    expect(understand("did I reach ACoS 20% last month")?.filters.target_acos).toBeUndefined();
  });
  it("campaigns above an ACoS are filtered, not targeted", () =>
    expect(understand("campaigns with ACoS above 30% last month")?.filters.target_acos).toBeUndefined());
});

describe("stock going under a count of units, pieces or pcs is the units on hand", () => {
  it.each([
    ["alert me if B0OPDESK01 stock go under 40 unit", 40],
    ["notify me when HK-COOK-01 stock goes below 25 pcs", 25],
    ["warn me if stock of B0PSDOGT01 drops under 100 piece", 100],
    ["alert me if inventory for SO-YOGA-01 falls below 15 unit", 15],
    ["ping me if B0TGPUZZ01 stock go below 30pcs", 30],
    ["alert me if B0OPDESK01 stock go under 40 pieces", 40],
  ])("%j is available_quantity < %i", (q, value) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "available_quantity", op: "<", value }] },
    }),
  );
  it.each([
    // Days of stock are its days of supply.
    ["alert me if B0OPDESK01 stock goes under 20 days", "days_of_supply", 20],
    ["alert me if B0OPDESK01 stock go under 40 days of cover", "days_of_supply", 40],
    ["warn me when HK-COOK-01 has under 2 weeks of stock", "days_of_supply", 14],
    // Pieces sold a day are sales, not stock.
    ["alert me if B0OPDESK01 sells fewer than 10 pieces a day", "units_sold", 10],
  ])("%j is %s < %i", (q, metric, value) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [{ metric, op: "<", value }] } }),
  );
});

describe("a year marked as a whole year is the period, even before a count noun", () => {
  it.each([
    ["Full-year 2025 Ordered Product Sales for the UK store", "revenue"],
    ["full-year 2025 units sold in Germany", "units_sold"],
    ["FY25 orders in Germany", "orders"],
    ["orders for the whole of 2025", "orders"],
    ["calendar year 2025 profit for Pet Supplies", "profit"],
    ["Full year 2025 ordered revenue", "revenue"],
  ])("%j is 2025", (q, metric) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe: "2025", metrics: [metric] } }),
  );
  it("FY2025 vs FY2024 still compares the years", () =>
    expectFrame(["FY2025 vs FY2024 revenue"], {
      intent: "sales_comparison",
      filters: { timeframe: "2025", compare_to: "2024" },
    }));
  // A number before a count noun, with no year word, is a count.
  it("more than 2025 units is a count", () =>
    expect(understand("which products sold more than 2025 units last month")?.filters.conditions?.[0]).toMatchObject({
      metric: "units_sold",
      value: 2025,
    }));
});
