/**
 * Rounding of money and percentages for results: money to its currency's
 * decimals, percentages to 2 places. Showing them to people is
 * number-format.ts's.
 */
import { readDataJson } from "./reference-data.js";

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

/** A period of inclusive ISO dates, as the analyses read them. */
export interface MoneyPeriod {
  start: string;
  end: string;
}

/**
 * The one rate-date rule: the money of a period converts between currencies
 * at the rate that holds on the period's last day. So
 * October converts at October 31 whether it is asked alone, as the current
 * side of a comparison or as its previous side, and a trend's bucket at its
 * own last day. A snapshot (stock on a day) is a period of one day. Which
 * stored rate holds on that day is core/exchange-rates.ts's rule.
 */
export function rateDateOf(period: MoneyPeriod | string): string {
  return typeof period === "string" ? period : period.end;
}
