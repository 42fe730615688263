/**
 * The one timeframe grammar of the contract (query-understanding.md):
 * reading a token as written, resolving it to inclusive ISO dates given
 * today's date, describing it in words, and deriving comparison periods.
 * The CLI's --timeframe, the API's `timeframe` field, the parser and the
 * analytics all go through this module.
 *
 * Tokens: today, yesterday, last_N_days|weeks|months, this_week|month|quarter,
 * year_to_date, last_week|month|quarter|year, YYYY, YYYY-Qn, YYYY-MM,
 * YYYY-MM-DD, YYYY-MM-DD..YYYY-MM-DD, all_time.
 */
import { addDaysIso, daysBetweenIso, parseIsoDate, weekdayIso } from "./dates.js";

/** Inclusive ISO dates. */
export interface DateRange {
  start: string;
  end: string;
}

/** The start of `all_time` before the mirror's first date is known. */
export const ALL_TIME_START = "0000-01-01";

const FIXED_TOKENS = new Set([
  "today",
  "yesterday",
  "this_week",
  "this_month",
  "this_quarter",
  "year_to_date",
  "last_week",
  "last_month",
  "last_quarter",
  "last_year",
  "all_time",
]);

/** Spellings taken for a fixed token. */
const FIXED_ALIASES: Record<string, string> = { this_year: "year_to_date" };

