/**
 * Opens a mirror held by PostgreSQL: a server named by a `postgres://` URL
 * (reads through a pool, transactions and the bulk path through one session
 * held by a helper thread), or PGlite in memory (tests, one session in this
 * thread). Kysely runs on PostgreSQL's adapter and query compiler, so
 * `dialectOf(db)` gives the PostgreSQL dialect.
 */
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import type pg from "pg";
import type { Mirror, MirrorDb } from "../backend.js";
import type { MirrorSchema } from "../schema.js";
import { PgBulkStatements, PgBulkWriter, beginPgBulkLoad } from "./bulk.js";
import { postgresDialect } from "./dialect.js";
import { type AsyncCapableSession, SessionDriver } from "./session-driver.js";

/** A mirror on PostgreSQL; `session` is the one the bulk path and transactions use. */
export interface PostgresMirror extends Mirror {
  session: AsyncCapableSession;
}

/** Kysely over a session (and, for a server, a pool for reads outside transactions). */
export function kyselyOnSession(session: AsyncCapableSession, pool?: pg.Pool): MirrorDb {
  return new Kysely<MirrorSchema>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new SessionDriver(session, pool),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** The Mirror over a session and its Kysely handle; `close` ends both, and the server's pools. */
export function postgresMirror(
  location: string,
  session: AsyncCapableSession,
  db: MirrorDb,
  inMemory: boolean,
  pools: readonly pg.Pool[] = [],
): PostgresMirror {
  let closed = false;
  return {
    db,
    session,
    path: location,
    inMemory,
    dialect: postgresDialect,
    statements: new PgBulkStatements(session),
    bulkWriter: (on = db) => new PgBulkWriter(on, session),
    beginBulkLoad: () => beginPgBulkLoad(db, session),
    // PostgreSQL spills large sorts to files by itself (work_mem).
    withSortsOnFiles: (work) => work(),
    streamRows(text, parameters) {
      const { columns, rows } = session.run(text, parameters);
      return { columns, rows };
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      for (const pool of pools) await pool.end();
      await session.close();
    },
  };
}

/** A location string without its password, to name in messages. */
export function redactedLocation(location: string): string {
  try {
    const url = new URL(location);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return location;
  }
}
