/**
 * Inventory Status rows: the newest stock snapshot per product with
 * trend-aware days of supply and a restock recommendation.
 *
 * Demand is forecast from the last 30 days of sales, leaning on the last 14
 * (0.6 × 14-day average + 0.4 × 30-day average) so a product that speeds up
 * or slows down is seen early.
 */
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import { addDaysIso } from "../../core/dates.js";
import type { AnalyticsContext } from "./context.js";
import { roundTo } from "../../core/money.js";
import { dialectOf } from "../../store/dialect.js";
import { SALES_ROLLUP, windowTotals } from "../../store/rollups.js";
import { scopeOf, type Scope } from "./scope.js";
import { scopeWhere } from "../../store/scope-where.js";

export type Urgency = "critical" | "high" | "medium" | "low";

export interface InventoryRow {
  asin: string;
  sku: string;
  fnsku: string | null;
  title: string;
  marketplace: string;
  category: string | null;
  condition: string;
  inventory_level: number;
  available_quantity: number;
  reserved_quantity: number;
  fulfillment_type: string;
  inbound_quantity: number;
  unfulfillable_quantity: number;
  daily_demand: number;
  days_of_supply: number | null;
  days_of_supply_with_inbound: number | null;
  stockout_date: string | null;
  lead_time_days: number;
  restock_recommendation: { recommended_quantity: number; urgency: Urgency; optimal_po_date: string | null };
  unit_cost: number | null;
  price: number | null;
  currency: string;
  snapshot_date: string;
}

export interface InventoryStatus {
  rows: InventoryRow[];
  snapshotDate: string | null;
  scope: Scope;
}

/** Urgency from days of supply against the lead time (and safety stock). */
export function urgencyOf(daysOfSupply: number | null, leadTime: number, safetyDays: number): Urgency {
  if (daysOfSupply === null) return "low";
  if (daysOfSupply <= leadTime) return "critical";
  if (daysOfSupply <= leadTime + safetyDays) return "high";
  if (daysOfSupply <= leadTime + safetyDays + 30) return "medium";
  return "low";
}

/**
 * The inventory status for the understanding's scope, read once per answer
 * (an insights run asks for it from several analyses; the rows are shared,
 * so callers copy before they change more than listing details).
 */
export function inventoryStatus(ctx: AnalyticsContext, understanding: Understanding): Promise<InventoryStatus> {
  const f = understanding.filters;
  const key = `inventoryStatus|${[f.marketplace, f.asin, f.sku, f.category, f.subcategory].map((v) => v ?? "").join("|")}`;
  return ctx.memo(key, () => readInventoryStatus(ctx, understanding));
}

