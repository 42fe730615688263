// The period asked, not a period told in the seller's story or plan, and periods said in words. A demanding seller
// tells why they ask before or after the question: a meeting ahead ("Meeting my accountant on Friday"), what they did
// ("We changed the listing photos in August", "I cut the price of SO-YOGA-01"), what they mean to do ("I have some ad
// budget left for January"). The meeting's day, the deed's period and the plan's month are when those happen, never
// the period asked, and a price the seller changed is the deed, not a figure asked. Sellers also say a period by its
// start as an event ("since the quarter started", "seit Quartalsbeginn") and open a period at a month's start without
// an end ("from the beginning of October", through today). Neighbours keep their frame: a story whose period is the
// only one still gives it, a price asked or another seller's price stays a price, a range with its end stays a range,
// meeting a target is no meeting. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a meeting ahead, told without 'I', leaves the question its own period", () => {
  it.each([
    ["Meeting my accountant on Friday - what was my profit last month?", "last_month"],
    ["Lunch with the wholesaler Thursday, need units sold this quarter for Home & Kitchen", "this_quarter"],
    ["Sitting down with the bank Monday and I want to look prepared - total revenue year to date?", "year_to_date"],
    ["Catching up with my investor on Wednesday so I need orders for the last 3 months", "last_3_months"],
    ["Seeing my supplier on Tuesday: how many units of SO-YOGA-01 did I sell in October?", "2026-10"],
    ["Having a call with the agency Monday and I'd like ACoS by campaign for the last 14 days", "last_14_days"],
    ["Presenting to the board on Thursday - revenue in the UK this quarter please", "this_quarter"],
    ["Coffee with my business partner on Friday, what's our refund rate this month?", "this_month"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it.each([
    ["Meeting my supplier on Monday - how much revenue did Toys & Games make?", "sales_summary"],
    ["Drinks with my distributor on Tuesday - what are my best sellers?", "top_products"],
  ])("%j asks no period, so the default applies (%s)", (q, intent) =>
    expectFrame([q], { intent, filters: { timeframe: "last_30_days" } }),
  );
});

describe("what the seller did, told before the request, leaves the request its own period", () => {
  it.each([
    ["We changed the listing photos in August - chart weekly conversion rate for the last 12 weeks", "last_12_weeks"],
    [
      "I switched to a new 3PL in the spring and want to see if it hurt - monthly orders for the past 8 months please",
      "last_8_months",
    ],
    ["We paused the Broad campaign on Monday, what was my ACoS over the last 30 days?", "last_30_days"],
    ["I relaunched SO-YOGA-01 in September - show units sold by week for the past 10 weeks", "last_10_weeks"],
    ["We moved warehouses last month, how many orders did we get in the last 7 days?", "last_7_days"],
    ["I ran a coupon in July - revenue this month vs last month?", "this_month"],
    ["we've redone the main image since October, how were page views in the last 2 weeks?", "last_2_weeks"],
    ["We've been running a coupon since Monday - revenue this week?", "this_week"],
    ["we got a bad review on Tuesday - what's my average rating this month?", "this_month"],
    // In sentences of their own, the request is the last sentence that asks or bids ("Plot…", "Chart…").
    [
      "I redid the A+ page in the summer. I want to see if it worked. Plot conversion rate by month for the past 6 months.",
      "last_6_months",
    ],
    ["We swapped suppliers in May. Not sure it was wise. Chart weekly units for the last 16 weeks.", "last_16_weeks"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("a price the seller changed is what they did, not a figure asked", () => {
  it.each([
    ["I bumped up the price on PS-DOGT-01 last week - units sold in the last 7 days?", "units_sold"],
    ["We lowered our prices in October - what's revenue this month vs last month?", "revenue"],
    ["I've cut the price of SO-YOGA-01, how many orders has it had this week?", "orders"],
    ["after raising the price on SO-YOGA-01, did its conversion rate drop over the last 14 days?", "conversion_rate"],
    ["We increased the price on B0HKCOOK01 in September - show weekly units for the past 8 weeks", "units_sold"],
    ["I put my prices up last month, what's my profit margin this month?", "profit_margin"],
    ["we just dropped the price on TG-PUZZ-01 - revenue for the last 3 days?", "revenue"],
    ["I slashed the price of BP-SKIN-01, how much revenue did it make yesterday?", "revenue"],
  ])("%j asks for %s", (q, metric) => {
    const metrics = understand(q)?.filters.metrics ?? [];
    expect(metrics[0]).toBe(metric);
    expect(metrics).not.toContain("price");
  });
});

describe("a plan ahead is no period asked", () => {
  it.each([
    ["Which keywords convert above 10%? I have some ad budget left for January."],
    ["Best 5 products by profit - I've got extra money to spend in December"],
    ["Campaigns with ACoS under 20% - we want to scale up in January"],
    ["There's some marketing budget left for Q1, which search terms convert best?"],
    ["We have $3k to spend in December, which products have the highest margin?"],
    ["Top keywords by conversion rate, I'm planning to push harder in December"],
    ["I'm looking to invest more in ads next month - which campaigns had the lowest ACoS?"],
    ["what are my top 3 products by revenue? there's spare cash for a push in February"],
    ["I have some budget left for December. Which campaigns have the best ROAS?"],
  ])("%j takes the default period", (q) => expect(understand(q)?.filters.timeframe).toBe("last_30_days"));
  it("a plan beside a period asked keeps the period asked", () =>
    expect(
      understand("which products had the best ROAS last month? hoping to go big in January")?.filters.timeframe,
    ).toBe("last_month"));
});

describe("since the period started, said as an event, is the period so far", () => {
  it.each([
    ["What did I spend on ads since the quarter began?", "this_quarter"],
    ["revenue since the month started", "this_month"],
    ["orders since the week kicked off", "this_week"],
    ["profit since the year started", "year_to_date"],
    ["how many units have we sold since this quarter began", "this_quarter"],
    ["refunds since the new year kicked off", "year_to_date"],
    ["Umsatz seit Quartalsbeginn", "this_quarter"],
    ["chiffre d'affaires depuis le début du mois", "this_month"],
    ["ventas desde principios de año", "year_to_date"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("from a month's start with no end said runs through today", () => {
  it.each([
    ["revenue from the start of October", "2026-10-01..2026-11-21"],
    ["orders from the start of last month", "2026-10-01..2026-11-21"],
    ["ad spend from the beginning of 2026", "2026-01-01..2026-11-21"],
    ["show me daily sessions from start of november", "2026-11-01..2026-11-21"],
    ["refunds from the very start of August", "2026-08-01..2026-11-21"],
    ["profit from the beginning of Q3", "2026-07-01..2026-11-21"],
    ["units of HK-UTEN-02 from begin of September", "2026-09-01..2026-11-21"],
    ["can you chart weekly revenue from the first day of July", "2026-07-01..2026-11-21"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
});

describe("neighbours keep their frame", () => {
  it.each([
    // A story's period is still the question's when the question names none of its own.
    ["We launched SO-YOGA-01 in March, how have its sales been since then?", "2026-03-01..2026-11-21"],
    ["I sent 300 units to FBA last week, how many have sold?", "last_week"],
    ["I ran a sale from 1 - 7 November, how did units compare with the week before?", "2026-11-01..2026-11-07"],
    // A month's start with its end said, or a month alone, is no open range.
    ["revenue from the start of September to the end of October", "2026-09"],
    ["revenue from September", "2026-09"],
    ["revenue at the beginning of September", "2026-09"],
    ["revenue from the start of 2025", "2025"],
    ["sales since the beginning", "all_time"],
    ["revenue since the start of the quarter", "this_quarter"],
    // The seller's own money spent in a month gone by is that month.
    ["What was my ad spend in December?", "2025-12"],
    ["how much did I sell on Monday", "2026-11-16"],
  ])("%j is %s", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it.each([
    ["Which competitors raised their prices this week?", "price_changes"],
    ["Somebody reduced the price on B0OPDESK01 this week?", "price_changes"],
    ["what's the price of OP-DESK-01 now?", "competitor_pricing"],
  ])("%j still asks for a price (%s)", (q, intent) => expectFrame([q], { intent, filters: { metrics: ["price"] } }));
  it("a comparison after a deed keeps both sides", () =>
    expectFrame(["I sold 120 units last week, was that more than the week before?"], {
      intent: "sales_comparison",
      filters: { timeframe: "last_week", compare_to: "previous_period", metrics: ["units_sold"] },
    }));
  it("meeting a target is no meeting: its period stays", () =>
    expect(understand("Meeting my sales target this month - how's revenue looking?")?.filters.timeframe).toBe(
      "this_month",
    ));
  it("seeing a drop is no meeting: its period stays", () =>
    expect(understand("I'm seeing a drop in sales since Monday - what happened?")?.filters.timeframe).toBe(
      "2026-11-16..2026-11-21",
    ));
});
