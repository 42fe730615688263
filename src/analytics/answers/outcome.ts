/** What an analysis returns, and helpers every analysis shares. */
import type { Condition, Intent, Metric, Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { clampToData, type Scope } from "../facts/scope.js";
import type { DateRange } from "../../core/timeframe.js";
import type { IntentResult, IntentResults } from "../results/index.js";

export interface IntentOutcome<R extends IntentResult = IntentResult> {
  /** The result, of the shape its intent declares (src/analytics/results). */
  result: R;
  /** Key of the primary table in `result`. */
  primaryKey: string;
  /** ISO 8601 UTC of the newest data used, or null. */
  freshness: string | null;
  /**
   * How many rows the primary table has in all, before the limit cut it:
   * written into the result as `total_rows`. Absent when every row is shown.
   */
  totalRows?: number;
}

/** What the handler of intent I returns. */
export type Outcome<I extends Intent> = IntentOutcome<IntentResults[I]>;

export type IntentHandler<I extends Intent = Intent> = (
  ctx: AnalyticsContext,
  understanding: Understanding,
) => Promise<Outcome<I>>;

/**
 * The rows an answer shows under the limit asked for (`limit`, "top 500",
 * --limit) or its own default, and how many there are in all.
 */
export function limitRows<T>(rows: T[], limit: number | undefined, fallback: number): { shown: T[]; total: number } {
  return { shown: rows.slice(0, limit ?? fallback), total: rows.length };
}

/**
 * The sentence a summary ends with when it shows fewer rows than there are:
 * "Showing the 50 most urgent of 379; ask to "show all" (or --limit 379) to see every one."
 * Without `which` the rows are simply the first ones in the order asked.
 */
export function shownNote(shown: number, total: number, which?: string): string {
  if (shown >= total) return "";
  return ` Showing ${which ? `the ${shown} ${which}` : shown} of ${total}; ask to "show all" (or --limit ${total}) to see every one.`;
}

/** The end of the newest sales day a range actually read, or null when it read none. */
export async function salesFreshness(ctx: AnalyticsContext, range: DateRange): Promise<string | null> {
  const used = clampToData(range, await ctx.extent());
  return used ? endOfDay(used.end) : null;
}

export function endOfDay(date: string): string {
  return `${date}T23:59:59Z`;
}

/**
 * The "no data" summary for an answer's scope: its range and marketplace,
 * against the account's marketplaces and the extent of its data (the sales
 * data unless the answer reads another table and gives that table's extent).
 */
export async function noDataInScope(
  ctx: AnalyticsContext,
  scope: Pick<Scope, "range" | "marketplace">,
  what: string,
  extent?: { first: string | null; last: string | null },
): Promise<string> {
  return noDataSummary(
    what,
    scope.range,
    extent ?? (await ctx.extent()),
    scope.marketplace,
    new Set(ctx.currencies.keys()),
  );
}

/** A plain "no data" answer: not an error, and it says why. */
export function noDataSummary(
  what: string,
  range: DateRange | undefined,
  extent: { first: string | null; last: string | null },
  marketplace?: string,
  sells?: Set<string>,
): string {
  if (marketplace && sells && !sells.has(marketplace)) {
    return `You do not sell in the ${marketplace} marketplace, so there is no ${what} there (your marketplaces: ${[...sells].join(", ") || "none"}).`;
  }
  if (!extent.first || !extent.last) return `The mirror has no ${what} for this account yet.`;
  if (range && (range.end < extent.first || range.start > extent.last)) {
    return `There is no ${what} for ${range.start} to ${range.end}: your data covers ${extent.first} to ${extent.last}.`;
  }
  return `There is no ${what} for the period and filters asked about.`;
}

const FIELD_OF: Partial<Record<Metric, string>> = {
  buy_box_percentage: "buy_box_percentage",
  ad_spend: "ad_spend",
  restock_quantity: "recommended_quantity",
};

/** The row field a metric is found in. */
export function fieldOf(metric: string): string {
  return FIELD_OF[metric as Metric] ?? metric;
}

/** Whether a value passes one threshold ("ACoS above 30%" is {op: ">", value: 30}). */
export function meetsCondition(value: number, condition: Condition): boolean {
  switch (condition.op) {
    case ">":
      return value > condition.value;
    case ">=":
      return value >= condition.value;
    case "<":
      return value < condition.value;
    case "<=":
      return value <= condition.value;
    case "=":
      return value === condition.value;
  }
}

/** Keeps the rows that satisfy every condition whose metric the rows carry. */
export function applyConditions<T extends object>(rows: T[], conditions: Condition[] | undefined): T[] {
  if (!conditions?.length || rows.length === 0) return rows;
  return rows.filter((item) => {
    const row = item as Record<string, unknown>;
    return conditions.every((c) => {
      const field = fieldOf(c.metric);
      const nested = (row.restock_recommendation as Record<string, unknown> | undefined)?.[field];
      const raw = field in row ? row[field] : nested;
      if (raw === undefined) return true;
      if (raw === null) return false;
      return meetsCondition(Number(raw), c);
    });
  });
}

/** Sorts rows by a numeric field (nulls last), ties by a stable key. */
export function sortRows<T extends object>(
  rows: T[],
  field: string,
  direction: "asc" | "desc",
  tie: (r: T) => string,
): T[] {
  // Each row's value and tie key are taken once: a catalog of thousands is compared tens of thousands of times.
  const keyed = rows.map((row) => ({
    row,
    value: (row as Record<string, unknown>)[field] as number | null | undefined,
    tie: tie(row),
  }));
  keyed.sort((a, b) => {
    const x = a.value;
    const y = b.value;
    const xn = x === null || x === undefined || !Number.isFinite(x);
    const yn = y === null || y === undefined || !Number.isFinite(y);
    if (xn !== yn) return xn ? 1 : -1;
    if (!xn && !yn && x !== y)
      return direction === "asc" ? (x as number) - (y as number) : (y as number) - (x as number);
    return a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0;
  });
  return keyed.map((k) => k.row);
}

/** Conditions in words: "ACoS above 50%", "days of supply under 14". */
export function conditionWords(conditions: Condition[]): string {
  const op = { ">": "above", ">=": "at least", "<": "under", "<=": "at most", "=": "of" } as const;
  const percentLike = new Set([
    "acos",
    "tacos",
    "profit_margin",
    "refund_rate",
    "conversion_rate",
    "ctr",
    "buy_box_percentage",
    "growth_rate",
    "impression_share",
  ]);
  const name = (m: string) =>
    ["acos", "tacos", "roas", "ctr", "cpc"].includes(m)
      ? m.toUpperCase().replace("ACOS", "ACoS").replace("TACOS", "TACoS")
      : m.replace(/_/g, " ");
  return conditions
    .map((c) => `${name(c.metric)} ${op[c.op]} ${c.value}${percentLike.has(c.metric) ? "%" : ""}`)
    .join(" and ");
}

/** Which conditions the rows could not be checked against, for notes. */
export function conditionNotes(rows: Record<string, unknown>[], conditions: Condition[] | undefined): string[] {
  if (!conditions?.length || rows.length === 0) return [];
  return conditions
    .filter((c) => !(fieldOf(c.metric) in rows[0]))
    .map((c) => `The condition on ${c.metric} does not apply to these rows and was not used.`);
}

/** An ISO 8601 timestamp normalised to UTC with a Z, seconds precision. */
export function isoUtc(text: string): string {
  const t = Date.parse(text);
  return Number.isNaN(t) ? text : new Date(t).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** When the account's newest finished sync or import run ended, or null. */
export async function lastSyncFinished(ctx: AnalyticsContext): Promise<string | null> {
  const row = (
    await ctx.rows(
      ctx.db
        .selectFrom("sync_runs")
        .select((eb) => eb.fn.max("finished_at").as("at"))
        .where("account_id", "=", ctx.accountId)
        .where("status", "in", ["ok", "partial"]),
    )
  )[0];
  return row?.at ? isoUtc(String(row.at)) : null;
}
