/**
 * Sales, traffic, advertising and profit per product over a date range: the
 * figures most performance answers are built from.
 */
import { sql } from "kysely";
import { factsTable, SALES_ROLLUP, type DateSpan } from "../store/rollups.js";
import type { RollupSalesTable } from "../store/schema.js";
import type { AnalyticsContext } from "./context.js";
import { scopeWhere, type Scope } from "./scope.js";

export interface CatalogEntry {
  marketplace: string;
  asin: string;
  sku: string;
  fnsku: string | null;
  title: string;
  brand: string | null;
  category: string | null;
  subcategory: string | null;
  condition: string;
  fulfillment_type: string;
  price: number | null;
  unit_cost: number | null;
  lead_time_days: number | null;
  status: string;
  referral_fee_pct: number;
  fulfillment_fee: number;
}

/** The account's catalog by `marketplace|asin` (first SKU of an ASIN), with its fees. */
export function catalogOf(ctx: AnalyticsContext): Promise<Map<string, CatalogEntry>> {
  return ctx.memo("catalog", async () => {
    const products = await skusOf(ctx);
    // Fees are read on their own and matched here: a join per product costs more than the two plain reads.
    const fees = await ctx.rows(
      ctx.db.selectFrom("product_fees").select(["marketplace", "asin", "referral_fee_pct", "fulfillment_fee"]).where("account_id", "=", ctx.accountId),
    );
    const feeOf = new Map(fees.map((f) => [`${f.marketplace}|${f.asin}`, f]));
    const map = new Map<string, CatalogEntry>();
    for (const p of products) {
      const key = `${p.marketplace}|${p.asin}`;
      const known = map.get(key);
      // The first SKU of an ASIN (in SKU order) speaks for it.
      if (known && known.sku <= p.sku) continue;
      const f = feeOf.get(key);
      map.set(key, { ...p, referral_fee_pct: f?.referral_fee_pct ?? 15, fulfillment_fee: f?.fulfillment_fee ?? 0 });
    }
    return map;
  });
}

/** Every SKU of the account's catalog, read once per answer. */
export function skusOf(ctx: AnalyticsContext) {
  return ctx.memo("skus", () =>
    ctx.rows(
      ctx.db
        .selectFrom("products")
        .select(["marketplace", "asin", "sku", "fnsku", "title", "brand", "category", "subcategory", "condition", "fulfillment_type", "price", "unit_cost", "lead_time_days", "status"])
        .where("account_id", "=", ctx.accountId),
    ),
  );
}

/** Title, category… of an ASIN in any marketplace (the first one found). */
export function entryForAsin(catalog: Map<string, CatalogEntry>, asin: string, marketplace?: string): CatalogEntry | undefined {
  if (marketplace) return catalog.get(`${marketplace}|${asin}`);
  for (const m of ["US", "UK", "DE"]) {
    const e = catalog.get(`${m}|${asin}`);
    if (e) return e;
  }
  for (const e of catalog.values()) if (e.asin === asin) return e;
  return undefined;
}

/** One product's summed measures: the measure columns of the sales rollup, whichever source they come from. */
export type RawFacts = Omit<RollupSalesTable, "account_id" | "grain" | "period" | "marketplace" | "asin">;

export interface ProductFacts extends RawFacts {
  marketplace: string;
  asin: string;
  currency: string;
  /** Units × unit cost. */
  cogs: number;
  /** Referral (percent of revenue) plus fulfilment fee per unit. */
  fees: number;
  profit: number;
  /** False when the product has no unit cost (profit then leaves cost out). */
  has_cost: boolean;
}

const FACT_KEYS: (keyof RawFacts)[] = [
  "units", "revenue", "orders", "refund_units", "refund_amount", "sessions", "page_views", "bb_weighted", "bb_views", "days",
  "ad_spend", "ad_sales", "ad_clicks", "ad_impressions", "ad_orders",
];
const SUMMED_KEYS = [...FACT_KEYS, "cogs", "fees", "profit"];
const MONEY_KEYS = new Set(["revenue", "refund_amount", "ad_spend", "ad_sales", "cogs", "fees", "profit"]);

export function emptyFacts(): RawFacts {
  return Object.fromEntries(FACT_KEYS.map((k) => [k, 0])) as unknown as RawFacts;
}

/**
 * Facts per marketplace and ASIN over a range, in each marketplace's
 * currency, with profit = revenue − units × unit cost − fees − refunds − ad spend.
 */
