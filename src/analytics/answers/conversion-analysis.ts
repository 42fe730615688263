/** conversion_analysis: products ranked by conversion rate (or traffic), with the overall rate. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber, formatPercent } from "../../core/number-format.js";
import { roundTo } from "../../core/money.js";
import { applyConditions, noDataInScope, salesFreshness, sortRows, type Outcome, limitRows } from "./outcome.js";
import { completeRows, productRows, type ProductRow } from "../facts/product-rows.js";
import { periodWords, scopeOf } from "../facts/scope.js";

export async function conversionAnalysis(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"conversion_analysis">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const set = await productRows(
    ctx,
    scope,
    understanding,
    false,
    f.conditions?.length ? undefined : ["units", "sessions", "page_views", "bb_weighted", "bb_views"],
  );
  const seen = set.rows.filter((r) => r.sessions > 0);
  const metric =
    f.metrics?.[0] && ["sessions", "page_views", "conversion_rate", "units_sold"].includes(f.metrics[0])
      ? f.metrics[0]
      : "conversion_rate";
  const { shown, total: totalRows } = limitRows(
    sortRows(applyConditions(seen, f.conditions), metric, f.sort ?? "desc", (r) => r.asin),
    f.limit,
    20,
  );
  const rows = await completeRows(ctx, scope, shown, false);
  const products = rows.map((r: ProductRow) => ({
    asin: r.asin,
    title: r.title,
    marketplace: r.marketplace,
    sessions: r.sessions,
    page_views: r.page_views,
    units_sold: r.units_sold,
    conversion_rate: r.conversion_rate,
    buy_box_percentage: r.buy_box_percentage,
    revenue: r.revenue,
    currency: r.currency,
  }));
  const sessions = seen.reduce((s, r) => s + r.sessions, 0);
  const units = seen.reduce((s, r) => s + r.units_sold, 0);
  const overall = sessions ? roundTo((units / sessions) * 100, 2) : null;
  let summary: string;
  let recommendation: string;
  if (!products.length) {
    summary = await noDataInScope(ctx, scope, "traffic");
    recommendation = "Ask about a period inside your data.";
  } else {
    const first = products[0];
    summary =
      `Across ${formatNumber(sessions)} sessions you converted ${formatPercent(overall)} (units per session) in ${periodWords(scope)}. ` +
      `${first.asin}${first.title ? ` (${first.title})` : ""} ${metric === "conversion_rate" ? `converts ${formatPercent(first.conversion_rate)}` : `has ${formatNumber(Number(first[metric as keyof typeof first]))} ${metric.replace(/_/g, " ")}`} from ${formatNumber(first.sessions)} sessions.`;
    const weak = [...seen]
      .filter(
        (r) => r.sessions >= 50 && r.conversion_rate !== null && overall !== null && r.conversion_rate < overall / 2,
      )
      .sort((a, b) => b.sessions - a.sessions)[0];
    recommendation = weak
      ? `${weak.asin} gets ${formatNumber(weak.sessions)} sessions but converts only ${formatPercent(weak.conversion_rate)} (${formatPercent(weak.buy_box_percentage)} buy box): improve its price, images or reviews, or cut the ads sending traffic there.`
      : `No product with real traffic converts below half your ${formatPercent(overall)} average; put more traffic on the best converter, ${first.asin}.`;
  }
  return {
    result: {
      products,
      overall_conversion_rate: overall,
      currency: set.currency,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows,
    freshness: products.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
