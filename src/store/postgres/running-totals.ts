/**
 * Running totals on PostgreSQL, written by one statement for every day at
 * once (see rollups.ts for what they hold). The server plans and runs one
 * statement per day, each a round trip, far slower than it sums a year of
 * days in one window aggregate: each day's totals are the day before's plus
 * the daily rows since, which is a running sum per key over the days' sums.
 * The rows are the day-by-day rebuild's.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { addDaysIso } from "../../core/dates.js";
import { sum } from "./dialect.js";

/** What the statement needs of a rollup spec (store/rollups.ts's RollupSpec has it). */
export interface TotalsSpec {
  rollup: string;
  keys: string[];
  measures: string[];
  sources: { table: string; columns: Record<string, string> }[];
}

/** Memory for the statement's sorts, for the rest of the rebuild's transaction (PostgreSQL's default is 4 MB). */
const SORT_MEMORY = "128MB";

export interface TotalsSpan {
  /** The first day rebuilt. */
  start: string;
  /** The last day any daily table holds. */
  last: string;
  /** The day whose stored totals the rebuilt days carry on from (none: they start from zero). */
  kept: string | undefined;
  /** The days totals are kept for, from `start` to `last`, ascending (every day, or Sundays then every day). */
  days: readonly string[];
}

/**
 * Inserts the running totals (grain 'C') of `spec` for `span.days`: for each
 * key, from the first of those days on which it has a total (the first day
 * with a daily row of it, or the first day when it had a total on `kept`).
 */
export async function insertTotalsAtOnce(
  t: Kysely<any>,
  spec: TotalsSpec,
  accountId: string,
  span: TotalsSpan,
): Promise<void> {
  const { days, start, last, kept } = span;
  if (days.length === 0) return;
  // Each calendar day counts toward the first kept day on or after it (a Sunday, or itself).
  const dayOf: RawBuilder<unknown>[] = [];
  let date = start;
  for (const day of days) for (; date <= day; date = addDaysIso(date, 1)) dayOf.push(sql`(${date}, ${day})`);
  const keys = spec.keys.map((k) => sql.ref(k));
  const keyList = sql.join(keys);
  const measures = spec.measures;
  const daily = spec.sources.map(
    (source) =>
      sql`select ${sql.join(spec.keys.map((k) => sql`${sql.raw(source.columns[k])} as ${sql.ref(k)}`))}, m.column2 as day,
        ${sql.join(measures.map((c) => sql`${sql.raw(source.columns[c])} as ${sql.ref(c)}`))}
      from ${sql.table(source.table)} as s join (values ${sql.join(dayOf)}) as m on s.date = m.column1
      where s.account_id = ${accountId} and s.date between ${start} and ${last}`,
  );
  const keptRows = kept
    ? sql`select ${keyList}, ${sql.join(measures.map((m) => sql.ref(m)))} from ${sql.table(spec.rollup)}
        where account_id = ${accountId} and grain = 'C' and period = ${kept}`
    : sql`select ${keyList}, ${sql.join(measures.map((m) => sql`0 as ${sql.ref(m)}`))} from ${sql.table(spec.rollup)} where false`;
  const running = measures.map(
    (m) =>
      sql`coalesce(k.${sql.ref(m)}, 0) + coalesce(sum(d.${sql.ref(m)}) over (partition by ${sql.join(
        spec.keys.map((k) => sql`g.${sql.ref(k)}`),
      )} order by g.day), 0)`,
  );
  // The window's sorts (a row per key and day) stay in memory rather than spill to files.
  await sql`select set_config('work_mem', ${SORT_MEMORY}, true)`.execute(t);
  const insertColumns = sql.join(["account_id", "grain", "period", ...spec.keys, ...measures].map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(spec.rollup)} (${insertColumns})
    with d as (
      select ${keyList}, day, ${sql.join(measures.map((m) => sql`${sum(sql.ref(m))} as ${sql.ref(m)}`))}
      from (${sql.join(daily, sql` union all `)}) as u group by ${keyList}, day
    ),
    k as (${keptRows}),
    f as (
      select ${keyList}, min(day) as first from (
        select ${keyList}, ${days[0]} as day from k union all select ${keyList}, day from d
      ) as a group by ${keyList}
    ),
    g as (
      select ${sql.join(spec.keys.map((c) => sql`f.${sql.ref(c)}`))}, t.day
      from f join (select distinct column2 as day from (values ${sql.join(dayOf)}) as v) as t on t.day >= f.first
    )
    select ${accountId}, 'C', g.day, ${sql.join(spec.keys.map((c) => sql`g.${sql.ref(c)}`))}, ${sql.join(running)}
    from g
      left join d on ${sql.join(
        [...spec.keys, "day"].map((c) => sql`d.${sql.ref(c)} = g.${sql.ref(c)}`),
        sql` and `,
      )}
      left join k on ${sql.join(
        spec.keys.map((c) => sql`k.${sql.ref(c)} = g.${sql.ref(c)}`),
        sql` and `,
      )}`.execute(t);
}
