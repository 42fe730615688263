/**
 * Product rows for rankings and product lists: current facts per product
 * (per marketplace when one is asked for, else summed across marketplaces in
 * the home currency) with growth against the previous equal period.
 */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "./context.js";
import { money, changePercent, roundTo } from "../../core/money.js";
import {
  entryForAsin,
  listingsOf,
  productFacts,
  productMeasure,
  ratios,
  sumFacts,
  type FactColumn,
  type ProductFacts,
} from "./product-facts.js";
import { previousRange, type Scope } from "./scope.js";

export interface ProductRow {
  asin: string;
  title: string;
  marketplace: string;
  category: string | null;
  units_sold: number;
  revenue: number;
  orders: number;
  profit: number;
  profit_margin: number | null;
  growth_rate: number | null;
  refund_units: number;
  refund_amount: number;
  refund_rate: number | null;
  sessions: number;
  page_views: number;
  conversion_rate: number | null;
  buy_box_percentage: number | null;
  ad_spend: number;
  ad_sales: number;
  acos: number | null;
  tacos: number | null;
  roas: number | null;
  currency: string;
  [key: string]: unknown;
}

export interface ProductRowSet {
  rows: ProductRow[];
  /** Raw (unrounded) current and previous facts per row key, for drivers and totals. */
  current: Map<string, ProductFacts>;
  /** Previous-period revenue per row key. */
  previous: Map<string, number>;
  currency: string;
}

/** The currency a scope's money is stated in: the marketplace's, else the home currency. */
export function scopeCurrency(ctx: AnalyticsContext, scope: Pick<Scope, "marketplace">): string {
  return scope.marketplace ? (ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency) : ctx.homeCurrency;
}

/**
 * One row per product (per marketplace and ASIN when the scope names a
 * marketplace). With `columns`, only those measures are read and the rows'
 * other figures are 0: enough to filter and rank, after which completeRows
 * gives the rows shown every figure.
 */
export async function productRows(
  ctx: AnalyticsContext,
  scope: Scope,
  _understanding: Understanding | undefined,
  withPrevious = true,
  columns?: readonly FactColumn[],
): Promise<ProductRowSet> {
  const currency = scopeCurrency(ctx, scope);
  const keyOf = (f: ProductFacts) => (scope.marketplace ? `${f.marketplace}|${f.asin}` : f.asin);
  const current = sumFacts(ctx, await productFacts(ctx, scope.range, scope, columns), keyOf, currency, scope.range);
  const prevRange = previousRange(scope.range);
  // Growth needs only the previous period's revenue.
  const previous = new Map<string, number>();
  if (withPrevious) {
    await ctx.ensureRates(prevRange);
    for (const p of await productMeasure(ctx, prevRange, scope, "revenue")) {
      const key = scope.marketplace ? `${p.marketplace}|${p.asin}` : p.asin;
      const value = ctx.exchange(p.value, ctx.currencies.get(p.marketplace) ?? ctx.homeCurrency, currency, prevRange);
      previous.set(key, (previous.get(key) ?? 0) + value);
    }
  }
  const rows: ProductRow[] = [];
  for (const [key, f] of current) {
    const asin = scope.marketplace ? key.split("|")[1] : key;
    const r = ratios(f);
    const prev = previous.get(key);
    rows.push({
      asin,
      // Filled by withListings for the rows an answer shows.
      title: "",
      marketplace: scope.marketplace ?? f.marketplace,
      category: null,
      units_sold: Math.round(f.units),
      revenue: money(f.revenue, currency),
      orders: Math.round(f.orders),
      profit: money(f.profit, currency),
      // Without a unit cost the cost of goods is unknown: no margin rather than one without it.
      profit_margin: r.profit_margin === null || (!f.has_cost && f.units > 0) ? null : roundTo(r.profit_margin, 2),
      growth_rate: prev !== undefined ? changePercent(f.revenue, prev) : null,
      refund_units: Math.round(f.refund_units),
      refund_amount: money(f.refund_amount, currency),
      refund_rate: r.refund_rate === null ? null : roundTo(r.refund_rate, 2),
      sessions: Math.round(f.sessions),
      page_views: Math.round(f.page_views),
      conversion_rate: r.conversion_rate === null ? null : roundTo(r.conversion_rate, 2),
      buy_box_percentage: r.buy_box_percentage === null ? null : roundTo(r.buy_box_percentage, 2),
      ad_spend: money(f.ad_spend, currency),
      ad_sales: money(f.ad_sales, currency),
      acos: r.acos === null ? null : roundTo(r.acos, 2),
      tacos: r.tacos === null ? null : roundTo(r.tacos, 2),
      roas: r.roas === null ? null : roundTo(r.roas, 2),
      currency,
    });
  }
  return { rows, current, previous, currency };
}

/**
 * Fills the title and category of the rows an answer shows (a whole catalog
 * is not read for a top 10).
 */
export async function withListings<R extends ProductRow>(
  ctx: AnalyticsContext,
  rows: R[],
  marketplace: string | undefined,
): Promise<R[]> {
  const listings = await listingsOf(
    ctx,
    rows.map((r) => r.asin),
    marketplace,
  );
  for (const row of rows) {
    const info = entryForAsin(listings, row.asin, marketplace);
    row.title = info?.title ?? "";
    row.category = info?.category ?? null;
  }
  return rows;
}

/**
 * The rows an answer shows, complete (every measure, growth when asked for,
 * title), in the order given. A product's figures do not depend on the other
 * products read with it, so reading only these gives the same numbers.
 */
export async function completeRows(
  ctx: AnalyticsContext,
  scope: Scope,
  rows: ProductRow[],
  withPrevious: boolean,
): Promise<ProductRow[]> {
  if (!rows.length) return rows;
  const keyOf = (r: ProductRow) => (scope.marketplace ? `${r.marketplace}|${r.asin}` : r.asin);
  const full = await productRows(
    ctx,
    { ...scope, asins: [...new Set(rows.map((r) => r.asin))] },
    undefined,
    withPrevious,
  );
  const byKey = new Map(full.rows.map((r) => [keyOf(r), r]));
  return withListings(
    ctx,
    rows.map((r) => byKey.get(keyOf(r)) ?? r),
    scope.marketplace,
  );
}
