// The rollups must give exactly the numbers the daily rows give, for any
// range; and they are read only while they reflect the newest data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSmallMirror, DAYS, FIXTURE_TODAY, unitsOf } from "../fixtures/analytics/small-mirror.js";
import { answerUnderstanding } from "../src/core/answer.js";
import { nowForToday } from "../src/core/dates.js";
import { INTENT_AREAS, type Filters, type Intent } from "../src/nlu/understanding.js";
import type { Mirror } from "../src/store/open-mirror.js";
import { planRange, rebuildRollups } from "../src/store/rollups.js";

const now = nowForToday(FIXTURE_TODAY);
const ROLLUP_TABLE = /from "rollup_(sales|campaigns|ad_targets|search_terms)"/;
// The layout probe names the tables too; reading means selecting figures from them.
const ROLLUP_READ = { test: (s: string) => !/^select \(+exists/.test(s) && ROLLUP_TABLE.test(s) };
let daily: Mirror;
let rolled: Mirror;

beforeAll(async () => {
  daily = await buildSmallMirror();
  rolled = await buildSmallMirror();
  await rebuildRollups(rolled.db, "acme", undefined, "2026-11-21T06:02:00Z");
});
afterAll(async () => {
  await daily.close();
  await rolled.close();
});

async function ask(mirror: Mirror, intent: Intent, filters: Filters) {
  return answerUnderstanding({ intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" }, { db: mirror.db, now, requestId: "req_test" });
}

const RANGES: [string, Filters][] = [
  ["last 30 days", { timeframe: "last_30_days" }],
  ["year to date", { timeframe: "year_to_date" }],
  ["all time", { timeframe: "all_time" }],
  ["a whole month", { timeframe: "2026-10" }],
  ["whole weeks and stray days", { timeframe: "2026-09-03..2026-11-17", date_range: { start: "2026-09-03", end: "2026-11-17" } }],
  ["a single day", { timeframe: "2026-10-01", date_range: { start: "2026-10-01", end: "2026-10-01" } }],
];
const INTENTS: Intent[] = [
  "sales_summary", "sales_comparison", "sales_trend", "top_products", "profit_margin_by_category", "refund_analysis", "conversion_analysis",
  "buy_box_share", "acos_by_campaign", "keyword_opportunities", "bid_recommendations", "wasted_ad_spend", "advertising_summary",
];

describe("rollups give the same numbers as the daily rows", () => {
  it.each(INTENTS.flatMap((intent) => RANGES.map(([label, filters]) => [intent, label, filters] as const)))("%s over %s", async (intent, _label, filters) => {
    const fromDaily = await ask(daily, intent, filters);
    const fromRollups = await ask(rolled, intent, filters);
    // The rollup mirror really reads the rollups, the other only daily rows.
    expect(fromRollups.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
    expect(fromDaily.sql.some((s) => ROLLUP_READ.test(s))).toBe(false);
    expect(fromRollups.body.result).toEqual(fromDaily.body.result);
    expect(fromRollups.body.metadata.data_freshness).toEqual(fromDaily.body.metadata.data_freshness);
  });

  it("monthly series read whole months from the rollups and agree with daily sums", async () => {
    const filters: Filters = { timeframe: "all_time", group_by: "month" };
    const a = await ask(daily, "sales_trend", filters);
    const b = await ask(rolled, "sales_trend", filters);
    expect(b.body.result.series).toEqual(a.body.result.series);
    expect((b.body.result.series as unknown[]).length).toBe(3);
  });
});

describe("stale rollups are not read", () => {
  it("falls back to the daily rows after a newer import, and uses the rollups again once rebuilt", async () => {
    const mirror = await buildSmallMirror();
    await rebuildRollups(mirror.db, "acme");
    const before = await ask(mirror, "sales_summary", { timeframe: "last_30_days" });
    expect(before.sql.some((s) => /rollup_sales/.test(s))).toBe(true);
    await mirror.db.insertInto("daily_sales").values({ account_id: "acme", marketplace: "US", asin: "B0KNIFE001", date: "2026-11-20", units: 100, revenue: 2000 })
      .onConflict((oc) => oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({ units: 100, revenue: 2000 })).execute();
    await mirror.db.insertInto("sync_runs").values({ account_id: "acme", kind: "import", source: "later", status: "ok", started_at: "2026-11-21T07:00:00Z", finished_at: "2026-11-21T07:00:01Z" }).execute();
    const stale = await ask(mirror, "sales_summary", { timeframe: "last_30_days" });
    expect(stale.sql.some((s) => /rollup_sales/.test(s))).toBe(false);
    await rebuildRollups(mirror.db, "acme", { start: "2026-11-20", end: "2026-11-20" });
    const rebuilt = await ask(mirror, "sales_summary", { timeframe: "last_30_days" });
    expect(rebuilt.sql.some((s) => /rollup_sales/.test(s))).toBe(true);
    expect(rebuilt.body.result).toEqual(stale.body.result);
    expect((rebuilt.body.result.totals as { units_sold: number }).units_sold).toBe((before.body.result.totals as { units_sold: number }).units_sold + 100 - unitsOf(0, DAYS - 1));
    await mirror.close();
  });
});

describe("rollups from an older layout are not read", () => {
  it("falls back to the daily rows when the running totals are missing", async () => {
    const mirror = await buildSmallMirror();
    await rebuildRollups(mirror.db, "acme");
    const fresh = await ask(mirror, "top_products", { timeframe: "last_30_days" });
    await mirror.db.deleteFrom("rollup_sales").where("grain", "=", "C").execute();
    const old = await ask(mirror, "top_products", { timeframe: "last_30_days" });
    expect(fresh.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
    expect(old.sql.some((s) => ROLLUP_READ.test(s))).toBe(false);
    expect(old.body.result).toEqual(fresh.body.result);
    await mirror.close();
  });
});

describe("planRange splits a range into whole periods, largest first, then days", () => {
  it.each([
    ["a month and a half in months and weeks", { start: "2026-09-01", end: "2026-10-14" }, ["M", "W"],
      { periods: [{ grain: "M", start: "2026-09-01", end: "2026-09-01" }, { grain: "W", start: "2026-10-05", end: "2026-10-05" }], days: [{ start: "2026-10-01", end: "2026-10-04" }, { start: "2026-10-12", end: "2026-10-14" }] }],
    ["thirty days inside two months", { start: "2026-10-22", end: "2026-11-20" }, ["Y", "Q", "M", "W"],
      { periods: [{ grain: "W", start: "2026-10-26", end: "2026-11-09" }], days: [{ start: "2026-10-22", end: "2026-10-25" }, { start: "2026-11-16", end: "2026-11-20" }] }],
    ["three years in years, quarters, months and weeks", { start: "2023-11-21", end: "2026-11-20" }, ["Y", "Q", "M", "W"],
      { periods: [
        { grain: "Y", start: "2024-01-01", end: "2025-01-01" },
        { grain: "Q", start: "2026-01-01", end: "2026-07-01" },
        { grain: "M", start: "2023-12-01", end: "2023-12-01" },
        { grain: "M", start: "2026-10-01", end: "2026-10-01" },
        { grain: "W", start: "2026-11-02", end: "2026-11-09" },
      ], days: [{ start: "2023-11-21", end: "2023-11-30" }, { start: "2026-11-01", end: "2026-11-01" }, { start: "2026-11-16", end: "2026-11-20" }] }],
    ["one day", { start: "2026-10-01", end: "2026-10-01" }, ["Y", "Q", "M", "W"], { periods: [], days: [{ start: "2026-10-01", end: "2026-10-01" }] }],
  ] as const)("%s", (_label, range, grains, expected) => {
    expect(planRange(range, grains)).toEqual(expected);
  });
});
