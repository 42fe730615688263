/**
 * Opens a mirror on a PostgreSQL server (`postgres://user@host:port/db`):
 * a pool for reads outside transactions, one session for transactions and
 * the bulk path (server-session.ts), and the schema brought up to date.
 */
import pg from "pg";
import { SellerAiError } from "../../core/errors.js";
import type { MirrorDb } from "../backend.js";
import { kyselyOnSession, postgresMirror, redactedLocation, type PostgresMirror } from "./open.js";
import { ServerSession } from "./server-session.js";
import { PG_TYPES } from "./values.js";

export interface ServerOpenOptions {
  readonly?: boolean;
  /** Where the location was given (`--db`, `SELLER_AI_DB`), named in errors about it. */
  origin?: string;
  /** Brings the schema up to date (the caller owns the migrations). */
  migrate: (db: MirrorDb) => Promise<void>;
  /** Connections of the read pool (default 10). */
  poolSize?: number;
}

/** Opens the mirror on the server at `url`, creating its schema when the database has none. */
export async function openServerMirror(url: string, options: ServerOpenOptions): Promise<PostgresMirror> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: PG_TYPES,
    application_name: "seller-ai",
  });
  // An idle connection the server drops must not end the process.
  pool.on("error", () => undefined);
  const where = redactedLocation(url);
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new SellerAiError(
      "failure",
      `cannot reach the PostgreSQL mirror ${where}: ${(error as Error).message}. Check the URL${options.origin ? ` given by ${options.origin}` : ""} and that the server is running.`,
      { cause: error },
    );
  }
  const session = new ServerSession(url);
  const mirror = postgresMirror(where, session, kyselyOnSession(session, pool), false);
  try {
    if (await holdsForeignTables(pool))
      throw new SellerAiError(
        "failure",
        `${where} holds another program's tables, not a seller-ai mirror; it was left as it was. ${options.origin ? `Give ${options.origin} another database.` : "Choose another database."}`,
      );
    if (!options.readonly) await options.migrate(mirror.db);
  } catch (error) {
    await mirror.close();
    throw error instanceof SellerAiError
      ? error
      : new SellerAiError("failure", `cannot open the PostgreSQL mirror ${where}: ${(error as Error).message}`, {
          cause: error,
        });
  }
  return mirror;
}

/** Whether the database's schema holds tables but no record of a mirror's migrations. */
async function holdsForeignTables(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ name: string }>({
    text: "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
  });
  const names = rows.map((r) => r.name);
  return names.length > 0 && !names.includes("kysely_migration");
}