async function readInventoryStatus(ctx: AnalyticsContext, understanding: Understanding): Promise<InventoryStatus> {
  const scope = await scopeOf(ctx, understanding);
  let latestQ = ctx.db
    .selectFrom("inventory_snapshots")
    .select((eb) => eb.fn.max("date").as("date"))
    .where("account_id", "=", ctx.accountId)
    .where("date", "<=", ctx.today);
  if (scope.marketplace) latestQ = latestQ.where("marketplace", "=", scope.marketplace);
  const snapshotDate = ((await ctx.rows(latestQ))[0]?.date as string | null) ?? null;
  if (!snapshotDate) return { rows: [], snapshotDate: null, scope };
  await ctx.ensureRates(snapshotDate);
  // Demand over the 30 days up to the snapshot (sales of the snapshot day may be partial: end the day before).
  const end = addDaysIso(snapshotDate, -1);
  const r30 = { start: addDaysIso(end, -29), end };
  const r14 = { start: addDaysIso(end, -13), end };
  const salesScope = { marketplace: scope.marketplace, asins: scope.asins };
  const conds = [sql`s.account_id = ${ctx.accountId}`, sql`s.date = ${snapshotDate}`];
  if (scope.marketplace) conds.push(sql`s.marketplace = ${scope.marketplace}`);
  if (scope.asins) conds.push(scope.asins.length ? sql`s.asin in (${sql.join(scope.asins)})` : sql`s.asin = ''`);
  // One statement for the snapshot and the catalog details of its SKUs (an index seek each): on a large
  // catalog each row handed over costs more than the join.
  // Demand is read apart and matched here: SQLite would scan a derived table for every snapshot row, and
  // seeking each product's totals costs more on a large mirror than reading the day's totals in order.
  // Both windows end on the same day: one read gives both.
  const demandQuery = sql<{ marketplace: string; asin: string; v0: number; v1: number }>`select * from ${windowTotals(
    SALES_ROLLUP,
    {
      dialect: dialectOf(ctx.db),
      accountId: ctx.accountId,
      range: r30,
      where: () => scopeWhere(salesScope),
      rollups: await ctx.rollups(),
    },
    "units",
    [r30.start, r14.start],
  )} as d`.compile(ctx.db);
  ctx.sql.push(demandQuery.sql);
  const demandRows = (await ctx.db.executeQuery(demandQuery)).rows;
  const demandOf = new Map<string, { v0: number; v1: number }>();
  for (const x of demandRows) demandOf.set(`${x.marketplace}|${x.asin}`, x);
  const query = sql<{
    marketplace: string;
    sku: string;
    asin: string;
    date: string;
    available: number;
    reserved: number;
    inbound: number;
    unfulfillable: number;
    known: number;
    category: string | null;
    lead_time_days: number | null;
    unit_cost: number | null;
    price: number | null;
  }>`select s.marketplace, s.sku, s.asin, s.date, s.available, s.reserved, s.inbound, s.unfulfillable,
      p.sku is not null as known, p.category, p.lead_time_days, p.unit_cost, p.price
    from inventory_snapshots s
    left join products p on p.account_id = s.account_id and p.marketplace = s.marketplace and p.sku = s.sku
    where ${sql.join(conds, sql` and `)}
    order by ${dialectOf(ctx.db).unindexed("s.marketplace")}, s.sku`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const snaps = (await ctx.db.executeQuery(compiled)).rows;
  // A SKU missing from the catalog (rare) takes its ASIN's first SKU (in SKU order), as the catalog does.
  const unknown = snaps.filter((s) => !s.known);
  if (unknown.length) {
    const firsts = await ctx.rows(
      ctx.db
        .selectFrom("products")
        .select(["marketplace", "asin", "sku", "category", "lead_time_days", "unit_cost", "price"])
        .where("account_id", "=", ctx.accountId)
        .where("asin", "in", [...new Set(unknown.map((s) => s.asin))])
        .orderBy("marketplace")
        .orderBy("sku"),
    );
    const firstOf = new Map<string, (typeof firsts)[number]>();
    for (const p of firsts)
      if (!firstOf.has(`${p.marketplace}|${p.asin}`)) firstOf.set(`${p.marketplace}|${p.asin}`, p);
    for (const s of unknown) {
      const p = firstOf.get(`${s.marketplace}|${s.asin}`);
      s.category = p?.category ?? null;
      s.lead_time_days = p?.lead_time_days ?? null;
      s.unit_cost = p?.unit_cost ?? null;
      s.price = p?.price ?? null;
    }
  }
  const keys = snaps.map((s) => `${s.marketplace}|${s.asin}`);
  const skusPerAsin = new Map<string, number>();
  for (const key of keys) skusPerAsin.set(key, (skusPerAsin.get(key) ?? 0) + 1);
  const { lead_time_days: defaultLead, safety_stock_days: safety, coverage_days: coverage } = ctx.settings;
  // Dates a number of days after the snapshot, worked out once each: thousands of rows share a few hundred.
  const dates = new Map<number, string>();
  const dayAfterSnapshot = (days: number): string => {
    let d = dates.get(days);
    if (d === undefined) dates.set(days, (d = addDaysIso(snapshotDate, days)));
    return d;
  };
  const rows: InventoryRow[] = snaps.map((s, i) => {
    const key = keys[i];
    const share = 1 / (skusPerAsin.get(key) ?? 1);
    const sold = demandOf.get(key);
    const demand = (0.6 * ((sold?.v1 ?? 0) / 14) + 0.4 * ((sold?.v0 ?? 0) / 30)) * share;
    const info = s;
    const lead = info?.lead_time_days ?? defaultLead;
    const dos = demand > 0 ? roundTo(s.available / demand, 1) : null;
    const dosInbound = demand > 0 ? roundTo((s.available + s.inbound) / demand, 1) : null;
    const daysLeft = Math.floor(s.available / demand);
    const stockout = dos !== null ? dayAfterSnapshot(daysLeft) : null;
    const need = Math.ceil(demand * (lead + coverage + safety) - s.available - s.inbound);
    const recommended = demand > 0 ? Math.max(0, need) : 0;
    let po: string | null = null;
    if (stockout) {
      // Stock-out date minus lead time; never in the past: a late order is placed today.
      const ideal = dayAfterSnapshot(daysLeft - lead);
      po = ideal < ctx.today ? ctx.today : ideal;
    }
    return {
      asin: s.asin,
      sku: s.sku,
      // fnsku, title, condition and fulfilment type: filled by withListingDetails for the rows shown.
      fnsku: null,
      title: "",
      marketplace: s.marketplace,
      category: info?.category ?? null,
      condition: "New",
      inventory_level: s.available + s.reserved,
      available_quantity: s.available,
      reserved_quantity: s.reserved,
      fulfillment_type: "FBA",
      inbound_quantity: s.inbound,
      unfulfillable_quantity: s.unfulfillable,
      daily_demand: roundTo(demand, 2),
      days_of_supply: dos,
      days_of_supply_with_inbound: dosInbound,
      stockout_date: stockout,
      lead_time_days: lead,
      restock_recommendation: {
        recommended_quantity: recommended,
        urgency: recommended > 0 ? urgencyOf(dos, lead, safety) : "low",
        optimal_po_date: recommended > 0 ? po : null,
      },
      unit_cost: info?.unit_cost ?? null,
      price: info?.price ?? null,
      currency: ctx.currencies.get(s.marketplace) ?? ctx.homeCurrency,
      snapshot_date: s.date,
    };
  });
  return { rows, snapshotDate, scope };
}

