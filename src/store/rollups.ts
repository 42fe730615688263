/**
 * Monthly, weekly and daily rollups of the daily tables, and the reader that
 * answers a date range from them: whole months and weeks come from their
 * rollup rows and the days around them from the daily grain, so the sums are
 * the same as summing every daily row. The daily grain is laid out by date
 * (and merges ad spend into the product's day), so a date range is one
 * sequential read instead of a lookup per row. Rollups are used only while they reflect the newest sync
 * run of the account; otherwise every reader falls back to the daily rows.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { addDaysIso, weekdayIso } from "../core/dates.js";
import { addDays, bucketStart } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import type { RollupGrain } from "./schema.js";

export interface RollupSource {
  /** The daily table. */
  table: string;
  /** True when the table holds at most one row per key and day (no grouping needed). */
  unique?: boolean;
  /** Output column → expression on the daily row. */
  columns: Record<string, string>;
}

export interface RollupSpec {
  /** The rollup table. */
  rollup: string;
  /** Columns that identify a row besides account, grain and period. */
  keys: string[];
  /** The rollup table's primary key after account, grain and period. */
  pk: string[];
  /** Summed columns. */
  measures: string[];
  /** Daily tables feeding it (unioned); each maps every key and measure. */
  sources: RollupSource[];
  /**
   * Also keep running totals (grain 'C'): for every key and every day from its
   * first day to the account's last, the sums since the start. A range is then
   * two rows per key (end minus the day before the start), whatever its length.
   */
  cumulative?: boolean;
}

const zero = (names: string[]): Record<string, string> => Object.fromEntries(names.map((n) => [n, "0"]));

const SALES_MEASURES = [
  "units", "revenue", "orders", "refund_units", "refund_amount", "sessions", "page_views", "bb_weighted", "bb_views", "days",
  "ad_spend", "ad_sales", "ad_clicks", "ad_impressions", "ad_orders",
];
const AD_MEASURES = ["impressions", "clicks", "spend", "sales", "orders", "units"];
const AD_COLUMNS = Object.fromEntries(AD_MEASURES.map((m) => [m, m]));
const TOS_COLUMNS = {
  tos_weighted: "coalesce(top_of_search_is, 0) * impressions",
  tos_impressions: "case when top_of_search_is is null then 0 else impressions end",
};

/** Sales and traffic per ASIN, with the ad spend and sales attributed to it. */
export const SALES_ROLLUP: RollupSpec = {
  rollup: "rollup_sales",
  cumulative: true,
  keys: ["marketplace", "asin"],
  pk: ["marketplace", "asin"],
  measures: SALES_MEASURES,
  sources: [
    {
      table: "daily_sales",
      unique: true,
      columns: {
        marketplace: "marketplace", asin: "asin",
        ...zero(SALES_MEASURES),
        units: "units", revenue: "revenue", orders: "orders", refund_units: "refund_units", refund_amount: "refund_amount",
        sessions: "sessions", page_views: "page_views",
        bb_weighted: "coalesce(buy_box_pct, 0) * page_views",
        bb_views: "case when buy_box_pct is null then 0 else page_views end",
        days: "1",
      },
    },
    {
      table: "ad_product_daily",
      columns: {
        marketplace: "marketplace", asin: "asin",
        ...zero(SALES_MEASURES),
        ad_spend: "spend", ad_sales: "sales", ad_clicks: "clicks", ad_impressions: "impressions", ad_orders: "orders",
      },
    },
  ],
};

export const CAMPAIGN_ROLLUP: RollupSpec = {
  cumulative: true,
  rollup: "rollup_campaigns",
  keys: ["marketplace", "campaign_id"],
  pk: ["campaign_id"],
  measures: [...AD_MEASURES, "tos_weighted", "tos_impressions"],
  sources: [{ table: "ad_campaign_daily", unique: true, columns: { marketplace: "marketplace", campaign_id: "campaign_id", ...AD_COLUMNS, ...TOS_COLUMNS } }],
};

