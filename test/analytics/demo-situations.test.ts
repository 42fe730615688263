// Every situation the demo generator plants (its manifest) is found by the
// intent meant to find it, through the same analytics the CLI and API use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { demoManifest, type DemoManifest, type DemoSituation } from "../../src/demo/manifest.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";

const END = "2026-11-20";
const now = nowForToday("2026-11-21");
let mirror: Mirror;
let manifest: DemoManifest;

beforeAll(async () => {
  mirror = await openMirror(":memory:");
  await generateDemo(mirror, { seed: 1, end: END, scale: "small", now });
  manifest = demoManifest({ seed: 1, end: END, scale: "small" });
}, 120_000);
afterAll(async () => {
  await mirror.close();
});

type Row = Record<string, any>;

async function rows(intent: Intent, filters: Filters, key: string): Promise<{ rows: Row[]; result: Row }> {
  const answered = await answerUnderstanding(
    { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
    { db: mirror.db, now },
  );
  return { rows: answered.body.result[key] as Row[], result: answered.body.result as Row };
}

const during = (s: DemoSituation): Filters => ({
  timeframe: `${s.from}..${s.to}`,
  date_range: { start: s.from, end: s.to },
});

/** The intent meant to find each kind of situation, and how to recognise it in the answer. */
const FINDERS: Record<string, (s: DemoSituation) => Promise<boolean>> = {
  rating_decline: async (s) =>
    (
      await rows("declining_reviews", { ...during(s), marketplace: s.marketplace as never, limit: 500 }, "products")
    ).rows.some((r) => r.asin === s.asin),
  low_stock: async (s) =>
    (
      await rows("stockout_risk", { marketplace: s.marketplace as never, horizon_days: 14, limit: 500 }, "products")
    ).rows.some((r) => r.asin === s.asin),
  overstock: async (s) =>
    (await rows("excess_inventory", { marketplace: s.marketplace as never, limit: 500 }, "products")).rows.some(
      (r) => r.asin === s.asin,
    ),
  competitor_undercut: async (s) =>
    (await rows("competitor_pricing", { marketplace: s.marketplace as never, limit: 500 }, "products")).rows.some(
      (r) => r.asin === s.asin && r.undercut,
    ),
  buy_box_drop: async (s) =>
    (
      await rows(
        "buy_box_share",
        { timeframe: "last_30_days", marketplace: s.marketplace as never, limit: 10 },
        "products",
      )
    ).rows.some((r) => r.asin === s.asin && r.change < 0),
  competitor_price_change: async (s) =>
    (
      await rows(
        "price_changes",
        { timeframe: "last_7_days", marketplace: s.marketplace as never, limit: 500 },
        "changes",
      )
    ).rows.some((r) => r.asin === s.asin && r.date === s.from && r.price === s.details.price_after),
  sales_drop: async (s) =>
    (
      await rows(
        "top_products",
        { ...during(s), marketplace: s.marketplace as never, metrics: ["growth_rate"], sort: "asc", limit: 10 },
        "top_products",
      )
    ).rows.some((r) => r.asin === s.asin && r.growth_rate < 0),
  catalog_gap: async (s) =>
    (await rows("catalog_gaps", { marketplace: s.marketplace as never, limit: 500 }, "gaps")).rows.some(
      (r) => r.category === s.category && r.subcategory === s.subcategory,
    ),
  high_acos_campaign: async (s) => {
    const { rows: campaigns, result } = await rows(
      "acos_by_campaign",
      { timeframe: "last_30_days", marketplace: s.marketplace as never, limit: 500 },
      "campaigns",
    );
    return campaigns.some((r) => r.campaign_id === s.campaign_id && r.acos > result.target_acos);
  },
  low_acos_campaign: async (s) => {
    const { rows: campaigns, result } = await rows(
      "acos_by_campaign",
      { timeframe: "last_30_days", marketplace: s.marketplace as never, limit: 500 },
      "campaigns",
    );
    return campaigns.some((r) => r.campaign_id === s.campaign_id && r.acos < result.target_acos);
  },
  keyword_opportunity: async (s) =>
    (
      await rows(
        "keyword_opportunities",
        { timeframe: "last_30_days", marketplace: s.marketplace as never, limit: 500 },
        "keywords",
      )
    ).rows.some((r) => r.target_id === s.target_id),
  wasted_search_term: async (s) =>
    (
      await rows(
        "wasted_ad_spend",
        { timeframe: "last_30_days", marketplace: s.marketplace as never, limit: 500 },
        "keywords",
      )
    ).rows.some((r) => r.target_id === s.target_id && r.search_term === s.search_term),
};

describe("planted demo situations are found", () => {
  it("the manifest plants at least one situation of every kind this test knows", () => {
    const kinds = new Set(manifest.situations.map((s) => s.kind));
    for (const kind of kinds) expect(Object.keys(FINDERS)).toContain(kind);
    expect(kinds.size).toBeGreaterThanOrEqual(10);
  });

  it("finds every planted situation with the intent meant for it", async () => {
    const missed: string[] = [];
    for (const s of manifest.situations) {
      if (!(await FINDERS[s.kind](s)))
        missed.push(`${s.kind} ${s.marketplace} ${s.asin ?? s.campaign ?? s.subcategory ?? ""}`);
    }
    expect(missed).toEqual([]);
  }, 120_000);
});
