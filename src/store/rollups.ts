/**
 * Running totals of the daily tables, and the readers that answer any date
 * range from them. For every key (a product in a marketplace, a campaign, a
 * target, a search term) and every day from the key's first day to the
 * account's last, a rollup row (grain 'C') holds the sums since the key's
 * first day. A range's sums are then the total at its end minus the total the
 * day before it starts, two rows per key whatever the range's length, and a
 * series reads the totals at each bucket's last day. The totals are built in
 * one pass over the daily rows in date order, appended in the rollup's key
 * order, and after an import only from the import's first day on. Rollups are
 * read only while they reflect the newest sync run of the account; otherwise
 * every reader falls back to the daily rows.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { addDaysIso, weekdayIso } from "../core/dates.js";
import type { BulkStatements } from "./backend.js";
import { dialectOf, type DateBucket, type SqlDialect } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import { LOADED_WITH_FILE, runsAfter, totalsLoadedWithFile } from "./loaded-totals.js";
import { rebuildPriceChanges } from "./price-changes.js";
import { emptyTotals, insertTotalsAtOnce } from "./postgres/running-totals.js";
import type { DateRange } from "../core/timeframe.js";

export interface RollupSource {
  /** The daily table. */
  table: string;
  /** Its index by account and date, which the rebuild reads one day at a time through. */
  dateIndex: string;
  /**
   * Several rows per key and day (an ASIN advertised in several ad groups): the rebuild sums them by day
   * and key once, into a temporary table read by day, instead of seeking every row day after day.
   */
  manyPerDay?: boolean;
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
  /**
   * Keys of a second set of running totals (grain 'A') summed over the other keys, which hold ''. A series
   * of all products then reads one row per marketplace and bucket instead of one per product.
   */
  totalsBy?: string[];
  /** Daily tables feeding it (unioned); each maps every key and measure. */
  sources: RollupSource[];
  /**
   * Keep the running totals on Sundays only, but for the last weeks (DENSE_DAYS) where they are kept for
   * every day: a range ending or starting in older weeks then adds the daily rows of at most six days at
   * that end. For tables with few keys per day (targets, search terms) it writes about a seventh of the rows.
   */
  weekly?: boolean;
  /**
   * Weekly on PostgreSQL only (Sundays and months' last days, so that whole weeks, months, quarters and
   * years read no daily rows), with every day's totals kept for this many last days: a server writes a
   * row per key and day (the dense grid) slower than it reads a few daily rows more per range end, where
   * SQLite keeps the dense grid. See totalsLayout.
   */
  weeklyOnServer?: { denseDays: number };
}

const zero = (names: string[]): Record<string, string> => Object.fromEntries(names.map((n) => [n, "0"]));

const SALES_MEASURES = [
  "units",
  "revenue",
  "orders",
  "refund_units",
  "refund_amount",
  "sessions",
  "page_views",
  "bb_weighted",
  "bb_views",
  "days",
  "ad_spend",
  "ad_sales",
  "ad_clicks",
  "ad_impressions",
  "ad_orders",
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
  // Five weeks every day: the last 30 days and the last four weeks still read two rows per product.
  weeklyOnServer: { denseDays: 35 },
  totalsBy: ["marketplace"],
  keys: ["marketplace", "asin"],
  pk: ["marketplace", "asin"],
  measures: SALES_MEASURES,
  sources: [
    {
      table: "daily_sales",
      dateIndex: "daily_sales_date_idx",
      columns: {
        marketplace: "marketplace",
        asin: "asin",
        ...zero(SALES_MEASURES),
        units: "units",
        revenue: "revenue",
        orders: "orders",
        refund_units: "refund_units",
        refund_amount: "refund_amount",
        sessions: "sessions",
        page_views: "page_views",
        bb_weighted: "coalesce(buy_box_pct, 0) * page_views",
        bb_views: "case when buy_box_pct is null then 0 else page_views end",
        days: "1",
      },
    },
    {
      table: "ad_product_daily",
      dateIndex: "ad_product_daily_date_idx",
      manyPerDay: true,
      columns: {
        marketplace: "marketplace",
        asin: "asin",
        ...zero(SALES_MEASURES),
        ad_spend: "spend",
        ad_sales: "sales",
        ad_clicks: "clicks",
        ad_impressions: "impressions",
        ad_orders: "orders",
      },
    },
  ],
};

export const CAMPAIGN_ROLLUP: RollupSpec = {
  rollup: "rollup_campaigns",
  keys: ["marketplace", "campaign_id"],
  pk: ["campaign_id"],
  measures: [...AD_MEASURES, "tos_weighted", "tos_impressions"],
  sources: [
    {
      table: "ad_campaign_daily",
      dateIndex: "ad_campaign_daily_date_idx",
      columns: { marketplace: "marketplace", campaign_id: "campaign_id", ...AD_COLUMNS, ...TOS_COLUMNS },
    },
  ],
};

export const TARGET_ROLLUP: RollupSpec = {
  weekly: true,
  rollup: "rollup_ad_targets",
  keys: ["marketplace", "campaign_id", "ad_group_id", "target_id"],
  pk: ["target_id"],
  measures: [...AD_MEASURES, "tos_weighted", "tos_impressions"],
  sources: [
    {
      table: "ad_target_daily",
      dateIndex: "ad_target_daily_date_idx",
      columns: {
        marketplace: "marketplace",
        campaign_id: "campaign_id",
        ad_group_id: "ad_group_id",
        target_id: "target_id",
        ...AD_COLUMNS,
        ...TOS_COLUMNS,
      },
    },
  ],
};

export const SEARCH_TERM_ROLLUP: RollupSpec = {
  weekly: true,
  rollup: "rollup_search_terms",
  keys: ["marketplace", "campaign_id", "ad_group_id", "target_id", "search_term"],
  pk: ["target_id", "search_term"],
  measures: AD_MEASURES,
  sources: [
    {
      table: "ad_search_term_daily",
      dateIndex: "ad_search_term_daily_date_idx",
      columns: {
        marketplace: "marketplace",
        campaign_id: "campaign_id",
        ad_group_id: "ad_group_id",
        target_id: "target_id",
        search_term: "search_term",
        ...AD_COLUMNS,
      },
    },
  ],
};

export const ROLLUPS: readonly RollupSpec[] = [SALES_ROLLUP, CAMPAIGN_ROLLUP, TARGET_ROLLUP, SEARCH_TERM_ROLLUP];

/** What a rebuild needs: Kysely builds the statements, the bulk path runs the one repeated for every day prepared once. */
export interface RollupTarget {
  db: MirrorDb;
  statements: BulkStatements;
}

