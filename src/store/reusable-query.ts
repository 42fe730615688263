/**
 * A Kysely query compiled once and run many times with new values: for
 * statements on a hot path (the webhook queue runs a handful per delivery),
 * where building and compiling the query each time costs more than running
 * it. Portable: the SQL is Kysely's for the dialect in use; only the
 * parameters change.
 */
import type { CompiledQuery, Kysely, QueryResult } from "kysely";

const MARK = "\u0000slot:";

/** A named placeholder for a value given at each run. */
export function slot<T = string>(name: string): T {
  return `${MARK}${name}` as unknown as T;
}

export class ReusableQuery<Row> {
  private readonly slots: (string | { value: unknown })[];

  constructor(private readonly compiled: CompiledQuery<Row>) {
    this.slots = compiled.parameters.map((p) =>
      typeof p === "string" && p.startsWith(MARK) ? p.slice(MARK.length) : { value: p },
    );
  }

  /** Runs it on `db` (a transaction's handle too) with the slots' values. */
  execute(db: Kysely<any>, values: Record<string, unknown>): Promise<QueryResult<Row>> {
    return db.executeQuery<Row>(this.bind(values));
  }

  /** The compiled query with the slots' values, to run elsewhere (SqlDialect.countingWrite). */
  bind(values: Record<string, unknown>): CompiledQuery<Row> {
    const parameters = this.slots.map((s) => {
      if (typeof s !== "string") return s.value;
      if (!(s in values)) throw new Error(`no value for the query slot "${s}"`);
      return values[s];
    });
    return { ...this.compiled, parameters };
  }
}

/**
 * One compiled query per database handle, made by `build` on first use. A
 * transaction runs the query compiled for its database (pass the database's
 * handle here, the transaction's to execute).
 *
 * @example
 * const claim = reusable("claim", (db) => db.updateTable("t").set({ a: slot("a") }).where("id", "=", slot("id")).compile());
 * await claim(db).execute(db, { a: 1, id: "x" });
 */
export function reusable<Row>(build: (db: Kysely<any>) => CompiledQuery<Row>): (db: Kysely<any>) => ReusableQuery<Row> {
  const byDb = new WeakMap<object, ReusableQuery<Row>>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = new ReusableQuery(build(db));
      byDb.set(db, query);
    }
    return query;
  };
}
