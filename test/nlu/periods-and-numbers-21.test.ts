// Periods and numbers, twenty-first set: the filters of a seller writing English as a second language, and of a
// message that tells why it asks. A learner's order from "the most weak to the strong", a figure that "drops the
// most", a setting put "for 18%" or a currency "in euros", an ACoS told first and called the target after, stock
// wanted "to have enough for 90 days" or asked "is enough for how many days", a level a product "stays less than" in
// "pieces", a breakdown "split on categories", and the stock's value ranked as "the most inventory value" all say
// what a native phrasing says. A meeting told as the reason ("I've got a supplier meeting on Monday and want…") is
// when the answer is used, not the period asked about. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a learner's order from the weak end starts at the lowest", () => {
  it.each([
    ["rank my Toys & Games items by profit from the most weak to the most strong", "asc"],
    ["list the SKUs by orders, from weak to strong", "asc"],
    ["Beauty products by units, most weak to strongest", "asc"],
    // The strong end first starts at the highest, as before.
    ["products by revenue from strongest to weakest", "desc"],
    ["products by revenue from the most strong to the most weak", "desc"],
  ])("%j is %s", (q, sort) => expectFrame([q], { intent: "top_products", filters: { sort } }));
});

describe("a figure that falls the most ranks by its decline", () => {
  it.each([
    ["which 4 ASINs drop the most in revenue since August?", { limit: 4 }],
    ["what products decreased the most in units this year", {}],
    ["which items went down the most in sales in Germany last month", { marketplace: "DE" }],
    ["the products whose orders fall most this quarter", {}],
  ])("%j is growth ascending", (q, filters) =>
    expectFrame([q], { intent: "top_products", filters: { ...filters, metrics: ["growth_rate"], sort: "asc" } }),
  );
  it.each([
    // Selling the most is no decline; rising the most is growth from the top.
    ["which products sold the most last month", { metrics: ["revenue"], sort: "desc" }],
    ["which products grew the most this quarter", { metrics: ["growth_rate"], sort: "desc" }],
  ])("%j keeps its order", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
});

describe("a meeting told as the reason leaves the request its own period", () => {
  it.each([
    [
      "we've got a call with our investor tomorrow and need the profit for last quarter",
      "sales_summary",
      { timeframe: "last_quarter", metrics: ["profit"] },
    ],
    [
      "I'm meeting the accountant on Friday and I want the refunds for September in Germany",
      "refund_analysis",
      { timeframe: "2026-09", marketplace: "DE" },
    ],
    [
      "Hello! We have a board meeting next week and I'd like the UK ad spend for last month, thanks",
      "advertising_summary",
      { timeframe: "last_month", marketplace: "UK" },
    ],
    [
      "I have a supplier review on Thursday and need the Toys & Games units for October. Can you get that?",
      "sales_summary",
      { timeframe: "2026-10", category: "Toys & Games" },
    ],
  ])("%j", (q, intent, filters) => expectFrame([q], { intent, filters }));
  // A letter's sign-off after the request ("Best,\nJen") judges nothing: "best" there ranks no rows.
  it.each([
    ["Hello,\n\nI have a call with the bank on Friday and need the profit for October.\n\nBest,\nSam"],
    ["I'm meeting my investor tomorrow and want the profit for October. Kind regards, Sam Lee"],
  ])("%j keeps the request's period after a sign-off", (q) => {
    expectFrame([q], { intent: "sales_summary", filters: { timeframe: "2026-10", metrics: ["profit"] } });
    expect(understand(q)?.filters.sort).toBeUndefined();
  });
  // Without its sign-off, a change to the campaign's budget is still a change made on Amazon.
  it.each([
    ["Hey, could you increase the budget for Dog Toys - Exact up to $35 a day? Cheers, Mo"],
    ["please raise the budget of Dog Toys - Exact over $60"],
  ])("%j is invalid_query", refused);
  it("best sellers at the end are still ranked", () =>
    expectFrame(["which products sold best? best sellers"], { intent: "top_products", filters: { sort: "desc" } }));
  // The day asked of in the question itself stays the period.
  it("a day asked of after the meeting is the period", () =>
    expectFrame(["I'm meeting the accountant on Friday, what were my sales on Friday?"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-11-20" },
    }));
});

describe("a setting given in a learner's words is changed", () => {
  it.each([
    ["make the target acos for 25 percent", { target_acos: 25 }],
    ["change my lead time for 40 days", { lead_time_days: 40 }],
    ["please currency in pounds and lead time 30 days", { currency: "GBP", lead_time_days: 30 }],
    ["buffer stock 10 days and the currency in dollars", { safety_stock_days: 10, currency: "USD" }],
  ])("%j is update_settings", (q, settings) => expectFrame([q], { intent: "update_settings", filters: { settings } }));
  it.each([
    // A question about the setting, or a count after "for", changes nothing.
    ["is my currency in euros?"],
    ["lead time for 3 products?"],
    ["which currency do I use"],
  ])("%j is show_settings", (q) => expectFrame([q], { intent: "show_settings" }));
});

describe("an ACoS told first and called the target is the target", () => {
  it.each([
    ["ACoS 30% is my goal, which bids should I lower?", 30],
    ["acos of 18 percent as target - what should my bids be", 18],
  ])("%j aims at %d", (q, target_acos) =>
    expectFrame([q], { intent: "bid_recommendations", filters: { target_acos } }),
  );
  // An ACoS told as it is now is no target.
  it("the ACoS as it is sets no target", () =>
    expect(understand("acos is 30% right now, which bids to lower")?.filters.target_acos).toBeUndefined());
});

describe("stock wanted to be enough for a length looks ahead that far", () => {
  it.each([
    ["what to reorder in Pet Supplies so we have enough for 6 weeks", { category: "Pet Supplies", horizon_days: 42 }],
    ["restock plan so there is enough stock for 45 days in the UK", { marketplace: "UK", horizon_days: 45 }],
    ["how many units of OP-DESK-01 to order to have enough for 2 months", { sku: "OP-DESK-01", horizon_days: 60 }],
  ])("%j is a restock horizon", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
  // Stock that already has enough for a length is a threshold on its cover, no horizon.
  it("stock that has enough asks no horizon", () =>
    expect(understand("which products have enough stock for 30 days")?.filters.horizon_days).toBeUndefined());
});

describe("stock asked to be enough for how long is its days of supply", () => {
  it.each([
    ["each SKU in Germany, the inventory is enough for how many weeks?", { marketplace: "DE" }],
    ["for how many weeks is my inventory enough?", {}],
    ["my stock is enough for how many days", {}],
  ])("%j", (q, filters) =>
    expectFrame([q], { intent: "inventory_levels", filters: { ...filters, metrics: ["days_of_supply"] } }),
  );
});

describe("a product that stays under a count of pieces is at that stock", () => {
  it.each([
    ["notify me when OP-DESK-01 remains below 15 pcs", "OP-DESK-01", 15],
    ["alert when SO-YOGA-01 stays under 30 units", "SO-YOGA-01", 30],
    ["make an alarm if OP-DESK-01 stay less than 8 pieces", "OP-DESK-01", 8],
  ])("%j", (q, sku, value) =>
    expectFrame([q], {
      intent: "create_alert",
      filters: { sku, conditions: [{ metric: "available_quantity", op: "<", value }] },
    }),
  );
  it("pieces sold in a week stay units sold", () =>
    expectFrame(["alert me if SO-YOGA-01 sells less than 30 pieces in a week"], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "units_sold", op: "<", value: 30 }] },
    }));
});

describe("a breakdown split on or divided in a dimension is that breakdown", () => {
  it.each([
    ["ad spend split on marketplaces this month", "marketplace"],
    ["profit divided in categories for Q3", "category"],
    ["inventory value separated on countries", "marketplace"],
    ["units sold last month grouped on category", "category"],
  ])("%j is by %s", (q, group_by) => expect(understand(q)?.filters.group_by).toBe(group_by));
});

describe("the stock's value ranked is the value, not the units", () => {
  it.each([
    ["which overstocked products have the most stock value", "excess_inventory", "desc"],
    ["which 3 products have the most inventory value", "inventory_value", "desc"],
    ["which products have the least stock value", "inventory_value", "asc"],
  ])("%j", (q, intent, sort) => expectFrame([q], { intent, filters: { metrics: ["inventory_value"], sort } }));
  // The most stock alone is still the units on hand.
  it("the most stock is the units", () =>
    expectFrame(["which SKUs have the most stock"], {
      intent: "inventory_levels",
      filters: { metrics: ["available_quantity"], sort: "desc" },
    }));
});
