/**
 * Numbered ids for the tables whose key is (owner, id): sync runs, account
 * changes, webhook attempts. SQLite gives AUTOINCREMENT only to a key of one
 * integer column, so the next number is taken in the insert itself, under
 * the write lock the insert holds: never two alike, and always above every
 * stored one (later runs sort after earlier ones).
 */
import { sql, type RawBuilder } from "kysely";

export type NumberedTable = "sync_runs" | "account_changes" | "webhook_attempts";

/**
 * The id of a row inserted into `table`; `offset` numbers the rows of one
 * multi-row insert (0, 1, 2, ...), so the rows differ whether the engine
 * reads the table once for the statement or again for each row.
 *
 * @example
 * db.insertInto("sync_runs").values({ id: nextId("sync_runs"), account_id: "demo", ... }).returning("id")
 */
export function nextId(table: NumberedTable, offset = 0): RawBuilder<number> {
  return sql<number>`(select coalesce(max(id), 0) + ${sql.lit(offset + 1)} from ${sql.table(table)})`;
}
