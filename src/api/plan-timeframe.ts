import { isoDate } from "../core/dates.js";
import { comparisonRange } from "../core/timeframe.js";
import { SellerAiError } from "../core/errors.js";
import type { Understanding } from "../core/understanding.js";
import { PLAN_LIMITS, PLANS, type Plan } from "../accounts/plans.js";

/** The first day a plan's data window reaches, `months` calendar months before today (clamped to month ends). */
export function earliestAllowedDate(today: string, months: number): string {
  const [y, m, d] = today.split("-").map(Number);
  const monthIndex = y * 12 + (m - 1) - months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/**
 * Every period an understanding reads: its date range, any other {start, end}
 * in the filters, the comparison period when one is asked for, and for
 * `all_time` the whole history.
 */
function periodsOf(understanding: Understanding, today: string): { start: string; end: string }[] {
  const filters = understanding.filters ?? {};
  const periods: { start: string; end: string }[] = [];
  for (const value of Object.values(filters)) {
    if (
      value &&
      typeof value === "object" &&
      typeof (value as { start?: unknown }).start === "string" &&
      typeof (value as { end?: unknown }).end === "string"
    ) {
      periods.push(value as { start: string; end: string });
    }
  }
  if (filters.date_range && typeof filters.compare_to === "string")
    periods.push(comparisonRange(filters.date_range, filters.compare_to, today));
  if (filters.timeframe === "all_time") periods.push({ start: ALL_HISTORY, end: today });
  return periods;
}

const ALL_HISTORY = "0000-01-01";

/**
 * The check a plan puts on an understanding before any analytics run: a
 * period that starts before the plan's data window is refused with 403
 * `timeframe_exceeds_plan`, suggesting a shorter period or the plan that
 * allows it.
 *
 * @example
 * answer(question, { db, now, authorize: planTimeframeGuard("starter", now) });
 */
export function planTimeframeGuard(plan: Plan, now: Date): (understanding: Understanding) => void {
  const months = PLAN_LIMITS[plan].dataMonths;
  if (months === null) return () => {};
  const today = isoDate(now);
  const earliest = earliestAllowedDate(today, months);
  return (understanding) => {
    const start = periodsOf(understanding, today)
      .map((p) => p.start)
      .sort()[0];
    if (start === undefined || start >= earliest) return;
    const allowing = PLANS.find((p) => {
      const m = PLAN_LIMITS[p].dataMonths;
      return m === null || start >= earliestAllowedDate(today, m);
    });
    const suggestions = [
      `Ask about a shorter period: the ${plan} plan reaches back ${months} months, to ${earliest} (e.g. timeframe "last_${months}_months").`,
    ];
    if (allowing) {
      const reach = PLAN_LIMITS[allowing].dataMonths;
      suggestions.push(
        reach === null
          ? `The ${allowing} plan covers all history.`
          : `The ${allowing} plan reaches back ${reach} months, which includes ${start}.`,
      );
    }
    const needs = start === ALL_HISTORY ? "all history" : `data from ${start}`;
    throw new SellerAiError(
      "timeframe_exceeds_plan",
      `the question needs ${needs}, older than the ${plan} plan allows (${months} months, from ${earliest}).`,
      {
        suggestions,
        details: { earliest_allowed: earliest, requested_start: start },
      },
    );
  };
}
