/**
 * Per-product daily figures over a span, for scans that look at every
 * product day by day (anomaly detection): the running totals on chosen days
 * when the rollups are current, else the daily rows. Plain portable selects.
 */
import { sql } from "kysely";
import { dialectOf } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import { keptOn, keyTotalsOn, SALES_ROLLUP, totalsLayout } from "./rollups.js";
import { scopeWhere } from "./scope-where.js";

/** The figures a product series carries, as the sales rollup names them. */
export const PRODUCT_SERIES_MEASURES = [
  "units",
  "revenue",
  "sessions",
  "refund_units",
  "bb_weighted",
  "bb_views",
  "ad_spend",
  "ad_sales",
  "ad_clicks",
  "ad_orders",
  "days",
] as const;
export type ProductSeriesMeasure = (typeof PRODUCT_SERIES_MEASURES)[number];

export type ProductSeriesRow = Record<ProductSeriesMeasure, number> & {
  marketplace: string;
  asin: string;
  /** The day the figures are for (daily rows) or the running totals' day. */
  date: string;
};

export interface ProductSeriesScope {
  marketplace?: string;
  asins?: string[];
}

/**
 * Days per statement: a few at a time keeps each result small (a large
 * catalog's rows for every day at once are a garbage collector's feast) and
 * any list of days well under a bound-parameter limit.
 */
const DAYS_PER_READ = 6;

/**
 * The running totals (since each product's first day) of every product on
 * each of `days`; a product has none on days before its first. `grain` C is
 * per product, A per marketplace (asin ''). `rollups` (the usable rollups'
 * days) tells which days a weekly layout keeps per-product totals for; on
 * the others they are summed from the kept day before and the daily rows since.
 */
export async function runningTotalsOn(
  db: MirrorDb,
  accountId: string,
  days: readonly string[],
  scope: ProductSeriesScope = {},
  grain: "A" | "C" = "C",
  rollups?: { first: string; last: string },
): Promise<ProductSeriesRow[]> {
  const out: ProductSeriesRow[] = [];
  const dialect = dialectOf(db);
  const layout = totalsLayout(SALES_ROLLUP, dialect.engine);
  // Without the rollups' days a weekly layout's missing days would read as no totals at all.
  if (grain === "C" && layout.weekly && !rollups)
    throw new Error("runningTotalsOn: a weekly layout needs the rollups' days");
  // The summed totals are kept for every day; per-product ones on the days the layout keeps.
  const stored = grain === "A" || !layout.weekly || !rollups ? days : days.filter((d) => keptOn(layout, d, rollups));
  for (let i = 0; i < stored.length; i += DAYS_PER_READ) {
    let q = db
      .selectFrom("rollup_sales")
      .select(["period as date", "marketplace", "asin", ...PRODUCT_SERIES_MEASURES])
      .where("account_id", "=", accountId)
      // Grain A (the per-marketplace totals) is written by the rollups but not in the row type.
      .where("grain", "=", grain as "C")
      .where("period", "in", stored.slice(i, i + DAYS_PER_READ));
    if (scope.marketplace) q = q.where("marketplace", "=", scope.marketplace);
    if (scope.asins && grain === "C") q = q.where("asin", "in", scope.asins.length ? scope.asins : [""]);
    for (const row of (await q.execute()) as ProductSeriesRow[]) out.push(row);
  }
  if (stored.length === days.length || !rollups) return out;
  const where = () => scopeWhere(scope);
  for (const day of days.filter((d) => !stored.includes(d))) {
    const totals = keyTotalsOn(
      SALES_ROLLUP,
      { dialect, accountId, range: { start: day, end: day }, rollups, where, measures: PRODUCT_SERIES_MEASURES },
      day,
    );
    const query = sql<ProductSeriesRow>`select * from ${totals} as t`.compile(db);
    for (const row of (await db.executeQuery(query)).rows) out.push({ ...row, date: day });
  }
  return out;
}

