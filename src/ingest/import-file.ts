/**
 * Imports one report file into the mirror, in one transaction: either every
 * good row of the file lands (and the run is recorded) or, on a fatal error,
 * the mirror is left exactly as it was. An ImportBatch imports several
 * reports (files, or documents a sync downloaded) in one transaction, each
 * in a savepoint of its own with the same all-or-nothing rule: a sync's many
 * small reports then share one commit instead of paying one each.
 */
import { basename } from "node:path";
import { SellerAiError, isSellerAiError } from "../core/errors.js";
import { emitDataRefreshCompleted } from "../events/index.js";
import type { BulkLoad, BulkWriter, Mirror } from "../store/backend.js";
import type { SyncRunKind } from "../store/schema.js";
import { Columns } from "./columns.js";
import { MarketplaceResolver, type HandlerResult, type ImportContext, type Period } from "./context.js";
import { JSON_FORMATS, delimitedFormatFor, knownFormats, type FormatInfo } from "./formats.js";
import { resolveImportAccount, recordMarketplaces, type ImportAccount } from "./account.js";
import { keepRollupsCurrent } from "../store/rollup-freshness.js";
import { rebuildRollups } from "../store/rollups.js";
import { forEachJsonObjectMember } from "./json-stream.js";
import { checkNotAhead, quoted } from "./limits.js";
import { PeekableText, csvRows, delimiterOf, forEachJsonArrayElement, tsvRows } from "./rows.js";
import { openTextSource, type InMemoryDocument, type InflationLimits } from "./source.js";
import { RowError } from "./values.js";
import { nextId } from "../store/row-ids.js";

export interface ImportFileOptions {
  /** The account to import into; without it, the default account (created when the mirror has none). */
  accountId?: string;
  /** The marketplace code for files that do not name theirs (and overriding those that do). */
  marketplace?: string;
  /** The file's character set, instead of detecting it. */
  encoding?: string;
  /** Reject the whole file when any row is malformed. */
  strict?: boolean;
  /** The day or days a report without a date column covers (Business Report, inventory snapshots). */
  period?: Period;
  /** The instant of the import (the core never reads the clock). */
  now: Date;
  /** Called with `file:line: reason` for every rejected row. */
  onReject?(message: string): void;
  /** Called every few thousand rows with the rows read so far. */
  onProgress?(rowsRead: number): void;
  /**
   * Reading a large file on a worker thread while this one stores it (formats that can): `script` for
   * the worker's code instead of the one beside the importer, `minBytes` the smallest file read so
   * (4 MB of text by default, a gzip file counted at eight times its size: below that, starting a
   * worker costs more than it saves); false never.
   */
  worker?: { script?: URL; minBytes?: number } | false;
  /** How far gzip data may inflate before the file is refused (default INFLATION_LIMITS). */
  inflation?: InflationLimits;
  /** Rebuild the running totals from the file's first day after it is stored (default true); false leaves it to the caller. */
  refreshRollups?: boolean;
  /** How the run is recorded in sync_runs (default: an import of the file's path). */
  run?: { kind: SyncRunKind; source: string };
  /** Record `data_refresh.completed` for the file (default true); a sync records one for all its reports instead. */
  refreshEvent?: boolean;
}

export type ImportStatus = "ok" | "partial" | "failed";

export interface ImportReport {
  file: string;
  format: FormatInfo | null;
  status: ImportStatus;
  account: string;
  accountCreated: boolean;
  marketplaces: string[];
  encoding: string | null;
  compressed: boolean;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  periodStart: string | null;
  periodEnd: string | null;
  notes: string[];
  runId: number | null;
}

const PROGRESS_EVERY = 25_000;
/** The smallest file (bytes as stored) read on a worker thread, by default. */
const WORKER_MIN_BYTES = 4 << 20;
/** Rows written from which a file's commit leaves the checkpoint to a helper thread (see wal-checkpoint.ts). */
const LARGE_COMMIT_ROWS = 100_000;
/** The savepoint each report of a batch is imported in. */
const SAVEPOINT = "import_report";

/** Formats that write daily sales or ad rows, which the running totals summarise. */
const ROLLED_UP = new Set([
  "GET_FLAT_FILE_ALL_ORDERS_DATA",
  "GET_SALES_AND_TRAFFIC_REPORT",
  "BUSINESS_REPORT_DETAIL_PAGE_SALES_AND_TRAFFIC",
  "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE",
  "SPONSORED_PRODUCTS_V3",
  "SPONSORED_PRODUCTS_CONSOLE_CSV",
]);

