/**
 * A file of exchange rates a seller brings (`seller-ai rates import`), in one
 * of two layouts:
 * - long: one rate a line, `date,base,quote,rate` (a header is optional and
 *   may name the columns in any order; the ECB's SDMX download, with
 *   TIME_PERIOD, CURRENCY, CURRENCY_DENOM and OBS_VALUE, is read the same way);
 * - wide: the ECB's reference-rate CSV, `Date,USD,JPY,…`, one day a line and
 *   one column per currency, each the units of it in one EUR (another base
 *   can be given). "N/A" and empty cells are days without a quote.
 * Every line is checked before anything is written; a file with a bad line
 * is refused whole, each bad line named.
 */
import { parse } from "csv-parse/sync";
import { MONTH_NAMES, parseIsoDate } from "../core/dates.js";
import { SellerAiError } from "../core/errors.js";
import { isCurrencyCode } from "../core/exchange-rates.js";

export interface ParsedRate {
  currency: string;
  quote: string;
  date: string;
  rate: number;
}

export interface ParsedRates {
  layout: "long" | "wide";
  rates: ParsedRate[];
}

/** Bad lines named in the error; the rest are counted. */
const SHOWN_PROBLEMS = 20;

const DATE_NAMES = ["date", "day", "time_period", "as_of", "rate_date"];
const BASE_NAMES = ["base", "from", "base_currency", "from_currency", "source", "currency_denom"];
const QUOTE_NAMES = ["quote", "to", "quote_currency", "to_currency", "target", "counter", "counter_currency"];
const RATE_NAMES = ["rate", "value", "obs_value", "exchange_rate", "fx_rate"];
const NO_QUOTE = new Set(["", "n/a", "na", "-", "#n/a"]);

