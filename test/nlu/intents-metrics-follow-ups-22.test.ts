// Follow-ups, twenty-second set: replies that only point back at the question before and edit one thing of it. "The
// same two months" is the period asked before, not two months counted back from today; "same as daily" asks the
// question before again in other buckets; "rank them from the worst" re-sorts the rows before by the figure's good
// direction; "divide it by marketplace" breaks the answer before into rows, whatever it was about. A "please" said in
// another language ("svp", "bitte", "por favor") changes nothing. Every phrasing is our own; the neighbours say what
// must still be read as a question of its own.
import { describe, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

// The fixture catalog with its subcategories and campaigns, as the held-out splits are scored.
const { expectFrame } = frameChecks(FIXTURE_VOCABULARY);

const OCT_VS_SEP = "October vs September profit, UK";
const WEEKLY_ORDERS = "Weekly orders in France from last 8 weeks";
const CAMPAIGN_ACOS = "Give me the ACoS of each campaign for last month";
const PAYOUT = "How much Amazon paid to us last month?";

describe("a counted period said as 'the same' is the period asked before", () => {
  // The comparison before keeps both its months; only the place changes.
  it.each([
    ["and Germany over the same 2 months?", "DE"],
    ["Germany, same two months please", "DE"],
    ["what about France for those same two months", "FR"],
    ["same couple of months for Spain?", "ES"],
    ["Italy - the exact same 2 months", "IT"],
    ["Canada for the same period?", "CA"],
    ["same dates but Germany", "DE"],
  ])("%j keeps October against September", (q, marketplace) =>
    expectFrame([OCT_VS_SEP, q], {
      intent: "sales_comparison",
      filters: { timeframe: "2026-10", compare_to: "2026-09", marketplace, metrics: ["profit"] },
    }),
  );
  it("a total of the last three weeks keeps them for another place", () =>
    expectFrame(["units sold in Germany over the last 3 weeks", "and the UK for the same three weeks?"], {
      intent: "sales_summary",
      filters: { timeframe: "last_3_weeks", marketplace: "UK", metrics: ["units_sold"] },
    }));
  // Without "same", a counted period is a new one, counted back from today.
  it.each([["Germany for the last two months"], ["Germany, past 2 months"]])("%j is a new period", (q) =>
    expectFrame([OCT_VS_SEP, q], { intent: "sales_comparison", filters: { timeframe: "last_2_months" } }),
  );
});

describe("the same question asked in other buckets keeps its period, place and figure", () => {
  it.each([
    ["Could I get same as daily?", "day"],
    ["the same but weekly please", "week"],
    ["same thing per day", "day"],
    ["as daily", "day"],
    ["same again by month", "month"],
    ["can you show me the same in days", "day"],
  ])("%j re-buckets the weekly orders", (q, group_by) =>
    expectFrame([WEEKLY_ORDERS, q], {
      intent: "sales_trend",
      filters: { timeframe: "last_8_weeks", marketplace: "FR", metrics: ["orders"], group_by },
    }),
  );
  // "The same" of a place is the question before there, in its own buckets.
  it("'same for Germany' moves the place and keeps weeks", () =>
    expectFrame([WEEKLY_ORDERS, "same for Germany"], {
      intent: "sales_trend",
      filters: { timeframe: "last_8_weeks", marketplace: "DE", group_by: "week" },
    }));
  // "Same as last week" names a period, no buckets.
  it("'same as last week?' asks of last week, in no daily buckets", () =>
    expectFrame([WEEKLY_ORDERS, "same as last week?"], {
      intent: "sales_summary",
      filters: { timeframe: "last_week" },
    }));
});

describe("rows re-sorted from one end follow the figure's good direction", () => {
  // A worse ACoS is a higher one, so "the worst first" is the highest first.
  it.each([
    ["sort them from the worst", "desc"],
    ["worst first pls", "desc"],
    ["from worst to best please", "desc"],
    ["put the worst ones on top", "desc"],
    ["order them best first", "asc"],
    ["could you rank those from the best one, por favor", "asc"],
    ["rank them from the lowest, bitte", "asc"],
    ["Sort them from the highest, svp", "desc"],
  ])("%j keeps the campaigns' ACoS", (q, sort) =>
    expectFrame([CAMPAIGN_ACOS, q], {
      intent: "acos_by_campaign",
      filters: { timeframe: "last_month", metrics: ["acos"], group_by: "campaign", sort },
    }),
  );
  // A higher revenue is better, so the worst products are the lowest.
  it("a product ranking by revenue sorted from the worst is the lowest first", () =>
    expectFrame(["top 5 products by revenue last month", "sort them from the worst"], {
      intent: "top_products",
      filters: { metrics: ["revenue"], sort: "asc" },
    }));
  // A question naming its own rows is asked afresh.
  it("'rank my products from the worst' names rows of its own", () =>
    expectFrame([CAMPAIGN_ACOS, "rank my products from the worst"], {
      intent: "top_products",
      filters: { metrics: ["revenue"], sort: "asc" },
    }));
});

describe("an answer divided, split or broken up by rows keeps its question", () => {
  it.each([
    ["Divide it by marketplace", "marketplace"],
    ["can you divide that by country", "marketplace"],
    ["split the total up per marketplace please", "marketplace"],
    ["break it up by marketplace", "marketplace"],
    ["divide it by category", "category"],
  ])("%j breaks the payout down", (q, group_by) =>
    expectFrame([PAYOUT, q], {
      intent: "payouts",
      filters: { timeframe: "last_month", metrics: ["payout"], group_by },
    }),
  );
  it.each([
    ["what did I spend on fees in October", "profit_breakdown", "fees"],
    ["refund rate last month", "refund_analysis", "refund_rate"],
  ])("after %j, 'divide it by marketplace' keeps it", (before, intent, metric) =>
    expectFrame([before, "divide it by marketplace"], {
      intent,
      filters: { metrics: [metric], group_by: "marketplace" },
    }),
  );
  // A figure of its own named beside the rows asks a new question.
  it("'show me the ad spend divided by campaign' is the campaigns' spend", () =>
    expectFrame([PAYOUT, "show me the ad spend divided by campaign"], {
      intent: "acos_by_campaign",
      filters: { metrics: ["ad_spend"], group_by: "campaign" },
    }));
});
