/** bid_recommendations: bids moved toward the target ACoS, a bounded step at a time. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { applyConditions, type Outcome, limitRows } from "./outcome.js";
import { adFreshness } from "../facts/ad-facts.js";
import { periodWords } from "../facts/scope.js";
import { MIN_CLICKS, MAX_BID_STEP, MIN_BID, noAds, keywordRows } from "./ad-common.js";

/**
 * A bid moved toward the target ACoS: new bid = bid × target / ACoS, bounded
 * to ±25% per step; no sales after enough clicks lowers by the full step.
 */
export function recommendBid(
  bid: number,
  acos: number | null,
  clicks: number,
  sales: number,
  target: number,
  impressionShare: number | null,
): { bid: number; reason: string } | undefined {
  if (sales === 0) {
    if (clicks < MIN_CLICKS) return undefined;
    return {
      bid: Math.max(MIN_BID, bid * (1 - MAX_BID_STEP)),
      reason: `${clicks} clicks and no sales: lower by ${MAX_BID_STEP * 100}% (the largest step)`,
    };
  }
  if (acos === null) return undefined;
  const ratio = target / acos;
  if (acos > target * 1.05) {
    const factor = Math.max(1 - MAX_BID_STEP, ratio);
    return {
      bid: Math.max(MIN_BID, bid * factor),
      reason: `ACoS ${roundTo(acos, 1)}% is above the ${target}% target: lower toward it${factor === 1 - MAX_BID_STEP ? ` (capped at ${MAX_BID_STEP * 100}% this step)` : ""}`,
    };
  }
  if (acos < target * 0.8 && (impressionShare === null || impressionShare < 50)) {
    const factor = Math.min(1 + MAX_BID_STEP, ratio);
    return {
      bid: bid * factor,
      reason: `ACoS ${roundTo(acos, 1)}% is well below the ${target}% target${impressionShare !== null ? ` and impression share is ${roundTo(impressionShare, 1)}%` : ""}: raise to win more traffic${factor === 1 + MAX_BID_STEP ? ` (capped at ${MAX_BID_STEP * 100}% this step)` : ""}`,
    };
  }
  return undefined;
}

export async function bidRecommendations(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"bid_recommendations">> {
  const f = understanding.filters;
  const target = f.target_acos ?? ctx.settings.target_acos;
  const { scope, rows } = await keywordRows(ctx, understanding);
  const bids = [];
  for (const r of rows) {
    if (r.bid === null) continue;
    const rec = recommendBid(r.bid, r.acos, r.clicks, r.raw.sales, target, r.impression_share);
    if (!rec) continue;
    const newBid = money(rec.bid, r.currency);
    if (newBid === r.bid) continue;
    bids.push({
      keyword: r.keyword,
      match_type: r.match_type,
      target_id: r.target_id,
      campaign: r.campaign,
      marketplace: r.marketplace,
      current_bid: r.bid,
      recommended_bid: newBid,
      change_pct: roundTo(((newBid - r.bid) / r.bid) * 100, 2),
      acos: r.acos,
      target_acos: target,
      clicks: r.clicks,
      orders: r.orders,
      spend: r.spend,
      sales: r.sales,
      impression_share: r.impression_share,
      reason: rec.reason,
      currency: r.currency,
    });
  }
  const { shown: sorted, total: totalRows } = limitRows(
    applyConditions(bids, f.conditions).sort(
      (a, b) =>
        Math.abs(b.change_pct) * b.spend - Math.abs(a.change_pct) * a.spend || (a.target_id < b.target_id ? -1 : 1),
    ),
    f.limit,
    50,
  );
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products keyword reports.";
  } else if (!sorted.length) {
    summary = `All ${rows.length} keywords are within reach of your ${formatPercent(target)} ACoS target in ${periodWords(scope)}; no bid needs to move.`;
    recommendation = "Keep the current bids and check again next week.";
  } else {
    const down = sorted.filter((b) => b.change_pct < 0).length;
    const b = sorted[0];
    summary =
      `${totalRows} bid change${totalRows === 1 ? "" : "s"} toward your ${formatPercent(target)} ACoS target (${down} down, ${sorted.length - down} up). Largest: "${b.keyword}" in ${b.campaign}, ` +
      `${formatMoney(b.current_bid, b.currency)} → ${formatMoney(b.recommended_bid, b.currency)} (${b.change_pct > 0 ? "+" : ""}${formatPercent(b.change_pct)}), ACoS ${formatPercent(b.acos)} on ${formatMoney(b.spend, b.currency)} spend.`;
    recommendation = `Apply the ${sorted.length} changes, starting with "${b.keyword}" (${b.reason}), then re-check after 7 days before the next step.`;
  }
  return {
    result: {
      bids: sorted,
      target_acos: target,
      max_step_pct: MAX_BID_STEP * 100,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "bids",
    totalRows,
    freshness: rows.length ? await adFreshness(ctx, scope.range) : null,
  };
}
