import type { Command } from "commander";
import { parseIsoDate } from "../../core/dates.js";
import { usageError } from "../../core/errors.js";
import { isCurrencyCode } from "../../core/exchange-rates.js";
import type { ActionRunner, CommandContext } from "../context.js";

// Only commander and small core modules load with this module; the store and the file reader load inside the actions.

const LIST_FORMATS = ["table", "json", "csv"] as const;

export interface RatesImportOptions {
  file: string;
  /** The currency the ECB layout's columns are quoted against. */
  base?: string;
  json: boolean;
}

export interface RatesSetOptions {
  from: string;
  to: string;
  rate: number;
  /** The first day the rate holds on; without it, every day before the pair's next rate. */
  since?: string;
  json: boolean;
}

export interface RatesListOptions {
  format: (typeof LIST_FORMATS)[number];
}

interface RawJson {
  json?: boolean;
}

export function registerRatesCommand(program: Command, run: ActionRunner): void {
  const rates = program
    .command("rates")
    .description("the exchange rates answers convert currencies with: import them, set one, list what they cover")
    .addHelpText(
      "after",
      "\nAmounts of a period convert at the rate that holds on its last day. A day's rate (imported) holds on\n" +
        "its day and up to 7 days after, so weekends and holidays take the last working day's rate; a rate\n" +
        "set with `rates set` holds until the pair's next rate. Pairs without a rate of their own convert\n" +
        "through USD or EUR (EUR/GBP and EUR/USD give GBP/USD).",
    );
  rates
    .command("import")
    .description("load a file of daily rates; a pair's rate on a day replaces the one the mirror had")
    .argument("<file>", "CSV: date,base,quote,rate (1 base = rate quote), or the ECB's reference-rate CSV")
    .option("--base <code>", "the currency an ECB-style file's columns are quoted against (default: EUR)")
    .option("--json", "print a JSON summary")
    .action(async (file: string, raw: { base?: string } & RawJson, command: Command) => {
      const options = parseRatesImportOptions(file, raw);
      await run(command, (ctx) => ratesImportCommand(ctx, options));
    });
  rates
    .command("set")
    .description("set one rate for a pair, holding until the pair's next rate")
    .argument("<FROM>", "the currency converted from, e.g. EUR")
    .argument("<TO>", "the currency converted to, e.g. USD")
    .argument("<rate>", "how many TO one FROM is worth, e.g. 1.08")
    .option("--from <date>", "the first day it holds on, as YYYY-MM-DD (default: every day before the next rate)")
    .option("--json", "print JSON")
    .action(async (from: string, to: string, rate: string, raw: { from?: string } & RawJson, command: Command) => {
      const options = parseRatesSetOptions(from, to, rate, raw);
      await run(command, (ctx) => ratesSetCommand(ctx, options));
    });
  rates
    .command("list", { isDefault: true })
    .description("what the rates cover, pair by pair: first and last day, where they hold until, gaps")
    .option("--format <format>", `${LIST_FORMATS.join(", ")} (default: table)`)
    .option("--json", "the same as --format json")
    .action(async (raw: { format?: string } & RawJson, command: Command) => {
      const options = parseRatesListOptions(raw);
      await run(command, (ctx) => ratesListCommand(ctx, options));
    });
}

/** A currency code as given on the command line, or a usage error naming the argument. */
function currencyArgument(name: string, value: string): string {
  const code = value.trim().toUpperCase();
  if (!isCurrencyCode(code))
    throw usageError(`${name} must be an ISO 4217 currency code such as USD, EUR or GBP; got "${value}".`);
  return code;
}

export function parseRatesImportOptions(file: string, raw: { base?: string } & RawJson): RatesImportOptions {
  if (file.trim() === "") throw usageError("rates import needs a file.");
  return {
    file,
    ...(raw.base !== undefined ? { base: raw.base.trim().toUpperCase() } : {}),
    json: raw.json ?? false,
  };
}

