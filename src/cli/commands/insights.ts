import type { Command } from "commander";
import { usageError } from "../../core/errors.js";
import type { ActionRunner } from "../context.js";
import type { CommandContext } from "../context.js";
import type { CliIo } from "../io.js";

// Only commander and types load with this module; the insights engine loads inside the action.

const TYPES = ["performance", "opportunities", "risks", "competitor_analysis"] as const;
const DETAILS = ["summary", "detailed", "comprehensive"] as const;
const FORMATS = ["table", "json", "csv"] as const;
const SENSITIVITIES = ["low", "normal", "high"] as const;

export interface InsightsOptions {
  type: (typeof TYPES)[number];
  detail: (typeof DETAILS)[number];
  format: (typeof FORMATS)[number];
  marketplace?: string;
  account?: string;
  sensitivity?: (typeof SENSITIVITIES)[number];
  /** Show a stored finding again instead of running. */
  id?: string;
}

interface RawInsightsOptions {
  type?: string;
  detail?: string;
  format?: string;
  marketplace?: string;
  account?: string;
  sensitivity?: string;
  id?: string;
}

export function registerInsightsCommand(program: Command, run: ActionRunner): void {
  program
    .command("insights")
    .description(
      "findings that need attention, ranked by the money at stake (stored, so each can be shown again by id)",
    )
    .option("--type <type>", `${TYPES.join(", ")}`, "risks")
    .option("--detail <level>", `${DETAILS.join(", ")}`, "summary")
    .option("--marketplace <code>", "only this marketplace (US, UK, DE, …)")
    .option("--format <format>", "table, json or csv (default: table on a terminal, json when piped)")
    .option("--sensitivity <level>", "anomaly sensitivity for this run: low, normal or high (default: your setting)")
    .option("--account <id>", "the account (default: the default account)")
    .option("--id <finding>", "show a stored finding again (an ins_ id from an earlier run)")
    .action(async (raw: RawInsightsOptions, command: Command) => {
      await run(command, (ctx) => insightsCommand(ctx, parseInsightsOptions(raw, ctx.io)));
    });
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw usageError(`--${name} must be one of ${allowed.join(", ")}; got "${value}".`);
  return value as T;
}

/** Checks the options of `insights`; a bad value is a usage error that names the option and what it allows. */
export function parseInsightsOptions(raw: RawInsightsOptions, io: Pick<CliIo, "stdout">): InsightsOptions {
  const options: InsightsOptions = {
    type: oneOf(
      "type",
      (raw.type ?? "risks")
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, "_"),
      TYPES,
    ),
    detail: oneOf("detail", (raw.detail ?? "summary").trim().toLowerCase(), DETAILS),
    format: oneOf("format", raw.format ?? (io.stdout.isTTY ? "table" : "json"), FORMATS),
  };
  if (raw.marketplace !== undefined) {
    const code = raw.marketplace.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code))
      throw usageError(
        `--marketplace must be a two-letter marketplace code such as US, UK or DE; got "${raw.marketplace}".`,
      );
    options.marketplace = code === "GB" ? "UK" : code;
  }
  if (raw.sensitivity !== undefined)
    options.sensitivity = oneOf("sensitivity", raw.sensitivity.trim().toLowerCase(), SENSITIVITIES);
  if (raw.account !== undefined) {
    if (raw.account.trim() === "") throw usageError("--account needs an account id (see `seller-ai status`).");
    options.account = raw.account.trim();
  }
  if (raw.id !== undefined) {
    if (!/^ins_[0-9a-f]{16}$/.test(raw.id.trim()))
      throw usageError(`--id must be a finding id like ins_0123456789abcdef; got "${raw.id}".`);
    options.id = raw.id.trim();
  }
  return options;
}

/**
 * Runs one insight type on the account (generating the demo seller first
 * when the mirror is empty), stores the run and writes it: a ranked table
 * with each finding's summary, recommendation and follow-up question, or
 * the result as JSON, or the findings as CSV.
 */
export async function insightsCommand(ctx: CommandContext, options: InsightsOptions): Promise<number> {
  const [{ mirrorWithData }, { terminalWidth }, insights, text, safe] = await Promise.all([
    import("../mirror-data.js"),
    import("../io.js"),
    import("../../insights/run-and-store.js"),
    import("../../render/insights-text.js"),
    import("../../render/terminal-text.js"),
  ]);
  const csvOut = (csv: string) => (io.stdout.isTTY ? safe.csvForTerminal(csv) : csv);
  const { io } = ctx;
  const mirror = await mirrorWithData(ctx);
  if (options.id) {
    const stored = await insights.findStoredFinding(mirror.db, options.id, options.account);
    if (options.format === "table") io.stdout.write(text.renderFindingText(stored, terminalWidth(io.stdout, io.env)));
    else if (options.format === "csv") io.stdout.write(csvOut(text.findingsCsv([stored.finding])));
    else io.stdout.write(`${safe.terminalJson(stored, 2)}\n`);
    return 0;
  }
  const run = await insights.runAndStore(mirror.db, {
    now: ctx.now,
    accountId: options.account,
    type: options.type,
    detail: options.detail,
    marketplace: options.marketplace,
    sensitivity: options.sensitivity,
  });
  switch (options.format) {
    case "json":
      io.stdout.write(`${safe.terminalJson({ run_id: run.runId, result: run.result }, 2)}\n`);
      break;
    case "csv":
      io.stdout.write(csvOut(text.findingsCsv(run.result.insights)));
      if (!run.result.insights.length)
        io.stderr.write(`note: no findings. ${safe.terminalText(text.headline(run.result))}\n`);
      break;
    default:
      io.stdout.write(text.renderInsightsText(run.result, run.runId, terminalWidth(io.stdout, io.env)));
  }
  return 0;
}
