/**
 * Cell parsers for report values. Amazon's files write numbers and dates in
 * the seller's locale: "$1,234.56", "1.234,56 €", "12.5%", "2024-03-01T08:00:00-08:00",
 * "03/01/2024", "01.03.2024 08:00:00 UTC". A cell that cannot be read throws a
 * RowError whose message becomes the `file:line: reason` the user sees.
 */
import { quoted } from "./limits.js";

/** A problem with one row: the row is rejected, the rest of the file goes on. */
export class RowError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "RowError";
  }
}

const PLAIN = /^-?\d{1,15}(\.\d+)?$/;
const GROUPED = /^\d{1,3}(,\d{3})+$/;
const GROUPED_DOT = /^\d{1,3}(\.\d{3})+$/;

/**
 * A number from a money, count or percentage cell; undefined for an empty cell.
 *
 * @example
 * parseNumber("$1,234.56", "item-price") // 1234.56
 * parseNumber("1.234,56 €", "price")      // 1234.56
 * parseNumber("(3.10)", "fee")            // -3.1
 */
export function parseNumber(text: string | undefined, column: string): number | undefined {
  if (text === undefined) return undefined;
  // Most cells of flat files are plain decimals: skip the locale handling for them.
  if (PLAIN.test(text)) return Number(text);
  let s = text.trim();
  if (s === "" || s === "--" || s === "-" || s.toLowerCase() === "n/a") return undefined;
  let negative = false;
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true;
    s = s.slice(1, -1);
  }
  // Currency symbols and codes, percent signs and spaces (including narrow no-break ones) go.
  s = s.replace(/[\s\u00a0\u202f%]/g, "").replace(/[^\d.,+\-\u2212]/g, (ch) => (/[\p{L}\p{Sc}]/u.test(ch) ? "" : ch));
  s = s.replace(/\u2212/g, "-");
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith("+")) s = s.slice(1);
  if (s.endsWith("-")) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) throw new RowError(`${column}: not a number: ${quoted(text)}`);
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    // Both separators: the later one is the decimal point.
    s = lastDot > lastComma ? s.replace(/,/g, "") : s.replace(/\./g, "").replace(",", ".");
  } else if (lastComma >= 0) {
    s = GROUPED.test(s) ? s.replace(/,/g, "") : s.replace(",", ".");
  } else if (lastDot >= 0 && GROUPED_DOT.test(s) && (s.match(/\./g) ?? []).length > 1) {
    s = s.replace(/\./g, "");
  }
  if ((s.match(/[.,]/g) ?? []).length > 1) throw new RowError(`${column}: not a number: ${quoted(text)}`);
  const value = Number(s);
  if (!Number.isFinite(value)) throw new RowError(`${column}: not a number: ${quoted(text)}`);
  return negative ? -value : value;
}

/** A whole number (counts, quantities); undefined for an empty cell. */
export function parseCount(text: string | undefined, column: string): number | undefined {
  // Most cells are a few plain digits: read at once.
  if (text !== undefined && text.length > 0 && text.length <= 9 && onlyDigits(text)) return Number(text);
  // In a whole-number column "1.876" can only be a grouped 1876 (German, Italian, Spanish reports).
  const grouped = text !== undefined && GROUPED_DOT.test(text.trim()) ? text.trim().replace(/\./g, "") : text;
  const value = parseNumber(grouped, column);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value)) throw new RowError(`${column}: not a whole number: ${quoted(text ?? "")}`);
  return value;
}

function onlyDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || y < 1990 || y > 2200) return undefined;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1])) return undefined;
  return `${y}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

/**
 * The calendar date (`YYYY-MM-DD`) of a date or timestamp cell, as written
 * (a timestamp's local date, not converted to UTC: reports use the
 * marketplace's time zone, and so do Seller Central's own daily figures).
 * Slash dates with the year last are month/day/year (US reports) unless the
 * first number cannot be a month. Undefined for an empty cell.
 *
 * @example
 * parseDate("2022-07-11T01:34:18-07:00", "purchase-date") // "2022-07-11"
 * parseDate("13.11.2023 22:51:31 UTC", "posted-date")      // "2023-11-13"
 */
export function parseDate(text: string | undefined, column: string): string | undefined {
  if (text === undefined) return undefined;
  const s = text.trim();
  if (s === "") return undefined;
  // The ISO form that flat files write on every line, read without a regular expression.
  if (s.length >= 10 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45) {
    const next = s.length === 10 ? -1 : s.charCodeAt(10);
    const hi = digits2(s, 0);
    const lo = digits2(s, 2);
    const month = digits2(s, 5);
    const day = digits2(s, 8);
    if ((next === -1 || next === 84 || next === 32 || next === 9) && hi >= 0 && lo >= 0 && month >= 0 && day >= 0) {
      const iso = validDate(hi * 100 + lo, month, day);
      if (!iso) throw new RowError(`${column}: not a date: ${quoted(text)}`);
      return iso;
    }
  }
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/.exec(s);
  let iso: string | undefined;
  if (m) iso = validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:$|\s)/.exec(s)))
    iso = validDate(Number(m[3]), Number(m[2]), Number(m[1]));
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$|[\s,])/.exec(s))) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    iso = a > 12 ? validDate(Number(m[3]), b, a) : validDate(Number(m[3]), a, b);
  } else if ((m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})(?:$|\s)/.exec(s))) {
    // The Ads console writes "Mar 01, 2024".
    const month = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    if (month > 0) iso = validDate(Number(m[3]), month, Number(m[2]));
  }
  if (!iso) throw new RowError(`${column}: not a date: ${quoted(text)}`);
  return iso;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A required date: an empty cell is an error. */
export function requireDate(text: string | undefined, column: string): string {
  const value = parseDate(text, column);
  if (value === undefined) throw new RowError(`${column}: missing date`);
  return value;
}

/** A required text cell (an identifier such as an ASIN or an order id). */
export function requireText(text: string | undefined, column: string): string {
  const value = text?.trim() ?? "";
  if (value === "") throw new RowError(`${column}: missing value`);
  return value;
}

/** A trimmed text cell, or null when empty. */
export function optionalText(text: string | undefined): string | null {
  const value = text?.trim() ?? "";
  return value === "" ? null : value;
}

/** Rounds money to cents, avoiding binary noise like 0.30000000000000004. */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A timestamp cell as a UTC instant (`2024-03-01T16:00:00.000Z`), so that
 * "-07:00" and "+00:00" forms of one moment compare equal; undefined when it
 * cannot be read. The ISO form with an offset, which flat files write on
 * every line, is converted by hand: Date's parser and toISOString cost
 * microseconds per call.
 *
 * @example
 * utcInstant("2024-03-01T23:00:00-08:00") // "2024-03-02T07:00:00.000Z"
 * utcInstant("13.11.2023 22:51:31 UTC")    // undefined
 */
export function utcInstant(text: string): string | undefined {
  const fast = isoWithOffsetToUtc(text);
  if (fast !== undefined) return fast;
  const ms = Date.parse(text.replace(" UTC", "Z").replace(" ", "T"));
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function digits2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function daysIn(year: number, month: number): number {
  return month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month - 1];
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** `YYYY-MM-DDTHH:MM:SS[.mmm](Z|±HH:MM)` with every field in range, as UTC; else undefined (left to Date). */
function isoWithOffsetToUtc(s: string): string | undefined {
  const n = s.length;
  const millis = n === 24 || n === 29;
  if (!(n === 20 || n === 25 || millis)) return undefined;
  if (
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  )
    return undefined;
  const hi = digits2(s, 0);
  const lo = digits2(s, 2);
  const month = digits2(s, 5);
  const day = digits2(s, 8);
  const hour = digits2(s, 11);
  const minute = digits2(s, 14);
  const second = digits2(s, 17);
  let year = hi * 100 + lo;
  if (
    hi < 0 ||
    lo < 0 ||
    year < 1001 ||
    year > 9998 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59
  )
    return undefined;
  let fraction = ".000";
  let at = 19;
  if (millis) {
    if (s.charCodeAt(19) !== 46 || digits2(s, 20) < 0 || digits2(s, 21) < 0) return undefined;
    fraction = s.slice(19, 23);
    at = 23;
  }
  let offset = 0;
  const sign = s.charCodeAt(at);
  if (sign === 90) {
    if (at + 1 !== n) return undefined;
  } else {
    if ((sign !== 43 && sign !== 45) || at + 6 !== n || s.charCodeAt(at + 3) !== 58) return undefined;
    const oh = digits2(s, at + 1);
    const om = digits2(s, at + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return undefined;
    offset = (sign === 45 ? -1 : 1) * (oh * 60 + om);
  }
  // Local minutes of the day minus the offset; an offset below a day moves the date by one at most.
  let minutes = hour * 60 + minute - offset;
  let m = month;
  let d = day;
  if (minutes < 0) {
    minutes += 1440;
    if (--d === 0) {
      if (--m === 0) {
        m = 12;
        year--;
      }
      d = daysIn(year, m);
    }
  } else if (minutes >= 1440) {
    minutes -= 1440;
    if (++d > daysIn(year, m)) {
      d = 1;
      if (++m === 13) {
        m = 1;
        year++;
      }
    }
  }
  return `${year}-${pad2(m)}-${pad2(d)}T${pad2((minutes / 60) | 0)}:${pad2(minutes % 60)}:${s.slice(17, 19)}${fraction}Z`;
}
