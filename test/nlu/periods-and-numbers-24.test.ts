// Thresholds and rankings said the way sellers say them, twenty-fourth set. Money comes with its currency however the
// seller writes it ("US$20", "A$15", "CA$40", "€20", "20€", "USD 50", "40 euros", "fifty bucks", "ten quid"), and is
// then the amount the threshold bounds, never a marketplace ("US$") nor a currency to show the figures in. An amount
// spent (or clicks bought) "and no orders" is spend wasted, not a low conversion rate; money put into ads "without a
// single order" is that wasted spend, whether or not the classifier leans to the store's totals; "a single sale" or
// "not one order" after a denial is none at all, never a ranking of one row. "Better than" and "worse than" follow the
// metric's good direction (a better conversion rate is higher, a better ACoS lower), also when "is" is run into the
// metric ("conversion's") or the metric is only the question's own. A seller writing Serbian or Croatian names
// products "artikal" / "artikli", so "which artikal has the lowest…" is one row and "which artikli lose money" the
// per-product P&L. The neighbours keep their frames: a currency alone still says how to show figures, a plain "how
// much did we spend on ads" is the ad totals, sessions with no orders a conversion problem. Every phrasing is our own.
import { describe, expect, it } from "vitest";
import { FIXTURE_VOCABULARY, frameChecks } from "../helpers/nlu-frames.js";

const { understand } = frameChecks(FIXTURE_VOCABULARY);

/** The question's intent and filters as the scorer reads them: `metrics` by its first, a filter given as null absent. */
function expectFrame([q]: [string], want: { intent: string; filters?: Record<string, unknown> }) {
  const u = understand(q);
  expect(u?.intent, q).toBe(want.intent);
  for (const [key, value] of Object.entries(want.filters ?? {})) {
    const have = u?.filters[key as keyof typeof u.filters];
    if (value === null) expect(have, `${q}: ${key}`).toBeUndefined();
    else if (key === "metrics") expect((have as string[] | undefined)?.[0], q).toBe((value as string[])[0]);
    else expect(have, `${q}: ${key}`).toEqual(value);
  }
}

/** The question's intent and whether its conditions hold the one expected (others may stand beside it). */
function expectCondition(q: string, intent: string, condition: { metric: string; op: string; value: number }) {
  const u = understand(q);
  expect(u?.intent, q).toBe(intent);
  expect(u?.filters.conditions, q).toEqual(expect.arrayContaining([condition]));
}

describe("an amount written with its currency is the spend the threshold bounds", () => {
  it.each([
    ["which keywords went over US$35 and still have no orders", 35],
    ["show targets that spent more than C$25 and zero sales, last 14 days", 25],
    ["search terms that ate more than CA$40 with no sales last month", 40],
    ["which targets spent above AU$25 and got zero orders", 25],
    ["search terms where we paid over NZ$20 and nothing sold", 20],
    ["search terms with spend above €18 and no conversions in Germany", 18],
    ["search terms spending more than 22€ without orders", 22],
    ["list keywords that cost over £12 and brought no orders", 12],
    ["keywords that spent EUR 40 or more and no sales in France", 40],
    ["which keywords cost more than 35 USD and have zero orders", 35],
    ["keywords that have used up more than 45 dollars with zero sales", 45],
    ["keywords which spent upwards of 60 bucks and got no orders", 60],
    ["targets where we've spent over ten quid with zero sales", 10],
    ["which targets spent north of forty euros and got zero orders last week", 40],
  ])("%j spent more than %i", (q, value) =>
    expectCondition(q, "wasted_ad_spend", { metric: "ad_spend", op: expect.stringMatching(/^>/) as never, value }),
  );
  it.each([
    ["keywords that spent over US$50 with no sales last month"],
    ["which search terms burnt through A$30 without an order"],
  ])("%j names no marketplace", (q) => expect(understand(q)?.filters.marketplace).toBeUndefined());
});

describe("money or clicks 'and no orders' is spend wasted, not a low conversion rate", () => {
  it.each([
    ["keywords over thirty quid and no orders", { metric: "ad_spend", op: ">", value: 30 }],
    ["keywords costing over €30 but no orders", { metric: "ad_spend", op: ">", value: 30 }],
    ["targets with spend north of £15 and zero sales in the UK", { metric: "ad_spend", op: ">", value: 15 }],
    ["keywords over USD 50 and no orders last 2 weeks", { metric: "ad_spend", op: ">", value: 50 }],
    ["search terms that have eaten over 25 dollars but no sales", { metric: "ad_spend", op: ">", value: 25 }],
    ["keywords that spent over 40 euros and no sales", { metric: "ad_spend", op: ">", value: 40 }],
    ["keywords with more than 40 clicks and zero orders", { metric: "clicks", op: ">", value: 40 }],
    ["targets with 60+ clicks but no sales last month", { metric: "clicks", op: ">=", value: 60 }],
    ["search terms that had over 25 clicks and no conversions", { metric: "clicks", op: ">", value: 25 }],
  ])("%j is wasted spend", (q, condition) => expectCondition(q, "wasted_ad_spend", condition));
});