/**
 * Rebuilds an account's running totals from its daily rows and records that
 * they reflect the account's newest sync run. With `range` (the period an
 * import wrote), totals before its first day are kept and only the days from
 * there on are rebuilt, provided the rollups reflected the run before this
 * one; otherwise everything is rebuilt. Call it after each import or
 * generation, in or after the transaction that wrote the daily rows.
 *
 * @example
 * await rebuildRollups(mirror, "demo", { start: "2026-11-01", end: "2026-11-20" });
 */
export async function rebuildRollups(
  mirror: RollupTarget,
  accountId: string,
  range?: DateRange,
  builtAt?: string,
  coveredRuns?: ReadonlySet<number>,
): Promise<void> {
  // A whole rebuild ends with the planner's statistics brought up to date (below). Those of the tables it
  // does not write are refreshed meanwhile on another connection, where the engine has one: the rebuild's
  // statements keep one processor busy, the tables' vacuum takes the other. Asked again in the transaction.
  const dialect = dialectOf(mirror.db);
  // Sales totals loaded with the file of the newest run (an account's first sales) are a whole rebuild's,
  // made by the import: the rebuild keeps them and does the rest.
  const loaded = range && (await totalsLoadedWithFile(mirror.db as unknown as Kysely<any>, accountId));
  const beside =
    loaded || !range || !(await reflectsPreviousRun(mirror.db as unknown as Kysely<any>, accountId, coveredRuns))
      ? dialect.refreshStatisticsBeside(mirror.db, REBUILT_TABLES)
      : undefined;
  // Should the rebuild fail first, the refresh's own failure is of no interest.
  beside?.catch(() => undefined);
  const whole = await mirror.db.transaction().execute(async (trx) => {
    const t = trx as unknown as Kysely<any>;
    const loadedSales = range ? await totalsLoadedWithFile(t, accountId) : undefined;
    const from =
      !loadedSales && range && (await reflectsPreviousRun(t, accountId, coveredRuns)) ? range.start : undefined;
    // The last day the kept totals ran to: a weekly spec keeps every day only in the weeks before it.
    const previousLast = from
      ? ((await t.selectFrom("rollup_state").select("last_date").where("account_id", "=", accountId).executeTakeFirst())
          ?.last_date ?? undefined)
      : undefined;
    // Every table's totals run to the last day of any of them, so a range ending there finds them all.
    const extents = new Map<RollupSpec, Extent>();
    const extent: Extent = {};
    for (const spec of ROLLUPS) {
      const e = await sourceExtent(t, spec, accountId);
      extents.set(spec, e);
      widen(extent, e);
    }
    // Kept only while they span every daily row the rebuild would sum.
    const keepSales = loadedSales?.first === extent.first && loadedSales?.last === extent.last;
    for (const spec of ROLLUPS) {
      if (spec === SALES_ROLLUP && keepSales) continue;
      await rebuildSpec(t, mirror.statements, spec, accountId, {
        from,
        first: extents.get(spec)?.first,
        last: extent.last,
        previousLast,
      });
    }
    await rebuildPriceChanges(t, accountId, from);
    const run = await t
      .selectFrom("sync_runs")
      .select((eb) => eb.fn.max("id").as("id"))
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    await t
      .insertInto("rollup_state")
      .values({
        account_id: accountId,
        sync_run_id: Number(run?.id ?? 0),
        first_date: extent.first ?? null,
        last_date: extent.last ?? null,
        built_at: builtAt ?? extent.last ?? "",
      })
      .onConflict((oc) =>
        oc.column("account_id").doUpdateSet((eb) => ({
          sync_run_id: eb.ref("excluded.sync_run_id"),
          first_date: eb.ref("excluded.first_date"),
          last_date: eb.ref("excluded.last_date"),
          built_at: eb.ref("excluded.built_at"),
        })),
      )
      .execute();
    return from === undefined;
  });
  await beside;
  // A whole rebuild follows a load of the account's whole history (a demo, a first import): the planner's
  // statistics are brought up to date with it (what the refresh beside it left). A rebuild of a few days
  // changes too little to need it. The running totals are read with their figures, from the table:
  // analyzed, not vacuumed.
  if (whole)
    await dialect.refreshStatistics(
      mirror.db,
      ROLLUPS.map((spec) => spec.rollup),
    );
}

/**
 * The tables a rebuild writes: a refresh beside it leaves them alone (a vacuum would wait for the rebuild's
 * locks, or hold it up).
 */
const REBUILT_TABLES = [...ROLLUPS.map((spec) => spec.rollup), "rollup_state", "competitor_price_changes"];

/**
 * Whether the stored totals reflect every run but the newest: only then may a
 * rebuild keep the days before the newest run's period (a run whose rebuild
 * failed in between would otherwise be missed).
 */
async function reflectsPreviousRun(
  t: Kysely<any>,
  accountId: string,
  coveredRuns?: ReadonlySet<number>,
): Promise<boolean> {
  const state = await t
    .selectFrom("rollup_state")
    .select(["sync_run_id", "built_at"])
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  // Totals loaded with a file that a later run followed: only the file's days are known to be right.
  if (!state || state.built_at === LOADED_WITH_FILE) return false;
  const newer = await runsAfter(t, accountId, state.sync_run_id);
  // Several newer runs are fine when the caller's range covers them all (a sync's reports).
  return newer.length <= 1 || (coveredRuns !== undefined && newer.every((r) => coveredRuns.has(Number(r.id))));
}

/** The first and last day of some daily rows, when there are any. */
interface Extent {
  first?: string;
  last?: string;
}

/** Stretches `extent` to cover `other` too. */
function widen(extent: Extent, other: { first?: string | null; last?: string | null } | undefined): void {
  if (other?.first && (!extent.first || other.first < extent.first)) extent.first = other.first;
  if (other?.last && (!extent.last || other.last > extent.last)) extent.last = other.last;
}

/**
 * The first and last day of a spec's daily rows. Each end is a query of its
 * own: a lone min() or max() is one seek into the index by account and day,
 * where both in one query read every row of the account.
 */
async function sourceExtent(t: Kysely<any>, spec: RollupSpec, accountId: string): Promise<Extent> {
  const extent: Extent = {};
  for (const source of spec.sources) {
    const end = (fn: "min" | "max") =>
      t
        .selectFrom(source.table)
        .select((eb) => eb.fn[fn]("date").as("day"))
        .where("account_id", "=", accountId)
        .executeTakeFirst()
        .then((row) => (row?.day as string | null | undefined) ?? undefined);
    widen(extent, { first: await end("min"), last: await end("max") });
  }
  return extent;
}

/** The Sunday on or before a day. */
const sundayOnOrBefore = (day: string) => addDaysIso(day, -((weekdayIso(day) + 1) % 7));

