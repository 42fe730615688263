/**
 * A mirror on PGlite, PostgreSQL compiled to WebAssembly and run in this
 * thread, in memory: the PostgreSQL suites run on any machine without a
 * server. Creating a database cluster (initdb) takes seconds, so the first
 * mirror's migrated cluster is kept as a snapshot and the next ones of the
 * process start from it.
 */
import type { PGlite } from "@electric-sql/pglite";
import { PgliteSession } from "./pglite-session.js";
import { kyselyOnSession, postgresMirror, type PostgresMirror } from "./open.js";

let snapshot: Promise<Blob> | undefined;

/**
 * Opens a new, empty mirror on PGlite in memory, its schema brought up to
 * date by `migrate` (given by the caller, which owns the migrations).
 */
export async function openPgliteMirror(migrate: (mirror: PostgresMirror) => Promise<void>): Promise<PostgresMirror> {
  // Loaded here, not with the store: only tests and `pglite:` mirrors need the engine.
  const { PGlite } = await import("@electric-sql/pglite");
  const first = snapshot === undefined;
  let pglite: PGlite;
  if (first) {
    pglite = await PGlite.create();
  } else {
    pglite = await PGlite.create({ loadDataDir: await snapshot! });
  }
  const session = new PgliteSession(pglite);
  const mirror = postgresMirror("pglite:memory", session, kyselyOnSession(session), true);
  try {
    await migrate(mirror);
    if (first) snapshot = pglite.dumpDataDir("none");
  } catch (error) {
    await mirror.close();
    throw error;
  }
  return mirror;
}
