// Periods, thresholds, targets, breakdowns and follow-ups said in report syntax or in passing: ISO months, "key=value"
// parameters, windows of N days, "sub-50%", an ACoS a change is for, a marketplace swapped for another, and more.
// Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks();

/** Expects the filters the question must not set. */
function expectAbsent(q: string[], ...keys: string[]): void {
  const filters = understand(...q)?.filters as Record<string, unknown> | undefined;
  for (const key of keys) expect(filters?.[key], `${q.join(" / ")}: ${key}`).toBeUndefined();
}

describe("a month in ISO form is that month, not its year", () => {
  it.each([
    ["revenue for 2026-10", "sales_summary", "2026-10"],
    ["units sold in DE, 2026-03", "sales_summary", "2026-03"],
    ["fees breakdown 2025-12", "profit_breakdown", "2025-12"],
  ])("%j", (q, intent, timeframe) => {
    expectFrame([q], { intent, filters: { timeframe } });
    expectAbsent([q], "limit");
  });
  it("a range of ISO months runs from the first day of one to the last of the other", () =>
    expectFrame(["revenue from 2026-08 to 2026-10"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-08-01..2026-10-31" },
    }));
  it("a full ISO date is still that day", () =>
    expectFrame(["orders on 2026-09-03"], { intent: "sales_summary", filters: { timeframe: "2026-09-03" } }));
});

describe("a parameter and its value written with '=' read as the words", () => {
  it.each([
    ["orders, date=yesterday, marketplace=UK", { timeframe: "yesterday", marketplace: "UK" }],
    ["revenue, range=this quarter", { timeframe: "this_quarter" }],
    ["revenue, period = past week, marketplace = DE", { timeframe: "last_7_days", marketplace: "DE" }],
  ])("%j", (q, filters) => expectFrame([q], { intent: "sales_summary", filters }));
  it("a ranking's metric and order given as parameters", () =>
    expectFrame(["top products: metric=orders, limit=4, sort=asc, timeframe=last month"], {
      intent: "top_products",
      filters: { metrics: ["orders"], limit: 4, sort: "asc", timeframe: "last_month" },
    }));
});

describe("a period written as its token is that period", () => {
  it.each([
    ["revenue last_14_days", "last_14_days"],
    ["orders timeframe=this_month", "this_month"],
    ["revenue all_time", "all_time"],
    ["units sold last_quarter", "last_quarter"],
  ])("%j", (q, timeframe) => expectFrame([q], { intent: "sales_summary", filters: { timeframe } }));
});

describe("a window of N days, weeks or months is the last N of them", () => {
  it.each([
    ["revenue over a 90 day window", "last_90_days"],
    ["orders in a 2-week window", "last_2_weeks"],
    ["units sold over a 3 month span", "last_3_months"],
    ["refund rate for the 14 day stretch", "last_14_days"],
    ["acos with a 21 day lookback", "last_21_days"],
  ])("%j", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it("a threshold's number stays the threshold", () =>
    expectFrame(["alert me if stock drops below 30 days period"], {
      intent: "create_alert",
      filters: { conditions: [{ metric: "days_of_supply", op: "<", value: 30 }] },
    }));
});

describe("a weekday's figures said as its own are that day", () => {
  it.each([
    ["how did Monday's sales look", "sales_summary", "2026-11-16"],
    ["anything weird in tuesday's data", "anomalies", "2026-11-17"],
    ["wednesday's orders in the uk", "sales_summary", "2026-11-18"],
  ])("%j", (q, intent, timeframe) => expectFrame([q], { intent, filters: { timeframe } }));
  it("a weekday's meeting is no period", () =>
    expectFrame(["before friday's meeting, what were sales last week"], {
      intent: "sales_summary",
      filters: { timeframe: "last_week" },
    }));
});

describe("'sub-N' is below N", () => {
  it.each([
    ["listings with a sub 60% buy box", "buy_box_share", "buy_box_percentage", 60],
    ["which asins have a sub-3% conversion rate", "conversion_analysis", "conversion_rate", 3],
    ["sub-4-star products", "declining_reviews", "review_rating", 4],
  ])("%j", (q, intent, metric, value) =>
    expectFrame([q], { intent, filters: { conditions: [{ metric, op: "<", value }] } }),
  );
  it("a subcategory is no threshold", () =>
    expect(understand("sub category margins")?.filters.conditions).toBeUndefined());
});

describe("a threshold passed, or named by the contract's metric name", () => {
  it.each([
    ["let me know if a listing's returns pass 12%", "refund_rate", ">", 12],
    ["ping me when acos is passing 35%", "acos", ">", 35],
    ["alert if days_of_supply < 14", "days_of_supply", "<", 14],
    ["notify me if tacos > 12", "tacos", ">", 12],
    ["alert me when refund_rate >= 5", "refund_rate", ">=", 5],
  ])("%j", (q, metric, op, value) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [{ metric, op, value }] } }),
  );
});

