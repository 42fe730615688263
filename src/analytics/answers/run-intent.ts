/** Runs the analysis an understanding asks for. */
import { SellerAiError } from "../../core/errors.js";
import type { Intent, Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import type { IntentHandler, IntentOutcome } from "./outcome.js";
import { salesComparison } from "./sales-comparison.js";
import { salesSummary } from "./sales-summary.js";
import { salesTrend } from "./sales-trend.js";
import { topProducts } from "./top-products.js";
import { decliningReviews } from "./declining-reviews.js";
import { profitByCategory } from "./profit-by-category.js";
import { refundAnalysis } from "./refund-analysis.js";
import { conversionAnalysis } from "./conversion-analysis.js";
import { stockoutRisk } from "./stockout-risk.js";
import { inventoryValue } from "./inventory-value.js";
import { restockRecommendations } from "./restock-recommendations.js";
import { excessInventory } from "./excess-inventory.js";
import { competitorPricing } from "./competitor-pricing.js";
import { catalogGaps } from "./catalog-gaps.js";
import { buyBoxShare } from "./buy-box-share.js";
import { priceChanges } from "./price-changes.js";
import { acosByCampaign } from "./acos-by-campaign.js";
import { keywordOpportunities } from "./keyword-opportunities.js";
import { bidRecommendations } from "./bid-recommendations.js";
import { wastedAdSpend } from "./wasted-ad-spend.js";
import { advertisingSummary } from "./advertising-summary.js";
import { help } from "./help.js";
import { refreshData } from "./refresh-data.js";
import { createAlert } from "./create-alert.js";
import { updateSettings } from "./update-settings.js";
import { profitBreakdown } from "./profit-breakdown.js";
import { payouts } from "./payouts.js";
import { inventoryLevels } from "./inventory-levels.js";
import { showSettings } from "./show-settings.js";
import { listAlerts } from "./list-alerts.js";
import { deleteAlert } from "./delete-alert.js";

/**
 * The intents the insights capability answers (src/insights): the
 * orchestrator hands them there, since insights build on these analyses.
 */
export const INSIGHT_INTENTS = ["insights", "anomalies"] as const satisfies readonly Intent[];
export type AnalyticsIntent = Exclude<Intent, (typeof INSIGHT_INTENTS)[number]>;

const HANDLERS: { [I in AnalyticsIntent]: IntentHandler<I> } = {
  sales_summary: salesSummary,
  sales_comparison: salesComparison,
  sales_trend: salesTrend,
  top_products: topProducts,
  declining_reviews: decliningReviews,
  profit_margin_by_category: profitByCategory,
  refund_analysis: refundAnalysis,
  conversion_analysis: conversionAnalysis,
  stockout_risk: stockoutRisk,
  inventory_value: inventoryValue,
  restock_recommendations: restockRecommendations,
  excess_inventory: excessInventory,
  competitor_pricing: competitorPricing,
  catalog_gaps: catalogGaps,
  buy_box_share: buyBoxShare,
  price_changes: priceChanges,
  acos_by_campaign: acosByCampaign,
  keyword_opportunities: keywordOpportunities,
  bid_recommendations: bidRecommendations,
  wasted_ad_spend: wastedAdSpend,
  advertising_summary: advertisingSummary,
  profit_breakdown: profitBreakdown,
  payouts,
  inventory_levels: inventoryLevels,
  help,
  refresh_data: refreshData,
  create_alert: createAlert,
  update_settings: updateSettings,
  show_settings: showSettings,
  list_alerts: listAlerts,
  delete_alert: deleteAlert,
};

/**
 * The result of one understanding on the mirror.
 *
 * @example
 * const { result, primaryKey } = await runIntent(ctx, understanding);
 * result[primaryKey]; // the rows
 */
export async function runIntent(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const handler = (HANDLERS as Partial<Record<Intent, IntentHandler>>)[understanding.intent];
  if (!handler)
    throw new SellerAiError("invalid_query", `"${understanding.intent}" is not something seller-ai can answer.`);
  return handler(ctx, understanding);
}
