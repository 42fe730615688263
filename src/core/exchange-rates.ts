/**
 * Which exchange rate holds on a day: the one rule every reader of rates
 * follows (answers, cost sheets, `rates list`, `status`).
 *
 * A rate is stored for a pair (one unit of `currency` in `quote`) and a date,
 * and is of one of two kinds:
 * - "daily": a published rate of that day (an imported file, the ECB's
 *   reference rates). It holds on its day and up to RATE_REACH_DAYS days
 *   after, so weekends and bank holidays, when none is published, take the
 *   last working day's rate; past that the pair has no rate, rather than a
 *   stale one nobody would accept.
 * - "standing": a rate the seller set (`seller-ai rates set`), or one a
 *   mirror had before rates had kinds. It holds from its date until the next
 *   rate of the pair, however far.
 * On a day, the pair's newest rate on or before it is the one that counts; no
 * rate holds before its own date.
 */
import { addDaysIso, daysBetweenIso } from "./dates.js";

export type RateKind = "daily" | "standing";

/** How many days after its date a daily rate still holds (a long weekend with a holiday is 4). */
export const RATE_REACH_DAYS = 7;

/** The date a standing rate set without a first day is stored at: it holds on every day before the next one. */
export const FROM_THE_START = "0001-01-01";

/** Converts through these when a pair has no rate of its own: the ECB quotes against EUR, most others USD. */
export const PIVOT_CURRENCIES = ["USD", "EUR"] as const;

export interface StoredRate {
  date: string;
  rate: number;
  kind: RateKind;
}

/**
 * The rate that holds on `day`, given the pair's newest rate on or before
 * it (undefined when the pair has none): undefined when that one is a daily
 * rate too old to hold.
 */
export function rateInForce(newest: StoredRate | undefined, day: string): number | undefined {
  if (!newest || newest.date > day) return undefined;
  if (newest.kind === "daily" && daysBetweenIso(newest.date, day) > RATE_REACH_DAYS) return undefined;
  return newest.rate;
}

/** The last day a rate holds on, when nothing newer comes; null for a standing one (it holds on). */
export function lastDayHeld(rate: Pick<StoredRate, "date" | "kind">): string | null {
  return rate.kind === "daily" ? addDaysIso(rate.date, RATE_REACH_DAYS) : null;
}

/**
 * How many units of `to` one unit of `from` is worth, given the rates that
 * hold on one day: the direct rate, the inverse one, or through the pivot
 * currencies (USD, then EUR); undefined when the rates give no path.
 */
export function conversionFactor(
  from: string,
  to: string,
  rateOf: (currency: string, quote: string) => number | undefined,
): number | undefined {
  if (from === to) return 1;
  const leg = (a: string, b: string): number | undefined => {
    if (a === b) return 1;
    const direct = rateOf(a, b);
    if (direct !== undefined) return direct;
    const inverse = rateOf(b, a);
    return inverse ? 1 / inverse : undefined;
  };
  const direct = leg(from, to);
  if (direct !== undefined) return direct;
  // Through one pivot, or both (JPY/USD from one source and EUR/GBP from another give JPY/GBP).
  for (const a of PIVOT_CURRENCIES) {
    const first = leg(from, a);
    if (first === undefined) continue;
    for (const b of PIVOT_CURRENCIES) {
      const middle = leg(a, b);
      const last = middle === undefined ? undefined : leg(b, to);
      if (middle !== undefined && last !== undefined) return first * middle * last;
    }
  }
  return undefined;
}

/** A currency code of ISO 4217 (as the runtime knows them), in capitals. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes().has(code);
}

let codes: Set<string> | undefined;
function currencyCodes(): Set<string> {
  codes ??= new Set(Intl.supportedValuesOf("currency"));
  return codes;
}

/** A day range, inclusive. */
export interface DayRange {
  start: string;
  end: string;
}

/**
 * The days of `range` on which `from` cannot be converted to `to`, as runs
 * of days, given every stored rate of the pairs that may be on the path
 * (`rates`, keyed "CUR|QUOTE", each list sorted by date).
 */
export function daysWithoutRate(
  from: string,
  to: string,
  range: DayRange,
  rates: Map<string, StoredRate[]>,
): DayRange[] {
  const at = new Map<string, number>();
  const newestOn = (key: string, day: string): StoredRate | undefined => {
    const list = rates.get(key);
    if (!list) return undefined;
    // Days are visited in order, so each list is walked once.
    let i = at.get(key) ?? -1;
    while (i + 1 < list.length && list[i + 1].date <= day) i++;
    at.set(key, i);
    return i >= 0 ? list[i] : undefined;
  };
  const missing: DayRange[] = [];
  for (let day = range.start; day <= range.end; day = addDaysIso(day, 1)) {
    const ok = conversionFactor(from, to, (c, q) => rateInForce(newestOn(`${c}|${q}`, day), day)) !== undefined;
    if (ok) continue;
    const last = missing.at(-1);
    if (last && addDaysIso(last.end, 1) === day) last.end = day;
    else missing.push({ start: day, end: day });
  }
  return missing;
}

/**
 * The gaps in one pair's own rates (sorted by date): runs of days between
 * its first and its newest rate on which none of them holds. The same rule
 * as daysWithoutRate, read off the list instead of day by day.
 */
export function gapsBetween(rates: readonly StoredRate[]): DayRange[] {
  const gaps: DayRange[] = [];
  // Day numbers, parsed once a rate: a full history is a quarter of a million rates.
  let previous = rates.length ? dayNumber(rates[0].date) : 0;
  for (let i = 1; i < rates.length; i++) {
    const day = dayNumber(rates[i].date);
    if (rates[i - 1].kind === "daily" && day - previous > RATE_REACH_DAYS + 1)
      gaps.push({ start: addDaysIso(rates[i - 1].date, RATE_REACH_DAYS + 1), end: addDaysIso(rates[i].date, -1) });
    previous = day;
  }
  return gaps;
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}
