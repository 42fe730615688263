import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { expandTemplates } from "../../src/nlu/phrase-templates.js";
import type { Filters, Understanding } from "../../src/core/understanding.js";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";

const TODAY = "2026-11-21";
const catalog = {
  categories: FIXTURE_CATALOG.categories,
  subcategories: FIXTURE_CATALOG.products.map((p) => ({ name: p.subcategory, category: p.category })),
  campaigns: FIXTURE_CATALOG.campaigns,
  asins: FIXTURE_CATALOG.products.map((p) => p.asin),
  skus: FIXTURE_CATALOG.products.map((p) => p.sku),
};

function understand(question: string): Understanding {
  const outcome = parseQuestion(question, { catalog, today: TODAY });
  if ("error" in outcome) throw new Error(`not understood: ${question}: ${outcome.error.message}`);
  return outcome.understanding;
}
const filtersOf = (question: string): Filters => understand(question).filters;

const marketplaceFile = JSON.parse(readFileSync(new URL("../../data/marketplaces.json", import.meta.url), "utf8")) as {
  code: string;
  name: string;
  domain: string;
  aliases: string[];
}[];
const AMBIGUOUS = new Set(["us", "in", "it", "be", "es", "se", "sa", "ie", "ae"]);
const spellings = marketplaceFile.flatMap((m) =>
  [m.code, m.name, m.domain, ...m.aliases]
    .filter((s) => !AMBIGUOUS.has(s.toLowerCase()) || s === m.code)
    .map((s) => [m.code, s] as const),
);

describe("marketplaces", () => {
  it.each(spellings)("%s from %j", (code, spelling) => {
    expect(filtersOf(`total revenue in ${spelling} last month`).marketplace).toBe(code);
  });

  it.each([
    ["revenue in the States", "US"],
    ["sales in the US", "US"],
    ["revenue for the us", "US"],
    ["sales in America last week", "US"],
    ["sales in Britain", "UK"],
    ["sales in GB", "UK"],
    ["top products on amazon.co.uk", "UK"],
    ["German sales this month", "DE"],
    ["revenue on .de", "DE"],
    ["revenue in IT this year", "IT"],
    ["revenue in IN this year", "IN"],
  ])("%j is %s", (question, code) => {
    expect(filtersOf(question).marketplace).toBe(code);
  });

  it.each([
    "top products in the kitchen category",
    "show us the top products",
    "is revenue up this year or is it flat",
    "sales in all marketplaces",
  ])("%j names no marketplace", (question) => {
    expect(filtersOf(question).marketplace).toBeUndefined();
  });
});

describe("metrics and their synonyms", () => {
  it.each([
    ["total sales last month", "revenue"],
    ["revenue last month", "revenue"],
    ["units last month", "units_sold"],
    ["units sold last month", "units_sold"],
    ["orders last month", "orders"],
    ["profit last month", "profit"],
    ["margin last month", "profit_margin"],
    ["returns by product", "refund_rate"],
    ["refund rate by product", "refund_rate"],
    ["products by rating", "review_rating"],
    ["products by stars", "review_rating"],
    ["conversion rate by product", "conversion_rate"],
    ["unit session percentage by product", "conversion_rate"],
    ["sessions by product", "sessions"],
    ["page views by product", "page_views"],
    ["buy box percentage", "buy_box_percentage"],
    ["featured offer share", "buy_box_percentage"],
    ["advertising cost of sales by campaign", "acos"],
    ["acos by campaign", "acos"],
    ["spend by campaign", "ad_spend"],
    ["ad spend last month", "ad_spend"],
    ["ad sales last month", "ad_sales"],
    ["tacos last month", "tacos"],
    ["roas by campaign", "roas"],
    ["return on ad spend by campaign", "roas"],
    ["clicks by campaign", "clicks"],
    ["impressions by campaign", "impressions"],
    ["click through rate by campaign", "ctr"],
    ["cost per click by campaign", "cpc"],
    ["inventory value by category", "inventory_value"],
    ["days of supply by product", "days_of_supply"],
    ["fastest growing products", "growth_rate"],
  ])("%j ranks by %s", (question, metric) => {
    expect(filtersOf(question).metrics?.[0]).toBe(metric);
  });

  const metricFile = JSON.parse(readFileSync(new URL("../../data/nlu/metrics.json", import.meta.url), "utf8")) as {
    synonyms: { metric: string | null; phrases: string[] }[];
  };
  // One test per phrase of the file: a template stands for each phrase it makes (src/nlu/phrase-templates.ts), and
  // every one of them must work; the ones that do not are listed.
  const everySynonym = metricFile.synonyms.flatMap((s) =>
    s.metric ? s.phrases.map((template) => [s.metric!, template] as const) : [],
  );
  it.each(everySynonym)("every synonym in data/nlu/metrics.json works: %s from %j", (metric, template) => {
    const wrong = expandTemplates([template]).filter((phrase) => {
      const outcome = parseQuestion(`alert me when ${phrase} is above 5`, { catalog, today: TODAY });
      return !("understanding" in outcome && outcome.understanding.filters.conditions?.[0]?.metric === metric);
    });
    expect(wrong).toEqual([]);
  });
});

