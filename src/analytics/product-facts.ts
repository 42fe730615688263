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

export type ListingEntry = Pick<CatalogEntry, "marketplace" | "asin" | "sku" | "title" | "category" | "subcategory" | "price">;

/**
 * Title, category and price of some ASINs only (the rows an answer shows),
 * by `marketplace|asin`, chosen as catalogOf chooses them: the first SKU of
 * an ASIN speaks for it.
 */
export async function listingsOf(ctx: AnalyticsContext, asins: Iterable<string>, marketplace?: string): Promise<Map<string, ListingEntry>> {
  const wanted = [...new Set(asins)];
  const map = new Map<string, ListingEntry>();
  if (!wanted.length) return map;
  let q = ctx.db
    .selectFrom("products")
    .select(["marketplace", "asin", "sku", "title", "category", "subcategory", "price"])
    .where("account_id", "=", ctx.accountId)
    .where("asin", "in", wanted);
  if (marketplace) q = q.where("marketplace", "=", marketplace);
  for (const p of await ctx.rows(q.orderBy("marketplace").orderBy("sku"))) {
    const key = `${p.marketplace}|${p.asin}`;
    if (!map.has(key)) map.set(key, p);
  }
  return map;
}

/** Title, category… of an ASIN in any marketplace (the first one found). */
export function entryForAsin<E extends { asin: string }>(catalog: Map<string, E>, asin: string, marketplace?: string): E | undefined {
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
  /** 1 when the product has a unit cost, else 0 (profit then leaves cost out). */
  has_cost: number;
  /** Category and subcategory of the product's first SKU (null when it is not in the catalog). */
  category: string | null;
  subcategory: string | null;
}

const FACT_KEYS: (keyof RawFacts)[] = [
  "units", "revenue", "orders", "refund_units", "refund_amount", "sessions", "page_views", "bb_weighted", "bb_views", "days",
  "ad_spend", "ad_sales", "ad_clicks", "ad_impressions", "ad_orders",
];

export function emptyFacts(): RawFacts {
  return Object.fromEntries(FACT_KEYS.map((k) => [k, 0])) as unknown as RawFacts;
}

/**
 * Unit cost, fees, category and subcategory per marketplace and ASIN, as the
 * catalog states them: the first SKU of an ASIN (in SKU order) speaks for it,
 * and a product without a fee row pays the default 15% referral fee.
 */
export function productCostsTable(ctx: AnalyticsContext) {
  return sql`(select p.marketplace, p.asin, p.unit_cost, p.category, p.subcategory,
      coalesce(pf.referral_fee_pct, 15) as referral_fee_pct, coalesce(pf.fulfillment_fee, 0) as fulfillment_fee
    from products p
    join (select marketplace, asin, min(sku) as sku from products where account_id = ${ctx.accountId} group by marketplace, asin) first_sku
      on first_sku.marketplace = p.marketplace and first_sku.asin = p.asin and first_sku.sku = p.sku
    left join product_fees pf on pf.account_id = p.account_id and pf.marketplace = p.marketplace and pf.asin = p.asin
    where p.account_id = ${ctx.accountId})`;
}

/** The marketplace's currency as an SQL expression on `column` (the home currency for others). */
function currencyCase(ctx: AnalyticsContext, column: string) {
  if (ctx.currencies.size === 0) return sql`${ctx.homeCurrency}`;
  const whens = [...ctx.currencies].map(([m, c]) => sql`when ${m} then ${c}`);
  return sql`case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${ctx.homeCurrency} end`;
}

/**
 * Facts per marketplace and ASIN over a range, in each marketplace's
 * currency, with profit = revenue − units × unit cost − fees − refunds − ad spend.
 * Costs and profit are worked out in SQL: no catalog is read into the answer.
 */