describe("money put into ads for nothing is the wasted spend", () => {
  it.each([
    ["how much money have we thrown at ads without a single order this month"],
    ["how much did we blow on ppc with no orders to show in Spain"],
    ["what did advertising cost us without any sales in the UK last quarter"],
    ["how much cash went into ads without any orders yesterday"],
    ["how much money did we burn on sponsored ads without a sale last month"],
    ["how much did our campaigns spend without getting any orders this week"],
    ["how much money did we lose on ads that never led to a single order"],
    ["how much spend went on ads without a single conversion in Italy"],
    ["how much of our ad budget got burned without any orders last week"],
  ])("%j", (q) => expectFrame([q], { intent: "wasted_ad_spend", filters: { metrics: ["ad_spend"], limit: null } }));
});

describe("'a single sale' after a denial is none at all, no ranking of one row", () => {
  it.each([
    ["which search terms never brought in a single sale"],
    ["targets without one order in the past 2 weeks"],
    ["keywords that spent over $10 without a single conversion"],
    ["which keywords never resulted in one sale"],
    ["targets with not one order this quarter"],
    ["keywords that cost more than 30€ with not a single conversion"],
    ["search terms that have not had a single order"],
    ["keywords that didn't get a single order last month"],
  ])("%j", (q) => expectFrame([q], { intent: "wasted_ad_spend", filters: { limit: null } }));
});

describe("'better than' and 'worse than' follow the metric's good direction", () => {
  it.each([
    ["keywords where conversion's above 12% and impression share is under 15%", "conversion_rate", ">", 12],
    ["keywords where conversion is better than 10% but impression share's below 25%", "conversion_rate", ">", 10],
    ["search terms converting better than 8 percent with less than 30% impression share", "conversion_rate", ">", 8],
    ["keywords better than 12% conversion", "conversion_rate", ">", 12],
    ["keywords better than 12%", "conversion_rate", ">", 12],
    ["listings whose conversion is worse than 5%", "conversion_rate", "<", 5],
    ["campaigns where acos is better than 20%", "acos", "<", 20],
    ["campaigns where the acos's worse than 35 percent", "acos", ">", 35],
    ["campaigns worse than 30%", "acos", ">", 30],
    ["products where the return rate's worse than 6%", "refund_rate", ">", 6],
    ["products with a rating better than 4.2 stars", "review_rating", ">", 4.2],
    ["campaigns with roas worse than 2", "roas", "<", 2],
  ])("%j: %s %s %d", (q, metric, op, value) =>
    expect(understand(q)?.filters.conditions).toEqual(expect.arrayContaining([{ metric, op, value }])),
  );
});

describe("Serbian and Croatian product nouns: one artikal is one row, artikli are many", () => {
  it.each([
    ["which artikal has the highest refund rate in France", "refund_analysis"],
    ["which artikal sold the most units last month", "top_products"],
    ["what artikl had the best conversion in Spain", "conversion_analysis"],
    ["which artikal has the worst rating", "declining_reviews"],
  ])("%j is one row", (q, intent) => expectFrame([q], { intent, filters: { limit: 1 } }));
  it.each([
    ["which artikli are in the red this year"],
    ["which artikli are unprofitable in Spain"],
    ["which proizvodi lose money"],
    ["which artikli are losing us money in the UK this quarter"],
  ])("%j is the per-product P&L", (q) =>
    expectFrame([q], { intent: "profit_breakdown", filters: { group_by: "asin", sort: "asc", limit: null } }),
  );
});

describe("neighbours keep their frames", () => {
  it.each([
    ["revenue in euros last month", "sales_summary"],
    ["how much did we spend on ads this quarter", "advertising_summary"],
    ["how much did I burn on ppc last week", "advertising_summary"],
    ["how much revenue did we make in germany this quarter", "sales_summary"],
    ["products with sessions but no orders", "conversion_analysis"],
    ["which products have the highest buy box in Spain", "buy_box_share"],
  ])("%j is %s", (q, intent) => expectFrame([q], { intent, filters: { conditions: null } }));
  it("a plural 'which products have the lowest' is no single row", () =>
    expect(understand("which products have the lowest buy box in Italy")?.filters.limit).toBeUndefined());
  it("sales in the US over $500 keep the US", () =>
    expectFrame(["US sales over $500 last week"], {
      intent: "sales_summary",
      filters: { marketplace: "US", conditions: [{ metric: "revenue", op: ">", value: 500 }] },
    }));
  it("a price over €20 is the price", () =>
    expect(understand("products priced over €20")?.filters.conditions).toEqual([
      { metric: "price", op: ">", value: 20 },
    ]));
  it.each([["convert 500 dollars to euros"], ["what's 20 USD in GBP"]])("%j is an exchange rate, refused", (q) =>
    expect(understand(q)).toBeUndefined(),
  );
  it("a currency named to be used is the setting", () =>
    expectFrame(["set my currency to euros"], {
      intent: "update_settings",
      filters: { settings: { currency: "EUR" } },
    }));
});
