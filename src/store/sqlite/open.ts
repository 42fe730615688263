/**
 * Opens a mirror held by SQLite (better-sqlite3): one connection in WAL mode,
 * Kysely on it through the row reader, and the synchronous bulk path on the
 * same connection.
 */
import Database from "better-sqlite3";
import { DEFAULT_MIGRATION_TABLE, Kysely, SqliteDialect } from "kysely";
import type { BulkLoad, Mirror, MirrorDb } from "../backend.js";
import { foreignDatabaseError } from "../mirror-path.js";
import type { MirrorSchema } from "../schema.js";
import { SqliteBulkWriter, sortOnFiles } from "./bulk-writer.js";
import { sqliteDialect } from "./dialect.js";
import { rowReader } from "./row-reader.js";
import { WalCheckpointer, walCheckpointScript } from "./wal-checkpoint.js";

/** A mirror held by SQLite; `sqlite` is the raw connection, for the store's own SQLite code and tests. */
export interface SqliteMirror extends Mirror {
  sqlite: Database.Database;
  /** Commits the open transaction of a large write, its log then checkpointed on a helper thread. */
  commitLarge(): void;
}

export interface SqliteOpenOptions {
  readonly?: boolean;
  /** The helper script that checkpoints after a large commit (default: the one beside this module when built); false to checkpoint in the commit. */
  checkpointScript?: URL | false;
  /** Where the path was given, named in errors about it. */
  origin?: string;
}

/** The connection, set up; throws for a database of another program (left exactly as it was). */
export function openSqliteConnection(path: string, options: SqliteOpenOptions): Database.Database {
  const sqlite = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  try {
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
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}

export function kyselyOn(sqlite: Database.Database): MirrorDb {
  return new Kysely<MirrorSchema>({ dialect: new SqliteDialect({ database: rowReader(sqlite) }) });
}

/** The Mirror over an open connection and its Kysely handle; `close` destroys both. */
export function sqliteMirror(
  path: string,
  sqlite: Database.Database,
  db: MirrorDb,
  options: SqliteOpenOptions = {},
): SqliteMirror {
  let closed = false;
  // The helper script is looked for at the first large commit: most commands never make one.
  const script =
    options.checkpointScript === false || options.readonly || path === ":memory:"
      ? undefined
      : (options.checkpointScript ?? walCheckpointScript);
  const checkpointer = new WalCheckpointer(path, script);
  const commitLarge = () => checkpointer.commit(sqlite);
  return {
    db,
    sqlite,
    path,
    inMemory: sqlite.memory,
    dialect: sqliteDialect,
    statements: sqlite,
    bulkWriter: (on = db) => new SqliteBulkWriter(on, sqlite),
    beginBulkLoad(): BulkLoad {
      // Temporary storage goes on files before the transaction (SQLite refuses the switch inside one).
      const restore = sortOnFiles(sqlite);
      try {
        sqlite.exec("BEGIN IMMEDIATE");
      } catch (error) {
        restore();
        throw error;
      }
      return {
        statements: sqlite,
        writer: new SqliteBulkWriter(db, sqlite),
        commit(options = {}) {
          if (options.large) commitLarge();
          else sqlite.exec("COMMIT");
          restore();
        },
        rollback() {
          if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
          restore();
        },
        get active() {
          return sqlite.inTransaction;
        },
        savepoint(name) {
          sqlite.exec(`SAVEPOINT ${name}`);
        },
        releaseSavepoint(name) {
          sqlite.exec(`RELEASE ${name}`);
        },
        rollbackToSavepoint(name) {
          if (sqlite.inTransaction) sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        },
      };
    },
    async withSortsOnFiles(work) {
      const restore = sortOnFiles(sqlite);
      try {
        return await work();
      } finally {
        restore();
      }
    },
    streamRows(text, parameters) {
      const statement = sqlite.prepare(text);
      return {
        columns: statement.columns().map((c) => c.name),
        rows: statement.raw().iterate(...(parameters as unknown[])) as Iterable<unknown[]>,
      };
    },
    commitLarge,
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
