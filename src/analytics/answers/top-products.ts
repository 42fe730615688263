/** top_products: a ranking of products by one metric. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { applyConditions, conditionNotes, noDataInScope, salesFreshness, sortRows, type Outcome } from "./outcome.js";
import { completeRows, productRows, type ProductRow } from "../facts/product-rows.js";
import type { FactColumn } from "../facts/product-facts.js";
import { costGapWords, costGaps } from "../facts/cost-gaps.js";
import { periodWords, scopeOf } from "../facts/scope.js";

const RANKABLE = new Set([
  "revenue",
  "units_sold",
  "orders",
  "profit",
  "profit_margin",
  "growth_rate",
  "refund_rate",
  "conversion_rate",
  "sessions",
  "page_views",
  "buy_box_percentage",
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
]);

export function describeMetric(metric: string, value: unknown, currency: string): string {
  if (value === null || value === undefined) return "n/a";
  const v = Number(value);
  if (["revenue", "profit", "ad_spend", "ad_sales", "refund_amount", "inventory_value", "price"].includes(metric))
    return formatMoney(v, currency);
  if (
    ["profit_margin", "growth_rate", "refund_rate", "conversion_rate", "buy_box_percentage", "acos", "tacos"].includes(
      metric,
    )
  )
    return formatPercent(v);
  if (metric === "roas") return `${v.toFixed(2)}x`;
  return formatNumber(v);
}

/** The measures a ranking by each metric reads (revenue is always read: the summary states the total). */
const RANKING_COLUMNS: Record<string, FactColumn[]> = {
  revenue: [],
  units_sold: ["units"],
  orders: ["orders"],
  profit: ["profit"],
  profit_margin: ["profit"],
  growth_rate: [],
  refund_rate: ["refund_units", "units"],
  conversion_rate: ["units", "sessions"],
  sessions: ["sessions"],
  page_views: ["page_views"],
  buy_box_percentage: ["bb_weighted", "bb_views"],
  ad_spend: ["ad_spend"],
  ad_sales: ["ad_sales"],
  acos: ["ad_spend", "ad_sales"],
  tacos: ["ad_spend"],
  roas: ["ad_spend", "ad_sales"],
};

export async function topProducts(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"top_products">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const asked = f.metrics?.[0] ?? "revenue";
  const metric = RANKABLE.has(asked) ? asked : "revenue";
  const direction = f.sort ?? "desc";
  const limit = f.limit ?? 10;
  // Ranking reads only what the metric (and any condition) needs; the rows shown are then read whole.
  const narrow = !f.conditions?.length;
  const set = narrow
    ? await productRows(ctx, scope, understanding, metric === "growth_rate", ["revenue", ...RANKING_COLUMNS[metric]])
    : await productRows(ctx, scope, understanding);
  let rows = applyConditions(set.rows, f.conditions);
  if (metric === "growth_rate") rows = rows.filter((r) => r.growth_rate !== null);
  const ranked = sortRows(rows, metric, direction, (r) => `${r.asin}|${r.marketplace}`);
  const top = await completeRows(ctx, scope, ranked.slice(0, limit), true);
  const currency = set.currency;
  const notes = [...conditionNotes(set.rows, f.conditions)];
  if (metric !== asked) notes.push(`Products cannot be ranked by ${asked} here; ranked by revenue instead.`);
  const totalRevenue = set.rows.reduce((s, r) => s + r.revenue, 0);
  const top_products = top.map((r) => pick(r));
  const period = periodWords(scope);
  let summary: string;
  let recommendation: string;
  if (top.length === 0) {
    summary = await noDataInScope(ctx, scope, "sales");
    recommendation = "Ask about a period inside your data, or another marketplace.";
  } else {
    const first = top[0];
    const word = direction === "asc" ? "lowest" : "top";
    const shareTop = top.reduce((s, r) => s + r.revenue, 0);
    summary =
      `Your ${word} product by ${metric.replace(/_/g, " ")} ${scope.label ? `${scope.label} ` : ""}for ${period} is ${first.asin}` +
      `${first.title ? ` (${first.title})` : ""} with ${describeMetric(metric, first[metric], currency)}` +
      (metric !== "revenue" ? `, ${formatMoney(first.revenue, currency)} revenue` : "") +
      ` from ${formatNumber(first.units_sold)} units` +
      (first.profit_margin !== null ? ` at a ${formatPercent(first.profit_margin)} margin` : "") +
      (first.growth_rate !== null
        ? `, ${first.growth_rate >= 0 ? "up" : "down"} ${formatPercent(Math.abs(first.growth_rate))} on the previous period`
        : "") +
      `. These ${top.length} products made ${formatMoney(money(shareTop, currency), currency)}` +
      (totalRevenue > 0
        ? `, ${formatPercent((shareTop / totalRevenue) * 100)} of the ${formatMoney(money(totalRevenue, currency), currency)} total.`
        : ".");
    recommendation = recommendFor(top, direction, currency);
    const gaps = await costGaps(ctx, scope.range, scope);
    if (gaps.withoutCost) {
      summary += ` ${costGapWords(gaps)}`;
      if (metric === "profit" || metric === "profit_margin") recommendation = costGapWords(gaps);
    }
  }
  return {
    result: {
      top_products,
      currency,
      period: scope.range,
      metric,
      ...(notes.length ? { notes } : {}),
      analysis: { summary, recommendation },
    },
    primaryKey: "top_products",
    totalRows: ranked.length,
    freshness: top.length ? await salesFreshness(ctx, scope.range) : null,
  };
}

function pick(r: ProductRow) {
  return {
    asin: r.asin,
    title: r.title,
    marketplace: r.marketplace,
    units_sold: r.units_sold,
    revenue: r.revenue,
    profit: r.profit,
    profit_margin: r.profit_margin,
    growth_rate: r.growth_rate,
    orders: r.orders,
    refund_rate: r.refund_rate,
    conversion_rate: r.conversion_rate,
    ad_spend: r.ad_spend,
    acos: r.acos,
    currency: r.currency,
  };
}

function recommendFor(top: ProductRow[], direction: "asc" | "desc", currency: string): string {
  const first = top[0];
  if (direction === "asc") {
    if (first.profit < 0)
      return `${first.asin} lost ${formatMoney(-first.profit, currency)}: cut its ad spend (${formatMoney(first.ad_spend, currency)}) or reprice it, and consider retiring it if it stays unprofitable.`;
    return `Review ${first.asin}: ${formatNumber(first.units_sold)} units sold; test a lower price or more visibility before deciding to keep it.`;
  }
  const losing = top.filter((r) => r.profit_margin !== null && r.profit_margin < 5);
  if (losing.length) {
    const worst = losing.sort((a, b) => (a.profit_margin ?? 0) - (b.profit_margin ?? 0))[0];
    return `${worst.asin} sells well but keeps only a ${formatPercent(worst.profit_margin)} margin (${formatMoney(worst.profit, currency)} profit, ${formatMoney(worst.ad_spend, currency)} ad spend): review its price, costs and ads.`;
  }
  const falling = top.filter((r) => r.growth_rate !== null && r.growth_rate < -10);
  if (falling.length) {
    const f = falling.sort((a, b) => (a.growth_rate ?? 0) - (b.growth_rate ?? 0))[0];
    return `${f.asin} fell ${formatPercent(Math.abs(f.growth_rate!))} against the previous period: check its stock, buy box and reviews.`;
  }
  return `Keep ${first.asin} in stock and well advertised: it brings ${formatMoney(first.revenue, currency)} at a ${formatPercent(first.profit_margin)} margin.`;
}
