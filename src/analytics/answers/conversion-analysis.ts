/** conversion_analysis: products ranked by conversion rate (or traffic), with the overall rate. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { applyConditions, noDataInScope, salesFreshness, sortRows, type Outcome, limitRows } from "./outcome.js";
import { completeRows, productRows, withListings, type ProductRow } from "../facts/product-rows.js";
import { periodWords, scopeOf, type Scope } from "../facts/scope.js";
import { sumByCategory } from "../facts/category-groups.js";

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
    f.conditions?.length
      ? undefined
      : [
          "units",
          "sessions",
          "page_views",
          "bb_weighted",
          "bb_views",
          // By category, the categories' revenue is summed here; by product, only the rows shown are completed.
          ...(f.group_by === "category" ? (["revenue"] as const) : []),
        ],
  );
  const seen = set.rows.filter((r) => r.sessions > 0);
  const metric =
    f.metrics?.[0] && ["sessions", "page_views", "conversion_rate", "units_sold"].includes(f.metrics[0])
      ? f.metrics[0]
      : "conversion_rate";
  const totals = conversionTotals(seen);
  if (f.group_by === "category")
    return conversionByCategory(ctx, understanding, scope, set.currency, seen, metric, totals);
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
  const { sessions, overall } = totals;
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

interface ConversionTotals {
  sessions: number;
  /** Units per session over all the rows, in percent; null without sessions. */
  overall: number | null;
}

/** Sessions and units over all the rows: the overall rate every grouping is judged against. */
function conversionTotals(seen: readonly ProductRow[]): ConversionTotals {
  const sessions = seen.reduce((s, r) => s + r.sessions, 0);
  const units = seen.reduce((s, r) => s + r.units_sold, 0);
  return { sessions, overall: sessions ? roundTo((units / sessions) * 100, 2) : null };
}

/** Conversion per category: each category's units over its sessions, ranked like products. */
async function conversionByCategory(
  ctx: AnalyticsContext,
  understanding: Understanding,
  scope: Scope,
  currency: string,
  seen: ProductRow[],
  metric: string,
  { sessions, overall }: ConversionTotals,
): Promise<Outcome<"conversion_analysis">> {
  const f = understanding.filters;
  // Every product needs its category here, not only the rows shown.
  const groups = sumByCategory(await withListings(ctx, seen, scope.marketplace), [
    "sessions",
    "page_views",
    "units_sold",
    "revenue",
  ] as const).map((g) => ({
    category: g.category,
    products: g.products,
    sessions: g.sums.sessions,
    page_views: g.sums.page_views,
    units_sold: g.sums.units_sold,
    conversion_rate: g.sums.sessions ? roundTo((g.sums.units_sold / g.sums.sessions) * 100, 2) : null,
    revenue: money(g.sums.revenue, currency),
    currency,
  }));
  const { shown: categories, total: totalRows } = limitRows(
    sortRows(applyConditions(groups, f.conditions), metric, f.sort ?? "desc", (r) => r.category),
    f.limit,
    20,
  );
  let summary: string;
  let recommendation: string;
  if (!categories.length) {
    summary = await noDataInScope(ctx, scope, "traffic");
    recommendation = "Ask about a period inside your data.";
  } else {
    const first = categories[0];
    summary =
      `Across ${formatNumber(sessions)} sessions you converted ${formatPercent(overall)} (units per session) in ${periodWords(scope)}. ` +
      `${first.category} ${metric === "conversion_rate" ? `converts ${formatPercent(first.conversion_rate)}` : `has ${formatNumber(Number(first[metric as keyof typeof first]))} ${metric.replace(/_/g, " ")}`} from ${formatNumber(first.sessions)} sessions over ${first.products} products.`;
    const weak = [...groups]
      .filter((g) => overall !== null && g.conversion_rate !== null && g.conversion_rate < overall * 0.75)
      .sort((a, b) => b.sessions - a.sessions)[0];
    recommendation = weak
      ? `${weak.category} converts only ${formatPercent(weak.conversion_rate)} on ${formatNumber(weak.sessions)} sessions: ask for conversion by product in it to find the listings that lose shoppers.`
      : `Every category converts within a quarter of your ${formatPercent(overall)} average; ask by product to find single listings that stand out.`;
  }
  return {
    result: {
      categories,
      overall_conversion_rate: overall,
      currency,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "categories",
    totalRows,
    freshness: categories.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
