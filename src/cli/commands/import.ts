import type { Command } from "commander";
import { terminalJson, terminalText } from "../../render/terminal-text.js";
import { parseIsoDate } from "../../core/dates.js";
import { isSellerAiError, usageError, type SellerAiError } from "../../core/errors.js";
import type { ImportReport } from "../../ingest/import-file.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { cliSuggestions } from "../flag-hints.js";
import { addOutputOptions } from "../output-options.js";
import { announceAlerts } from "./alerts.js";

export interface ImportOptions {
  files: string[];
  account?: string;
  marketplace?: string;
  encoding?: string;
  strict: boolean;
  period?: { start: string; end: string };
  json: boolean;
}

interface RawImportOptions {
  account?: string;
  marketplace?: string;
  encoding?: string;
  strict?: boolean;
  date?: string;
  period?: string;
  json?: boolean;
}

/** Rejected rows printed per file; the rest are counted. */
const SHOWN_REJECTIONS = 50;

export function registerImportCommand(program: Command, run: ActionRunner): void {
  const command = program
    .command("import")
    .description("load Amazon report files (Seller Central, SP-API, Ads) into the mirror")
    .argument("<files...>", "report files: TSV, CSV or JSON, plain or gzip")
    .option("--account <id>", "the account to import into (default: the default account, created when missing)")
    .option("--marketplace <code>", "marketplace of files that do not name theirs, e.g. US, UK, DE, JP")
    .option("--encoding <name>", "the files' character set (default: detected): utf-8, windows-1252, shift_jis")
    .option("--date <YYYY-MM-DD>", "the day a report without dates covers (Business Report, inventory snapshot)")
    .option("--period <FROM..TO>", "the days a report without dates covers, e.g. 2026-11-01..2026-11-07")
    .option("--strict", "reject a whole file when any of its rows is malformed");
  addOutputOptions(command, { json: "print a JSON summary" })
    .addHelpText(
      "after",
      "\nFormats are recognised from the content: all-orders, settlement V2, merchant listings, FBA inventory\n" +
        "(MYI, planning, restock), Sales and Traffic JSON, Business Report CSV, Sponsored Products (Ads API v3\n" +
        "JSON or console CSV) and product cost sheets. Importing a file again changes nothing.",
    )
    .action(async (files: string[], raw: RawImportOptions, command: Command) => {
      const options = parseImportOptions(files, raw);
      await run(command, (ctx) => importCommand(ctx, options));
    });
}

/** Validates the command line; bad values are usage errors naming the option. */
export function parseImportOptions(files: string[], raw: RawImportOptions): ImportOptions {
  if (raw.date !== undefined && raw.period !== undefined) throw usageError("give either --date or --period, not both.");
  let period: ImportOptions["period"];
  if (raw.date !== undefined) {
    if (!parseIsoDate(raw.date)) throw usageError(`--date must be a date as YYYY-MM-DD, got "${raw.date}".`);
    period = { start: raw.date, end: raw.date };
  }
  if (raw.period !== undefined) {
    const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(raw.period.trim());
    if (!m || !parseIsoDate(m[1]) || !parseIsoDate(m[2]))
      throw usageError(`--period must be FROM..TO as YYYY-MM-DD..YYYY-MM-DD, got "${raw.period}".`);
    if (m[2] < m[1]) throw usageError(`--period ends before it starts: "${raw.period}".`);
    period = { start: m[1], end: m[2] };
  }
  if (raw.marketplace !== undefined && !/^[A-Za-z]{2}$/.test(raw.marketplace)) {
    throw usageError(
      `--marketplace must be a two-letter marketplace code such as US, UK, DE or JP, got "${raw.marketplace}".`,
    );
  }
  return {
    files,
    account: raw.account,
    marketplace: raw.marketplace,
    encoding: raw.encoding,
    strict: raw.strict ?? false,
    period,
    json: raw.json ?? false,
  };
}