/** Whether a day is the last of its month. */
const isMonthEnd = (day: string) => addDaysIso(day, 1).endsWith("-01");

/** The last days of the months from the one holding `from` on, those before `before`. */
function monthEndsBetween(from: string, before: string): string[] {
  const ends: string[] = [];
  for (let month = `${from.slice(0, 7)}-01`; ; month = addMonths(month, 1)) {
    const end = addDaysIso(addMonths(month, 1), -1);
    if (end >= before) return ends;
    ends.push(end);
  }
}

/**
 * The last day on or before `day` a weekly layout keeps in its older weeks: a Sunday, or with `monthEnds`
 * a month's last day too (the day before a month, quarter or year starts, where many ranges and every
 * monthly bucket begin).
 */
function weeklyDayOnOrBefore(layout: TotalsLayout, day: string): string {
  const sunday = sundayOnOrBefore(day);
  if (!layout.monthEnds) return sunday;
  return maxDate(sunday, isMonthEnd(day) ? day : addDaysIso(`${day.slice(0, 7)}-01`, -1));
}

/** Days at the end of the data for which weekly specs keep daily totals too: recent ranges read two rows per key. */
const DENSE_DAYS = 63;

/**
 * Which days a spec's running totals (grain C) are kept for on an engine: every day, or Sundays (and with
 * `monthEnds` months' last days) and then every day of the last `denseDays`. Decided here alone; the
 * rebuild and every reader ask. Summed totals (grain A, a few rows per day) are kept for every day
 * whatever the layout.
 */
export interface TotalsLayout {
  weekly: boolean;
  denseDays: number;
  monthEnds: boolean;
}

const EVERY_DAY: TotalsLayout = { weekly: false, denseDays: 0, monthEnds: false };

export function totalsLayout(spec: RollupSpec, engine: SqlDialect["engine"]): TotalsLayout {
  // Targets and search terms keep Sundays alone, as mirrors built before month ends were kept hold them:
  // a reader expecting a month end there would find no totals.
  if (spec.weekly) return { weekly: true, denseDays: DENSE_DAYS, monthEnds: false };
  // The server's sales totals were every day's before: any day this layout reads is among them.
  if (spec.weeklyOnServer && engine === "postgres")
    return { weekly: true, denseDays: spec.weeklyOnServer.denseDays, monthEnds: true };
  return EVERY_DAY;
}

/** The first day a weekly layout keeps totals for every day, given the last day of the data. */
const denseFrom = (layout: TotalsLayout, last: string) => addDaysIso(last, -(layout.denseDays - 1));

/** The days a layout keeps totals for from `start` to `last`: every day, or Sundays then the last weeks' days. */
function* totalDays(layout: TotalsLayout, start: string, last: string): Generator<string> {
  let day = start;
  if (layout.weekly) {
    const dense = denseFrom(layout, last);
    for (; day < dense && day <= last; day = addDaysIso(day, 1))
      if (weeklyDayOnOrBefore(layout, day) === day) yield day;
    day = maxDate(start, dense);
  }
  for (; day <= last; day = addDaysIso(day, 1)) yield day;
}

/**
 * The days a spec's running totals are kept for on an engine, from `start` to `last`: its per-key totals
 * (grain C) in its layout, or with `summed` the summed totals (grain A), kept for every day.
 */
export function keptTotalDays(
  spec: RollupSpec,
  engine: SqlDialect["engine"],
  start: string,
  last: string,
  summed = false,
): string[] {
  return [...totalDays(summed ? EVERY_DAY : totalsLayout(spec, engine), start, last)];
}

/** The last day on or before `day` a layout keeps totals for (given the data's last day). */
function totalDayOnOrBefore(layout: TotalsLayout, day: string, last: string): string {
  return !layout.weekly || day >= denseFrom(layout, last) ? day : weeklyDayOnOrBefore(layout, day);
}

/** Whether a layout has totals on `day` (a day before the first has none to keep: they are all zero). */
export function keptOn(layout: TotalsLayout, day: string, rollups: { first: string; last: string }): boolean {
  return day < rollups.first || totalDayOnOrBefore(layout, day, rollups.last) === day;
}

/** What a spec's rebuild covers. */
interface RebuildSpan {
  /** The first day that changed (undefined: rebuild everything). */
  from: string | undefined;
  /** The first day of the spec's daily rows. */
  first: string | undefined;
  /** The last day of any spec's daily rows: every spec's totals run to it. */
  last: string | undefined;
  /** The last day the stored totals ran to (rollup_state), when they are kept up to `from`. */
  previousLast: string | undefined;
}

/** The last day before `day` a spec has totals for (with `older`, only days its older weeks keep). */
async function keptDay(
  t: Kysely<any>,
  spec: RollupSpec,
  accountId: string,
  day: string,
  older?: TotalsLayout,
): Promise<string | undefined> {
  let query = t
    .selectFrom(spec.rollup)
    .select((eb) => eb.fn.max("period").as("day"))
    .where("account_id", "=", accountId)
    .where("grain", "=", "C")
    .where("period", "<", day);
  if (older) {
    // Month ends from three years back: an older kept one is passed over for a later Sunday.
    const monthEnds = older.monthEnds ? monthEndsBetween(addDaysIso(day, -366 * 3), day) : [];
    query = query.where((eb) =>
      eb.or([eb(dialectOf(t).dayOfWeek("period"), "=", 0), eb("period", "in", [...monthEnds, ""])]),
    );
  }
  return ((await query.executeTakeFirst())?.day as string | null | undefined) ?? undefined;
}

/**
 * The running totals of one spec, from `from` (or its first day) to `last`: every day, or every Sunday for
 * a weekly spec.
 */
