/**
 * The result of every intent, declared once: each intent's handler returns
 * its typed result, the renderers format values by the kinds declared here,
 * and the API's response schema is generated from them.
 */
import type { Intent } from "../../core/understanding.js";
import {
  ACOS_BY_CAMPAIGN,
  ADVERTISING_SUMMARY,
  BID_RECOMMENDATIONS,
  KEYWORD_OPPORTUNITIES,
  WASTED_AD_SPEND,
} from "./advertising.js";
import {
  CREATE_ALERT,
  DELETE_ALERT,
  HELP,
  LIST_ALERTS,
  REFRESH_DATA,
  SHOW_SETTINGS,
  UPDATE_SETTINGS,
} from "./account.js";
import {
  INVENTORY_LEVELS,
  PAYOUTS,
  PROFIT_BREAKDOWN_LINES,
  PROFIT_BREAKDOWN_PERIODS,
  PROFIT_BREAKDOWN_PRODUCTS,
} from "./finance.js";
import { BUY_BOX_SHARE, CATALOG_GAPS, COMPETITOR_PRICING, PRICE_CHANGES } from "./competition.js";
import {
  EXCESS_INVENTORY,
  INVENTORY_VALUE_BY_CATEGORY,
  INVENTORY_VALUE_BY_MARKETPLACE,
  INVENTORY_VALUE_BY_PRODUCT,
  RESTOCK_RECOMMENDATIONS,
  STOCKOUT_RISK,
} from "./inventory.js";
import {
  CONVERSION_ANALYSIS,
  CONVERSION_BY_CATEGORY,
  DECLINING_REVIEWS,
  PROFIT_BY_CATEGORY,
  REFUND_ANALYSIS,
  REFUND_BY_CATEGORY,
  SALES_BY_CATEGORY,
  SALES_BY_MARKETPLACE,
  SALES_BY_PRODUCT,
  SALES_COMPARISON,
  SALES_TREND,
  TOP_PRODUCTS,
} from "./sales.js";
import { ANOMALIES, INSIGHTS } from "./insights.js";
import type { ResultOf, ResultShape } from "./shape.js";

/** The shapes each intent's result takes (several when a grouping changes the primary table). */
export const RESULT_SHAPES = {
  sales_summary: [SALES_BY_MARKETPLACE, SALES_BY_CATEGORY, SALES_BY_PRODUCT, SALES_TREND],
  sales_comparison: [SALES_COMPARISON],
  sales_trend: [SALES_TREND],
  top_products: [TOP_PRODUCTS],
  declining_reviews: [DECLINING_REVIEWS],
  profit_margin_by_category: [PROFIT_BY_CATEGORY],
  refund_analysis: [REFUND_ANALYSIS, REFUND_BY_CATEGORY],
  conversion_analysis: [CONVERSION_ANALYSIS, CONVERSION_BY_CATEGORY],
  stockout_risk: [STOCKOUT_RISK],
  inventory_value: [INVENTORY_VALUE_BY_CATEGORY, INVENTORY_VALUE_BY_MARKETPLACE, INVENTORY_VALUE_BY_PRODUCT],
  restock_recommendations: [RESTOCK_RECOMMENDATIONS],
  excess_inventory: [EXCESS_INVENTORY],
  competitor_pricing: [COMPETITOR_PRICING],
  catalog_gaps: [CATALOG_GAPS],
  buy_box_share: [BUY_BOX_SHARE, SALES_TREND],
  price_changes: [PRICE_CHANGES],
  acos_by_campaign: [ACOS_BY_CAMPAIGN],
  keyword_opportunities: [KEYWORD_OPPORTUNITIES],
  bid_recommendations: [BID_RECOMMENDATIONS],
  wasted_ad_spend: [WASTED_AD_SPEND],
  advertising_summary: [ADVERTISING_SUMMARY],
  help: [HELP],
  refresh_data: [REFRESH_DATA],
  create_alert: [CREATE_ALERT],
  update_settings: [UPDATE_SETTINGS],
  profit_breakdown: [PROFIT_BREAKDOWN_LINES, PROFIT_BREAKDOWN_PRODUCTS, PROFIT_BREAKDOWN_PERIODS],
  payouts: [PAYOUTS],
  inventory_levels: [INVENTORY_LEVELS],
  show_settings: [SHOW_SETTINGS],
  list_alerts: [LIST_ALERTS],
  delete_alert: [DELETE_ALERT],
  insights: [INSIGHTS],
  anomalies: [ANOMALIES],
} as const satisfies Record<Intent, readonly ResultShape[]>;

/** Each intent's result type. */
export type IntentResults = { [I in Intent]: ResultOf<(typeof RESULT_SHAPES)[I][number]> };

/** The result of any intent. */
export type IntentResult = IntentResults[Intent];

/** The shape of an intent's result with this primary table, if the intent has one. */
export function resultShape(intent: string, primaryKey: string): ResultShape | undefined {
  const shapes: readonly ResultShape[] | undefined = (RESULT_SHAPES as Record<string, readonly ResultShape[]>)[intent];
  return shapes?.find((s) => s.primary === primaryKey);
}

export * from "./shape.js";
export { METRIC_KINDS } from "./common.js";
