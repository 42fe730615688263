import { parseIsoDate } from "../core/dates.js";
import { resolveTimeframe as resolveTimeframeToken } from "../core/timeframe.js";
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

/**
 * Resolves a timeframe token to inclusive dates, given today's date (the
 * core's resolver). `all_time` and unknown tokens give undefined: the start
 * of all time is the mirror's first date, which the parser does not know.
 *
 * @example resolveTimeframe("last_30_days", "2026-11-21") // { start: "2026-10-22", end: "2026-11-20" }
 */
export function resolveTimeframe(token: string, today: string): DateRange | undefined {
  return token === "all_time" ? undefined : resolveTimeframeToken(token, today);
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
