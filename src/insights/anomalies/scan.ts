/**
 * An anomaly scan of an account: reads the product series the window needs
 * (the running totals when they are current, else the daily rows), runs the
 * detectors, and tells out-of-stock falls from the rest.
 */
import { addDaysIso, daysBetweenIso } from "../../core/dates.js";
import type { AnalyticsContext } from "../../analytics/facts/context.js";
import { dailyProductRows, productDailySales, runningTotalsOn } from "../../store/product-series.js";
import type { DateRange } from "../../core/timeframe.js";
import { anomalyId, detectAnomalies, type Anomaly } from "./detect.js";
import {
  baselineDays,
  runningTotalDays,
  seriesFromDaily,
  seriesFromRunningTotals,
  seriesLayout,
  type SeriesSet,
} from "./series-set.js";
import type { Sensitivity } from "./sensitivity.js";

/** The window scanned when none is asked for: the last two weeks of data. */
export const DEFAULT_WINDOW_DAYS = 14;
/** The longest window: a longer one would leave the baseline too far behind. */
export const MAX_WINDOW_DAYS = 31;

export interface ScanOptions {
  /** Days to look for anomalies in; default the last DEFAULT_WINDOW_DAYS days of data. */
  window?: DateRange;
  sensitivity?: Sensitivity;
  marketplace?: string;
  asins?: string[];
}

export interface AnomalyScan {
  window: DateRange;
  baseline: DateRange;
  sensitivity: Sensitivity;
  /** Products (per marketplace) scanned. */
  products: number;
  anomalies: Anomaly[];
}

/**
 * Scans the account for anomalies. The window is clamped to the data: it
 * ends on the last day with sales data, whatever day was asked for after it.
 *
 * @example
 * const scan = await scanAnomalies(ctx, { sensitivity: "normal" });
 * scan.anomalies[0]; // { metric: "units_sold", direction: "down", start: "2026-11-11", … }
 */
export async function scanAnomalies(ctx: AnalyticsContext, options: ScanOptions = {}): Promise<AnomalyScan> {
  const sensitivity = options.sensitivity ?? "normal";
  const window = await scanWindow(ctx, options.window);
  // No sales data at all (a mirror holding only listings, say): nothing to lay out or scan.
  if (!window.start) return { window, baseline: window, sensitivity, products: 0, anomalies: [] };
  const layout = seriesLayout(window);
  const baseline = { start: layout.baselineStart, end: addDaysIso(window.start, -1) };
  if (!window.start || window.start > window.end) return { window, baseline, sensitivity, products: 0, anomalies: [] };
  const scope = { marketplace: options.marketplace, asins: options.asins };
  const set = await readSeries(ctx, layout, scope);
  const inactive = await inactiveProducts(ctx, scope.marketplace);
  const categories = await categoriesOf(ctx, scope.marketplace);
  const anomalies = detectAnomalies(set, { sensitivity, accountId: ctx.accountId, inactive, categories });
  await refineStarts(ctx, anomalies, layout);
  await markStockOuts(ctx, anomalies, window.end);
  return { window, baseline, sensitivity, products: set.keys.length, anomalies };
}

/** The window asked for (or the default), ending no later than the last day of sales data. */
export async function scanWindow(ctx: AnalyticsContext, asked: DateRange | undefined): Promise<DateRange> {
  const extent = await ctx.extent();
  const yesterday = addDaysIso(ctx.today, -1);
  let end = asked?.end ?? yesterday;
  if (extent.last && end > extent.last) end = extent.last;
  let start = asked?.start ?? addDaysIso(end, -(DEFAULT_WINDOW_DAYS - 1));
  if (asked && asked.end > end) {
    // A window past the data keeps its length, moved back to end on the last day of data.
    start = addDaysIso(end, -Math.min(daysBetweenIso(asked.start, asked.end), MAX_WINDOW_DAYS - 1));
  }
  if (daysBetweenIso(start, end) >= MAX_WINDOW_DAYS) start = addDaysIso(end, -(MAX_WINDOW_DAYS - 1));
  if (!extent.last) return { start: "", end: "" };
  return { start, end };
}

async function readSeries(
  ctx: AnalyticsContext,
  layout: ReturnType<typeof seriesLayout>,
  scope: { marketplace?: string; asins?: string[] },
): Promise<SeriesSet> {
  const rollups = await ctx.rollups();
  if (rollups && rollups.last >= layout.end) {
    const products = await runningTotalsOn(ctx.db, ctx.accountId, runningTotalDays(layout), scope, "C", rollups);
    // A narrowed scan still takes the weekday rhythm from the whole marketplace.
    const markets = await runningTotalsOn(
      ctx.db,
      ctx.accountId,
      baselineDays(layout),
      { marketplace: scope.marketplace },
      "A",
    );
    return seriesFromRunningTotals(layout, products, markets);
  }
  const rows = await dailyProductRows(ctx.db, ctx.accountId, { start: layout.baselineStart, end: layout.end }, scope);
  return seriesFromDaily(layout, rows as Parameters<typeof seriesFromDaily>[1]);
}

