import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Mirror } from "../store/open-mirror.js";
import { ACCOUNT_DATA_TABLES } from "../store/schema.js";

/**
 * A fingerprint of everything an account holds, table by table in storage
 * order (key order for the daily tables). The sync run's serial id is left
 * out: it counts runs, not data. The query is built by Kysely and streamed
 * through the bulk path, so the hash runs in constant memory at any scale.
 *
 * @example
 * const before = accountChecksum(mirror, "demo");
 */
export function accountChecksum(mirror: Mirror, accountId: string): string {
  const db = mirror.db as unknown as Kysely<any>;
  const hash = createHash("sha256");
  let rows = 0;
  for (const table of ["accounts", ...ACCOUNT_DATA_TABLES]) {
    const key = table === "accounts" ? "id" : "account_id";
    const query = db.selectFrom(table).selectAll().where(key, "=", accountId).compile();
    const { columns, rows: stored } = mirror.streamRows(query.sql, query.parameters);
    const skip = table === "sync_runs" ? columns.indexOf("id") : -1;
    hash.update(`\n${table}:${columns.join(",")}\n`);
    for (const row of stored) {
      if (skip >= 0) row[skip] = null;
      hash.update(JSON.stringify(row));
      rows++;
    }
  }
  return `${rows}:${hash.digest("hex")}`;
}