export const TARGET_ROLLUP: RollupSpec = {
  cumulative: true,
  rollup: "rollup_ad_targets",
  keys: ["marketplace", "campaign_id", "ad_group_id", "target_id"],
  pk: ["target_id"],
  measures: [...AD_MEASURES, "tos_weighted", "tos_impressions"],
  sources: [
    {
      table: "ad_target_daily",
      unique: true,
      columns: { marketplace: "marketplace", campaign_id: "campaign_id", ad_group_id: "ad_group_id", target_id: "target_id", ...AD_COLUMNS, ...TOS_COLUMNS },
    },
  ],
};

export const SEARCH_TERM_ROLLUP: RollupSpec = {
  cumulative: true,
  rollup: "rollup_search_terms",
  keys: ["marketplace", "campaign_id", "ad_group_id", "target_id", "search_term"],
  pk: ["target_id", "search_term"],
  measures: AD_MEASURES,
  sources: [
    {
      table: "ad_search_term_daily",
      unique: true,
      columns: {
        marketplace: "marketplace", campaign_id: "campaign_id", ad_group_id: "ad_group_id", target_id: "target_id", search_term: "search_term",
        ...AD_COLUMNS,
      },
    },
  ],
};

export const ROLLUPS: readonly RollupSpec[] = [SALES_ROLLUP, CAMPAIGN_ROLLUP, TARGET_ROLLUP, SEARCH_TERM_ROLLUP];

const GRAIN_BUCKETS: Record<Exclude<RollupGrain, "C">, "year" | "quarter" | "month" | "week" | "day"> = { Y: "year", Q: "quarter", M: "month", W: "week", D: "day" };
/** Grains a range is read in, largest first (days fill what is left). */
const PLAN_ORDER: readonly ("Y" | "Q" | "M" | "W")[] = ["Y", "Q", "M", "W"];

export interface DateSpan {
  start: string;
  end: string;
}

/**
 * Rebuilds an account's rollups from its daily rows, for every month and week
 * touching `range` (all of them when absent), and records that they reflect
 * the account's newest sync run. Call it after each import or generation, in
 * or after the transaction that wrote the daily rows.
 *
 * @example
 * await rebuildRollups(mirror.db, "demo", { start: "2026-11-01", end: "2026-11-20" });
 */