async function rebuildSpec(
  t: Kysely<any>,
  statements: BulkStatements,
  spec: RollupSpec,
  accountId: string,
  span: RebuildSpan,
): Promise<void> {
  const { dayOfWeek, indexedBy, sum, engine } = dialectOf(t);
  const layout = totalsLayout(spec, engine);
  const { first, last, previousLast } = span;
  let from = span.from;
  let start = first;
  // The totals of the day before the rebuilt days carry on; without them, everything is rebuilt.
  let kept = from && first && from > first ? await keptDay(t, spec, accountId, from) : undefined;
  // A weekly spec keeps every day only in the last weeks. Totals kept from among them carry on as they are
  // when those weeks were every day's before too (the data ended no later then) and still are; otherwise
  // the last weeks are rebuilt whole, from the last Sunday before them (days after it may be gone).
  if (layout.weekly && kept && last) {
    const dense = denseFrom(layout, last);
    const stillDaily = previousLast !== undefined && previousLast <= last && kept >= dense;
    if (!stillDaily) {
      from = minDate(from!, dense);
      kept = await keptDay(t, spec, accountId, from, layout);
    }
  }
  if (kept) {
    start = addDaysIso(kept, 1);
    // Totals of an older layout (other grains) go, and those from the first rebuilt day on: each a range
    // of the primary key (account, grain, period), where one condition joining them with `or` reads all.
    for (const stale of [
      (eb: any) => eb("grain", "<", "A"),
      (eb: any) => eb.and([eb("grain", ">", "A"), eb("grain", "<", "C")]),
      (eb: any) => eb("grain", ">", "C"),
      (eb: any) => eb.and([eb("grain", "in", ["A", "C"]), eb("period", ">=", start!)]),
    ])
      await t.deleteFrom(spec.rollup).where("account_id", "=", accountId).where(stale).execute();
    // Days that were among the last weeks before, and are older weeks now, keep only their Sundays and
    // months' last days.
    if (layout.weekly && last && first) {
      const dense = denseFrom(layout, last);
      await t
        .deleteFrom(spec.rollup)
        .where("account_id", "=", accountId)
        .where("grain", "=", "C")
        .where("period", "<", dense)
        .where(dayOfWeek("period"), "!=", 0)
        .where("period", "not in", [...(layout.monthEnds ? monthEndsBetween(first, dense) : []), ""])
        .execute();
    }
  } else if (engine === "postgres") {
    // Rebuilt whole: the table may be emptied at once and its key built after the rows (see emptyTotals).
    const restoreKey = await emptyTotals(t, spec.rollup, accountId);
    if (start && last) await insertPgTotals(t, spec, accountId, start, last, undefined);
    await restoreKey?.();
    return;
  } else {
    await t.deleteFrom(spec.rollup).where("account_id", "=", accountId).execute();
  }
  if (!start || !last) return;
  if (engine === "postgres") {
    await insertPgTotals(t, spec, accountId, start, last, kept);
    return;
  }
  // One statement per day (or Sunday): the totals are the previous ones plus the daily rows since. It runs
  // inside SQLite (no row crosses into JavaScript) and appends in the rollup's key order.
  const DAY = "\u0000day";
  const AFTER = "\u0000after";
  const BEFORE = "\u0000before";
  const names = [...spec.keys, ...spec.measures];
  const insertColumns = sql.join(["account_id", "grain", "period", ...names].map((c) => sql.ref(c)));
  const staged: string[] = [];
  const parts = [
    sql`select ${sql.join(names.map((c) => sql.ref(c)))} from ${sql.table(spec.rollup)} where account_id = ${accountId} and grain = 'C' and period = ${BEFORE}`,
  ];
  for (const source of spec.sources) {
    if (source.manyPerDay) {
      const temp = `rollup_source_${source.table}`;
      const mapped = sql.join(
        names.map((c) =>
          spec.keys.includes(c)
            ? sql`${sql.raw(source.columns[c])} as ${sql.ref(c)}`
            : sql`${sum(sql.raw(source.columns[c]))} as ${sql.ref(c)}`,
        ),
      );
      // SQLite names the temporary schema `temp` and puts a temporary table's index there; PostgreSQL
      // finds temporary tables first by their bare name and keeps their indexes beside them.
      const tempTable = engine === "sqlite" ? sql`temp.${sql.ref(temp)}` : sql.ref(temp);
      const tempIndex = engine === "sqlite" ? sql`temp.${sql.ref(`${temp}_date`)}` : sql.ref(`${temp}_date`);
      await sql`drop table if exists ${tempTable}`.execute(t);
      await sql`create temp table ${sql.ref(temp)} as select date, ${mapped} from ${sql.table(source.table)}
        where account_id = ${accountId} and date between ${start} and ${last} group by date, ${sql.join(spec.keys.map((k) => sql.raw(source.columns[k])))}`.execute(
        t,
      );
      await sql`create index ${tempIndex} on ${sql.ref(temp)} (date)`.execute(t);
      staged.push(temp);
      parts.push(
        sql`select ${sql.join(names.map((c) => sql.ref(c)))} from ${tempTable} where date between ${AFTER} and ${DAY}`,
      );
    } else {
      parts.push(
        sql`select ${sql.join(names.map((c) => sql`${sql.raw(source.columns[c])}`))} from ${indexedBy(source.table, source.dateIndex)} where account_id = ${accountId} and date between ${AFTER} and ${DAY}`,
      );
    }
  }
  const keyRefs = sql.join(spec.keys.map((k) => sql.ref(k)));
  // Grouped by the primary key's columns first: the groups then come out in the order rows are appended in.
  const groupRefs = sql.join([...spec.pk, ...spec.keys.filter((k) => !spec.pk.includes(k))].map((k) => sql.ref(k)));
  const query = sql`insert into ${sql.table(spec.rollup)} (${insertColumns})
    select ${accountId}, 'C', ${DAY}, ${keyRefs}, ${sql.join(spec.measures.map((m) => sum(sql.ref(m))))}
    from (${sql.join(parts, sql` union all `)}) as d group by ${groupRefs} order by ${groupRefs}`.compile(t);
  const statement = statements.prepare(query.sql);
  const params = query.parameters.slice();
  let before = kept ?? addDaysIso(start, -1);
  if (layout.weekly && spec.totalsBy)
    throw new Error(`${spec.rollup}: summed totals are kept every day, which SQLite sums from daily per-key totals`);
  for (const day of totalDays(layout, start, last)) {
    const after = addDaysIso(before, 1);
    for (let i = 0; i < params.length; i++) {
      const p = query.parameters[i];
      params[i] = p === DAY ? day : p === BEFORE ? before : p === AFTER ? after : p;
    }
    statement.run(params);
    before = day;
  }
  for (const temp of staged)
    await sql`drop table ${engine === "sqlite" ? sql`temp.${sql.ref(temp)}` : sql.ref(temp)}`.execute(t);
  await insertSummedTotals(t, spec, accountId, start);
}

/** PostgreSQL's running totals of a spec from `start` to `last`, carrying on from `kept`; then the summed ones. */
async function insertPgTotals(
  t: Kysely<any>,
  spec: RollupSpec,
  accountId: string,
  start: string,
  last: string,
  kept: string | undefined,
): Promise<void> {
  // A server runs one statement for every day faster than one per day (see postgres/running-totals.ts).
  const layout = totalsLayout(spec, "postgres");
  const days = [...totalDays(layout, start, last)];
  await insertTotalsAtOnce(t, spec, accountId, { start, last, kept, days });
  // The summed totals run over the daily rows summed per day (a few hundred rows), not over the per-key
  // totals (a row per key and day): the same sums, read from a fraction of the rows. They are kept for
  // every day (a few rows each) whatever the per-key layout: a series of all products reads no daily row.
  if (spec.totalsBy) {
    const everyDay = layout.weekly ? [...totalDays(EVERY_DAY, start, last)] : days;
    await insertTotalsAtOnce(t, summedSpec(spec), accountId, { start, last, kept, days: everyDay, grain: "A" });
  }
}

