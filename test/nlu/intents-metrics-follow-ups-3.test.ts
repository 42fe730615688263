// Intents, metrics and follow-ups (classes from blind splits 37 to 39): replies that only move the scope, money taken
// in a store's words, currency commands with a tail, standing against rivals at a depth, losses net of costs, one fee
// named beside a charge, being ahead of the others, paperwork's cadence, reviews that thin out, how much of one
// product is held, and holes in the range next to rivals. Every phrasing is our own, none a held-out question.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { understand, expectFrame } = frameChecks();

describe("a reply that only moves the scope keeps the question", () => {
  it.each([
    [
      ["what was my ACoS in Germany over the last 10 days", "every marketplace please"],
      { intent: "advertising_summary", filters: { timeframe: "last_10_days", metrics: ["acos"], marketplace: null } },
    ],
    [
      ["orders in Spain this week", "all the marketplaces, my accountant needs one number"],
      { intent: "sales_summary", filters: { timeframe: "this_week", metrics: ["orders"], marketplace: null } },
    ],
    [
      ["revenue this month vs last month", "just Toys & Games, my business partner asked"],
      { intent: "sales_comparison", filters: { compare_to: "last_month", category: "Toys & Games" } },
    ],
    [
      ["which products run out in the next 3 weeks", "same check for Office Products, Germany only"],
      { intent: "stockout_risk", filters: { horizon_days: 21, category: "Office Products", marketplace: "DE" } },
    ],
    [
      ["how much did the UK shop bring in last month", "same again for France"],
      { intent: "sales_summary", filters: { timeframe: "last_month", metrics: ["revenue"], marketplace: "FR" } },
    ],
  ])("%j", (questions, want) => {
    const { intent, filters } = want as { intent: string; filters: Record<string, unknown> };
    const rest = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== null));
    expectFrame(questions, { intent, filters: rest });
    for (const [key, value] of Object.entries(filters))
      if (value === null) expect(understand(...questions)?.filters[key], key).toBeUndefined();
  });
  it("a reply with a subject of its own starts afresh", () =>
    expectFrame(["revenue in Spain last week", "stock levels in France"], { intent: "inventory_levels" }));
});

describe("money a store pulled or raked in is its takings", () => {
  it.each([
    ["what the French shop raked in yesterday"],
    ["how much have we pulled in this quarter"],
    ["how much did the pet range rake in last week"],
  ])("%j", (q) => expectFrame([q], { intent: "sales_summary", filters: { metrics: ["revenue"] } }));
  it("pulling in the latest data stays a sync", () =>
    expectFrame(["pull in the latest data from amazon"], { intent: "refresh_data" }));
});

describe("a currency command with a scope or a time after it sets the currency", () => {
  it.each([
    ["switch to pounds for all my reports", "GBP"],
    ["from now on use dollars", "USD"],
    ["use yen for everything going forward", "JPY"],
  ])("%j", (q, currency) => expectFrame([q], { intent: "update_settings", filters: { settings: { currency } } }));
  it("a currency named in a question about figures sets nothing", () =>
    expectFrame(["revenue in euros last month"], { intent: "sales_summary" }));
});

describe("where the seller stands against rivals, at a depth, is the competitor insight", () => {
  it.each([
    ["how do we stack up against competing sellers? in depth please", "detailed"],
    ["where does my brand stand against the competition, comprehensive", "comprehensive"],
  ])("%j", (q, detail_level) =>
    expectFrame([q], { intent: "insights", filters: { insight_type: "competitor_analysis", detail_level } }),
  );
  it("what rivals sell and the seller does not stays the catalog gaps", () =>
    expectFrame(["which product types do rivals sell that I don't"], { intent: "catalog_gaps" }));
});

describe("a loss net of costs ranks by profit, the lowest first", () => {
  it.each([
    ["which items are in the red after fees and cost of goods"],
    ["what's burning cash once ppc and fees are taken off"],
    ["show me products losing cash net of COGS"],
  ])("%j", (q) => expectFrame([q], { intent: "profit_breakdown", filters: { metrics: ["profit"], sort: "asc" } }));
});

describe("one fee named beside a charge is that fee alone", () => {
  it.each([
    ["how much has amazon charged me for FBA fees this quarter", "fba_fees"],
    ["what did amazon charge us in referral fees last month", "referral_fees"],
  ])("%j", (q, fee) => {
    expectFrame([q], { intent: "profit_breakdown", filters: { metrics: [fee] } });
    expect(understand(q)?.filters.metrics).not.toContain("fees");
  });
  it("a charge with no fee named is the fees", () =>
    expectFrame(["what has amazon charged me in total this year"], {
      intent: "profit_breakdown",
      filters: { metrics: ["fees"] },
    }));
});

describe("being ahead of the others ranks products", () => {
  it.each([
    ["which Toys & Games items led the way on units last month"],
    ["which products came out on top for revenue this year"],
    ["which listings topped the table on orders in October"],
  ])("%j", (q) => expectFrame([q], { intent: "top_products", filters: { sort: "desc" } }));
});

describe("paperwork's cadence is no breakdown by period", () => {
  it.each([
    ["revenue in Germany for September, I'm updating the monthly accounts"],
    ["orders in Spain for March, I'm preparing the monthly numbers"],
  ])("%j", (q) => {
    expectFrame([q], { intent: "sales_summary" });
    expect(understand(q)?.filters.group_by).toBeUndefined();
  });
  it("figures asked per quarter are still a series", () =>
    expectFrame(["quarterly revenue for 2025"], { intent: "sales_trend", filters: { group_by: "quarter" } }));
});

describe("reviews that thin out are declining reviews", () => {
  it.each([
    ["are the reviews on my yoga mat tapering off"],
    ["which listings have reviews petering out"],
    ["is my review flow tailing off in Germany"],
  ])("%j", (q) => expectFrame([q], { intent: "declining_reviews" }));
  it("an unusual drop in another figure stays an anomaly", () =>
    expectFrame(["any unusual drop in sessions yesterday"], { intent: "anomalies" }));
});

describe("how much of one product is held somewhere is its stock on hand", () => {
  it.each([
    ["how many of B0TGPUZZ01 are held in Germany right now"],
    ["how much of SO-YOGA-01 is sitting in the UK today"],
  ])("%j", (q) => expectFrame([q], { intent: "inventory_levels" }));
  it("stock sitting unsold for ages stays overstock", () =>
    expectFrame(["what's been sitting in the warehouse for ages"], { intent: "excess_inventory" }));
});

describe("holes in the range next to rivals are catalog gaps", () => {
  it.each([
    ["any gaps in my Office Products range next to what competitors stock"],
    ["holes in my lineup compared to what other sellers carry"],
  ])("%j", (q) => expectFrame([q], { intent: "catalog_gaps" }));
  it("rivals' prices stay competitor pricing", () =>
    expectFrame(["are rivals cheaper than me on Pet Supplies"], { intent: "competitor_pricing" }));
});