/**
 * A level anomaly (buy box, price) already under way on the first day the
 * set holds day by day began earlier: its own product's daily rows over the
 * baseline say when, so its start (and id) stays the same run after run.
 */
async function refineStarts(
  ctx: AnalyticsContext,
  anomalies: Anomaly[],
  layout: ReturnType<typeof seriesLayout>,
): Promise<void> {
  const open = anomalies.filter(
    (a) => a.start === layout.denseStart && (a.metric === "buy_box_percentage" || a.metric === "price"),
  );
  if (!open.length) return;
  const keys = new Map(open.map((a) => [`${a.marketplace}|${a.asin}`, { marketplace: a.marketplace, asin: a.asin }]));
  const rows = await productDailySales(ctx.db, ctx.accountId, [...keys.values()], {
    start: layout.baselineStart,
    end: addDaysIso(layout.denseStart, -1),
  });
  const values = new Map<string, number>();
  for (const r of rows) {
    if (r.days !== 1) continue;
    const key = `${r.marketplace}|${r.asin}|${r.date}`;
    values.set(`buy_box_percentage|${key}`, r.bb_views ? r.bb_weighted! / r.bb_views : Number.NaN);
    values.set(`price|${key}`, r.units ? r.revenue! / r.units : Number.NaN);
  }
  for (const a of open) {
    const middle = (a.observed + a.expected) / 2;
    let start = a.start;
    while (start > layout.baselineStart) {
      const before = addDaysIso(start, -1);
      const v = values.get(`${a.metric}|${a.marketplace}|${a.asin}|${before}`);
      if (v === undefined || !(Number.isNaN(v) || (a.direction === "up" ? v > middle : v < middle))) break;
      start = before;
    }
    a.days += daysBetweenIso(start, a.start);
    a.start = start;
    a.id = anomalyId(ctx.accountId, a.marketplace, a.asin, a.metric, a.direction, start);
  }
}

/** Products whose every listing in a marketplace is no longer active. */
async function inactiveProducts(ctx: AnalyticsContext, marketplace?: string): Promise<Set<string>> {
  let q = ctx.db
    .selectFrom("products")
    .select(["marketplace", "asin", "status"])
    .where("account_id", "=", ctx.accountId)
    .where("status", "!=", "Active");
  if (marketplace) q = q.where("marketplace", "=", marketplace);
  const rows = await ctx.rows(q);
  if (!rows.length) return new Set();
  const keys = [...new Set(rows.map((r) => `${r.marketplace}|${r.asin}`))];
  let active = ctx.db
    .selectFrom("products")
    .select(["marketplace", "asin"])
    .where("account_id", "=", ctx.accountId)
    .where("status", "=", "Active")
    .where("asin", "in", [...new Set(rows.map((r) => r.asin))]);
  if (marketplace) active = active.where("marketplace", "=", marketplace);
  const listed = new Set((await ctx.rows(active)).map((r) => `${r.marketplace}|${r.asin}`));
  return new Set(keys.filter((k) => !listed.has(k)));
}

/** Each product's category (its first SKU's, in SKU order), by `${marketplace}|${asin}`. */
async function categoriesOf(ctx: AnalyticsContext, marketplace?: string): Promise<Map<string, string>> {
  let q = ctx.db
    .selectFrom("products")
    .select(["marketplace", "asin", "category"])
    .where("account_id", "=", ctx.accountId)
    .where("category", "is not", null);
  if (marketplace) q = q.where("marketplace", "=", marketplace);
  const out = new Map<string, string>();
  for (const r of await ctx.rows(q.orderBy("marketplace").orderBy("sku"))) {
    const key = `${r.marketplace}|${r.asin}`;
    if (!out.has(key) && r.category) out.set(key, r.category);
  }
  return out;
}

/** A fall that runs to the end while the product has no stock left is a stock-out, whatever else moved. */
async function markStockOuts(ctx: AnalyticsContext, anomalies: Anomaly[], end: string): Promise<void> {
  const falls = anomalies.filter(
    (a) => a.ongoing && a.direction === "down" && ["revenue", "units_sold", "conversion_rate"].includes(a.metric),
  );
  if (!falls.length) return;
  const asins = [...new Set(falls.map((a) => a.asin))];
  const latest = await ctx.rows(
    ctx.db
      .selectFrom("inventory_snapshots")
      .select((eb) => eb.fn.max("date").as("date"))
      .where("account_id", "=", ctx.accountId)
      .where("date", "<=", end),
  );
  const day = latest[0]?.date as string | null | undefined;
  if (!day || daysBetweenIso(day, end) > 7) return;
  const stock = await ctx.rows(
    ctx.db
      .selectFrom("inventory_snapshots")
      .select(["marketplace", "asin", (eb) => eb.fn.sum<number>("available").as("available")])
      .where("account_id", "=", ctx.accountId)
      .where("date", "=", day)
      .where("asin", "in", asins)
      .groupBy(["marketplace", "asin"]),
  );
  const empty = new Set(stock.filter((r) => Number(r.available) <= 0).map((r) => `${r.marketplace}|${r.asin}`));
  for (const a of falls) if (empty.has(`${a.marketplace}|${a.asin}`)) a.driver = "stock";
}
