// Summaries that tell the truth: every list answer says how many rows it has
// in all and counts all of them, the limit can be raised to see every row,
// conditions narrow the totals and words as well as the rows, and a flagged
// product meets its flag's rule with a real change.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerIntent } from "../helpers/answer-intent.js";
import { buildSmallMirror } from "../helpers/small-mirror.js";
import type { Filters, Intent } from "../../src/core/understanding.js";
import { FLOW_DROP_PCT, MIN_PREVIOUS_REVIEWS, MIN_RATING_DROP } from "../../src/analytics/answers/declining-reviews.js";
import type { Mirror } from "../../src/store/open-mirror.js";

let mirror: Mirror;
beforeAll(async () => {
  mirror = await buildSmallMirror();
});
afterAll(async () => {
  await mirror.close();
});

async function ask(intent: Intent, filters: Filters, on: Mirror = mirror) {
  const { result, primaryKey } = await answerIntent(on, intent, filters);
  return { result, rows: primaryKey };
}

const LISTS: { intent: Intent; filters: Filters }[] = [
  { intent: "top_products", filters: { metrics: ["revenue"] } },
  { intent: "refund_analysis", filters: {} },
  { intent: "conversion_analysis", filters: {} },
  { intent: "restock_recommendations", filters: {} },
  { intent: "stockout_risk", filters: { horizon_days: 365 } },
  { intent: "acos_by_campaign", filters: {} },
  { intent: "profit_margin_by_category", filters: {} },
  { intent: "buy_box_share", filters: {} },
];

describe("every list answer counts all its rows", () => {
  for (const { intent, filters } of LISTS) {
    it(`${intent}: total_rows beside the rows, a summary that says how to see all, and a raisable limit`, async () => {
      const all = await ask(intent, { ...filters, limit: 500 });
      const total = all.result.total_rows;
      expect(total).toBe(all.result[all.rows].length);
      expect(total).toBeGreaterThan(1);
      const one = await ask(intent, { ...filters, limit: 1 });
      expect(one.result[one.rows]).toHaveLength(1);
      expect(one.result.total_rows).toBe(total);
      expect(one.result.analysis.summary).toContain(`--limit ${total}`);
      expect(all.result.analysis.summary).not.toContain("--limit");
    });
  }
});

describe("conditions narrow the whole answer", () => {
  const thresholds = [10, 20, 25, 30, 60];
  for (const value of thresholds) {
    it(`campaigns with ACoS above ${value}%: rows, totals and summary describe only those campaigns`, async () => {
      const every = (await ask("acos_by_campaign", { limit: 500 })).result;
      const { result } = await ask("acos_by_campaign", { conditions: [{ metric: "acos", op: ">", value }] });
      const expected = every.campaigns.filter((c: { acos: number | null }) => c.acos !== null && c.acos > value);
      expect(result.campaigns.map((c: { campaign_id: string }) => c.campaign_id).sort()).toEqual(
        expected.map((c: { campaign_id: string }) => c.campaign_id).sort(),
      );
      // The small seller advertises in the US only: the totals are sums of the rows shown.
      const spend = expected.reduce((s: number, c: { spend: number }) => s + c.spend, 0);
      expect(result.totals.spend).toBeCloseTo(spend, 2);
      if (expected.length)
        expect(result.analysis.summary).toContain(
          `${expected.length} of your ${every.campaigns.length} campaigns have ACoS above ${value}%`,
        );
      else expect(result.analysis.summary).toContain(`None of your ${every.campaigns.length} campaigns`);
    });
  }
});

