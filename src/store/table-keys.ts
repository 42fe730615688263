/**
 * The mirror's tables as the engine's catalog describes them: columns,
 * primary key and unique constraints (unique indexes included). The rule
 * that every key of seller data includes its owner (store/distribution.ts)
 * is checked over this, whatever the engine.
 */
import { type Kysely, PostgresAdapter, SqliteAdapter } from "kysely";
import { postgresTableKeys } from "./postgres/table-keys.js";
import { sqliteTableKeys } from "./sqlite/table-keys.js";

export interface TableKeys {
  table: string;
  columns: { name: string; notNull: boolean }[];
  /** The primary key's columns in key order (empty for a table without one). */
  primaryKey: string[];
  /** Each unique constraint or unique index other than the primary key, as its columns, in the order of their column lists. */
  uniques: string[][];
}

/** Every table of the mirror, by name. */
export async function tableKeys(db: Kysely<any>): Promise<TableKeys[]> {
  const adapter = db.getExecutor().adapter;
  let tables: TableKeys[];
  if (adapter instanceof SqliteAdapter) tables = await sqliteTableKeys(db);
  else if (adapter instanceof PostgresAdapter) tables = await postgresTableKeys(db);
  else throw new Error(`no catalog reader for the database adapter ${adapter.constructor.name}`);
  // The engines list a table's unique indexes in different orders (creation, name): one order for both.
  for (const t of tables) t.uniques.sort((a, b) => (a.join() < b.join() ? -1 : a.join() > b.join() ? 1 : 0));
  return tables;
}
