/** sales_summary: totals for a period, per marketplace and across them. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { noDataInScope, salesFreshness, type Outcome } from "./outcome.js";
import { groupedFacts, productFacts, ratios, sumFacts, type ProductFacts } from "../facts/product-facts.js";
import { clampToData, periodWords, scopeOf } from "../facts/scope.js";
import { salesTrend } from "./sales-trend.js";
import { costGapWords, costGaps } from "../facts/cost-gaps.js";
import { adExtent } from "../facts/ad-facts.js";

/** A totals row in one currency. */
export function totalsRow(f: ProductFacts, currency: string) {
  const r = ratios(f);
  const p = (v: number | null) => (v === null ? null : roundTo(v, 2));
  return {
    revenue: money(f.revenue, currency),
    units_sold: Math.round(f.units),
    orders: Math.round(f.orders),
    profit: money(f.profit, currency),
    profit_margin: p(r.profit_margin),
    refund_units: Math.round(f.refund_units),
    refund_rate: p(r.refund_rate),
    sessions: Math.round(f.sessions),
    conversion_rate: p(r.conversion_rate),
    ad_spend: money(f.ad_spend, currency),
    tacos: p(r.tacos),
    currency,
  };
}

export async function salesSummary(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"sales_summary">> {
  const f = understanding.filters;
  if (f.group_by && ["day", "week", "month", "quarter"].includes(f.group_by)) return salesTrend(ctx, understanding);
  const scope = await scopeOf(ctx, understanding);
  // Per-marketplace sums come from SQL: a few rows, not one per product.
  const facts = await groupedFacts(ctx, scope.range, scope);
  const home = scope.marketplace ? (ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency) : ctx.homeCurrency;
  const period = periodWords(scope);
  const groupBy =
    f.group_by === "category" || f.group_by === "subcategory" || f.group_by === "asin" ? f.group_by : "marketplace";
  const marketCodes = [...new Set(facts.map((x) => x.marketplace))].sort();
  const marketplaces = marketCodes.map((m) => {
    const currency = ctx.currencies.get(m) ?? ctx.homeCurrency;
    const own = sumFacts(
      ctx,
      facts.filter((x) => x.marketplace === m),
      () => m,
      currency,
      scope.range,
    ).get(m)!;
    return { marketplace: m, ...totalsRow(own, currency) };
  });
  const total = sumFacts(ctx, facts, () => "all", home, scope.range).get("all");
  const totals = total ? totalsRow(total, home) : undefined;
  // Products sold without a unit cost leave the cost of goods unknown: no margin is shown as if it were known.
  const gaps = await costGaps(ctx, scope.range, scope);
  if (gaps.withoutCost) {
    if (totals) totals.profit_margin = null;
    for (const m of marketplaces) m.profit_margin = null;
  }
  // Ad reports often reach back less far than sales: over a longer period, spend is known only for part of it.
  const ads = totals?.ad_spend ? await adExtent(ctx, scope.range) : undefined;
  const salesStart = clampToData(scope.range, await ctx.extent())?.start ?? scope.range.start;
  const adsStartLate = ads?.first ? ads.first > salesStart : false;
  if (adsStartLate) {
    if (totals) totals.tacos = null;
    for (const m of marketplaces) m.tacos = null;
  }
  let primaryKey = "marketplaces";
  // The grouping names the primary table and the rows' first field: one of the shapes sales_summary declares.
  const result: Record<string, unknown> = {};
  if (groupBy === "marketplace") result.marketplaces = marketplaces;
  else {
    const grouped =
      groupBy === "asin"
        ? sumFacts(ctx, await productFacts(ctx, scope.range, scope), (x: ProductFacts) => x.asin, home, scope.range)
        : sumFacts(
            ctx,
            await groupedFacts(ctx, scope.range, scope, groupBy),
            (x) => x.label ?? "Uncategorised",
            home,
            scope.range,
          );
    primaryKey = groupBy === "asin" ? "products" : "categories";
    result[primaryKey] = [...grouped.entries()]
      .map(([k, v]) => ({ [groupBy === "asin" ? "asin" : groupBy]: k, ...totalsRow(v, home) }))
      .sort((a, b) => b.revenue - a.revenue);
  }
  let summary: string;
  let recommendation: string;
  if (!totals || (totals.units_sold === 0 && totals.revenue === 0)) {
    summary = await noDataInScope(ctx, scope, "sales");
    recommendation = "Ask about a period inside your data, or import more reports.";
  } else {
    const parts =
      marketplaces.length > 1 && !scope.marketplace
        ? ` (${marketplaces.map((m) => `${m.marketplace} ${formatMoney(m.revenue, m.currency)}`).join(", ")})`
        : "";
    summary =
      `${scope.label ? `${scope.label[0].toUpperCase()}${scope.label.slice(1)}, you` : "You"} sold ${formatNumber(totals.units_sold)} units in ${formatNumber(totals.orders)} orders for ` +
      `${formatMoney(totals.revenue, home)}${parts} in ${period}, ` +
      (gaps.withoutCost
        ? `keeping ${formatMoney(totals.profit, home)} after fees, refunds and ${formatMoney(totals.ad_spend, home)} of ad spend but before the cost of goods of ` +
          `${gaps.withoutCost} of ${gaps.sold} products sold, which have no unit cost: profit and margin are unknown.`
        : `keeping ${formatMoney(totals.profit, home)} profit (${formatPercent(totals.profit_margin)} margin) after costs, fees, refunds and ${formatMoney(totals.ad_spend, home)} of ad spend.`) +
      (adsStartLate
        ? ` Your ad data starts on ${ads?.first}: before then, profit includes no ad spend, and TACoS is not known for the whole period.`
        : "");
    const weakest = [...marketplaces]
      .filter((m) => m.profit_margin !== null)
      .sort((a, b) => (a.profit_margin ?? 0) - (b.profit_margin ?? 0))[0];
    if (gaps.withoutCost) recommendation = costGapWords(gaps);
    else if (totals.tacos !== null && totals.tacos > 15)
      recommendation = `Ad spend is ${formatPercent(totals.tacos)} of sales (TACoS): trim the campaigns with the highest ACoS to lift the ${formatPercent(totals.profit_margin)} margin.`;
    else if (totals.refund_rate !== null && totals.refund_rate > 5)
      recommendation = `${formatPercent(totals.refund_rate)} of units came back: look at the refund analysis for the products driving returns.`;
    else if (weakest && marketplaces.length > 1)
      recommendation = `${weakest.marketplace} has the thinnest margin (${formatPercent(weakest.profit_margin)}): check its prices and fees against the other marketplaces.`;
    else
      recommendation = `Margin is ${formatPercent(totals.profit_margin)}; compare with the previous period to see whether it is improving.`;
  }
  return {
    result: {
      ...result,
      totals: totals ?? null,
      currency: home,
      period: scope.range,
      analysis: { summary, recommendation },
    } as unknown as Outcome<"sales_summary">["result"],
    primaryKey,
    freshness: totals ? await salesFreshness(ctx, scope.range) : null,
  };
}