describe("a product flagged as declining meets the rule with a real change", () => {
  // The knife in the US: 2 new reviews a day at 4.5 stars; each case rewrites its snapshots around the
  // last 30 days (2026-10-22..2026-11-20) and the 30 before (2026-09-22..2026-10-21).
  const cases: { name: string; rewrite: string; flagged: boolean }[] = [
    {
      name: "rating falls a tenth",
      rewrite: "update review_snapshots set rating = case when date = '2026-11-20' then 4.4 else rating end",
      flagged: true,
    },
    {
      name: "one review before, none now (rating unchanged)",
      rewrite:
        "update review_snapshots set review_count = case when date < '2026-09-22' then 100 else 101 end, rating = 4.5",
      flagged: false,
    },
    {
      name: "twenty reviews before, ten now",
      rewrite:
        "update review_snapshots set review_count = case when date < '2026-09-22' then 100 when date < '2026-10-22' then 120 else 130 end",
      flagged: true,
    },
    { name: "steady rating and flow", rewrite: "select 1", flagged: false },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.flagged ? "flagged" : "not flagged"}`, async () => {
      const m = await buildSmallMirror();
      try {
        await sql
          .raw(
            `${c.rewrite}${c.rewrite.startsWith("update") ? " where marketplace = 'US' and asin = 'B0KNIFE001'" : ""}`,
          )
          .execute(m.db);
        const products = (await ask("declining_reviews", { marketplace: "US" }, m)).result.products as any[];
        const knife = products.find((p) => p.asin === "B0KNIFE001");
        expect(Boolean(knife)).toBe(c.flagged);
        for (const p of products) {
          const realRatingDrop = p.rating_change <= -MIN_RATING_DROP + 1e-9;
          const realFlowDrop =
            p.previous_new_reviews >= MIN_PREVIOUS_REVIEWS &&
            p.review_flow_change !== null &&
            p.review_flow_change <= -FLOW_DROP_PCT;
          expect(realRatingDrop || realFlowDrop).toBe(true);
        }
      } finally {
        await m.close();
      }
    });
  }
});

// Ad reports often reach back less far than sales: a seller whose sales run from 2026-09-01 and whose ad data
// starts on 2026-10-01 (the small seller with its earlier ad rows removed).
describe("a period longer than the ad data says so", () => {
  const ADS_FROM = "2026-10-01";
  let late: Mirror;
  beforeAll(async () => {
    late = await buildSmallMirror();
    await late.db.deleteFrom("ad_campaign_daily").where("date", "<", ADS_FROM).execute();
  });
  afterAll(async () => {
    await late.close();
  });
  const askLate = async (intent: Intent, filters: Filters) => (await ask(intent, filters, late)).result;

  it.each([
    ["all time", "all_time", true],
    ["the last 90 days", "last_90_days", true],
    ["the last 30 days", "last_30_days", false],
  ] as const)(
    "advertising_summary over %s: TACoS compares with the sales of the days with ad data",
    async (_, timeframe, narrower) => {
      const result = await askLate("advertising_summary", { timeframe });
      const summary: string = result.analysis.summary;
      expect(summary.includes(`Your ad data covers ${ADS_FROM} to`)).toBe(narrower);
      const covered = /covers (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) only/.exec(summary);
      const sales = await askLate("sales_summary", { timeframe: covered ? `${covered[1]}..${covered[2]}` : timeframe });
      expect(result.totals.total_sales).toBeCloseTo(sales.totals.revenue, 2);
      expect(result.totals.tacos).toBeCloseTo((100 * result.totals.ad_spend) / sales.totals.revenue, 1);
    },
  );

  it.each([
    ["all time", "all_time", true],
    ["the last 30 days", "last_30_days", false],
  ] as const)(
    "sales_summary over %s: TACoS is unknown and the summary names the first day of ad data",
    async (_, timeframe, narrower) => {
      const result = await askLate("sales_summary", { timeframe });
      expect(result.analysis.summary.includes(`Your ad data starts on ${ADS_FROM}`)).toBe(narrower);
      if (narrower) expect(result.totals.tacos).toBeNull();
      else expect(result.totals.tacos).toBeGreaterThan(0);
    },
  );

  it("the unchanged small seller, whose ads cover all its sales, gets no such note", async () => {
    const result = (await ask("advertising_summary", { timeframe: "all_time" })).result;
    expect(result.analysis.summary).not.toContain("Your ad data covers");
    expect((await ask("sales_summary", { timeframe: "all_time" })).result.analysis.summary).not.toContain(
      "Your ad data starts",
    );
  });
});
