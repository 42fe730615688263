/** SQLite's catalog read as tables, columns and keys (see store/table-keys.ts). */
import { sql, type Kysely } from "kysely";
import type { TableKeys } from "../table-key-types.js";

export async function sqliteTableKeys(db: Kysely<any>): Promise<TableKeys[]> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(
    db,
  );
  const out: TableKeys[] = [];
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string; notnull: number; pk: number }>`
      select name, "notnull", pk from pragma_table_info(${name}) order by cid`.execute(db);
    // A rowid alias (INTEGER PRIMARY KEY) has no index of its own: its key is the pk column order.
    const primaryKey = columns.rows
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexes = await sql<{ name: string; unique: number; origin: string; partial: number }>`
      select name, "unique", origin, partial from pragma_index_list(${name})`.execute(db);
    const uniques: string[][] = [];
    for (const index of indexes.rows) {
      if (!index.unique || index.origin === "pk") continue;
      const parts = await sql<{ name: string | null }>`
        select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      uniques.push(parts.rows.map((p) => p.name ?? "(expression)"));
    }
    out.push({
      table: name,
      columns: columns.rows.map((c) => ({ name: c.name, notNull: c.notnull === 1 || c.pk > 0 })),
      primaryKey,
      uniques,
    });
  }
  return out;
}