/** A spec whose keys outside `totalsBy` are '' in every source: its running totals are the summed ones. */
function summedSpec(spec: RollupSpec): RollupSpec {
  const by = spec.totalsBy ?? spec.keys;
  return {
    ...spec,
    sources: spec.sources.map((source) => ({
      ...source,
      columns: {
        ...source.columns,
        ...Object.fromEntries(spec.keys.filter((k) => !by.includes(k)).map((k) => [k, "''"])),
      },
    })),
  };
}

/** The totals summed over the other keys (grain 'A'), from `start` on, when the spec keeps them. */
async function insertSummedTotals(t: Kysely<any>, spec: RollupSpec, accountId: string, start: string): Promise<void> {
  const { sum } = dialectOf(t);
  const insertColumns = sql.join(
    ["account_id", "grain", "period", ...spec.keys, ...spec.measures].map((c) => sql.ref(c)),
  );
  if (spec.totalsBy) {
    const by = spec.totalsBy.map((k) => sql.ref(k));
    const keys = spec.keys.map((k) => (spec.totalsBy!.includes(k) ? sql.ref(k) : sql`''`));
    // Read in the running totals' order (day, then key), so the groups stream without a sort.
    await sql`insert into ${sql.table(spec.rollup)} (${insertColumns})
      select account_id, 'A', period, ${sql.join(keys)}, ${sql.join(spec.measures.map((m) => sum(sql.ref(m))))}
      from ${sql.table(spec.rollup)} where account_id = ${accountId} and grain = 'C' and period >= ${start}
      group by period, ${sql.join(by)}, account_id`.execute(t);
  }
}

/** The rollups' state when they reflect the account's newest sync run, else undefined. */
export async function usableRollups(
  db: MirrorDb,
  accountId: string,
  record?: (sql: string) => void,
): Promise<{ first: string; last: string } | undefined> {
  const stateQuery = db
    .selectFrom("rollup_state")
    .select(["sync_run_id", "first_date", "last_date"])
    .where("account_id", "=", accountId);
  const runQuery = db
    .selectFrom("sync_runs")
    .select((eb) => [
      eb.fn.max("id").as("id"),
      eb.fn.sum<number>(eb.case().when("status", "=", "running").then(1).else(0).end()).as("running"),
    ])
    .where("account_id", "=", accountId);
  record?.(stateQuery.compile().sql);
  record?.(runQuery.compile().sql);
  const state = await stateQuery.executeTakeFirst();
  if (!state?.first_date || !state.last_date) return undefined;
  const run = await runQuery.executeTakeFirst();
  if (Number(run?.id ?? 0) !== state.sync_run_id || Number(run?.running ?? 0) > 0) return undefined;
  // Rollups written by an earlier layout are not read: daily rows without running totals, or running totals
  // without their summed totals. One statement probes every table.
  const lacks = (table: string, has: string, lacking: string) =>
    sql<number>`(exists (select 1 from ${sql.table(table)} where account_id = ${accountId} and grain = ${has}) and not exists (select 1 from ${sql.table(table)} where account_id = ${accountId} and grain = ${lacking}))`;
  const probes = ROLLUPS.flatMap((spec) => [
    lacks(spec.rollup, "D", "C"),
    ...(spec.totalsBy ? [lacks(spec.rollup, "C", "A")] : []),
  ]);
  const outdated = sql<{ outdated: number }>`select (${sql.join(probes, sql` or `)}) as outdated`;
  const compiled = outdated.compile(db);
  record?.(compiled.sql);
  if (Number((await db.executeQuery(compiled)).rows[0]?.outdated ?? 0)) return undefined;
  return { first: state.first_date, last: state.last_date };
}

/** The first day of the bucket holding `date` (weeks start on Monday). */
function bucketStartIso(date: string, bucket: DateBucket): string {
  switch (bucket) {
    case "day":
      return date;
    case "week":
      return addDaysIso(date, -weekdayIso(date));
    case "month":
      return `${date.slice(0, 7)}-01`;
    case "quarter":
      return `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, "0")}-01`;
    case "year":
      return `${date.slice(0, 4)}-01-01`;
  }
}

/** The last day of the bucket holding `date`. */
function bucketLastDay(date: string, bucket: DateBucket): string {
  switch (bucket) {
    case "day":
      return date;
    case "week":
      return addDaysIso(date, 6 - weekdayIso(date));
    case "month":
      return addDaysIso(addMonths(bucketStartIso(date, "month"), 1), -1);
    case "quarter":
      return addDaysIso(addMonths(bucketStartIso(date, "quarter"), 3), -1);
    case "year":
      return `${date.slice(0, 4)}-12-31`;
  }
}

function addMonths(monthStart: string, n: number): string {
  const [y, m] = monthStart.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * Splits a range into buckets: each bucket's label (its first day, which may
 * fall before the range), the day before its first day inside the range, and
 * its last day inside the range.
 *
 * @example
 * bucketBounds({ start: "2026-10-29", end: "2026-11-03" }, "month")
 * // [{ label: "2026-10-01", before: "2026-10-28", last: "2026-10-31" },
 * //  { label: "2026-11-01", before: "2026-10-31", last: "2026-11-03" }]
 */
export function bucketBounds(range: DateRange, bucket: DateBucket): { label: string; before: string; last: string }[] {
  const bounds: { label: string; before: string; last: string }[] = [];
  for (let day = range.start; day <= range.end; ) {
    const last = minDate(bucketLastDay(day, bucket), range.end);
    bounds.push({ label: bucketStartIso(day, bucket), before: addDaysIso(day, -1), last });
    day = addDaysIso(last, 1);
  }
  return bounds;
}

export interface FactsQuery {
  /** The engine's SQL for the fragments that differ (`dialectOf(db)` of the handle that runs the query). */
  dialect: SqlDialect;
  accountId: string;
  range: DateRange;
  /** Extra condition on the source rows (columns: account_id, date, and the spec's keys). */
  where?: (columnsOf: "daily" | "rollup") => RawBuilder<unknown> | undefined;
  /** The running totals (only when they are usable). */
  rollups?: { first: string; last: string };
  /**
   * Also return a `period` column: the day for daily rows, the bucket's first day when read from the
   * running totals; group by the bucket of `period` to get the series.
   */
  bucket?: DateBucket;
  /** Only these measures (all of the spec's when absent). */
  measures?: readonly string[];
  /**
   * The caller only sums over keys and its `where` names only the spec's `totalsBy` keys: rows may then
   * come from the summed totals, with '' in the other keys.
   */
  summed?: boolean;
}

