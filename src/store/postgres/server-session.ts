/**
 * A session on a PostgreSQL server that can answer synchronously: the
 * connection lives on a helper thread (its socket needs an event loop), and
 * the calling thread waits on a shared flag for the answer, as the bulk
 * path needs (see session.ts). Transactions from Kysely use the same
 * connection without holding the thread (`runAsync`). Values come back as
 * their text and are read here (values.ts), one reading for both engines.
 */
import { createRequire } from "node:module";
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from "node:worker_threads";
import { packedCopyBytes, type CopyPart } from "./packed-copy.js";
import type { CopiesSettled, PgResult } from "./session.js";
import type { AsyncCapableSession } from "./session-driver.js";
import { parameterOf } from "./parameters.js";
import { parserFor } from "./values.js";

/**
 * Queued loads under way at most (see queueCopyIn): enough that this thread
 * goes on making rows while the server builds an index queued before them
 * (a load holds about a megabyte of text).
 */
const LOADS_UNDER_WAY = 16;

/** What the helper sends back: the text of each value, with its column's type id; or the error's fields. */
interface Reply {
  id: number;
  ok: boolean;
  columns?: string[];
  types?: number[];
  rows?: (string | null)[][];
  rowCount?: number;
  txStatus?: string;
  error?: Record<string, unknown>;
  /** A queued load not run, one before it having been refused. */
  skipped?: boolean;
  /** The reply to a statement queued without waiting (see queue()). */
  queued?: boolean;
}

interface Request {
  id: number;
  kind: "query" | "statement" | "copy" | "queued" | "settle" | "end";
  sql?: string;
  params?: unknown[];
  text?: string;
  /** A queued load's rows in parts (see queueCopyIn), made into COPY text by the helper. */
  parts?: readonly CopyPart[];
}

/**
 * The helper's code, CommonJS run from a string: it needs no file of its own
 * beside the sources or the bundle. It reads `pg` and `pg-copy-streams` from
 * the paths the caller resolved.
 */
const WORKER = String.raw`
const { workerData } = require("node:worker_threads");
const pg = require(workerData.pgPath);
const { from: copyFrom } = require(workerData.copyPath);
const flag = new Int32Array(workerData.signal);
const raw = { getTypeParser: () => (value) => value };
const client = new pg.Client({ connectionString: workerData.url, types: raw, application_name: "seller-ai" });
// A connection the server ends (a restart, a dropped database) fails the next statement, not the thread.
client.on("error", () => undefined);
const ready = client.connect();
const errorFields = (e) => ({ message: e && e.message || String(e), code: e && e.code, constraint: e && e.constraint, detail: e && e.detail, table: e && e.table, severity: e && e.severity });
const packedCopyBytes = ${packedCopyBytes.toString()};
// A queued load's parts as one buffer: packed rows are made into COPY text here, off the importing thread.
const copyData = (parts) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : packedCopyBytes(part))));
const args = (params) => (params || []).map((v) => (v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v));
async function serve(request) {
  try {
    await ready;
    if (request.kind === "end") { await client.end(); return { id: request.id, ok: true }; }
    if (request.kind === "copy") {
      const stream = client.query(copyFrom(request.sql));
      await new Promise((resolve, reject) => { stream.on("finish", resolve); stream.on("error", reject); stream.end(request.text); });
      return { id: request.id, ok: true, rowCount: Number(stream.rowCount), txStatus: client.getTransactionStatus ? client.getTransactionStatus() : client._txStatus };
    }
    const results = await client.query({ text: request.sql, values: args(request.params), rowMode: "array" });
    const last = Array.isArray(results) ? results[results.length - 1] : results;
    return {
      id: request.id, ok: true,
      columns: (last.fields || []).map((f) => f.name),
      types: (last.fields || []).map((f) => f.dataTypeID),
      rows: last.rows || [], rowCount: last.rowCount || 0,
      txStatus: client.getTransactionStatus ? client.getTransactionStatus() : client._txStatus,
    };
  } catch (e) {
    return { id: request.id, ok: false, error: errorFields(e), txStatus: client.getTransactionStatus ? client.getTransactionStatus() : client._txStatus };
  }
}
// Queued loads: each in a savepoint inside a transaction; after a refused one, the rest are skipped until "settle".
let refusing = false;
async function queued(request) {
  if (refusing) return { id: request.id, ok: false, skipped: true };
  await ready;
  const inTransaction = (client.getTransactionStatus ? client.getTransactionStatus() : client._txStatus) !== "I";
  try {
    if (inTransaction) await client.query("savepoint queued_copy");
    const stream = client.query(copyFrom(request.sql));
    await new Promise((resolve, reject) => { stream.on("finish", resolve); stream.on("error", reject); stream.end(request.text); });
    if (inTransaction) await client.query("release savepoint queued_copy");
    return { id: request.id, ok: true, rowCount: Number(stream.rowCount) };
  } catch (e) {
    refusing = true;
    if (inTransaction) await client.query("rollback to savepoint queued_copy; release savepoint queued_copy").catch(() => undefined);
    return { id: request.id, ok: false, error: errorFields(e) };
  }
}
let chain = Promise.resolve();
function listen(port, sync) {
  port.on("message", (request) => {
    // Made as the request comes, while the server loads the one before.
    if (request.parts) request.text = copyData(request.parts);
    chain = chain.then(async () => {
      if (request.kind === "queued") {
        workerData.queuePort.postMessage(await queued(request));
        Atomics.add(flag, 1, 1); Atomics.notify(flag, 1);
        return;
      }
      if (request.kind === "settle") refusing = false;
      const reply = request.kind === "settle" ? { id: request.id, ok: true } : await serve(request);
      // A queued statement's reply waits on the port, unannounced, for the next synchronous request's.
      if (request.kind === "statement") { reply.queued = true; port.postMessage(reply); return; }
      port.postMessage(reply);
      if (sync) { Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }
    });
  });
}
listen(workerData.syncPort, true);
listen(workerData.asyncPort, false);
`;

