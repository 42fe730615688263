import { DEFAULT_MIGRATION_TABLE, Migrator, type Kysely, type MigrationResultSet } from "kysely";
import { SellerAiError } from "../core/errors.js";
import type { Mirror, MirrorDb } from "./backend.js";
import { isPostgresLocation, mirrorOpenError, PGLITE_MEMORY, prepareMirrorPath } from "./mirror-path.js";
import { MIGRATIONS } from "./migrations/index.js";
import type { PostgresMirror } from "./postgres/open.js";
import { PostgresSchemaPlugin } from "./postgres/schema-plugin.js";
import { ensureIdentityIds } from "./postgres/numbered-ids.js";
import { NUMBERED_TABLES } from "./row-ids.js";
import { kyselyOn, openSqliteConnection, sqliteMirror, type SqliteMirror } from "./sqlite/open.js";

export type { Mirror, MirrorDb, PostgresMirror, SqliteMirror };

export { isPostgresLocation, PGLITE_MEMORY };

/**
 * Opens the mirror at `location`, whatever engine holds it: a SQLite file
 * (or ":memory:"), a PostgreSQL server (`postgres://user@host:port/db`), or
 * PGlite in memory (`pglite:memory`).
 *
 * @example
 * const mirror = await openStore(process.env.SELLER_AI_DB ?? "mirror.db");
 */
export async function openStore(location: string, options: OpenMirrorOptions = {}): Promise<Mirror> {
  // The PostgreSQL engines load only when asked for: a SQLite command (most of them) never pays for
  // loading pg, pg-protocol and PGlite's driver at start-up.
  if (location === PGLITE_MEMORY) {
    const { openPgliteMirror } = await import("./postgres/pglite.js");
    return openPgliteMirror((m) => migratePostgres(m.db));
  }
  if (isPostgresLocation(location)) {
    const { openServerMirror } = await import("./postgres/server.js");
    return openServerMirror(location, { ...options, migrate: migratePostgres });
  }
  return openMirror(location, options);
}

/** Brings a PostgreSQL mirror's schema up to date: the same migrations, read as PostgreSQL's types. */
export async function migratePostgres(db: MirrorDb): Promise<void> {
  if (!(await schemaIsCurrent(db))) await migrateToLatest(db.withPlugin(new PostgresSchemaPlugin()));
  await ensureIdentityIds(db, NUMBERED_TABLES);
}

export interface OpenMirrorOptions {
  /** Open without creating or migrating (for read-only inspection). */
  readonly?: boolean;
  /**
   * The helper script that checkpoints after a large commit (default: the
   * one beside this module when built); false to checkpoint in the commit.
   */
  checkpointScript?: URL | false;
  /**
   * Create the mirror's folder when it is missing (default true). The CLI
   * does so for the default location only: a --db in a folder that does not
   * exist is more likely a typing mistake than a wish.
   */
  createFolder?: boolean;
  /** Create the mirror's file when there is none (default true); else a missing mirror is a not_found error. */
  createFile?: boolean;
  /** Where the path was given (`--db`, `SELLER_AI_DB`), named in errors about it. */
  origin?: string;
}

/**
 * Opens (creating if needed) the mirror at `path`, in WAL mode, and brings
 * its schema up to date.
 *
 * @example
 * const mirror = await openMirror(":memory:");
 * const accounts = await mirror.db.selectFrom("accounts").selectAll().execute();
 * await mirror.close();
 */
export async function openMirror(path: string, options: OpenMirrorOptions = {}): Promise<SqliteMirror> {
  if (path !== ":memory:")
    prepareMirrorPath(path, {
      createFolder: !options.readonly && options.createFolder !== false,
      createFile: options.createFile,
      origin: options.origin,
    });
  let db: MirrorDb | undefined;
  try {
    const sqlite = openSqliteConnection(path, options);
    db = kyselyOn(sqlite);
    if (!options.readonly && !(await schemaIsCurrent(db))) await migrateToLatest(db);
    return sqliteMirror(path, sqlite, db, options);
  } catch (error) {
    if (db) await db.destroy();
    throw mirrorOpenError(path, error, options.origin);
  }
}

/**
 * Whether the mirror has run exactly the migrations this version knows: one
 * read, where the Migrator would take its lock and a write transaction on
 * every open. Anything else (a new mirror, a pending migration, one this
 * version does not know) goes through the Migrator, which reports it.
 */
async function schemaIsCurrent(db: Kysely<any>): Promise<boolean> {
  try {
    const rows = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select("name").execute();
    const applied = new Set(rows.map((r) => r.name as string));
    const known = Object.keys(MIGRATIONS);
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/** Runs the pending migrations; idempotent on an up-to-date mirror. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  // Unordered: migrations developed side by side may land in either order on a working mirror.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    throw new SellerAiError(
      "failure",
      `the mirror's schema could not be upgraded${failed ? ` (migration ${failed.migrationName})` : ""}: ${(result.error as Error).message ?? result.error}`,
      { cause: result.error },
    );
  }
  return result;
}
