/**
 * Calendar helpers on ISO `YYYY-MM-DD` strings, all in UTC. The core never
 * reads the clock: callers pass `now` and these derive dates from it.
 */

const DAY_MS = 86_400_000;

/** The months' English names, lower case, January first. */
export const MONTH_NAMES: readonly string[] = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** The UTC calendar date of an instant. */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Parses `YYYY-MM-DD` strictly (a real calendar date), or returns undefined. */
export function parseIsoDate(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || isoDate(date) !== text) return undefined;
  return date;
}

/** A date moved by whole days. @example addDaysIso("2026-11-21", -30) // "2026-10-22" */
export function addDaysIso(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS));
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetweenIso(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00.000Z`) - Date.parse(`${a}T00:00:00.000Z`)) / DAY_MS);
}

/** Day of week, 0 = Monday … 6 = Sunday. */
export function weekdayIso(date: string): number {
  return (new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7;
}

/** The instant a fixed `--today` stands for: noon UTC, so every zone agrees on the date. */
export function nowForToday(today: string): Date {
  return new Date(`${today}T12:00:00.000Z`);
}
