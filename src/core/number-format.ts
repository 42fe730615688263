/**
 * The one formatter of money, percentages and counts for people. Two styles
 * where the product shows them differently: "sentence" for the summaries and
 * recommendations of answers, "table" for terminal cells, chart axes and
 * totals.
 */
import { roundTo } from "./money.js";
import { readDataJson } from "./reference-data.js";

export type FormatStyle = "sentence" | "table";

export interface FormatOptions {
  /** "sentence" (the default) or "table". */
  style?: FormatStyle;
  /** Puts "+" before an increase (a change, a growth rate). */
  signed?: boolean;
}

interface CurrencyInfo {
  symbol: string;
  decimals: number;
}

function currencyInfo(code: string | undefined): CurrencyInfo | undefined {
  if (!code) return undefined;
  return readDataJson<Record<string, CurrencyInfo>>("currencies.json")[code.toUpperCase()];
}

/**
 * en-US digit grouping (`1,234.50`), as Intl.NumberFormat("en-US") prints it.
 * Written out because the first Intl formatter of a process costs tens of
 * milliseconds of ICU set-up, a large part of a one-shot question's run.
 *
 * @example
 * groupDigits(1234.5, 2) // "1,234.50"
 */
export function groupDigits(value: number, decimals: number): string {
  const digits = String(Math.abs(value));
  // Exponent forms (below 1e-6, from 1e21) and infinities: leave those to Intl.
  if (!Number.isFinite(value) || digits.includes("e")) {
    return value.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  }
  // Like ICU, round the shortest decimal that reads back as the value (1.005 -> 1.01), half away from zero.
  const dot = digits.indexOf(".");
  const whole = dot < 0 ? digits : digits.slice(0, dot);
  const fraction = dot < 0 ? "" : digits.slice(dot + 1);
  let kept = whole + fraction.slice(0, decimals).padEnd(decimals, "0");
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* "5" */)
    kept = (BigInt(kept) + 1n).toString().padStart(decimals + 1, "0");
  const intPart = kept.slice(0, kept.length - decimals);
  const rounded = `${intPart.replace(/\B(?=(\d{3})+$)/g, ",")}${decimals > 0 ? `.${kept.slice(kept.length - decimals)}` : ""}`;
  return value < 0 || Object.is(value, -0) ? `-${rounded}` : rounded;
}

/**
 * Money with its currency's symbol and decimals and thousands separators; an
 * unknown currency's code goes after the number. In a table, letter symbols
 * (kr, zł, AED) stand apart from the number; a sentence keeps every symbol
 * against it.
 *
 * @example
 * formatMoney(12345.678, "USD") // "$12,345.68"
 * formatMoney(99.5, "SEK") // "kr99.50"
 * formatMoney(99.5, "SEK", { style: "table" }) // "kr 99.50"
 */
export function formatMoney(value: number, currency: string | undefined, options: FormatOptions = {}): string {
  const info = currencyInfo(currency);
  const body = groupDigits(Math.abs(value), info?.decimals ?? 2);
  const sign = value < 0 ? "-" : options.signed && value > 0 ? "+" : "";
  if (!info) return currency ? `${sign}${body} ${currency}` : `${sign}${body}`;
  const apart =
    options.style === "table" && /^[A-Za-z]/.test(info.symbol) && info.symbol.length > 1 && !/\$$/.test(info.symbol);
  return `${sign}${info.symbol}${apart ? " " : ""}${body}`;
}

/**
 * A number in percent (30 = 30%). A sentence shows it to one decimal at most
 * ("12.3%", "12%") and a missing value as "n/a"; a table shows one decimal
 * below 100 and none from 100, with thousands separators ("12.0%", "1,250%"),
 * and a missing value as "—".
 *
 * @example
 * formatPercent(12.345) // "12.3%"
 * formatPercent(12, { style: "table", signed: true }) // "+12.0%"
 */
export function formatPercent(value: number | null | undefined, options: FormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return options.style === "table" ? "—" : "n/a";
  const text =
    options.style === "table" ? `${groupDigits(value, Math.abs(value) >= 100 ? 0 : 1)}%` : `${roundTo(value, 1)}%`;
  return options.signed && value > 0 ? `+${text}` : text;
}

/**
 * A difference between two percentages in prose: percentage points, not
 * percent ("39.2 points", never "39.2% points").
 *
 * @example formatPoints(39.24) // "39.2 points"
 */
export function formatPoints(value: number): string {
  const rounded = roundTo(value, 1);
  return `${rounded} point${Math.abs(rounded) === 1 ? "" : "s"}`;
}

/** A count rounded to a whole number, with thousands separators: "1,234". */
export function formatNumber(value: number): string {
  return groupDigits(Math.round(value), 0);
}
