/**
 * What an engine's dialect provides: the types of the store's seam, apart
 * from `dialect.ts`, which picks the engine of a handle, so that the engines
 * (store/sqlite, store/postgres) and the picker do not import each other.
 */
import type { CompiledQuery, CreateTableBuilder, Kysely, RawBuilder } from "kysely";
import type { MirrorSchema } from "./schema.js";

export type DateBucket = "day" | "week" | "month" | "quarter" | "year";

export type TableName = keyof MirrorSchema;

/** How long a write waits for another writer's lock, and how it is told when it gives up. */
export interface WriteWaitOptions {
  /** Milliseconds to keep trying for the write lock (default 5000); the wait never blocks the event loop. */
  waitMs?: number;
}

/** The SQL that differs between engines; every fragment is plain Kysely raw SQL for the engine in use. */
export interface SqlDialect {
  readonly engine: "sqlite" | "postgres";
  /** The first day (ISO `YYYY-MM-DD`) of the bucket holding a date column; weeks start on Monday. */
  bucketStart(column: string, bucket: DateBucket): RawBuilder<string>;
  /** The day of the week of a date column: 0 for Sunday to 6 for Saturday. */
  dayOfWeek(column: string): RawBuilder<number>;
  /** A sum that is 0, not null, over no rows or only nulls (and always a floating-point number). */
  sum(expression: RawBuilder<unknown>): RawBuilder<number>;
  /** A number rounded to `places` decimals (halves away from zero), still a floating-point number. */
  round(expression: RawBuilder<unknown>, places: number): RawBuilder<number>;
  /** A table read through a named index, where the engine's planner might otherwise pick another. */
  indexedBy(table: string, index: string): RawBuilder<unknown>;
  /** A column to sort by without the planner reading the table through an index in that order. */
  unindexed(column: string): RawBuilder<unknown>;
  /**
   * The end of a SELECT that picks queued rows to claim: rows another
   * transaction is claiming are skipped, not waited for.
   */
  skipLocked(): RawBuilder<unknown>;
  /** The row's own locator, for fetching a row found by a subquery in one key lookup. */
  rowId(alias: string): RawBuilder<unknown>;
  /**
   * A LEFT JOIN of `table` as `alias` on one row per match: of the rows whose `match` columns equal the given
   * expressions and whose `where` columns equal the given values, the first in `orderBy` order (none when
   * no row matches).
   */
  leftJoinFirst(join: FirstRowJoin): RawBuilder<unknown>;
  /**
   * Brings the planner's statistics up to date after a bulk load, so that the next queries are planned for
   * the rows now there rather than for an empty table.
   */
  refreshStatistics(db: Kysely<any>, analyzeOnly?: readonly string[]): Promise<void>;
  /**
   * Starts refreshStatistics of the tables but `leaveOut` on a connection of its own, so that it runs beside
   * a transaction the process holds open (seeing what is committed); undefined where the engine has no
   * other connection, and the caller refreshes after the transaction instead.
   */
  refreshStatisticsBeside(db: Kysely<any>, leaveOut: readonly string[]): Promise<void> | undefined;
  /** Values packed into one JSON array text (numbers keep every digit). */
  jsonArray(values: readonly RawBuilder<unknown>[]): RawBuilder<string>;
  /** A table stored in its primary key's order (a compact key-only table). */
  compactTable<B extends CreateTableBuilder<any, any>>(builder: B): B;
  /**
   * A FROM clause yielding `count` rows packed as ingest/packed-rows.ts packs
   * them, for an INSERT … SELECT (see the engine's implementation).
   */
  packedSource(db: Kysely<any>, count: number, shape: { texts: number; figures: number }): PackedSource;
  /**
   * The data-change counter (store/data-changes.ts), as text: it moves with
   * every commit, from any process, that changes what answers and keys
   * depend on, and with no counter write; caches hold while it stands.
   */
  dataVersion(db: Kysely<any>): Promise<string>;
  /**
   * Runs `work`: writes whose every statement is complete on its own (a
   * counter's upsert, rows inserted once), on the request path. On SQLite in
   * a write transaction (its one writer at a time, waited for as
   * `writeTransaction` waits); on PostgreSQL as they come, each statement its
   * own transaction, atomic by its row locks, so that a request neither
   * queues behind another writer's import nor holds the process's one
   * transaction session (store/postgres/session-driver.ts).
   */
  standaloneWrite<T>(
    db: Kysely<MirrorSchema>,
    work: (db: Kysely<MirrorSchema>) => Promise<T>,
    options?: WriteWaitOptions,
  ): Promise<T>;
  /**
   * Runs one statement that counts requests (a burst count, a daily quota
   * unit taken or given back: complete on its own, on every API request);
   * its rows. `name` always goes with the same SQL text. On SQLite as
   * `standaloneWrite` runs it; on a PostgreSQL server prepared once per
   * connection, on connections whose commits do not wait for the disk
   * (store/postgres/counting-pool.ts).
   */
  countingWrite<R>(
    db: Kysely<MirrorSchema>,
    name: string,
    query: CompiledQuery<R>,
    options?: WriteWaitOptions,
  ): Promise<R[]>;
  /**
   * Runs `work` in a transaction that holds the write lock from its start,
   * waiting for another writer's lock without blocking the event loop, and
   * failing with a busy error (see `isBusy`) when it is still taken after `waitMs`.
   */
  writeTransaction<T>(
    db: Kysely<MirrorSchema>,
    work: (trx: Kysely<MirrorSchema>) => Promise<T>,
    options?: WriteWaitOptions,
  ): Promise<T>;
  /**
   * Runs `work` (statements outside any transaction, each committing on its
   * own) so that every commit in it is on disk before it returns: what it
   * stored survives a power cut, not only a crash of the process.
   */
  durably<T>(db: Kysely<MirrorSchema>, work: (db: Kysely<MirrorSchema>) => Promise<T>): Promise<T>;
  /** Whether an error is the database being locked by another writer. */
  isBusy(error: unknown): boolean;
  /** Whether an error is a row colliding with a stored one on its primary key. */
  isPrimaryKeyConflict(error: unknown): boolean;
  /**
   * The id of a row inserted into a numbered table (see store/row-ids.ts);
   * `offset` numbers the rows of one multi-row insert (0, 1, 2, ...).
   */
  numberedId(table: string, offset: number): RawBuilder<number>;
}

/** What leftJoinFirst joins: see SqlDialect.leftJoinFirst. */
export interface FirstRowJoin {
  table: string;
  alias: string;
  /** Column of the table → the value it must equal. */
  where: Record<string, unknown>;
  /** Column of the table → the expression (on the other joined tables) it must equal. */
  match: Record<string, RawBuilder<unknown>>;
  /** The column that orders the matching rows: the first is joined. */
  orderBy: string;
}

export interface PackedSource {
  from: any;
  text(k: number, nullable?: boolean): RawBuilder<string | null>;
  figure(k: number): RawBuilder<number>;
}
