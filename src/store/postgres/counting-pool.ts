/**
 * The connections a server mirror counts requests on: every API request
 * takes a burst count and a quota unit (store/burst-counters.ts), so these
 * few statements are the server's main work under load, and they run apart
 * from the read pool, on connections set up for them:
 *
 * - each statement is prepared once per connection (a named statement) and
 *   then only bound and run, where an unnamed one is parsed and planned again
 *   on every request, which costs the server more than running it;
 * - their commits do not wait for the disk (synchronous_commit off). A count
 *   committed so is seen at once by every session, so limits stay exact
 *   across instances and a restarted `serve` finds every count; what a crash
 *   of the machine (or of the database server) may lose is the last fraction
 *   of a second of counts, never the database's consistency, as a SQLite
 *   mirror (synchronous=NORMAL) may lose its last commits.
 *
 * PGlite, and a statement inside a transaction, run the statement as any other.
 */
import type { CompiledQuery, Kysely } from "kysely";
import type pg from "pg";
import { parameterOf } from "./parameters.js";

/** The settings of the counting connections, put before any the mirror's URL gives. */
export const COUNTING_SETTINGS = "-c synchronous_commit=off";

/** Connections of a mirror's counting pool: a count is short, and requests wait their turn in the process. */
export const COUNTING_POOL_SIZE = 4;

const pools = new WeakMap<object, pg.Pool>();

/** Makes `pool` the counting pool of the mirror's handle `db` (the mirror closes it). */
export function attachCountingPool(db: Kysely<any>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The counting pool of the mirror's handle `db`; none in a transaction or on PGlite. */
export function countingPoolOf(db: Kysely<any>): pg.Pool | undefined {
  return db.isTransaction ? undefined : pools.get(db);
}

/**
 * Runs a counting statement, prepared under `name` (always given with the
 * same SQL text), on the counting pool of `db` when it has one; its rows.
 */
export async function runCounting<R>(db: Kysely<any>, name: string, query: CompiledQuery<R>): Promise<R[]> {
  const pool = countingPoolOf(db);
  if (!pool) return (await db.executeQuery(query)).rows;
  const { rows } = await pool.query({ name, text: query.sql, values: query.parameters.map(parameterOf) });
  return rows as R[];
}
