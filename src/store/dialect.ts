/**
 * The store's seam between engines, in the spirit of Kysely's `Dialect`:
 * queries are written once with Kysely, and the few fragments whose SQL
 * differs between engines (date bucketing, null-safe sums, index hints, the
 * write lock, change detection, ...) come from the dialect object of the
 * engine a handle runs on. Each engine lives in a folder of its own
 * (`store/sqlite/`, `store/postgres/`); code outside the store asks `dialectOf(db)` and
 * never names an engine.
 */
import { type Kysely, PostgresAdapter, SqliteAdapter } from "kysely";
import { postgresDialect } from "./postgres/dialect.js";
import type { MirrorSchema } from "./schema.js";
import type { SqlDialect, WriteWaitOptions } from "./sql-dialect.js";
import { sqliteDialect } from "./sqlite/dialect.js";

export type { DateBucket, FirstRowJoin, PackedSource, SqlDialect, TableName, WriteWaitOptions } from "./sql-dialect.js";

const ENGINES: readonly SqlDialect[] = [sqliteDialect, postgresDialect];

/**
 * The dialect of the engine a handle (or a transaction's handle) runs on.
 *
 * @example
 * const { sum } = dialectOf(ctx.db);
 * sql`select ${sum(sql.ref("revenue"))} as revenue from daily_sales`;
 */
export function dialectOf(db: Kysely<any>): SqlDialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return sqliteDialect;
  if (adapter instanceof PostgresAdapter) return postgresDialect;
  throw new Error(`no store dialect for the database adapter ${adapter.constructor.name}`);
}

/**
 * Runs `work` in a transaction that takes the write lock when it begins, as
 * `SqlDialect.writeTransaction`: with another process writing, it waits for
 * the lock (without blocking the event loop) instead of failing halfway, as
 * a deferred transaction may when its first write finds the lock taken.
 *
 * @example
 * await writeTransaction(db, async (trx) => { await trx.updateTable("t").set({ a: 1 }).execute(); });
 */
export function writeTransaction<T>(
  db: Kysely<MirrorSchema>,
  work: (trx: Kysely<MirrorSchema>) => Promise<T>,
  options?: WriteWaitOptions,
): Promise<T> {
  return dialectOf(db).writeTransaction(db, work, options);
}

/**
 * Runs `work` with its commits flushed to disk before it returns, as
 * `SqlDialect.durably`: for what is acknowledged to someone else right after
 * (a webhook's 200), where a crash of the machine must not lose it.
 *
 * @example
 * await durably(db, (d) => d.insertInto("billing_events").values(row).execute());
 */
export function durably<T>(db: Kysely<MirrorSchema>, work: (db: Kysely<MirrorSchema>) => Promise<T>): Promise<T> {
  return dialectOf(db).durably(db, work);
}

/** Whether an error is the database being locked by another writer (another process importing, say). */
export function isDatabaseBusy(error: unknown): boolean {
  return ENGINES.some((dialect) => dialect.isBusy(error));
}
