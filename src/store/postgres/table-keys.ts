/**
 * PostgreSQL's catalog read as tables, columns and keys (see
 * store/table-keys.ts), in the current schema. Tables and columns come from
 * information_schema; keys from pg_index, which also holds the unique
 * indexes made without a constraint (information_schema lists constraints only).
 */
import { sql, type Kysely } from "kysely";
import type { TableKeys } from "../table-key-types.js";

export async function postgresTableKeys(db: Kysely<any>): Promise<TableKeys[]> {
  const columns = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const keys = await sql<{ table_name: string; index_name: string; is_primary: boolean; column_name: string | null }>`
    select t.relname as table_name, i.relname as index_name, x.indisprimary as is_primary, a.attname as column_name
    from pg_index x
    join pg_class t on t.oid = x.indrelid
    join pg_class i on i.oid = x.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, position)
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0
    where n.nspname = current_schema() and x.indisunique
    order by t.relname, i.relname, k.position`.execute(db);

  const byTable = new Map<string, TableKeys>();
  for (const c of columns.rows) {
    let table = byTable.get(c.table_name);
    if (!table) byTable.set(c.table_name, (table = { table: c.table_name, columns: [], primaryKey: [], uniques: [] }));
    table.columns.push({ name: c.column_name, notNull: c.is_nullable === "NO" });
  }
  const uniques = new Map<string, string[]>();
  for (const k of keys.rows) {
    const table = byTable.get(k.table_name);
    if (!table) continue;
    const column = k.column_name ?? "(expression)";
    if (k.is_primary) table.primaryKey.push(column);
    else {
      let parts = uniques.get(`${k.table_name}.${k.index_name}`);
      if (!parts) {
        parts = [];
        uniques.set(`${k.table_name}.${k.index_name}`, parts);
        table.uniques.push(parts);
      }
      parts.push(column);
    }
  }
  return [...byTable.values()].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
}
