import { addDaysIso, weekdayIso } from "../core/dates.js";
import { addMonthsIso, resolveTimeframe } from "../core/timeframe.js";

/**
 * The period just before a timeframe token, as a token: what a follow-up such
 * as "and the month before that?" asks for. A calendar period gives the
 * calendar period before it (October → September, last week → the week
 * before); a rolling window or a range gives the equal-length window before
 * it. Undefined for `all_time` and tokens outside the grammar.
 *
 * @example periodBefore("last_month", "2026-11-21") // "2026-09"
 * @example periodBefore("yesterday", "2026-11-21") // "2026-11-19"
 */
export function periodBefore(token: string, today: string): string | undefined {
  const month = (date: string) => date.slice(0, 7);
  const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
  switch (token) {
    case "today":
      return "yesterday";
    case "yesterday":
      return addDaysIso(today, -2);
    case "this_week":
      return "last_week";
    case "this_month":
      return "last_month";
    case "this_quarter":
      return "last_quarter";
    case "year_to_date":
      return "last_year";
    case "last_week": {
      const monday = addDaysIso(today, -weekdayIso(today) - 14);
      return `${monday}..${addDaysIso(monday, 6)}`;
    }
    case "last_month":
      return month(addMonthsIso(`${month(today)}-01`, -2));
    case "last_quarter": {
      const start = resolveTimeframe("last_quarter", today)?.start;
      return start ? quarterOf(addMonthsIso(start, -3)) : undefined;
    }
    case "last_year":
      return String(Number(today.slice(0, 4)) - 2);
  }
  if (/^\d{4}$/.test(token)) return String(Number(token) - 1);
  if (/^\d{4}-\d{2}$/.test(token)) return month(addMonthsIso(`${token}-01`, -1));
  if (/^\d{4}-Q[1-4]$/.test(token)) return quarterOf(addMonthsIso(resolveTimeframe(token, today)!.start, -3));
  if (/^\d{4}-\d{2}-\d{2}$/.test(token)) return addDaysIso(token, -1);
  // A rolling window or a range: the window of the same length that ends the day before it starts.
  const range = resolveTimeframe(token, today);
  if (!range) return undefined;
  const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000;
  const end = addDaysIso(range.start, -1);
  return `${addDaysIso(end, -days)}..${end}`;
}
