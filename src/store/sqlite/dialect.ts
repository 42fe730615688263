/**
 * SQLite's SQL for the fragments that differ between engines (see
 * store/dialect.ts): date bucketing, null-safe sums, index hints, packed-row
 * cutting, the write lock, durable commits and change detection.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { CompiledQuery, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from "kysely";
import type { DateBucket, FirstRowJoin, SqlDialect, WriteWaitOptions } from "../sql-dialect.js";
import type { MirrorSchema } from "../schema.js";

/**
 * The first day (ISO `YYYY-MM-DD`) of the bucket holding a date column.
 * Weeks start on Monday.
 *
 * @example
 * db.selectFrom("daily_sales").select(bucketStart("date", "month").as("period"))
 */
export function bucketStart(column: string, bucket: DateBucket): RawBuilder<string> {
  const ref = sql.ref(column);
  switch (bucket) {
    case "day":
      return sql<string>`${ref}`;
    case "week":
      // 'weekday 0' moves forward to Sunday (or stays on it); six days back is that week's Monday.
      return sql<string>`date(${ref}, 'weekday 0', '-6 days')`;
    case "month":
      return sql<string>`(substr(${ref}, 1, 7) || '-01')`;
    case "quarter":
      return sql<string>`(substr(${ref}, 1, 5) || printf('%02d', ((cast(substr(${ref}, 6, 2) as integer) - 1) / 3) * 3 + 1) || '-01')`;
    case "year":
      return sql<string>`(substr(${ref}, 1, 4) || '-01-01')`;
  }
}

/** The day of the week of a date column: 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(column: string): RawBuilder<number> {
  return sql<number>`cast(strftime('%w', ${sql.ref(column)}) as integer)`;
}

/**
 * A table read through a named index. SQLite without statistics may prefer a
 * primary-key scan of the whole account to an index on (account, date); a
 * statement run once per day must not.
 */
export function indexedBy(table: string, index: string): RawBuilder<unknown> {
  return sql`${sql.table(table)} indexed by ${sql.ref(index)}`;
}

/**
 * A column SQLite must not read through an index in its order: the unary
 * plus makes it an expression, which no index covers, so the planner keeps
 * the index that narrows the rows and sorts the few it finds.
 */
export function unindexed(column: string): RawBuilder<unknown> {
  return sql`+${sql.ref(column)}`;
}

/**
 * The row's own locator (SQLite's rowid): a row found in an index by a
 * subquery is then fetched by it in one integer-key lookup, where a second
 * join on its text key would search the index again.
 */
export function rowId(alias: string): RawBuilder<unknown> {
  return sql.ref(`${alias}.rowid`);
}

/**
 * The first matching row, found by a subquery in the (match…, orderBy) index
 * and fetched by its rowid: a few index seeks per joined row. Joined to a
 * derived table of first rows instead, SQLite may scan it for every row.
 */
export function leftJoinFirst(join: FirstRowJoin): RawBuilder<unknown> {
  const q = (column: string) => sql.ref(`q.${column}`);
  const conditions = [
    ...Object.entries(join.where).map(([column, value]) => sql`${q(column)} = ${value}`),
    ...Object.entries(join.match).map(([column, expression]) => sql`${q(column)} = ${expression}`),
  ];
  return sql`left join ${sql.table(join.table)} ${sql.ref(join.alias)} on ${rowId(join.alias)} = (select ${rowId("q")} from ${sql.table(join.table)} q where ${sql.join(conditions, sql` and `)} order by ${q(join.orderBy)} limit 1)`;
}

/** SQLite's planner works without statistics here (the store names its indexes where it matters): nothing to do. */
async function refreshStatistics(_db: Kysely<any>): Promise<void> {}

/** Nothing to refresh beside a transaction either. */
function refreshStatisticsBeside(_db: Kysely<any>, _leaveOut: readonly string[]): Promise<void> {
  return Promise.resolve();
}

/**
 * Values packed into one JSON array text (numbers keep every digit): a few
 * summary rows can then ride along a long result of narrower rows.
 */
export function jsonArray(values: readonly RawBuilder<unknown>[]): RawBuilder<string> {
  return sql<string>`json_array(${sql.join(values)})`;
}