describe("an ACoS said as what a change is for is the target ACoS", () => {
  it.each([
    ["bid suggestions so my acos comes down to 25%", 25],
    ["adjust my bids until acos is at 28 percent", 28],
    ["what bids do I need for the acos to hit 19%", 19],
    ["how should I change bids so that acos drops to 15", 15],
  ])("%j", (q, target_acos) => {
    expectFrame([q], { intent: "bid_recommendations", filters: { target_acos } });
    expectAbsent([q], "conditions");
  });
  it("an ACoS filter without a purpose stays a filter", () => {
    const q = "campaigns with acos of 30% or more";
    expectFrame([q], {
      intent: "acos_by_campaign",
      filters: { conditions: [{ metric: "acos", op: ">=", value: 30 }] },
    });
    expectAbsent([q], "target_acos");
  });
});

describe("a breakdown named beside a per-product one is the breakdown", () => {
  it.each([
    ["return rate per item split by country", "marketplace"],
    ["per-listing refund rate, broken out by category", "category"],
  ])("%j", (q, group_by) => expectFrame([q], { intent: "refund_analysis", filters: { group_by } }));
});

describe("a marketplace set aside for another asks for the other", () => {
  const before = "refund rate per product in France last quarter";
  it.each([
    ["replace FR with ES", "ES"],
    ["change FR to IT", "IT"],
    ["now IT instead of FR", "IT"],
    ["swap France out for Germany", "DE"],
  ])("%j", (q, marketplace) =>
    expectFrame([before, q], { intent: "refund_analysis", filters: { marketplace, timeframe: "last_quarter" } }),
  );
  it("another question's place set aside", () =>
    expectFrame(["top 5 products in germany last month", "Spain, not Germany"], {
      intent: "top_products",
      filters: { marketplace: "ES", limit: 5 },
    }));
  it("'it' in lower case stays a pronoun", () =>
    expectFrame([before, "swap fr for it"], { intent: "refund_analysis", filters: { marketplace: "FR" } }));
});

describe("a meeting ahead is the occasion, not what is asked", () => {
  it("its day is not the period", () =>
    expectFrame(["profit for October, I have a meeting with the bank on Tuesday"], {
      intent: "sales_summary",
      filters: { timeframe: "2026-10", metrics: ["profit"] },
    }));
  it("its words do not choose the insight", () => {
    const q = "a detailed summary of how the store has performed - we're pitching to a potential buyer on Friday";
    expectFrame([q], { intent: "insights", filters: { insight_type: "performance" } });
    expectAbsent([q], "timeframe");
  });
});

describe("doing well next to other sellers is an insight on the competition", () => {
  it.each([
    ["am I doing well compared to other sellers in my category"],
    ["relative to other sellers in my niche, how am I doing"],
  ])("%j", (q) => expectFrame([q], { intent: "insights", filters: { insight_type: "competitor_analysis" } }));
  it("what other sellers sell that I don't stays a catalog gap", () =>
    expectFrame(["what do other sellers in my category sell that I don't"], { intent: "catalog_gaps" }));
});

describe("the period of a webinar or article the seller took in is not the one asked about", () => {
  it.each([
    ["I read an article yesterday about wasted ad spend. Am I wasting money on any keywords?", "wasted_ad_spend"],
    ["watched a video last night on slow sellers - which of my products are overstocked?", "excess_inventory"],
  ])("%j", (q, intent) => {
    expectFrame([q], { intent });
    expect(understand(q)?.filters.timeframe).not.toBe("yesterday");
  });
  it("the question's own period still counts", () =>
    expectFrame(["read a blog post last week saying returns are up everywhere. what's my refund rate last month?"], {
      intent: "refund_analysis",
      filters: { timeframe: "last_month" },
    }));
  it("a drop seen in the figures keeps its day", () =>
    expectFrame(["I saw sales drop yesterday, what happened"], {
      intent: "anomalies",
      filters: { timeframe: "yesterday" },
    }));
});

describe("a rule told in a story and borrowed by the question keeps its threshold", () => {
  it.each([
    ["my mentor says to cut anything over 40% acos. going by that, which campaigns should go?", 40],
    ["A friend of mine shuts off campaigns above 28% ACoS. Using his rule, which of my campaigns go?", 28],
  ])("%j", (q, value) =>
    expectFrame([q], {
      intent: "acos_by_campaign",
      filters: { conditions: [{ metric: "acos", op: ">", value }] },
    }),
  );
  it("a story's rule the question does not borrow stays the story's", () => {
    const q = "my friend pauses anything over 40% acos. which of my campaigns have the highest acos?";
    expectFrame([q], { intent: "acos_by_campaign", filters: { sort: "desc" } });
    expectAbsent([q], "conditions");
  });
});
