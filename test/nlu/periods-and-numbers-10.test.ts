// Periods and follow-ups: a calendar period's first day up to now ("Monday to today", "January through now") is that
// period to date, "so far" against last year or "at this stage of <last year's number>" is the year so far against the
// same stretch, the same month a year back set against the running one so far is like for like, "the whole quarter"
// is the current one, "which of those …" after a list keeps its scope and picks one, another figure of a sales or ad
// total pointed back at stays that total, and "there" after a told sentence is the place or category it named. Every
// phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("a calendar period's first day up to now is that period to date", () => {
  it.each([
    ["orders from Monday through now in Germany", "sales_summary", "this_week"],
    ["Monday till today, how many units in Spain?", "sales_summary", "this_week"],
    ["profit by month from January to today", "sales_trend", "year_to_date"],
    ["revenue in Italy, January through today", "sales_summary", "year_to_date"],
  ])("%s", (q, intent, timeframe) => expectFrame([q], { intent, filters: { timeframe } }));
  it.each([
    // Another weekday up to today is the days since it; "since" a day or a month stays the range it names.
    ["Tuesday to today, how much profit in France?", "2026-11-17..2026-11-21"],
    ["revenue since Monday", "2026-11-16..2026-11-21"],
    ["sales since January", "2026-01-01..2026-11-21"],
  ])("%s stays a range", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
});

describe("the year so far against the same stretch of last year", () => {
  it.each([
    "is revenue up on last year so far?",
    "units against last year so far",
    "is profit ahead of where it was at this point of 2025?",
    "are we behind the same stage in 2025 on units?",
    "how are units against the same point last year?",
  ])("%s", (q) =>
    expectFrame([q], {
      intent: "sales_comparison",
      filters: { timeframe: "year_to_date", compare_to: "same_period_last_year" },
    }),
  );
  it("against last year without 'so far' keeps the default period", () =>
    expectFrame(["how are orders compared to last year"], {
      intent: "sales_comparison",
      filters: { timeframe: "last_30_days", compare_to: "same_period_last_year" },
    }));
  it("a whole year named is that year", () =>
    expectFrame(["revenue in 2025"], { intent: "sales_summary", filters: { timeframe: "2025" } }));
});

describe("the running period against the same one a year back, so far, is like for like", () => {
  it.each([
    ["how is this November going against November 2025 so far", "this_month"],
    ["this quarter vs Q4 2025 so far", "this_quarter"],
  ])("%s", (q, timeframe) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to: "same_period_last_year" } }),
  );
  it.each([
    // Without "so far" a named month stays the whole month, against the one named.
    ["how's this October doing against last October", "2026-10", "2025-10"],
    ["November so far against October", "this_month", "last_month"],
  ])("%s", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
});

describe("'the whole quarter' is the current one", () => {
  it.each([
    [["revenue by week for the entire quarter"], "this_quarter"],
    [["daily orders this month", "show it weekly for the whole quarter instead"], "this_quarter"],
    [["units by day last week", "now the entire month please"], "this_month"],
  ])("%j", (q, timeframe) => expectFrame(q, { intent: "sales_trend", filters: { timeframe } }));
  it("a quarter named stays named", () =>
    expectFrame(["revenue by week for Q3"], { intent: "sales_trend", filters: { timeframe: "2026-Q3" } }));
});

describe("'which of those …' after a list keeps its scope and picks one", () => {
  it.each([
    [["top 3 sellers in Canada last month", "which of them has the lowest refund rate?"], "CA", "last_month", 1],
    [["my 8 best products in Japan this year", "which of those has the highest margin?"], "JP", "year_to_date", 1],
    [["top 10 products by units in Italy this quarter", "which one of these sold the most?"], "IT", "this_quarter", 1],
    // Several asked for ("are the most …") or only a new order: the list keeps its length.
    [
      ["top 10 products by units in Italy this quarter", "which of those are the most profitable?"],
      "IT",
      "this_quarter",
      10,
    ],
    [["top 10 products by units in Italy this quarter", "and by profit?"], "IT", "this_quarter", 10],
  ])("%j", (q, marketplace, timeframe, limit) => {
    const filters = understand(...q)?.filters;
    expect(filters?.marketplace, q.join(" / ")).toBe(marketplace);
    expect(filters?.timeframe, q.join(" / ")).toBe(timeframe);
    expect(filters?.limit, q.join(" / ")).toBe(limit);
  });
});

describe("another figure of a sales total pointed back at is that total, not the stock", () => {
  it.each([
    [["revenue in Spain last quarter", "and how many units was that?"], "sales_summary", "last_quarter"],
    [["sales for Pet Supplies in October", "right, and the units number for that month?"], "sales_summary", "2026-10"],
    [
      ["orders in Germany last week vs the week before", "how many units was that then?"],
      "sales_comparison",
      "last_week",
    ],
  ])("%j", (q, intent, timeframe) => expectFrame(q, { intent, filters: { timeframe, metrics: ["units_sold"] } }));
  it("units left on hand after a total are the stock", () =>
    expectFrame(["revenue in Spain last quarter", "how many units do I have left?"], {
      intent: "inventory_levels",
      filters: { metrics: ["available_quantity"] },
    }));
});

describe("what a spend pointed at brought in is the ad sales alone", () => {
  it.each([
    [["ad spend in Spain yesterday", "ok and what did that budget generate in ad revenue?"], "ES", "yesterday"],
    [["what did we spend on ads in Italy in October", "what did this spend return in ad sales?"], "IT", "2026-10"],
    [["ad spend in France last week", "right, what did that spend bring in in ad-driven sales?"], "FR", "last_week"],
  ])("%j", (q, marketplace, timeframe) => {
    expectFrame(q, { intent: "advertising_summary", filters: { marketplace, timeframe } });
    expect(understand(...q)?.filters.metrics, q.join(" / ")).toEqual(["ad_sales"]);
  });
  it("the ad sales said first, then the spend that brought them, ask the ad sales", () =>
    expectFrame(["ad spend in France last week", "how much in ad sales did that spend bring in?"], {
      intent: "advertising_summary",
      filters: { marketplace: "FR", timeframe: "last_week", metrics: ["ad_sales"] },
    }));
  it("both figures asked together stay both", () =>
    expect(understand("what's my ad spend and ad sales in Italy this month")?.filters.metrics).toEqual([
      "ad_spend",
      "ad_sales",
    ]));
});

describe("'there' in a question after a told sentence is the scope that sentence named", () => {
  it.each([
    [
      "Want to free up cash by cutting a line in Pet Supplies. Which item there sold the fewest units last quarter?",
      { category: "Pet Supplies", timeframe: "last_quarter" },
    ],
    [
      "Thinking about pulling back from Germany to free up cash. What sold worst there last month?",
      { marketplace: "DE", timeframe: "last_month" },
    ],
    [
      "Planning a clear-out in Toys & Games to free up cash. Which product in there had the fewest orders this quarter?",
      { category: "Toys & Games", timeframe: "this_quarter" },
    ],
  ])("%s", (q, filters) => expectFrame([q], { intent: "top_products", filters }));
});
