/**
 * Kysely's driver for a mirror on PostgreSQL. Transactions run on the
 * mirror's one session (the one the bulk path writes through), one at a
 * time, as they do on SQLite's one connection: a transaction then sees the
 * rows a bulk load has written, and the bulk path's statements inside a
 * Kysely transaction belong to it. While the session holds an open
 * transaction, every query of this process goes through it too. Other
 * reads go to a pool when there is one (a server), in parallel.
 */
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from "kysely";
import type pg from "pg";
import { rowShape } from "../row-shape.js";
import type { PgResult, SyncSession } from "./session.js";
import { parameterOf } from "./parameters.js";

/** A session that can also answer without holding the thread (a server's, through its helper thread). */
export interface AsyncCapableSession extends SyncSession {
  runAsync?(sql: string, params: readonly unknown[]): Promise<PgResult>;
}

/** Commands whose row count is the rows they changed. */
const CHANGING = /^\s*(insert|update|delete|merge)\b/i;

function queryResult<R>(sql: string, result: PgResult): QueryResult<R> {
  const shape = result.columns.length > 0 ? rowShape(result.columns) : undefined;
  const rows = shape ? result.rows.map((r) => shape(r) as R) : [];
  return CHANGING.test(sql) ? { rows, numAffectedRows: BigInt(result.rowCount) } : { rows };
}

/** A first-come lock: the session serves one transaction at a time. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

export class SessionDriver implements Driver {
  private readonly mutex = new Mutex();

  constructor(
    readonly session: AsyncCapableSession,
    private readonly pool?: pg.Pool,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new SessionConnection(this.session, this.pool);
    // Without a pool (or with the session's transaction open) queries take turns on the session.
    if (!this.pool || this.session.inTransaction) connection.release = await this.mutex.lock();
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as SessionConnection;
    c.release ??= await this.mutex.lock();
    // The bulk path's own transaction (an import under way) is not this one's to join or end.
    if (this.session.inTransaction) {
      throw new Error("cannot start a transaction within a transaction (a bulk load is open on the mirror)");
    }
    c.inTransaction = true;
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    const mode = settings.accessMode ? ` ${settings.accessMode}` : "";
    await c.run(`begin${level}${mode}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as SessionConnection, "commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as SessionConnection, "rollback");
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as SessionConnection).run(`savepoint ${name}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as SessionConnection).run(`rollback to savepoint ${name}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as SessionConnection).run(`release savepoint ${name}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as SessionConnection;
    c.release?.();
    c.release = undefined;
  }

  /** The session and the pool belong to the mirror, which closes them (Kysely never starts a driver it never used). */
  async destroy(): Promise<void> {}

  private async end(c: SessionConnection, command: "commit" | "rollback"): Promise<void> {
    try {
      await c.run(command);
    } finally {
      c.inTransaction = false;
    }
  }
}

class SessionConnection implements DatabaseConnection {
  inTransaction = false;
  release: (() => void) | undefined;

  constructor(
    private readonly session: AsyncCapableSession,
    private readonly pool: pg.Pool | undefined,
  ) {}

  run(sql: string, params: readonly unknown[] = []): Promise<PgResult> {
    return this.session.runAsync ? this.session.runAsync(sql, params) : Promise.resolve(this.session.run(sql, params));
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiled;
    if (this.pool && !this.release && !this.session.inTransaction) {
      const result = await this.pool.query({ text: sql, values: parameters.map(parameterOf), rowMode: "array" });
      return queryResult(sql, {
        columns: result.fields.map((f) => f.name),
        rows: result.rows as unknown[][],
        rowCount: result.rowCount ?? 0,
      });
    }
    return queryResult(sql, await this.run(sql, parameters));
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiled);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}