describe("other slots", () => {
  it.each([
    ["top 5 products by revenue", { limit: 5, sort: "desc" }],
    ["top ten products", { limit: 10, sort: "desc" }],
    ["my 20 lowest margin products", { limit: 20, sort: "asc", metrics: ["profit_margin"] }],
    ["what's my best seller", { limit: 1, sort: "desc" }],
    ["worst sellers last month", { sort: "asc" }],
    ["products with declining sales", { sort: "asc", metrics: ["growth_rate", "revenue"] }],
    ["revenue by category this year", { group_by: "category" }],
    ["sales per country this month", { group_by: "marketplace" }],
    ["daily revenue last 30 days", { group_by: "day" }],
    ["weekly units this year", { group_by: "week" }],
    ["monthly profit in 2025", { group_by: "month" }],
    ["campaigns with ACoS above 30%", { conditions: [{ metric: "acos", op: ">", value: 30 }] }],
    ["which keywords have a high ACoS", { group_by: "keyword", metrics: ["acos"] }],
    ["which campaigns have a high ACoS", { group_by: "campaign", metrics: ["acos"] }],
    [
      "alert me when any product has under 14 days of supply",
      { conditions: [{ metric: "days_of_supply", op: "<", value: 14 }] },
    ],
    ["products with less than 2 weeks of stock", { conditions: [{ metric: "days_of_supply", op: "<", value: 14 }] }],
    ["products with at least 90 days of supply", { conditions: [{ metric: "days_of_supply", op: ">=", value: 90 }] }],
    ["alert me if the rating falls below 4 stars", { conditions: [{ metric: "review_rating", op: "<", value: 4 }] }],
    ["bid recommendations to hit 25% ACoS", { target_acos: 25 }],
    ["suggest bids to get acos down to 20%", { target_acos: 20 }],
    ["set my lead time to 45 days", { settings: { lead_time_days: 45 } }],
    ["my target ACoS is 25%", { settings: { target_acos: 25 } }],
    ["set safety stock to 2 weeks", { settings: { safety_stock_days: 14 } }],
    ["change my currency to eur", { settings: { currency: "EUR" } }],
    ["competitor prices for b08n5wrwnw", { asin: "B08N5WRWNW" }],
    ["restock for sku HK-COOK-01", { sku: "HK-COOK-01" }],
    ["acos for Yoga Mats - Broad", { campaign: "Yoga Mats - Broad" }],
    ["acos for the kitchen utensils exact campaign", { campaign: "Kitchen Utensils - Exact" }],
  ])("%j has %j", (question, expected) => {
    expect(filtersOf(question)).toMatchObject(expected);
  });

  it.each([
    ["top products in the kitchen category", "Home & Kitchen"],
    ["sales of toys", "Toys & Games"],
    ["stockout risk for pet supplies", "Pet Supplies"],
    ["margin in beauty", "Beauty & Personal Care"],
    ["office products revenue", "Office Products"],
    ["sports and outdoors revenue", "Sports & Outdoors"],
    ["revenue of Home & Kitchen", "Home & Kitchen"],
    ["revenue of dog toys", "Pet Supplies"],
  ])("%j is in the category %s", (question, category) => {
    expect(filtersOf(question).category).toBe(category);
  });

  it.each([
    ["top 5 prodcts by revnue last mnth", "top_products", { limit: 5, metrics: ["revenue"], timeframe: "last_month" }],
    ["TOTAL SALES IN GERMNAY YESTERDAY", "sales_summary", { marketplace: "DE", timeframe: "yesterday" }],
    ["uh so like what were my sales last week or whatever", "sales_summary", { timeframe: "last_week" }],
    ["please could you show me the inventroy value by category thanks", "inventory_value", { group_by: "category" }],
    [
      "I was wondering, since things have been slow lately, which of my products in the US have had the most returns over the past quarter",
      "refund_analysis",
      { marketplace: "US", timeframe: "last_3_months", metrics: ["refund_rate"] },
    ],
  ])("tolerates real typing: %j", (question, intent, expected) => {
    const u = understand(question);
    expect(u.intent).toBe(intent);
    expect(u.filters).toMatchObject(expected);
  });

  it("explains itself in one sentence", () => {
    expect(understand("top 5 products by revenue in the US last 30 days").interpretation).toBe(
      "Top 5 products by revenue in the US, last 30 days",
    );
    expect(understand("campaigns with acos above 30% last month").interpretation).toBe(
      "Campaigns (ACoS) where ACoS above 30%, last month",
    );
  });

  it("fills the contract's object", () => {
    const u = understand("top 5 products by revenue in the US last 30 days");
    expect(u).toMatchObject({ intent: "top_products", area: "performance", source: "parser" });
    expect(u.confidence).toBeGreaterThan(0.5);
    expect(u.confidence).toBeLessThanOrEqual(1);
    expect(u.filters).toEqual({
      timeframe: "last_30_days",
      date_range: { start: "2026-10-22", end: "2026-11-20" },
      marketplace: "US",
      metrics: ["revenue"],
      limit: 5,
      sort: "desc",
    });
  });
});
