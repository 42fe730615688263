// Literal answers in the shapes answer() returns (src/analytics/results), one per kind
// of primary table, for testing the renderers without a mirror. Rows may leave fields out.
import type { Understanding } from "../../src/core/understanding.js";
import type { RenderableAnswer } from "../../src/render/renderable-answer.js";

function understanding(
  intent: Understanding["intent"],
  area: Understanding["area"],
  filters: Understanding["filters"],
  interpretation: string,
): Understanding {
  return { intent, area, confidence: 0.95, filters, interpretation };
}

function sample(primaryKey: string, u: Understanding, result: Record<string, unknown>): RenderableAnswer {
  return {
    primaryKey,
    understanding: u,
    sql: ['select "asin", sum("revenue") from "sales_traffic_daily" where "date" between ? and ? group by "asin"'],
    body: {
      request_id: "req_test",
      result,
      metadata: {
        processing_time: "0.004s",
        data_freshness: "2026-11-20T23:59:59Z",
        query_understanding: u,
        conversation_id: "conv_test",
      },
    },
  };
}

export const SAMPLES: Record<string, RenderableAnswer> = {
  top_products: sample(
    "top_products",
    understanding(
      "top_products",
      "performance",
      {
        timeframe: "last_30_days",
        date_range: { start: "2026-10-22", end: "2026-11-20" },
        marketplace: "US",
        metrics: ["revenue"],
        limit: 3,
        sort: "desc",
      },
      "Top 3 products by revenue in the US, last 30 days",
    ),
    {
      top_products: [
        {
          asin: "B0TESTAAA1",
          title: 'Bamboo Cutting Board, 3-pack "XL", with juice groove',
          units_sold: 1520,
          revenue: 45582.8,
          profit_margin: 31.4,
          growth_rate: 12.55,
          currency: "USD",
        },
        {
          asin: "B0TESTAAA2",
          title: "Silicone Spatula Set",
          units_sold: 2301,
          revenue: 27589.99,
          profit_margin: 22.1,
          growth_rate: -4.2,
          currency: "USD",
        },
        {
          asin: "B0TESTAAA3",
          title: "Knife Sharpener, 4-stage",
          units_sold: 310,
          revenue: 6196.9,
          profit_margin: 18,
          growth_rate: null,
          currency: "USD",
        },
      ],
      currency: "USD",
      analysis: {
        summary: "Bamboo Cutting Board led with $45,582.80, 57% of the top 3.",
        recommendation: "Keep Bamboo Cutting Board in stock: it grew 12.6%.",
      },
    },
  ),
  inventory: sample(
    "products",
    understanding("restock_recommendations", "inventory", { marketplace: "US" }, "Restock recommendations in the US"),
    {
      products: [
        {
          asin: "B0TESTAAA1",
          sku: "CB-3PK",
          fnsku: "X001",
          condition: "New",
          inventory_level: 120,
          available_quantity: 100,
          reserved_quantity: 20,
          fulfillment_type: "FBA",
          inbound_quantity: 0,
          days_of_supply: 4.2,
          restock_recommendation: { recommended_quantity: 1450, urgency: "critical", optimal_po_date: "2026-10-30" },
        },
        {
          asin: "B0TESTAAA2",
          sku: "SP-SET",
          fnsku: "X002",
          condition: "New",
          inventory_level: 900,
          available_quantity: 880,
          reserved_quantity: 20,
          fulfillment_type: "FBA",
          inbound_quantity: 300,
          days_of_supply: 48,
          restock_recommendation: { recommended_quantity: 0, urgency: "low", optimal_po_date: null },
        },
      ],
      analysis: { summary: "One product runs out in 4 days.", recommendation: "Order 1,450 units of CB-3PK today." },
    },
  ),
  series: sample(
    "series",
    understanding(
      "sales_trend",
      "performance",
      {
        timeframe: "last_7_days",
        date_range: { start: "2026-11-14", end: "2026-11-20" },
        metrics: ["revenue"],
        group_by: "day",
      },
      "Daily revenue, last 7 days",
    ),
    {
      series: ["2026-11-14", "2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"].map(
        (period, i) => ({ period, revenue: 1000 + i * 150.25 - (i % 3) * 90, units_sold: 40 + i, currency: "USD" }),
      ),
      currency: "USD",
      analysis: { summary: "Revenue rose from $1,000.00 to $1,721.50.", recommendation: "Hold prices." },
    },
  ),
  weekly_series: sample(
    "series",
    understanding(
      "sales_trend",
      "performance",
      { timeframe: "last_4_weeks", metrics: ["units_sold"], group_by: "week" },
      "Weekly units, last 4 weeks",
    ),
    {
      series: [
        { period: "2026-W43", units_sold: 100 },
        { period: "2026-W44", units_sold: 130 },
        { period: "2026-W45", units_sold: 90 },
        { period: "2026-W46", units_sold: 160 },
      ],
      analysis: { summary: "Units peaked in week 46.", recommendation: "Check stock for the peak." },
    },
  ),
  comparison_rows: sample(
    "comparison",
    understanding(
      "sales_comparison",
      "performance",
      { timeframe: "this_month", compare_to: "last_month", metrics: ["revenue"] },
      "Revenue this month vs last month",
    ),
    {
      comparison: [
        { metric: "revenue", current: 80210.5, previous: 91000, change: -10789.5, change_pct: -11.86, unit: "EUR" },
        { metric: "units_sold", current: 3100, previous: 3500, change: -400, change_pct: -11.43, unit: "count" },
      ],
      drivers: [
        {
          asin: "B0TESTAAA2",
          title: "Silicone Spatula Set",
          current_revenue: 12000,
          previous_revenue: 18000,
          change: -6000,
          change_pct: -33.33,
          share_of_change: 55.61,
          units_change: -210,
          currency: "EUR",
        },
      ],
      currency: "EUR",
      analysis: { summary: "Revenue fell 11.9%.", recommendation: "Look at Silicone Spatula Set." },
    },
  ),
  categories: sample(
    "categories",
    understanding(
      "profit_margin_by_category",
      "performance",
      { timeframe: "last_30_days", metrics: ["profit_margin"] },
      "Profit margin by category, last 30 days",
    ),
    {
      categories: [
        { category: "Kitchen", revenue: 50000, profit: 12000, profit_margin: 24 },
        { category: "Garden", revenue: 9000, profit: 3000, profit_margin: 33.3 },
      ],
      currency: "USD",
      analysis: { summary: "Garden has the best margin.", recommendation: "Grow Garden." },
    },
  ),
  campaigns: sample(
    "campaigns",
    understanding(
      "acos_by_campaign",
      "advertising",
      { timeframe: "last_30_days", metrics: ["acos"] },
      "ACoS by campaign, last 30 days",
    ),
    {
      campaigns: [
        { campaign: "SP - Boards - Exact", spend: 1200, sales: 3000, acos: 40, roas: 2.5 },
        { campaign: "SP - Auto", spend: 500, sales: 2500, acos: 20, roas: 5 },
      ],
      currency: "USD",
      analysis: { summary: "SP - Boards - Exact runs at 40% ACoS.", recommendation: "Lower its bids." },
    },
  ),
  gaps: sample(
    "gaps",
    understanding("catalog_gaps", "competition", {}, "Categories competitors sell where you have nothing"),
    {
      gaps: [
        {
          marketplace: "US",
          category: "Kitchen",
          subcategory: "Knife blocks",
          competitor_products: 12,
          estimated_monthly_revenue: 48200,
          currency: "USD",
        },
        {
          marketplace: "US",
          category: "Garden",
          subcategory: "Hose reels",
          competitor_products: 7,
          estimated_monthly_revenue: 15100.5,
          currency: "USD",
        },
      ],
      analysis: { summary: "Two gaps.", recommendation: "Consider a knife block." },
    },
  ),
  sales_summary: sample(
    "marketplaces",
    understanding(
      "sales_summary",
      "performance",
      { timeframe: "last_month", date_range: { start: "2026-10-01", end: "2026-10-31" } },
      "Sales in October 2026",
    ),
    {
      marketplaces: [
        {
          marketplace: "JP",
          revenue: 123456.78,
          units_sold: 4567,
          orders: 4012,
          profit: 30000,
          profit_margin: 24.3,
          currency: "JPY",
        },
      ],
      totals: {
        revenue: 123456.78,
        units_sold: 4567,
        orders: 4012,
        profit: 30000,
        profit_margin: 24.3,
        currency: "JPY",
      },
      currency: "JPY",
      analysis: { summary: "You sold ¥123,457.", recommendation: "Nothing to do." },
    },
  ),
  empty: sample(
    "top_products",
    understanding(
      "top_products",
      "performance",
      { timeframe: "2019", marketplace: "JP", metrics: ["revenue"] },
      "Top products by revenue in Japan, 2019",
    ),
    {
      top_products: [],
      analysis: {
        summary: "No sales in JP in 2019: the data starts on 2025-11-21.",
        recommendation: "Ask about a period from 2025-11-21 on.",
      },
    },
  ),
};