/**
 * Every product's daily figures from `start` to `end`: its sales rows and
 * its advertising rows (summed over ad groups) as separate rows, whose
 * measures add up; `days` is 1 on a sales row.
 */
export async function dailyProductRows(
  db: MirrorDb,
  accountId: string,
  range: { start: string; end: string },
  scope: ProductSeriesScope = {},
): Promise<Partial<ProductSeriesRow>[]> {
  let sales = db
    .selectFrom("daily_sales")
    .select([
      "marketplace",
      "asin",
      "date",
      "units",
      "revenue",
      "sessions",
      "page_views",
      "refund_units",
      "buy_box_pct",
    ])
    .where("account_id", "=", accountId)
    .where("date", ">=", range.start)
    .where("date", "<=", range.end);
  let ads = db
    .selectFrom("ad_product_daily")
    .select((eb) => [
      "marketplace",
      "asin",
      "date",
      eb.fn.sum<number>("spend").as("ad_spend"),
      eb.fn.sum<number>("sales").as("ad_sales"),
      eb.fn.sum<number>("clicks").as("ad_clicks"),
      eb.fn.sum<number>("orders").as("ad_orders"),
    ])
    .where("account_id", "=", accountId)
    .where("date", ">=", range.start)
    .where("date", "<=", range.end)
    .groupBy(["marketplace", "asin", "date"]);
  if (scope.marketplace) {
    sales = sales.where("marketplace", "=", scope.marketplace);
    ads = ads.where("marketplace", "=", scope.marketplace);
  }
  if (scope.asins) {
    const asins = scope.asins.length ? scope.asins : [""];
    sales = sales.where("asin", "in", asins);
    ads = ads.where("asin", "in", asins);
  }
  const rows: Partial<ProductSeriesRow>[] = [];
  for (const r of await sales.execute()) {
    // The rollup's buy box sums: a day without a buy box figure counts no page views toward it.
    const views = r.buy_box_pct === null ? 0 : r.page_views;
    rows.push({
      marketplace: r.marketplace,
      asin: r.asin,
      date: r.date,
      units: r.units,
      revenue: r.revenue,
      sessions: r.sessions,
      refund_units: r.refund_units,
      bb_weighted: (r.buy_box_pct ?? 0) * views,
      bb_views: views,
      days: 1,
    });
  }
  for (const r of await ads.execute()) {
    rows.push({
      marketplace: r.marketplace,
      asin: r.asin,
      date: r.date,
      ad_spend: Number(r.ad_spend),
      ad_sales: Number(r.ad_sales),
      ad_clicks: Number(r.ad_clicks),
      ad_orders: Number(r.ad_orders),
    });
  }
  return rows;
}

/**
 * One product's daily sales rows (as dailyProductRows gives them, without
 * advertising) from `start` to `end`: a primary-key range each, for the few
 * products a scan looks at closer.
 */
export async function productDailySales(
  db: MirrorDb,
  accountId: string,
  products: readonly { marketplace: string; asin: string }[],
  range: { start: string; end: string },
): Promise<Partial<ProductSeriesRow>[]> {
  const rows: Partial<ProductSeriesRow>[] = [];
  for (const p of products) {
    const found = await db
      .selectFrom("daily_sales")
      .select(["marketplace", "asin", "date", "units", "revenue", "page_views", "buy_box_pct"])
      .where("account_id", "=", accountId)
      .where("marketplace", "=", p.marketplace)
      .where("asin", "=", p.asin)
      .where("date", ">=", range.start)
      .where("date", "<=", range.end)
      .execute();
    for (const r of found) {
      const views = r.buy_box_pct === null ? 0 : r.page_views;
      rows.push({
        marketplace: r.marketplace,
        asin: r.asin,
        date: r.date,
        units: r.units,
        revenue: r.revenue,
        bb_weighted: (r.buy_box_pct ?? 0) * views,
        bb_views: views,
        days: 1,
      });
    }
  }
  return rows;
}
