// Classes of fault in intent rules, metrics, campaigns, settings and follow-ups that blind held-out splits showed,
// each over phrasings of its own (none of them a held-out question), with neighbours a fix must leave alone.
import { describe, expect, it } from "vitest";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";
import { frameChecks } from "../helpers/nlu-frames.js";

const subcategories = new Map<string, string>();
for (const p of FIXTURE_CATALOG.products)
  if (!subcategories.has(p.subcategory)) subcategories.set(p.subcategory, p.category);
const catalog = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: [...subcategories].map(([name, category]) => ({ name, category })),
  campaigns: FIXTURE_CATALOG.campaigns,
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};
const { understand, expectFrame } = frameChecks(catalog);
/** Filters the understanding must not have. */
const expectWithout = (questions: string[], keys: string[]) => {
  const u = understand(...questions);
  expect(u, questions.join(" / ")).toBeDefined();
  for (const key of keys) expect(u!.filters[key], `${questions.join(" / ")}: ${key}`).toBeUndefined();
};

describe("a campaign is the catalog's name, not the word before it", () => {
  it.each([
    ["Is my Dog Toys - Exact spending too much? acos this week", "Dog Toys - Exact"],
    ["Our Yoga Mats - Broad looks costly, what's its ACoS in the UK", "Yoga Mats - Broad"],
    ["What's Kitchen Utensils - Auto done on roas since October?", "Kitchen Utensils - Auto"],
    ["How's Garden Hoses - Exact getting on with acos?", "Garden Hoses - Exact"],
  ])("%j", (question, campaign) => {
    expect(understand(question)?.filters.campaign).toBe(campaign);
  });
});

describe("marketplaces said aloud or in a terse list", () => {
  it.each([
    ["units sold on amazon dot de last week", "DE"],
    ["profit on amazon dot co dot uk this month", "UK"],
    ["orders this quarter on amazon dot fr", "FR"],
    ["top 3 by units, us, this quarter", "US"],
    ["refund rate last month, us", "US"],
  ])("%j", (question, marketplace) => {
    expect(understand(question)?.filters.marketplace).toBe(marketplace);
  });

  it.each([["send the report to us, thanks, revenue last week"], ["how did our products do for us last month"]])(
    "the pronoun stays a pronoun: %j",
    (question) => expectWithout([question], ["marketplace"]),
  );
});

describe("follow-ups that let a filter go or keep the question", () => {
  it.each<[string[]]>([
    [["profit in France this quarter", "and across all markets?"]],
    [["ad spend by campaign in Spain last week", "remove the Spain filter please"]],
    [["units sold in the UK yesterday", "what about every marketplace"]],
    [["refunds in Italy this month", "clear the country filter"]],
  ])("no marketplace kept: %j", (questions) => expectWithout(questions, ["marketplace"]));

  it("a new place still replaces the old one", () =>
    expectFrame(["profit in France this quarter", "and over in Germany then?"], {
      intent: "sales_summary",
      filters: { marketplace: "DE", timeframe: "this_quarter" },
    }));

  it.each<[string[]]>([
    [["revenue in Germany during week 45", "different question: how is my buy box on B0SOYOGA01"]],
    [["orders in Spain yesterday", "ok diff q, what's the tacos this month"]],
  ])("a new subject keeps nothing: %j", (questions) => expectWithout(questions, ["marketplace"]));

  it.each<[string[], Expected]>([
    [
      ["acos for each campaign in the US last week", "just the ones sitting over 40%"],
      { intent: "acos_by_campaign", filters: { conditions: [{ metric: "acos", op: ">", value: 40 }] } },
    ],
    [
      ["refund rate for every product since July", "filter to anything above 6%"],
      { intent: "refund_analysis", filters: { conditions: [{ metric: "refund_rate", op: ">", value: 6 }] } },
    ],
    [
      ["return rate for each product in the UK this month", "n broken down per category?"],
      { intent: "refund_analysis", filters: { group_by: "category", marketplace: "UK" } },
    ],
    [
      ["this week's profit against last week", "and in orders? the boss only looks at volume"],
      { intent: "sales_comparison", filters: { compare_to: "last_week", metrics: ["orders"] } },
    ],
    [
      ["top 3 products by units in Canada last month", "ok and buy revenue"],
      { intent: "top_products", filters: { limit: 3, metrics: ["revenue"], marketplace: "CA" } },
    ],
  ])("%j", (questions, want) => expectFrame(questions, want));

  it("a stock threshold still asks about stock", () =>
    expectFrame(["acos for each campaign in the US last week", "which skus have over 90 days of cover"], {
      intent: "excess_inventory",
      filters: { conditions: [{ metric: "days_of_supply", op: ">", value: 90 }] },
    }));
  it("buying more stock is no ranking", () =>
    expect(understand("my buy box share for the past few days")?.filters.metrics).toEqual(["buy_box_percentage"]));
});

