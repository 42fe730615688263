import type Database from "better-sqlite3";
import type { CompiledQuery } from "kysely";

const MARK = "\u0000param:";

/** A named placeholder for a query compiled once by Kysely and run many times. */
export function param<T = string>(name: string): T {
  return `${MARK}${name}` as unknown as T;
}

/**
 * A Kysely-built statement prepared once on the raw handle, for the hot path:
 * values for `param(name)` placeholders are bound by name on each run.
 *
 * @example
 * const find = new PreparedQuery(sqlite, db.selectFrom("api_keys").selectAll().where("hash", "=", param("hash")).compile());
 * const row = find.get({ hash });
 */
export class PreparedQuery<Row = unknown> {
  private readonly statement: Database.Statement;
  private readonly slots: (string | { value: unknown })[];

  constructor(sqlite: Database.Database, compiled: CompiledQuery) {
    this.statement = sqlite.prepare(compiled.sql);
    this.slots = compiled.parameters.map((p) =>
      typeof p === "string" && p.startsWith(MARK) ? p.slice(MARK.length) : { value: p },
    );
  }

  private bind(values: Record<string, unknown>): unknown[] {
    return this.slots.map((slot) => {
      if (typeof slot !== "string") return slot.value;
      if (!(slot in values)) throw new Error(`no value for the query parameter "${slot}"`);
      return values[slot];
    });
  }

  get(values: Record<string, unknown>): Row | undefined {
    return this.statement.get(this.bind(values)) as Row | undefined;
  }

  all(values: Record<string, unknown>): Row[] {
    return this.statement.all(this.bind(values)) as Row[];
  }

  run(values: Record<string, unknown>): number {
    return this.statement.run(this.bind(values)).changes;
  }
}
