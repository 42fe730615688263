import { describe, expect, it } from "vitest";
import { parseQuestion } from "../../src/nlu/parse-question.js";
import { describeTimeframe, isTimeframeToken, resolveTimeframe } from "../../src/core/timeframe.js";
import type { Filters } from "../../src/core/understanding.js";
import { FIXTURE_CATALOG } from "../helpers/nlu-fixture-mirror.js";

const TODAY = "2026-11-21"; // a Saturday
const catalog = { categories: FIXTURE_CATALOG.categories, subcategories: [], campaigns: [], asins: [], skus: [] };

function filtersOf(question: string, today = TODAY): Filters {
  const outcome = parseQuestion(question, { catalog, today });
  if ("error" in outcome) throw new Error(`not understood: ${question}: ${outcome.error.message}`);
  return outcome.understanding.filters;
}

describe("timeframe tokens resolve against today", () => {
  it.each([
    ["today", "2026-11-21", "2026-11-21"],
    ["yesterday", "2026-11-20", "2026-11-20"],
    ["last_30_days", "2026-10-22", "2026-11-20"],
    ["last_7_days", "2026-11-14", "2026-11-20"],
    ["last_2_weeks", "2026-11-07", "2026-11-20"],
    ["last_6_months", "2026-05-21", "2026-11-20"],
    ["last_12_months", "2025-11-21", "2026-11-20"],
    ["this_week", "2026-11-16", "2026-11-21"],
    ["this_month", "2026-11-01", "2026-11-21"],
    ["this_quarter", "2026-10-01", "2026-11-21"],
    ["year_to_date", "2026-01-01", "2026-11-21"],
    ["last_week", "2026-11-09", "2026-11-15"],
    ["last_month", "2026-10-01", "2026-10-31"],
    ["last_quarter", "2026-07-01", "2026-09-30"],
    ["last_year", "2025-01-01", "2025-12-31"],
    ["2025", "2025-01-01", "2025-12-31"],
    ["2026-Q3", "2026-07-01", "2026-09-30"],
    ["2024-Q1", "2024-01-01", "2024-03-31"],
    ["2026-02", "2026-02-01", "2026-02-28"],
    ["2024-02", "2024-02-01", "2024-02-29"],
    ["2026-03-15", "2026-03-15", "2026-03-15"],
    ["2026-09-01..2026-11-21", "2026-09-01", "2026-11-21"],
  ])("%s is %s..%s", (token, start, end) => {
    expect(isTimeframeToken(token)).toBe(true);
    expect(resolveTimeframe(token, TODAY)).toEqual({ start, end });
  });

  it.each([
    ["last_month in January", "last_month", "2027-01-10", "2026-12-01", "2026-12-31"],
    ["last_quarter in Q1", "last_quarter", "2027-02-01", "2026-10-01", "2026-12-31"],
    ["last_week on a Monday", "last_week", "2026-11-23", "2026-11-16", "2026-11-22"],
    ["last_1_months at a month's end", "last_1_months", "2026-03-31", "2026-02-28", "2026-03-30"],
  ])("%s", (_label, token, today, start, end) => {
    expect(resolveTimeframe(token, today)).toEqual({ start, end });
  });

  it("leaves all_time to the data", () => {
    expect(isTimeframeToken("all_time")).toBe(true);
    expect(resolveTimeframe("all_time", TODAY)).toBeUndefined();
  });

  it.each([
    "last_0_days",
    "last_3_years",
    "2026-Q5",
    "2026-13",
    "2026-02-30",
    "2026-11-21..2026-11-01",
    "next_week",
    "",
  ])("rejects %j", (token) => {
    expect(isTimeframeToken(token)).toBe(false);
  });

  it.each([
    ["last_30_days", "last 30 days"],
    ["2026-Q3", "Q3 2026"],
    ["2026-03", "March 2026"],
    ["year_to_date", "this year so far"],
    ["2026-09-01..2026-11-21", "2026-09-01 to 2026-11-21"],
  ])("%s reads as %j", (token, words) => {
    expect(describeTimeframe(token)).toBe(words);
  });
});

