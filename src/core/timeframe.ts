/**
 * Resolves the contract's timeframe tokens to inclusive ISO date ranges, and
 * derives the comparison periods. Used to validate explicit `--timeframe`
 * overrides and to find the previous equal period for growth figures.
 */
import { addDaysIso, daysBetweenIso, parseIsoDate, weekdayIso } from "./dates.js";
import type { DateRange } from "../nlu/understanding.js";

const MONTH_DAYS = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number): string => String(n).padStart(2, "0");

function monthRange(year: number, month: number): DateRange {
  return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(MONTH_DAYS(year, month))}` };
}

function quarterRange(year: number, quarter: number): DateRange {
  const first = (quarter - 1) * 3 + 1;
  return { start: `${year}-${pad(first)}-01`, end: monthRange(year, first + 2).end };
}

/** The first day of a date's month shifted by whole months (day clamped to the month's length). */
export function addMonthsIso(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${pad(month)}-${pad(Math.min(d, MONTH_DAYS(year, month)))}`;
}

/**
 * The inclusive dates a timeframe token stands for, given today's date, or
 * undefined when the token is not in the grammar. `all_time` needs the
 * mirror's first date, so it resolves to `{start: "0000-01-01", end: today}`.
 *
 * @example
 * resolveTimeframe("last_30_days", "2026-11-21") // { start: "2026-10-22", end: "2026-11-20" }
 */
export function resolveTimeframe(token: string, today: string): DateRange | undefined {
  const t = token.trim().toLowerCase();
  const [ty, tm] = today.split("-").map(Number);
  const yesterday = addDaysIso(today, -1);
  if (t === "today") return { start: today, end: today };
  if (t === "yesterday") return { start: yesterday, end: yesterday };
  if (t === "all_time") return { start: "0000-01-01", end: today };
  let m = /^last_(\d{1,4})_(day|week|month)s?$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    if (n < 1) return undefined;
    if (m[2] === "day") return { start: addDaysIso(today, -n), end: yesterday };
    if (m[2] === "week") return { start: addDaysIso(today, -7 * n), end: yesterday };
    return { start: addMonthsIso(today, -n), end: yesterday };
  }
  if (t === "this_week") return { start: addDaysIso(today, -weekdayIso(today)), end: today };
  if (t === "this_month") return { start: `${ty}-${pad(tm)}-01`, end: today };
  if (t === "this_quarter") return { start: quarterRange(ty, Math.floor((tm - 1) / 3) + 1).start, end: today };
  if (t === "year_to_date" || t === "this_year") return { start: `${ty}-01-01`, end: today };
  if (t === "last_week") {
    const monday = addDaysIso(today, -weekdayIso(today) - 7);
    return { start: monday, end: addDaysIso(monday, 6) };
  }
  if (t === "last_month") return monthRange(tm === 1 ? ty - 1 : ty, tm === 1 ? 12 : tm - 1);
  if (t === "last_quarter") {
    const q = Math.floor((tm - 1) / 3) + 1;
    return q === 1 ? quarterRange(ty - 1, 4) : quarterRange(ty, q - 1);
  }
  if (t === "last_year") return { start: `${ty - 1}-01-01`, end: `${ty - 1}-12-31` };
  if ((m = /^(\d{4})$/.exec(t))) return { start: `${m[1]}-01-01`, end: `${m[1]}-12-31` };
  if ((m = /^(\d{4})-q([1-4])$/.exec(t))) return quarterRange(Number(m[1]), Number(m[2]));
  if ((m = /^(\d{4})-(\d{2})$/.exec(t))) {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? monthRange(Number(m[1]), month) : undefined;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return parseIsoDate(t) ? { start: t, end: t } : undefined;
  if ((m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(t))) {
    if (!parseIsoDate(m[1]) || !parseIsoDate(m[2]) || m[1] > m[2]) return undefined;
    return { start: m[1], end: m[2] };
  }
  return undefined;
}

/**
 * The period a range is compared with: the equal-length period just before
 * (`previous_period`), the same dates a year earlier, or a named timeframe.
 */
export function comparisonRange(range: DateRange, compareTo: string | undefined, today: string): DateRange {
  if (compareTo === "same_period_last_year") return { start: addMonthsIso(range.start, -12), end: addMonthsIso(range.end, -12) };
  if (compareTo && compareTo !== "previous_period") {
    const named = resolveTimeframe(compareTo, today);
    if (named) return named;
  }
  const days = daysBetweenIso(range.start, range.end) + 1;
  return { start: addDaysIso(range.start, -days), end: addDaysIso(range.start, -1) };
}