/**
 * A derived table (to select from and group) with the spec's keys and
 * measures for the range: one row per key from the running totals when they
 * are usable (per key and bucket with `bucket`), else the daily rows.
 *
 * @example
 * const facts = factsTable(SALES_ROLLUP, { accountId, range });
 * sql`select asin, sum(revenue) from ${facts} group by asin`
 */
export function factsTable(spec: RollupSpec, q: FactsQuery): RawBuilder<unknown>;
export function factsTable(
  spec: RollupSpec,
  q: FactsQuery,
  describe: true,
): { table: RawBuilder<unknown>; oneRowPerKey: boolean };
export function factsTable(
  spec: RollupSpec,
  q: FactsQuery,
  describe?: true,
): RawBuilder<unknown> | { table: RawBuilder<unknown>; oneRowPerKey: boolean } {
  // The summed totals are kept for every day: their ranges read two rows per key whatever the layout.
  const perDay = !totalsLayout(spec, q.dialect.engine).weekly || (q.summed && spec.totalsBy);
  const table = !q.rollups
    ? dailyTable(spec, q)
    : q.bucket
      ? bucketTotalsTable(spec, q, q.rollups, q.bucket)
      : perDay
        ? rangeTotalsTable(spec, q, q.rollups)
        : weeklyTotalsTable(spec, q, q.rollups);
  const oneRowPerKey = !!(q.rollups && !q.bucket && perDay);
  return describe ? { table, oneRowPerKey } : table;
}

function dailyTable(spec: RollupSpec, q: FactsQuery): RawBuilder<unknown> {
  return sql`(${sql.join(dailyParts(spec, q, q.range), sql` union all `)})`;
}

/**
 * Selects of the daily rows of a span, one per source; `negate` turns every measure's sign, and `label`
 * gives every row that period (else its day, when the query has a bucket).
 */
function dailyParts(
  spec: RollupSpec,
  q: FactsQuery,
  span: DateRange,
  negate = false,
  label?: string,
): RawBuilder<unknown>[] {
  const measures = q.measures ?? spec.measures;
  const w = q.where?.("daily");
  const extra = w ? sql` and ${w}` : sql``;
  const period = label !== undefined ? sql`${label} as period, ` : q.bucket ? sql`date as period, ` : sql``;
  const dateCond =
    span.start === span.end ? sql`date = ${span.start}` : sql`date between ${span.start} and ${span.end}`;
  return spec.sources.map((source) => {
    const cols = [
      ...spec.keys.map((c) => sql`${sql.raw(source.columns[c])} as ${sql.ref(c)}`),
      ...measures.map((c) =>
        negate
          ? sql`-(${sql.raw(source.columns[c])}) as ${sql.ref(c)}`
          : sql`${sql.raw(source.columns[c])} as ${sql.ref(c)}`,
      ),
    ];
    return sql`select ${period}${sql.join(cols)} from ${q.dialect.indexedBy(source.table, source.dateIndex)} where account_id = ${q.accountId} and ${dateCond}${extra}`;
  });
}

/**
 * The facts of a range from weekly totals (several rows per key, to be summed): the totals at the range's
 * last day (or the Sunday before it, in older weeks) minus those at the day before the range (or the Sunday
 * before that), plus the daily rows after the first of those days and minus those after the second.
 */
function weeklyTotalsTable(
  spec: RollupSpec,
  q: FactsQuery,
  rollups: { first: string; last: string },
): RawBuilder<unknown> {
  const names = q.measures ?? spec.measures;
  const start = maxDate(q.range.start, rollups.first);
  const end = minDate(q.range.end, rollups.last);
  if (start > end) return emptyTable(spec.keys, names, false);
  const layout = totalsLayout(spec, q.dialect.engine);
  const atEnd = totalDayOnOrBefore(layout, end, rollups.last);
  const beforeStart = totalDayOnOrBefore(layout, addDaysIso(start, -1), rollups.last);
  // Inside one older week the daily rows are all there is to read.
  if (atEnd === beforeStart) return dailyTable(spec, { ...q, range: { start, end } });
  const w = q.where?.("rollup");
  const totals = (day: string, negate: boolean) =>
    sql`select ${sql.join([
      ...spec.keys.map((k) => sql.ref(k)),
      ...names.map((m) => (negate ? sql`-${sql.ref(m)} as ${sql.ref(m)}` : sql.ref(m))),
    ])} from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and grain = 'C' and period = ${day}${w ? sql` and ${w}` : sql``}`;
  const parts = [totals(atEnd, false), totals(beforeStart, true)];
  if (atEnd < end) parts.push(...dailyParts(spec, q, { start: addDaysIso(atEnd, 1), end }));
  if (beforeStart < addDaysIso(start, -1))
    parts.push(...dailyParts(spec, q, { start: addDaysIso(beforeStart, 1), end: addDaysIso(start, -1) }, true));
  return sql`(${sql.join(parts, sql` union all `)})`;
}

function emptyTable(keys: readonly string[], measures: readonly string[], withPeriod: boolean): RawBuilder<unknown> {
  const period = withPeriod ? sql`null as period, ` : sql``;
  // Typed nulls: PostgreSQL takes an untyped null for text, which a union with figures refuses.
  const columns = [
    ...keys.map((n) => sql`null as ${sql.ref(n)}`),
    ...measures.map((n) => sql`cast(null as double precision) as ${sql.ref(n)}`),
  ];
  return sql`(select ${period}${sql.join(columns)} where 1 = 0)`;
}

/**
 * The running totals of `day` (grain C, or A for the summed totals) that pass
 * the scope condition, as a subquery: the condition names bare columns. Read
 * as `e`, the rows others are matched against.
 */
function totalsOn(
  spec: RollupSpec,
  q: Pick<FactsQuery, "accountId" | "where">,
  grain: "A" | "C",
  day: string,
): RawBuilder<unknown> {
  const w = q.where?.("rollup");
  return sql`(select * from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and grain = ${grain} and period = ${day}${w ? sql` and ${w}` : sql``})`;
}

/** Joins, as `alias`, the running totals of `day` with the keys of each row of `e` (none before the first day). */
function joinTotalsOn(
  spec: RollupSpec,
  accountId: string,
  grain: "A" | "C",
  alias: string,
  day: string,
): RawBuilder<unknown> {
  const a = (column: string) => sql.ref(`${alias}.${column}`);
  const keys = sql.join(
    spec.keys.map((k) => sql`${a(k)} = e.${sql.ref(k)}`),
    sql` and `,
  );
  return sql`left join ${sql.table(spec.rollup)} ${sql.ref(alias)} on ${a("account_id")} = ${accountId} and ${a("grain")} = ${grain} and ${a("period")} = ${day} and ${keys}`;
}