export async function importCommand(ctx: CommandContext, options: ImportOptions): Promise<number> {
  const [{ importFile }, { marketplaceByCode }] = await Promise.all([
    import("../../ingest/import-file.js"),
    import("../../core/reference-data.js"),
  ]);
  if (options.marketplace && !marketplaceByCode(options.marketplace))
    throw usageError(`--marketplace: unknown marketplace "${options.marketplace}".`);
  const mirror = await ctx.mirror({ create: true });
  const { stdout, stderr } = ctx.io;
  const reports: ImportReport[] = [];
  const failures: SellerAiError[] = [];
  let rejectedTotal = 0;
  for (const file of options.files) {
    let shown = 0;
    const progress = stderr.isTTY ? progressLine(ctx, file) : undefined;
    try {
      const report = await importFile(mirror, file, {
        accountId: options.account,
        marketplace: options.marketplace,
        encoding: options.encoding,
        strict: options.strict,
        period: options.period,
        now: ctx.now,
        onReject: (message) => {
          if (shown++ < SHOWN_REJECTIONS) {
            progress?.clear();
            stderr.write(`${terminalText(message)}\n`);
          }
        },
        onProgress: progress?.update,
      });
      progress?.clear();
      if (report.rowsRejected > SHOWN_REJECTIONS)
        stderr.write(`… and ${report.rowsRejected - SHOWN_REJECTIONS} more rejected rows in ${terminalText(file)}\n`);
      rejectedTotal += report.rowsRejected;
      reports.push(report);
      if (!options.json) stdout.write(describe(report));
    } catch (error) {
      progress?.clear();
      if (!isSellerAiError(error)) throw error;
      failures.push(error);
      const report = error.details.report as ImportReport | undefined;
      if (report) reports.push(report);
      stderr.write(`seller-ai: ${terminalText(error.message, { keepLineBreaks: true })}
`);
      for (const s of cliSuggestions(error))
        stderr.write(`  ${terminalText(s.endsWith(":") ? s : `- ${s}`)}
`);
    }
  }
  if (options.json) stdout.write(`${terminalJson({ files: reports.map(jsonReport) }, 2)}\n`);
  const changed = [...new Set(reports.filter((r) => r.rowsWritten > 0).map((r) => r.account))];
  if (changed.length) await announceAlerts(ctx, mirror.db, changed);
  if (rejectedTotal > 0)
    stderr.write(
      `seller-ai: ${rejectedTotal.toLocaleString("en-US")} row${rejectedTotal === 1 ? "" : "s"} rejected${options.strict ? "" : "; the other rows were imported"}.\n`,
    );
  if (failures.length > 0) {
    if (options.files.length > 1)
      stderr.write(`seller-ai: ${failures.length} of ${options.files.length} files not imported.\n`);
    return options.files.length === 1 ? failures[0].exitCode : 1;
  }
  return rejectedTotal > 0 ? 1 : 0;
}

function jsonReport(r: ImportReport) {
  return {
    file: r.file,
    report_type: r.format?.reportType ?? null,
    format: r.format?.label ?? null,
    status: r.status,
    account: r.account,
    marketplaces: r.marketplaces,
    encoding: r.encoding,
    compressed: r.compressed,
    rows_read: r.rowsRead,
    rows_written: r.rowsWritten,
    rows_rejected: r.rowsRejected,
    period_start: r.periodStart,
    period_end: r.periodEnd,
    notes: r.notes,
  };
}

function describe(r: ImportReport): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const where = [
    `account ${r.account}${r.accountCreated ? " (created)" : ""}`,
    r.marketplaces.length ? `marketplace ${r.marketplaces.join(", ")}` : undefined,
    r.periodStart ? `${r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart}..${r.periodEnd}`}` : undefined,
    `${r.encoding ?? "?"}${r.compressed ? ", gzip" : ""}`,
  ].filter(Boolean);
  let text = `${r.file}: ${r.format?.label ?? "?"}\n  ${where.join(", ")}\n  ${n(r.rowsRead)} rows read, ${n(r.rowsWritten)} written, ${n(r.rowsRejected)} rejected\n`;
  for (const note of r.notes) text += `  note: ${note}\n`;
  return terminalText(text, { keepLineBreaks: true });
}

/** Rows and rows per second on one stderr line, for terminals only. */
function progressLine(ctx: CommandContext, path: string): { update(rows: number): void; clear(): void } {
  // The line's own control sequences are the product's; the file's name is data.
  const file = terminalText(path);
  const started = performance.now();
  let shown = false;
  return {
    update(rows: number) {
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(rows / seconds) : 0;
      ctx.io.stderr.write(
        `\r${file}: ${rows.toLocaleString("en-US")} rows, ${rate.toLocaleString("en-US")} rows/s\x1b[K`,
      );
      shown = true;
    },
    clear() {
      if (shown) ctx.io.stderr.write("\r\x1b[K");
      shown = false;
    },
  };
}