/**
 * Fills the listing details (FNSKU, title, condition, fulfilment type) of the
 * rows an answer shows, from their SKU, else their ASIN's first SKU (in SKU
 * order): a large catalog's titles are not read for rows nobody sees.
 */
export async function withListingDetails<R extends InventoryRow>(ctx: AnalyticsContext, rows: R[]): Promise<R[]> {
  if (!rows.length) return rows;
  const asins = [...new Set(rows.map((r) => r.asin))];
  const skus = [...new Set(rows.map((r) => r.sku))];
  const found = await ctx.rows(
    ctx.db
      .selectFrom("products")
      .select(["marketplace", "sku", "asin", "fnsku", "title", "condition", "fulfillment_type"])
      .where("account_id", "=", ctx.accountId)
      .where((eb) => eb.or([eb("asin", "in", asins), eb("sku", "in", skus)]))
      .orderBy("marketplace")
      .orderBy("sku"),
  );
  const bySku = new Map(found.map((p) => [`${p.marketplace}|${p.sku}`, p]));
  const firstOfAsin = new Map<string, (typeof found)[number]>();
  for (const p of found)
    if (!firstOfAsin.has(`${p.marketplace}|${p.asin}`)) firstOfAsin.set(`${p.marketplace}|${p.asin}`, p);
  for (const r of rows) {
    const info = bySku.get(`${r.marketplace}|${r.sku}`) ?? firstOfAsin.get(`${r.marketplace}|${r.asin}`);
    r.fnsku = info?.fnsku ?? null;
    r.title = info?.title ?? "";
    r.condition = info?.condition ?? "New";
    r.fulfillment_type = info?.fulfillment_type ?? "FBA";
  }
  return rows;
}

/** The Inventory Status fields of a row. */
export type StatusFields = Pick<
  InventoryRow,
  | "asin"
  | "sku"
  | "fnsku"
  | "title"
  | "marketplace"
  | "condition"
  | "inventory_level"
  | "available_quantity"
  | "reserved_quantity"
  | "fulfillment_type"
  | "inbound_quantity"
  | "days_of_supply"
  | "restock_recommendation"
>;

/** The Inventory Status fields of a row, in the documented order, plus the extras given. */
export function statusFields<E extends object>(r: InventoryRow, extra: E): StatusFields & E {
  return {
    asin: r.asin,
    sku: r.sku,
    fnsku: r.fnsku,
    title: r.title,
    marketplace: r.marketplace,
    condition: r.condition,
    inventory_level: r.inventory_level,
    available_quantity: r.available_quantity,
    reserved_quantity: r.reserved_quantity,
    fulfillment_type: r.fulfillment_type,
    inbound_quantity: r.inbound_quantity,
    days_of_supply: r.days_of_supply,
    restock_recommendation: r.restock_recommendation,
    ...extra,
  };
}
