// Straightforward SQL (through Kysely) that finds each kind of planted
// situation in a mirror, the way an analyst would ask for it. Shared by the
// demo tests; not a test file itself.
import { sql } from "kysely";
import { addDaysIso } from "../../src/core/dates.js";
import type { DemoManifest, DemoSituation, DemoSituationKind } from "../../src/demo/manifest.js";
import type { MirrorDb } from "../../src/store/open-mirror.js";

const ACCOUNT = "demo";

/** The key a situation is identified by, per kind. */
export function situationKey(s: DemoSituation): string {
  switch (s.kind) {
    case "catalog_gap":
      return `${s.marketplace}|${s.subcategory}`;
    case "high_acos_campaign":
    case "low_acos_campaign":
      return `${s.campaign_id}`;
    case "keyword_opportunity":
      return `${s.target_id}`;
    case "wasted_search_term":
      return `${s.target_id}|${s.search_term}`;
    default:
      return `${s.marketplace}|${s.asin}`;
  }
}

export type Finder = (db: MirrorDb, end: string) => Promise<Set<string>>;

const lastDays = (end: string, days: number) => addDaysIso(end, -(days - 1));

/** Kinds found by the anomaly detectors (test/insights-demo-anomalies.test.ts), not by a query here. */
export type AnomalyKind =
  | "sales_spike"
  | "traffic_drop"
  | "conversion_drop"
  | "buy_box_loss"
  | "refund_spike"
  | "acos_spike";

export const FINDERS: Record<Exclude<DemoSituationKind, "sales_drop" | AnomalyKind>, Finder> = {
  async rating_decline(db, end) {
    const from = lastDays(end, 90);
    const rows = await db
      .selectFrom("review_snapshots as a")
      .innerJoin("review_snapshots as b", (j) =>
        j
          .onRef("a.account_id", "=", "b.account_id")
          .onRef("a.marketplace", "=", "b.marketplace")
          .onRef("a.asin", "=", "b.asin"),
      )
      .select(["a.marketplace", "a.asin", "a.rating as first", "b.rating as last"])
      .where("a.account_id", "=", ACCOUNT)
      .where("a.date", "=", from)
      .where("b.date", "=", end)
      .execute();
    return new Set(rows.filter((r) => r.last <= r.first - 0.3).map((r) => `${r.marketplace}|${r.asin}`));
  },
  async low_stock(db, end) {
    return new Set((await daysOfSupply(db, end)).filter((r) => r.days < 14).map((r) => r.key));
  },
  async overstock(db, end) {
    return new Set((await daysOfSupply(db, end)).filter((r) => r.days > 180).map((r) => r.key));
  },
  async competitor_undercut(db, end) {
    const rows = await db
      .selectFrom("competitor_offers as o")
      .innerJoin("products as p", (j) =>
        j
          .onRef("p.account_id", "=", "o.account_id")
          .onRef("p.marketplace", "=", "o.marketplace")
          .onRef("p.asin", "=", "o.asin"),
      )
      .select(["o.marketplace", "o.asin"])
      .where("o.account_id", "=", ACCOUNT)
      .where("o.date", "=", end)
      .where(sql<boolean>`o.price + o.shipping < p.price`)
      .distinct()
      .execute();
    return new Set(rows.map((r) => `${r.marketplace}|${r.asin}`));
  },
  async buy_box_drop(db, end) {
    const recent = lastDays(end, 30);
    const before = lastDays(end, 60);
    const rows = await db
      .selectFrom("daily_sales")
      .select(["marketplace", "asin"])
      .select(sql<number>`avg(case when date >= ${recent} then buy_box_pct end)`.as("recent"))
      .select(sql<number>`avg(case when date < ${recent} then buy_box_pct end)`.as("before"))
      .where("account_id", "=", ACCOUNT)
      .where("date", ">=", before)
      .where("date", "<=", end)
      .groupBy(["marketplace", "asin"])
      .execute();
    return new Set(rows.filter((r) => r.before - r.recent >= 20).map((r) => `${r.marketplace}|${r.asin}`));
  },
  async competitor_price_change(db, end) {
    const rows = await db
      .selectFrom("competitor_offers")
      .select(["marketplace", "asin", "seller_id"])
      .select((eb) => eb.fn.count<number>(sql`distinct price`).as("prices"))
      .where("account_id", "=", ACCOUNT)
      .where("date", ">=", addDaysIso(end, -7))
      .where("date", "<=", end)
      .groupBy(["marketplace", "asin", "seller_id"])
      .execute();
    return new Set(rows.filter((r) => Number(r.prices) > 1).map((r) => `${r.marketplace}|${r.asin}`));
  },
  async catalog_gap(db) {
    const rows = await db
      .selectFrom("market_catalog as m")
      .select(["m.marketplace", "m.subcategory"])
      .where("m.account_id", "=", ACCOUNT)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("products as p")
              .select("p.sku")
              .whereRef("p.account_id", "=", "m.account_id")
              .whereRef("p.subcategory", "=", "m.subcategory"),
          ),
        ),
      )
      .distinct()
      .execute();
    return new Set(rows.map((r) => `${r.marketplace}|${r.subcategory}`));
  },
  async high_acos_campaign(db, end) {
    return new Set((await campaignAcos(db, end)).filter((r) => r.acos > 0.4).map((r) => r.campaign_id));
  },
  async low_acos_campaign(db, end) {
    return new Set((await campaignAcos(db, end)).filter((r) => r.acos < 0.15).map((r) => r.campaign_id));
  },
  async keyword_opportunity(db, end) {
    const rows = await db
      .selectFrom("ad_target_daily as d")
      .innerJoin("ad_targets as t", (j) =>
        j.onRef("t.account_id", "=", "d.account_id").onRef("t.target_id", "=", "d.target_id"),
      )
      .select("d.target_id")
      .select((eb) => [
        eb.fn.sum<number>("d.clicks").as("clicks"),
        eb.fn.sum<number>("d.orders").as("orders"),
        eb.fn.avg<number>("d.top_of_search_is").as("tos"),
      ])
      .where("d.account_id", "=", ACCOUNT)
      .where("t.kind", "=", "keyword")
      .where("d.date", ">=", lastDays(end, 30))
      .where("d.date", "<=", end)
      .groupBy("d.target_id")
      .execute();
    const conversion = rows.map((r) => (Number(r.clicks) > 0 ? Number(r.orders) / Number(r.clicks) : 0));
    const sorted = conversion.slice().sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    return new Set(rows.filter((r, i) => conversion[i] > median && Number(r.tos) < 20).map((r) => r.target_id));
  },
  async wasted_search_term(db, end) {
    const rows = await db
      .selectFrom("ad_search_term_daily")
      .select(["target_id", "search_term"])
      .select((eb) => [
        eb.fn.sum<number>("clicks").as("clicks"),
        eb.fn.sum<number>("orders").as("orders"),
        eb.fn.sum<number>("spend").as("spend"),
      ])
      .where("account_id", "=", ACCOUNT)
      .where("date", ">=", lastDays(end, 30))
      .where("date", "<=", end)
      .groupBy(["target_id", "search_term"])
      .execute();
    return new Set(
      rows
        .filter((r) => Number(r.clicks) >= 15 && Number(r.orders) === 0 && Number(r.spend) > 0)
        .map((r) => `${r.target_id}|${r.search_term}`),
    );
  },
};

