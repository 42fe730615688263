/** refund_analysis: products ranked by refund rate, with the overall rate. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { applyConditions, noDataInScope, salesFreshness, sortRows, type Outcome, limitRows } from "./outcome.js";
import { completeRows, productRows, withListings, type ProductRow } from "../facts/product-rows.js";
import { periodWords, scopeOf, type Scope } from "../facts/scope.js";
import { sumByCategory } from "../facts/category-groups.js";

export async function refundAnalysis(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"refund_analysis">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const set = await productRows(
    ctx,
    scope,
    understanding,
    false,
    f.conditions?.length
      ? undefined
      : // By category, the categories' revenue is summed here; by product, only the rows shown are completed.
        ["units", "refund_units", "refund_amount", ...(f.group_by === "category" ? (["revenue"] as const) : [])],
  );
  const sold = set.rows.filter((r) => r.units_sold > 0 || r.refund_units > 0);
  const totals = refundTotals(sold);
  if (f.group_by === "category") return refundsByCategory(ctx, understanding, scope, set.currency, sold, totals);
  const { shown, total: totalRows } = limitRows(
    sortRows(applyConditions(sold, f.conditions), "refund_rate", f.sort ?? "desc", (r) => r.asin),
    f.limit,
    20,
  );
  const rows = await completeRows(ctx, scope, shown, false);
  const products = rows.map((r) => ({
    asin: r.asin,
    title: r.title,
    marketplace: r.marketplace,
    units_sold: r.units_sold,
    refund_units: r.refund_units,
    refund_rate: r.refund_rate,
    refund_amount: r.refund_amount,
    revenue: r.revenue,
    currency: r.currency,
  }));
  const { units, refunds, amount, overall } = totals;
  let summary: string;
  let recommendation: string;
  if (!products.length) {
    summary = await noDataInScope(ctx, scope, "sales or refunds");
    recommendation = "Ask about a period inside your data.";
  } else {
    const worst = products[0];
    summary =
      `${formatNumber(refunds)} of ${formatNumber(units)} units were refunded in ${periodWords(scope)} (${formatPercent(overall)}), costing ${formatMoney(amount, set.currency)}. ` +
      `${worst.asin}${worst.title ? ` (${worst.title})` : ""} has the ${f.sort === "asc" ? "lowest" : "highest"} refund rate: ${formatPercent(worst.refund_rate)} (${worst.refund_units} of ${worst.units_sold} units).`;
    const bad = products.filter((p) => overall !== null && p.refund_rate !== null && p.refund_rate > overall * 1.5);
    recommendation = bad.length
      ? `${bad.map((p) => p.asin).join(", ")} ${bad.length === 1 ? "returns" : "return"} far more than your ${formatPercent(overall)} average: read their return reasons and fix the listing (size, description, photos) or the product.`
      : `Refunds are close to your ${formatPercent(overall)} average on every product; no single listing needs urgent attention.`;
  }
  return {
    result: {
      products,
      overall_refund_rate: overall,
      currency: set.currency,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows,
    freshness: products.length ? await salesFreshness(ctx, scope.range) : null,
  };
}

interface RefundTotals {
  units: number;
  refunds: number;
  amount: number;
  /** Refunded units over units sold, in percent; null when nothing sold. */
  overall: number | null;
}

/** Units sold and refunded over all the rows: the overall rate every grouping is judged against. */
function refundTotals(sold: readonly ProductRow[]): RefundTotals {
  const units = sold.reduce((s, r) => s + r.units_sold, 0);
  const refunds = sold.reduce((s, r) => s + r.refund_units, 0);
  const amount = sold.reduce((s, r) => s + r.refund_amount, 0);
  return { units, refunds, amount, overall: units ? roundTo((refunds / units) * 100, 2) : null };
}

/** Refunds per category: each category's refunded units over its units sold, ranked like products. */
async function refundsByCategory(
  ctx: AnalyticsContext,
  understanding: Understanding,
  scope: Scope,
  currency: string,
  sold: ProductRow[],
  { units, refunds, amount, overall }: RefundTotals,
): Promise<Outcome<"refund_analysis">> {
  const f = understanding.filters;
  // Every product needs its category here, not only the rows shown.
  const groups = sumByCategory(await withListings(ctx, sold, scope.marketplace), [
    "units_sold",
    "refund_units",
    "refund_amount",
    "revenue",
  ] as const).map((g) => ({
    category: g.category,
    products: g.products,
    units_sold: g.sums.units_sold,
    refund_units: g.sums.refund_units,
    refund_rate: g.sums.units_sold ? roundTo((g.sums.refund_units / g.sums.units_sold) * 100, 2) : null,
    refund_amount: money(g.sums.refund_amount, currency),
    revenue: money(g.sums.revenue, currency),
    currency,
  }));
  const { shown: categories, total: totalRows } = limitRows(
    sortRows(applyConditions(groups, f.conditions), "refund_rate", f.sort ?? "desc", (r) => r.category),
    f.limit,
    20,
  );
  let summary: string;
  let recommendation: string;
  if (!categories.length) {
    summary = await noDataInScope(ctx, scope, "sales or refunds");
    recommendation = "Ask about a period inside your data.";
  } else {
    const first = categories[0];
    summary =
      `${formatNumber(refunds)} of ${formatNumber(units)} units (${formatPercent(overall)}) were refunded in ${periodWords(scope)}, costing ${formatMoney(amount, currency)}. ` +
      `${first.category} has the ${f.sort === "asc" ? "lowest" : "highest"} refund rate: ${formatPercent(first.refund_rate)} (${formatNumber(first.refund_units)} of ${formatNumber(first.units_sold)} units, ${first.products} products).`;
    const bad = categories.filter((c) => overall !== null && c.refund_rate !== null && c.refund_rate > overall * 1.25);
    recommendation = bad.length
      ? `${bad.map((c) => c.category).join(", ")} ${bad.length === 1 ? "returns" : "return"} well above your ${formatPercent(overall)} average: ask for refund rates by product in ${bad.length === 1 ? "it" : "them"} to find the listings behind it.`
      : `Every category refunds close to your ${formatPercent(overall)} average; ask by product to find single listings that stand out.`;
  }
  return {
    result: {
      categories,
      overall_refund_rate: overall,
      currency,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "categories",
    totalRows,
    freshness: categories.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
