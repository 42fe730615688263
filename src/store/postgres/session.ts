/**
 * One PostgreSQL session answering synchronously: the store's bulk path
 * (imports, the demo, rollup rebuilds) runs a statement per batch of rows
 * and reads its result before the next row is parsed, as it does on SQLite.
 * PGlite answers in the calling thread (pglite-session.ts); a server through
 * a connection held by a helper thread (server-session.ts).
 */
import { Buffer } from "node:buffer";
import type { CopyPart } from "./packed-copy.js";

/** A statement's result: column names, rows as arrays of values (read as values.ts reads them), rows touched. */
export interface PgResult {
  columns: string[];
  rows: unknown[][];
  /** Rows the statement inserted, updated, deleted or returned. */
  rowCount: number;
}

export interface SyncSession {
  /** Runs one statement with `$1`… parameters (or several, separated by `;`, without any). */
  run(sql: string, params: readonly unknown[]): PgResult;
  /**
   * Starts a statement without waiting for its end (an index or key built
   * while this thread gets on with other work): the session's later
   * statements and loads run after it. Should it fail, the next call that
   * waits for the server throws its error; inside a transaction the failure
   * ends the transaction's usefulness, as with run().
   */
  queue(sql: string): void;
  /**
   * Loads rows into a table with COPY … FROM STDIN, the fastest way in; `text`
   * is COPY's text format (tab-separated, `\N` for null). Returns the rows loaded.
   */
  copyIn(table: string, columns: readonly string[], text: string): number;
  /**
   * Starts a load like copyIn without waiting for its end: the session's
   * later statements run after it. Inside a transaction each queued load is
   * all or nothing on its own (a savepoint), and once one is refused the
   * later ones are skipped, until settleCopies. Waits while too many loads
   * are under way. The rows come as COPY text, or as parts of it, some of
   * them packed rows made into text where the load is sent.
   */
  queueCopyIn(table: string, columns: readonly string[], data: string | readonly CopyPart[]): void;
  /** How many loads queued since the last settleCopies are stored, up to the first refused one, without waiting. */
  loadedCopies(): number;
  /**
   * Waits for every queued load and starts the count over: the rows they
   * loaded, and the refused one's place in the queue (0 for the first) and
   * error, when one was refused.
   */
  settleCopies(): CopiesSettled;
  /** Whether the session is inside a transaction (including a failed one). */
  readonly inTransaction: boolean;
  close(): Promise<void>;
}

/** What the loads queued on a session came to (see SyncSession.settleCopies). */
export interface CopiesSettled {
  rows: number;
  refused?: { index: number; error: Error };
}

/** The savepoint around each queued load inside a transaction. */
export const QUEUED_COPY_SAVEPOINT = "queued_copy";

/**
 * A value in COPY's text format: backslash, tab, newline and carriage return
 * escaped, null as `\N`.
 */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "number")
    return Number.isFinite(value) ? String(value) : Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  if (typeof value === "boolean") return value ? "1" : "0";
  // Bytes as bytea's hex form, its backslash escaped for COPY.
  if (value instanceof Uint8Array) return `\\\\x${Buffer.from(value).toString("hex")}`;
  const text = typeof value === "string" ? value : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : text;
}

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
