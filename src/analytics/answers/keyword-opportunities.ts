/** keyword_opportunities: keywords that convert well but win little top-of-search share. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { applyConditions, sortRows, type Outcome, limitRows } from "./outcome.js";
import { adFreshness } from "../facts/ad-facts.js";
import { periodWords } from "../facts/scope.js";
import { MIN_CLICKS, IMPRESSION_SHARE_THRESHOLD, MAX_BID_STEP, noAds, median, keywordRows } from "./ad-common.js";

export async function keywordOpportunities(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"keyword_opportunities">> {
  const f = understanding.filters;
  const { scope, rows } = await keywordRows(ctx, understanding);
  const judged = rows.filter((r) => r.clicks >= MIN_CLICKS);
  const med = median(judged.map((r) => r.conversion_rate ?? 0));
  const isCond = f.conditions?.find((c) => c.metric === "impression_share");
  const threshold = isCond && (isCond.op === "<" || isCond.op === "<=") ? isCond.value : IMPRESSION_SHARE_THRESHOLD;
  const found = judged.filter(
    (r) => (r.conversion_rate ?? 0) > med && r.impression_share !== null && r.impression_share < threshold,
  );
  const ordered = sortRows(
    applyConditions(
      found,
      f.conditions?.filter((c) => c !== isCond),
    ),
    "conversion_rate",
    f.sort ?? "desc",
    (r) => r.target_id,
  );
  const { shown, total: totalRows } = limitRows(ordered, f.limit, 25);
  const keywords = shown.map(({ raw: _raw, ...r }) => ({
    ...r,
    account_median_conversion_rate: roundTo(med, 2),
    suggested_bid: r.bid !== null ? money(r.bid * (1 + MAX_BID_STEP), r.currency) : null,
  }));
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products keyword reports.";
  } else if (!keywords.length) {
    summary = `No keyword with at least ${MIN_CLICKS} clicks converts above your ${formatPercent(med)} median while showing under ${formatPercent(threshold)} top-of-search impression share in ${periodWords(scope)}.`;
    recommendation =
      "Your best converters already get their share of impressions; look for new keywords in your search term report.";
  } else {
    const k = keywords[0];
    summary =
      `${totalRows} keyword${totalRows === 1 ? "" : "s"} convert above your ${formatPercent(med)} median but win under ${formatPercent(threshold)} of top-of-search impressions. ` +
      `Best: "${k.keyword}" (${k.match_type ?? k.kind}, ${k.campaign}) converts ${formatPercent(k.conversion_rate)} of ${formatNumber(k.clicks)} clicks at ${formatPercent(k.acos)} ACoS with only ${formatPercent(k.impression_share)} impression share.`;
    recommendation = `Raise the bid on "${k.keyword}" from ${k.bid !== null ? formatMoney(k.bid, k.currency) : "its default"} to ${k.suggested_bid !== null ? formatMoney(k.suggested_bid, k.currency) : "a higher bid"} (+${MAX_BID_STEP * 100}%) and watch its ACoS for a week.`;
  }
  return {
    result: {
      keywords,
      account_median_conversion_rate: roundTo(med, 2),
      impression_share_threshold: threshold,
      min_clicks: MIN_CLICKS,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "keywords",
    totalRows,
    freshness: rows.length ? await adFreshness(ctx, scope.range) : null,
  };
}
