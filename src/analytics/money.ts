/** Rounding of money and percentages for results: money to its currency's decimals, percentages to 2 places. */
import { readDataJson } from "../reference-data.js";

const decimalsCache = new Map<string, number>();

function decimalsOf(currency: string): number {
  let d = decimalsCache.get(currency);
  if (d === undefined) {
    const table = readDataJson<Record<string, { decimals: number }>>("currencies.json");
    d = table[currency]?.decimals ?? 2;
    decimalsCache.set(currency, d);
  }
  return d;
}

/** Rounds half away from zero at the currency's decimals (cents for most). */
export function money(amount: number, currency: string): number {
  return roundTo(amount, decimalsOf(currency));
}

export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** places;
  const scaled = Math.abs(value) * f;
  // Nudge by a relative epsilon so 1.005 rounds to 1.01 as written, not as stored.
  const rounded = Math.round(scaled * (1 + Number.EPSILON * 4)) / f;
  return value < 0 ? -rounded : rounded;
}

/** A ratio in percent (30 = 30%), or null when the denominator is 0. */
export function percent(numerator: number, denominator: number): number | null {
  if (!denominator) return null;
  return roundTo((numerator / denominator) * 100, 2);
}

/** Change in percent from `previous` to `current`, or null when previous is 0. */
export function changePercent(current: number, previous: number): number | null {
  if (!previous) return null;
  return roundTo(((current - previous) / Math.abs(previous)) * 100, 2);
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
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* "5" */) kept = (BigInt(kept) + 1n).toString().padStart(decimals + 1, "0");
  const intPart = kept.slice(0, kept.length - decimals);
  const rounded = `${intPart.replace(/\B(?=(\d{3})+$)/g, ",")}${decimals > 0 ? `.${kept.slice(kept.length - decimals)}` : ""}`;
  return value < 0 || Object.is(value, -0) ? `-${rounded}` : rounded;
}

/** `$1,234.50`-style text for summaries. */
export function formatMoney(amount: number, currency: string): string {
  const table = readDataJson<Record<string, { symbol: string; decimals: number }>>("currencies.json");
  const info = table[currency];
  const d = info?.decimals ?? 2;
  const text = groupDigits(Math.abs(amount), d);
  const sign = amount < 0 ? "-" : "";
  return info ? `${sign}${info.symbol}${text}` : `${sign}${text} ${currency}`;
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "n/a";
  return `${roundTo(value, 1)}%`;
}

export function formatNumber(value: number): string {
  return groupDigits(Math.round(value), 0);
}