export function parseRatesSetOptions(
  from: string,
  to: string,
  rate: string,
  raw: { from?: string } & RawJson,
): RatesSetOptions {
  const options: RatesSetOptions = {
    from: currencyArgument("FROM", from),
    to: currencyArgument("TO", to),
    rate: Number(rate),
    json: raw.json ?? false,
  };
  if (options.from === options.to)
    throw usageError(`FROM and TO are both ${options.from}; a rate needs two currencies.`);
  if (!/^\s*(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(rate) || !Number.isFinite(options.rate) || options.rate <= 0)
    throw usageError(`the rate must be a positive number such as 1.08; got "${rate}".`);
  if (raw.from !== undefined) {
    if (!parseIsoDate(raw.from)) throw usageError(`--from must be a date as YYYY-MM-DD, got "${raw.from}".`);
    options.since = raw.from;
  }
  return options;
}

export function parseRatesListOptions(raw: { format?: string } & RawJson): RatesListOptions {
  if (raw.json && raw.format !== undefined && raw.format !== "json")
    throw usageError(`--json and --format ${raw.format} ask for different formats; give one of them.`);
  const format = raw.json ? "json" : (raw.format ?? "table");
  if (!(LIST_FORMATS as readonly string[]).includes(format))
    throw usageError(`--format must be one of ${LIST_FORMATS.join(", ")}; got "${format}".`);
  return { format: format as RatesListOptions["format"] };
}

/** Reads a rates file, checks every line, and writes all its rates or none. */
export async function ratesImportCommand(ctx: CommandContext, options: RatesImportOptions): Promise<number> {
  const [{ readFile }, { parseRatesFile }, { writeRates }, { terminalJson, terminalText }, { RATE_REACH_DAYS }] =
    await Promise.all([
      import("node:fs/promises"),
      import("../../ingest/rates-file.js"),
      import("../../store/currency-rates.js"),
      import("../../render/terminal-text.js"),
      import("../../core/exchange-rates.js"),
    ]);
  let text: string;
  try {
    text = await readFile(options.file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(
      code === "ENOENT" ? `no such file: ${options.file}` : `cannot read ${options.file}: ${(error as Error).message}`,
    );
  }
  const parsed = parseRatesFile(text, options.file, options.base ? { base: options.base } : {});
  const mirror = await ctx.mirror({ create: true });
  const result = await writeRates(
    mirror,
    parsed.rates.map((r) => ({ ...r, kind: "daily" as const })),
  );
  const pairs = [...new Set(parsed.rates.map((r) => `${r.currency}/${r.quote}`))].sort();
  const dates = parsed.rates.map((r) => r.date).sort();
  const summary = {
    file: options.file,
    layout: parsed.layout,
    pairs,
    first_date: dates[0],
    last_date: dates[dates.length - 1],
    rates_written: result.written,
    rates_replaced: result.replaced,
  };
  if (options.json) {
    ctx.io.stdout.write(`${terminalJson(summary, 2)}\n`);
    return 0;
  }
  const shownPairs =
    pairs.length > 8 ? `${pairs.slice(0, 8).join(", ")} and ${pairs.length - 8} more` : pairs.join(", ");
  ctx.io.stdout.write(
    terminalText(
      `${options.file}: ${result.written.toLocaleString("en-US")} rates for ${pairs.length} pair${pairs.length === 1 ? "" : "s"} (${shownPairs}), ${summary.first_date} to ${summary.last_date}` +
        `${result.replaced ? `; ${result.replaced.toLocaleString("en-US")} stored rates replaced` : ""}.\n` +
        `  Each day's rate holds up to ${RATE_REACH_DAYS} days after it (weekends, holidays). See the coverage with \`seller-ai rates list\`.\n`,
      { keepLineBreaks: true },
    ),
  );
  return 0;
}

/** Stores one standing rate for a pair. */
export async function ratesSetCommand(ctx: CommandContext, options: RatesSetOptions): Promise<number> {
  const [{ writeRates }, { FROM_THE_START }] = await Promise.all([
    import("../../store/currency-rates.js"),
    import("../../core/exchange-rates.js"),
  ]);
  const mirror = await ctx.mirror({ create: true });
  const date = options.since ?? FROM_THE_START;
  const result = await writeRates(mirror, [
    { currency: options.from, quote: options.to, date, rate: options.rate, kind: "standing" },
  ]);
  if (options.json) {
    ctx.io.stdout.write(
      `${JSON.stringify({ currency: options.from, quote: options.to, rate: options.rate, from_date: options.since ?? null, replaced: result.replaced > 0 }, null, 2)}\n`,
    );
    return 0;
  }
  const since = options.since ? `from ${options.since}` : "on every day";
  ctx.io.stdout.write(
    `1 ${options.from} = ${options.rate} ${options.to} ${since}, until the pair's next rate${result.replaced ? " (it replaces the rate set for that day)" : ""}.\n`,
  );
  return 0;
}

/** Lists what each stored pair covers. */
export async function ratesListCommand(ctx: CommandContext, options: RatesListOptions): Promise<number> {
  const [{ rateCoverage }, { tableToCsv }, { csvForTerminal, terminalJson }] = await Promise.all([
    import("../../store/currency-rates.js"),
    import("../../render/csv.js"),
    import("../../render/terminal-text.js"),
  ]);
  const mirror = await ctx.mirror();
  const pairs = await rateCoverage(mirror.db);
  const out = ctx.io.stdout;
  if (options.format === "json") {
    out.write(`${terminalJson({ pairs }, 2)}\n`);
    return 0;
  }
  const rows = pairs.map((p) => ({
    pair: `${p.currency}/${p.quote}`,
    kind: p.kinds.join("+"),
    first_date: p.first_date ?? "(start)",
    last_date: p.last_date,
    last_rate: p.last_rate,
    holds_until: p.holds_until ?? "(next rate)",
    rates: p.rates,
    gaps: p.gaps.map((g) => (g.start === g.end ? g.start : `${g.start}..${g.end}`)),
  }));
  if (options.format === "csv") {
    const csv = tableToCsv(rows);
    out.write(out.isTTY ? csvForTerminal(csv) : csv);
    return 0;
  }
  if (!rows.length) {
    out.write(
      "No exchange rates yet. Import them with `seller-ai rates import FILE.csv` or set one with `seller-ai rates set EUR USD 1.08`.\n",
    );
    return 0;
  }
  const table = [
    ["PAIR", "KIND", "FIRST", "LAST", "LAST RATE", "HOLDS UNTIL", "RATES", "GAPS"],
    ...rows.map((r) => [
      r.pair,
      r.kind,
      r.first_date,
      r.last_date,
      String(r.last_rate),
      r.holds_until,
      r.rates.toLocaleString("en-US"),
      r.gaps.length === 0 ? "none" : gapsText(r.gaps),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const row of table)
    out.write(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}\n`);
  return 0;
}

/** The first gaps and how many more, so a long history stays one line. */
function gapsText(gaps: string[]): string {
  const shown = gaps.slice(0, 3).join(", ");
  return gaps.length > 3 ? `${shown} and ${gaps.length - 3} more` : shown;
}
