// Periods, a comparison's other side, and follow-ups that keep or change one slot: the same period said again as the
// other side ("the prior week", "month before") is the period before; a word said in passing after "since"; a named
// period against a running one said in relative words keeps its name; a named period against the same one a year
// earlier with the same days asked for; "where we were at this point last year" with no period is the year so far; a
// period kept within its own sentence; days in brackets inside a month said first; a follow-up opening after a sound of
// hesitation; "how many have I got" as stock held; a breakdown taken "down to" a level. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

describe("the same period said again as the other side is the period before", () => {
  it.each([
    ["revenue last month against the previous month", "last_month"],
    ["profit lm vs month before", "last_month"],
    ["sessions last quarter compared with the prior quarter", "last_quarter"],
    ["units last week vs the week before in Spain", "last_week"],
    ["revenue last 30 days vs the previous 30 days", "last_30_days"],
  ])("%j", (q, timeframe) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to: "previous_period" } }),
  );
  it.each([
    ["orders this week vs last week", "this_week", "last_week"],
    ["revenue last year vs the year before", "last_year", "previous_period"],
  ])("a period of another kind on the other side stays as said: %j", (q, timeframe, compareTo) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to: compareTo } }),
  );
});

describe("a word said in passing after 'since' still dates the start", () => {
  it.each([
    ["revenue since maybe the 5th", "2026-11-05..2026-11-21"],
    ["orders since like 1 September", "2026-09-01..2026-11-21"],
    ["units since um october 10", "2026-10-10..2026-11-21"],
    ["profit since the start of october", "2026-10-01..2026-11-21"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
});

describe("the other side of a comparison keeps the name the user gave it", () => {
  it.each([
    ["ad spend this month compared with September", "this_month", "2026-09"],
    ["revenue this quarter vs Q2", "this_quarter", "2026-Q2"],
    ["profit in Q2 vs Q2 2025", "2026-Q2", "2025-Q2"],
  ])("%j", (q, timeframe, compareTo) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to: compareTo } }),
  );
  it("both sides named, the running one read as this month, the other follows it", () =>
    expectFrame(["november to date against october"], {
      intent: "sales_comparison",
      filters: { timeframe: "this_month", compare_to: "last_month" },
    }));
});

describe("the same days asked for against the same named period a year before are the same period last year", () => {
  it.each([
    ["units in September vs September 2025 on the same days", "2026-09"],
    ["revenue in Q2 vs Q2 2025, same dates", "2026-Q2"],
  ])("%j", (q, timeframe) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to: "same_period_last_year" } }),
  );
});

describe("where we were at this point last year, with no period of its own, is the year so far", () => {
  it.each([
    ["are we behind where we were this time last year on orders?", "orders"],
    ["UK profit vs the same point a year ago", "profit"],
  ])("%j", (q, metric) =>
    expectFrame([q], {
      intent: "sales_comparison",
      filters: { timeframe: "year_to_date", compare_to: "same_period_last_year", metrics: [metric] },
    }),
  );
  it("a period of its own is kept", () =>
    expectFrame(["revenue this month vs this point last year"], {
      intent: "sales_comparison",
      filters: { timeframe: "this_month", compare_to: "same_period_last_year" },
    }));
});

describe("a period is said within one sentence", () => {
  it.each([
    ["was France up on last year? October orders, yoy", "2026-10", "FR"],
    ["did we beat last year in Italy? september profit, year on year", "2026-09", "IT"],
  ])("%j", (q, timeframe, marketplace) =>
    expectFrame([q], {
      intent: "sales_comparison",
      filters: { timeframe, marketplace, compare_to: "same_period_last_year" },
    }),
  );
});

describe("days in brackets inside the month said first are the period asked about", () => {
  it.each([
    [
      "We ran a sale over the bank holiday weekend in August (22-25 August). What did we take in those days?",
      "2026-08-22..2026-08-25",
    ],
    ["in March we did a promo (10-12 March), how many orders came in", "2026-03-10..2026-03-12"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("a month alone stays the month", () =>
    expectFrame(["revenue in October"], { intent: "sales_summary", filters: { timeframe: "2026-10" } }));
});

describe("a follow-up opening after a sound of hesitation keeps what it does not change", () => {
  it.each([
    [["how many units of HK-COOK-01 do we have in the UK", "oh and how many have we got over in japan"], "JP"],
    [["how much stock of B07XJ8C8F5 is in the US", "hmm, and in Mexico?"], "MX"],
  ])("%j", (q, marketplace) =>
    expectFrame(q, { intent: "inventory_levels", filters: { marketplace, metrics: ["available_quantity"] } }),
  );
  it("the product asked about is kept", () =>
    expectFrame(["how many units of HK-COOK-01 do we have in the UK", "oh and how many have we got over in japan"], {
      intent: "inventory_levels",
      filters: { sku: "HK-COOK-01" },
    }));
  it("a question of another subject still starts afresh", () => {
    const q = ["how much stock of B07XJ8C8F5 is in the US", "hmm which keywords are wasting money?"];
    expectFrame(q, { intent: "wasted_ad_spend" });
    expect(understand(...q)?.filters).not.toHaveProperty("asin");
    expect(understand(...q)?.filters).not.toHaveProperty("marketplace");
  });
});

describe("'how many have I got' counts the stock held; 'how many have we sold' the units sold", () => {
  it.each([
    ["how many have i got of PS-DOGT-01 in the UK", "inventory_levels", "available_quantity"],
    ["how many have we sold in the UK this month", "sales_summary", "units_sold"],
  ])("%j", (q, intent, metric) => expectFrame([q], { intent, filters: { metrics: [metric] } }));
});

describe("a breakdown taken down to a level sets that grouping", () => {
  it.each([
    [
      ["profit margin by category this quarter", "could you take that down to subcategory level"],
      "profit_margin_by_category",
      "subcategory",
    ],
    [["stock value by category", "now split it into subcategories"], "inventory_value", "subcategory"],
    [["revenue last month", "break it down by category"], "sales_summary", "category"],
  ])("%j", (q, intent, groupBy) => expectFrame(q, { intent, filters: { group_by: groupBy } }));
});
