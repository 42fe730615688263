/** Runs the analysis an understanding asks for. */
import { SellerAiError } from "../errors.js";
import type { Intent, Understanding } from "../nlu/understanding.js";
import type { AnalyticsContext } from "./context.js";
import type { IntentHandler, IntentOutcome } from "./outcome.js";
import { salesComparison } from "./sales-comparison.js";
import { salesSummary } from "./sales-summary.js";
import { salesTrend } from "./sales-trend.js";
import { topProducts } from "./top-products.js";

const HANDLERS: Partial<Record<Intent, IntentHandler>> = {
  sales_summary: salesSummary,
  sales_comparison: salesComparison,
  sales_trend: salesTrend,
  top_products: topProducts,
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
