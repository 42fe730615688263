/**
 * The understanding of one question, as the public contract
 * (query-understanding.md) defines it. Its identifiers are API.
 */
import type { DateRange } from "./timeframe.js";

export type { DateRange };

export const AREAS = ["performance", "inventory", "competition", "advertising", "insights", "account"] as const;
export type Area = (typeof AREAS)[number];

export const INTENT_AREAS = {
  sales_summary: "performance",
  sales_comparison: "performance",
  sales_trend: "performance",
  top_products: "performance",
  declining_reviews: "performance",
  profit_margin_by_category: "performance",
  refund_analysis: "performance",
  conversion_analysis: "performance",
  stockout_risk: "inventory",
  inventory_value: "inventory",
  restock_recommendations: "inventory",
  excess_inventory: "inventory",
  competitor_pricing: "competition",
  catalog_gaps: "competition",
  buy_box_share: "competition",
  price_changes: "competition",
  acos_by_campaign: "advertising",
  keyword_opportunities: "advertising",
  bid_recommendations: "advertising",
  wasted_ad_spend: "advertising",
  advertising_summary: "advertising",
  profit_breakdown: "performance",
  payouts: "performance",
  inventory_levels: "inventory",
  insights: "insights",
  anomalies: "insights",
  help: "account",
  refresh_data: "account",
  create_alert: "account",
  update_settings: "account",
  show_settings: "account",
  list_alerts: "account",
  delete_alert: "account",
} as const satisfies Record<string, Area>;

export type Intent = keyof typeof INTENT_AREAS;
export const INTENTS = Object.keys(INTENT_AREAS) as Intent[];

export const MARKETPLACE_CODES = [
  "US",
  "CA",
  "MX",
  "BR",
  "UK",
  "DE",
  "FR",
  "IT",
  "ES",
  "NL",
  "SE",
  "PL",
  "BE",
  "TR",
  "IE",
  "JP",
  "AU",
  "SG",
  "IN",
  "AE",
  "SA",
  "EG",
] as const;
export type MarketplaceCode = (typeof MARKETPLACE_CODES)[number];

export const METRICS = [
  "revenue",
  "units_sold",
  "orders",
  "profit",
  "profit_margin",
  "refund_rate",
  "review_rating",
  "review_count",
  "conversion_rate",
  "sessions",
  "page_views",
  "organic_rank",
  "growth_rate",
  "buy_box_percentage",
  "price",
  "days_of_supply",
  "available_quantity",
  "inventory_value",
  "restock_quantity",
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
  "clicks",
  "impressions",
  "ctr",
  "cpc",
  "impression_share",
  "fees",
  "referral_fees",
  "fba_fees",
  "storage_fees",
  "cost_of_goods",
  "payout",
] as const;
export type Metric = (typeof METRICS)[number];

export const GROUP_BYS = [
  "category",
  "subcategory",
  "marketplace",
  "asin",
  "campaign",
  "keyword",
  "day",
  "week",
  "month",
  "quarter",
] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

export const INSIGHT_TYPES = ["performance", "opportunities", "risks", "competitor_analysis"] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];

export const DETAIL_LEVELS = ["summary", "detailed", "comprehensive"] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

/** The `limit` of "show all" / "every product": more rows than any catalog holds, so none is left out. */
export const ALL_ROWS_LIMIT = 100_000;

export type ConditionOp = ">" | ">=" | "<" | "<=" | "=";
export interface Condition {
  metric: Metric;
  op: ConditionOp;
  value: number;
}

export interface Settings {
  lead_time_days?: number;
  target_acos?: number;
  safety_stock_days?: number;
  currency?: string;
  /** How unusual a change must be to be reported as an anomaly: low, normal or high. */
  anomaly_sensitivity?: string;
}

export interface Filters {
  timeframe?: string;
  date_range?: DateRange;
  compare_to?: string;
  marketplace?: MarketplaceCode;
  metrics?: Metric[];
  limit?: number;
  sort?: "desc" | "asc";
  group_by?: GroupBy;
  category?: string;
  /** Beyond the contract: a subcategory of the seller's catalog, as the catalog spells it (its category is set too). */
  subcategory?: string;
  asin?: string;
  sku?: string;
  campaign?: string;
  conditions?: Condition[];
  horizon_days?: number;
  target_acos?: number;
  settings?: Settings;
  /** For `insights`: which kind of findings. */
  insight_type?: InsightType;
  /** For `insights`: how much to say (default "summary"). */
  detail_level?: DetailLevel;
  /** For `delete_alert`: the alert named. */
  alert_id?: string;
  /** Keys beyond the contract's may be added; the contract's keep their meaning. */
  [extra: string]: unknown;
}

export interface Understanding {
  intent: Intent;
  area: Area;
  confidence: number;
  filters: Filters;
  interpretation: string;
  /** "parser" (our own) or "llm" (the optional Ollama helper). */
  source?: "parser" | "llm";
  /** One-line notes, e.g. that the LLM could not be reached. */
  notes?: string[];
}