/**
 * The facts of a range from the running totals: each key's total at the end
 * of the range minus its total the day before the start (none before its first day).
 */
function rangeTotalsTable(
  spec: RollupSpec,
  q: FactsQuery,
  rollups: { first: string; last: string },
): RawBuilder<unknown> {
  const names = q.measures ?? spec.measures;
  const start = maxDate(q.range.start, rollups.first);
  const end = minDate(q.range.end, rollups.last);
  if (start > end) return emptyTable(spec.keys, names, false);
  const before = addDaysIso(start, -1);
  const grain = q.summed && spec.totalsBy ? "A" : "C";
  const keys = sql.join(spec.keys.map((k) => sql`e.${sql.ref(k)} as ${sql.ref(k)}`));
  const diffs = sql.join(names.map((m) => sql`e.${sql.ref(m)} - coalesce(s.${sql.ref(m)}, 0) as ${sql.ref(m)}`));
  return sql`(select ${keys}, ${diffs} from ${totalsOn(spec, q, grain, end)} e ${joinTotalsOn(spec, q.accountId, grain, "s", before)})`;
}

/**
 * The facts of two ranges side by side, one row per key in key order: range
 * i's measures as `<measure>_<i>` and `n_<i>` (1 when the key has facts in
 * range i, as factsTable would give a row for it, else 0). From the running
 * totals when the second range ends no later than the first (its keys are
 * then among those at the first's end): one pass over the first's end totals
 * with three lookups per key. Otherwise both ranges' rows, grouped by key.
 *
 * @example
 * sql`select asin, revenue_0 - revenue_1 as change from ${pairedFactsTable(SALES_ROLLUP, { accountId, rollups, measures: ["revenue"] }, [thisMonth, lastMonth])}`
 */
export function pairedFactsTable(
  spec: RollupSpec,
  q: Omit<FactsQuery, "range" | "bucket" | "summed">,
  ranges: readonly [DateRange, DateRange],
): RawBuilder<unknown> {
  const names = q.measures ?? spec.measures;
  const rollups = q.rollups;
  const clamped = rollups
    ? ranges.map((r) => ({ start: maxDate(r.start, rollups.first), end: minDate(r.end, rollups.last) }))
    : undefined;
  // In a weekly layout the lookups need totals on all four days: the last weeks' days, or Sundays.
  const layout = totalsLayout(spec, q.dialect.engine);
  const kept = (day: string) => !rollups || keptOn(layout, day, rollups);
  if (
    clamped?.every((r) => r.start <= r.end && kept(r.end) && kept(addDaysIso(r.start, -1))) &&
    clamped[1].end <= clamped[0].end
  ) {
    const at = (alias: string, day: string) => joinTotalsOn(spec, q.accountId, "C", alias, day);
    const present = sql.ref(`pe.${spec.keys[0]}`);
    const columns = [
      ...spec.keys.map((k) => sql`e.${sql.ref(k)} as ${sql.ref(k)}`),
      sql`true as n_0`,
      ...names.map((m) => sql`e.${sql.ref(m)} - coalesce(s.${sql.ref(m)}, 0) as ${sql.ref(`${m}_0`)}`),
      sql`${present} is not null as n_1`,
      ...names.map(
        (m) =>
          sql`case when ${present} is not null then pe.${sql.ref(m)} - coalesce(ps.${sql.ref(m)}, 0) else 0 end as ${sql.ref(`${m}_1`)}`,
      ),
    ];
    return sql`(select ${sql.join(columns)} from ${totalsOn(spec, q, "C", clamped[0].end)} e
      ${at("s", addDaysIso(clamped[0].start, -1))} ${at("pe", clamped[1].end)} ${at("ps", addDaysIso(clamped[1].start, -1))})`;
  }
  const keyRefs = sql.join(spec.keys.map((k) => sql.ref(k)));
  const tagged = ranges.map(
    (range, i) =>
      sql`select ${i} as k, ${keyRefs}, ${sql.join(names.map((m) => sql.ref(m)))} from ${factsTable(spec, { ...q, range })} as t`,
  );
  const sides = ranges.flatMap((_, i) => [
    sql`count(case when k = ${i} then 1 end) > 0 as ${sql.ref(`n_${i}`)}`,
    ...names.map(
      (m) => sql`${q.dialect.sum(sql`case when k = ${i} then ${sql.ref(m)} end`)} as ${sql.ref(`${m}_${i}`)}`,
    ),
  ]);
  return sql`(select ${keyRefs}, ${sql.join(sides)} from (${sql.join(tagged, sql` union all `)}) as t group by ${keyRefs})`;
}

/**
 * One measure per key over several ranges that end on the same day, as
 * columns v0, v1, … (one per start): from the running totals, the total at
 * the end minus each total the day before a start; else summed from the daily rows.
 *
 * @example
 * sql`select * from ${windowTotals(SALES_ROLLUP, { accountId, range: { start: "2026-10-22", end: "2026-11-20" }, rollups }, "units", ["2026-10-22", "2026-11-07"])}`
 */
