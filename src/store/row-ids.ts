/**
 * Numbered ids for the tables whose key is (owner, id): sync runs, account
 * changes, webhook attempts. Each engine numbers them its own way (its
 * dialect's numberedId): SQLite in the insert itself, under the write lock;
 * PostgreSQL from the column's identity sequence, safe with several
 * connections writing at once. Either way a later row gets a larger id
 * (later runs sort after earlier ones).
 */
import type { Kysely, RawBuilder } from "kysely";
import { dialectOf } from "./dialect.js";

export type NumberedTable = "sync_runs" | "account_changes" | "webhook_attempts";

export const NUMBERED_TABLES: readonly NumberedTable[] = ["sync_runs", "account_changes", "webhook_attempts"];

/**
 * The id of a row inserted into `table` through `db`; `offset` numbers the
 * rows of one multi-row insert (0, 1, 2, ...).
 *
 * @example
 * db.insertInto("sync_runs").values({ id: nextId(db, "sync_runs"), account_id: "demo", ... }).returning("id")
 */
export function nextId(db: Kysely<any>, table: NumberedTable, offset = 0): RawBuilder<number> {
  return dialectOf(db).numberedId(table, offset);
}
