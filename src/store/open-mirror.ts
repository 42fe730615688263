import Database from "better-sqlite3";
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, SqliteDialect, type MigrationResultSet } from "kysely";
import { SellerAiError } from "../core/errors.js";
import { foreignDatabaseError, mirrorOpenError, prepareMirrorPath } from "./mirror-path.js";
import { MIGRATIONS } from "./migrations/index.js";
import { rowReader } from "./row-reader.js";
import type { MirrorSchema } from "./schema.js";
import { WalCheckpointer, walCheckpointScript } from "./wal-checkpoint.js";

export type MirrorDb = Kysely<MirrorSchema>;

/** An open mirror: the Kysely handle for queries and the raw handle for bulk work and closing. */
export interface Mirror {
  db: MirrorDb;
  sqlite: Database.Database;
  path: string;
  /**
   * Commits the open transaction of a large write, its write-ahead log then
   * checkpointed on a helper thread (see wal-checkpoint.ts).
   */
  commitLarge(): void;
  /** Waits for a checkpoint under way, then closes. */
  close(): Promise<void>;
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
export async function openMirror(path: string, options: OpenMirrorOptions = {}): Promise<Mirror> {
  if (path !== ":memory:")
    prepareMirrorPath(path, {
      createFolder: !options.readonly && options.createFolder !== false,
      origin: options.origin,
    });
  let sqlite: Database.Database | undefined;
  let db: MirrorDb | undefined;
  try {
    sqlite = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
    // Read before anything is written: another program's database is left exactly as it was (not even
    // switched to WAL), and a file that is no database at all fails here.
    if (holdsForeignTables(sqlite)) throw foreignDatabaseError(path, options.origin);
    if (!options.readonly) {
      sqlite.pragma("journal_mode = WAL");
      sqlite.pragma("synchronous = NORMAL");
    }
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("cache_size = -65536");
    sqlite.pragma("temp_store = MEMORY");
    db = new Kysely<MirrorSchema>({ dialect: new SqliteDialect({ database: rowReader(sqlite) }) });
    if (!options.readonly && !(await schemaIsCurrent(db))) await migrateToLatest(db);
  } catch (error) {
    if (db) await db.destroy();
    else sqlite?.close();
    throw mirrorOpenError(path, error, options.origin);
  }
  let closed = false;
  // The helper script is looked for at the first large commit: most commands never make one.
  const script =
    options.checkpointScript === false || options.readonly || path === ":memory:"
      ? undefined
      : (options.checkpointScript ?? walCheckpointScript);
  const checkpointer = new WalCheckpointer(path, script);
  return {
    db,
    sqlite,
    path,
    commitLarge: () => checkpointer.commit(sqlite),
    async close() {
      if (closed) return;
      closed = true;
      await checkpointer.settled();
      await db.destroy();
    },
  };
}

/** Whether the database holds tables but no record of a mirror's migrations: another program's database. */
function holdsForeignTables(sqlite: Database.Database): boolean {
  const names = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
    .pluck()
    .all() as string[];
  return names.length > 0 && !names.includes(DEFAULT_MIGRATION_TABLE);
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