/**
 * Reads `path` (any supported format, plain or gzip) into the mirror.
 * Throws a SellerAiError for a fatal problem (unknown format, unreadable or
 * truncated file, --strict with rejected rows), after rolling back.
 *
 * @example
 * const report = await importFile(mirror, "orders.txt", { now: new Date() });
 * report.rowsWritten; // order lines stored
 */
export async function importFile(mirror: Mirror, path: string, options: ImportFileOptions): Promise<ImportReport> {
  const batch = new ImportBatch(mirror);
  let report: ImportReport;
  try {
    report = await batch.add(path, options);
  } finally {
    // A refused file's failed run is recorded in the transaction: it commits too.
    batch.commit();
  }
  if (
    options.refreshRollups !== false &&
    report.periodStart &&
    report.periodEnd &&
    report.format &&
    ROLLED_UP.has(report.format.reportType)
  ) {
    // rebuildRollups opens its own transaction, so it runs right after the file's. Rollups are only
    // read while they match the newest run, so should this fail, answers come from the daily rows.
    try {
      await rebuildRollups(
        mirror,
        report.account,
        { start: report.periodStart, end: report.periodEnd },
        options.now.toISOString(),
      );
    } catch (error) {
      report.notes.push(
        `running totals not refreshed (${(error as Error).message}); answers use the daily rows meanwhile.`,
      );
    }
  }
  return report;
}

/**
 * Several reports imported in one transaction, opened by the first and
 * ended by commit() (or rollback()). Each report is all or nothing on its
 * own (a savepoint): a refused one leaves the others and records its failed
 * run. Nothing is visible to other connections before the commit, and a
 * crash before it loses the whole batch, never part of a report.
 *
 * @example
 * const batch = new ImportBatch(mirror);
 * for (const doc of documents) await batch.add(doc, { accountId, now, refreshRollups: false }).catch(note);
 * batch.commit();
 */
export class ImportBatch {
  private load: BulkLoad | undefined;
  private rows = 0;
  /** One writer for the batch: its prepared statements serve every report (preparing them is most of a small one's cost). */
  private readonly writer: BulkWriter;

  constructor(private readonly mirror: Mirror) {
    this.writer = mirror.bulkWriter();
  }

  /** Rows the batch's reports wrote so far. */
  get rowsWritten(): number {
    return this.rows;
  }

  /** Opens the load's transaction (once), with index builds sorting on files until it ends. */
  private begin(): BulkLoad {
    this.load ??= this.mirror.beginBulkLoad();
    return this.load;
  }

  /** Commits what the batch imported; a large batch's write-ahead log is checkpointed on a helper thread. */
  commit(): void {
    const load = this.load;
    if (!load) return;
    this.load = undefined;
    const rows = this.rows;
    this.rows = 0;
    // A fatal error may have ended the transaction already (and undone it): then there is nothing to commit.
    if (!load.active) load.rollback();
    else load.commit({ large: rows >= LARGE_COMMIT_ROWS });
  }

  /** Forgets everything the batch imported. */
  rollback(): void {
    const load = this.load;
    if (!load) return;
    this.load = undefined;
    this.rows = 0;
    load.rollback();
  }

