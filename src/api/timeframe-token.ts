import { parseIsoDate } from "../core/dates.js";

const NAMED = new Set([
  "today", "yesterday", "this_week", "this_month", "this_quarter", "year_to_date",
  "last_week", "last_month", "last_quarter", "last_year", "all_time",
]);
/** Rolling windows beyond these sizes are typing mistakes, not periods. */
const MAX_ROLLING = { days: 3_660, weeks: 522, months: 120 } as const;

/**
 * True when `token` is a timeframe token of the query contract:
 * `today`, `last_N_days|weeks|months`, `this_month`, …, `YYYY`, `YYYY-Qn`,
 * `YYYY-MM`, `YYYY-MM-DD`, `YYYY-MM-DD..YYYY-MM-DD` or `all_time`.
 *
 * @example
 * isTimeframeToken("last_30_days") // true
 * isTimeframeToken("last 30 days") // false
 */
export function isTimeframeToken(token: string): boolean {
  if (NAMED.has(token)) return true;
  const rolling = /^last_([1-9]\d{0,3})_(days|weeks|months)$/.exec(token);
  if (rolling) return Number(rolling[1]) <= MAX_ROLLING[rolling[2] as keyof typeof MAX_ROLLING];
  if (/^\d{4}$/.test(token)) return Number(token) >= 1970;
  if (/^\d{4}-Q[1-4]$/.test(token)) return Number(token.slice(0, 4)) >= 1970;
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(token)) return Number(token.slice(0, 4)) >= 1970;
  if (/^\d{4}-\d{2}-\d{2}$/.test(token)) return parseIsoDate(token) !== undefined;
  const range = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(token);
  if (range) return parseIsoDate(range[1]) !== undefined && parseIsoDate(range[2]) !== undefined && range[1] <= range[2];
  return false;
}
