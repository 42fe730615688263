/**
 * How much of a file the importer holds or echoes at once. A report's line
 * (or a JSON report's element) is at most a few kilobytes, so a longer one
 * means a damaged file or not a report at all: it is refused where it is
 * found, instead of being gathered whole (a line of a gigabyte would be
 * gathered for minutes into gigabytes of memory).
 */
import { SellerAiError } from "../core/errors.js";

/** The longest line, CSV record or JSON value read: 1 MiB of characters. */
export const MAX_LINE_CHARS = 1 << 20;

/** The refusal of a line (or value) longer than `max`, naming the file and line. */
export function tooLong(name: string | undefined, line: number, max: number, what = "the line"): SellerAiError {
  const size = max % (1 << 20) === 0 ? `${max >> 20} MB` : `${max.toLocaleString("en-US")} characters`;
  return new SellerAiError(
    "import_rejected",
    `${name ? `${name}:` : "line "}${line}: ${what} is longer than ${size}; report lines are far shorter, ` +
      "so the file is damaged or not a report. Nothing from the file was imported.",
  );
}

/** The longest piece of a file's text an error message quotes. */
export const MAX_ECHO_CHARS = 60;

/**
 * Text from a file as an error message shows it: cut to `max` characters.
 * A header or cell can be megabytes long; the message only needs to show
 * which one it is.
 *
 * @example
 * excerpt("x".repeat(100), 5) // "xxxxx… (100 characters)"
 */
export function excerpt(text: string, max = MAX_ECHO_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length.toLocaleString("en-US")} characters)`;
}

/** `excerpt` in double quotes, as messages quote a cell. */
export function quoted(text: string, max = MAX_ECHO_CHARS): string {
  return `"${excerpt(text, max)}"`;
}

/**
 * The most days a report's figures for a span are spread over (three years):
 * Amazon's reports cover two years at most, and a row claiming centuries
 * would otherwise write a row for every day of them.
 */
export const MAX_SPREAD_DAYS = 1096;

/** Refuses a span a file gives that is longer than MAX_SPREAD_DAYS (from the file, not from --period). */
export function checkSpreadSpan(period: { start: string; end: string }, what: string): void {
  const days = Math.round((Date.parse(period.end) - Date.parse(period.start)) / 86_400_000) + 1;
  if (days > MAX_SPREAD_DAYS)
    throw new SellerAiError(
      "import_rejected",
      `${what} span ${days.toLocaleString("en-US")} days (${period.start} to ${period.end}); a report covers at most ` +
        `${MAX_SPREAD_DAYS.toLocaleString("en-US")}. Nothing from the file was imported.`,
    );
}

/**
 * How far after the day of the import a file's days may run: a little, for
 * reports written in a time zone ahead and for clocks set with --today; a
 * date centuries ahead is a typing mistake or a hostile file, and the running
 * totals would be kept for every day up to it.
 */
export const MAX_DAYS_AHEAD = 366;

/** Refuses a file whose newest day is more than MAX_DAYS_AHEAD after `today`. */
export function checkNotAhead(name: string, newest: string | null | undefined, today: string): void {
  if (!newest) return;
  const ahead = Math.round((Date.parse(newest) - Date.parse(today)) / 86_400_000);
  if (ahead > MAX_DAYS_AHEAD)
    throw new SellerAiError(
      "import_rejected",
      `${name} holds days up to ${newest}, ${ahead.toLocaleString("en-US")} days after today (${today}); ` +
        "a report holds no days that far ahead, so its dates are wrong. Nothing from the file was imported.",
    );
}