export async function rebuildRollups(db: MirrorDb, accountId: string, range?: DateSpan, builtAt?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const t = trx as unknown as Kysely<any>;
    // Whole periods: every month and week touching the range is rebuilt from all of its days.
    const spans = range
      ? {
          Y: { start: periodStart(range.start, "Y"), end: periodLastDay(range.end, "Y") },
          Q: { start: periodStart(range.start, "Q"), end: periodLastDay(range.end, "Q") },
          M: { start: periodStart(range.start, "M"), end: periodLastDay(range.end, "M") },
          W: { start: periodStart(range.start, "W"), end: periodLastDay(range.end, "W") },
        }
      : undefined;
    const days = spans
      ? { start: spans.M.start < spans.W.start ? spans.M.start : spans.W.start, end: spans.M.end > spans.W.end ? spans.M.end : spans.W.end }
      : undefined;
    for (const spec of ROLLUPS) {
      for (const grain of ["D", "W", "M", "Q", "Y"] as RollupGrain[]) {
        const span = grain === "D" ? days : spans?.[grain as "W" | "M" | "Q" | "Y"];
        let del = t.deleteFrom(spec.rollup).where("account_id", "=", accountId).where("grain", "=", grain);
        if (span) del = del.where("period", ">=", span.start).where("period", "<=", span.end);
        await del.execute();
      }
      const conflict = sql.join(["account_id", "grain", "period", ...spec.pk].map((c) => sql.ref(c)));
      const columns = sql.join(["account_id", "grain", "period", ...spec.keys, ...spec.measures].map((c) => sql.ref(c)));
      const merge = sql.join(spec.measures.map((m) => sql`${sql.ref(m)} = ${sql.ref(spec.rollup)}.${sql.ref(m)} + excluded.${sql.ref(m)}`));
      const dateFilter = days ? sql` and date between ${days.start} and ${days.end}` : sql``;
      // The daily grain first, straight from the daily tables (sources sharing a key and day add up)…
      for (const source of spec.sources) {
        const keys = spec.keys.map((k) => sql`${sql.raw(source.columns[k])}`);
        const measures = spec.measures.map((m) => (source.unique ? sql`${sql.raw(source.columns[m])}` : sql`sum(${sql.raw(source.columns[m])})`));
        // Rows go in in the rollup's key order (day first), so each insert appends instead of
        // landing on a random page of an index larger than the cache.
        const groupBy = source.unique ? sql` order by date, ${sql.join(keys)}` : sql` group by ${sql.join(keys)}, date`;
        await sql`insert into ${sql.table(spec.rollup)} (${columns})
          select ${accountId}, 'D', date, ${sql.join(keys)}, ${sql.join(measures)} from ${sql.table(source.table)}
          where account_id = ${accountId}${dateFilter}${groupBy}
          on conflict (${conflict}) do update set ${merge}`.execute(t);
      }
      // …then weeks and months from the daily grain, quarters and years from the months.
      for (const [grain, from] of [["W", "D"], ["M", "D"], ["Q", "M"], ["Y", "M"]] as [RollupGrain, RollupGrain][]) {
        const keyRefs = spec.keys.map((k) => sql.ref(k));
        const sums = spec.measures.map((m) => sql`sum(${sql.ref(m)})`);
        const span = spans?.[grain as "W" | "M" | "Q" | "Y"];
        const periodFilter = span ? sql` and period between ${span.start} and ${span.end}` : sql``;
        await sql`insert into ${sql.table(spec.rollup)} (${columns})
          select ${accountId}, ${grain}, ${bucketStart("period", GRAIN_BUCKETS[grain as Exclude<RollupGrain, "C">])} as bucket, ${sql.join(keyRefs)}, ${sql.join(sums)}
          from ${sql.table(spec.rollup)} where account_id = ${accountId} and grain = ${from}${periodFilter}
          group by bucket, ${sql.join(keyRefs)}`.execute(t);
      }
      if (spec.cumulative) await rebuildRunningTotals(t, spec, accountId);
    }
    const extent = await t
      .selectFrom("daily_sales")
      .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    const run = await t.selectFrom("sync_runs").select((eb) => eb.fn.max("id").as("id")).where("account_id", "=", accountId).executeTakeFirst();
    await t
      .insertInto("rollup_state")
      .values({ account_id: accountId, sync_run_id: Number(run?.id ?? 0), first_date: extent?.first ?? null, last_date: extent?.last ?? null, built_at: builtAt ?? extent?.last ?? "" })
      .onConflict((oc) => oc.column("account_id").doUpdateSet((eb) => ({
        sync_run_id: eb.ref("excluded.sync_run_id"),
        first_date: eb.ref("excluded.first_date"),
        last_date: eb.ref("excluded.last_date"),
        built_at: eb.ref("excluded.built_at"),
      })))
      .execute();
  });
}

/**
 * Running totals of a spec for one account: dense (a row for every key and
 * day from the key's first day to the account's last), so a range reads rows
 * at two exact dates. Always rebuilt whole: a change on one day moves every
 * later total.
 */
