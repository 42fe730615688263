/**
 * What an open mirror offers the rest of the program, whatever engine holds
 * it: Kysely for every query, the engine's dialect for the fragments that
 * differ, and a synchronous fast path for bulk loads (imports, the demo,
 * rollup rebuilds), where a million rows cannot each wait for a promise.
 * Each engine implements it in its own folder (`store/sqlite/`, `store/postgres/`).
 */
import type { Kysely } from "kysely";
import type { SqlDialect, TableName } from "./dialect.js";
import type { MirrorSchema } from "./schema.js";

export type MirrorDb = Kysely<MirrorSchema>;

/** A statement compiled once and run many times, synchronously, with positional values. */
export interface BulkStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** Prepares statements on the bulk path (SQL compiled by Kysely for this engine). */
export interface BulkStatements {
  prepare(sql: string): BulkStatement;
}

export interface BulkWriteOptions {
  /** Primary-key columns: rows that collide on them replace the stored values. */
  conflictColumns?: readonly string[];
  /** With conflictColumns: keep the stored row instead of updating it. */
  ignoreConflicts?: boolean;
}

/**
 * Builds an index or key set aside by a BulkWriter again. With `{ wait:
 * false }` an engine whose server works beside this thread (PostgreSQL) only
 * starts the build, so the caller can get on with making the next rows: the
 * mirror's later statements run after it, and the first of them that waits
 * for the server throws the build's error. Otherwise it returns once built.
 */
export type Rebuild = (options?: { wait?: boolean }) => void;

/** Writes many rows fast, inside the caller's transaction. */
export interface BulkWriter {
  /**
   * Whether rows written without conflict columns go in by the engine's own
   * loader (PostgreSQL's COPY), faster than any INSERT a caller could build.
   */
  readonly copiesRows: boolean;
  /** Writes rows given as objects (the first row's keys are the columns); returns the rows changed. */
  write<T extends TableName>(table: T, rows: readonly Record<string, unknown>[], options?: BulkWriteOptions): number;
  /** Like `write`, for rows given as one flat list of values, `columns.length` per row. */
  writeValues<T extends TableName>(
    table: T,
    columns: readonly string[],
    values: readonly unknown[],
    options?: BulkWriteOptions,
  ): number;
  /**
   * Sets an index aside for a load that at least doubles its table and
   * returns what rebuilds it exactly as declared (a rollback brings it back).
   */
  suspendIndex(index: string): Rebuild;
  /**
   * Sets an empty table's primary key aside for a load that cannot repeat a
   * key, where building the key from the loaded rows once costs less than
   * keeping it up to date row by row; returns what builds it again (before
   * the transaction ends; a rollback brings it back). Undefined when the
   * table holds rows or the engine keeps its keys (SQLite's cannot be dropped).
   * `known.empty`: the caller has just found the table empty in this
   * transaction, and it is not asked again.
   */
  suspendKey?(table: TableName, known?: { empty: true }): Rebuild | undefined;
  /**
   * A queue of rows into `table` by the engine's loader, for a writer that
   * copies rows (copiesRows); none otherwise. Inside a transaction each
   * queued load is all or nothing, so a refused one undoes only its rows.
   */
  rowQueue?(table: TableName, columns: readonly string[]): RowQueue;
  /** The indexes of these tables that suspendIndex can set aside (not those of keys and constraints), by name. */
  secondaryIndexes(tables: readonly string[]): string[];
}

/**
 * Rows packed as ingest/packed-rows.ts packs them: their text fields in
 * UTF-8, each followed by a TAB, and per row the 1-based positions where
 * each starts and where the next row starts, then its figures.
 */
export interface PackedRowsData {
  count: number;
  text: Uint8Array;
  numbers: Float64Array;
}

/**
 * Rows streamed into one table by the engine's loader (see
 * BulkWriter.rowQueue): the caller goes on reading while they load.
 */
export interface RowQueue {
  /** Queues rows (`columns.length` values each); they may still be loading when it returns. */
  add(values: readonly unknown[]): void;
  /**
   * Queues packed rows as add() would take them, without making a value of
   * each cell: `leading` values shared by every row, then its text fields
   * (null when empty where `nullable` says so), then its `figures` (NaN as
   * null). Counts as one add().
   */
  addPacked(leading: readonly unknown[], rows: PackedRowsData, nullable: readonly boolean[], figures: number): void;
  /** How many add() calls, the first ones, have their rows stored: the caller may let those rows go. */
  stored(): number;
  /**
   * Waits for every add() and ends the queue. When a load was refused (a key
   * already stored, say), `refused.at` is the place of the first add() whose
   * rows were not stored: neither were any later add()'s.
   */
  finish(): { refused?: { at: number; error: unknown } };
}

/** A large load's write transaction, taken when it begins; either every row lands or none does. */
export interface BulkLoad {
  statements: BulkStatements;
  writer: BulkWriter;
  /** Commits; a large load (`large`) leaves the copy of its log into the database to a helper thread. */
  commit(options?: { large?: boolean }): void;
  rollback(): void;
  /** Whether the transaction is still open (the engine may have ended it on a fatal error). */
  readonly active: boolean;
  /**
   * Savepoints: a nested all-or-nothing step of the load, so that several
   * reports share one transaction and a refused one undoes only its own rows.
   */
  savepoint(name: string): void;
  releaseSavepoint(name: string): void;
  /** Undoes the writes since the savepoint and ends it (nothing to do when the engine already ended the transaction). */
  rollbackToSavepoint(name: string): void;
}

/** An open mirror. */
export interface Mirror {
  db: MirrorDb;
  /** The mirror's file (":memory:" for one in memory). */
  path: string;
  /** Whether the mirror lives in memory only (tests): no file beside it, no other process on it. */
  inMemory: boolean;
  dialect: SqlDialect;
  /** Statements on the synchronous bulk path, for work inside a bulk load or a write transaction. */
  statements: BulkStatements;
  /** A bulk writer on the mirror's connection (`db` may be a transaction's handle on it). */
  bulkWriter(db?: MirrorDb): BulkWriter;
  /**
   * Starts a large load: its write transaction (waiting for another
   * writer's lock as the connection does), with index rebuilds set to sort
   * on helper threads until it ends.
   */
  beginBulkLoad(): BulkLoad;
  /**
   * Runs `work` with large sorts (index builds, grouping) spilling to
   * temporary files instead of memory.
   */
  withSortsOnFiles<T>(work: () => Promise<T>): Promise<T>;
  /** A query's column names and its rows as arrays, read one at a time (constant memory). */
  streamRows(sql: string, parameters: readonly unknown[]): { columns: string[]; rows: Iterable<unknown[]> };
  /** Waits for background work on the files (a checkpoint under way), then closes. */
  close(): Promise<void>;
}
