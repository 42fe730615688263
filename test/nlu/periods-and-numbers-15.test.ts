// Periods, comparisons and figures in everyday words, fifteenth set: the other quarter named by its ordinal alone
// ("the third quarter against the second"), "up or down from one month to the next" as a comparison, a metric said
// "unit-wise", a list of months in a row as the span they cover, a follow-up taking a trend "back to the start of the
// year", a period set aside with "rather than", a breakdown turned down ("not per campaign"), "disburse" as a payout
// and "holes in" a category as catalog gaps. Every phrasing is our own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

describe("the other quarter named by its ordinal alone is a quarter", () => {
  it.each([
    ["the third quarter against the second on revenue", "2026-Q3", "2026-Q2"],
    ["second quarter vs the first for orders", "2026-Q2", "2026-Q1"],
    ["Q3 compared to the second?", "2026-Q3", "2026-Q2"],
    ["the fourth quarter against the third, margin-wise", "2026-Q4", "2026-Q3"],
  ])("%j compares %s with %s", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
  it.each([
    // "last" said alone is the period before, never the fourth quarter.
    ["units in Germany this quarter vs last", "this_quarter", "last_quarter"],
  ])("%j still compares %s with %s", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
});

describe("up or down from one period to the next compares the later with the earlier", () => {
  it.each([
    ["are my orders up or down from Q2 to Q3", "2026-Q3", "2026-Q2"],
    ["was profit better or worse from august to september", "2026-09", "2026-08"],
    ["is german revenue up or down from june to july?", "2026-07", "2026-06"],
  ])("%j compares %s with %s", (q, timeframe, compare_to) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to } }),
  );
  it("a range asked for plainly stays a range", () =>
    expectFrame(["show revenue from september to october"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-09-01..2026-10-31" },
    }));
});

describe("a metric said as '-wise' is the measure", () => {
  it.each([
    ["how did october compare to september volume-wise", "units_sold"],
    ["this week against last week, unit-wise", "units_sold"],
  ])("%j is by %s", (q, metric) => expectFrame([q], { intent: "sales_comparison", filters: { metrics: [metric] } }));
});

describe("a list of months in a row is the span they cover", () => {
  it.each([
    ["revenue for july, august and september", "2026-07-01..2026-09-30"],
    ["orders over march, april, may and june", "2026-03-01..2026-06-30"],
    ["units in november, december and january", "2025-11-01..2026-01-31"],
    ["may, june and july 2025 revenue", "2025-05-01..2025-07-31"],
  ])("%j is %s", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("months not in a row are no span", () =>
    expectFrame(["compare july and august"], {
      intent: "sales_comparison",
      filters: { timeframe: "2026-07", compare_to: "2026-08" },
    }));
});

describe("taking a trend back to a start runs it from then until today", () => {
  it.each([
    [["weekly revenue for the last 3 months", "take it back to the start of the year"], "year_to_date", "week"],
    [
      ["weekly revenue for the last 3 months", "make it monthly and take it back to the start of the year"],
      "year_to_date",
      "month",
    ],
    [["orders by week for the last month", "can you go back to the beginning of the quarter"], "this_quarter", "week"],
  ])("%j is %s by %s", (qs, timeframe, group_by) =>
    expectFrame(qs as string[], { intent: "sales_trend", filters: { timeframe, group_by } }),
  );
});

describe("a period set aside with 'rather than' is no comparison", () => {
  it.each([
    ["revenue for yesterday rather than the entire month", "yesterday"],
    ["units for SO-YOGA-01 on 3 November only, that single day rather than the whole week", "2026-11-03"],
  ])("%j is a summary of %s", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
  it("a period weighed with 'better than' is still compared", () =>
    expectFrame(["is this week better than last week"], {
      intent: "sales_comparison",
      filters: { compare_to: "last_week" },
    }));
});

describe("a breakdown turned down leaves the one figure for the account", () => {
  it.each([["ACoS for last week, not by campaign"], ["account ACoS for October - not per campaign please"]])(
    "%j is advertising_summary",
    (q) => expectFrame([q], { intent: "advertising_summary" }),
  );
  it("a breakdown asked for stays one", () =>
    expectFrame(["ACoS per campaign last week"], { intent: "acos_by_campaign", filters: { group_by: "campaign" } }));
});

describe("money Amazon disburses is a payout, and holes in a category are gaps", () => {
  it.each([["how much did amazon disburse to me last month"], ["what did the German store disburse in Q2"]])(
    "%j is payouts",
    (q) => expectFrame([q], { intent: "payouts", filters: { metrics: ["payout"] } }),
  );
  it.each([["where are the holes in home & kitchen"], ["are there holes in my toys & games range versus competitors"]])(
    "%j is catalog_gaps",
    (q) => expectFrame([q], { intent: "catalog_gaps" }),
  );
});
