/** What the schema says of one table's keys, whatever the engine that read it (see table-keys.ts). */
export interface TableKeys {
  table: string;
  columns: { name: string; notNull: boolean }[];
  /** The primary key's columns in key order (empty for a table without one). */
  primaryKey: string[];
  /** Each unique constraint or unique index other than the primary key, as its columns, in the order of their column lists. */
  uniques: string[][];
}
