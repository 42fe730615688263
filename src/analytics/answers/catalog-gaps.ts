/** catalog_gaps: subcategories competitors sell in where the seller has nothing. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { applyConditions, endOfDay, isoUtc, lastSyncFinished, type Outcome, limitRows } from "./outcome.js";

export async function catalogGaps(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"catalog_gaps">> {
  const f = understanding.filters;
  let q = ctx.db
    .selectFrom("market_catalog")
    .select([
      "marketplace",
      "category",
      "subcategory",
      "asin",
      "title",
      "seller_name",
      "price",
      "estimated_monthly_sales",
      "updated_at",
    ])
    .where("account_id", "=", ctx.accountId);
  if (f.marketplace) q = q.where("marketplace", "=", f.marketplace);
  if (f.category) q = q.where("category", "=", String(f.category));
  const market = await ctx.rows(q.orderBy("marketplace").orderBy("category").orderBy("subcategory").orderBy("asin"));
  const own = await ctx.rows(
    ctx.db
      .selectFrom("products")
      .select(["marketplace", "category", "subcategory"])
      .distinct()
      .where("account_id", "=", ctx.accountId),
  );
  const ownKeys = new Set(
    own.map((o) => `${o.marketplace}|${(o.category ?? "").toLowerCase()}|${(o.subcategory ?? "").toLowerCase()}`),
  );
  interface Gap {
    marketplace: string;
    category: string;
    subcategory: string;
    products: number;
    units: number;
    revenue: number;
    prices: number[];
    sellers: Map<string, number>;
  }
  const groups = new Map<string, Gap>();
  let updated: string | null = null;
  for (const m of market) {
    if (ownKeys.has(`${m.marketplace}|${m.category.toLowerCase()}|${m.subcategory.toLowerCase()}`)) continue;
    const key = `${m.marketplace}|${m.category}|${m.subcategory}`;
    const g: Gap = groups.get(key) ?? {
      marketplace: m.marketplace,
      category: m.category,
      subcategory: m.subcategory,
      products: 0,
      units: 0,
      revenue: 0,
      prices: [],
      sellers: new Map(),
    };
    g.products += 1;
    g.units += m.estimated_monthly_sales;
    g.revenue += (m.price ?? 0) * m.estimated_monthly_sales;
    if (m.price !== null) g.prices.push(m.price);
    const seller = m.seller_name ?? "unknown";
    g.sellers.set(seller, (g.sellers.get(seller) ?? 0) + m.estimated_monthly_sales);
    groups.set(key, g);
    if (m.updated_at && (!updated || m.updated_at > updated)) updated = m.updated_at;
  }
  const rows = [...groups.values()].map((g) => {
    const currency = ctx.currencies.get(g.marketplace) ?? ctx.homeCurrency;
    return {
      marketplace: g.marketplace,
      category: g.category,
      subcategory: g.subcategory,
      competitor_products: g.products,
      estimated_monthly_units: g.units,
      estimated_monthly_revenue: money(g.revenue, currency),
      average_price: g.prices.length ? money(g.prices.reduce((a, b) => a + b, 0) / g.prices.length, currency) : null,
      top_seller: [...g.sellers.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null,
      your_products: 0,
      currency,
    };
  });
  const { shown: gaps, total: totalRows } = limitRows(
    applyConditions(rows, f.conditions).sort(
      (a, b) => b.estimated_monthly_revenue - a.estimated_monthly_revenue || (a.subcategory < b.subcategory ? -1 : 1),
    ),
    f.limit,
    50,
  );
  let summary: string;
  let recommendation: string;
  if (!market.length) {
    summary =
      f.marketplace && !ctx.currencies.has(f.marketplace)
        ? `You do not sell in the ${f.marketplace} marketplace, and the mirror has no competitor catalog there.`
        : "The mirror has no competitor catalog yet, so gaps cannot be found.";
    recommendation = "Import a market or category report to compare catalogs.";
  } else if (!gaps.length) {
    summary = `You already sell in every subcategory the ${market.length} competitor products cover.`;
    recommendation = "No gap to fill; look at competitor pricing instead.";
  } else {
    const g = gaps[0];
    summary =
      `${totalRows} subcategor${totalRows === 1 ? "y" : "ies"} where competitors sell and you do not. The largest: ${g.category} › ${g.subcategory} in ${g.marketplace}, ` +
      `${g.competitor_products} competing products selling about ${formatNumber(g.estimated_monthly_units)} units (${formatMoney(g.estimated_monthly_revenue, g.currency)}) a month, led by ${g.top_seller}.`;
    recommendation = `Consider launching in ${g.category} › ${g.subcategory}${g.average_price !== null ? ` at around ${formatMoney(g.average_price, g.currency)}` : ""}: it fits your ${g.category} range and has proven demand.`;
  }
  return {
    result: { gaps, analysis: { summary, recommendation } },
    primaryKey: "gaps",
    totalRows,
    freshness: updated
      ? updated.length === 10
        ? endOfDay(updated)
        : isoUtc(updated)
      : market.length
        ? await lastSyncFinished(ctx)
        : null,
  };
}
