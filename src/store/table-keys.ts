/**
 * The mirror's tables as the engine's catalog describes them: columns,
 * primary key and unique constraints (unique indexes included). The rule
 * that every key of seller data includes its owner (store/distribution.ts)
 * is checked over this, whatever the engine.
 */
import type { Kysely } from "kysely";
import { dialectOf } from "./dialect.js";
import { sqliteTableKeys } from "./sqlite/table-keys.js";

export interface TableKeys {
  table: string;
  columns: { name: string; notNull: boolean }[];
  /** The primary key's columns in key order (empty for a table without one). */
  primaryKey: string[];
  /** Each unique constraint or unique index other than the primary key, as its columns. */
  uniques: string[][];
}

/** Every table of the mirror, by name. */
export async function tableKeys(db: Kysely<any>): Promise<TableKeys[]> {
  const engine = dialectOf(db).engine;
  if (engine === "sqlite") return sqliteTableKeys(db);
  throw new Error(`reading table keys is not implemented for ${engine} yet (information_schema.table_constraints)`);
}
