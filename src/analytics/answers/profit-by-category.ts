/** profit_margin_by_category: revenue, profit and margin per category. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { applyConditions, noDataInScope, salesFreshness, sortRows, type Outcome, limitRows } from "./outcome.js";
import { asinsPerLabel, groupedFacts, ratios, sumFacts } from "../facts/product-facts.js";
import { costGapWords, costGaps } from "../facts/cost-gaps.js";
import { scopeCurrency } from "../facts/product-rows.js";
import { periodWords, scopeOf } from "../facts/scope.js";

export async function profitByCategory(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"profit_margin_by_category">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const currency = scopeCurrency(ctx, scope);
  const level = f.group_by === "subcategory" ? "subcategory" : "category";
  const grouped = sumFacts(
    ctx,
    await groupedFacts(ctx, scope.range, scope, level),
    (x) => x.label ?? "Uncategorised",
    currency,
    scope.range,
  );
  const products = await asinsPerLabel(ctx, scope.range, scope, level);
  const rows = [...grouped.entries()].map(([name, v]) => ({
    [level]: name,
    products: products.get(name) ?? 0,
    units_sold: Math.round(v.units),
    revenue: money(v.revenue, currency),
    cost_of_goods: money(v.cogs, currency),
    fees: money(v.fees, currency),
    refunds: money(v.refund_amount, currency),
    ad_spend: money(v.ad_spend, currency),
    profit: money(v.profit, currency),
    // A category holding a product without a unit cost has an unknown cost of goods: no margin.
    profit_margin: ratios(v).profit_margin === null || !v.has_cost ? null : roundTo(ratios(v).profit_margin!, 2),
    currency,
  }));
  const metric = f.metrics?.[0] === "profit" || f.metrics?.[0] === "revenue" ? f.metrics[0] : "profit_margin";
  const { shown: categories, total: totalRows } = limitRows(
    sortRows(applyConditions(rows, f.conditions), metric, f.sort ?? "desc", (r) => String(r[level])),
    f.limit,
    50,
  );
  const gaps = await costGaps(ctx, scope.range, scope);
  let summary: string;
  let recommendation: string;
  if (!categories.length) {
    summary = await noDataInScope(ctx, scope, "sales");
    recommendation = "Ask about a period inside your data.";
  } else {
    const best = categories[0];
    const worst = categories[categories.length - 1];
    const total = rows.reduce((s, r) => s + Number(r.profit), 0);
    const revenue = rows.reduce((s, r) => s + Number(r.revenue), 0);
    summary = gaps.withoutCost
      ? `In ${periodWords(scope)} your ${rows.length} ${level === "category" ? "categories" : "subcategories"} made ${formatMoney(money(total, currency), currency)} on ${formatMoney(money(revenue, currency), currency)} ` +
        `after fees, refunds and ad spend, before the cost of goods of ${gaps.withoutCost} of ${gaps.sold} products sold that have no unit cost: profit and margin are unknown where they sell.`
      : `In ${periodWords(scope)} your ${rows.length} ${level === "category" ? "categories" : "subcategories"} made ${formatMoney(money(total, currency), currency)} profit on ${formatMoney(money(revenue, currency), currency)} ` +
        `(${formatPercent(revenue ? (total / revenue) * 100 : null)}). ${best[level]} leads on ${metric.replace(/_/g, " ")} (${formatPercent(best.profit_margin)} margin, ${formatMoney(best.profit, currency)} profit)` +
        (categories.length > 1 ? `; ${worst[level]} trails at ${formatPercent(worst.profit_margin)} margin.` : ".");
    const weakest = [...rows]
      .filter((r) => r.profit_margin !== null)
      .sort((a, b) => Number(a.profit_margin) - Number(b.profit_margin))[0];
    recommendation = gaps.withoutCost
      ? costGapWords(gaps)
      : weakest && weakest.profit_margin !== null && weakest.profit_margin < 15
        ? `${weakest[level]} keeps only ${formatPercent(weakest.profit_margin)}: its ad spend is ${formatMoney(weakest.ad_spend, currency)} and fees ${formatMoney(weakest.fees, currency)}; raise prices or cut ads there.`
        : `Every ${level} keeps at least ${formatPercent(weakest?.profit_margin ?? null)}; grow ${best[level]}, which earns the most per sale.`;
  }
  return {
    result: { categories, currency, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "categories",
    totalRows,
    freshness: categories.length ? await salesFreshness(ctx, scope.range) : null,
  };
}
