/**
 * The mirror's tables as the engine's catalog describes them: columns,
 * primary key and unique constraints (unique indexes included). The rule
 * that every key of seller data includes its owner (store/distribution.ts)
 * is checked over this, whatever the engine.
 */
import { type Kysely, PostgresAdapter, SqliteAdapter } from "kysely";
import { postgresTableKeys } from "./postgres/table-keys.js";
import { sqliteTableKeys } from "./sqlite/table-keys.js";
import type { TableKeys } from "./table-key-types.js";

export type { TableKeys } from "./table-key-types.js";

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
