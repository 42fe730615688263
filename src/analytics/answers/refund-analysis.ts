/** refund_analysis: products ranked by refund rate, with the overall rate. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { roundTo } from "../../core/money.js";
import { applyConditions, noDataInScope, salesFreshness, sortRows, type Outcome, limitRows } from "./outcome.js";
import { completeRows, productRows } from "../facts/product-rows.js";
import { periodWords, scopeOf } from "../facts/scope.js";

export async function refundAnalysis(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"refund_analysis">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const set = await productRows(
    ctx,
    scope,
    understanding,
    false,
    f.conditions?.length ? undefined : ["units", "refund_units", "refund_amount"],
  );
  const sold = set.rows.filter((r) => r.units_sold > 0 || r.refund_units > 0);
  const { shown, total: totalRows } = limitRows(
    sortRows(applyConditions(sold, f.conditions), "refund_rate", f.sort ?? "desc", (r) => r.asin),
    f.limit,
    20,
  );
  const rows = await completeRows(ctx, scope, shown, false);
  const products = rows.map((r) => ({
    asin: r.asin,
    title: r.title,
    marketplace: r.marketplace,
    units_sold: r.units_sold,
    refund_units: r.refund_units,
    refund_rate: r.refund_rate,
    refund_amount: r.refund_amount,
    revenue: r.revenue,
    currency: r.currency,
  }));
  const units = sold.reduce((s, r) => s + r.units_sold, 0);
  const refunds = sold.reduce((s, r) => s + r.refund_units, 0);
  const amount = sold.reduce((s, r) => s + r.refund_amount, 0);
  const overall = units ? roundTo((refunds / units) * 100, 2) : null;
  let summary: string;
  let recommendation: string;
  if (!products.length) {
    summary = await noDataInScope(ctx, scope, "sales or refunds");
    recommendation = "Ask about a period inside your data.";
  } else {
    const worst = products[0];
    summary =
      `${formatNumber(refunds)} of ${formatNumber(units)} units were refunded in ${periodWords(scope)} (${formatPercent(overall)}), costing ${formatMoney(amount, set.currency)}. ` +
      `${worst.asin}${worst.title ? ` (${worst.title})` : ""} has the ${f.sort === "asc" ? "lowest" : "highest"} refund rate: ${formatPercent(worst.refund_rate)} (${worst.refund_units} of ${worst.units_sold} units).`;
    const bad = products.filter((p) => overall !== null && p.refund_rate !== null && p.refund_rate > overall * 1.5);
    recommendation = bad.length
      ? `${bad.map((p) => p.asin).join(", ")} ${bad.length === 1 ? "returns" : "return"} far more than your ${formatPercent(overall)} average: read their return reasons and fix the listing (size, description, photos) or the product.`
      : `Refunds are close to your ${formatPercent(overall)} average on every product; no single listing needs urgent attention.`;
  }
  return {
    result: {
      products,
      overall_refund_rate: overall,
      currency: set.currency,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows,
    freshness: products.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
