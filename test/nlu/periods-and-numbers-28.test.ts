// Periods and amounts said around the request, twenty-eighth set. A start told as the seller's launch with its date
// ("since we opened there on 5 May 2025") runs from that date, whatever place is said between; with no date it is all
// of time. A sentence after the question that opens on the period it looks at ("Looking at this quarter…", "Talking
// about September") names the question's period. A figure someone else wants with a loan or mortgage application is
// the seller's own figure, and its due day no period. Round amounts said with a multiplier ("50k", "2.5 lakh", "1
// crore", "3 million") are that many, and sales falling below one is revenue, not a growth rate. Money blown or wasted
// on clicks is the ad spend. "Maximum"/"minimum" of a figure said of one thing is its top row. The fee Amazon's rate
// card sets for an item of some weight is Amazon's price list. Their neighbours keep their frames. Every phrasing is
// our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { expectFrame, refused, understand } = frameChecks(FIXTURE_VOCABULARY);

describe("a launch told with its date runs from that date", () => {
  it.each([
    ["revenue in Germany since we launched there on 5 May 2025", "2025-05-05..2026-11-21"],
    ["orders since we started on 2 February 2026", "2026-02-02..2026-11-21"],
    ["total sales since opening the store on 10 January 2026", "2026-01-10..2026-11-21"],
    ["units sold in france since we launched in france on 1 june 2025", "2025-06-01..2026-11-21"],
    ["how much profit since we opened there on 3 March 2026", "2026-03-03..2026-11-21"],
    ["revenue in Spain since we went live there in April 2026", "2026-04-01..2026-11-21"],
    ["top 5 products by revenue in the US since we launched there on 15 August 2025", "2025-08-15..2026-11-21"],
    ["sales since we launched in italy on 20 september 2025 pls", "2025-09-20..2026-11-21"],
  ])("%j runs from its date", (q, timeframe) => expect(understand(q)?.filters.timeframe).toBe(timeframe));
  it.each([
    ["revenue since we launched"],
    ["orders since we launched there"],
    ["total sales in Germany since we started"],
  ])("%j with no date is all of time", (q) => expect(understand(q)?.filters.timeframe).toBe("all_time"));
});

describe("a sentence opening on the period it looks at names the question's period", () => {
  it.each([
    ["Are my orders up on last year? Looking at this quarter against the same stretch of 2025.", "this_quarter"],
    [
      "Is revenue in the UK higher than last year? I'm looking at year to date vs the same period of 2025",
      "year_to_date",
    ],
    ["sales up or down vs last year? looking at this month against the same bit of 2025", "this_month"],
    ["Is profit up on last year? Talking about October.", "2026-10"],
    ["units better or worse than last year? focusing on the last 3 months", "last_3_months"],
    ["Are we ahead of last year? I'm talking about september", "2026-09"],
    ["did sales grow compared to last year? just looking at year to date against 2025", "year_to_date"],
    ["Revenue vs last year? Looking at Q3 against Q3 2025.", "2026-Q3"],
  ])("%j is that period", (q, timeframe) => {
    const u = understand(q);
    expect(u?.intent).toBe("sales_comparison");
    expect(u?.filters.timeframe).toBe(timeframe);
  });
});

describe("a figure someone wants with an application is the seller's own", () => {
  it.each([
    ["The bank wants revenue per month for 2025 with the mortgage application. Can you pull that?", "sales_trend"],
    [
      "My lender needs profit per category for 2025 for the business loan, due Monday. Could you get that?",
      "profit_margin_by_category",
    ],
    ["margin by category for 2025 for the loan application", "profit_margin_by_category"],
    ["total revenue for 2025 for my mortgage application", "sales_summary"],
    ["net profit for 2025 to go with the loan application", "sales_summary"],
    ["the lender wants sales for 2025 with the finance application. can you get that?", "sales_summary"],
    ["revenue for 2025 for the bank", "sales_summary"],
    ["need orders for 2025 with my overdraft application, due Friday", "sales_summary"],
  ])("%j is %s for 2025", (q, intent) => expectFrame([q], { intent, filters: { timeframe: "2025" } }));
  it.each([
    ["should I take out a business loan"],
    ["what's the interest rate on a loan for my business"],
    ["how do I apply for a mortgage"],
  ])("%j about borrowing stays refused", (q) => refused(q));
});