async function daysOfSupply(db: MirrorDb, end: string): Promise<{ key: string; days: number }[]> {
  const rows = await db
    .selectFrom("inventory_snapshots as i")
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("daily_sales")
          .select(["marketplace", "asin"])
          .select((e) => e.fn.sum<number>("units").as("units"))
          .where("account_id", "=", ACCOUNT)
          .where("date", ">=", lastDays(end, 30))
          .where("date", "<=", end)
          .groupBy(["marketplace", "asin"])
          .as("s"),
      (j) => j.onRef("s.marketplace", "=", "i.marketplace").onRef("s.asin", "=", "i.asin"),
    )
    .select(["i.marketplace", "i.asin", "i.available", "s.units"])
    .where("i.account_id", "=", ACCOUNT)
    .where("i.date", "=", end)
    .execute();
  return rows.map((r) => ({
    key: `${r.marketplace}|${r.asin}`,
    days: Number(r.units) > 0 ? r.available / (Number(r.units) / 30) : Infinity,
  }));
}

async function campaignAcos(db: MirrorDb, end: string): Promise<{ campaign_id: string; acos: number }[]> {
  const rows = await db
    .selectFrom("ad_campaign_daily")
    .select("campaign_id")
    .select((eb) => [eb.fn.sum<number>("spend").as("spend"), eb.fn.sum<number>("sales").as("sales")])
    .where("account_id", "=", ACCOUNT)
    .where("date", ">=", lastDays(end, 30))
    .where("date", "<=", end)
    .groupBy("campaign_id")
    .execute();
  return rows.map((r) => ({
    campaign_id: r.campaign_id,
    acos: Number(r.sales) > 0 ? Number(r.spend) / Number(r.sales) : Infinity,
  }));
}

/** Average daily units in the planted drop window against the 20 days before it, per series. */
export async function salesDropRatios(
  db: MirrorDb,
  manifest: DemoManifest,
): Promise<{ key: string; ratio: number; baseline: number }[]> {
  const drop = manifest.situations.find((s) => s.kind === "sales_drop");
  const from = drop?.from ?? lastDays(manifest.end, 10);
  const days = Math.round((Date.parse(manifest.end) - Date.parse(from)) / 86_400_000) + 1;
  const before = addDaysIso(from, -20);
  const rows = await db
    .selectFrom("daily_sales")
    .select(["marketplace", "asin"])
    .select(sql<number>`sum(case when date >= ${from} then units else 0 end)`.as("during"))
    .select(sql<number>`sum(case when date < ${from} then units else 0 end)`.as("before"))
    .where("account_id", "=", ACCOUNT)
    .where("date", ">=", before)
    .where("date", "<=", manifest.end)
    .groupBy(["marketplace", "asin"])
    .execute();
  return rows.map((r) => {
    const baseline = Number(r.before) / 20;
    return {
      key: `${r.marketplace}|${r.asin}`,
      baseline,
      ratio: baseline > 0 ? Number(r.during) / days / baseline : 1,
    };
  });
}
