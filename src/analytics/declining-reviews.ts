/** declining_reviews: products whose rating or review flow is falling. */
import type { Understanding } from "../nlu/understanding.js";
import { addDaysIso } from "../core/dates.js";
import type { AnalyticsContext } from "./context.js";
import { formatNumber, roundTo } from "./money.js";
import { endOfDay, noDataSummary, type IntentOutcome } from "./outcome.js";
import { catalogOf, entryForAsin } from "./product-facts.js";
import { periodWords, scopeOf, previousRange } from "./scope.js";

export async function decliningReviews(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const prev = previousRange(scope.range);
  let q = ctx.db
    .selectFrom("review_snapshots")
    .select(["marketplace", "asin", "date", "rating", "review_count"])
    .where("account_id", "=", ctx.accountId)
    .where("date", ">=", addDaysIso(prev.start, -1))
    .where("date", "<=", scope.range.end);
  if (scope.marketplace) q = q.where("marketplace", "=", scope.marketplace);
  if (scope.asins) q = scope.asins.length ? q.where("asin", "in", scope.asins) : q.where("asin", "=", "");
  const snaps = await ctx.rows(q.orderBy("marketplace").orderBy("asin").orderBy("date"));
  const byKey = new Map<string, typeof snaps>();
  for (const s of snaps) {
    const k = `${s.marketplace}|${s.asin}`;
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k)!.push(s);
  }
  const catalog = await catalogOf(ctx);
  const at = (list: typeof snaps, date: string) => [...list].reverse().find((s) => s.date <= date);
  let newest: string | null = null;
  const rows = [];
  for (const [k, list] of byKey) {
    const [marketplace, asin] = k.split("|");
    const end = at(list, scope.range.end);
    const start = at(list, addDaysIso(scope.range.start, -1)) ?? list.find((s) => s.date >= scope.range.start);
    const prevStart = at(list, addDaysIso(prev.start, -1)) ?? list[0];
    if (!end || !start) continue;
    if (!newest || end.date > newest) newest = end.date;
    const newReviews = end.review_count - start.review_count;
    const previousNew = start.review_count - prevStart.review_count;
    const ratingChange = roundTo(end.rating - start.rating, 2);
    const flowChange = previousNew > 0 ? roundTo(((newReviews - previousNew) / previousNew) * 100, 2) : null;
    rows.push({
      asin, title: entryForAsin(catalog, asin, marketplace)?.title ?? "", marketplace,
      rating_start: start.rating, rating_end: end.rating, rating_change: ratingChange,
      review_count: end.review_count, new_reviews: newReviews, previous_new_reviews: previousNew, review_flow_change: flowChange,
      declining: ratingChange < 0 || (flowChange !== null && flowChange <= -25),
    });
  }
  const declining = rows
    .filter((r) => r.declining)
    .sort((a, b) => a.rating_change - b.rating_change || (a.review_flow_change ?? 0) - (b.review_flow_change ?? 0) || (a.asin < b.asin ? -1 : 1))
    .slice(0, f.limit ?? 20);
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = noDataSummary("review history", scope.range, await ctx.extent(), scope.marketplace, new Set(ctx.currencies.keys()));
    recommendation = "Import review snapshots to follow ratings over time.";
  } else if (!declining.length) {
    summary = `None of your ${rows.length} products lost rating or review flow in ${periodWords(scope)}.`;
    recommendation = "Nothing to fix; keep asking buyers for reviews on your newest products.";
  } else {
    const w = declining[0];
    summary =
      `${declining.length} of ${rows.length} products are declining in ${periodWords(scope)}. ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace} fell from ` +
      `${w.rating_start.toFixed(2)} to ${w.rating_end.toFixed(2)} stars (${w.rating_change}) with ${formatNumber(w.new_reviews)} new reviews against ${formatNumber(w.previous_new_reviews)} before.`;
    recommendation = `Read the newest reviews of ${w.asin} for a repeated complaint (quality, size, damage) and fix the product or the listing before the rating drops further.`;
  }
  return {
    result: { products: declining, products_checked: rows.length, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: newest ? endOfDay(newest) : null,
  };
}
