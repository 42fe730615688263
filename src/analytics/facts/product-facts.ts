/**
 * Sales, traffic, advertising and profit per product over a date range: the
 * figures most performance answers are built from.
 */
import { sql, type RawBuilder } from "kysely";
import { dialectOf } from "../../store/dialect.js";
import { factsTable, pairedFactsTable, SALES_ROLLUP } from "../../store/rollups.js";
import type { RollupSalesTable } from "../../store/schema.js";
import type { AnalyticsContext } from "./context.js";
import { rowShape } from "../../store/row-shape.js";
import type { Scope } from "./scope.js";
import { scopeWhere } from "../../store/scope-where.js";
import type { DateRange } from "../../core/timeframe.js";

/** What an answer shows of a product: its first SKU's title, category and price. */
export interface ListingEntry {
  marketplace: string;
  asin: string;
  sku: string;
  title: string;
  category: string | null;
  subcategory: string | null;
  price: number | null;
}

/**
 * Title, category and price of some ASINs only (the rows an answer shows),
 * by `marketplace|asin`: the first SKU of an ASIN (in SKU order) speaks for
 * it.
 */
export async function listingsOf(
  ctx: AnalyticsContext,
  asins: Iterable<string>,
  marketplace?: string,
): Promise<Map<string, ListingEntry>> {
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
export function entryForAsin<E extends { asin: string }>(
  catalog: Map<string, E>,
  asin: string,
  marketplace?: string,
): E | undefined {
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

/** Facts summed per marketplace (and category or subcategory, as `label`) over `products` products. */
export type GroupedFacts = ProductFacts & { label: string | null; products: number };

const FACT_KEYS: (keyof RawFacts)[] = [
  "units",
  "revenue",
  "orders",
  "refund_units",
  "refund_amount",
  "sessions",
  "page_views",
  "bb_weighted",
  "bb_views",
  "days",
  "ad_spend",
  "ad_sales",
  "ad_clicks",
  "ad_impressions",
  "ad_orders",
];

/**
 * Joins the catalog details of the rows of `alias` (a table with marketplace
 * and asin) as `c` (the product) and `cf` (its fees): the first SKU of an
 * ASIN (in SKU order) speaks for it, and a product outside the catalog has no
 * fees row, so it pays the default 15% referral fee. How the first SKU is
 * found is the engine's choice (leftJoinFirst).
 */
export function costsJoin(ctx: AnalyticsContext, alias: string) {
  const m = sql.ref(`${alias}.marketplace`);
  const a = sql.ref(`${alias}.asin`);
  const first = dialectOf(ctx.db).leftJoinFirst({
    table: "products",
    alias: "c",
    where: { account_id: ctx.accountId },
    match: { marketplace: m, asin: a },
    orderBy: "sku",
  });
  return sql`${first}
    left join product_fees cf on c.sku is not null and cf.account_id = ${ctx.accountId} and cf.marketplace = ${m} and cf.asin = ${a}`;
}

/** The marketplace's currency as an SQL expression on `column` (the home currency for others). */
function currencyCase(ctx: AnalyticsContext, column: string) {
  if (ctx.currencies.size === 0) return sql`${ctx.homeCurrency}`;
  const whens = [...ctx.currencies].map(([m, c]) => sql`when ${m} then ${c}`);
  return sql`case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${ctx.homeCurrency} end`;
}

/**
 * A product's cost of goods (units × unit cost), fees (referral percent of
 * revenue, 15 by default, plus the fulfilment fee per unit) and profit, from
 * its measures as `measure(name)` gives them and costsJoin's `c` and `cf`.
 * Every read works them out with these same operations in this order, so
 * they agree to the last bit.
 */
function costsOf(ctx: AnalyticsContext, measure: (name: string) => RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  // Sums of cents, read back to the cent first: summed from running totals they carry a little float noise,
  // which an engine keeping its totals in another layout carries differently, and a percentage of revenue
  // could carry across a half cent. Rounded, every engine works from the same figures.
  const { round } = dialectOf(ctx.db);
  const cents = (name: string) => round(measure(name) as RawBuilder<unknown>, 2);
  const cogs = sql`${measure("units")} * coalesce(c.unit_cost, 0)`;
  const fees = sql`coalesce(cf.referral_fee_pct, 15) / 100.0 * ${cents("revenue")} + coalesce(cf.fulfillment_fee, 0) * ${measure("units")}`;
  const profit = sql`${cents("revenue")} - ${cogs} - (${fees}) - ${cents("refund_amount")} - ${cents("ad_spend")}`;
  return { cogs, fees, profit };
}

/** A column productFacts can be asked for alone. */
export type FactColumn = keyof RawFacts | "cogs" | "fees" | "profit";

const COST_COLUMNS = new Set<FactColumn>(["cogs", "fees", "profit"]);
/** The measures profit is worked out from. */
const PROFIT_INPUTS: FactColumn[] = ["units", "revenue", "refund_amount", "ad_spend"];

/**
 * Facts per marketplace and ASIN over a range, in each marketplace's
 * currency, with profit = revenue − units × unit cost − fees − refunds − ad spend.
 * Costs and profit are worked out in SQL: no catalog is read into the answer.
 * `columns` narrows the read to the measures a ranking needs (the others are
 * absent): on a large catalog, handing rows to JavaScript costs more than the
 * query, and it grows with every column.
 */
export function productFacts(
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace" | "asins">,
  columns?: readonly FactColumn[],
): Promise<ProductFacts[]> {
  return factsQuery(ctx, range, scope, columns);
}

function factsQuery(
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace" | "asins">,
  columns?: readonly FactColumn[],
  grouping?: (perProduct: RawBuilder<unknown>) => RawBuilder<ProductFacts>,
  groupingKey = "",
): Promise<ProductFacts[]> {
  const key = `facts|${range.start}|${range.end}|${scope.marketplace ?? ""}|${scope.asins?.join(",") ?? "*"}|${columns?.join(",") ?? "*"}|${groupingKey}`;
  return ctx.memo(key, async () => {
    await ctx.ensureRates(range);
    const wanted = columns ? new Set(columns) : undefined;
    const withCosts = !wanted || [...wanted].some((c) => COST_COLUMNS.has(c));
    // Profit needs revenue, units, refunds and ad spend whether or not they are shown.
    const read = FACT_KEYS.filter(
      (k) => !wanted || wanted.has(k) || (withCosts && ["units", "revenue", "refund_amount", "ad_spend"].includes(k)),
    );
    const facts = factsTable(
      SALES_ROLLUP,
      {
        dialect: dialectOf(ctx.db),
        accountId: ctx.accountId,
        range,
        where: () => scopeWhere(scope),
        rollups: await ctx.rollups(),
        ...(wanted ? { measures: read } : {}),
      },
      true,
    );
    const { sum } = dialectOf(ctx.db);
    const sums = read.map((k) => sql`${sum(sql.ref(k))} as ${sql.ref(k)}`);
    // Running totals already give one row per product: no grouping needed.
    const perProduct = facts.oneRowPerKey
      ? sql`(select * from ${facts.table} as t)`
      : sql`(select marketplace, asin, ${sql.join(sums)} from ${facts.table} as t group by marketplace, asin)`;
    const shown = read.filter((k) => !wanted || wanted.has(k));
    const selected = [
      sql`f.marketplace as marketplace`,
      sql`f.asin as asin`,
      ...shown.map((k) => sql`f.${sql.ref(k)} as ${sql.ref(k)}`),
      sql`${currencyCase(ctx, "f.marketplace")} as currency`,
    ];
    let from = sql`${perProduct} as f`;
    if (withCosts) {
      // The same operations, in the same order, as the per-product sums they replace: identical figures.
      const costs = costsOf(ctx, (m) => sql.raw(`f.${m}`));
      if (!wanted || wanted.has("cogs")) selected.push(sql`${costs.cogs} as cogs`);
      if (!wanted || wanted.has("fees")) selected.push(sql`${costs.fees} as fees`);
      if (!wanted || wanted.has("profit")) selected.push(sql`${costs.profit} as profit`);
      // Whether the cost of goods is known goes with every read of costs: a ranking by profit needs it too.
      selected.push(sql`case when c.unit_cost is null then 0 else 1 end as has_cost`);
      if (!wanted) selected.push(sql`c.category as category`, sql`c.subcategory as subcategory`);
      from = sql`${from} ${costsJoin(ctx, "f")}`;
    }
    const query = sql<ProductFacts>`select ${sql.join(selected)} from ${from} order by f.marketplace, f.asin`;
    const compiled = (grouping ? grouping(sql`(select ${sql.join(selected)} from ${from})`) : query).compile(ctx.db);
    ctx.sql.push(compiled.sql);
    return (await ctx.db.executeQuery(compiled)).rows;
  });
}

/**
 * Facts summed in SQL per marketplace (and per category or subcategory when
 * `by` says so; `label` holds it, null outside the catalog): a few rows
 * instead of one per product. Groups come in the order their first product
 * (by marketplace and ASIN) would, so summing them across marketplaces meets
 * each group where the per-product sums did.
 */
export function groupedFacts(
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace" | "asins">,
  by?: "category" | "subcategory",
  columns?: readonly FactColumn[],
): Promise<GroupedFacts[]> {
  const label = by ? sql.ref(by) : sql`null`;
  // Narrowed sums (per marketplace only): the other measures are absent and count as 0.
  const narrow = by ? undefined : columns;
  const sums = (narrow ?? [...FACT_KEYS, "cogs", "fees", "profit"]).map(
    (k) => sql`${dialectOf(ctx.db).sum(sql.ref(k))} as ${sql.ref(k)}`,
  );
  const details = narrow
    ? sql``
    : sql`, min(has_cost) as has_cost, min(category) as category, min(subcategory) as subcategory`;
  return factsQuery(
    ctx,
    range,
    scope,
    narrow,
    (
      perProduct,
    ) => sql<ProductFacts>`select marketplace, ${label} as label, ${sql.join(sums)}, min(currency) as currency, count(*) as products${details}
      from ${perProduct} as p group by marketplace, label order by marketplace, min(asin)`,
    `grouped:${by ?? ""}`,
  ) as Promise<GroupedFacts[]>;
}

/**
 * groupedFacts per marketplace of `columns` and productFacts of the measures
 * `productColumns`, for a range and the one it is compared with: each
 * product's figures of both ranges side by side (see pairedFactsTable), its
 * costs joined once. Index 0 is `ranges[0]`. The figures equal those of the
 * separate reads.
 *
 * @example
 * const { totals: [now, before], products: [nowProducts, beforeProducts] } = await comparedFacts(ctx, [range, previous], scope, ["revenue", "profit"], ["revenue"]);
 */
export function comparedFacts(
  ctx: AnalyticsContext,
  ranges: readonly [DateRange, DateRange],
  scope: Pick<Scope, "marketplace" | "asins">,
  columns: readonly FactColumn[],
  productColumns: readonly (keyof RawFacts)[],
): Promise<{ totals: [GroupedFacts[], GroupedFacts[]]; products: [ProductFacts[], ProductFacts[]] }> {
  const key = `compared|${ranges.map((r) => `${r.start}|${r.end}`).join("|")}|${scope.marketplace ?? ""}|${scope.asins?.join(",") ?? "*"}|${columns.join(",")}|${productColumns.join(",")}`;
  return ctx.memo(key, async () => {
    for (const range of ranges) await ctx.ensureRates(range);
    const names = [...new Set([...columns, ...productColumns])];
    const withCosts = names.some((c) => COST_COLUMNS.has(c));
    const read = FACT_KEYS.filter((k) => names.includes(k) || (withCosts && PROFIT_INPUTS.includes(k)));
    const paired = pairedFactsTable(
      SALES_ROLLUP,
      {
        dialect: dialectOf(ctx.db),
        accountId: ctx.accountId,
        where: () => scopeWhere(scope),
        rollups: await ctx.rollups(),
        measures: read,
      },
      ranges,
    );
    const sides = [0, 1] as const;
    const col = (name: string, i: number) => sql.ref(`${name}_${i}`);
    // Each product's figures per range, costs and profit worked out as productFacts does.
    const perProduct = sides.flatMap((i) => {
      const f = (m: string) => sql.ref(`f.${m}_${i}`);
      const costs = costsOf(ctx, f);
      return [
        sql`f.${sql.ref(`n_${i}`)} as ${sql.ref(`n_${i}`)}`,
        ...names.map((m) => sql`${m === "cogs" || m === "fees" || m === "profit" ? costs[m] : f(m)} as ${col(m, i)}`),
      ];
    });
    // One statement: each product's figures and costs worked out once (p), then read twice: summed per
    // marketplace (part 0, each range's totals packed in one column so the rows stay as narrow as the
    // products') and per product (part 1, in key order as the paired table gives them).
    const { jsonArray, sum } = dialectOf(ctx.db);
    const packed = sides.map((i) =>
      jsonArray([
        sql`count(case when ${sql.ref(`n_${i}`)} then 1 end)`,
        ...columns.map((m) => sum(sql`case when ${sql.ref(`n_${i}`)} then ${col(m, i)} end`)),
      ]),
    );
    // Whether a product has figures in range i, as text like the packed totals above it in the column
    // (PostgreSQL types a compound select's columns): '1', or null.
    const present = (i: number) => sql`case when ${sql.ref(`n_${i}`)} then '1' end`;
    // A compound select takes its column names from its first part.
    const nulls = (i: number) => productColumns.map((m) => sql`null as ${col(m, i)}`);
    const query = sql<
      Record<string, unknown>
    >`with p as materialized (select f.marketplace as marketplace, f.asin as asin, ${sql.join(perProduct)}
        from ${paired} as f ${withCosts ? costsJoin(ctx, "f") : sql``})
      select 0 as part, marketplace, null as asin, ${sql.join(sides.map((i) => sql.join([sql`${packed[i]} as ${sql.ref(`n_${i}`)}`, ...nulls(i)])))} from p group by marketplace
      union all
      select 1 as part, marketplace, asin, ${sql.join(sides.flatMap((i) => [present(i), ...productColumns.map((m) => col(m, i))]))} from p`;
    const compiled = query.compile(ctx.db);
    ctx.sql.push(compiled.sql);
    const rows = (await ctx.db.executeQuery(compiled)).rows;
    const totalsShape = rowShape(["marketplace", "label", ...columns, "currency", "products"]);
    const productShape = rowShape(["marketplace", "asin", ...productColumns, "currency"]);
    const totals: [GroupedFacts[], GroupedFacts[]] = [[], []];
    const products: [ProductFacts[], ProductFacts[]] = [[], []];
    const currencyOf = (marketplace: string) => ctx.currencies.get(marketplace) ?? ctx.homeCurrency;
    // One values array refilled per row (the shape copies it): thousands of products, no garbage per row.
    const counts = sides.map((i) => `n_${i}`);
    const productCells = sides.map((i) => productColumns.map((m) => `${m}_${i}`));
    const values: unknown[] = new Array(productColumns.length + 3);
    const last = values.length - 1;
    for (const row of rows) {
      const marketplace = row.marketplace as string;
      if (row.part === 0) {
        for (const i of sides) {
          const [count, ...sums] = JSON.parse(row[counts[i]] as string) as number[];
          if (count)
            totals[i].push(
              totalsShape([marketplace, null, ...sums, currencyOf(marketplace), count]) as unknown as GroupedFacts,
            );
        }
        continue;
      }
      values[0] = marketplace;
      values[1] = row.asin;
      values[last] = currencyOf(marketplace);
      for (const i of sides) {
        if (!row[counts[i]]) continue;
        const cells = productCells[i];
        for (let k = 0; k < cells.length; k++) values[2 + k] = row[cells[k]];
        products[i].push(productShape(values) as unknown as ProductFacts);
      }
    }
    for (const i of sides)
      totals[i].sort((a, b) => (a.marketplace < b.marketplace ? -1 : a.marketplace > b.marketplace ? 1 : 0));
    return { totals, products };
  });
}

/** How many ASINs (across marketplaces) each category or subcategory has facts for, "Uncategorised" for those outside the catalog. */
export async function asinsPerLabel(
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace" | "asins">,
  by: "category" | "subcategory",
): Promise<Map<string, number>> {
  const rows = (await factsQuery(
    ctx,
    range,
    scope,
    ["units"],
    (
      perProduct,
    ) => sql<ProductFacts>`select coalesce(c.${sql.ref(by)}, 'Uncategorised') as label, count(distinct p.asin) as products
      from ${perProduct} as p ${costsJoin(ctx, "p")} group by label`,
    `asins:${by}`,
  )) as unknown as { label: string; products: number }[];
  return new Map(rows.map((r) => [r.label, r.products]));
}

/**
 * One measure per marketplace and ASIN over a range (a lighter read than
 * productFacts), in each marketplace's currency for money.
 */
export async function productMeasure(
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace" | "asins">,
  measure: keyof RawFacts,
): Promise<{ marketplace: string; asin: string; value: number }[]> {
  await ctx.ensureRates(range);
  const facts = factsTable(
    SALES_ROLLUP,
    {
      dialect: dialectOf(ctx.db),
      accountId: ctx.accountId,
      range,
      where: () => scopeWhere(scope),
      rollups: await ctx.rollups(),
      measures: [measure],
    },
    true,
  );
  const query = facts.oneRowPerKey
    ? sql<{
        marketplace: string;
        asin: string;
        value: number;
      }>`select marketplace, asin, ${sql.ref(measure)} as value from ${facts.table} as f`
    : sql<{
        marketplace: string;
        asin: string;
        value: number;
      }>`select marketplace, asin, ${dialectOf(ctx.db).sum(sql.ref(measure))} as value from ${facts.table} as f group by marketplace, asin`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  return (await ctx.db.executeQuery(compiled)).rows;
}

/**
 * Sums facts by a key, converting money to `currency` (the home currency
 * across marketplaces) at the rate date of `period`, the period the facts cover
 * (core/money.ts rateDateOf).
 */
export function sumFacts<K extends string, F extends ProductFacts = ProductFacts>(
  ctx: AnalyticsContext,
  facts: F[],
  keyOf: (f: F) => K,
  currency: string,
  period: DateRange,
): Map<K, ProductFacts> {
  const out = new Map<K, ProductFacts>();
  const rates = new Map<string, number>();
  for (const f of facts) {
    const key = keyOf(f);
    let acc = out.get(key);
    if (!acc) {
      acc = {
        units: 0,
        revenue: 0,
        orders: 0,
        refund_units: 0,
        refund_amount: 0,
        sessions: 0,
        page_views: 0,
        bb_weighted: 0,
        bb_views: 0,
        days: 0,
        ad_spend: 0,
        ad_sales: 0,
        ad_clicks: 0,
        ad_impressions: 0,
        ad_orders: 0,
        marketplace: f.marketplace,
        asin: f.asin,
        currency,
        cogs: 0,
        fees: 0,
        profit: 0,
        has_cost: 1,
        category: f.category,
        subcategory: f.subcategory,
      };
      out.set(key, acc);
    }
    if (acc.marketplace !== f.marketplace) acc.marketplace = "ALL";
    if (acc.asin !== f.asin) acc.asin = "";
    let rate = rates.get(f.currency);
    if (rate === undefined) {
      rate = f.currency === currency ? 1 : ctx.exchange(1, f.currency, currency, period);
      rates.set(f.currency, rate);
    }
    // Written out field by field: this runs for every product of every answer. A column left out of a
    // narrowed read is absent and counts as 0.
    if (f.units !== undefined) acc.units += f.units;
    if (f.revenue !== undefined) acc.revenue += f.revenue * rate;
    if (f.orders !== undefined) acc.orders += f.orders;
    if (f.refund_units !== undefined) acc.refund_units += f.refund_units;
    if (f.refund_amount !== undefined) acc.refund_amount += f.refund_amount * rate;
    if (f.sessions !== undefined) acc.sessions += f.sessions;
    if (f.page_views !== undefined) acc.page_views += f.page_views;
    if (f.bb_weighted !== undefined) acc.bb_weighted += f.bb_weighted;
    if (f.bb_views !== undefined) acc.bb_views += f.bb_views;
    if (f.days !== undefined) acc.days += f.days;
    if (f.ad_spend !== undefined) acc.ad_spend += f.ad_spend * rate;
    if (f.ad_sales !== undefined) acc.ad_sales += f.ad_sales * rate;
    if (f.ad_clicks !== undefined) acc.ad_clicks += f.ad_clicks;
    if (f.ad_impressions !== undefined) acc.ad_impressions += f.ad_impressions;
    if (f.ad_orders !== undefined) acc.ad_orders += f.ad_orders;
    if (f.cogs !== undefined) acc.cogs += f.cogs * rate;
    if (f.fees !== undefined) acc.fees += f.fees * rate;
    if (f.profit !== undefined) acc.profit += f.profit * rate;
    // A read without costs says nothing about them (has_cost absent).
    if (f.has_cost !== undefined && !f.has_cost) acc.has_cost = 0;
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
