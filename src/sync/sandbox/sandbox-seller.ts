/**
 * The seller the sandbox serves: the demo generator's seller, generated into
 * a private in-memory mirror, and read back as the documents Amazon would
 * hand out for it (see report-documents.ts). Only days before the sandbox's
 * "today" are visible, so moving its clock forward makes new data appear.
 */
import { sql, type Selectable } from "kysely";
import { addDaysIso } from "../../core/dates.js";
import { generateDemo } from "../../demo/generate-demo.js";
import { DEMO_ACCOUNT_ID } from "../../demo/plan.js";
import type { DemoScaleName } from "../../demo/scales.js";
import { marketplaceByCode } from "../../core/reference-data.js";
import { dialectOf } from "../../store/dialect.js";
import { openMirror, type Mirror, type MirrorDb } from "../../store/open-mirror.js";
import type { DailySalesTable } from "../../store/schema.js";

export interface SandboxSellerOptions {
  /** The demo generator's seed (default 1, the seed a fresh mirror gets). */
  seed?: number;
  /** The last day of generated history, YYYY-MM-DD. */
  end: string;
  scale?: DemoScaleName;
}

export interface SandboxMarketplace {
  code: string;
  marketplaceId: string;
  currency: string;
  countryCode: string;
  /** The Ads API profile of the marketplace. */
  profileId: string;
  region: "na" | "eu" | "fe";
}

const EU = new Set(["UK", "DE", "FR", "IT", "ES", "NL", "SE", "PL", "BE", "TR", "AE", "SA", "EG", "IN"]);
const FE = new Set(["JP", "AU", "SG"]);

export class SandboxSeller {
  readonly sellingPartnerId = "A2SANDBOXSELLER1";

  private constructor(
    private readonly mirror: Mirror,
    readonly marketplaces: SandboxMarketplace[],
    readonly firstDay: string,
    readonly lastDay: string,
  ) {}

  /** Generates the seller (seconds at the default scale). */
  static async create(options: SandboxSellerOptions): Promise<SandboxSeller> {
    const mirror = await openMirror(":memory:", { checkpointScript: false });
    const summary = await generateDemo(mirror, {
      seed: options.seed ?? 1,
      end: options.end,
      scale: options.scale,
      now: new Date(`${addDaysIso(options.end, 1)}T00:00:00Z`),
    });
    const marketplaces = summary.marketplaces.map((code, i) => {
      const info = marketplaceByCode(code)!;
      return {
        code,
        marketplaceId: info.marketplace_id,
        currency: info.currency,
        countryCode: code === "UK" ? "GB" : code,
        profileId: String(3_100_000_000_000 + i * 1_000_003),
        region: EU.has(code) ? ("eu" as const) : FE.has(code) ? ("fe" as const) : ("na" as const),
      };
    });
    return new SandboxSeller(mirror, marketplaces, summary.start, summary.end);
  }

  get db(): MirrorDb {
    return this.mirror.db;
  }

  marketplaceById(id: string): SandboxMarketplace | undefined {
    return this.marketplaces.find((m) => m.marketplaceId === id);
  }

  marketplaceByProfile(profileId: string): SandboxMarketplace | undefined {
    return this.marketplaces.find((m) => m.profileId === profileId);
  }

  /** The newest day with data as seen on `today`: the day before, at most the last generated day. */
  visibleEnd(today: string): string {
    const yesterday = addDaysIso(today, -1);
    return yesterday < this.lastDay ? yesterday : this.lastDay;
  }

  async dailySales(marketplace: string, start: string, end: string): Promise<Selectable<DailySalesTable>[]> {
    if (start === end) {
      // One day, as a sync asks for Sales and Traffic (thousands of times): every column of the index by
      // day is then matched exactly and the rows come from it in ASIN order, where a range reads the day of
      // every marketplace and sorts it. Named, because the planner would pick the primary key for an exact
      // day and read the marketplace's whole history.
      const { rows } = await sql<Selectable<DailySalesTable>>`select * from ${dialectOf(this.db).indexedBy(
        "daily_sales",
        "daily_sales_date_idx",
      )} where account_id = ${DEMO_ACCOUNT_ID} and date = ${start} and marketplace = ${marketplace} order by asin`.execute(
        this.db,
      );
      return rows;
    }
    return this.db
      .selectFrom("daily_sales")
      .selectAll()
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .where("date", ">=", start)
      .where("date", "<=", end)
      .orderBy("date")
      .orderBy("asin")
      .execute();
  }

