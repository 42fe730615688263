// The rollups must give exactly the numbers the daily rows give, for any
// range; and they are read only while they reflect the newest data.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../helpers/backends.js";
import { buildSmallMirror, DAYS, FIXTURE_TODAY, unitsOf } from "../helpers/small-mirror.js";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { addDaysIso, nowForToday } from "../../src/core/dates.js";
import { INTENT_AREAS, type Filters, type Intent } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { dialectOf } from "../../src/store/dialect.js";
import { bucketBounds, rebuildRollups, SALES_ROLLUP, usableRollups, windowTotals } from "../../src/store/rollups.js";
import { runningTotalsOn } from "../../src/store/product-series.js";
import { nextId } from "../../src/store/row-ids.js";

const now = nowForToday(FIXTURE_TODAY);
const ROLLUP_TABLE = /from "rollup_(sales|campaigns|ad_targets|search_terms)"/;
// The layout probe names the tables too; reading means selecting figures from them.
const ROLLUP_READ = { test: (s: string) => !/^select \(+exists/.test(s) && ROLLUP_TABLE.test(s) };
let daily: Mirror;
let rolled: Mirror;

beforeAll(async () => {
  daily = await buildSmallMirror();
  rolled = await buildSmallMirror();
  await rebuildRollups(rolled, "acme", undefined, "2026-11-21T06:02:00Z");
});
afterAll(async () => {
  await daily.close();
  await rolled.close();
});

async function ask(mirror: Mirror, intent: Intent, filters: Filters) {
  return answerUnderstanding(
    { intent, area: INTENT_AREAS[intent], confidence: 1, filters, interpretation: "test" },
    { db: mirror.db, now, requestId: "req_test" },
  );
}

const RANGES: [string, Filters][] = [
  ["last 30 days", { timeframe: "last_30_days" }],
  ["year to date", { timeframe: "year_to_date" }],
  ["all time", { timeframe: "all_time" }],
  ["a whole month", { timeframe: "2026-10" }],
  [
    "whole weeks and stray days",
    { timeframe: "2026-09-03..2026-11-17", date_range: { start: "2026-09-03", end: "2026-11-17" } },
  ],
  ["a single day", { timeframe: "2026-10-01", date_range: { start: "2026-10-01", end: "2026-10-01" } }],
  // PostgreSQL keeps sales totals on Sundays and months' last days before the last five weeks: both ends
  // fall mid-week there.
  [
    "mid-week ends in the older weeks",
    { timeframe: "2026-09-09..2026-10-07", date_range: { start: "2026-09-09", end: "2026-10-07" } },
  ],
];
/** Sales series per product and per marketplace, their bucket ends on kept days and between them. */
const SERIES: [string, Filters][] = [
  [
    "profit by week (per product, with costs)",
    {
      timeframe: "2026-09-03..2026-11-17",
      date_range: { start: "2026-09-03", end: "2026-11-17" },
      metrics: ["profit"],
      group_by: "week",
    },
  ],
  ["one product by day", { timeframe: "last_30_days", asin: "B0KNIFE001" }],
  ["a category by month", { timeframe: "all_time", category: "Kitchen", group_by: "month" }],
  ["one marketplace by quarter", { timeframe: "year_to_date", marketplace: "UK", group_by: "quarter" }],
  [
    "a range reaching past the data",
    { timeframe: "2026-10-15..2026-12-31", date_range: { start: "2026-10-15", end: "2026-12-31" }, group_by: "week" },
  ],
  [
    "profit by month, ends in the older weeks (per product, with costs)",
    {
      timeframe: "2026-09-02..2026-10-14",
      date_range: { start: "2026-09-02", end: "2026-10-14" },
      metrics: ["profit"],
      group_by: "month",
    },
  ],
];
/** Intents that read only the target and search-term totals, which are kept per week. */
const WEEKLY_ONLY = new Set<Intent>(["keyword_opportunities", "bid_recommendations", "wasted_ad_spend"]);
const INTENTS: Intent[] = [
  "sales_summary",
  "sales_comparison",
  "sales_trend",
  "top_products",
  "profit_margin_by_category",
  "refund_analysis",
  "conversion_analysis",
  "buy_box_share",
  "acos_by_campaign",
  "keyword_opportunities",
  "bid_recommendations",
  "wasted_ad_spend",
  "advertising_summary",
  "stockout_risk",
  "inventory_value",
  "restock_recommendations",
  "excess_inventory",
];

describe("rollups give the same numbers as the daily rows", () => {
  it.each(INTENTS.flatMap((intent) => RANGES.map(([label, filters]) => [intent, label, filters] as const)))(
    "%s over %s",
    async (intent, _label, filters) => {
      const fromDaily = await ask(daily, intent, filters);
      const fromRollups = await ask(rolled, intent, filters);
      // The rollup mirror really reads the rollups, the other only daily rows. Targets and search terms keep
      // weekly totals: inside one week their daily rows are all there is to read.
      const withinAWeek = filters.date_range && filters.date_range.start === filters.date_range.end;
      if (!(withinAWeek && WEEKLY_ONLY.has(intent)))
        expect(fromRollups.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
      expect(fromDaily.sql.some((s) => ROLLUP_READ.test(s))).toBe(false);
      expect(fromRollups.body.result).toEqual(fromDaily.body.result);
      expect(fromRollups.body.metadata.data_freshness).toEqual(fromDaily.body.metadata.data_freshness);
    },
  );

  it.each(SERIES)("series of %s agree with the daily rows", async (_label, filters) => {
    const a = await ask(daily, "sales_trend", filters);
    const b = await ask(rolled, "sales_trend", filters);
    expect(b.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
    expect((a.body.result.series as unknown[]).length).toBeGreaterThan(0);
    expect(b.body.result).toEqual(a.body.result);
  });

  it("monthly series read whole months from the rollups and agree with daily sums", async () => {
    const filters: Filters = { timeframe: "all_time", group_by: "month" };
    const a = await ask(daily, "sales_trend", filters);
    const b = await ask(rolled, "sales_trend", filters);
    expect(b.body.result.series).toEqual(a.body.result.series);
    expect((b.body.result.series as unknown[]).length).toBe(3);
  });
});

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("on $name, the same numbers as on SQLite", (backend) => {
  let pgDaily: Mirror;
  let pgRolled: Mirror;
  beforeAll(async () => {
    pgDaily = await buildSmallMirror(await backend.location());
    pgRolled = await buildSmallMirror(await backend.location());
    await rebuildRollups(pgRolled, "acme", undefined, "2026-11-21T06:02:00Z");
  });
  afterAll(async () => {
    await pgDaily?.close();
    await pgRolled?.close();
  });

  it.each(INTENTS.flatMap((intent) => RANGES.map(([label, filters]) => [intent, label, filters] as const)))(
    "%s over %s, from the daily rows and from the rollups",
    async (intent, _label, filters) => {
      const reference = (await ask(daily, intent, filters)).body;
      const fromDaily = (await ask(pgDaily, intent, filters)).body;
      const fromRollups = (await ask(pgRolled, intent, filters)).body;
      expect(fromDaily.result).toEqual(reference.result);
      expect(fromRollups.result).toEqual(reference.result);
      expect(fromRollups.metadata.data_freshness).toEqual(reference.metadata.data_freshness);
    },
  );

  // A category filter fails on PostgreSQL before any figure is read (scope.ts compares with SQLite's
  // `collate nocase`), whatever the rollups: left out here until that is fixed.
  it.each(SERIES.filter(([, f]) => !f.category))("series of %s, from the rollups", async (_label, filters) => {
    const reference = (await ask(daily, "sales_trend", filters)).body;
    const fromRollups = await ask(pgRolled, "sales_trend", filters);
    expect(fromRollups.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
    expect(fromRollups.body.result).toEqual(reference.result);
  });

  // Stock cover reads units over windows that end on one day: the days around them may not be kept.
  it.each([
    ["ending mid-week in the older weeks", "2026-10-07", ["2026-09-09", "2026-09-24"]],
    ["ending on a Sunday in the older weeks", "2026-10-11", ["2026-09-01", "2026-10-05"]],
    ["starting in the older weeks, ending on the last day", "2026-11-20", ["2026-09-10", "2026-11-07"]],
  ])("units over windows %s", async (_label, end, starts) => {
    const windows = async (mirror: Mirror) => {
      const rollups = await usableRollups(mirror.db, "acme");
      const table = windowTotals(
        SALES_ROLLUP,
        { dialect: dialectOf(mirror.db), accountId: "acme", range: { start: starts[0], end }, rollups },
        "units",
        starts,
      );
      const rows = await sql<Record<string, unknown>>`select * from ${table} as t`.execute(mirror.db);
      return rows.rows.map((r) => `${r.marketplace} ${r.asin} ${Number(r.v0)} ${Number(r.v1)}`).sort();
    };
    const reference = await windows(rolled);
    expect(reference.length).toBeGreaterThan(0);
    expect(await windows(pgRolled)).toEqual(reference);
  });

  // Anomaly scans read each product's totals on chosen days: kept ones as stored, others summed.
  it.each([
    ["the first day", "2026-09-01"],
    ["a Sunday in the older weeks", "2026-09-13"],
    ["a Wednesday in the older weeks", "2026-09-23"],
    ["a month's last day in the older weeks", "2026-09-30"],
    ["the day before the last five weeks", "2026-10-16"],
    ["a day in the last five weeks", "2026-11-04"],
    ["the last day", "2026-11-20"],
  ])("each product's running totals on %s", async (_label, day) => {
    const rollups = { first: "2026-09-01", last: "2026-11-20" };
    const totals = async (mirror: Mirror) =>
      (await runningTotalsOn(mirror.db, "acme", [day], {}, "C", rollups))
        .map((r) => `${r.marketplace} ${r.asin} ${r.date} ${r.units} ${r.revenue.toFixed(6)} ${r.days}`)
        .sort();
    const reference = await totals(rolled);
    expect(reference.length).toBeGreaterThan(0);
    expect(await totals(pgRolled)).toEqual(reference);
  });
});

describe("stale rollups are not read", () => {
  it("falls back to the daily rows after a newer import, and uses the rollups again once rebuilt", async () => {
    const mirror = await buildSmallMirror();
    await rebuildRollups(mirror, "acme");
    const before = await ask(mirror, "sales_summary", { timeframe: "last_30_days" });
    expect(before.sql.some((s) => /rollup_sales/.test(s))).toBe(true);
    await mirror.db
      .insertInto("daily_sales")
      .values({
        account_id: "acme",
        marketplace: "US",
        asin: "B0KNIFE001",
        date: "2026-11-20",
        units: 100,
        revenue: 2000,
      })
      .onConflict((oc) =>
        oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({ units: 100, revenue: 2000 }),
      )
      .execute();
    await mirror.db
      .insertInto("sync_runs")
      .values({
        id: nextId(mirror.db, "sync_runs"),
        account_id: "acme",
        kind: "import",
        source: "later",
        status: "ok",
        started_at: "2026-11-21T07:00:00Z",
        finished_at: "2026-11-21T07:00:01Z",
      })
      .execute();
    const stale = await ask(mirror, "sales_summary", { timeframe: "last_30_days" });
    expect(stale.sql.some((s) => /rollup_sales/.test(s))).toBe(false);
    await rebuildRollups(mirror, "acme", { start: "2026-11-20", end: "2026-11-20" });
    const rebuilt = await ask(mirror, "sales_summary", { timeframe: "last_30_days" });
    expect(rebuilt.sql.some((s) => /rollup_sales/.test(s))).toBe(true);
    expect(rebuilt.body.result).toEqual(stale.body.result);
    expect((rebuilt.body.result.totals as { units_sold: number }).units_sold).toBe(
      (before.body.result.totals as { units_sold: number }).units_sold + 100 - unitsOf(0, DAYS - 1),
    );
    await mirror.close();
  });
});

// On PostgreSQL the sales totals are weekly before the last weeks, and their summed totals kept every day.
describe.each(BACKENDS)(
  "on $name, a rebuild after an import keeps the earlier totals and gives what a full rebuild gives",
  (backend) => {
    const TABLES = ["rollup_sales", "rollup_campaigns", "rollup_ad_targets", "rollup_search_terms"] as const;
    async function allTotals(mirror: Mirror) {
      const out: Record<string, unknown[]> = {};
      // In a stable order whatever the engine returns rows of one day in.
      for (const table of TABLES)
        out[table] = (await mirror.db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      return out;
    }
    // An import: a changed day, a new product starting late, and one day past the old end, recorded as a run.
    async function importLater(mirror: Mirror, source: string) {
      await mirror.db
        .updateTable("daily_sales")
        .set({ units: 50, revenue: 1000 })
        .where("asin", "=", "B0PAN00002")
        .where("date", "=", "2026-11-10")
        .execute();
      await mirror.db
        .insertInto("daily_sales")
        .values([
          { account_id: "acme", marketplace: "US", asin: "B0NEW00009", date: "2026-11-12", units: 4, revenue: 80 },
          { account_id: "acme", marketplace: "US", asin: "B0KNIFE001", date: "2026-11-21", units: 7, revenue: 140 },
        ])
        .execute();
      await mirror.db
        .insertInto("ad_search_term_daily")
        .values({
          account_id: "acme",
          marketplace: "US",
          campaign_id: "C1",
          ad_group_id: "G1",
          target_id: "T1",
          search_term: "new term",
          date: "2026-11-21",
          impressions: 9,
          clicks: 1,
          spend: 0.5,
          sales: 0,
          orders: 0,
          units: 0,
        })
        .execute();
      await mirror.db
        .insertInto("sync_runs")
        .values({
          id: nextId(mirror.db, "sync_runs"),
          account_id: "acme",
          kind: "import",
          source,
          status: "ok",
          started_at: "2026-11-22T07:00:00Z",
          finished_at: "2026-11-22T07:00:01Z",
        })
        .execute();
    }

    it("rebuilding only from the import's first day matches rebuilding everything", async () => {
      const partial = await buildSmallMirror(await backend.location());
      const full = await buildSmallMirror(await backend.location());
      for (const m of [partial, full]) {
        await rebuildRollups(m, "acme");
        await importLater(m, "later.tsv");
      }
      await rebuildRollups(partial, "acme", { start: "2026-11-10", end: "2026-11-21" });
      await rebuildRollups(full, "acme");
      expect(await allTotals(partial)).toEqual(await allTotals(full));
      const knife = await partial.db
        .selectFrom("rollup_sales")
        .select(["period", "units"])
        .where("asin", "=", "B0NEW00009")
        .orderBy("period")
        .execute();
      expect(knife.map((r) => r.period)).toEqual(Array.from({ length: 10 }, (_, d) => addDaysIso("2026-11-12", d)));
      expect(knife.every((r) => r.units === 4)).toBe(true);
      await partial.close();
      await full.close();
    });

    it("rebuilding from a day in the older weeks (weekly totals) matches rebuilding everything", async () => {
      const partial = await buildSmallMirror(await backend.location());
      const full = await buildSmallMirror(await backend.location());
      for (const m of [partial, full]) {
        await rebuildRollups(m, "acme");
        await importLater(m, "later.tsv");
        // A late correction of a day long before the last weeks, whose targets and search terms keep Sundays only.
        await m.db
          .updateTable("ad_search_term_daily")
          .set({ clicks: 40, spend: 12.5 })
          .where("date", "=", "2026-09-09")
          .execute();
        await m.db.updateTable("ad_target_daily").set({ clicks: 41 }).where("date", "=", "2026-09-09").execute();
      }
      await rebuildRollups(partial, "acme", { start: "2026-09-09", end: "2026-11-21" });
      await rebuildRollups(full, "acme");
      expect(await allTotals(partial)).toEqual(await allTotals(full));
      await partial.close();
      await full.close();
    });

    it("rebuilds everything when a run in between left the rollups behind", async () => {
      const skipped = await buildSmallMirror(await backend.location());
      const full = await buildSmallMirror(await backend.location());
      for (const m of [skipped, full]) await rebuildRollups(m, "acme");
      for (const m of [skipped, full]) await importLater(m, "first.tsv");
      // Its rebuild never ran; the next import covers only a later day.
      for (const m of [skipped, full]) {
        await m.db
          .updateTable("daily_sales")
          .set({ units: 9 })
          .where("asin", "=", "B0KNIFE001")
          .where("date", "=", "2026-11-21")
          .execute();
        await m.db
          .insertInto("sync_runs")
          .values({
            id: nextId(m.db, "sync_runs"),
            account_id: "acme",
            kind: "import",
            source: "second.tsv",
            status: "ok",
            started_at: "2026-11-22T08:00:00Z",
            finished_at: "2026-11-22T08:00:01Z",
          })
          .execute();
      }
      await rebuildRollups(skipped, "acme", { start: "2026-11-21", end: "2026-11-21" });
      await rebuildRollups(full, "acme");
      expect(await allTotals(skipped)).toEqual(await allTotals(full));
      await skipped.close();
      await full.close();
    });
  },
);

describe("price changes kept beside the offers", () => {
  it.each<[string, Filters]>([
    ["the last week", { timeframe: "last_7_days" }],
    ["the last 30 days", { timeframe: "last_30_days" }],
    ["one marketplace", { timeframe: "last_30_days", marketplace: "US" }],
    ["one product", { timeframe: "last_30_days", asin: "B0PAN00002" }],
    ["a period longer than the 90 days looked at", { timeframe: "all_time" }],
  ])("are the changes found among the offers, over %s", async (_label, filters) => {
    const fromOffers = await ask(daily, "price_changes", filters);
    const fromKept = await ask(rolled, "price_changes", filters);
    expect(fromKept.sql.some((s) => /from competitor_price_changes/.test(s))).toBe(true);
    expect(fromOffers.sql.some((s) => /from competitor_price_changes/.test(s))).toBe(false);
    expect(fromKept.body.result).toEqual(fromOffers.body.result);
  });

  it("finds some in the fixture, so the comparison means something", async () => {
    const answer = await ask(rolled, "price_changes", { timeframe: "last_30_days" });
    expect((answer.body.result.changes as unknown[]).length).toBeGreaterThan(0);
  });
});

describe("tables whose data ends on different days", () => {
  it.each<[Intent, Filters]>([
    [
      "acos_by_campaign",
      { timeframe: "2026-11-02..2026-11-22", date_range: { start: "2026-11-02", end: "2026-11-22" } },
    ],
    [
      "wasted_ad_spend",
      { timeframe: "2026-10-01..2026-11-22", date_range: { start: "2026-10-01", end: "2026-11-22" } },
    ],
    ["sales_summary", { timeframe: "2026-11-01..2026-11-22", date_range: { start: "2026-11-01", end: "2026-11-22" } }],
  ])("%s over days only the ad reports reach agrees with the daily rows", async (intent, filters) => {
    const plain = await buildSmallMirror();
    const rolledUp = await buildSmallMirror();
    for (const m of [plain, rolledUp]) {
      await m.db
        .insertInto("ad_campaign_daily")
        .values({
          account_id: "acme",
          marketplace: "US",
          campaign_id: "C1",
          date: "2026-11-22",
          impressions: 900,
          clicks: 30,
          spend: 25,
          sales: 50,
          orders: 2,
          units: 2,
        })
        .execute();
      await m.db
        .insertInto("ad_search_term_daily")
        .values({
          account_id: "acme",
          marketplace: "US",
          campaign_id: "C1",
          ad_group_id: "G1",
          target_id: "T2",
          search_term: "cheap knife set",
          date: "2026-11-22",
          impressions: 90,
          clicks: 12,
          spend: 7,
          sales: 0,
          orders: 0,
          units: 0,
        })
        .execute();
    }
    await rebuildRollups(rolledUp, "acme");
    const fromDaily = await ask(plain, intent, filters);
    const fromRollups = await ask(rolledUp, intent, filters);
    expect(fromRollups.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
    expect(fromRollups.body.result).toEqual(fromDaily.body.result);
    await plain.close();
    await rolledUp.close();
  });
});

describe("rollups from an older layout are not read", () => {
  it("falls back to the daily rows when the running totals are missing", async () => {
    const mirror = await buildSmallMirror();
    await rebuildRollups(mirror, "acme");
    const fresh = await ask(mirror, "top_products", { timeframe: "last_30_days" });
    // The earlier layout stored daily rows (grain 'D') and no running totals.
    await mirror.db.updateTable("rollup_sales").set({ grain: "D" }).where("grain", "=", "C").execute();
    const old = await ask(mirror, "top_products", { timeframe: "last_30_days" });
    expect(fresh.sql.some((s) => ROLLUP_READ.test(s))).toBe(true);
    expect(old.sql.some((s) => ROLLUP_READ.test(s))).toBe(false);
    expect(old.body.result).toEqual(fresh.body.result);
    await mirror.close();
  });
});

describe("bucketBounds splits a range into buckets, each with the day before it and its last day in the range", () => {
  it.each([
    [
      "days",
      { start: "2026-10-30", end: "2026-11-01" },
      "day",
      [
        { label: "2026-10-30", before: "2026-10-29", last: "2026-10-30" },
        { label: "2026-10-31", before: "2026-10-30", last: "2026-10-31" },
        { label: "2026-11-01", before: "2026-10-31", last: "2026-11-01" },
      ],
    ],
    [
      "weeks starting on Monday, the first one cut by the range",
      { start: "2026-11-05", end: "2026-11-20" },
      "week",
      [
        { label: "2026-11-02", before: "2026-11-04", last: "2026-11-08" },
        { label: "2026-11-09", before: "2026-11-08", last: "2026-11-15" },
        { label: "2026-11-16", before: "2026-11-15", last: "2026-11-20" },
      ],
    ],
    [
      "months across a year end and a leap February",
      { start: "2023-12-15", end: "2024-03-01" },
      "month",
      [
        { label: "2023-12-01", before: "2023-12-14", last: "2023-12-31" },
        { label: "2024-01-01", before: "2023-12-31", last: "2024-01-31" },
        { label: "2024-02-01", before: "2024-01-31", last: "2024-02-29" },
        { label: "2024-03-01", before: "2024-02-29", last: "2024-03-01" },
      ],
    ],
    [
      "quarters",
      { start: "2026-01-01", end: "2026-11-20" },
      "quarter",
      [
        { label: "2026-01-01", before: "2025-12-31", last: "2026-03-31" },
        { label: "2026-04-01", before: "2026-03-31", last: "2026-06-30" },
        { label: "2026-07-01", before: "2026-06-30", last: "2026-09-30" },
        { label: "2026-10-01", before: "2026-09-30", last: "2026-11-20" },
      ],
    ],
    [
      "one day in a year",
      { start: "2026-10-01", end: "2026-10-01" },
      "year",
      [{ label: "2026-01-01", before: "2026-09-30", last: "2026-10-01" }],
    ],
  ] as const)("%s", (_label, range, bucket, expected) => {
    expect(bucketBounds(range, bucket)).toEqual(expected);
  });
});
