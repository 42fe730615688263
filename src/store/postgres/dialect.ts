/**
 * PostgreSQL's SQL for the fragments that differ between engines (see
 * store/dialect.ts). Dates are ISO text in both schemas, so bucketing cuts
 * and casts text; sums are double precision like SQLite's total(); the
 * write lock is a transaction-scoped advisory lock, which serialises the
 * writers that asked for it across every process on the database, as
 * SQLite's BEGIN IMMEDIATE does on one file.
 */
import { CompiledQuery, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from "kysely";
import type { DateBucket, FirstRowJoin, PackedSource, SqlDialect, WriteWaitOptions } from "../sql-dialect.js";
import type { MirrorSchema } from "../schema.js";
import { runCounting } from "./counting-pool.js";
import { readPoolOf } from "./read-pool.js";

/** The first day (ISO `YYYY-MM-DD`) of the bucket holding a date column; weeks start on Monday (ISO weeks). */
export function bucketStart(column: string, bucket: DateBucket): RawBuilder<string> {
  const ref = sql.ref(column);
  switch (bucket) {
    case "day":
      return sql<string>`${ref}`;
    case "week":
      return sql<string>`to_char(date_trunc('week', ${ref}::date), 'YYYY-MM-DD')`;
    case "month":
      return sql<string>`(substr(${ref}, 1, 7) || '-01')`;
    case "quarter":
      return sql<string>`(substr(${ref}, 1, 5) || lpad((((substr(${ref}, 6, 2)::int - 1) / 3) * 3 + 1)::text, 2, '0') || '-01')`;
    case "year":
      return sql<string>`(substr(${ref}, 1, 4) || '-01-01')`;
  }
}

/** The day of the week of a date column: 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(column: string): RawBuilder<number> {
  return sql<number>`extract(dow from ${sql.ref(column)}::date)::int`;
}

/** A sum that is 0.0 over no rows or only nulls, and a double (sum() of integers is bigint, of numerics numeric). */
export function sum(expression: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`coalesce(sum(${expression}), 0)::double precision`;
}

/** round() of a double through numeric (PostgreSQL rounds doubles to places only as numerics), back to a double. */
export function round(expression: RawBuilder<unknown>, places: number): RawBuilder<number> {
  return sql<number>`round((${expression})::numeric, ${sql.lit(places)})::double precision`;
}

/** PostgreSQL's planner, with statistics, picks its own index: the table as it is. */
export function indexedBy(table: string, _index: string): RawBuilder<unknown> {
  return sql`${sql.table(table)}`;
}

/** PostgreSQL chooses between an index's order and a sort by its statistics: the column as it is. */
export function unindexed(column: string): RawBuilder<unknown> {
  return sql.ref(column);
}

/** FOR UPDATE SKIP LOCKED: of several claimers, each takes a row no other is taking, without waiting. */
export function skipLocked(): RawBuilder<unknown> {
  return sql`for update skip locked`;
}

/** The row's physical locator (ctid), for fetching a row a subquery found by it. */
export function rowId(alias: string): RawBuilder<unknown> {
  return sql.ref(`${alias}.ctid`);
}

/**
 * The first matching rows of the whole table (DISTINCT ON, one sort of the
 * rows that pass `where`) joined by hash: a subquery per joined row would be
 * run again for every row, each an index probe, where PostgreSQL reads a
 * catalog of thousands of rows in one pass.
 */
export function leftJoinFirst(join: FirstRowJoin): RawBuilder<unknown> {
  const q = (column: string) => sql.ref(`q.${column}`);
  const a = (column: string) => sql.ref(`${join.alias}.${column}`);
  const keys = Object.keys(join.match);
  const filter = Object.entries(join.where).map(([column, value]) => sql`${q(column)} = ${value}`);
  const first = sql`(select distinct on (${sql.join(keys.map(q))}) q.* from ${sql.table(join.table)} q
    where ${sql.join(filter, sql` and `)} order by ${sql.join([...keys, join.orderBy].map(q))})`;
  const on = Object.entries(join.match).map(([column, expression]) => sql`${a(column)} = ${expression}`);
  return sql`left join ${first} ${sql.ref(join.alias)} on ${sql.join(on, sql` and `)}`;
}

/**
 * VACUUM (ANALYZE) of the mirror's tables a load changed. After a bulk load
 * the tables' statistics still describe them before it (empty, for a new
 * mirror), and plans made on them read millions of rows where a few index
 * seeks do; and until a vacuum marks the new pages all-visible, an
 * index-only scan (a day's snapshots of every product) still visits the
 * table for every row. The server's autovacuum would do both in time, if it
 * is on; answers are asked right after a load. Only the changed tables: the
 * whole database's vacuum also walks the system catalogs and every empty
 * table, a third of its time after a large import. A table counts as changed
 * when it has pages the last vacuum did not mark all-visible (it grew since,
 * or was never vacuumed: its size is read from the file, which a load's
 * writes change at once) or the statistics system counts rows changed since
 * the last vacuum or analyze (a change in place; those counts reach it a
 * moment after the writer's commit). Tables in `analyzeOnly` (whose readers
 * fetch every row from the table, where marking pages all-visible saves
 * nothing) and every table inside a transaction, where VACUUM cannot run, are
 * only analyzed.
 */
export async function refreshStatistics(db: Kysely<any>, analyzeOnly: readonly string[] = []): Promise<void> {
  await refreshChanged((query) => query.execute(db), db.isTransaction, analyzeOnly, []);
}

/**
 * refreshStatistics of the changed tables but `leaveOut`, on a connection of
 * the read pool: it runs beside a transaction this process holds open on its
 * session (a rebuild of the running totals, which leaves the CPU the tables'
 * vacuum needs idle), where through `db` it would join that transaction. It
 * sees what is committed. Undefined on PGlite (one session, no other
 * connection): the caller refreshes afterwards.
 */
export function refreshStatisticsBeside(db: Kysely<any>, leaveOut: readonly string[]): Promise<void> | undefined {
  const pool = readPoolOf(db);
  if (!pool) return undefined;
  return (async () => {
    const client = await pool.connect();
    try {
      await refreshChanged(
        async (query) => {
          const compiled = query.compile(db);
          return { rows: (await client.query(compiled.sql, compiled.parameters as unknown[])).rows };
        },
        false,
        [],
        leaveOut,
      );
    } finally {
      client.release();
    }
  })();
}

async function refreshChanged(
  run: <R>(query: RawBuilder<R>) => Promise<{ rows: R[] }>,
  inTransaction: boolean,
  analyzeOnly: readonly string[],
  leaveOut: readonly string[],
): Promise<void> {
  const changed = await run(sql<{
    table: string;
    name: string;
  }>`select c.relname as table, quote_ident(c.relname) as name
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.relnamespace = to_regnamespace(current_schema()) and c.relkind = 'r'
      and (c.relallvisible < pg_relation_size(c.oid) / current_setting('block_size')::int
        or s.n_mod_since_analyze > 0 or s.n_ins_since_vacuum > 0)
    order by c.relname`);
  const rows = changed.rows.filter((r) => !leaveOut.includes(r.table));
  const vacuumed = rows.filter((r) => !inTransaction && !analyzeOnly.includes(r.table)).map((r) => r.name);
  const analyzed = rows.filter((r) => !vacuumed.includes(r.name)).map((r) => r.name);
  if (vacuumed.length) await run(sql`vacuum (analyze) ${sql.raw(vacuumed.join(", "))}`);
  if (analyzed.length) await run(sql`analyze ${sql.raw(analyzed.join(", "))}`);
}

/** Values packed into one JSON array text; double precision prints its shortest exact form. */
export function jsonArray(values: readonly RawBuilder<unknown>[]): RawBuilder<string> {
  return sql<string>`json_build_array(${sql.join(values)})::text`;
}

/** PostgreSQL stores every table as a heap beside its indexes: nothing to ask for. */
export function compactTable<B extends CreateTableBuilder<any, any>>(builder: B): B {
  return builder;
}

/**
 * The FROM clause of packed rows (see store/dialect.ts): the batch's text as
 * one bytea parameter, each row's positions and numbers a row of VALUES,
 * typed (a parameter's type is otherwise text). Positions count bytes, so
 * the field is cut from the bytes and then read as UTF-8.
 */
export function packedSource(db: Kysely<any>, count: number, shape: { texts: number; figures: number }): PackedSource {
  const column = (n: number) => sql.ref(`x.column${n + 1}`);
  const row = sql`(${sql.join([
    ...Array.from({ length: shape.texts + 1 }, () => sql`${null}::int`),
    ...Array.from({ length: shape.figures }, () => sql`${null}::double precision`),
  ])})`;
  return {
    from: db
      .selectFrom(sql`(select ${null}::bytea as v)`.as("b"))
      .crossJoin(sql`(values ${sql.join(Array.from({ length: count }, () => row))})`.as("x")),
    text(k: number, nullable = false): RawBuilder<string | null> {
      const cut = sql<string>`convert_from(substring(b.v from ${column(k)} for ${column(k + 1)} - ${column(k)} - 1), 'UTF8')`;
      return nullable ? sql<string | null>`nullif(${cut}, '')` : cut;
    },
    figure(k: number): RawBuilder<number> {
      return sql<number>`${column(shape.texts + 1 + k)}`;
    },
  };
}

/** The data-change counter (migration 0021; its triggers move it once per writing transaction). */
export async function dataVersion(db: Kysely<any>): Promise<string> {
  const { rows } = await db.executeQuery<{ v: string }>(DATA_VERSION);
  return String(rows[0]?.v ?? 0);
}

const DATA_VERSION = CompiledQuery.raw("select version::text as v from data_changes where id = 1");

/** Statements complete on their own run as they come: each its own transaction, atomic by its row locks. */
export function standaloneWrite<T>(
  db: Kysely<MirrorSchema>,
  work: (db: Kysely<MirrorSchema>) => Promise<T>,
  _options?: WriteWaitOptions,
): Promise<T> {
  return work(db);
}

/** Prepared, on the mirror's counting connections when it has them (see counting-pool.ts); never waits for a lock. */
function countingWrite<R>(
  db: Kysely<MirrorSchema>,
  name: string,
  query: CompiledQuery<R>,
  _options?: WriteWaitOptions,
): Promise<R[]> {
  return runCounting(db, name, query);
}

const DEFAULT_WAIT_MS = 5_000;
/** The advisory lock every write transaction takes: one number for the mirror's writers (an arbitrary constant, "SAI1"). */
const WRITE_LOCK = 0x53414931;

/**
 * Runs `work` in a transaction that first takes the mirror's write lock (an
 * advisory lock released at commit or rollback), waiting at most `waitMs`
 * (lock_timeout, which fails with lock_not_available: isBusy). The wait is
 * the server's: the event loop is free meanwhile.
 */
export async function writeTransaction<T>(
  db: Kysely<MirrorSchema>,
  work: (trx: Kysely<MirrorSchema>) => Promise<T>,
  options: WriteWaitOptions = {},
): Promise<T> {
  if (db.isTransaction) return work(db);
  const wait = Math.max(1, Math.round(options.waitMs ?? DEFAULT_WAIT_MS));
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${`${wait}ms`}, true)`.execute(trx);
    await sql`select pg_advisory_xact_lock(${sql.lit(WRITE_LOCK)})`.execute(trx);
    await sql`select set_config('lock_timeout', '0', true)`.execute(trx);
    return work(trx);
  });
}

/** A lock not granted in time (lock_not_available) or a serialisation failure: another writer holds the data. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "55P03" || code === "40001" || code === "40P01";
}

/** A unique violation on a primary key (PostgreSQL names them `<table>_pkey`, the schema `<table>_pk`). */
export function isPrimaryKeyConflict(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | undefined;
  return e?.code === "23505" && typeof e.constraint === "string" && /_(pk|pkey)$/.test(e.constraint);
}

/** PostgreSQL's commits are on disk when they return (synchronous_commit on, its default): nothing to add. */
function durably<T>(db: Kysely<MirrorSchema>, work: (db: Kysely<MirrorSchema>) => Promise<T>): Promise<T> {
  return work(db);
}

/**
 * The column's identity sequence (see numbered-ids.ts): two connections
 * inserting at once draw different numbers without reading the table, and
 * later rows draw larger ones.
 */
export function numberedId(_table: string, _offset: number): RawBuilder<number> {
  return sql<number>`default`;
}

export const postgresDialect: SqlDialect = {
  engine: "postgres",
  bucketStart,
  dayOfWeek,
  sum,
  round,
  indexedBy,
  unindexed,
  skipLocked,
  rowId,
  leftJoinFirst,
  refreshStatistics,
  refreshStatisticsBeside,
  jsonArray,
  compactTable,
  packedSource,
  dataVersion,
  standaloneWrite,
  countingWrite,
  writeTransaction,
  isBusy,
  durably,
  isPrimaryKeyConflict,
  numberedId,
};
