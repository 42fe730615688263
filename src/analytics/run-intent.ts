/** Runs the analysis an understanding asks for. */
import { SellerAiError } from "../errors.js";
import type { Intent, Understanding } from "../nlu/understanding.js";
import type { AnalyticsContext } from "./context.js";
import type { IntentHandler, IntentOutcome } from "./outcome.js";
import { salesComparison } from "./sales-comparison.js";
import { salesSummary } from "./sales-summary.js";
import { salesTrend } from "./sales-trend.js";
import { topProducts } from "./top-products.js";
import { decliningReviews } from "./declining-reviews.js";
import { profitByCategory } from "./profit-by-category.js";
import { conversionAnalysis, refundAnalysis } from "./product-list.js";
import { excessInventory, inventoryValue, restockRecommendations, stockoutRisk } from "./inventory-intents.js";
import { buyBoxShare, competitorPricing, priceChanges } from "./competition.js";
import { catalogGaps } from "./catalog-gaps.js";
import { acosByCampaign, advertisingSummary, bidRecommendations, keywordOpportunities, wastedAdSpend } from "./advertising.js";
import { createAlert, help, refreshData, updateSettings } from "./account-intents.js";

const HANDLERS: Record<Intent, IntentHandler> = {
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
  help,
  refresh_data: refreshData,
  create_alert: createAlert,
  update_settings: updateSettings,
};

/**
 * The result of one understanding on the mirror.
 *
 * @example
 * const { result, primaryKey } = await runIntent(ctx, understanding);
 * result[primaryKey]; // the rows
 */
export async function runIntent(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const handler = HANDLERS[understanding.intent];
  if (!handler) throw new SellerAiError("invalid_query", `"${understanding.intent}" is not something seller-ai can answer.`);
  return handler(ctx, understanding);
}