/**
 * A FROM clause yielding `count` rows packed as ingest/packed-rows.ts packs
 * them (`shape.texts` text fields, `shape.figures` numbers), for an INSERT …
 * SELECT: the text bound once as `b.v`, each row's numbers a row of `x`
 * (VALUES names its columns column1, column2, ...). `text(k)` cuts a row's
 * k-th text field out (null when empty, if `nullable`); `figure(k)` is its
 * k-th number. VALUES keeps its rows in order, so a key listed twice in one
 * batch ends as its later row, as with a plain multi-row insert.
 *
 * @example
 * const rows = packedSource(db, 500, { texts: 2, figures: 1 });
 * db.insertInto("t").columns(["a", "b", "n"]).expression(rows.from.select([rows.text(0).as("a"), rows.text(1).as("b"), rows.figure(0).as("n")]));
 */
export function packedSource(db: Kysely<any>, count: number, shape: { texts: number; figures: number }) {
  const column = (n: number) => sql.ref(`x.column${n + 1}`);
  const row = `(${Array.from({ length: shape.texts + 1 + shape.figures }, () => "?").join(", ")})`;
  return {
    from: db
      .selectFrom(sql`(select ? as v)`.as("b"))
      .crossJoin(sql.raw(`(values ${Array.from({ length: count }, () => row).join(", ")})`).as("x"))
      // SQLite needs a WHERE before ON CONFLICT in INSERT … SELECT to parse an upsert.
      .where(sql<boolean>`1`),
    text(k: number, nullable = false): RawBuilder<string | null> {
      // CAST makes the cut bytes text again (SQLite cuts a blob by bytes, the positions' unit).
      const cut = sql<string>`cast(substr(b.v, ${column(k)}, ${column(k + 1)} - ${column(k)} - 1) as text)`;
      return nullable ? sql<string | null>`nullif(${cut}, '')` : cut;
    },
    figure(k: number): RawBuilder<number> {
      return sql<number>`${column(shape.texts + 1 + k)}`;
    },
  };
}

/** SQLite's total(): 0.0 over no rows or only nulls, where sum() gives null. */
export function sum(expression: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`total(${expression})`;
}

/** Nothing: SQLite has one writer at a time, so a claim's UPDATE never meets another's lock. */
export function skipLocked(): RawBuilder<unknown> {
  return sql``;
}

/** SQLite's round(): a real, halves away from zero. */
export function round(expression: RawBuilder<unknown>, places: number): RawBuilder<number> {
  return sql<number>`round(${expression}, ${sql.lit(places)})`;
}

/** A WITHOUT ROWID table: stored in its primary key's order, with no separate row locator. */
export function compactTable<B extends CreateTableBuilder<any, any>>(builder: B): B {
  return builder.modifyEnd(sql`without rowid`) as B;
}

/**
 * The data-change counter (migration 0021; its triggers move it within the
 * writing transaction) and PRAGMA data_version, which moves when another
 * connection commits anything: SQLite's triggers fire per row, so the
 * time-series tables filled by the thousand rows carry none, and their
 * writes by another process (an import, a sync) are seen through it. (Their
 * writes through this connection are commands, after which the API drops
 * its caches itself.)
 */
export async function dataVersion(db: Kysely<any>): Promise<string> {
  const { rows } = await db.executeQuery<{ v: string }>(DATA_VERSION);
  return String(rows[0]?.v ?? 0);
}

/** SQLite has one writer at a time: these writes take the write lock as any write does. */
export function standaloneWrite<T>(
  db: Kysely<MirrorSchema>,
  work: (db: Kysely<MirrorSchema>) => Promise<T>,
  options?: WriteWaitOptions,
): Promise<T> {
  return writeTransaction(db, work, options);
}

/** A counting statement is a standalone write: it waits for the write lock as they do. */
export async function countingWrite<R>(
  db: Kysely<MirrorSchema>,
  _name: string,
  query: CompiledQuery<R>,
  options?: WriteWaitOptions,
): Promise<R[]> {
  return standaloneWrite(db, async (trx) => (await trx.executeQuery(query)).rows, options);
}

/** How long a write waits for the lock by default: what busy_timeout gave before. */
const DEFAULT_WAIT_MS = 5_000;
/** The first pause between attempts to take the lock, doubled up to the last. */
const FIRST_PAUSE_MS = 2;
const LAST_PAUSE_MS = 50;

const BUSY = Symbol("busy");

/**
 * Runs `work` in a transaction that takes the write lock when it begins
 * (SQLite's BEGIN IMMEDIATE), so it never fails halfway with "database is
 * locked", as a deferred transaction may when its first write finds the
 * lock taken. The lock is asked for without SQLite's busy wait, which would
 * hold the whole thread (every request of a server) while another process
 * imports: when it is taken, the connection is handed back and the attempt
 * repeated after a pause, until `waitMs` have passed; then the SQLITE_BUSY
 * error is thrown.
 *
 * @example
 * await writeTransaction(db, async (trx) => { await trx.updateTable("t").set({ a: 1 }).execute(); });
 */
