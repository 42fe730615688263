import { emitDataRefreshCompleted, emitPriceChangesDetected } from "../events/index.js";
import { createAccount, deleteAccount } from "../store/accounts.js";
import type { BulkWriter } from "../store/backend.js";
import { writeTransaction, type TableName } from "../store/dialect.js";
import type { Mirror, MirrorDb } from "../store/open-mirror.js";
import { rebuildRollups } from "../store/rollups.js";
import { generateAds, planAds } from "./ads.js";
import { demoCatalogVocab } from "./catalog.js";
import { currencyRateRows, feeRows, marketCatalogRows, productRows } from "./market.js";
import { DEMO_ACCOUNT_ID, planDemo, type DemoPlan } from "./plan.js";
import type { DemoScale, DemoScaleName } from "./scales.js";
import { generateSeries } from "./series.js";
import { SettlementLedger } from "./settlements.js";
import { nextId } from "../store/row-ids.js";

export interface GenerateDemoOptions {
  seed: number;
  /** Last day of history, YYYY-MM-DD. */
  end: string;
  scale?: DemoScaleName | DemoScale;
  /** Plant anomalies (default true); false for a seller without any. */
  anomalies?: boolean;
  /** The instant of the refresh (recorded as the account's last refresh and the run's time). */
  now: Date;
  /** Told when each phase ends ("catalog", "ads", "series", "settlements", "indexes", "commit", "rollups"), for benchmarks. */
  onPhase?: (phase: string) => void;
}

export interface DemoSummary {
  accountId: string;
  seed: number;
  scale: string;
  start: string;
  end: string;
  adsStart: string;
  marketplaces: string[];
  products: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  totalRows: number;
}

/** What the demo run records in sync_runs.details, so a later run can tell whether the data already matches. */
export interface DemoRunDetails {
  seed: number;
  scale: string;
  end: string;
  /** Absent (runs before the option existed) means true. */
  anomalies?: boolean;
}

/** Rows are handed to SQLite in batches of this many per table, so memory stays flat at any scale. */
const FLUSH_ROWS = 20_000;

/**
 * Replaces the demo account with a freshly generated, deterministic seller:
 * the same seed, end date and scale always give the same rows. Other
 * accounts are not touched. Everything is written in one transaction.
 *
 * @example
 * const summary = await generateDemo(mirror, { seed: 1, end: "2026-11-20", now: new Date("2026-11-21T12:00:00Z") });
 * summary.products; // 150
 */
export async function generateDemo(mirror: Mirror, options: GenerateDemoOptions): Promise<DemoSummary> {
  const plan = planDemo({
    seed: options.seed,
    end: options.end,
    scale: options.scale,
    anomalies: options.anomalies ?? true,
  });
  const nowIso = options.now.toISOString();
  const rows: Record<string, number> = {};
  // Index builds and the rollups' grouping sort more than fits in memory at the large
  // scale: let SQLite spill those sorts to temporary files instead of RAM while we work.
  return mirror.withSortsOnFiles(() => generateInMirror(mirror, plan, options, nowIso, rows));
}

