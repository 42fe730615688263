/**
 * Everything in the mirror's SQL that is specific to SQLite lives here, so a
 * PostgreSQL backend needs to replace only this module: date bucketing, date
 * arithmetic, bulk upserts and cutting packed rows out of a blob.
 */
import type Database from "better-sqlite3";
import { CompiledQuery, sql, type Kysely, type RawBuilder } from "kysely";
import type { MirrorSchema } from "./schema.js";

export type DateBucket = "day" | "week" | "month" | "quarter" | "year";

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

/** A date column moved by a whole number of days. */
export function addDays(column: string, days: number): RawBuilder<string> {
  return sql<string>`date(${sql.ref(column)}, ${`${days >= 0 ? "+" : ""}${Math.trunc(days)} days`})`;
}

/** The day of the week of a date column: 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(column: string): RawBuilder<number> {
  return sql<number>`cast(strftime('%w', ${sql.ref(column)}) as integer)`;
}

/** Whole days from one date column to another (b − a). */
export function daysBetween(a: string, b: string): RawBuilder<number> {
  return sql<number>`cast(julianday(${sql.ref(b)}) - julianday(${sql.ref(a)}) as integer)`;
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
 * The row's own locator (SQLite's rowid): a row found in an index by a
 * subquery is then fetched by it in one integer-key lookup, where a second
 * join on its text key would search the index again.
 */
export function rowId(alias: string): RawBuilder<unknown> {
  return sql.ref(`${alias}.rowid`);
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

export type TableName = keyof MirrorSchema;

/**
 * Puts a connection's temporary storage on files until the returned function
 * is called, both outside a transaction (SQLite refuses the switch inside one
 * once temporary storage is open). Meanwhile an index rebuilt after a bulk
 * load sorts on helper threads (see BulkWriter.suspendIndex).
 *
 * @example
 * const restore = sortOnFiles(sqlite);
 * try { sqlite.exec("BEGIN"); … ; sqlite.exec("COMMIT"); } finally { restore(); }
 */
export function sortOnFiles(sqlite: Database.Database): () => void {
  const saved = Number(sqlite.pragma("temp_store", { simple: true }));
  sqlite.pragma("temp_store = FILE");
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    sqlite.pragma(`temp_store = ${saved}`);
  };
}

/** PRAGMA temp_store's value for temporary storage in memory (0 is the build's default, files; 1 files). */
const TEMP_STORE_MEMORY = 2;
/** Helper threads for sorting an index being built (see BulkWriter.withParallelSort). */
const SORT_THREADS = 2;
/** The cache while an index is built, in KiB as cache_size takes it (negative): the size of each sorted piece. */
const SORT_PIECE_CACHE = -8192;

export interface BulkWriteOptions {
  /** Primary-key columns: rows that collide on them replace the stored values. */
  conflictColumns?: readonly string[];
  /** With conflictColumns: keep the stored row instead of updating it. */
  ignoreConflicts?: boolean;
}

/**
 * Writes many rows fast: the statement is built by Kysely once per shape and
 * batch size, then prepared and run by better-sqlite3 for every batch. Call it
 * inside a transaction for atomicity and speed.
 *
 * @example
 * const writer = new BulkWriter(mirror.db, mirror.sqlite);
 * writer.write("daily_sales", rows, { conflictColumns: ["account_id", "marketplace", "asin", "date"] });
 */
