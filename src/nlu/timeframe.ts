import { addDaysIso, parseIsoDate, weekdayIso } from "../core/dates.js";
import type { DateRange } from "./understanding.js";

/**
 * Timeframe tokens (the contract's grammar) and their resolution to dates.
 * Tokens: today, yesterday, last_N_days|weeks|months, this_week|month|quarter,
 * year_to_date, last_week|month|quarter|year, YYYY, YYYY-Qn, YYYY-MM,
 * YYYY-MM-DD, YYYY-MM-DD..YYYY-MM-DD, all_time.
 */

const FIXED_TOKENS = new Set([
  "today", "yesterday", "this_week", "this_month", "this_quarter", "year_to_date", "last_week", "last_month", "last_quarter", "last_year", "all_time",
]);

/** Whether a string is a timeframe token of the contract. */
export function isTimeframeToken(token: string): boolean {
  if (FIXED_TOKENS.has(token)) return true;
  if (/^last_[1-9]\d{0,3}_(days|weeks|months)$/.test(token)) return true;
  if (/^\d{4}$/.test(token)) return true;
  if (/^\d{4}-Q[1-4]$/.test(token)) return true;
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(token)) return true;
  if (parseIsoDate(token)) return true;
  const range = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(token);
  return range !== null && parseIsoDate(range[1]) !== undefined && parseIsoDate(range[2]) !== undefined && range[1] <= range[2];
}

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const lastDayOfMonth = (y: number, m: number) => ymd(y, m, daysInMonth(y, m));

/** The same day N months earlier, clamped to the month's length. */
function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return ymd(year, month, Math.min(d, daysInMonth(year, month)));
}

/**
 * Resolves a timeframe token to inclusive dates, given today's date.
 * `all_time` and unknown tokens give undefined (they need the mirror's data).
 *
 * @example resolveTimeframe("last_30_days", "2026-11-21") // { start: "2026-10-22", end: "2026-11-20" }
 */
export function resolveTimeframe(token: string, today: string): DateRange | undefined {
  const [ty, tm] = today.split("-").map(Number);
  const yesterday = addDaysIso(today, -1);
  const quarterStartMonth = (m: number) => Math.floor((m - 1) / 3) * 3 + 1;
  switch (token) {
    case "today":
      return { start: today, end: today };
    case "yesterday":
      return { start: yesterday, end: yesterday };
    case "this_week":
      return { start: addDaysIso(today, -weekdayIso(today)), end: today };
    case "this_month":
      return { start: ymd(ty, tm, 1), end: today };
    case "this_quarter":
      return { start: ymd(ty, quarterStartMonth(tm), 1), end: today };
    case "year_to_date":
      return { start: ymd(ty, 1, 1), end: today };
    case "last_week": {
      const monday = addDaysIso(today, -weekdayIso(today) - 7);
      return { start: monday, end: addDaysIso(monday, 6) };
    }
    case "last_month": {
      const y = tm === 1 ? ty - 1 : ty;
      const m = tm === 1 ? 12 : tm - 1;
      return { start: ymd(y, m, 1), end: lastDayOfMonth(y, m) };
    }
    case "last_quarter": {
      const qs = quarterStartMonth(tm) - 3;
      const y = qs < 1 ? ty - 1 : ty;
      const m = qs < 1 ? qs + 12 : qs;
      return { start: ymd(y, m, 1), end: lastDayOfMonth(y, m + 2) };
    }
    case "last_year":
      return { start: ymd(ty - 1, 1, 1), end: ymd(ty - 1, 12, 31) };
    case "all_time":
      return undefined;
  }
  let match = /^last_(\d+)_(days|weeks|months)$/.exec(token);
  if (match) {
    const n = Number(match[1]);
    const start = match[2] === "days" ? addDaysIso(today, -n) : match[2] === "weeks" ? addDaysIso(today, -7 * n) : monthsBefore(today, n);
    return { start, end: yesterday };
  }
  if ((match = /^(\d{4})$/.exec(token))) return { start: `${match[1]}-01-01`, end: `${match[1]}-12-31` };
  if ((match = /^(\d{4})-Q([1-4])$/.exec(token))) {
    const y = Number(match[1]);
    const m = (Number(match[2]) - 1) * 3 + 1;
    return { start: ymd(y, m, 1), end: lastDayOfMonth(y, m + 2) };
  }
  if ((match = /^(\d{4})-(\d{2})$/.exec(token))) {
    const y = Number(match[1]);
    const m = Number(match[2]);
    return { start: ymd(y, m, 1), end: lastDayOfMonth(y, m) };
  }
  if (parseIsoDate(token)) return { start: token, end: token };
  if ((match = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(token))) return { start: match[1], end: match[2] };
  return undefined;
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A timeframe token in words, for interpretations.
 *
 * @example describeTimeframe("2026-Q3") // "Q3 2026"
 */
export function describeTimeframe(token: string): string {
  const words: Record<string, string> = {
    today: "today",
    yesterday: "yesterday",
    this_week: "this week so far",
    this_month: "this month so far",
    this_quarter: "this quarter so far",
    year_to_date: "this year so far",
    last_week: "last week",
    last_month: "last month",
    last_quarter: "last quarter",
    last_year: "last year",
    all_time: "all time",
    previous_period: "the previous period",
    same_period_last_year: "the same period last year",
  };
  if (words[token]) return words[token];
  let match = /^last_(\d+)_(days|weeks|months)$/.exec(token);
  if (match) return `last ${match[1]} ${match[1] === "1" ? match[2].slice(0, -1) : match[2]}`;
  if ((match = /^(\d{4})-Q([1-4])$/.exec(token))) return `Q${match[2]} ${match[1]}`;
  if ((match = /^(\d{4})-(\d{2})$/.exec(token))) return `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
  if ((match = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(token))) return `${match[1]} to ${match[2]}`;
  if (parseIsoDate(token)) return `on ${token}`;
  return token;
}

/** The latest date with this month and day that is not after today. */
export function latestMonthDay(month: number, day: number, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year - 1]) {
    const date = ymd(y, month, day);
    if (parseIsoDate(date) && date <= today) return date;
  }
  return undefined;
}

/** The year of the latest such month that has begun by today. */
export function latestMonthYear(month: number, today: string): number {
  const [y, m] = today.split("-").map(Number);
  return month <= m ? y : y - 1;
}

/** The year of the latest such quarter that has begun by today. */
export function latestQuarterYear(quarter: number, today: string): number {
  const [y, m] = today.split("-").map(Number);
  return quarter <= Math.floor((m - 1) / 3) + 1 ? y : y - 1;
}

export { ymd, lastDayOfMonth };