describe("metrics in sellers' shorthand and words", () => {
  it.each<[string, Expected]>([
    [
      "pv and sessions for B0PSDOGT01 last week",
      { intent: "conversion_analysis", filters: { metrics: ["page_views"] } },
    ],
    ["DoS by sku in Germany", { intent: "inventory_levels", filters: { metrics: ["days_of_supply"] } }],
    ["biggest growers in Toys & Games this quarter", { intent: "top_products", filters: { metrics: ["growth_rate"] } }],
    [
      "what's selling? worst 4 by profit in the last 60 days",
      { intent: "top_products", filters: { metrics: ["profit"], limit: 4, sort: "asc" } },
    ],
    [
      "products going nowhere, honestly. bottom 5 by units this month",
      { intent: "top_products", filters: { metrics: ["units_sold"], limit: 5, sort: "asc" } },
    ],
    [
      "we're deciding what to reorder - rank our products by profit margin this year",
      { intent: "top_products", filters: { metrics: ["profit_margin"], sort: "desc" } },
    ],
    [
      "thinking of dropping one of my categories. which has the thinnest margin in France?",
      { intent: "profit_margin_by_category", filters: { metrics: ["profit_margin"], sort: "asc" } },
    ],
    [
      "which asins end up net negative after fees and ads this quarter",
      { intent: "profit_breakdown", filters: { metrics: ["profit"], sort: "asc" } },
    ],
    [
      "cash is tight. which of my products are losing us money?",
      { intent: "profit_breakdown", filters: { metrics: ["profit"], sort: "asc" } },
    ],
    [
      "which listings in Spain haven't shifted a single unit in the last 45 days",
      { intent: "excess_inventory", filters: { conditions: [{ metric: "units_sold", op: "=", value: 0 }] } },
    ],
    [
      "was yesterday even a sales day? how many orders came in on amazon.de",
      { intent: "sales_summary", filters: { metrics: ["orders"] } },
    ],
    [
      "unit count for October against September",
      { intent: "sales_comparison", filters: { metrics: ["units_sold"], compare_to: "2026-09" } },
    ],
    [
      "show the days of supply column for every product we have in stock",
      { intent: "inventory_levels", filters: { metrics: ["days_of_supply"] } },
    ],
    ["ad spend last month by mkt", { intent: "advertising_summary", filters: { group_by: "marketplace" } }],
    [
      "what's the by box share on my listings",
      { intent: "buy_box_share", filters: { metrics: ["buy_box_percentage"] } },
    ],
  ])("%j", (question, want) => expectFrame([question], want));

  it.each<[string, Expected]>([
    ["top 5 growing products by revenue", { intent: "top_products", filters: { metrics: ["growth_rate", "revenue"] } }],
    ["did sales drop this week", { intent: "top_products", filters: { metrics: ["growth_rate"] } }],
    ["how many units do I have in stock", { intent: "inventory_levels", filters: { metrics: ["available_quantity"] } }],
    ["sales day by day this week", { intent: "sales_trend", filters: { group_by: "day" } }],
    ["how much is all the inventory I hold worth", { intent: "inventory_value" }],
  ])("a neighbour keeps its meaning: %j", (question, want) => expectFrame([question], want));
});

describe("settings told in shorthand, as wishes, or two at once", () => {
  it.each<[string, Record<string, unknown>]>([
    ["raise my safety stock to 10d", { safety_stock_days: 10 }],
    ["lead time 8w now", { lead_time_days: 56 }],
    ["target acos we'd like 22%", { target_acos: 22 }],
    ["show everything in euros from now on, and set my lead time to 40 days", { currency: "EUR", lead_time_days: 40 }],
    ["numbers displayed in Swedish krona going forward", { currency: "SEK" }],
    ["please report in pounds from now on, gbp", { currency: "GBP" }],
  ])("%j", (question, settings) => expectFrame([question], { intent: "update_settings", filters: { settings } }));

  it.each([["what safety stock have I configured"], ["target acos"]])(
    "naming a setting only shows it: %j",
    (question) => expectFrame([question], { intent: "show_settings" }),
  );
  it("a figure shown in a currency is still the figure", () =>
    expectFrame(["last week's profit shown in euros"], { intent: "sales_summary" }));
});

describe("intents in a seller's words", () => {
  it.each<[string, Expected]>([
    [
      "for the weekly review I need Office Products profit and orders, last week",
      { intent: "sales_summary", filters: { metrics: ["profit", "orders"], category: "Office Products" } },
    ],
    [
      "is anyone pricing below me by a big margin on amazon.de?",
      { intent: "competitor_pricing", filters: { marketplace: "DE" } },
    ],
    ["any easy wins worth going after this month?", { intent: "insights", filters: { insight_type: "opportunities" } }],
    [
      "what might ruin my business next year? give me everything",
      { intent: "insights", filters: { insight_type: "risks" } },
    ],
    [
      "we carry nine products in four categories - which single one made the most profit last quarter?",
      { intent: "top_products", filters: { limit: 1, metrics: ["profit"] } },
    ],
    [
      "how many we have to reorder for HK-COOK-01",
      { intent: "restock_recommendations", filters: { sku: "HK-COOK-01" } },
    ],
  ])("%j", (question, want) => expectFrame([question], want));

  it.each<[string, Expected]>([
    ["monthly units sold since january", { intent: "sales_trend", filters: { group_by: "month" } }],
    ["top 6 products by profit in Italy", { intent: "top_products", filters: { limit: 6 } }],
  ])("a neighbour keeps its meaning: %j", (question, want) => expectFrame([question], want));
  it("a count the seller owns is no limit", () =>
    expectWithout(["I've got 12 skus across 3 markets, which sold best last month?"], ["limit"]));
});
