// Sellers who write English as a second language, about stock, returns, settings and insights: "how much must I
// order" and "refill" ask for a restock, stock "sleeping" or that "stayed too long" in a warehouse is overstock,
// "devolutions" are returns, "the one that gives me more" and "the poorest of them all" pick one row, "what could I do
// to win more money" asks for opportunities, "something rare" is an anomaly, "brake down" is "break down", "dont sell
// nothing" still means no sales, "wetin you fit do" asks for help and a setting changed "into" a value is updated.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a learner's restock question: how much must I order, what to refill", () => {
  it.each([
    ["how much must I order for TG-PUZZ-01"],
    ["how much I must order from the factory for TG-PUZZ-01"],
    ["what must we refill in the UK"],
    ["which items do I need to refill first"],
    ["how many must I order at the supplier for B0HKCOOK01"],
  ])("%j is restock_recommendations", (q) => expectFrame([q], { intent: "restock_recommendations" }));
  it("a placed order still reads as a restock date", () =>
    expectFrame(["until when I must place the order to supplier for B0PSDOGT01?"], {
      intent: "restock_recommendations",
    }));
  it("orders counted stay a sales figure", () =>
    expect(understand("how many orders did I get last week")?.intent).not.toBe("restock_recommendations"));
});

describe("stock sleeping or staying too long in a warehouse is overstock", () => {
  it.each([
    ["which items are sleeping in the Spanish warehouse"],
    ["show me the stock that has stayed too long in the German warehouse"],
    ["what is sleeping in my warehouse"],
    ["which products overstay at the FBA warehouse"],
  ])("%j is excess_inventory", (q) => expectFrame([q], { intent: "excess_inventory" }));
  it.each([["show me the stock in the UK warehouse"], ["how much stock is in the warehouse"]])(
    "%j stays inventory_levels",
    (q) => expectFrame([q], { intent: "inventory_levels" }),
  );
});

describe("devolutions are returns", () => {
  it.each([
    ["which products have more than 8% of devolutions", 8],
    ["show the items with devolutions above 15%", 15],
  ])("%j is refund_analysis with a refund rate condition", (q, value) =>
    expectFrame([q], { intent: "refund_analysis", conditions: [{ metric: "refund_rate", op: ">", value }] }),
  );
  it("a single devolution is a return too", () =>
    expectFrame(["what is my rate of devolution this month"], { intent: "refund_analysis" }));
});

describe("one row picked: the one that gives more, the poorest of them all", () => {
  it.each([
    ["which of my categories is the one that gives me more profit margin"],
    ["Q2: which category had the best margin of them all"],
    ["which category has the lowest margin of all of them"],
  ])("%j is profit_margin_by_category, limit 1", (q) =>
    expectFrame([q], { intent: "profit_margin_by_category", limit: 1 }),
  );
  it("which campaign is the one with less acos picks one", () =>
    expectFrame(["which campaign is the one with less acos"], { intent: "acos_by_campaign", limit: 1 }));
  it("a comparison with a period is no pick", () =>
    expect(understand("which one has more sales than last month")?.filters.limit).toBeUndefined());
  it("several products named stay several", () =>
    expect(understand("which products had the best margin of them all")?.filters.limit).toBeUndefined());
});

describe("what to do to win more money asks for opportunities", () => {
  it.each([
    ["What could I do to win more money in Germany?"],
    ["how can I win more money in Spain"],
    ["how to win more money on Amazon"],
  ])("%j is insights, opportunities", (q) => expectFrame([q], { intent: "insights", insight_type: "opportunities" }));
});

describe("something rare is an anomaly", () => {
  it.each([["was there something rare last week in Germany?"], ["anything rare in my sales yesterday"]])(
    "%j is anomalies",
    (q) => expectFrame([q], { intent: "anomalies" }),
  );
});

describe("brake down is break down", () => {
  it.each([
    ["brake down the worth of my stock by category"],
    ["please brake it down the value of my stock per category"],
  ])("%j is inventory_value by category", (q) => expectFrame([q], { intent: "inventory_value", group_by: "category" }));
});

describe("a double negative still means no sales", () => {
  it.each([
    ["keywords that consume budget and don't sell nothing"],
    ["which search terms consume my budget and sell nothing"],
    ["the keywords that dont sell nothing in Yoga Mats - Broad"],
  ])("%j is wasted_ad_spend", (q) => expectFrame([q], { intent: "wasted_ad_spend" }));
});

describe("Pidgin help and a setting changed into a value", () => {
  it.each([["wetin you fit do?"], ["wetin I fit ask you?"]])("%j is help", (q) => expectFrame([q], { intent: "help" }));
  it.each([
    ["change safety stock days setting into 14", { safety_stock_days: 14 }],
    ["please put the lead time into 30 days", { lead_time_days: 30 }],
  ])("%j is update_settings", (q, settings) => expectFrame([q], { intent: "update_settings", settings }));
  it("asking for the settings stays show_settings", () =>
    expectFrame(["what is my safety stock setting"], { intent: "show_settings" }));
});