describe("timeframe phrases in questions", () => {
  it.each([
    ["sales today", "today"],
    ["sales so far today", "today"],
    ["revenue yesterday", "yesterday"],
    ["revenue in the last 30 days", "last_30_days"],
    ["revenue over the past 14 days", "last_14_days"],
    ["revenue for the last 4 weeks", "last_4_weeks"],
    ["revenue in the past two weeks", "last_2_weeks"],
    ["revenue for the trailing 6 months", "last_6_months"],
    ["revenue over the last 2 years", "last_24_months"],
    ["revenue this week", "this_week"],
    ["revenue week to date", "this_week"],
    ["revenue this month", "this_month"],
    ["revenue mtd", "this_month"],
    ["revenue this quarter", "this_quarter"],
    ["revenue this year", "year_to_date"],
    ["revenue YTD", "year_to_date"],
    ["revenue year to date", "year_to_date"],
    ["revenue last week", "last_week"],
    ["revenue last month", "last_month"],
    ["revenue the previous month", "last_month"],
    ["revenue last quarter", "last_quarter"],
    ["revenue last year", "last_year"],
    ["revenue past week", "last_7_days"],
    ["revenue over the past month", "last_30_days"],
    ["revenue past quarter", "last_3_months"],
    ["revenue in the past year", "last_12_months"],
    ["revenue in 2025", "2025"],
    ["revenue in Q3", "2026-Q3"],
    ["revenue in Q4", "2026-Q4"],
    ["revenue in the first quarter", "2026-Q1"],
    ["revenue in Q2 2025", "2025-Q2"],
    ["revenue in 2025 Q2", "2025-Q2"],
    ["revenue in the third quarter of 2024", "2024-Q3"],
    ["revenue in March", "2026-03"],
    ["revenue in December", "2025-12"],
    ["revenue in may", "2026-05"],
    ["revenue for March 2025", "2025-03"],
    ["revenue in sept 2024", "2024-09"],
    ["revenue on 2026-03-15", "2026-03-15"],
    ["revenue on March 15", "2026-03-15"],
    ["revenue on 15th of March 2025", "2025-03-15"],
    ["revenue since September 1", "2026-09-01..2026-11-21"],
    ["revenue since March", "2026-03-01..2026-11-21"],
    ["revenue since 2025", "2025-01-01..2026-11-21"],
    ["revenue since last month", "2026-10-01..2026-11-21"],
    ["revenue from March 1 to March 31", "2026-03-01..2026-03-31"],
    ["revenue between 2026-01-01 and 2026-02-15", "2026-01-01..2026-02-15"],
    ["revenue 2026-01-01..2026-02-15", "2026-01-01..2026-02-15"],
    ["revenue from March to June", "2026-03-01..2026-06-30"],
    ["revenue from November to February", "2025-11-01..2026-02-28"],
    ["revenue of all time", "all_time"],
    ["revenue in the first half of 2025", "2025-01-01..2025-06-30"],
    ["revenue in H2", "2026-07-01..2026-12-31"],
    ["revenue since Monday", "2026-11-16..2026-11-21"],
    ["revenue on Tuesday", "2026-11-17"],
    ["revenue last Saturday", "2026-11-14"],
    ["revenue over the last couple of weeks", "last_2_weeks"],
  ])("%j has timeframe %s", (question, token) => {
    const f = filtersOf(question);
    expect(f.timeframe).toBe(token);
    if (token !== "all_time") expect(f.date_range).toEqual(resolveTimeframe(token, TODAY));
  });

  it.each([
    ["this month vs last month", "this_month", "last_month"],
    ["compare sales this quarter with last quarter", "this_quarter", "last_quarter"],
    ["Q3 vs Q2 revenue", "2026-Q3", "2026-Q2"],
    ["compare March 2026 to March 2025", "2026-03", "2025-03"],
    ["revenue this month compared to last year", "this_month", "same_period_last_year"],
    ["year over year revenue in the last 7 days", "last_7_days", "same_period_last_year"],
    ["revenue growth yoy", "last_30_days", "same_period_last_year"],
    ["compare last week with the week before", "last_week", "previous_period"],
    ["compare the last 30 days to the previous 30 days", "last_30_days", "previous_period"],
    ["month over month sales", "last_30_days", "previous_period"],
    ["how are sales compared to the previous period", "last_30_days", "previous_period"],
  ])("%j compares %s with %s", (question, timeframe, compareTo) => {
    const outcome = parseQuestion(question, { catalog, today: TODAY });
    expect("understanding" in outcome && outcome.understanding.intent).toBe("sales_comparison");
    const f = filtersOf(question);
    expect(f.timeframe).toBe(timeframe);
    expect(f.compare_to).toBe(compareTo);
  });

  it.each([
    ["what runs out in the next 2 weeks", 14],
    ["stockout risk within 10 days", 10],
    ["restock for the next 60 days", 60],
    ["what will run out next month", 30],
    ["what sells out in 3 weeks", 21],
  ])("%j looks %i days ahead, not back", (question, days) => {
    const f = filtersOf(question);
    expect(f.horizon_days).toBe(days);
    expect(f.timeframe).toBeUndefined();
  });

  it.each([
    ["sales summary", "last_30_days"],
    ["top products", "last_30_days"],
    ["buy box share", "last_30_days"],
    ["acos by campaign", "last_30_days"],
  ])("%j gets the intent's default period %s", (question, token) => {
    expect(filtersOf(question).timeframe).toBe(token);
  });

  it("leaves the period out of inventory questions that give none", () => {
    expect(filtersOf("which products are at risk of stocking out").timeframe).toBeUndefined();
  });
});