export function productFacts(ctx: AnalyticsContext, range: DateSpan, scope: Pick<Scope, "marketplace" | "asins">): Promise<ProductFacts[]> {
  const key = `facts|${range.start}|${range.end}|${scope.marketplace ?? ""}|${scope.asins?.join(",") ?? "*"}`;
  return ctx.memo(key, async () => {
    await ctx.ensureRates(range.end);
    const facts = factsTable(SALES_ROLLUP, { accountId: ctx.accountId, range, where: () => scopeWhere(scope), rollups: await ctx.rollups() }, true);
    const sums = FACT_KEYS.map((k) => sql`total(${sql.ref(k)}) as ${sql.ref(k)}`);
    // Running totals already give one row per product: no grouping needed.
    const perProduct = facts.oneRowPerKey
      ? sql`(select * from ${facts.table} as t)`
      : sql`(select marketplace, asin, ${sql.join(sums)} from ${facts.table} as t group by marketplace, asin)`;
    const measures = FACT_KEYS.map((k) => sql`f.${sql.ref(k)} as ${sql.ref(k)}`);
    // The same operations, in the same order, as the per-product sums they replace: identical figures.
    const cogs = sql`f.units * coalesce(c.unit_cost, 0)`;
    const fees = sql`coalesce(c.referral_fee_pct, 15) / 100.0 * f.revenue + coalesce(c.fulfillment_fee, 0) * f.units`;
    const query = sql<ProductFacts>`select f.marketplace as marketplace, f.asin as asin, ${sql.join(measures)},
        ${currencyCase(ctx, "f.marketplace")} as currency,
        ${cogs} as cogs, ${fees} as fees, f.revenue - ${cogs} - (${fees}) - f.refund_amount - f.ad_spend as profit,
        c.unit_cost is not null as has_cost, c.category as category, c.subcategory as subcategory
      from ${perProduct} as f left join ${productCostsTable(ctx)} as c on c.marketplace = f.marketplace and c.asin = f.asin
      order by f.marketplace, f.asin`;
    const compiled = query.compile(ctx.db);
    ctx.sql.push(compiled.sql);
    return (await ctx.db.executeQuery(compiled)).rows;
  });
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
  const rates = new Map<string, number>();
  for (const f of facts) {
    const key = keyOf(f);
    let acc = out.get(key);
    if (!acc) {
      acc = {
        units: 0, revenue: 0, orders: 0, refund_units: 0, refund_amount: 0, sessions: 0, page_views: 0, bb_weighted: 0, bb_views: 0, days: 0,
        ad_spend: 0, ad_sales: 0, ad_clicks: 0, ad_impressions: 0, ad_orders: 0,
        marketplace: f.marketplace, asin: f.asin, currency, cogs: 0, fees: 0, profit: 0, has_cost: 1, category: f.category, subcategory: f.subcategory,
      };
      out.set(key, acc);
    }
    if (acc.marketplace !== f.marketplace) acc.marketplace = "ALL";
    if (acc.asin !== f.asin) acc.asin = "";
    let rate = rates.get(f.currency);
    if (rate === undefined) {
      rate = f.currency === currency ? 1 : ctx.convert(1, f.currency, currency, rateDate);
      rates.set(f.currency, rate);
    }
    // Written out field by field: this runs for every product of every answer.
    acc.units += f.units;
    acc.revenue += f.revenue * rate;
    acc.orders += f.orders;
    acc.refund_units += f.refund_units;
    acc.refund_amount += f.refund_amount * rate;
    acc.sessions += f.sessions;
    acc.page_views += f.page_views;
    acc.bb_weighted += f.bb_weighted;
    acc.bb_views += f.bb_views;
    acc.days += f.days;
    acc.ad_spend += f.ad_spend * rate;
    acc.ad_sales += f.ad_sales * rate;
    acc.ad_clicks += f.ad_clicks;
    acc.ad_impressions += f.ad_impressions;
    acc.ad_orders += f.ad_orders;
    acc.cogs += f.cogs * rate;
    acc.fees += f.fees * rate;
    acc.profit += f.profit * rate;
    if (!f.has_cost) acc.has_cost = 0;
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
