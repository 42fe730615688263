import { addDaysIso, daysBetweenIso } from "../core/dates.js";
import type { Period } from "./context.js";

/** Every day of a period, in order. */
export function daysOf(period: Period): string[] {
  const n = daysBetweenIso(period.start, period.end) + 1;
  return Array.from({ length: Math.max(1, n) }, (_, i) => addDaysIso(period.start, i));
}

/**
 * Splits a whole-number total over `parts` days (largest remainder, earlier
 * days first), so the parts add up exactly to the total.
 *
 * @example
 * spreadCount(5, 3) // [2, 2, 1]
 */
export function spreadCount(total: number, parts: number): number[] {
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(Math.round(total));
  const base = Math.floor(abs / parts);
  const extra = abs - base * parts;
  return Array.from({ length: parts }, (_, i) => sign * (base + (i < extra ? 1 : 0)));
}

/**
 * Splits an amount of money over `parts` days in cents, adding up exactly.
 *
 * @example
 * spreadMoney(16.79, 4) // [4.2, 4.2, 4.2, 4.19]
 */
export function spreadMoney(total: number, parts: number): number[] {
  return spreadCount(Math.round(total * 100), parts).map((c) => c / 100);
}
