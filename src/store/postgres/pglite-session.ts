/**
 * A synchronous session on PGlite (PostgreSQL compiled to WebAssembly, in
 * this thread): the protocol's messages are built and read with `pg`'s own
 * pg-protocol and handed to PGlite's synchronous entry point, so the bulk
 * path and Kysely share one session, as they share one connection on SQLite.
 */
import { Buffer } from "node:buffer";
import type { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import type { BackendMessage, DatabaseError } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import { QUEUED_COPY_SAVEPOINT, type CopiesSettled, type PgResult, type SyncSession } from "./session.js";
import { packedCopyBytes, type CopyPart } from "./packed-copy.js";
import { parameterOf } from "./parameters.js";
import { parserFor } from "./values.js";

/** Statements kept prepared on the session, by their SQL; the oldest is closed beyond this. */
const KEPT_STATEMENTS = 200;

export class PgliteSession implements SyncSession {
  private readonly prepared = new Map<string, string>();
  private next = 0;
  private status = "I";
  private queued = 0;
  private queuedRows = 0;
  private refused: CopiesSettled["refused"];

  constructor(readonly pglite: PGlite) {}

  get inTransaction(): boolean {
    return this.status !== "I";
  }

  run(sql: string, params: readonly unknown[]): PgResult {
    if (params.length === 0 && sql.includes(";")) return this.exchange(serialize.query(sql));
    const kept = this.prepared.get(sql);
    const name = kept ?? `s${this.next++}`;
    const parts: Buffer[] = [];
    // A statement seen before is bound by name: parsed and planned once for every batch of a load.
    if (kept === undefined) parts.push(serialize.parse({ name, text: sql }));
    parts.push(
      serialize.bind({ statement: name, values: params.map(parameterOf) }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    );
    let parsed = false;
    try {
      return this.exchange(Buffer.concat(parts), () => {
        parsed = true;
      });
    } finally {
      // Kept once the server has it, even when binding or running it failed.
      if (kept === undefined && parsed) this.keep(sql, name);
    }
  }

  /** PGlite answers in this thread: the statement runs at once. */
  queue(sql: string): void {
    this.run(sql, []);
  }

  copyIn(table: string, columns: readonly string[], text: string | Uint8Array): number {
    const copy = `copy ${quoteName(table)} (${columns.map(quoteName).join(", ")}) from stdin`;
    const data =
      typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(text.buffer, text.byteOffset, text.length);
    const message = Buffer.concat([serialize.query(copy), serialize.copyData(data), serialize.copyDone()]);
    return this.exchange(message).rowCount;
  }

  /** PGlite answers in this thread: a queued load runs at once, its outcome kept for settleCopies. */
  queueCopyIn(table: string, columns: readonly string[], data: string | readonly CopyPart[]): void {
    const index = this.queued++;
    const text =
      typeof data === "string"
        ? data
        : Buffer.concat(
            data.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : packedCopyBytes(part))),
          );
    if (this.refused) return;
    const inTransaction = this.inTransaction;
    if (inTransaction) this.run(`savepoint ${QUEUED_COPY_SAVEPOINT}`, []);
    try {
      this.queuedRows += this.copyIn(table, columns, text);
      if (inTransaction) this.run(`release savepoint ${QUEUED_COPY_SAVEPOINT}`, []);
    } catch (error) {
      if (inTransaction)
        this.run(`rollback to savepoint ${QUEUED_COPY_SAVEPOINT}; release savepoint ${QUEUED_COPY_SAVEPOINT}`, []);
      this.refused = { index, error: error as Error };
    }
  }

  loadedCopies(): number {
    return this.refused ? this.refused.index : this.queued;
  }

  settleCopies(): CopiesSettled {
    const settled: CopiesSettled = { rows: this.queuedRows, ...(this.refused ? { refused: this.refused } : {}) };
    this.queued = 0;
    this.queuedRows = 0;
    this.refused = undefined;
    return settled;
  }

  async close(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }

  private keep(sql: string, name: string): void {
    if (this.prepared.size >= KEPT_STATEMENTS) {
      const [oldest, oldName] = this.prepared.entries().next().value!;
      this.prepared.delete(oldest);
      this.exchange(Buffer.concat([serialize.close({ type: "S", name: oldName }), serialize.sync()]));
    }
    this.prepared.set(sql, name);
  }

  /** Sends messages, reads every answer up to ReadyForQuery; throws the server's error, if any. */
  private exchange(message: Buffer, onParsed?: () => void): PgResult {
    const answer = this.pglite.execProtocolRawSync(message);
    let columns: string[] = [];
    let parsers: ((text: string) => unknown)[] = [];
    const rows: unknown[][] = [];
    let rowCount = 0;
    let error: DatabaseError | undefined;
    new Parser().parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength), (msg: BackendMessage) => {
      switch (msg.name) {
        case "parseComplete":
          onParsed?.();
          break;
        case "rowDescription": {
          const fields = (msg as unknown as { fields: { name: string; dataTypeID: number }[] }).fields;
          columns = fields.map((f) => f.name);
          parsers = fields.map((f) => parserFor(f.dataTypeID));
          break;
        }
        case "dataRow": {
          const values = (msg as unknown as { fields: (string | null)[] }).fields;
          const row = new Array<unknown>(values.length);
          for (let i = 0; i < values.length; i++) {
            const v = values[i];
            row[i] = v === null ? null : parsers[i](v);
          }
          rows.push(row);
          break;
        }
        case "commandComplete": {
          const text = (msg as unknown as { text: string }).text;
          const count = Number(text.slice(text.lastIndexOf(" ") + 1));
          if (Number.isFinite(count)) rowCount = count;
          break;
        }
        case "readyForQuery":
          this.status = (msg as unknown as { status: string }).status;
          break;
        case "error":
          error ??= msg as DatabaseError;
          break;
      }
    });
    if (error) throw error;
    return { columns, rows, rowCount };
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