  async products(marketplace: string) {
    return this.db
      .selectFrom("products")
      .selectAll()
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .orderBy("sku")
      .execute();
  }

  async fees(marketplace: string) {
    return this.db
      .selectFrom("product_fees")
      .selectAll()
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .execute();
  }

  /** The newest inventory snapshot on or before `day`, with its day. */
  async inventory(marketplace: string, day: string) {
    const newest = await this.db
      .selectFrom("inventory_snapshots")
      .select((eb) => eb.fn.max("date").as("date"))
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .where("date", "<=", day)
      .executeTakeFirst();
    const date = newest?.date ?? null;
    if (!date) return { date: null, rows: [] };
    const rows = await this.db
      .selectFrom("inventory_snapshots as i")
      .innerJoin("products as p", (j) =>
        j
          .onRef("p.account_id", "=", "i.account_id")
          .onRef("p.marketplace", "=", "i.marketplace")
          .onRef("p.sku", "=", "i.sku"),
      )
      .select([
        "i.sku",
        "i.asin",
        "p.fnsku",
        "p.title",
        "p.price",
        "i.available",
        "i.reserved",
        "i.inbound",
        "i.unfulfillable",
        "i.amazon_recommended_qty",
        "i.amazon_recommended_date",
      ])
      .where("i.account_id", "=", DEMO_ACCOUNT_ID)
      .where("i.marketplace", "=", marketplace)
      .where("i.date", "=", date)
      .orderBy("i.sku")
      .execute();
    return { date, rows };
  }

  /** The competitors' offers of the newest day on or before `day`. */
  async offers(marketplace: string, asins: readonly string[], day: string) {
    if (asins.length === 0) return { date: null, rows: [] };
    const newest = await this.db
      .selectFrom("competitor_offers")
      .select((eb) => eb.fn.max("date").as("date"))
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .where("date", "<=", day)
      .executeTakeFirst();
    const date = newest?.date ?? null;
    if (!date) return { date: null, rows: [] };
    const rows = await this.db
      .selectFrom("competitor_offers")
      .selectAll()
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .where("date", "=", date)
      .where("asin", "in", asins)
      .orderBy("asin")
      .orderBy("seller_id")
      .execute();
    return { date, rows };
  }

  async adStructure(marketplace: string) {
    const campaigns = await this.db
      .selectFrom("ad_campaigns")
      .selectAll()
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .execute();
    const ids = campaigns.map((c) => c.campaign_id);
    const groups = ids.length
      ? await this.db
          .selectFrom("ad_groups")
          .selectAll()
          .where("account_id", "=", DEMO_ACCOUNT_ID)
          .where("campaign_id", "in", ids)
          .execute()
      : [];
    const targets = ids.length
      ? await this.db
          .selectFrom("ad_targets")
          .selectAll()
          .where("account_id", "=", DEMO_ACCOUNT_ID)
          .where("campaign_id", "in", ids)
          .execute()
      : [];
    return {
      campaigns: new Map(campaigns.map((c) => [c.campaign_id, c])),
      groups: new Map(groups.map((g) => [g.ad_group_id, g])),
      targets: new Map(targets.map((t) => [t.target_id, t])),
    };
  }

  async adDaily(
    table: "ad_campaign_daily" | "ad_target_daily" | "ad_search_term_daily" | "ad_product_daily",
    marketplace: string,
    start: string,
    end: string,
  ): Promise<Record<string, unknown>[]> {
    return (await this.db
      .selectFrom(table)
      .selectAll()
      .where("account_id", "=", DEMO_ACCOUNT_ID)
      .where("marketplace", "=", marketplace)
      .where("date", ">=", start)
      .where("date", "<=", end)
      .orderBy("date")
      .execute()) as Record<string, unknown>[];
  }

  async close(): Promise<void> {
    await this.mirror.close();
  }
}