describe("amounts said with a multiplier are that many", () => {
  it.each([
    ["alert me if sales on amazon.in fall below 2 lakh", "revenue", "<", 200000],
    ["notify me when revenue goes under 2.5 lakh", "revenue", "<", 250000],
    ["tell me if my sales drop below 1 crore", "revenue", "<", 10000000],
    ["alert me when sales fall below 50k", "revenue", "<", 50000],
    ["ping me if ad spend goes over 1 lakh rupees", "ad_spend", ">", 100000],
    ["warn me if revenue drops below 3 million", "revenue", "<", 3000000],
    ["let me know if ad spend crosses 75k", "ad_spend", ">", 75000],
    ["alert if sales go below 10 lakhs in india", "revenue", "<", 1000000],
  ])("%j is %s %s %d", (q, metric, op, value) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [{ metric, op, value }] } }),
  );
  it.each([
    ["alert me if sales fall below 5%", "growth_rate", "<", 5],
    ["alert me if growth drops under 3", "growth_rate", "<", 3],
    ["alert me if orders drop below 20", "orders", "<", 20],
  ])("%j keeps %s", (q, metric, op, value) =>
    expectFrame([q], { intent: "create_alert", filters: { conditions: [{ metric, op, value }] } }),
  );
});

describe("money blown or wasted on clicks is the ad spend", () => {
  it.each([
    ["how much did we waste on clicks that never converted last month"],
    ["what did I burn on clicks with no sales this month"],
    ["how much have I blown on paid clicks that never led to an order"],
    ["how much did I throw away on clicks that never became orders"],
    ["what did we lose on useless clicks that never sold last week"],
    ["how much did i sink on clicks that brought nothing"],
    ["total i wasted on clicks without a sale in october"],
    ["money spent on clicks that never turned into orders last month"],
  ])("%j is wasted ad spend", (q) =>
    expectFrame([q], { intent: "wasted_ad_spend", filters: { metrics: ["ad_spend"] } }),
  );
  it.each([
    ["how many clicks never turned into an order last month"],
    ["clicks that didn't convert this week"],
    ["number of clicks with no sales in october"],
  ])("%j counts clicks", (q) => expect(understand(q)?.filters.metrics?.[0]).toBe("clicks"));
});

describe("maximum or minimum of a figure said of one thing is the top row", () => {
  it.each([
    ["which product got max clicks last week", "desc"],
    ["which listing got maximum sessions in the UK yesterday", "desc"],
    ["which item got highest number of page views this month", "desc"],
    ["which campaign got minimum impressions last month", "asc"],
    ["which product had maximum page views last week", "desc"],
    ["which asin got maximum traffic this week", "desc"],
    ["which product got minimum page views yesterday on amazon.de", "asc"],
    ["which product is getting max impressions", "desc"],
  ])("%j is one row, %s", (q, sort) => {
    const u = understand(q);
    expect(u?.filters.limit).toBe(1);
    expect(u?.filters.sort).toBe(sort);
  });
  it.each([["which products got maximum page views yesterday"], ["show page views per product last week"]])(
    "%j is no single row",
    (q) => expect(understand(q)?.filters.limit).toBeUndefined(),
  );
});

describe("the fee Amazon's rate card sets for an item of a size is Amazon's price list", () => {
  it.each([
    ["what's the FBA fee for a 500g item in Germany?"],
    ["fulfilment fee for a 3 kg product on amazon.fr"],
    ["how much is the fba fee on a parcel weighing 250 grams"],
    ["what would the FBA fee be for a 1.5kg item in the US"],
    ["referral fee for a bulky item in the UK"],
    ["what's on the latest FBA rate card for small items"],
    ["fba fee for a 40 cm box in spain"],
    ["what does the current rate card say the fba fee is"],
  ])("%j is refused", (q) => refused(q));
  it.each([
    ["what FBA fees did I pay last month", "profit_breakdown"],
    ["FBA fees per product in the UK", "profit_breakdown"],
    ["fba fees for each product last month", "profit_breakdown"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent }));
});
