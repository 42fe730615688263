/**
 * The database handle Kysely runs its queries on: better-sqlite3, with
 * prepared statements kept for reuse, and rows read as arrays and shaped into
 * objects in JavaScript. better-sqlite3 builds each row object property by
 * property through the engine's API, which costs more than the query itself
 * for wide results (a 6,000-row inventory read: 45 ms as objects, 24 ms as
 * arrays plus a generated builder); answers on a large catalog read tens of
 * thousands of rows.
 */
import type Database from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { MAX_CACHED, rowShape, type RowShape } from "../row-shape.js";

export { rowShape };

/**
 * Wraps a better-sqlite3 handle for Kysely's SqliteDialect: reading
 * statements return the same objects as before, built from raw rows.
 *
 * @example
 * const db = new Kysely<MirrorSchema>({ dialect: new SqliteDialect({ database: rowReader(sqlite) }) });
 */
export function rowReader(sqlite: Database.Database): SqliteDatabase {
  // Kysely prepares a statement for every execution; compiling SQLite's plan again costs as much as a small query.
  const prepared = new Map<string, SqliteStatement>();
  // A statement prepared before a schema change may keep its old columns (`select *`): the kept ones are dropped then.
  const schemaVersion = sqlite.prepare("pragma schema_version").pluck();
  let knownVersion = -1;
  return {
    close: () => {
      prepared.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const version = schemaVersion.get() as number;
      if (version !== knownVersion) {
        prepared.clear();
        knownVersion = version;
      }
      let wrapped = prepared.get(sql);
      if (wrapped) return wrapped;
      const statement = sqlite.prepare(sql);
      if (!statement.reader) {
        wrapped = statement as unknown as SqliteStatement;
      } else {
        // Its columns stand while the schema does: a change of schema drops the kept statements.
        let shape: RowShape | undefined;
        wrapped = {
          reader: true,
          all(parameters) {
            shape ??= rowShape(statement.columns().map((c) => c.name));
            const rows = statement.raw(true).all(parameters as unknown[]) as unknown[][];
            const out = new Array<Record<string, unknown>>(rows.length);
            for (let i = 0; i < rows.length; i++) out[i] = shape(rows[i]);
            return out;
          },
          run: (parameters) => statement.run(parameters as unknown[]),
          // A stream keeps its statement busy until it ends: each gets a statement of its own.
          iterate: (parameters) => sqlite.prepare(sql).iterate(parameters as unknown[]) as IterableIterator<unknown>,
        };
      }
      if (prepared.size >= MAX_CACHED) prepared.delete(prepared.keys().next().value!);
      prepared.set(sql, wrapped);
      return wrapped;
    },
  };
}
