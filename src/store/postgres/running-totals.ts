/**
 * Running totals on PostgreSQL, written by one statement for every day at
 * once (see rollups.ts for what they hold). The server plans and runs one
 * statement per day, each a round trip, far slower than it sums a year of
 * days in one window aggregate: each day's totals are the day before's plus
 * the daily rows since, which is a running sum per key over the days' sums.
 * The rows are the day-by-day rebuild's.
 */
import { sql, type Kysely } from "kysely";
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
/** Memory for rebuilding a rollup's primary key at once (the sort of its keys), for the rest of the transaction. */
const INDEX_MEMORY = "256MB";

export interface TotalsSpan {
  /** The first day rebuilt. */
  start: string;
  /** The last day any daily table holds. */
  last: string;
  /** The day whose stored totals the rebuilt days carry on from (none: they start from zero). */
  kept: string | undefined;
  /** The days totals are kept for, from `start` to `last`, ascending (every day, or Sundays then every day). */
  days: readonly string[];
  /**
   * The grain written and carried on from: 'C' (per key), or 'A' for totals whose spec maps the keys summed
   * over to '' (a few keys per day: hashing the days' rows by key beats sorting them).
   */
  grain?: "A" | "C";
}

/**
 * Inserts the running totals (grain 'C') of `spec` for `span.days`: for each
 * key, from the first of those days on which it has a total (the first day
 * with a daily row of it, or the first day when it had a total on `kept`).
 *
 * The days are numbered 1, 2, ... The kept totals count as day 1's first
 * rows, the daily rows toward the first numbered day on or after their date;
 * a running sum over each key's days with rows gives its totals there, each
 * repeated on the days up to the key's next such day (generate_series), so
 * only the rows that change anything are sorted.
 */
