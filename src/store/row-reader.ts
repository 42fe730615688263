/**
 * The database handle Kysely runs its queries on: better-sqlite3, with rows
 * read as arrays and shaped into objects in JavaScript. better-sqlite3 builds
 * each row object property by property through the engine's API, which costs
 * more than the query itself for wide results (a 6,000-row inventory read:
 * 45 ms as objects, 24 ms as arrays plus a generated constructor); answers on
 * a large catalog read tens of thousands of rows.
 */
import type Database from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

type RowShape = (values: unknown[]) => Record<string, unknown>;

/**
 * A row builder for these column names: an object literal with the names in
 * order, so every row shares one hidden class. Names that an object literal
 * would treat specially fall back to plain assignment.
 */
export function rowShape(names: readonly string[]): RowShape {
  if (names.includes("__proto__") || new Set(names).size !== names.length) {
    return (values) => {
      const row: Record<string, unknown> = {};
      names.forEach((name, i) => Object.defineProperty(row, name, { value: values[i], enumerable: true, writable: true, configurable: true }));
      return row;
    };
  }
  const body = `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(", ")}};`;
  return new Function("v", body) as RowShape;
}

/**
 * Wraps a better-sqlite3 handle for Kysely's SqliteDialect: reading
 * statements return the same objects as before, built from raw rows.
 *
 * @example
 * const db = new Kysely<MirrorSchema>({ dialect: new SqliteDialect({ database: rowReader(sqlite) }) });
 */
export function rowReader(sqlite: Database.Database): SqliteDatabase {
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const statement = sqlite.prepare(sql);
      if (!statement.reader) return statement as unknown as SqliteStatement;
      let shape: RowShape | undefined;
      return {
        reader: true,
        all(parameters) {
          shape ??= rowShape(statement.columns().map((c) => c.name));
          const rows = statement.raw(true).all(parameters as unknown[]) as unknown[][];
          const out = new Array<Record<string, unknown>>(rows.length);
          for (let i = 0; i < rows.length; i++) out[i] = shape(rows[i]);
          return out;
        },
        run: (parameters) => statement.run(parameters as unknown[]),
        iterate: (parameters) => statement.raw(false).iterate(parameters as unknown[]) as IterableIterator<unknown>,
      };
    },
  };
}