async function generateInMirror(
  mirror: Mirror,
  plan: DemoPlan,
  options: GenerateDemoOptions,
  nowIso: string,
  rows: Record<string, number>,
): Promise<DemoSummary> {
  // The write lock from the start: with a server delivering webhooks meanwhile, a deferred transaction could
  // fail at its first write instead of waiting for the lock.
  await writeTransaction(mirror.db, async (trx) => {
    const db = trx as MirrorDb;
    // Alert rules are the user's, not demo data: they outlive a regeneration (and are checked after it).
    const rules = await db.selectFrom("alerts").selectAll().where("account_id", "=", DEMO_ACCOUNT_ID).execute();
    await deleteAccount(db, DEMO_ACCOUNT_ID);
    const otherDefault = await db.selectFrom("accounts").select("id").where("is_default", "=", 1).executeTakeFirst();
    await createAccount(db, {
      id: DEMO_ACCOUNT_ID,
      name: `${demoCatalogVocab().seller_name} (demo)`,
      provider: "demo",
      homeCurrency: "USD",
      marketplaces: plan.markets.map((m) => ({ code: m.code, currency: m.currency })),
      isDefault: otherDefault === undefined,
      createdAt: nowIso,
    });
    await db.updateTable("accounts").set({ last_refresh_at: nowIso }).where("id", "=", DEMO_ACCOUNT_ID).execute();
    if (rules.length) await db.insertInto("alerts").values(rules).execute();
    await db
      .updateTable("settings")
      .set({ lead_time_days: 30, safety_stock_days: 14, target_acos: 30, updated_at: nowIso })
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .execute();

    const writer = mirror.bulkWriter(db);
    const batches = new Batches(writer, rows);
    // Rates are shared by all accounts: keep any a user brought in.
    rows.currency_rates = writer.write("currency_rates", currencyRateRows(plan), {
      conflictColumns: ["currency", "quote", "date"],
      ignoreConflicts: true,
    });
    batches.addAll("products", productRows(plan));
    batches.addAll("product_fees", feeRows(plan));
    batches.addAll("market_catalog", marketCatalogRows(plan));
    options.onPhase?.("catalog");
    const ads = planAds(plan);
    writeAdStructure(plan, ads.campaigns, batches);
    batches.flushAll();
    // Settlements are summed from the days as they are generated, so they pay out exactly what the days sold.
    const ledger = new SettlementLedger(plan);
    await withoutSecondaryIndexes(writer, BULK_TABLES, async () => {
      const adUnits = generateAds(plan, ads, {
        campaignDay: (row) => {
          ledger.adSpend(row);
          batches.add("ad_campaign_daily", row);
        },
        targetDay: (row) => batches.add("ad_target_daily", row),
        searchTermDay: (row) => batches.add("ad_search_term_daily", row),
        productDay: (row) => batches.add("ad_product_daily", row),
      });
      batches.flushAll();
      options.onPhase?.("ads");

      const sink = {
        sales: (row: Record<string, unknown>) => {
          ledger.sale(row);
          batches.add("daily_sales", row);
        },
        inventory: (row: Record<string, unknown>) => batches.add("inventory_snapshots", row),
        review: (row: Record<string, unknown>) => batches.add("review_snapshots", row),
        offer: (row: Record<string, unknown>) => batches.add("competitor_offers", row),
      };
      // Marketplace, then ASIN, then date: the primary key's order, so inserts append.
      const products = plan.products.slice().sort((a, b) => (a.asin < b.asin ? -1 : a.asin > b.asin ? 1 : 0));
      for (const market of plan.markets) {
        for (const product of products)
          generateSeries(plan, product, market, adUnits.get(`${market.code}|${product.asin}`), sink);
      }
      batches.flushAll();
      options.onPhase?.("series");
      ledger.write({
        settlement: (row) => batches.add("settlements", row),
        lines: (columns, values) => {
          rows.settlement_transactions =
            (rows.settlement_transactions ?? 0) + writer.writeValues("settlement_transactions", columns, values);
        },
      });
      batches.flushAll();
      options.onPhase?.("settlements");
    });
    options.onPhase?.("indexes");

    const details: DemoRunDetails = {
      seed: plan.seed,
      scale: plan.scale.name,
      end: plan.end,
      anomalies: options.anomalies ?? true,
    };
    const written = Object.values(rows).reduce((s, n) => s + n, 0);
    const run = await db
      .insertInto("sync_runs")
      .values({
        id: nextId(db, "sync_runs"),
        account_id: DEMO_ACCOUNT_ID,
        kind: "demo",
        source: "seller-ai demo",
        report_type: null,
        marketplace: null,
        status: "ok",
        started_at: nowIso,
        finished_at: nowIso,
        rows_read: 0,
        rows_written: written,
        rows_rejected: 0,
        period_start: plan.start,
        period_end: plan.end,
        details: JSON.stringify(details),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The events commit with the data they report.
    await emitDataRefreshCompleted(db, {
      runId: Number(run.id),
      accountId: DEMO_ACCOUNT_ID,
      source: "demo",
      status: "ok",
      marketplaces: plan.markets.map((m) => m.code),
      reportTypes: [],
      rows: { read: 0, written, rejected: 0 },
      firstDay: plan.start,
      lastDay: plan.end,
      now: options.now,
    });
    await emitPriceChangesDetected(db, {
      accountId: DEMO_ACCOUNT_ID,
      from: plan.start,
      to: plan.end,
      now: options.now,
    });
  });
  // The rollups run their own transaction, so they are rebuilt right after ours commits;
  // until then readers see them as stale and fall back to the daily rows.
  options.onPhase?.("commit");
  await rebuildRollups(mirror, DEMO_ACCOUNT_ID, undefined, nowIso);
  options.onPhase?.("rollups");
  const totalRows = Object.values(rows).reduce((s, n) => s + n, 0);
  return {
    accountId: DEMO_ACCOUNT_ID,
    seed: plan.seed,
    scale: plan.scale.name,
    start: plan.start,
    end: plan.end,
    adsStart: plan.dates[plan.adsStartDay],
    marketplaces: plan.markets.map((m) => m.code),
    products: plan.products.length,
    rows,
    totalRows,
  };
}

/** The details of the demo account's last generation, or undefined when there is none. */
export async function demoRunDetails(db: MirrorDb): Promise<DemoRunDetails | undefined> {
  const run = await db
    .selectFrom("sync_runs")
    .select("details")
    .where("account_id", "=", DEMO_ACCOUNT_ID)
    .where("kind", "=", "demo")
    .where("status", "=", "ok")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!run?.details) return undefined;
  try {
    return JSON.parse(run.details) as DemoRunDetails;
  } catch {
    return undefined;
  }
}

function writeAdStructure(plan: DemoPlan, campaigns: ReturnType<typeof planAds>["campaigns"], batches: Batches): void {
  const start = plan.dates[plan.adsStartDay];
  for (const c of campaigns) {
    batches.add("ad_campaigns", {
      account_id: DEMO_ACCOUNT_ID,
      marketplace: c.marketplace,
      campaign_id: c.id,
      name: c.name,
      ad_type: "SP",
      targeting_type: c.targetingType,
      state: "ENABLED",
      daily_budget: c.dailyBudget,
      start_date: start,
    });
    for (const g of c.adGroups) {
      batches.add("ad_groups", {
        account_id: DEMO_ACCOUNT_ID,
        campaign_id: c.id,
        ad_group_id: g.id,
        name: g.name,
        default_bid: g.defaultBid,
        state: "ENABLED",
      });
      for (const t of g.targets) {
        batches.add("ad_targets", {
          account_id: DEMO_ACCOUNT_ID,
          campaign_id: c.id,
          ad_group_id: g.id,
          target_id: t.id,
          kind: t.kind,
          text: t.text,
          match_type: t.matchType,
          bid: t.bid,
          state: "ENABLED",
        });
      }
    }
  }
}

/** Tables the generator fills in bulk. */
const BULK_TABLES = [
  "daily_sales",
  "inventory_snapshots",
  "review_snapshots",
  "competitor_offers",
  "ad_campaign_daily",
  "ad_target_daily",
  "ad_search_term_daily",
  "ad_product_daily",
  "settlement_transactions",
] as const;

/**
 * Runs a bulk load with the loaded tables' secondary indexes set aside and
 * rebuilt after: keeping them up to date row by row costs several times more
 * than building them once. Each index is rebuilt from its own stored
 * definition, so the schema stays exactly as the migrations made it.
 */
async function withoutSecondaryIndexes(
  writer: BulkWriter,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const restores = writer.secondaryIndexes(tables).map((index) => writer.suspendIndex(index));
  await load();
  for (const restore of restores) restore();
}

/** Per-table row buffers written through the BulkWriter when they fill up. */
class Batches {
  private readonly buffers = new Map<TableName, Record<string, unknown>[]>();

  constructor(
    private readonly writer: BulkWriter,
    private readonly counts: Record<string, number>,
  ) {}

  add(table: TableName, row: Record<string, unknown>): void {
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = []));
    buffer.push(row);
    if (buffer.length >= FLUSH_ROWS) this.flush(table);
  }

  addAll(table: TableName, rows: Record<string, unknown>[]): void {
    for (const row of rows) this.add(table, row);
  }

  flush(table: TableName): void {
    const buffer = this.buffers.get(table);
    if (!buffer || buffer.length === 0) return;
    this.counts[table] = (this.counts[table] ?? 0) + this.writer.write(table, buffer);
    this.buffers.set(table, []);
  }

  flushAll(): void {
    for (const table of [...this.buffers.keys()]) this.flush(table);
  }
}
