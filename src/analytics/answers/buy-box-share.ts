/** buy_box_share: the buy box percentage per product against the previous period. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber, formatPercent, formatPoints } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { applyConditions, noDataInScope, salesFreshness, sortRows, type Outcome, limitRows } from "./outcome.js";
import { listingsOf, productFacts } from "../facts/product-facts.js";
import { periodWords, previousRange, scopeOf } from "../facts/scope.js";
import { salesTrend } from "./sales-trend.js";

export async function buyBoxShare(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"buy_box_share">> {
  const f = understanding.filters;
  if (f.group_by && ["day", "week", "month", "quarter"].includes(f.group_by)) {
    const trend = await salesTrend(ctx, { ...understanding, filters: { ...f, metrics: ["buy_box_percentage"] } });
    return trend;
  }
  const scope = await scopeOf(ctx, understanding);
  // Only the measures this answer shows: on a large catalog every column read costs.
  const cur = await productFacts(ctx, scope.range, scope, ["bb_weighted", "bb_views", "page_views", "revenue"]);
  const prev = new Map(
    (await productFacts(ctx, previousRange(scope.range), scope, ["bb_weighted", "bb_views"])).map((x) => [
      `${x.marketplace}|${x.asin}`,
      x,
    ]),
  );
  const rows = cur
    .filter((x) => x.bb_views > 0)
    .map((x) => {
      const p = prev.get(`${x.marketplace}|${x.asin}`);
      const share = roundTo(x.bb_weighted / x.bb_views, 2);
      const before = p && p.bb_views > 0 ? roundTo(p.bb_weighted / p.bb_views, 2) : null;
      return {
        asin: x.asin,
        title: "",
        marketplace: x.marketplace,
        buy_box_percentage: share,
        previous_buy_box_percentage: before,
        change: before === null ? null : roundTo(share - before, 2),
        page_views: Math.round(x.page_views),
        revenue: money(x.revenue, x.currency),
        currency: x.currency,
      };
    });
  const { shown: products, total: totalRows } = limitRows(
    sortRows(
      applyConditions(rows, f.conditions),
      "buy_box_percentage",
      f.sort ?? "asc",
      (r) => `${r.asin}|${r.marketplace}`,
    ),
    f.limit,
    50,
  );
  const listings = await listingsOf(
    ctx,
    products.map((p) => p.asin),
    scope.marketplace,
  );
  for (const p of products) p.title = listings.get(`${p.marketplace}|${p.asin}`)?.title ?? "";
  const views = cur.reduce((s, x) => s + x.bb_views, 0);
  const overall = views ? roundTo(cur.reduce((s, x) => s + x.bb_weighted, 0) / views, 2) : null;
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noDataInScope(ctx, scope, "buy box data");
    recommendation = "Ask about a period inside your data.";
  } else {
    const drop = [...rows].filter((r) => r.change !== null).sort((a, b) => (a.change ?? 0) - (b.change ?? 0))[0];
    const low = products[0];
    summary =
      `Your buy box share, weighted by page views, was ${formatPercent(overall)} in ${periodWords(scope)}. Lowest: ${low.asin}${low.title ? ` (${low.title})` : ""} in ${low.marketplace} at ` +
      `${formatPercent(low.buy_box_percentage)}` +
      (low.previous_buy_box_percentage !== null ? ` (was ${formatPercent(low.previous_buy_box_percentage)})` : "") +
      ".";
    recommendation =
      drop && drop.change !== null && drop.change < -10
        ? `${drop.asin} lost ${formatPoints(-drop.change)} of buy box in ${drop.marketplace}: check competitor prices and your stock on it; each lost point costs sales on ${formatNumber(drop.page_views)} page views.`
        : `Buy box share is stable; keep prices competitive on ${low.asin}, your weakest at ${formatPercent(low.buy_box_percentage)}.`;
  }
  return {
    result: {
      products,
      overall_buy_box_percentage: overall,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows,
    freshness: rows.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
