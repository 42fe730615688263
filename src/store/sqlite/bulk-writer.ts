/**
 * SQLite's bulk path: many rows per statement, each statement built by
 * Kysely once per shape and run by better-sqlite3 synchronously, and index
 * builds sorted on helper threads.
 */
import type Database from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import type { BulkWriteOptions, BulkWriter } from "../backend.js";
import type { TableName } from "../dialect.js";
import type { MirrorSchema } from "../schema.js";

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

/**
 * Writes many rows fast: the statement is built by Kysely once per shape and
 * batch size, then prepared and run by better-sqlite3 for every batch. Call it
 * inside a transaction for atomicity and speed.
 *
 * @example
 * const writer = new SqliteBulkWriter(mirror.db, mirror.sqlite);
 * writer.write("daily_sales", rows, { conflictColumns: ["account_id", "marketplace", "asin", "date"] });
 */
export class SqliteBulkWriter implements BulkWriter {
  private readonly statements = new Map<string, Database.Statement>();
  readonly copiesRows = false;

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

  secondaryIndexes(tables: readonly string[]): string[] {
    const find = (this.db as Kysely<any>)
      .selectFrom("sqlite_master")
      .select("name")
      .where("type", "=", "index")
      .where("tbl_name", "in", tables)
      .where("sql", "is not", null)
      .orderBy("name")
      .compile();
    return (this.sqlite.prepare(find.sql).all(...find.parameters) as { name: string }[]).map((r) => r.name);
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