async function rebuildRunningTotals(t: Kysely<any>, spec: RollupSpec, accountId: string): Promise<void> {
  await t.deleteFrom(spec.rollup).where("account_id", "=", accountId).where("grain", "=", "C").execute();
  const extent = await t
    .selectFrom(spec.rollup)
    .select((eb) => [eb.fn.min("period").as("first"), eb.fn.max("period").as("last")])
    .where("account_id", "=", accountId)
    .where("grain", "=", "D")
    .executeTakeFirst();
  if (!extent?.first || !extent.last) return;
  const keyList = sql.join(spec.keys.map((k) => sql`k.${sql.ref(k)}`));
  const keyJoin = sql.join(spec.keys.map((k) => sql`r.${sql.ref(k)} = k.${sql.ref(k)}`), sql` and `);
  const running = spec.measures.map((m) => sql`sum(coalesce(r.${sql.ref(m)}, 0)) over w`);
  const columns = sql.join(["account_id", "grain", "period", ...spec.keys, ...spec.measures].map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(spec.rollup)} (${columns})
    with recursive days(d) as (select ${extent.first} union all select ${addDays("d", 1)} from days where d < ${extent.last}),
    k as (select ${sql.join(spec.keys.map((k) => sql.ref(k)))}, min(period) as first from ${sql.table(spec.rollup)} where account_id = ${accountId} and grain = 'D' group by ${sql.join(spec.keys.map((k) => sql.ref(k)))})
    select ${accountId}, 'C', days.d, ${keyList}, ${sql.join(running)}
    from k join days on days.d >= k.first
    left join ${sql.table(spec.rollup)} r on r.account_id = ${accountId} and r.grain = 'D' and r.period = days.d and ${keyJoin}
    window w as (partition by ${keyList} order by days.d)
    order by days.d, ${keyList}`.execute(t); // the key's order: appended, not scattered over the index
}

/** The rollups' state when they reflect the account's newest sync run, else undefined. */
export async function usableRollups(db: MirrorDb, accountId: string, record?: (sql: string) => void): Promise<{ first: string; last: string } | undefined> {
  const stateQuery = db.selectFrom("rollup_state").select(["sync_run_id", "first_date", "last_date"]).where("account_id", "=", accountId);
  const runQuery = db
    .selectFrom("sync_runs")
    .select((eb) => [eb.fn.max("id").as("id"), eb.fn.sum<number>(eb.case().when("status", "=", "running").then(1).else(0).end()).as("running")])
    .where("account_id", "=", accountId);
  record?.(stateQuery.compile().sql);
  record?.(runQuery.compile().sql);
  const state = await stateQuery.executeTakeFirst();
  if (!state || !state.first_date || !state.last_date) return undefined;
  const run = await runQuery.executeTakeFirst();
  if (Number(run?.id ?? 0) !== state.sync_run_id || Number(run?.running ?? 0) > 0) return undefined;
  // Rollups written by an earlier layout (without running totals) are not read: a day's rows without
  // running totals means the build predates them. One statement probes every table.
  const probes = ROLLUPS.filter((spec) => spec.cumulative).map(
    (spec) =>
      sql<number>`(exists (select 1 from ${sql.table(spec.rollup)} where account_id = ${accountId} and grain = 'D') and not exists (select 1 from ${sql.table(spec.rollup)} where account_id = ${accountId} and grain = 'C'))`,
  );
  const outdated = sql<{ outdated: number }>`select (${sql.join(probes, sql` or `)}) as outdated`;
  const compiled = outdated.compile(db);
  record?.(compiled.sql);
  if (Number((await db.executeQuery(compiled)).rows[0]?.outdated ?? 0)) return undefined;
  return { first: state.first_date, last: state.last_date };
}

function periodStart(date: string, grain: Exclude<RollupGrain, "C">): string {
  switch (grain) {
    case "D": return date;
    case "W": return addDaysIso(date, -weekdayIso(date));
    case "M": return `${date.slice(0, 7)}-01`;
    case "Q": return `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, "0")}-01`;
    case "Y": return `${date.slice(0, 4)}-01-01`;
  }
}

function periodLastDay(date: string, grain: Exclude<RollupGrain, "C">): string {
  switch (grain) {
    case "D": return date;
    case "W": return addDaysIso(date, 6 - weekdayIso(date));
    case "M": return monthEnd(`${date.slice(0, 7)}-01`);
    case "Q": return monthEnd(addMonths(periodStart(date, "Q"), 2));
    case "Y": return `${date.slice(0, 4)}-12-31`;
  }
}

function addMonths(monthStart: string, n: number): string {
  const [y, m] = monthStart.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

function monthEnd(monthStart: string): string {
  const [y, m] = monthStart.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return addDaysIso(next, -1);
}

export interface RangePlan {
  /** Whole periods, largest first: each span runs from the first to the last period start, inclusive. */
  periods: { grain: RollupGrain; start: string; end: string }[];
  /** Single days left over. */
  days: DateSpan[];
}

/**
 * Splits a date range into whole years, quarters, months and weeks (those of
 * `grains`), largest first, each inside what the larger ones left, then
 * single days.
 *
 * @example
 * planRange({ start: "2026-10-22", end: "2026-11-20" }, ["M", "W"])
 * // { periods: [{ grain: "W", start: "2026-10-26", end: "2026-11-09" }],
 * //   days: [{ start: "2026-10-22", end: "2026-10-25" }, { start: "2026-11-16", end: "2026-11-20" }] }
 */
export function planRange(range: DateSpan, grains: readonly RollupGrain[]): RangePlan {
  const periods: RangePlan["periods"] = [];
  let segments: DateSpan[] = [range];
  for (const grain of PLAN_ORDER) {
    if (!grains.includes(grain)) continue;
    const next: DateSpan[] = [];
    for (const seg of segments) {
      const first = periodStart(seg.start, grain) === seg.start ? seg.start : addDaysIso(periodLastDay(seg.start, grain), 1);
      const endStart = periodStart(seg.end, grain);
      const last = periodLastDay(seg.end, grain) === seg.end ? endStart : periodStart(addDaysIso(endStart, -1), grain);
      if (first <= last && periodLastDay(last, grain) <= seg.end) {
        periods.push({ grain, start: first, end: last });
        if (seg.start < first) next.push({ start: seg.start, end: addDaysIso(first, -1) });
        const after = addDaysIso(periodLastDay(last, grain), 1);
        if (after <= seg.end) next.push({ start: after, end: seg.end });
      } else {
        next.push(seg);
      }
    }
    segments = next;
  }
  segments.sort((a, b) => (a.start < b.start ? -1 : 1));
  return { periods, days: segments };
}

export interface FactsQuery {
  accountId: string;
  range: DateSpan;
  /** Extra condition on the source rows (columns: account_id, date, and the spec's keys). */
  where?: (columnsOf: "daily" | "rollup") => RawBuilder<unknown> | undefined;
  /** Whole months and weeks from the rollups (only when they are usable). */
  rollups?: { first: string; last: string };
  /** Grains that may be used (a weekly series cannot use months); all of them when absent. */
  grains?: readonly RollupGrain[];
  /** Also return a `period` column: the day for daily rows, the period start for rollup rows. */
  withPeriod?: boolean;
  /** Only these measures (all of the spec's when absent). */
  measures?: readonly string[];
}

/**
 * A derived table (to select from and group) with the spec's keys and
 * measures for every row of the range: rollup rows for whole periods, daily
 * rows for the rest.
 *
 * @example
 * const facts = factsTable(SALES_ROLLUP, { accountId, range });
 * sql`select asin, sum(revenue) from ${facts} group by asin`
 */
export function factsTable(spec: RollupSpec, q: FactsQuery): RawBuilder<unknown>;
export function factsTable(spec: RollupSpec, q: FactsQuery, describe: true): { table: RawBuilder<unknown>; oneRowPerKey: boolean };
export function factsTable(spec: RollupSpec, q: FactsQuery, describe?: true): RawBuilder<unknown> | { table: RawBuilder<unknown>; oneRowPerKey: boolean } {
  const table = factsTableOf(spec, q);
  const oneRowPerKey = !!(spec.cumulative && q.rollups && !q.withPeriod && !q.grains);
  return describe ? { table, oneRowPerKey } : table;
}

function factsTableOf(spec: RollupSpec, q: FactsQuery): RawBuilder<unknown> {
  if (spec.cumulative && q.rollups && !q.withPeriod && !q.grains) return runningTotalsTable(spec, q, q.rollups);
  const parts: RawBuilder<unknown>[] = [];
  const names = [...spec.keys, ...(q.measures ?? spec.measures)];
  const extra = (kind: "daily" | "rollup") => {
    const w = q.where?.(kind);
    return w ? sql` and ${w}` : sql``;
  };
  let range = q.range;
  let days: DateSpan[] = [range];
  if (q.rollups) {
    // Outside the data there is nothing to read; clamping lets whole periods line up.
    range = { start: range.start < q.rollups.first ? q.rollups.first : range.start, end: range.end > q.rollups.last ? q.rollups.last : range.end };
    days = [];
    if (range.start <= range.end) {
      const plan = planRange(range, q.grains ?? PLAN_ORDER);
      // The rollups also hold every day (grain 'D'), laid out by date: the leftover days come from there too.
      // One range read per span: SQLite would scan the whole account for an OR of ranges.
      const spans: [RollupGrain, DateSpan][] = [
        ...plan.periods.map((p) => [p.grain, { start: p.start, end: p.end }] as [RollupGrain, DateSpan]),
        ...plan.days.map((d) => ["D", d] as [RollupGrain, DateSpan]),
      ];
      const period = q.withPeriod ? sql`period as period, ` : sql``;
      for (const [grain, span] of spans) {
        const cond = span.start === span.end ? sql`period = ${span.start}` : sql`period between ${span.start} and ${span.end}`;
        parts.push(sql`select ${period}${sql.join(names.map((n) => sql.ref(n)))} from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and grain = ${grain} and ${cond}${extra("rollup")}`);
      }
    }
  }
  for (const span of days) {
    for (const source of spec.sources) {
      const cols = names.map((c) => sql`${sql.raw(source.columns[c])} as ${sql.ref(c)}`);
      const period = q.withPeriod ? sql`date as period, ` : sql``;
      const dateCond = span.start === span.end ? sql`date = ${span.start}` : sql`date between ${span.start} and ${span.end}`;
      parts.push(sql`select ${period}${sql.join(cols)} from ${sql.table(source.table)} where account_id = ${q.accountId} and ${dateCond}${extra("daily")}`);
    }
  }
  if (parts.length === 0) {
    const period = q.withPeriod ? sql`null as period, ` : sql``;
    return sql`(select ${period}${sql.join(names.map((n) => sql`null as ${sql.ref(n)}`))} where 0)`;
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * The facts of a range from the running totals: each key's total at the end
 * of the range minus its total the day before the start (none before its first day).
 */
function runningTotalsTable(spec: RollupSpec, q: FactsQuery, rollups: { first: string; last: string }): RawBuilder<unknown> {
  const names = q.measures ?? spec.measures;
  const start = q.range.start < rollups.first ? rollups.first : q.range.start;
  const end = q.range.end > rollups.last ? rollups.last : q.range.end;
  if (start > end) return sql`(select ${sql.join([...spec.keys, ...names].map((n) => sql`null as ${sql.ref(n)}`))} where 0)`;
  const before = addDaysIso(start, -1);
  const w = q.where?.("rollup");
  const keys = sql.join(spec.keys.map((k) => sql`e.${sql.ref(k)} as ${sql.ref(k)}`));
  const join = sql.join(spec.keys.map((k) => sql`s.${sql.ref(k)} = e.${sql.ref(k)}`), sql` and `);
  const diffs = sql.join(names.map((m) => sql`e.${sql.ref(m)} - coalesce(s.${sql.ref(m)}, 0) as ${sql.ref(m)}`));
  // The scope condition names bare columns; it applies to the end rows, read as a subquery.
  const endRows = sql`(select * from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and grain = 'C' and period = ${end}${w ? sql` and ${w}` : sql``})`;
  return sql`(select ${keys}, ${diffs} from ${endRows} e
    left join ${sql.table(spec.rollup)} s on s.account_id = ${q.accountId} and s.grain = 'C' and s.period = ${before} and ${join})`;
}
