// Sellers who write English as a second language, about stock, reviews, alerts and settings: their own word order
// ("how much I must send", "my objective of acos") and word choice ("finish" for run out, "divided for" for "by",
// "for cover 90 days", "more of 200 days", "less people write reviews", "peak or fall", an "alarm" or "write me a
// notification" for an alert, "objective" for target, the product told by what it is before its code) are understood
// as a native speaker's words would be; clocks' alarms, sums and poems stay refused. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("stock that will finish runs out", () => {
  it.each([
    ["which products will finish in the next 2 weeks?", { horizon_days: 14 }],
    ["what is going to finish first in Germany?", { marketplace: "DE" }],
    ["the stock of SO-YOGA-01 will finish in next 10 days?", { sku: "SO-YOGA-01", horizon_days: 10 }],
    ["in Pet Supplies what is almost finished?", { category: "Pet Supplies" }],
    ["which articles finish the stock before one month in France?", { marketplace: "FR" }],
  ])("%j is stockout_risk", (q, filters) => expectFrame([q], { intent: "stockout_risk", filters }));
  it("how the seller finished a month is no stock question", () => refused("how did I finish last month?"));
});

describe("a product told by what it is before its code is the seller's own", () => {
  it.each([
    ["how much days of cover I have for the yoga mat SO-YOGA-01?", { sku: "SO-YOGA-01", metrics: ["days_of_supply"] }],
    ["how many units I have of my puzzle TG-PUZZ-01 in the warehause?", { sku: "TG-PUZZ-01" }],
    ["what is the available stock of the desk organizer B0OPDESK01", { asin: "B0OPDESK01" }],
    ["how much stock of TG-PUZZ-01 I have", { sku: "TG-PUZZ-01" }],
  ])("%j is inventory_levels", (q, filters) => expectFrame([q], { intent: "inventory_levels", filters }));
  it.each([["write me a poem about the HK-COOK-01"], ["give me a recipe for cooking with my pan HK-COOK-01"]])(
    "%j is still invalid_query",
    refused,
  );
});

describe("a total divided for something is broken down by it", () => {
  it.each([
    ["inventory value divided for category", "inventory_value", { group_by: "category" }],
    ["the sales of last month divided for country", "sales_summary", { group_by: "marketplace" }],
    ["margins separated for subcategory this year", "profit_margin_by_category", { group_by: "subcategory" }],
  ])("%j is broken down", (q, intent, filters) => expectFrame([q], { intent, filters }));
  it.each([
    // Per week, the ad spend is drawn as its series, of the same figure.
    [
      ["the ad spend of last quarter", "and divided for week?"],
      "sales_trend",
      { group_by: "week", metrics: ["ad_spend"] },
    ],
    [
      ["the FBA fees and storage fees in 2025", "and divided by month?"],
      "profit_breakdown",
      { group_by: "month", metrics: ["fba_fees", "storage_fees"] },
    ],
  ])("%j keeps the question before and breaks it down", (qs, intent, filters) => expectFrame(qs, { intent, filters }));
  it("a sum stays refused", () => refused("what is 100 divided by 4"));
});

describe("a reorder for cover of a length looks that far ahead", () => {
  it.each([
    ["how much I must reorder for cover 90 days in Sports & Outdoors?", { horizon_days: 90 }],
    ["how many units to send for covering 2 months", { horizon_days: 60 }],
    ["what to restock for to cover the next 8 weeks", { horizon_days: 56 }],
    ["how much I need to send of the dog toy for cover 60 days?", { horizon_days: 60 }],
  ])("%j is restock_recommendations", (q, filters) => expectFrame([q], { intent: "restock_recommendations", filters }));
  it('a period said with "for" is still a period', () =>
    expectFrame(["which sales did I have for last 30 days"], {
      intent: "sales_summary",
      filters: { timeframe: "last_30_days" },
    }));
});

