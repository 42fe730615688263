/**
 * Turns an understanding's filters into the date range, marketplaces and
 * product scope an analysis reads.
 */
import { sql } from "kysely";
import type { Filters, Understanding } from "../../core/understanding.js";
import { periodName, periodOf } from "../../core/timeframe.js";
import { addDaysIso } from "../../core/dates.js";
import type { AnalyticsContext } from "./context.js";
import type { DateRange } from "../../core/timeframe.js";

export interface Scope {
  range: DateRange;
  timeframe: string;
  marketplace?: string;
  /** ASINs the filters narrow to (asin, sku, category); undefined = all. */
  asins?: string[];
  category?: string;
  /** Human words for the scope, for summaries: "in the US", "in Kitchen". */
  label: string;
}

/** The date range of the filters: date_range, else the timeframe token, else the default. */
export function rangeOf(
  filters: Filters,
  today: string,
  fallback = "last_30_days",
): { range: DateRange; timeframe: string } {
  const timeframe = filters.timeframe ?? fallback;
  if (filters.date_range?.start && filters.date_range?.end) return { range: { ...filters.date_range }, timeframe };
  const resolved = periodOf(timeframe, today) ?? periodOf(fallback, today)!;
  return { range: resolved, timeframe };
}

/** Resolves filters to a scope; ASIN lists come from the catalog. */
export async function scopeOf(
  ctx: AnalyticsContext,
  understanding: Understanding,
  fallback = "last_30_days",
): Promise<Scope> {
  const f = understanding.filters;
  const { range, timeframe } = rangeOf(f, ctx.today, fallback);
  if (timeframe === "all_time" && !f.date_range) {
    // "Everything in the mirror": from the first day of data.
    const extent = await ctx.extent();
    range.start = extent.first ?? ctx.today;
    if (extent.last && extent.last < range.end) range.end = extent.last;
  }
  let asins: string[] | undefined;
  if (f.asin) asins = [String(f.asin).toUpperCase()];
  if (f.sku || f.category || f.subcategory) {
    let q = ctx.db.selectFrom("products").select("asin").distinct().where("account_id", "=", ctx.accountId);
    if (f.sku) q = q.where("sku", "=", String(f.sku));
    // Names match whatever their case, on every engine (SQLite's `collate nocase` is its own).
    if (f.category) q = q.where(sql<boolean>`lower(category) = lower(${String(f.category)})`);
    if (typeof f.subcategory === "string") q = q.where(sql<boolean>`lower(subcategory) = lower(${f.subcategory})`);
    if (f.marketplace) q = q.where("marketplace", "=", f.marketplace);
    const found = (await ctx.rows(q)).map((r) => r.asin);
    asins = asins ? asins.filter((a) => found.includes(a)) : found;
  }
  const parts: string[] = [];
  if (f.asin) parts.push(String(f.asin).toUpperCase());
  else if (f.sku) parts.push(`SKU ${f.sku}`);
  if (f.category) parts.push(`in ${f.category}`);
  if (f.marketplace) parts.push(`in the ${f.marketplace} marketplace`);
  return { range, timeframe, marketplace: f.marketplace, asins, category: f.category, label: parts.join(" ") };
}

/**
 * The period as words that read after "in" or "for", with its dates: "the last
 * 30 days (2026-10-22 to 2026-11-20)", "October 2026 (2026-10-01 to 2026-10-31)",
 * "all your history (2023-11-21 to 2026-11-20)".
 */
export function periodWords(scope: Pick<Scope, "range" | "timeframe">): string {
  const { start, end } = scope.range;
  const dates = start === end ? start : `${start} to ${end}`;
  if (scope.timeframe === "all_time") return `all your history (${dates})`;
  const name = periodName(scope.timeframe, scope.range);
  return name === dates ? dates : `${name} (${dates})`;
}

/** The range clamped to the data that exists, or undefined when they do not overlap. */
export function clampToData(
  range: DateRange,
  extent: { first: string | null; last: string | null },
): DateRange | undefined {
  if (!extent.first || !extent.last) return undefined;
  const start = range.start < extent.first ? extent.first : range.start;
  const end = range.end > extent.last ? extent.last : range.end;
  return start <= end ? { start, end } : undefined;
}

/** The equal-length range just before. */
export function previousRange(range: DateRange): DateRange {
  const days = Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1;
  return { start: addDaysIso(range.start, -days), end: addDaysIso(range.start, -1) };
}
