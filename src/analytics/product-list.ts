/** refund_analysis and conversion_analysis: product lists ranked by one rate. */
import type { Understanding } from "../nlu/understanding.js";
import type { AnalyticsContext } from "./context.js";
import { formatMoney, formatNumber, formatPercent, roundTo } from "./money.js";
import { applyConditions, noDataSummary, salesFreshness, sortRows, type IntentOutcome } from "./outcome.js";
import { completeRows, productRows, type ProductRow } from "./product-rows.js";
import { periodWords, scopeOf } from "./scope.js";

export async function refundAnalysis(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const set = await productRows(ctx, scope, understanding, false, f.conditions?.length ? undefined : ["units", "refund_units", "refund_amount"]);
  const sold = set.rows.filter((r) => r.units_sold > 0 || r.refund_units > 0);
  const rows = await completeRows(ctx, scope, sortRows(applyConditions(sold, f.conditions), "refund_rate", f.sort ?? "desc", (r) => r.asin).slice(0, f.limit ?? 20), false);
  const products = rows.map((r) => ({
    asin: r.asin, title: r.title, marketplace: r.marketplace, units_sold: r.units_sold, refund_units: r.refund_units, refund_rate: r.refund_rate,
    refund_amount: r.refund_amount, revenue: r.revenue, currency: r.currency,
  }));
  const units = sold.reduce((s, r) => s + r.units_sold, 0);
  const refunds = sold.reduce((s, r) => s + r.refund_units, 0);
  const amount = sold.reduce((s, r) => s + r.refund_amount, 0);
  const overall = units ? roundTo((refunds / units) * 100, 2) : null;
  let summary: string;
  let recommendation: string;
  if (!products.length) {
    summary = noDataSummary("sales or refunds", scope.range, await ctx.extent(), scope.marketplace, new Set(ctx.currencies.keys()));
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
    result: { products, overall_refund_rate: overall, currency: set.currency, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: products.length ? await salesFreshness(ctx, scope.range) : null,
  };
}

export async function conversionAnalysis(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const set = await productRows(ctx, scope, understanding, false, f.conditions?.length ? undefined : ["units", "sessions", "page_views", "bb_weighted", "bb_views"]);
  const seen = set.rows.filter((r) => r.sessions > 0);
  const metric = f.metrics?.[0] && ["sessions", "page_views", "conversion_rate", "units_sold"].includes(f.metrics[0]) ? f.metrics[0] : "conversion_rate";
  const rows = await completeRows(ctx, scope, sortRows(applyConditions(seen, f.conditions), metric, f.sort ?? "desc", (r) => r.asin).slice(0, f.limit ?? 20), false);
  const products = rows.map((r: ProductRow) => ({
    asin: r.asin, title: r.title, marketplace: r.marketplace, sessions: r.sessions, page_views: r.page_views, units_sold: r.units_sold,
    conversion_rate: r.conversion_rate, buy_box_percentage: r.buy_box_percentage, revenue: r.revenue, currency: r.currency,
  }));
  const sessions = seen.reduce((s, r) => s + r.sessions, 0);
  const units = seen.reduce((s, r) => s + r.units_sold, 0);
  const overall = sessions ? roundTo((units / sessions) * 100, 2) : null;
  let summary: string;
  let recommendation: string;
  if (!products.length) {
    summary = noDataSummary("traffic", scope.range, await ctx.extent(), scope.marketplace, new Set(ctx.currencies.keys()));
    recommendation = "Ask about a period inside your data.";
  } else {
    const first = products[0];
    summary =
      `Across ${formatNumber(sessions)} sessions you converted ${formatPercent(overall)} (units per session) in ${periodWords(scope)}. ` +
      `${first.asin}${first.title ? ` (${first.title})` : ""} ${metric === "conversion_rate" ? `converts ${formatPercent(first.conversion_rate)}` : `has ${formatNumber(Number(first[metric as keyof typeof first]))} ${metric.replace(/_/g, " ")}`} from ${formatNumber(first.sessions)} sessions.`;
    const weak = [...seen].filter((r) => r.sessions >= 50 && r.conversion_rate !== null && overall !== null && r.conversion_rate < overall / 2).sort((a, b) => b.sessions - a.sessions)[0];
    recommendation = weak
      ? `${weak.asin} gets ${formatNumber(weak.sessions)} sessions but converts only ${formatPercent(weak.conversion_rate)} (${formatPercent(weak.buy_box_percentage)} buy box): improve its price, images or reviews, or cut the ads sending traffic there.`
      : `No product with real traffic converts below half your ${formatPercent(overall)} average; put more traffic on the best converter, ${first.asin}.`;
  }
  return {
    result: { products, overall_conversion_rate: overall, currency: set.currency, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: products.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
