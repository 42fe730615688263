// Intents, metrics and follow-ups, twenty-seventh set: replies that keep the question before, and comparisons asked as
// a choice. A reply that opens by thanking for the answer is still a reply when it then edits that answer ("Thanks!
// could you switch that to weekly?"); one that names the answer again with "that", "this", "those" or "the same"
// ("that P&L", "those campaigns", "the same graph") edits it too, keeping whatever it does not change; "now by X" after
// a table re-ranks the same table, whatever word of the seller's opens it. Two periods offered as a choice ("which one
// was bigger?", "this or the one before?") are their comparison; a figure of a period asked whether it is normal is an
// anomaly check; "every day of <period>" asks for daily buckets. Neighbours keep their frames: thanks followed by a new
// subject start afresh, a benchmark asked of sellers in general stays refused, a period with no choice stays a total.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand, refused } = frameChecks(FIXTURE_VOCABULARY);

describe("a reply that opens with thanks still edits the answer before", () => {
  const trend = "orders per week in France over the last 10 weeks";
  it.each([
    ["Thank you! Could you switch it to monthly?", "month"],
    ["thanks, switch that over to a daily chart", "day"],
    ["thx - could you make that monthly?", "month"],
    ["Cheers for that. Can we flip it to days?", "day"],
    ["ta! change that to a monthly view please", "month"],
  ])("%j re-buckets the trend", (reply, groupBy) =>
    expectFrame([trend, reply], {
      intent: "sales_trend",
      filters: { group_by: groupBy, timeframe: "last_10_weeks", marketplace: "FR", metrics: ["orders"] },
    }),
  );
  it("thanks, then another place, asks the same there", () =>
    expectFrame([trend, "many thanks. and the same for Italy?"], {
      intent: "sales_trend",
      filters: { marketplace: "IT", timeframe: "last_10_weeks" },
    }));

  // Neighbours: thanks with a question of its own start afresh; thanks alone ask nothing.
  it("thanks then a new subject keeps nothing", () => {
    const u = understand(trend, "Thanks! Totally different topic: what's my ACoS in Germany this month?");
    expect(u?.intent).toBe("advertising_summary");
    expect(u?.filters.marketplace).toBe("DE");
    expect(u?.filters.group_by).toBeUndefined();
  });
  it("thanks then a question of another area", () =>
    expectFrame([trend, "thanks! what's my refund rate in Spain this month?"], {
      intent: "refund_analysis",
      filters: { marketplace: "ES", timeframe: "this_month" },
    }));
  it.each([["thanks, you've been a great help"], ["Kiitos, that was all for today"], ["cheers, that helps a lot"]])(
    "%j asks nothing",
    (q) => refused(q),
  );
});

describe("the answer named again with that, this, those or the same is edited, not asked afresh", () => {
  const pnl = "profit breakdown for Q3 in the US";
  it.each([
    ["split this P&L by marketplace please", { group_by: "marketplace", timeframe: "2026-Q3" }],
    ["could we cut that P&L up per month", { group_by: "month", timeframe: "2026-Q3", marketplace: "US" }],
    ["this P&L for Canada", { marketplace: "CA", timeframe: "2026-Q3" }],
    // A new period changes only the period.
    ["that P&L but for last month", { timeframe: "last_month", marketplace: "US" }],
    ["the same P&L for October", { timeframe: "2026-10", marketplace: "US" }],
  ])("%j keeps the P&L's other filters", (reply, filters) =>
    expectFrame([pnl, reply], { intent: "profit_breakdown", filters }),
  );

  const campaigns = "ACoS by campaign in the US last 30 days";
  it.each([
    ["those campaigns in Canada?", { marketplace: "CA", timeframe: "last_30_days" }],
    ["show these campaigns for yesterday", { marketplace: "US", timeframe: "yesterday" }],
  ])("%j keeps the campaign table", (reply, filters) =>
    expectFrame([campaigns, reply], { intent: "acos_by_campaign", filters: { group_by: "campaign", ...filters } }),
  );
  it("a ranked campaign table asked of another period keeps its place, length and order", () =>
    expectFrame(["top 5 campaigns by ACoS in the UK last month", "those campaigns for last week"], {
      intent: "acos_by_campaign",
      filters: { marketplace: "UK", timeframe: "last_week", limit: 5, sort: "desc" },
    }));

  const chart = "daily sessions in the UK for the last 2 weeks";
  it.each([
    ["that chart weekly please", { group_by: "week", marketplace: "UK" }],
    ["the same graph for Germany", { marketplace: "DE", timeframe: "last_2_weeks" }],
  ])("%j keeps the chart", (reply, filters) =>
    expectFrame([chart, reply], { intent: "sales_trend", filters: { metrics: ["sessions"], ...filters } }),
  );
});

