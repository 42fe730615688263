/**
 * Opens a mirror on a PostgreSQL server (`postgres://user@host:port/db`):
 * a pool for reads outside transactions, a small one for the statements
 * that count requests (counting-pool.ts), one session for transactions and
 * the bulk path (server-session.ts), and the schema brought up to date.
 */
import pg from "pg";
import { SellerAiError } from "../../core/errors.js";
import type { MirrorDb } from "../backend.js";
import { COUNTING_POOL_SIZE, COUNTING_SETTINGS, attachCountingPool } from "./counting-pool.js";
import { attachReadPool } from "./read-pool.js";
import { kyselyOnSession, postgresMirror, redactedLocation, type PostgresMirror } from "./open.js";
import { ServerSession } from "./server-session.js";
import { PG_TYPES } from "./values.js";

export interface ServerOpenOptions {
  readonly?: boolean;
  /** Where the location was given (`--db`, `SELLER_AI_DB`), named in errors about it. */
  origin?: string;
  /** Brings the schema up to date (the caller owns the migrations). */
  migrate: (db: MirrorDb) => Promise<void>;
  /**
   * Create the mirror's schema in a database that holds none (default true);
   * else an empty database is a not_found error, as a missing SQLite file is.
   */
  createFile?: boolean;
  /** Connections of the read pool (default 10). */
  poolSize?: number;
}

/**
 * Settings of every connection the store opens. JIT compilation is off: an
 * answer's statements run in milliseconds, and the server compiles a
 * statement whose estimated cost passes jit_above_cost (any read of a large
 * mirror's daily tables) for longer than it then runs. work_mem lets the
 * hashes and sorts of a catalog's thousands of products stay in memory.
 * A setting the URL gives itself (`?options=-c …`) comes after, and wins.
 */
const SESSION_SETTINGS = "-c jit=off -c work_mem=32MB";

/** The URL with the session settings (and `extra` after them) put before any `options` it names. */
function withSessionSettings(url: string, extra = ""): string {
  try {
    const parsed = new URL(url);
    const own = parsed.searchParams.get("options");
    const settings = extra ? `${SESSION_SETTINGS} ${extra}` : SESSION_SETTINGS;
    parsed.searchParams.set("options", own ? `${settings} ${own}` : settings);
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Opens the mirror on the server at `url`, creating its schema when the database has none. */
export async function openServerMirror(url: string, options: ServerOpenOptions): Promise<PostgresMirror> {
  const pool = new pg.Pool({
    connectionString: withSessionSettings(url),
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
  const counting = new pg.Pool({
    connectionString: withSessionSettings(url, COUNTING_SETTINGS),
    max: COUNTING_POOL_SIZE,
    types: PG_TYPES,
    application_name: "seller-ai",
  });
  counting.on("error", () => undefined);
  const session = new ServerSession(withSessionSettings(url));
  const db = kyselyOnSession(session, pool);
  attachCountingPool(db, counting);
  attachReadPool(db, pool);
  const mirror = postgresMirror(where, session, db, false, [pool, counting]);
  try {
    const tables = await tablesOf(pool);
    if (tables.length === 0 && options.createFile === false)
      throw new SellerAiError(
        "not_found",
        `there is no mirror in ${where}; create one there with \`seller-ai import FILE\` or \`seller-ai demo\`${options.origin ? `, or give ${options.origin} another database` : ""}.`,
      );
    if (tables.length > 0 && !tables.includes("kysely_migration"))
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

/** The tables of the database's current schema (a mirror's include its record of migrations, kysely_migration). */
async function tablesOf(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>({
    text: "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
  });
  return rows.map((r) => r.name);
}
