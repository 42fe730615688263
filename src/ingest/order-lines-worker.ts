/**
 * The worker thread that reads a large all-orders file for the importing
 * thread (see order-lines-off-thread.ts): it opens the file, decodes and
 * splits it, reads its lines and sends them in packed batches, waiting
 * while MESSAGES_IN_FLIGHT messages are unread.
 */
import { basename } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { SellerAiError } from "../core/errors.js";
import { MarketplaceResolver } from "./context.js";
import {
  LINES_PER_INSERT,
  OrderLinePacker,
  OrderLineReader,
  emptyOrderLine,
  type PackedOrderLines,
} from "./order-lines.js";
import type {
  FromOrderLinesWorker,
  OrderLinesWorkerInput,
  RejectedRow,
  ToOrderLinesWorker,
  WorkerError,
} from "./order-lines-off-thread.js";
import { transferablesOf } from "./packed-rows.js";
import { PeekableText, tsvRows } from "./rows.js";
import { openTextSource } from "./source.js";
import { RowError } from "./values.js";

// Kept in step with order-lines-off-thread.ts (imported from there only as types, to keep the database code out of the worker).
const MESSAGES_IN_FLIGHT = 4;
const LINES_PER_MESSAGE = 4000;

const port = parentPort!;
let unread = 0;
let wake: (() => void) | undefined;
port.on("message", (message: ToOrderLinesWorker) => {
  if (message.type !== "read") return;
  unread--;
  const w = wake;
  wake = undefined;
  w?.();
});

/** The file's text, read on only while the importing thread keeps up. */
async function* paced(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    while (unread >= MESSAGES_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
    yield chunk;
  }
}

function send(message: FromOrderLinesWorker, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

async function read(input: OrderLinesWorkerInput): Promise<void> {
  const source = await openTextSource(input.path, input.encoding, input.inflation);
  const rows = await tsvRows(new PeekableText(paced(source.chunks), basename(input.path)));
  const reader = new OrderLineReader(input.columns, new MarketplaceResolver(input.marketplace, input.known));
  const resolver = reader.resolver;
  const line = emptyOrderLine();
  const packer = new OrderLinePacker();
  let batches: PackedOrderLines[] = [];
  let lines = 0;
  let rowCount = 0;
  let rejected: RejectedRow[] = [];
  const flush = () => {
    if (packer.size > 0) batches.push(packer.take());
    if (rowCount === 0) return;
    unread++;
    send({ type: "lines", batches, rows: rowCount, rejected, share: source.progress() }, transferablesOf(batches));
    batches = [];
    lines = 0;
    rowCount = 0;
    rejected = [];
  };
  await rows.forEach((cells, lineNumber) => {
    try {
      if (reader.read(cells, line)) {
        if (!packer.fits(line)) batches.push(packer.take());
        packer.add(line);
        lines++;
        if (packer.size === LINES_PER_INSERT) batches.push(packer.take());
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rejected.push([rowCount, lineNumber, error.message]);
    }
    rowCount++;
    if (lines >= LINES_PER_MESSAGE || rowCount >= LINES_PER_MESSAGE * 4) flush();
  }, reader.reads);
  flush();
  send({ type: "lines-done" });
  const totals = reader.totals.toData();
  send(
    {
      type: "end",
      totals,
      runs: [...reader.runs],
      ordersMaybeSplit: reader.ordersMaybeSplit,
      nonAmazon: reader.nonAmazon,
      periodStart: reader.period.start,
      periodEnd: reader.period.end,
      used: [...resolver.used],
    },
    transferablesOf(totals.batches),
  );
}

/** An error in a form that crosses threads (revived by the importing thread). */
function describeError(error: unknown): WorkerError {
  if (error instanceof SellerAiError)
    return {
      message: error.message,
      sellerAi: { code: error.code, suggestions: error.suggestions, details: error.details },
    };
  const e = error as NodeJS.ErrnoException | undefined;
  return {
    message: e?.message ?? String(error),
    name: e?.name,
    code: typeof e?.code === "string" ? e.code : undefined,
  };
}

read(workerData as OrderLinesWorkerInput).catch((error: unknown) =>
  send({ type: "error", error: describeError(error) }),
);
