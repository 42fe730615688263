/**
 * The read pool of a server mirror, found from its Kysely handle: work that
 * must not join the transaction the process holds open on its session (the
 * session driver sends every query there while one is open) takes a
 * connection of its own from here.
 */
import type { Kysely } from "kysely";
import type pg from "pg";

const pools = new WeakMap<object, pg.Pool>();

/** Makes `pool` the read pool of the mirror's handle `db` (the mirror closes it). */
export function attachReadPool(db: Kysely<any>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The read pool of the mirror's handle `db`; none on PGlite. */
export function readPoolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}