const pad = (n: number): string => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number): string => `${y}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
const lastDayOfMonth = (y: number, m: number): string => ymd(y, m, daysInMonth(y, m));

/**
 * The canonical token for a token as a person or a client writes it (any
 * case, surrounding spaces, a singular unit, `this_year`), or undefined when
 * it is not in the grammar.
 *
 * @example
 * parseTimeframeToken(" 2025-q3 ") // "2025-Q3"
 * parseTimeframeToken("LAST_3_DAY") // "last_3_days"
 * parseTimeframeToken("last quarter") // undefined
 */
export function parseTimeframeToken(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  if (FIXED_TOKENS.has(t)) return t;
  if (FIXED_ALIASES[t]) return FIXED_ALIASES[t];
  let m = /^last_(\d{1,4})_(day|week|month)s?$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    return n >= 1 ? `last_${n}_${m[2]}s` : undefined;
  }
  if (/^\d{4}$/.test(t)) return t;
  if ((m = /^(\d{4})-q([1-4])$/.exec(t))) return `${m[1]}-Q${m[2]}`;
  if ((m = /^(\d{4})-(\d{2})$/.exec(t))) {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? t : undefined;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return parseIsoDate(t) ? t : undefined;
  if ((m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(t))) {
    return parseIsoDate(m[1]) && parseIsoDate(m[2]) && m[1] <= m[2] ? t : undefined;
  }
  return undefined;
}

/** Whether a string is a timeframe token exactly as the contract spells it. */
export function isTimeframeToken(token: string): boolean {
  return parseTimeframeToken(token) === token;
}

function monthRange(year: number, month: number): DateRange {
  return { start: ymd(year, month, 1), end: lastDayOfMonth(year, month) };
}

function quarterRange(year: number, quarter: number): DateRange {
  const first = (quarter - 1) * 3 + 1;
  return { start: ymd(year, first, 1), end: lastDayOfMonth(year, first + 2) };
}

/** A date shifted by whole months (its day clamped to the month's length). */
export function addMonthsIso(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return ymd(year, month, Math.min(d, daysInMonth(year, month)));
}

/**
 * The inclusive dates of a token (as written: it is read with
 * parseTimeframeToken first), given today's date: the contract's
 * `date_range`. `all_time` and tokens outside the grammar give undefined:
 * the start of all time is the mirror's first date, which only the data knows
 * (see periodOf).
 *
 * @example resolveTimeframe("last_30_days", "2026-11-21") // { start: "2026-10-22", end: "2026-11-20" }
 */
export function resolveTimeframe(token: string, today: string): DateRange | undefined {
  const t = parseTimeframeToken(token);
  if (t === undefined || t === "all_time") return undefined;
  const [ty, tm] = today.split("-").map(Number);
  const yesterday = addDaysIso(today, -1);
  if (t === "today") return { start: today, end: today };
  if (t === "yesterday") return { start: yesterday, end: yesterday };
  let m = /^last_(\d+)_(day|week|month)s$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    if (m[2] === "day") return { start: addDaysIso(today, -n), end: yesterday };
    if (m[2] === "week") return { start: addDaysIso(today, -7 * n), end: yesterday };
    return { start: addMonthsIso(today, -n), end: yesterday };
  }
  if (t === "this_week") return { start: addDaysIso(today, -weekdayIso(today)), end: today };
  if (t === "this_month") return { start: ymd(ty, tm, 1), end: today };
  if (t === "this_quarter") return { start: quarterRange(ty, Math.floor((tm - 1) / 3) + 1).start, end: today };
  if (t === "year_to_date") return { start: ymd(ty, 1, 1), end: today };
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
  if ((m = /^(\d{4})-Q([1-4])$/.exec(t))) return quarterRange(Number(m[1]), Number(m[2]));
  if ((m = /^(\d{4})-(\d{2})$/.exec(t))) return monthRange(Number(m[1]), Number(m[2]));
  if ((m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(t))) return { start: m[1], end: m[2] };
  return { start: t, end: t };
}

/**
 * The period an analysis reads for a token: its dates, and for `all_time`
 * everything up to today (the analysis then starts it at the first day of
 * data). Undefined for a token outside the grammar.
 */
export function periodOf(token: string, today: string): DateRange | undefined {
  return parseTimeframeToken(token) === "all_time"
    ? { start: ALL_TIME_START, end: today }
    : resolveTimeframe(token, today);
}

/** The calendar unit of a calendar token (last_month, 2026-10, this_quarter...), or undefined for a rolling one. */
export function calendarUnitOf(token: string | undefined): "week" | "month" | "quarter" | "year" | undefined {
  const t = token === undefined ? undefined : parseTimeframeToken(token);
  if (t === undefined) return undefined;
  if (t === "this_week" || t === "last_week") return "week";
  if (t === "this_month" || t === "last_month" || /^\d{4}-\d{2}$/.test(t)) return "month";
  if (t === "this_quarter" || t === "last_quarter" || /^\d{4}-Q[1-4]$/.test(t)) return "quarter";
  if (t === "year_to_date" || t === "last_year" || /^\d{4}$/.test(t)) return "year";
  return undefined;
}

/** Whether a period is still running on `today` (it reaches today or later). */
export function isRunning(range: DateRange, today: string): boolean {
  return range.end >= today;
}

function shiftByUnit(date: string, unit: "week" | "month" | "quarter" | "year", times: number): string {
  if (unit === "week") return addDaysIso(date, 7 * times);
  return addMonthsIso(date, (unit === "month" ? 1 : unit === "quarter" ? 3 : 12) * times);
}

/**
 * The period a range is compared with, like for like (contract, "Comparing
 * like with like"):
 * - `previous_period` of a calendar token is the previous calendar period
 *   (October for November, September 1..30 for October), of a rolling one
 *   the equal-length window just before;
 * - `same_period_last_year` is the same dates a year earlier;
 * - a named timeframe is that period.
 * A period still running is compared with the same days of the other one:
 * this month through the 21st against the 1st..21st of last month
 * (`running` says so when the range was cut to the last day with data).
 *
 * @example comparisonRange({ start: "2026-11-01", end: "2026-11-21" }, "last_month", "2026-11-21") // 2026-10-01..2026-10-21
 */
export function comparisonRange(
  range: DateRange,
  compareTo: string | undefined,
  today: string,
  timeframe?: string,
  running = isRunning(range, today),
): DateRange {
  if (compareTo === "same_period_last_year")
    return { start: addMonthsIso(range.start, -12), end: addMonthsIso(range.end, -12) };
  if (compareTo && compareTo !== "previous_period") {
    const named = periodOf(compareTo, today);
    if (named) {
      if (!running || named.end >= range.start) return named;
      // The same number of days from the start of the named period, never past its end.
      const sameDays = addDaysIso(named.start, daysBetweenIso(range.start, range.end));
      return { start: named.start, end: sameDays < named.end ? sameDays : named.end };
    }
  }
  const unit = calendarUnitOf(timeframe);
  if (unit) {
    const start = shiftByUnit(range.start, unit, -1);
    const end = running ? shiftByUnit(range.end, unit, -1) : addDaysIso(range.start, -1);
    return { start, end: end < range.start ? end : addDaysIso(range.start, -1) };
  }
  const days = daysBetweenIso(range.start, range.end) + 1;
  return { start: addDaysIso(range.start, -days), end: addDaysIso(range.start, -1) };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

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

/**
 * A resolved period as a name that reads after "in" or "for" in a sentence: the
 * calendar period a relative token stands for ("last_month" in November 2026 is
 * "October 2026"), "the last 30 days", a single date, or the dates themselves.
 *
 * @example periodName("last_month", { start: "2026-10-01", end: "2026-10-31" }) // "October 2026"
 */
export function periodName(token: string, range: DateRange): string {
  if (range.start === range.end) return range.start;
  const year = range.start.slice(0, 4);
  const month = `${MONTH_NAMES[Number(range.start.slice(5, 7)) - 1]} ${year}`;
  const quarter = `Q${Math.floor((Number(range.start.slice(5, 7)) - 1) / 3) + 1} ${year}`;
  const names: Record<string, string> = {
    this_week: "this week so far",
    last_week: `the week of ${range.start}`,
    this_month: `${month} so far`,
    last_month: month,
    this_quarter: `${quarter} so far`,
    last_quarter: quarter,
    year_to_date: `${year} so far`,
    last_year: year,
  };
  if (names[token]) return names[token];
  if (/^last_\d+_(days|weeks|months)$/.test(token)) return `the ${describeTimeframe(token)}`;
  if (/^\d{4}(-Q[1-4]|-\d{2})?$/.test(token)) return describeTimeframe(token);
  return `${range.start} to ${range.end}`;
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