export async function productFacts(ctx: AnalyticsContext, range: DateSpan, scope: Pick<Scope, "marketplace" | "asins">): Promise<ProductFacts[]> {
  await ctx.ensureRates(range.end);
  const facts = factsTable(SALES_ROLLUP, { accountId: ctx.accountId, range, where: () => scopeWhere(scope), rollups: await ctx.rollups() }, true);
  const sums = FACT_KEYS.map((k) => sql`total(${sql.ref(k)}) as ${sql.ref(k)}`);
  // Running totals already give one row per product: no grouping needed.
  const query = facts.oneRowPerKey
    ? sql<RawFacts & { marketplace: string; asin: string }>`select * from ${facts.table} as f`
    : sql<RawFacts & { marketplace: string; asin: string }>`select marketplace, asin, ${sql.join(sums)} from ${facts.table} as f group by marketplace, asin`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const rows = (await ctx.db.executeQuery(compiled)).rows;
  const catalog = await catalogOf(ctx);
  const out: ProductFacts[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as ProductFacts;
    const info = catalog.get(`${r.marketplace}|${r.asin}`);
    const cogs = r.units * (info?.unit_cost ?? 0);
    const fees = ((info?.referral_fee_pct ?? 15) / 100) * r.revenue + (info?.fulfillment_fee ?? 0) * r.units;
    // The driver's row object is extended in place rather than copied.
    r.currency = ctx.currencies.get(r.marketplace) ?? ctx.homeCurrency;
    r.cogs = cogs;
    r.fees = fees;
    r.profit = r.revenue - cogs - fees - r.refund_amount - r.ad_spend;
    r.has_cost = info?.unit_cost != null;
    out[i] = r;
  }
  return out;
}

/**
 * One measure per marketplace and ASIN over a range (a lighter read than
 * productFacts), in each marketplace's currency for money.
 */
export async function productMeasure(ctx: AnalyticsContext, range: DateSpan, scope: Pick<Scope, "marketplace" | "asins">, measure: keyof RawFacts): Promise<{ marketplace: string; asin: string; value: number }[]> {
  await ctx.ensureRates(range.end);
  const facts = factsTable(SALES_ROLLUP, { accountId: ctx.accountId, range, where: () => scopeWhere(scope), rollups: await ctx.rollups(), measures: [measure] }, true);
  const query = facts.oneRowPerKey
    ? sql<{ marketplace: string; asin: string; value: number }>`select marketplace, asin, ${sql.ref(measure)} as value from ${facts.table} as f`
    : sql<{ marketplace: string; asin: string; value: number }>`select marketplace, asin, total(${sql.ref(measure)}) as value from ${facts.table} as f group by marketplace, asin`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  return (await ctx.db.executeQuery(compiled)).rows;
}

/**
 * Sums facts by a key, converting money to `currency` (the home currency
 * across marketplaces) with the rate on `rateDate`.
 */
export function sumFacts<K extends string>(
  ctx: AnalyticsContext,
  facts: ProductFacts[],
  keyOf: (f: ProductFacts) => K,
  currency: string,
  rateDate: string,
): Map<K, ProductFacts> {
  const out = new Map<K, ProductFacts>();
  for (const f of facts) {
    const key = keyOf(f);
    let acc = out.get(key);
    if (!acc) {
      acc = { ...emptyFacts(), marketplace: f.marketplace, asin: f.asin, currency, cogs: 0, fees: 0, profit: 0, has_cost: true };
      out.set(key, acc);
    }
    if (acc.marketplace !== f.marketplace) acc.marketplace = "ALL";
    if (acc.asin !== f.asin) acc.asin = "";
    const rec = acc as unknown as Record<string, number>;
    const src = f as unknown as Record<string, number>;
    const rate = f.currency === currency ? 1 : ctx.convert(1, f.currency, currency, rateDate);
    for (const k of SUMMED_KEYS) rec[k] += MONEY_KEYS.has(k) ? src[k] * rate : src[k];
    acc.has_cost &&= f.has_cost;
  }
  return out;
}

/** Derived ratios of a set of facts, in percent. */
export function ratios(f: RawFacts & { profit: number }) {
  const pct = (a: number, b: number) => (b ? (a / b) * 100 : null);
  return {
    profit_margin: pct(f.profit, f.revenue),
    refund_rate: pct(f.refund_units, f.units),
    conversion_rate: pct(f.units, f.sessions),
    buy_box_percentage: f.bb_views ? f.bb_weighted / f.bb_views : null,
    acos: pct(f.ad_spend, f.ad_sales),
    tacos: pct(f.ad_spend, f.revenue),
    roas: f.ad_spend ? f.ad_sales / f.ad_spend : null,
  };
}
