/**
 * SQLite as the source of a mirror copy (store/copy-mirror.ts): one read
 * snapshot for the whole copy and its checks, each table's rows read one at
 * a time, and the numbers AUTOINCREMENT has already handed out.
 */
import type Database from "better-sqlite3";

/**
 * Starts a read transaction and takes its snapshot at once (SQLite takes it
 * at the first read): rows another process commits meanwhile are not seen,
 * so the copy, the row counts and the answers compared all read one state.
 * Returns what ends it.
 */
export function beginReadSnapshot(sqlite: Database.Database): () => void {
  sqlite.exec("BEGIN");
  try {
    sqlite.prepare("select count(*) from sqlite_master").pluck().get();
  } catch (error) {
    sqlite.exec("ROLLBACK");
    throw error;
  }
  return () => {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
  };
}

/**
 * A table's rows as arrays of values in `columns` order, read one at a time
 * (constant memory). Integers come as bigints, so 64-bit values keep every digit.
 */
export function tableRows(sqlite: Database.Database, table: string, columns: readonly string[]): Iterable<unknown[]> {
  const statement = sqlite.prepare(`select ${columns.map(quoteName).join(", ")} from ${quoteName(table)}`);
  return statement.raw(true).safeIntegers(true).iterate() as Iterable<unknown[]>;
}

/**
 * The last number AUTOINCREMENT handed out, by table: it stays above rows
 * since deleted, so a copy keeps never reusing an id (an event's number is
 * a cursor that receivers keep).
 */
export function autoincrementSequences(sqlite: Database.Database): Map<string, number> {
  const exists = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'").get();
  if (!exists) return new Map();
  const rows = sqlite.prepare("select name, seq from sqlite_sequence").raw(true).all() as [string, number][];
  return new Map(rows.map(([name, seq]) => [name, Number(seq)]));
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
