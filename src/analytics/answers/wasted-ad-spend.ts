/** wasted_ad_spend: search terms that took clicks without an order. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { applyConditions, type Outcome, limitRows } from "./outcome.js";
import { adFreshness, campaignIdsFor, campaignsOf, searchTermFacts, targetsOf } from "../facts/ad-facts.js";
import { periodWords, scopeOf } from "../facts/scope.js";
import { pct, MIN_CLICKS, noAds } from "./ad-common.js";

export async function wastedAdSpend(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"wasted_ad_spend">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await searchTermFacts(ctx, scope.range, scope, ids);
  const targets = await targetsOf(ctx);
  const campaigns = await campaignsOf(ctx);
  const minClicks =
    f.conditions?.find((c) => c.metric === "clicks" && (c.op === ">" || c.op === ">="))?.value ?? MIN_CLICKS;
  const wasted = facts
    .filter((x) => x.orders === 0 && x.clicks >= minClicks)
    .map((x) => {
      const currency = ctx.currencies.get(x.marketplace) ?? ctx.homeCurrency;
      return {
        search_term: x.search_term!,
        keyword: targets.get(x.target_id!)?.text ?? x.target_id!,
        target_id: x.target_id!,
        campaign: campaigns.get(x.campaign_id)?.name ?? x.campaign_id,
        campaign_id: x.campaign_id,
        marketplace: x.marketplace,
        impressions: Math.round(x.impressions),
        clicks: Math.round(x.clicks),
        spend: money(x.spend, currency),
        orders: 0,
        cpc: x.clicks ? money(x.spend / x.clicks, currency) : null,
        currency,
      };
    });
  const { shown: keywords, total: totalRows } = limitRows(
    applyConditions(
      wasted,
      f.conditions?.filter((c) => c.metric !== "clicks"),
    ).sort((a, b) => b.spend - a.spend || (a.search_term < b.search_term ? -1 : 1)),
    f.limit,
    50,
  );
  const home = scope.marketplace ? (ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency) : ctx.homeCurrency;
  const total = money(
    wasted.reduce((s, w) => s + ctx.exchange(w.spend, w.currency, home, scope.range), 0),
    home,
  );
  const allSpend = facts.reduce(
    (s, x) => s + ctx.exchange(x.spend, ctx.currencies.get(x.marketplace) ?? home, home, scope.range),
    0,
  );
  let summary: string;
  let recommendation: string;
  if (!facts.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products search term reports.";
  } else if (!keywords.length) {
    summary = `No search term took ${minClicks} or more clicks without an order in ${periodWords(scope)}.`;
    recommendation = "No negative keywords needed right now.";
  } else {
    const w = keywords[0];
    summary =
      `${wasted.length} search term${wasted.length === 1 ? "" : "s"} took at least ${minClicks} clicks without a single order in ${periodWords(scope)}, wasting ${formatMoney(total, home)} ` +
      `(${formatPercent(pct(total, allSpend))} of search term spend). Worst: "${w.search_term}" (keyword "${w.keyword}", ${w.campaign}) with ${w.clicks} clicks for ${formatMoney(w.spend, w.currency)}.`;
    recommendation =
      `Add "${w.search_term}" as a negative exact keyword in ${w.campaign}` +
      (keywords.length > 1 ? `, and review the other ${keywords.length - 1} terms listed.` : ".");
  }
  return {
    result: {
      keywords,
      wasted_spend: total,
      min_clicks: minClicks,
      currency: home,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "keywords",
    totalRows,
    freshness: facts.length ? await adFreshness(ctx, scope.range) : null,
  };
}