  /**
   * Imports one report (a file's path, or a document in memory) in the
   * batch. Throws a SellerAiError for a fatal problem, after undoing the
   * report's writes and recording its failed run in the batch.
   */
  async add(input: string | InMemoryDocument, options: ImportFileOptions): Promise<ImportReport> {
    const mirror = this.mirror;
    const path = typeof input === "string" ? input : input.name;
    const nowIso = options.now.toISOString();
    const report: ImportReport = {
      file: path,
      format: null,
      status: "failed",
      account: options.accountId ?? "",
      accountCreated: false,
      marketplaces: [],
      encoding: null,
      compressed: false,
      rowsRead: 0,
      rowsWritten: 0,
      rowsRejected: 0,
      periodStart: options.period?.start ?? null,
      periodEnd: options.period?.end ?? null,
      notes: [],
      runId: null,
    };
    let load: BulkLoad | undefined;
    let account: ImportAccount | undefined;
    try {
      const source = await openTextSource(input, options.encoding, options.inflation);
      report.encoding = source.encoding;
      report.compressed = source.compressed;
      const text = new PeekableText(source.chunks, basename(path));
      const start = (await text.peek()).trimStart();
      if (start === "") throw new SellerAiError("unknown_format", `${path}: the file is empty.`);

      load = this.begin();
      load.savepoint(SAVEPOINT);
      account = await resolveImportAccount(mirror.db, options.accountId, nowIso);
      report.account = account.id;
      report.accountCreated = account.created;
      const known = await mirror.db
        .selectFrom("account_marketplaces")
        .select(["marketplace", "currency"])
        .where("account_id", "=", account.id)
        .execute();
      const marketplace = options.marketplace?.toUpperCase() === "GB" ? "UK" : options.marketplace?.toUpperCase();
      const ctx: ImportContext = {
        db: mirror.db,
        statements: load.statements,
        writer: this.writer,
        accountId: account.id,
        nowIso,
        today: nowIso.slice(0, 10),
        period: options.period,
        marketplaces: new MarketplaceResolver(marketplace, known),
        progress: () => source.progress(),
        note: (t) => report.notes.push(t),
      };
      const name = basename(path);
      const inMemory = typeof input !== "string";
      const reject = (line: number | string, reason: string) => {
        report.rowsRejected++;
        options.onReject?.(`${name}:${line}: ${reason}`);
      };
      const countRow = () => {
        report.rowsRead++;
        if (options.onProgress && report.rowsRead % PROGRESS_EVERY === 0) options.onProgress(report.rowsRead);
      };
      const guard =
        <R>(fn: (row: R, line: number) => void) =>
        (row: R, line: number) => {
          countRow();
          try {
            fn(row, line);
          } catch (error) {
            if (error instanceof RowError) reject(line, error.message);
            else throw error;
          }
        };

      let result: HandlerResult;
      if (start.startsWith("{")) {
        // Read as it streams: a JSON object is never held whole, however large the file.
        const reader = JSON_FORMATS.salesTraffic.reader(ctx, reject, () => report.rowsRead++);
        await forEachJsonObjectMember(text, reader, { name, inMemory });
        if (!reader.isReport) throw unknownFormat(path, "a JSON object that is not a Sales and Traffic report");
        report.format = pick(JSON_FORMATS.salesTraffic);
        result = await reader.finish();
      } else if (start.startsWith("[")) {
        report.format = pick(JSON_FORMATS.ads);
        const handler = JSON_FORMATS.ads.handler(ctx);
        await forEachJsonArrayElement(
          text,
          guard((row: unknown, line) => handler.row(row as Record<string, unknown>, line)),
          { name, inMemory },
        );
        result = await handler.finish();
      } else {
        const firstLine = start.slice(0, start.search(/\r?\n|$/));
        const delimiter = delimiterOf(firstLine);
        const rows = delimiter === "\t" ? await tsvRows(text) : await csvRows(text, delimiter);
        const cols = new Columns(rows.header);
        const format = delimitedFormatFor(cols);
        if (!format)
          throw unknownFormat(
            path,
            `columns ${rows.header
              .slice(0, 6)
              .map((h) => quoted(h, 40))
              .join(
                ", ",
              )}${rows.header.length > 6 ? `, … (${rows.header.length.toLocaleString("en-US")} in all)` : ""}`,
          );
        report.format = pick(format);
        const worker = options.worker === false ? undefined : (options.worker ?? {});
        // A gzip file holds about eight times its size in text.
        const textBytes = source.compressed ? 8 * source.size : source.size;
        // The worker reads a file afresh: a document in memory is read here.
        const offThread =
          worker &&
          typeof input === "string" &&
          delimiter === "\t" &&
          textBytes >= (worker.minBytes ?? WORKER_MIN_BYTES)
            ? format.offThread
            : undefined;
        const script = offThread && (worker?.script ?? offThread.script());
        if (offThread && script) {
          // The worker reads the file afresh, in the character set chosen here.
          source.close();
          const file = { path, encoding: source.encoding, cols, inflation: options.inflation };
          result = await offThread.run(ctx, file, { row: countRow, reject }, script);
        } else {
          const handler = format.handler(ctx, cols);
          await rows.forEach(
            guard((cells: string[], line) => handler.row(cells, line)),
            handler.reads,
          );
          result = await handler.finish();
        }
      }

      if (options.strict && report.rowsRejected > 0) {
        throw new SellerAiError(
          "import_rejected",
          `${path}: ${report.rowsRejected} of ${report.rowsRead} rows rejected; in a strict import nothing from the file is imported.`,
        );
      }
      report.rowsWritten = result.written;
      report.periodStart = result.periodStart ?? report.periodStart;
      report.periodEnd = result.periodEnd ?? report.periodEnd;
      checkNotAhead(name, report.periodEnd, ctx.today);
      report.marketplaces = [...ctx.marketplaces.used.keys()].sort();
      await recordMarketplaces(mirror.db, account, ctx.marketplaces.used);
      report.status = report.rowsRejected > 0 ? "partial" : "ok";
      report.runId = await recordRun(mirror, report, nowIso, null, options.run);
      // The running totals sum daily sales and ad rows only: other reports leave them as true as they were.
      if (!ROLLED_UP.has(report.format?.reportType ?? ""))
        await keepRollupsCurrent(mirror.db, account.id, report.runId);
      await mirror.db.updateTable("accounts").set({ last_refresh_at: nowIso }).where("id", "=", account.id).execute();
      // In the file's transaction: the event commits with the rows it reports, or not at all.
      if (options.refreshEvent !== false)
        await emitDataRefreshCompleted(mirror.db, {
          runId: report.runId,
          accountId: account.id,
          source: "import",
          status: report.status,
          file: path,
          marketplaces: report.marketplaces,
          reportTypes: report.format ? [report.format.reportType] : [],
          rows: { read: report.rowsRead, written: report.rowsWritten, rejected: report.rowsRejected },
          firstDay: report.periodStart,
          lastDay: report.periodEnd,
          now: options.now,
        });
      load.releaseSavepoint(SAVEPOINT);
      load = undefined;
      this.rows += report.rowsWritten;
      return report;
    } catch (error) {
      if (load) {
        // A statement error may have ended the whole transaction (SQLite rolls back on some): then the batch is over.
        if (load.active) load.rollbackToSavepoint(SAVEPOINT);
        else this.rollback();
      }
      report.status = "failed";
      const failure = asImportError(path, error);
      if (account) {
        const stillThere = await mirror.db
          .selectFrom("accounts")
          .select("id")
          .where("id", "=", account.id)
          .executeTakeFirst();
        if (stillThere) {
          report.runId = await recordRun(mirror, { ...report, rowsWritten: 0 }, nowIso, failure.message, options.run);
          // Rolled back, the file changed nothing the running totals sum.
          await keepRollupsCurrent(mirror.db, account.id, report.runId);
        }
      }
      failure.details.report = report;
      throw failure;
    }
  }
}