export async function insertTotalsAtOnce(
  t: Kysely<any>,
  spec: TotalsSpec,
  accountId: string,
  span: TotalsSpan,
): Promise<void> {
  const { days, start, last, kept } = span;
  const grain = span.grain ?? "C";
  if (days.length === 0) return;
  const numbered = sql.join(days.map((day, n) => sql`(${day}, ${sql.lit(n + 1)})`));
  // Each calendar day counts toward the first numbered day on or after it (a Sunday, or itself): its
  // number is read from an array by the day's distance from the first, in the statement's text (a
  // constant, where a parameter's array or date would be parsed again for every row).
  const numbers: number[] = [];
  let date = start;
  days.forEach((day, n) => {
    for (; date <= day; date = addDaysIso(date, 1)) numbers.push(n + 1);
  });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) throw new Error(`running totals: ${start} is not a day`);
  const dayNumber = sql`(${sql.raw(`'{${numbers.join(",")}}'::int[]`)})[s.date::date - ${sql.raw(`'${start}'::date`)} + 1]`;
  const keyList = sql.join(spec.keys.map((k) => sql.ref(k)));
  const measures = spec.measures;
  // Every figure is summed as a double: sum() of an integer column is numeric, several times slower to
  // add, and integers sum exactly in a double far beyond any seller's count (2^53).
  const rows = spec.sources.map(
    (source) =>
      sql`select ${sql.join(spec.keys.map((k) => sql`${sql.raw(source.columns[k])} as ${sql.ref(k)}`))}, ${dayNumber} as n,
        ${sql.join(measures.map((c) => sql`(${sql.raw(source.columns[c])})::double precision as ${sql.ref(c)}`))}
      from ${sql.table(source.table)} as s
      where s.account_id = ${accountId} and s.date between ${start} and ${last}`,
  );
  if (kept)
    rows.unshift(sql`select ${keyList}, 1 as n, ${sql.join(measures.map((m) => sql`${sql.ref(m)}::double precision`))} from ${sql.table(spec.rollup)}
      where account_id = ${accountId} and grain = ${grain} and period = ${kept}`);
  const window = sql`(partition by ${keyList} order by n)`;
  // The window's sort stays in memory rather than spilling to files. The planner guesses the days' rows
  // at a hundred times what they are, which would have the statement compiled to machine code first: for
  // a statement run once, compiling costs seconds more than it saves. Summing each key's days by hashing
  // and then sorting them for the window does the work twice: sorted once, they are summed and run through
  // the window in that order (half the time). Summed totals have a few keys per day: hashing those wins.
  // The rows go in by day: a day's totals, which readers fetch together, then lie on a few neighbouring
  // pages rather than one page each. By day alone: a sort on a number, without comparing keys' text.
  await sql`select set_config('work_mem', ${SORT_MEMORY}, true), set_config('jit', 'off', true)`.execute(t);
  // The planner, misjudging the days' rows, would sort them for the summed totals' few groups too.
  const steered = grain === "C" ? "enable_hashagg" : "enable_sort";
  await sql`select set_config(${steered}, 'off', true)`.execute(t);
  const insertColumns = sql.join(["account_id", "grain", "period", ...spec.keys, ...measures].map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(spec.rollup)} (${insertColumns})
    with c as (
      select ${keyList}, n, lead(n) over ${window} as next,
        ${sql.join(measures.map((m) => sql`sum(${sql.ref(m)}) over ${window} as ${sql.ref(m)}`))}
      from (
        select ${keyList}, n, ${sql.join(measures.map((m) => sql`${sum(sql.ref(m))} as ${sql.ref(m)}`))}
        from (${sql.join(rows, sql` union all `)}) as u group by ${keyList}, n
      ) as g
    )
    select ${accountId}, ${grain}, d.column1, ${sql.join(spec.keys.map((k) => sql`c.${sql.ref(k)}`))},
      ${sql.join(measures.map((m) => sql`c.${sql.ref(m)}`))}
    from c cross join lateral generate_series(c.n, coalesce(c.next - 1, ${sql.lit(days.length)})) as s(n)
      join (values ${numbered}) as d on d.column2 = s.n
    order by s.n`.execute(t);
  await sql`select set_config(${steered}, 'on', true)`.execute(t);
}

/**
 * Empties an account's running totals in `rollup` before a whole rebuild.
 * When no other account has any, the table is emptied at once (TRUNCATE, no
 * row by row delete) and its primary key set aside: building the key once
 * from the rebuilt rows costs a fraction of keeping it up to date row by row.
 * Returns what restores the key (call it before the transaction ends), or
 * undefined when the key stayed. Other writers of the table wait for the
 * rebuild's transaction, and once it empties the table, readers do too.
 */
export async function emptyTotals(
  t: Kysely<any>,
  rollup: string,
  accountId: string,
): Promise<(() => Promise<void>) | undefined> {
  const table = sql.table(rollup);
  // Other writers wait from here (readers go on): another account's rows being written now would
  // otherwise be missed by the check below and then emptied with the rest by TRUNCATE.
  await sql`lock table ${table} in share row exclusive mode`.execute(t);
  // Two ranges of the key's first column: each a seek, where `<>` would read every row.
  const others =
    await sql`select 1 from ${table} where account_id < ${accountId} or account_id > ${accountId} limit 1`.execute(t);
  if (others.rows.length > 0) {
    await sql`delete from ${table} where account_id = ${accountId}`.execute(t);
    return undefined;
  }
  await sql`truncate table ${table}`.execute(t);
  const key = await sql<{ name: string; definition: string }>`select conname as name,
      pg_get_constraintdef(oid) as definition
    from pg_constraint where conrelid = ${rollup}::regclass and contype = 'p'`.execute(t);
  const found = key.rows[0];
  if (!found) return undefined;
  await sql`alter table ${table} drop constraint ${sql.ref(found.name)}`.execute(t);
  return async () => {
    await sql`select set_config('maintenance_work_mem', ${INDEX_MEMORY}, true)`.execute(t);
    await sql`alter table ${table} add constraint ${sql.ref(found.name)} ${sql.raw(found.definition)}`.execute(t);
  };
}