export async function writeTransaction<T>(
  db: Kysely<MirrorSchema>,
  work: (trx: Kysely<MirrorSchema>) => Promise<T>,
  options: WriteWaitOptions = {},
): Promise<T> {
  // Already in a transaction (a caller's): the work joins it.
  if (db.isTransaction) return work(db);
  const deadline = performance.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    let refusal: unknown;
    const outcome = await db.connection().execute(async (connection) => {
      try {
        await beginImmediate(connection);
      } catch (error) {
        if (!isBusy(error)) throw error;
        refusal = error;
        return BUSY;
      }
      try {
        const result = await work(connection);
        await connection.executeQuery(COMMIT);
        return { result };
      } catch (error) {
        await connection.executeQuery(ROLLBACK).catch(() => undefined);
        throw error;
      }
    });
    if (outcome !== BUSY) return outcome.result;
    const left = deadline - performance.now();
    if (left <= 0) throw refusal;
    await sleep(Math.min(pause, left));
    pause = Math.min(2 * pause, LAST_PAUSE_MS);
  }
}

/**
 * Runs `work` with the connection's commits synced to disk (synchronous =
 * FULL), then restores its setting. The mirror runs in WAL mode with
 * synchronous = NORMAL, where a commit reaches the log file but is synced
 * only at the next checkpoint: a crash of the process loses nothing, a power
 * cut may lose the last commits. Holding the connection keeps other queries
 * out meanwhile, so the setting applies to `work`'s statements alone; several
 * rows written in one statement share one sync.
 */
export async function durably<T>(db: Kysely<MirrorSchema>, work: (db: Kysely<MirrorSchema>) => Promise<T>): Promise<T> {
  if (db.isTransaction)
    throw new Error("durably: the work commits on its own; a transaction's commit is its caller's to make durable");
  return db.connection().execute(async (connection) => {
    const { rows } = await connection.executeQuery<{ synchronous: number }>(SYNCHRONOUS);
    const saved = Number(rows[0]?.synchronous ?? 1);
    if (saved >= SYNCHRONOUS_FULL) return work(connection);
    await connection.executeQuery(CompiledQuery.raw(`pragma synchronous = ${SYNCHRONOUS_FULL}`));
    try {
      return await work(connection);
    } finally {
      await connection.executeQuery(CompiledQuery.raw(`pragma synchronous = ${saved}`));
    }
  });
}

/** BEGIN IMMEDIATE with the connection's busy wait off for that one statement. */
async function beginImmediate(connection: Kysely<any>): Promise<void> {
  const { rows } = await connection.executeQuery<{ timeout: number }>(BUSY_TIMEOUT);
  const timeout = Number(rows[0]?.timeout ?? 0);
  if (timeout === 0) {
    await connection.executeQuery(BEGIN_IMMEDIATE);
    return;
  }
  await connection.executeQuery(NO_BUSY_WAIT);
  try {
    await connection.executeQuery(BEGIN_IMMEDIATE);
  } finally {
    await connection.executeQuery(CompiledQuery.raw(`pragma busy_timeout = ${timeout}`));
  }
}

const BEGIN_IMMEDIATE = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");
const DATA_VERSION = CompiledQuery.raw(
  "select (select version from data_changes where id = 1) || ':' || data_version as v from pragma_data_version",
);
const BUSY_TIMEOUT = CompiledQuery.raw("pragma busy_timeout");
const NO_BUSY_WAIT = CompiledQuery.raw("pragma busy_timeout = 0");
const SYNCHRONOUS = CompiledQuery.raw("pragma synchronous");
/** PRAGMA synchronous's FULL (2; EXTRA is 3). */
const SYNCHRONOUS_FULL = 2;

/** Whether an error is the database being locked by another writer (another process importing, say). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** Whether an error is a row colliding with a stored one on its primary key. */
export function isPrimaryKeyConflict(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * SQLite gives AUTOINCREMENT only to a key of one integer column, so the
 * next number is taken in the insert itself, under the write lock the insert
 * holds: never two alike, and always above every stored one. The offset
 * keeps a multi-row insert's rows apart whether SQLite reads the table once
 * for the statement or again for each row.
 */
export function numberedId(table: string, offset: number): RawBuilder<number> {
  return sql<number>`(select coalesce(max(id), 0) + ${sql.lit(offset + 1)} from ${sql.table(table)})`;
}

export const sqliteDialect: SqlDialect = {
  engine: "sqlite",
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
  durably,
  isBusy,
  isPrimaryKeyConflict,
  numberedId,
};
