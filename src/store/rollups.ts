/**
 * Monthly and weekly rollups of the daily tables, and the reader that answers
 * a date range from them: whole months and weeks come from the rollups, the
 * days around them from the daily rows, so the sums are the same as summing
 * every daily row. Rollups are used only while they reflect the newest sync
 * run of the account; otherwise every reader falls back to the daily rows.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { addDaysIso, weekdayIso } from "../core/dates.js";
import { bucketStart } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import type { RollupGrain } from "./schema.js";

export interface RollupSource {
  /** The daily table. */
  table: string;
  /** Output column → expression on the daily row. */
  columns: Record<string, string>;
}

export interface RollupSpec {
  /** The rollup table. */
  rollup: string;
  /** Columns that identify a row besides account, grain and period. */
  keys: string[];
  /** Summed columns. */
  measures: string[];
  /** Daily tables feeding it (unioned); each maps every key and measure. */
  sources: RollupSource[];
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
  keys: ["marketplace", "asin"],
  measures: SALES_MEASURES,
  sources: [
    {
      table: "daily_sales",
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
  rollup: "rollup_campaigns",
  keys: ["marketplace", "campaign_id"],
  measures: [...AD_MEASURES, "tos_weighted", "tos_impressions"],
  sources: [{ table: "ad_campaign_daily", columns: { marketplace: "marketplace", campaign_id: "campaign_id", ...AD_COLUMNS, ...TOS_COLUMNS } }],
};

export const TARGET_ROLLUP: RollupSpec = {
  rollup: "rollup_ad_targets",
  keys: ["marketplace", "campaign_id", "ad_group_id", "target_id"],
  measures: [...AD_MEASURES, "tos_weighted", "tos_impressions"],
  sources: [
    {
      table: "ad_target_daily",
      columns: { marketplace: "marketplace", campaign_id: "campaign_id", ad_group_id: "ad_group_id", target_id: "target_id", ...AD_COLUMNS, ...TOS_COLUMNS },
    },
  ],
};

export const SEARCH_TERM_ROLLUP: RollupSpec = {
  rollup: "rollup_search_terms",
  keys: ["marketplace", "campaign_id", "ad_group_id", "target_id", "search_term"],
  measures: AD_MEASURES,
  sources: [
    {
      table: "ad_search_term_daily",
      columns: {
        marketplace: "marketplace", campaign_id: "campaign_id", ad_group_id: "ad_group_id", target_id: "target_id", search_term: "search_term",
        ...AD_COLUMNS,
      },
    },
  ],
};

export const ROLLUPS: readonly RollupSpec[] = [SALES_ROLLUP, CAMPAIGN_ROLLUP, TARGET_ROLLUP, SEARCH_TERM_ROLLUP];

const GRAIN_BUCKETS: Record<RollupGrain, "month" | "week"> = { M: "month", W: "week" };

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
    for (const spec of ROLLUPS) {
      for (const grain of ["M", "W"] as RollupGrain[]) {
        const bucket = GRAIN_BUCKETS[grain];
        // Widen the range to whole periods so every touched period is summed from all of its days.
        const from = range ? periodStart(range.start, grain) : undefined;
        const to = range ? periodStart(range.end, grain) : undefined;
        const lastDay = range ? periodLastDay(range.end, grain) : undefined;
        let del = t.deleteFrom(spec.rollup).where("account_id", "=", accountId).where("grain", "=", grain);
        if (from && to) del = del.where("period", ">=", from).where("period", "<=", to);
        await del.execute();
        const unions = spec.sources.map((source) => {
          const cols = [...spec.keys, ...spec.measures].map((c) => sql`${sql.raw(source.columns[c])} as ${sql.ref(c)}`);
          const dateFilter = from && lastDay ? sql` and date between ${from} and ${lastDay}` : sql``;
          return sql`select ${bucketStart("date", bucket)} as period, ${sql.join(cols)} from ${sql.table(source.table)} where account_id = ${accountId}${dateFilter}`;
        });
        const keyRefs = spec.keys.map((k) => sql.ref(k));
        const sums = spec.measures.map((m) => sql`sum(${sql.ref(m)})`);
        const columns = ["account_id", "grain", "period", ...spec.keys, ...spec.measures].map((c) => sql.ref(c));
        await sql`insert into ${sql.table(spec.rollup)} (${sql.join(columns)})
          select ${accountId}, ${grain}, period, ${sql.join(keyRefs)}, ${sql.join(sums)}
          from (${sql.join(unions, sql` union all `)}) group by period, ${sql.join(keyRefs)}`.execute(t);
      }
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
  return { first: state.first_date, last: state.last_date };
}

function periodStart(date: string, grain: RollupGrain): string {
  return grain === "M" ? `${date.slice(0, 7)}-01` : addDaysIso(date, -weekdayIso(date));
}

function periodLastDay(date: string, grain: RollupGrain): string {
  return grain === "M" ? monthEnd(`${date.slice(0, 7)}-01`) : addDaysIso(date, 6 - weekdayIso(date));
}

function monthEnd(monthStart: string): string {
  const [y, m] = monthStart.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return addDaysIso(next, -1);
}

export interface RangePlan {
  /** Whole months: first days, inclusive. */
  months?: DateSpan;
  /** Whole weeks: Mondays, inclusive. */
  weeks: DateSpan[];
  /** Single days left over. */
  days: DateSpan[];
}

/**
 * Splits a date range into whole months, then whole weeks inside what is
 * left, then single days.
 *
 * @example
 * planRange({ start: "2026-10-22", end: "2026-11-20" }, ["M", "W"])
 * // { weeks: [{ start: "2026-10-26", end: "2026-11-09" }], days: [{ start: "2026-10-22", end: "2026-10-25" }, { start: "2026-11-16", end: "2026-11-20" }] }
 */
export function planRange(range: DateSpan, grains: readonly RollupGrain[]): RangePlan {
  const plan: RangePlan = { weeks: [], days: [] };
  let segments: DateSpan[] = [range];
  if (grains.includes("M")) {
    const first = range.start.endsWith("-01") ? range.start : addDaysIso(monthEnd(`${range.start.slice(0, 7)}-01`), 1);
    const endMonth = `${range.end.slice(0, 7)}-01`;
    const last = monthEnd(endMonth) === range.end ? endMonth : `${addDaysIso(endMonth, -1).slice(0, 7)}-01`;
    if (first <= last) {
      plan.months = { start: first, end: last };
      segments = [
        { start: range.start, end: addDaysIso(first, -1) },
        { start: addDaysIso(monthEnd(last), 1), end: range.end },
      ].filter((s) => s.start <= s.end);
    }
  }
  for (const seg of segments) {
    if (!grains.includes("W")) {
      plan.days.push(seg);
      continue;
    }
    const wd = weekdayIso(seg.start);
    const firstMonday = wd === 0 ? seg.start : addDaysIso(seg.start, 7 - wd);
    const lastSunday = addDaysIso(seg.end, -((weekdayIso(seg.end) + 1) % 7));
    const lastMonday = addDaysIso(lastSunday, -6);
    if (firstMonday <= lastMonday) {
      plan.weeks.push({ start: firstMonday, end: lastMonday });
      if (seg.start < firstMonday) plan.days.push({ start: seg.start, end: addDaysIso(firstMonday, -1) });
      if (lastSunday < seg.end) plan.days.push({ start: addDaysIso(lastSunday, 1), end: seg.end });
    } else {
      plan.days.push(seg);
    }
  }
  plan.days.sort((a, b) => (a.start < b.start ? -1 : 1));
  return plan;
}

export interface FactsQuery {
  accountId: string;
  range: DateSpan;
  /** Extra condition on the source rows (columns: account_id, date, and the spec's keys). */
  where?: (columnsOf: "daily" | "rollup") => RawBuilder<unknown> | undefined;
  /** Whole months and weeks from the rollups (only when they are usable). */
  rollups?: { first: string; last: string };
  /** Grains that may be used (a weekly series cannot use months). */
  grains?: readonly RollupGrain[];
  /** Also return a `period` column: the day for daily rows, the period start for rollup rows. */
  withPeriod?: boolean;
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
export function factsTable(spec: RollupSpec, q: FactsQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  const names = [...spec.keys, ...spec.measures];
  const extra = (kind: "daily" | "rollup") => {
    const w = q.where?.(kind);
    return w ? sql` and ${w}` : sql``;
  };
  let range = q.range;
  let days: DateSpan[] = [range];
  if (q.rollups) {
    // Outside the data there is nothing to read; clamping lets whole periods line up.
    range = { start: range.start < q.rollups.first ? q.rollups.first : range.start, end: range.end > q.rollups.last ? q.rollups.last : range.end };
    if (range.start > range.end) days = [];
    else {
      const plan = planRange(range, q.grains ?? ["M", "W"]);
      days = plan.days;
      const periods: RawBuilder<unknown>[] = [];
      if (plan.months) periods.push(sql`(grain = 'M' and period between ${plan.months.start} and ${plan.months.end})`);
      for (const w of plan.weeks) periods.push(sql`(grain = 'W' and period between ${w.start} and ${w.end})`);
      if (periods.length) {
        const period = q.withPeriod ? sql`period as period, ` : sql``;
        parts.push(
          sql`select ${period}${sql.join(names.map((n) => sql.ref(n)))} from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and (${sql.join(periods, sql` or `)})${extra("rollup")}`,
        );
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