/** The error the server gave, with its SQLSTATE code and constraint, as `pg` raises it. */
function serverError(fields: Record<string, unknown> = {}): Error {
  const error = new Error(String(fields.message ?? "PostgreSQL refused the statement"));
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && key !== "message") (error as any)[key] = value;
  return error;
}

function resultOf(reply: Reply): PgResult {
  if (!reply.ok) throw serverError(reply.error);
  const parsers = (reply.types ?? []).map(parserFor);
  const rows = (reply.rows ?? []).map((row) => row.map((v, i) => (v === null ? null : parsers[i](v))));
  return { columns: reply.columns ?? [], rows, rowCount: reply.rowCount ?? 0 };
}

export class ServerSession implements AsyncCapableSession {
  private readonly worker: Worker;
  private readonly syncPort: MessagePort;
  private readonly asyncPort: MessagePort;
  private readonly queuePort: MessagePort;
  /** [0]: a reply on the synchronous port is there; [1]: queued loads ended, counted by the helper. */
  private readonly flag = new Int32Array(new SharedArrayBuffer(8));
  /** Queued loads' replies read, ever (the helper's count at flag[1] runs ahead while some are unread). */
  private repliesRead = 0;
  private queued = 0;
  private settled = 0;
  private queuedRows = 0;
  private refused: CopiesSettled["refused"];
  /** The first queued statement that failed, thrown by the next call that waits for the server. */
  private failed: Error | undefined;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private next = 0;
  private status = "I";
  private closed = false;