export function windowTotals(
  spec: RollupSpec,
  q: FactsQuery,
  measure: string,
  starts: readonly string[],
): RawBuilder<unknown> {
  const end = q.rollups ? minDate(q.range.end, q.rollups.last) : q.range.end;
  const earliest = starts.reduce((a, b) => minDate(a, b));
  const columns = starts.map((_, i) => `v${i}`);
  if (earliest > end) return emptyTable(spec.keys, columns, false);
  const keyRefs = sql.join(spec.keys.map((k) => sql.ref(k)));
  if (!q.rollups) {
    // Daily rows with their day (as `period`), each counted in the windows it falls in.
    const sums = starts.map(
      (start, i) =>
        sql`${q.dialect.sum(sql`case when period >= ${start} then ${sql.ref(measure)} else 0 end`)} as ${sql.ref(columns[i])}`,
    );
    const parts = dailyParts(spec, { ...q, bucket: "day", measures: [measure] }, { start: earliest, end });
    return sql`(select ${keyRefs}, ${sql.join(sums)} from (${sql.join(parts, sql` union all `)}) as t group by ${keyRefs})`;
  }
  const rollups = q.rollups;
  const befores = starts.map((start) => addDaysIso(maxDate(start, rollups.first), -1));
  const layout = totalsLayout(spec, q.dialect.engine);
  if ([end, ...befores].every((day) => keptOn(layout, day, rollups))) {
    const keys = sql.join(spec.keys.map((k) => sql`e.${sql.ref(k)} as ${sql.ref(k)}`));
    const joins = befores.map((before, i) => joinTotalsOn(spec, q.accountId, "C", `s${i}`, before));
    const values = starts.map(
      (_, i) =>
        sql`e.${sql.ref(measure)} - coalesce(${sql.ref(`s${i}`)}.${sql.ref(measure)}, 0) as ${sql.ref(columns[i])}`,
    );
    return sql`(select ${keys}, ${sql.join(values)} from ${totalsOn(spec, q, "C", end)} e ${sql.join(joins, sql` `)})`;
  }
  // A weekly layout without totals on some of the days: each day's totals are those of the kept day on or
  // before it plus the daily rows after that (at most six days' worth), summed per key with their signs.
  const m = sql.ref(measure);
  const signedParts = (day: string, value: (i: number) => RawBuilder<unknown>): RawBuilder<unknown>[] => {
    const row = sql.join(columns.map((c, i) => sql`${value(i)} as ${sql.ref(c)}`));
    return totalsSinceKeptDay(spec, q, layout, rollups, day, [measure]).map(
      (part) => sql`select ${keyRefs}, ${row} from (${part}) as d`,
    );
  };
  const parts = [
    ...signedParts(end, () => m),
    ...befores.flatMap((before, i) => signedParts(before, (j) => (j === i ? sql`-${m}` : sql`0`))),
  ];
  const sums = columns.map((c) => sql`${q.dialect.sum(sql.ref(c))} as ${sql.ref(c)}`);
  return sql`(select ${keyRefs}, ${sql.join(sums)} from (${sql.join(parts, sql` union all `)}) as t group by ${keyRefs})`;
}

/**
 * Each key's running totals on `day` (one row per key, with its keys and
 * measures), for readers that want the totals themselves (series read day
 * by day): the stored row when the layout keeps that day, else the kept
 * day's totals on or before it plus the daily rows since (at most six
 * days'). Needs `q.rollups`; `q.range` is not read.
 *
 * @example
 * sql`select asin, units from ${keyTotalsOn(SALES_ROLLUP, { dialect, accountId, range, rollups }, "2026-08-05")} as t`
 */
export function keyTotalsOn(spec: RollupSpec, q: FactsQuery, day: string): RawBuilder<unknown> {
  const names = q.measures ?? spec.measures;
  const rollups = q.rollups;
  if (!rollups) throw new Error("keyTotalsOn reads the running totals: they must be usable");
  const parts = totalsSinceKeptDay(spec, q, totalsLayout(spec, q.dialect.engine), rollups, day, names);
  // Kept on that day (or before the first, when there are none): the stored rows alone.
  if (parts.length === 1 || day < rollups.first) return sql`(${parts[0]})`;
  const keyRefs = sql.join(spec.keys.map((k) => sql.ref(k)));
  const sums = names.map((m) => sql`${q.dialect.sum(sql.ref(m))} as ${sql.ref(m)}`);
  return sql`(select ${keyRefs}, ${sql.join(sums)} from (${sql.join(parts, sql` union all `)}) as t group by ${keyRefs})`;
}

/**
 * Selects whose rows, summed per key, are each key's running totals on `day`
 * (grain C) in `layout`: the stored totals of the kept day on or before it,
 * then, when that day is an earlier one, the daily rows after it up to `day`
 * (at most six days' worth). Each selects the keys and `measures`, within
 * the scope condition; the first is the stored totals.
 */
function totalsSinceKeptDay(
  spec: RollupSpec,
  q: FactsQuery,
  layout: TotalsLayout,
  rollups: { first: string; last: string },
  day: string,
  measures: readonly string[],
): RawBuilder<unknown>[] {
  const at = totalDayOnOrBefore(layout, day, rollups.last);
  const w = q.where?.("rollup");
  const columns = sql.join([...spec.keys, ...measures].map((c) => sql.ref(c)));
  const parts = [
    sql`select ${columns} from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and grain = 'C' and period = ${at}${w ? sql` and ${w}` : sql``}`,
  ];
  if (at < day)
    parts.push(...dailyParts(spec, { ...q, bucket: undefined, measures }, { start: addDaysIso(at, 1), end: day }));
  return parts;
}

/**
 * The facts of a range per bucket from the running totals, as signed rows:
 * each key's total at the bucket's last day, and minus its total at the
 * previous bucket's last day (or the day before the range), both labelled
 * with the bucket. Summing them per bucket gives the bucket's sums, and any
 * per-key weighting (a unit cost) distributes over the difference.
 */
function bucketTotalsTable(
  spec: RollupSpec,
  q: FactsQuery,
  rollups: { first: string; last: string },
  bucket: DateBucket,
): RawBuilder<unknown> {
  const names = q.measures ?? spec.measures;
  const start = maxDate(q.range.start, rollups.first);
  const end = minDate(q.range.end, rollups.last);
  if (start > end) return emptyTable(spec.keys, names, true);
  const grain = q.summed && spec.totalsBy ? "A" : "C";
  // The summed totals are kept for every day; per-key totals in a weekly layout are read at the kept day on
  // or before each bucket end, plus the daily rows after it (at most six days' worth).
  const layout: TotalsLayout = grain === "A" ? EVERY_DAY : totalsLayout(spec, q.dialect.engine);
  const reads: RawBuilder<unknown>[] = [];
  const dailyRows: RawBuilder<unknown>[] = [];
  for (const b of bucketBounds({ start, end }, bucket))
    for (const [day, sign] of [
      [b.last, 1],
      [b.before, -1],
    ] as const) {
      const kept = totalDayOnOrBefore(layout, day, rollups.last);
      reads.push(sql`(${b.label}, ${kept}, ${sql.lit(sign)})`);
      if (kept < day && day >= rollups.first)
        dailyRows.push(...dailyParts(spec, q, { start: addDaysIso(kept, 1), end: day }, sign < 0, b.label));
    }
  const w = q.where?.("rollup");
  const keys = sql.join(spec.keys.map((k) => sql`e.${sql.ref(k)} as ${sql.ref(k)}`));
  const signed = sql.join(names.map((m) => sql`b.column3 * e.${sql.ref(m)} as ${sql.ref(m)}`));
  // A cross join keeps the dates outermost, so each date is one seek into the totals.
  const scope = w ? sql` and ${w}` : sql``;
  const totals = sql`select b.column1 as period, ${keys}, ${signed}
    from (values ${sql.join(reads)}) b cross join (select * from ${sql.table(spec.rollup)} where account_id = ${q.accountId} and grain = ${grain}${scope}) e
    where e.period = b.column2`;
  return sql`(${sql.join([totals, ...dailyRows], sql` union all `)})`;
}