function pick(format: FormatInfo): FormatInfo {
  return { reportType: format.reportType, label: format.label };
}

function unknownFormat(path: string, what: string): SellerAiError {
  const formats = knownFormats();
  return new SellerAiError("unknown_format", `${path}: not a report format seller-ai reads (found ${what}).`, {
    suggestions: ["formats read:", ...formats.map((f) => `${f.label} [${f.reportType}]`)],
  });
}

function asImportError(path: string, error: unknown): SellerAiError {
  if (isSellerAiError(error)) return error;
  // A value the whole file depends on (a report's dates) that cannot be read refuses the file.
  if (error instanceof RowError)
    return new SellerAiError("import_rejected", `${path}: ${error.message}; nothing from the file was imported.`);
  const message = (error as Error)?.message ?? String(error);
  if (
    (error as NodeJS.ErrnoException)?.code === "Z_BUF_ERROR" ||
    /unexpected end of file|incorrect header check|invalid (block|stored|distance)/i.test(message)
  ) {
    return new SellerAiError(
      "import_rejected",
      `${path}: the gzip data is damaged or truncated (${message}); nothing from the file was imported.`,
      { cause: error },
    );
  }
  return new SellerAiError("failure", `${path}: ${message}; nothing from the file was imported.`, { cause: error });
}

async function recordRun(
  mirror: Mirror,
  report: ImportReport,
  nowIso: string,
  error: string | null,
  run: ImportFileOptions["run"],
): Promise<number> {
  const details = {
    encoding: report.encoding,
    compressed: report.compressed,
    notes: report.notes,
    ...(error ? { error } : {}),
  };
  const row = await mirror.db
    .insertInto("sync_runs")
    .values({
      id: nextId(mirror.db, "sync_runs"),
      account_id: report.account,
      kind: run?.kind ?? "import",
      source: run?.source ?? report.file,
      report_type: report.format?.reportType ?? null,
      marketplace:
        report.marketplaces.length === 1
          ? report.marketplaces[0]
          : report.marketplaces.length
            ? report.marketplaces.join(",")
            : null,
      status: report.status,
      started_at: nowIso,
      finished_at: nowIso,
      rows_read: report.rowsRead,
      rows_written: report.rowsWritten,
      rows_rejected: report.rowsRejected,
      period_start: report.periodStart,
      period_end: report.periodEnd,
      details: JSON.stringify(details),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