/** An ISO date, or the ECB's daily file's "22 November 2026", as YYYY-MM-DD; undefined otherwise. */
export function rateFileDate(text: string): string | undefined {
  const t = text.trim();
  if (parseIsoDate(t)) return t;
  const m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
  const month = m ? MONTH_NAMES.indexOf(m[2].toLowerCase()) : -1;
  if (!m || month < 0) return undefined;
  const iso = `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return parseIsoDate(iso) ? iso : undefined;
}

const headerName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * Reads the text of a rates file. `name` is how errors call the file;
 * `base` is the currency the wide layout's columns are quoted against (EUR).
 *
 * @example
 * parseRatesFile("date,base,quote,rate\n2026-11-20,EUR,USD,1.0541\n", "rates.csv").rates
 * // [{ currency: "EUR", quote: "USD", date: "2026-11-20", rate: 1.0541 }]
 */
export function parseRatesFile(text: string, name: string, options: { base?: string } = {}): ParsedRates {
  const records = parse(text, {
    bom: true,
    delimiter: delimiterOf(text),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const refuse = (message: string) =>
    new SellerAiError("import_rejected", `${name}: ${message}`, {
      suggestions: [
        "A rates file has the columns date,base,quote,rate (one rate a line: 1 base = rate quote, dates as YYYY-MM-DD), or is the ECB's reference-rate CSV (Date,USD,JPY,…).",
      ],
    });
  // Spreadsheets save a trailing separator as an empty last column (the ECB's files have one too).
  const rows = records.map(({ record, info }) => {
    const cells = [...record];
    while (cells.length > 1 && cells.at(-1) === "") cells.pop();
    return { cells, line: info.lines };
  });
  if (!rows.length) throw refuse("the file has no rates.");
  const first = rows[0];
  const problems: string[] = [];
  const rates: ParsedRate[] = [];
  const seen = new Map<string, number>();
  const add = (
    line: number,
    date: string | undefined,
    dateText: string,
    base: string,
    quote: string,
    rateText: string,
  ) => {
    const issue = lineProblem(date, dateText, base, quote, rateText);
    if (issue) {
      problems.push(`line ${line}: ${issue}`);
      return;
    }
    const key = `${base}|${quote}|${date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(`line ${line}: a second ${base}/${quote} rate for ${date} (the first is on line ${earlier})`);
      return;
    }
    seen.set(key, line);
    rates.push({ currency: base, quote, date: date!, rate: rateNumber(rateText)! });
  };

  let layout: ParsedRates["layout"];
  if (rateFileDate(first.cells[0] ?? "") !== undefined) {
    // No header: the columns are date,base,quote,rate.
    layout = "long";
    for (const { cells, line } of rows) {
      if (cells.length !== 4) {
        problems.push(`line ${line}: ${cells.length} columns where date,base,quote,rate are 4`);
        continue;
      }
      add(line, rateFileDate(cells[0]), cells[0], code(cells[1]), code(cells[2]), cells[3]);
    }
  } else {
    const names = first.cells.map(headerName);
    const find = (candidates: string[]) => names.findIndex((n) => candidates.includes(n));
    const at = {
      date: find(DATE_NAMES),
      base: find(BASE_NAMES),
      // SDMX calls the quoted currency CURRENCY (against CURRENCY_DENOM); elsewhere "currency" is the base.
      quote: find(names.includes("currency_denom") ? [...QUOTE_NAMES, "currency"] : QUOTE_NAMES),
      rate: find(RATE_NAMES),
    };
    if (at.base < 0 && !names.includes("currency_denom")) at.base = find(["currency"]);
    const wideColumns = first.cells.map((c, i) => ({ code: code(c), i })).filter((c) => c.i > 0);
    if (at.date >= 0 && at.base >= 0 && at.quote >= 0 && at.rate >= 0) {
      layout = "long";
      for (const { cells, line } of rows.slice(1)) {
        const get = (i: number) => cells[i] ?? "";
        add(line, rateFileDate(get(at.date)), get(at.date), code(get(at.base)), code(get(at.quote)), get(at.rate));
      }
    } else if (at.date === 0 && wideColumns.length > 0 && wideColumns.every((c) => /^[A-Z]{3}$/.test(c.code))) {
      layout = "wide";
      const base = code(options.base ?? "EUR");
      if (!isCurrencyCode(base))
        throw refuse(`the base "${base}" is not an ISO 4217 currency code; nothing was imported.`);
      for (const { cells, line } of rows.slice(1)) {
        const date = rateFileDate(cells[0] ?? "");
        if (date === undefined) {
          problems.push(`line ${line}: date "${cells[0] ?? ""}" is not a date as YYYY-MM-DD`);
          continue;
        }
        for (const column of wideColumns) {
          const value = cells[column.i] ?? "";
          if (NO_QUOTE.has(value.toLowerCase()) || column.code === base) continue;
          add(line, date, cells[0] ?? "", base, column.code, value);
        }
      }
    } else {
      throw refuse(
        `line ${first.line}: the header names no rate columns (expected date,base,quote,rate, or Date then currency codes as in the ECB's CSV); nothing was imported.`,
      );
    }
  }
  if (problems.length) {
    const more = problems.length > SHOWN_PROBLEMS ? `\n  … and ${problems.length - SHOWN_PROBLEMS} more` : "";
    throw refuse(
      `${problems.length} bad line${problems.length === 1 ? "" : "s"}, so nothing was imported:\n  ${problems.slice(0, SHOWN_PROBLEMS).join("\n  ")}${more}`,
    );
  }
  if (!rates.length) throw refuse("the file has no rates.");
  return { layout, rates };
}

/** The separator the first line uses most: a comma, a semicolon (with decimal commas) or a tab. */
function delimiterOf(text: string): string {
  const line = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0];
  const count = (d: string) => line.split(d).length - 1;
  return [",", ";", "\t"].reduce((best, d) => (count(d) > count(best) ? d : best));
}

function code(text: string): string {
  return text.trim().toUpperCase();
}

function rateNumber(text: string): number | undefined {
  const t = text.trim();
  // A decimal comma, as European spreadsheets write it, when the file is not comma-separated.
  const normal = /^\d+,\d+$/.test(t) ? t.replace(",", ".") : t;
  if (!/^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(normal)) return undefined;
  const n = Number(normal);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function lineProblem(
  date: string | undefined,
  dateText: string,
  base: string,
  quote: string,
  rateText: string,
): string | undefined {
  if (date === undefined) return `date "${dateText}" is not a date as YYYY-MM-DD`;
  if (!isCurrencyCode(base)) return `base "${base}" is not an ISO 4217 currency code`;
  if (!isCurrencyCode(quote)) return `quote "${quote}" is not an ISO 4217 currency code`;
  if (base === quote) return `base and quote are both ${base}`;
  if (rateNumber(rateText) === undefined) return `rate "${rateText}" is not a positive number`;
  return undefined;
}
