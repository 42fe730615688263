/**
 * A large all-orders file is read on a worker thread (reading, gunzip,
 * decoding, splitting and parsing its lines) while this thread only writes
 * what was read: on a machine with two cores the reading then costs the
 * import no time. The worker sends lines in packed batches and reads on only
 * while few batches wait, so memory stays bounded whatever the file's size.
 * Rows, rejections, progress and the one transaction per file stay here,
 * exactly as when the file is read on this thread.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { SellerAiError, type ErrorCode } from "../core/errors.js";
import type { Columns } from "./columns.js";
import type { HandlerResult, ImportContext } from "./context.js";
import type { InflationLimits } from "./source.js";
import { OrderLineStore } from "./importers/orders.js";
import { DailySums } from "./daily-sums.js";
import type { OrderLineTotalsData } from "./line-totals.js";
import { orderColumns, type OrderColumns, type PackedOrderLines } from "./order-lines.js";

/** What the worker is started with. */
export interface OrderLinesWorkerInput {
  path: string;
  /** The character set the importing thread chose for the file (forced on the worker's reading). */
  encoding: string;
  columns: OrderColumns;
  marketplace: string | undefined;
  known: readonly { marketplace: string; currency: string }[];
  /** How far gzip data may inflate (the default limits when left out). */
  inflation?: InflationLimits;
}

/** A rejected row: its index among the rows of its message, its line, the reason. */
export type RejectedRow = [index: number, line: number, reason: string];

export type FromOrderLinesWorker =
  | { type: "lines"; batches: PackedOrderLines[]; rows: number; rejected: RejectedRow[]; share: number }
  /** Every line has been sent; the file's sums follow. */
  | { type: "lines-done" }
  | {
      type: "end";
      totals: OrderLineTotalsData;
      runs: [string, number][];
      ordersMaybeSplit: boolean;
      nonAmazon: number;
      periodStart: string | undefined;
      periodEnd: string | undefined;
      used: [string, string][];
    }
  | { type: "error"; error: WorkerError };

/** The worker's acknowledgement of a message read: it sends more only while few wait. */
export type ToOrderLinesWorker = { type: "read" };

/** An error of the worker's, as it crosses to this thread. */
export interface WorkerError {
  message: string;
  name?: string;
  code?: string;
  sellerAi?: { code: ErrorCode; suggestions: string[]; details: Record<string, unknown> };
}

/** Messages the worker may have sent and this thread not yet read. */
export const MESSAGES_IN_FLIGHT = 4;
/** Lines (or, for a file of mostly rejected rows, rows) per message. */
export const LINES_PER_MESSAGE = 4000;

/** Hooks of the importer for what happens to each row. */
export interface OffThreadHooks {
  /** A row was read (before its rejection, if it is rejected). */
  row(): void;
  reject(line: number, reason: string): void;
}

/** The file to read on a worker, as the importing thread found it. */
export interface OffThreadFile {
  path: string;
  encoding: string;
  cols: Columns;
  inflation?: InflationLimits;
}

/**
 * The worker's script beside this module: tsc's `order-lines-worker.js` in
 * dist/ingest/, or the bundle's `order-lines-worker.mjs` in dist/. Undefined
 * when running from the TypeScript sources, which a worker cannot load.
 */
export function orderLinesWorkerScript(): URL | undefined {
  for (const name of ["./order-lines-worker.js", "./order-lines-worker.mjs"]) {
    const url = new URL(name, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

/**
 * Imports an all-orders file read on a worker thread started from `script`,
 * storing its lines in the caller's transaction.
 *
 * @example
 * const script = orderLinesWorkerScript();
 * if (script) result = await importOrdersOffThread(ctx, { path, encoding: "utf8", cols }, { row, reject }, script);
 */
export function importOrdersOffThread(
  ctx: ImportContext,
  file: OffThreadFile,
  hooks: OffThreadHooks,
  script: URL,
): Promise<HandlerResult> {
  const input: OrderLinesWorkerInput = {
    path: file.path,
    encoding: file.encoding,
    columns: orderColumns(file.cols),
    marketplace: ctx.marketplaces.explicitCode,
    known: ctx.marketplaces.knownMarketplaces,
    ...(file.inflation ? { inflation: file.inflation } : {}),
  };
  return new Promise<HandlerResult>((resolve, reject) => {
    let share = 0;
    const store = new OrderLineStore(ctx, () => share);
    const worker = new Worker(script, { workerData: input });
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject(error);
    };
    worker.on("message", (message: FromOrderLinesWorker) => {
      if (settled) return;
      try {
        if (message.type === "lines") {
          share = message.share;
          let counted = 0;
          for (const [index, line, reason] of message.rejected) {
            for (; counted <= index; counted++) hooks.row();
            hooks.reject(line, reason);
          }
          for (; counted < message.rows; counted++) hooks.row();
          for (const batch of message.batches) store.add(batch);
          worker.postMessage({ type: "read" } satisfies ToOrderLinesWorker);
        } else if (message.type === "lines-done") {
          // The index is rebuilt here while the worker sums up the file.
          store.linesDone();
        } else if (message.type === "end") {
          settled = true;
          void worker.terminate();
          ctx.marketplaces.adopt(message.used);
          store
            .finish({
              totals: new DailySums(message.totals),
              runs: new Map(message.runs),
              ordersMaybeSplit: message.ordersMaybeSplit,
              nonAmazon: message.nonAmazon,
              period: { start: message.periodStart, end: message.periodEnd },
            })
            .then(resolve, reject);
        } else {
          fail(reviveError(message.error));
        }
      } catch (error) {
        fail(error);
      }
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the file's reader stopped early (exit code ${code})`)));
  });
}

/** An error as the worker describes it (see describeError). */
function reviveError(error: WorkerError): Error {
  if (error.sellerAi)
    return new SellerAiError(error.sellerAi.code, error.message, {
      suggestions: error.sellerAi.suggestions,
      details: error.sellerAi.details,
    });
  const revived = new Error(error.message) as NodeJS.ErrnoException;
  if (error.name) revived.name = error.name;
  if (error.code) revived.code = error.code;
  return revived;
}