export class BulkWriter {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Kysely<MirrorSchema>,
    private readonly sqlite: Database.Database,
  ) {}

  write<T extends TableName>(
    table: T,
    rows: readonly Record<string, unknown>[],
    options: BulkWriteOptions = {},
  ): number {
    if (rows.length === 0) return 0;
    const columns = Object.keys(rows[0]);
    // SQLite allows 32,766 bound values per statement; stay well below.
    const batchSize = Math.max(1, Math.min(500, Math.floor(30_000 / columns.length)));
    const width = columns.length;
    let written = 0;
    let params: unknown[] = [];
    for (let start = 0; start < rows.length; start += batchSize) {
      const count = Math.min(batchSize, rows.length - start);
      const statement = this.statementFor(table, columns, count, options);
      if (params.length !== count * width) params = new Array(count * width);
      // Plain index loops and one reused array: this runs for every value of every bulk load.
      let i = 0;
      for (let r = start; r < start + count; r++) {
        const row = rows[r];
        for (let c = 0; c < width; c++) params[i++] = normalise(row[columns[c]]);
      }
      written += statement.run(params).changes;
    }
    return written;
  }

  /**
   * Like `write`, for rows given as one flat list of values, `columns.length`
   * per row, so a caller that already holds plain values makes no objects.
   *
   * @example
   * writer.writeValues("daily_sales", ["account_id", "marketplace", "asin", "date", "units"], ["a1", "US", "B0A", "2024-03-01", 3]);
   */
  writeValues<T extends TableName>(
    table: T,
    columns: readonly string[],
    values: readonly unknown[],
    options: BulkWriteOptions = {},
  ): number {
    const width = columns.length;
    if (width === 0 || values.length === 0) return 0;
    if (values.length % width !== 0)
      throw new Error(`writeValues: ${values.length} values do not make rows of ${width} columns`);
    const rows = values.length / width;
    const batchSize = Math.max(1, Math.min(500, Math.floor(30_000 / width)));
    const names = [...columns];
    let written = 0;
    for (let start = 0; start < rows; start += batchSize) {
      const count = Math.min(batchSize, rows - start);
      const params = values.slice(start * width, (start + count) * width);
      for (let i = 0; i < params.length; i++) params[i] = normalise(params[i]);
      written += this.statementFor(table, names, count, options).run(params).changes;
    }
    return written;
  }

  /**
   * Drops an index for a bulk load into its table, inside the caller's
   * transaction, and returns what recreates it exactly as the schema declared
   * it. SQLite builds an index from sorted keys several times faster than it
   * maintains one row by row, so a load that at least doubles a table is
   * quicker without it; a rollback brings the index back like any change.
   *
   * @example
   * const restore = writer.suspendIndex("order_lines_asin_date_idx");
   * // … many writes …
   * restore();
   */
  suspendIndex(index: string): () => void {
    const db = this.db as Kysely<any>;
    const find = db
      .selectFrom("sqlite_master")
      .select("sql")
      .where("type", "=", "index")
      .where("name", "=", index)
      .compile();
    const declared = (this.sqlite.prepare(find.sql).get(...find.parameters) as { sql: string | null } | undefined)?.sql;
    // Indexes SQLite makes itself (primary keys, unique constraints) have no SQL and cannot be dropped.
    if (!declared) return () => undefined;
    this.sqlite.prepare(db.schema.dropIndex(index).compile().sql).run();
    let restored = false;
    return () => {
      if (restored) return;
      restored = true;
      this.withParallelSort(() => this.sqlite.exec(declared));
    };
  }

  /**
   * Runs an index build with SQLite's sorter spread over helper threads: it
   * sorts pieces of one cache's size on them and merges the pieces, which
   * takes a third off rebuilding a million lines' index on two cores. SQLite
   * uses the threads only when the pieces go to temporary files, a setting
   * that can change only outside a transaction (importFile makes it before
   * its own: see sortOnFiles); with temporary storage in memory the build
   * runs as usual.
   */
  private withParallelSort(build: () => void): void {
    const sqlite = this.sqlite;
    if (Number(sqlite.pragma("temp_store", { simple: true })) === TEMP_STORE_MEMORY) {
      build();
      return;
    }
    const saved = {
      threads: Number(sqlite.pragma("threads", { simple: true })),
      cache: Number(sqlite.pragma("cache_size", { simple: true })),
    };
    try {
      sqlite.pragma(`threads = ${SORT_THREADS}`);
      sqlite.pragma(`cache_size = ${SORT_PIECE_CACHE}`);
      build();
    } finally {
      sqlite.pragma(`cache_size = ${saved.cache}`);
      sqlite.pragma(`threads = ${saved.threads}`);
    }
  }

  private statementFor(
    table: TableName,
    columns: string[],
    count: number,
    options: BulkWriteOptions,
  ): Database.Statement {
    const key = `${table}|${columns.join(",")}|${count}|${options.conflictColumns?.join(",") ?? ""}|${options.ignoreConflicts ?? false}`;
    let statement = this.statements.get(key);
    if (statement) return statement;
    const placeholder = Object.fromEntries(columns.map((c) => [c, null]));
    let query = (this.db as Kysely<any>).insertInto(table).values(Array.from({ length: count }, () => placeholder));
    const conflict = options.conflictColumns;
    if (conflict && conflict.length > 0) {
      const updated = columns.filter((c) => !conflict.includes(c));
      query = query.onConflict((oc) => {
        const target = oc.columns(conflict as string[]);
        if (options.ignoreConflicts || updated.length === 0) return target.doNothing();
        return target.doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])));
      });
    }
    statement = this.sqlite.prepare(query.compile().sql);
    this.statements.set(key, statement);
    return statement;
  }
}

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * Runs `work` in a transaction that takes the write lock when it begins
 * (SQLite's BEGIN IMMEDIATE): with another process writing, it waits for
 * the lock (busy_timeout) instead of failing halfway with "database is
 * locked", as a deferred transaction may when its first write finds the
 * lock taken. For short transactions of several writes that run beside
 * other processes (the webhook queue). PostgreSQL needs a plain BEGIN.
 *
 * @example
 * await writeTransaction(db, async (trx) => { await trx.updateTable("t").set({ a: 1 }).execute(); });
 */
export async function writeTransaction<T>(
  db: Kysely<MirrorSchema>,
  work: (trx: Kysely<MirrorSchema>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(BEGIN_IMMEDIATE);
    try {
      const result = await work(connection);
      await connection.executeQuery(COMMIT);
      return result;
    } catch (error) {
      await connection.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  });
}

const BEGIN_IMMEDIATE = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");

/** Whether an error is the database being locked by another writer (another process importing, say). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