describe("more of or less of a number is a threshold", () => {
  it.each([
    [
      "which articles have more of 200 days of stock?",
      "excess_inventory",
      { metric: "days_of_supply", op: ">", value: 200 },
    ],
    [
      "what products have stock for more of 6 months?",
      "excess_inventory",
      { metric: "days_of_supply", op: ">", value: 180 },
    ],
    [
      "products with less of 10 units in stock",
      "inventory_levels",
      { metric: "available_quantity", op: "<", value: 10 },
    ],
    [
      "skus with less of 25 units left in Germany",
      "inventory_levels",
      { metric: "available_quantity", op: "<", value: 25 },
    ],
  ])("%j", (q, intent, condition) => expectFrame([q], { intent, filters: { conditions: [condition] } }));
  it("more of something with no number is no threshold", () =>
    expect(understand("which products should I order more of?")?.filters.conditions).toBeUndefined());
});

describe("fewer people writing reviews is the review count falling", () => {
  it.each([
    ["my reviews are going down? less people write reviews now", {}],
    ["customers don't leave reviews anymore on SO-YOGA-01, is it declining?", { sku: "SO-YOGA-01" }],
    ["fewer buyers give a review to my puzzle, why?", {}],
  ])("%j is declining_reviews by review_count", (q, filters) =>
    expectFrame([q], { intent: "declining_reviews", filters: { ...filters, metrics: ["review_count"] } }),
  );
  it("a falling rating is still the rating", () =>
    expectFrame(["is the rating of the puzzle TG-PUZZ-01 going down?"], {
      intent: "declining_reviews",
      filters: { metrics: ["review_rating"] },
    }));
});

describe("peaks or falls of a figure asked together are its anomalies", () => {
  it.each([
    ["there is some peak or fall of orders in last week?", { metrics: ["orders"], timeframe: "last_week" }],
    ["some spikes and falls of the ad spend yesterday?", { metrics: ["ad_spend"], timeframe: "yesterday" }],
    ["there was any drop or peak in my sales this week?", { timeframe: "this_week" }],
  ])("%j is anomalies", (q, filters) => expectFrame([q], { intent: "anomalies", filters }));
  it("the figure alone is still the figure", () =>
    expectFrame(["sessions yesterday"], { intent: "conversion_analysis" }));
});

describe("an alarm, or a notification written to the seller, is an alert", () => {
  it.each([
    ["when the acos of a campaign go more than 40% write me a notification", { metric: "acos", op: ">", value: 40 }],
    [
      "write me a message if the stock of PS-DOGT-01 go under 20 units",
      { metric: "available_quantity", op: "<", value: 20 },
    ],
    ["put an alarm if the refund rate go more than 5%", { metric: "refund_rate", op: ">", value: 5 }],
  ])("%j is create_alert", (q, condition) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [condition] } }),
  );
  it.each([["which alarms I have?"], ["list my alarms please"]])("%j is list_alerts", (q) =>
    expectFrame([q], { intent: "list_alerts" }),
  );
  it.each([["delete the alarm of acos"], ["remove all the alarms"]])("%j is delete_alert", (q) =>
    expectFrame([q], { intent: "delete_alert" }),
  );
  it.each([
    ["set an alarm for 7am"],
    ["set me an alarm in 20 minutes"],
    ["wake me up at 6 tomorrow"],
    ["which smoke alarm should I buy?"],
  ])("%j, a clock's or a shop's alarm, is invalid_query", refused);
  it("something alarming is still a risk", () =>
    expectFrame(["anything alarming in my data?"], { intent: "insights", filters: { insight_type: "risks" } }));
});

describe("an objective of ACoS is the target ACoS", () => {
  it.each([
    ["my objective of acos is 22%", 22],
    ["the acos objective now is 30 percent", 30],
  ])("%j is update_settings", (q, target) =>
    expectFrame([q], { intent: "update_settings", filters: { settings: { target_acos: target } } }),
  );
  it("the ACoS itself is still the advertising figure", () =>
    expectFrame(["what is my acos this month"], { intent: "advertising_summary" }));
});