  constructor(url: string) {
    const require = createRequire(import.meta.url);
    const sync = new MessageChannel();
    const async = new MessageChannel();
    const queue = new MessageChannel();
    this.syncPort = sync.port1;
    this.asyncPort = async.port1;
    this.queuePort = queue.port1;
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        url,
        pgPath: require.resolve("pg"),
        copyPath: require.resolve("pg-copy-streams"),
        signal: this.flag.buffer,
        syncPort: sync.port2,
        asyncPort: async.port2,
        queuePort: queue.port2,
      },
      transferList: [sync.port2, async.port2, queue.port2],
    });
    this.asyncPort.on("message", (reply: Reply) => {
      // Queued statements ended before this reply: their failure, if any, is this request's.
      this.readStatementReplies();
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      // An answer awaited keeps the process alive; with none awaited the port lets it end.
      if (this.waiting.size === 0) this.asyncPort.unref();
      resolve?.(reply);
    });
    // The helper never keeps the process alive by itself: the mirror's close ends it.
    this.worker.unref();
    this.asyncPort.unref();
  }

  get inTransaction(): boolean {
    return this.status !== "I";
  }

  run(sql: string, params: readonly unknown[]): PgResult {
    return resultOf(this.ask({ id: this.next++, kind: "query", sql, params: params.map(parameterOf) }));
  }

  async runAsync(sql: string, params: readonly unknown[]): Promise<PgResult> {
    return resultOf(await this.askAsync({ id: this.next++, kind: "query", sql, params: params.map(parameterOf) }));
  }

  queue(sql: string): void {
    this.syncPort.postMessage({ id: this.next++, kind: "statement", sql, params: [] } satisfies Request);
  }

  copyIn(table: string, columns: readonly string[], text: string): number {
    const sql = `copy ${quoteName(table)} (${columns.map(quoteName).join(", ")}) from stdin`;
    return resultOf(this.ask({ id: this.next++, kind: "copy", sql, text })).rowCount;
  }

  queueCopyIn(table: string, columns: readonly string[], data: string | readonly CopyPart[]): void {
    const sql = `copy ${quoteName(table)} (${columns.map(quoteName).join(", ")}) from stdin`;
    this.queued++;
    const rows = typeof data === "string" ? { text: data } : { parts: data };
    this.syncPort.postMessage({ id: this.next++, kind: "queued", sql, ...rows } satisfies Request);
    // A few loads under way keep the server busy while the next is made; more would only hold memory.
    while (this.queued - this.readQueueReplies() > LOADS_UNDER_WAY) this.waitForLoads();
  }

  loadedCopies(): number {
    this.readQueueReplies();
    return this.refused ? this.refused.index : this.settled;
  }

  /** Reads the queued loads' replies that are there; returns how many have ended since the count started. */
  private readQueueReplies(): number {
    for (;;) {
      const message = receiveMessageOnPort(this.queuePort);
      if (!message) return this.settled;
      const reply = message.message as Reply;
      this.repliesRead++;
      const index = this.settled++;
      if (reply.ok) this.queuedRows += reply.rowCount ?? 0;
      else if (!reply.skipped) this.refused ??= { index, error: serverError(reply.error) };
    }
  }

  settleCopies(): CopiesSettled {
    // Nothing queued since the last settling: nothing to wait for (statements queued before may run on).
    if (this.queued === 0) return { rows: 0 };
    while (this.readQueueReplies() < this.queued) this.waitForLoads();
    const settled: CopiesSettled = { rows: this.queuedRows, ...(this.refused ? { refused: this.refused } : {}) };
    this.queued = this.settled = this.queuedRows = 0;
    this.refused = undefined;
    // The helper runs queued loads again from here on. A queued statement's failure is thrown here: the
    // loads after it were refused only because it had ended the transaction.
    this.ask({ id: this.next++, kind: "settle" });
    return settled;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.askAsync({ id: this.next++, kind: "end" }).catch(() => undefined);
    this.asyncPort.close();
    this.syncPort.close();
    this.queuePort.close();
    await this.worker.terminate();
  }

  /**
   * Sends a request and holds this thread until the helper answers it; the
   * replies of statements queued before it come first (see queue()).
   */
  private ask(request: Request): Reply {
    Atomics.store(this.flag, 0, 0);
    this.syncPort.postMessage(request);
    for (;;) {
      Atomics.wait(this.flag, 0, 0);
      for (;;) {
        const message = receiveMessageOnPort(this.syncPort);
        if (!message) break;
        const reply = this.noted(message.message as Reply);
        if (reply.queued) this.statementEnded(reply);
        else return this.throwFailed(reply);
      }
      Atomics.store(this.flag, 0, 0);
    }
  }

  /** Reads the replies of queued statements already there (outside ask(), only those wait on the port). */
  private readStatementReplies(): void {
    for (;;) {
      const message = receiveMessageOnPort(this.syncPort);
      if (!message) return;
      this.statementEnded(this.noted(message.message as Reply));
    }
  }

  private statementEnded(reply: Reply): void {
    if (!reply.ok) this.failed ??= serverError(reply.error);
  }

  /** The reply, unless a queued statement failed before it: then that statement's error. */
  private throwFailed(reply: Reply): Reply {
    const failed = this.failed;
    if (!failed) return reply;
    this.failed = undefined;
    throw failed;
  }

  /** Holds this thread until the helper ends another queued load (or has ended one since the count was read). */
  private waitForLoads(): void {
    const ended = Atomics.load(this.flag, 1);
    if (ended === this.repliesRead) Atomics.wait(this.flag, 1, ended);
  }

  private askAsync(request: Request): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, (reply) => {
        try {
          resolve(this.throwFailed(this.noted(reply)));
        } catch (error) {
          reject(error);
        }
      });
      this.asyncPort.ref();
      this.asyncPort.postMessage(request);
    });
  }

  private noted(reply: Reply): Reply {
    if (reply.txStatus) this.status = reply.txStatus;
    return reply;
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
