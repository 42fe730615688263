// Intents told by plain words, eleventh set: alerts asked after, deleted by what they do or set on a stock level
// ("is down to less than 20 units"); stock that shows as inbound after a shipment the seller tells of, the stock needed
// to cover a stretch ahead, overstock ranked by what it costs in storage or under a threshold of cover; the money
// asked after a story of ad spend, the share of sales that became profit; competitors' reprices; and one period
// "over" another. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("asking whether an alert is already set up lists the alerts", () => {
  it.each([
    ["did I already make an alert for the buy box? can't recall"],
    ["have we set up a warning for low inventory yet"],
    ["did we ever create a notification for ACoS?"],
    ["do we have an alert on refunds"],
    ["show me my alerts"],
  ])("%j is list_alerts", (q) => expectFrame([q], { intent: "list_alerts" }));
  it("a threshold to be told of is still a new alert", () =>
    expectFrame(["alert me when ACoS goes over 35%"], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "acos", op: ">", value: 35 }] },
    }));
});

describe("an alert named by what it does (fires, goes off, triggers, kicks in) is deleted with its threshold", () => {
  it.each([
    ["scrap the alert that goes off when ACoS is over 40%", { metric: "acos", op: ">", value: 40 }],
    [
      "remove whichever rule triggers when stock drops below 15 units",
      { metric: "available_quantity", op: "<", value: 15 },
    ],
    [
      "cancel the warning that kicks in when days of supply falls under 14",
      { metric: "days_of_supply", op: "<", value: 14 },
    ],
    [
      "delete the one that fires if my buy box share drops below 80%",
      { metric: "buy_box_percentage", op: "<", value: 80 },
    ],
  ])("%j is delete_alert", (q, condition) =>
    expectFrame([q], { intent: "delete_alert", filters: { conditions: [condition] } }),
  );
});

describe("a product down to a count of units is at that stock level", () => {
  it.each([
    ["tell me when B0PSDOGT01 gets down to under 30 units", 30],
    ["ping me if PT-DOG-01 falls to fewer than 10 units", 10],
    ["let me know once anything is down to less than 25 units", 25],
  ])("%j watches available_quantity", (q, value) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "available_quantity", op: "<", value }] },
    }),
  );
  it("a count said with a verb of selling stays units sold", () =>
    expectFrame(["let me know when any product sells fewer than 20 units in a week"], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "units_sold", op: "<", value: 20 }] },
    }));
});

describe("a shipment the seller tells of, then asked after as inbound, is the stock levels", () => {
  it.each([
    ["We shipped 200 units to FBA on Monday. Are they showing as inbound for B0PSDOGT01?"],
    ["I sent a shipment last week. Is it showing as inbound for B0PSDOGT01 yet?"],
  ])("%j is inventory_levels", (q) =>
    expectFrame([q], { intent: "inventory_levels", filters: { asin: "B0PSDOGT01" } }),
  );
  it("a sentence that only adds a period is still part of the question", () =>
    expectFrame(["Last week, please. How many units of B0PSDOGT01 are inbound?"], {
      intent: "inventory_levels",
      filters: { timeframe: "last_week", asin: "B0PSDOGT01" },
    }));
});