describe("a figure to rank by after a table re-ranks that table, whatever opens the reply", () => {
  const campaigns = "ACoS by campaign in the US last 30 days";
  it.each([
    ["alright, now by clicks", "clicks"],
    ["cool, by ad sales then", "ad_sales"],
    ["nice, now order them by spend", "ad_spend"],
    ["ok great, now rank them by ROAS", "roas"],
    ["dobro, by clicks", "clicks"],
  ])("%j", (reply, metric) =>
    expectFrame([campaigns, reply], {
      intent: "acos_by_campaign",
      filters: { metrics: [metric], marketplace: "US", group_by: "campaign" },
    }),
  );
  it("a ranking of products re-ranked after thanks", () =>
    expectFrame(["top 10 products by profit in Germany last quarter", "Thanks a lot! Can you rank them by units?"], {
      intent: "top_products",
      filters: { metrics: ["units_sold"], limit: 10, marketplace: "DE" },
    }));
});

describe("two periods offered as a choice are compared", () => {
  it.each([
    ["were my orders higher yesterday or the day before?", "yesterday", "previous_period", "orders"],
    ["Germany revenue last month and the month prior, which one is more?", "last_month", "previous_period", "revenue"],
    [
      "units last quarter or the quarter before that - which was bigger?",
      "last_quarter",
      "previous_period",
      "units_sold",
    ],
    ["profit in October or profit in September, which was better?", "2026-10", "2026-09", "profit"],
  ])("%j", (q, timeframe, compareTo, metric) =>
    expectFrame([q], { intent: "sales_comparison", filters: { timeframe, compare_to: compareTo, metrics: [metric] } }),
  );
  // Neighbours: both periods without a choice, or one period ranked, stay what they were.
  it.each([
    ["revenue last month and the month before", "sales_summary"],
    ["which products sold more last month?", "top_products"],
    ["units sold this week compared with last week", "sales_comparison"],
  ])("%j stays %s", (q, intent) => expectFrame([q], { intent }));
});

describe("a figure of a period asked whether it is normal is an anomaly check", () => {
  it.each([
    ["refunds on SO-YOGA-01 last week, is that normal?", "last_week"],
    ["sessions today look low, normal or not?", "today"],
    ["HK-UTEN-02 had a lot of orders yesterday, is this level typical?", "yesterday"],
    ["my ad spend this week, it is usual amount or not?", "this_week"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "anomalies", filters: { timeframe } }));
  // Whether such a figure is normal for sellers in general is the world's to say; "is it normal that…" asks the clause.
  it.each([["is 30% ACoS normal for amazon sellers?"], ["what is a normal conversion rate on amazon"]])(
    "%j stays refused",
    (q) => refused(q),
  );
  it("a figure asked without a judgement stays its own", () =>
    expectFrame(["refunds on SO-YOGA-01 last week"], { intent: "refund_analysis" }));
});

describe("every day of a period is daily buckets", () => {
  it.each([
    ["ad spend every day in the last two weeks", "last_2_weeks", "ad_spend"],
    ["show conversion rate every day over the past fortnight", "last_2_weeks", "conversion_rate"],
    ["how is revenue doing every day of this week", "this_week", "revenue"],
  ])("%j", (q, timeframe, metric) =>
    expectFrame([q], { intent: "sales_trend", filters: { group_by: "day", timeframe, metrics: [metric] } }),
  );
  it("checking every day is no bucket", () =>
    expectFrame(["I check sales every day, what was revenue yesterday?"], {
      intent: "sales_summary",
      filters: { timeframe: "yesterday" },
    }));
});
