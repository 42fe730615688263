import { describe, expect, it } from "vitest";
import { periodName, resolveTimeframe } from "../../src/core/timeframe.js";

// Summaries say "in <period>" and "for <period>": the name must read in both places,
// and a relative token is named by the calendar period it stands for.
describe("a period's name reads after 'in' and 'for'", () => {
  const today = "2026-11-21";
  it.each([
    ["last_month", "October 2026"],
    ["this_month", "November 2026 so far"],
    ["last_quarter", "Q3 2026"],
    ["this_quarter", "Q4 2026 so far"],
    ["year_to_date", "2026 so far"],
    ["last_year", "2025"],
    ["last_week", "the week of 2026-11-09"],
    ["last_30_days", "the last 30 days"],
    ["last_12_weeks", "the last 12 weeks"],
    ["2026-10", "October 2026"],
    ["2025-Q2", "Q2 2025"],
    ["2024", "2024"],
    ["2026-10-01..2026-10-15", "2026-10-01 to 2026-10-15"],
    ["yesterday", "2026-11-20"],
  ])("%s is %j", (token, name) => {
    const range = resolveTimeframe(token, today);
    if (!range) throw new Error(`${token} did not resolve`);
    expect(periodName(token, range)).toBe(name);
  });
});