describe("the stock needed to cover a stretch ahead is what to reorder", () => {
  it.each([
    ["how many units will I need to last the next 60 days?", { horizon_days: 60 }],
    [
      "what inventory do we need to get us through the next 8 weeks in Germany",
      { horizon_days: 56, marketplace: "DE" },
    ],
    [
      "how much stock would I need for the next 3 months of Pet Supplies",
      { horizon_days: 90, category: "Pet Supplies" },
    ],
  ])("%j is restock_recommendations", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
  it("the stock held now stays the stock levels", () =>
    expectFrame(["how much stock do I have for B0PSDOGT01"], { intent: "inventory_levels" }));
});

describe("overstock ranked by what it costs in storage is excess inventory by storage fees", () => {
  it.each([
    ["which of my overstocked items cost the most to store?"],
    ["my slow movers - which ones are costing me the most in storage?"],
  ])("%j is excess_inventory", (q) =>
    expectFrame([q], { intent: "excess_inventory", filters: { metrics: ["storage_fees"], sort: "desc" } }),
  );
  it.each([
    ["how much have storage fees added up to this year"],
    // What storage cost the seller over a period, with no stock ranked, is the fee's amount.
    ["what did FBA storage cost me in September"],
    ["what did warehouse storage cost us last quarter"],
    ["how much did long-term storage cost us in August"],
  ])("%j: the fee's amount stays a line of the P&L", (q) =>
    expectFrame([q], { intent: "profit_breakdown", filters: { metrics: ["storage_fees"] } }),
  );
});

describe("products ranked under a threshold of stock cover are that state of the stock", () => {
  it.each([
    ["UK items sitting on more than 90 days of stock - the 3 worst", { marketplace: "UK", limit: 3, sort: "desc" }],
    ["products with over 200 days of cover, top 10", { limit: 10, sort: "desc" }],
  ])("%j is excess_inventory, the most stock first", (q, filters) =>
    expectFrame([q], { intent: "excess_inventory", filters }),
  );
  it("below the threshold it is stockout risk, the least cover first", () =>
    expectFrame(["anything under 10 days of supply, worst 5 first"], {
      intent: "stockout_risk",
      filters: { limit: 5, sort: "asc" },
    }));
  it("ranked by a sales figure it stays a sales ranking", () =>
    expectFrame(["top 5 products by revenue with more than 100 days of supply"], {
      intent: "top_products",
      filters: { metrics: ["revenue"], limit: 5 },
    }));
});

describe("the money asked after a story of ad spend is that spend, then", () => {
  it.each([
    [
      "We put $500 into PPC in October and I'm not convinced. Where did that money go with no orders to show for it?",
      "2026-10",
    ],
    [
      "I've been spending a lot on sponsored ads this year. Where is the cash going with nothing to show for it?",
      "year_to_date",
    ],
  ])("%j is wasted_ad_spend", (q, timeframe) =>
    expectFrame([q], { intent: "wasted_ad_spend", filters: { timeframe } }),
  );
  it("a question naming its own figure and period is read alone", () =>
    expectFrame(["I spent $300 on ads last week. How much revenue did I make this month?"], {
      intent: "sales_summary",
      filters: { timeframe: "this_month", metrics: ["revenue"] },
    }));
});

describe("the share of sales that became profit is the profit margin", () => {
  it.each([
    ["what share of my revenue turned into profit last quarter", "last_quarter"],
    ["in October what proportion of sales was profit", "2026-10"],
  ])("%j is sales_summary of profit_margin", (q, timeframe) =>
    expectFrame([q], { intent: "sales_summary", filters: { timeframe, metrics: ["profit_margin"] } }),
  );
  it("a share of sales from a place stays revenue", () =>
    expectFrame(["what percentage of sales came from Germany last month"], {
      intent: "sales_summary",
      filters: { marketplace: "DE", metrics: ["revenue"] },
    }));
});

describe("competitors' reprices are their price changes", () => {
  it.each([
    ["have rivals repriced anything in Pet Supplies lately?", { category: "Pet Supplies" }],
    ["were there any reprices on B0PSDOGT01 this week", { asin: "B0PSDOGT01" }],
  ])("%j is price_changes", (q, filters) => expectFrame([q], { intent: "price_changes", filters }));
  it("what they charge now stays competitor pricing", () =>
    expectFrame(["what are competitors charging for B0PSDOGT01"], { intent: "competitor_pricing" }));
});

describe("a period over another is compared with it", () => {
  it.each([
    ["did revenue go up in October over September", { timeframe: "2026-10", compare_to: "2026-09" }],
    ["did units sold rise q2 over q1 in Germany", { timeframe: "2026-Q2", compare_to: "2026-Q1", marketplace: "DE" }],
  ])("%j is sales_comparison", (q, filters) => expectFrame([q], { intent: "sales_comparison", filters }));
  it("a figure over one stretch is its total, set against nothing", () => {
    expectFrame(["revenue over the last 3 months"], {
      intent: "sales_summary",
      filters: { timeframe: "last_3_months" },
    });
    expect(understand("revenue over the last 3 months")?.filters.compare_to).toBeUndefined();
  });
});
