/** advertising_summary: ad spend, sales, ACoS and TACoS per marketplace and in all. */
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import { dialectOf } from "../../store/dialect.js";
import { factsTable, SALES_ROLLUP } from "../../store/rollups.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent, formatPoints } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import type { Outcome } from "./outcome.js";
import { adExtent, adFreshness, campaignFacts, campaignIdsFor, type AdFacts } from "../facts/ad-facts.js";
import { clampToData, periodWords, scopeOf } from "../facts/scope.js";
import { scopeWhere } from "../../store/scope-where.js";
import { pct, adMetrics, noAds } from "./ad-common.js";

export async function advertisingSummary(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"advertising_summary">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await campaignFacts(ctx, scope.range, scope, ids);
  // Total sales per marketplace, for TACoS, over the days the ad data covers: ad reports often reach back less
  // far than sales (a year against three), and a year of spend over three years of sales is no TACoS at all.
  const adRange = clampToData(scope.range, await adExtent(ctx, scope.range)) ?? scope.range;
  const salesRange = clampToData(scope.range, await ctx.extent()) ?? scope.range;
  const adRangeIsNarrower = adRange.start > salesRange.start || adRange.end < salesRange.end;
  const sales = factsTable(SALES_ROLLUP, {
    dialect: dialectOf(ctx.db),
    accountId: ctx.accountId,
    range: adRange,
    where: () => scopeWhere({ marketplace: scope.marketplace }),
    rollups: await ctx.rollups(),
  });
  const q = sql<{
    marketplace: string;
    revenue: number;
  }>`select marketplace, ${dialectOf(ctx.db).sum(sql.ref("revenue"))} as revenue from ${sales} as s group by marketplace`;
  const compiled = q.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const revenue = new Map((await ctx.db.executeQuery(compiled)).rows.map((r) => [r.marketplace, r.revenue]));
  const byMarket = new Map<string, AdFacts>();
  for (const x of facts) {
    const m = byMarket.get(x.marketplace) ?? {
      marketplace: x.marketplace,
      campaign_id: "",
      impressions: 0,
      clicks: 0,
      spend: 0,
      sales: 0,
      orders: 0,
      units: 0,
      tos_weighted: 0,
      tos_impressions: 0,
    };
    for (const k of [
      "impressions",
      "clicks",
      "spend",
      "sales",
      "orders",
      "units",
      "tos_weighted",
      "tos_impressions",
    ] as const)
      m[k] = (m[k] ?? 0) + (x[k] ?? 0);
    byMarket.set(x.marketplace, m);
  }
  const marketplaces = [...byMarket.values()]
    .sort((a, b) => (a.marketplace < b.marketplace ? -1 : 1))
    .map((m) => {
      const currency = ctx.currencies.get(m.marketplace) ?? ctx.homeCurrency;
      const total = revenue.get(m.marketplace) ?? 0;
      return {
        marketplace: m.marketplace,
        ...adMetrics(m, currency),
        ad_spend: money(m.spend, currency),
        ad_sales: money(m.sales, currency),
        total_sales: money(total, currency),
        tacos: pct(m.spend, total),
      };
    });
  const home = scope.marketplace ? (ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency) : ctx.homeCurrency;
  const conv = (v: number, m: string) => ctx.exchange(v, ctx.currencies.get(m) ?? home, home, scope.range);
  const spend = [...byMarket.values()].reduce((s, m) => s + conv(m.spend, m.marketplace), 0);
  const adSales = [...byMarket.values()].reduce((s, m) => s + conv(m.sales, m.marketplace), 0);
  const totalSales = [...revenue.entries()].reduce((s, [m, v]) => s + conv(v, m), 0);
  const clicks = [...byMarket.values()].reduce((s, m) => s + m.clicks, 0);
  const impressions = [...byMarket.values()].reduce((s, m) => s + m.impressions, 0);
  const orders = [...byMarket.values()].reduce((s, m) => s + m.orders, 0);
  const totals = {
    ad_spend: money(spend, home),
    ad_sales: money(adSales, home),
    total_sales: money(totalSales, home),
    acos: pct(spend, adSales),
    tacos: pct(spend, totalSales),
    roas: spend ? roundTo(adSales / spend, 2) : null,
    impressions,
    clicks,
    orders,
    ctr: pct(clicks, impressions),
    cpc: clicks ? money(spend / clicks, home) : null,
    currency: home,
  };
  const target = f.target_acos ?? ctx.settings.target_acos;
  let summary: string;
  let recommendation: string;
  if (!facts.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products reports.";
  } else {
    summary =
      `In ${periodWords(scope)} you spent ${formatMoney(totals.ad_spend, home)} on ads for ${formatMoney(totals.ad_sales, home)} of ad sales: ACoS ${formatPercent(totals.acos)}, ` +
      `ROAS ${totals.roas?.toFixed(2) ?? "n/a"}x, TACoS ${formatPercent(totals.tacos)} of ${formatMoney(totals.total_sales, home)} total sales; ${formatNumber(clicks)} clicks at ${totals.cpc !== null ? formatMoney(totals.cpc, home) : "n/a"} each.` +
      (adRangeIsNarrower
        ? ` Your ad data covers ${adRange.start} to ${adRange.end} only, so TACoS compares with the sales of those days.`
        : "");
    const worst = [...marketplaces].filter((m) => m.acos !== null).sort((a, b) => (b.acos ?? 0) - (a.acos ?? 0))[0];
    recommendation =
      totals.acos !== null && totals.acos > target
        ? `ACoS is ${formatPoints(totals.acos - target)} over your ${formatPercent(target)} target${worst ? `, worst in ${worst.marketplace} (${formatPercent(worst.acos)})` : ""}: see the bid recommendations and wasted spend.`
        : `ACoS is within your ${formatPercent(target)} target; there is room to raise bids on keywords that convert well (see keyword opportunities).`;
  }
  return {
    result: {
      marketplaces,
      totals,
      target_acos: target,
      currency: home,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "marketplaces",
    freshness: facts.length ? await adFreshness(ctx, scope.range) : null,
  };
}
