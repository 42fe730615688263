/** restock_recommendations: what to reorder, how much and by when, most urgent first. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber } from "../../core/number-format.js";
import { applyConditions, endOfDay, limitRows, shownNote, type Outcome } from "./outcome.js";
import { inventoryStatus, statusFields, withListingDetails } from "../facts/inventory-status.js";
import { noStock, dosAsc } from "./inventory-common.js";

const URGENCY_ORDER = { critical: 0, high: 1, medium: 2, low: 3 };

export async function restockRecommendations(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"restock_recommendations">> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const need = status.rows.filter((r) => r.restock_recommendation.recommended_quantity > 0);
  const all = applyConditions(need, f.conditions).sort(
    (a, b) =>
      URGENCY_ORDER[a.restock_recommendation.urgency] - URGENCY_ORDER[b.restock_recommendation.urgency] || dosAsc(a, b),
  );
  const { shown: rows, total } = limitRows(all, f.limit, 50);
  await withListingDetails(ctx, rows);
  const products = rows.map((r) =>
    statusFields(r, { daily_demand: r.daily_demand, lead_time_days: r.lead_time_days, stockout_date: r.stockout_date }),
  );
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA inventory report.";
  } else if (!rows.length) {
    summary = `All ${status.rows.length} stocked products are covered for lead time, ${ctx.settings.coverage_days} days of coverage and ${ctx.settings.safety_stock_days} days of safety stock.`;
    recommendation = "No purchase order is needed now.";
  } else {
    const counts: Record<string, number> = {};
    // Counted over every product that needs restocking, not only the ones shown.
    for (const r of all) counts[r.restock_recommendation.urgency] = (counts[r.restock_recommendation.urgency] ?? 0) + 1;
    const w = rows[0];
    const units = all.reduce((s, r) => s + r.restock_recommendation.recommended_quantity, 0);
    summary =
      `${total} product${total === 1 ? " needs" : "s need"} restocking (${Object.entries(counts)
        .map(([u, n]) => `${n} ${u}`)
        .join(", ")}), ${formatNumber(units)} units in all. ` +
      `Most urgent: ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace}, ${w.days_of_supply ?? "n/a"} days of supply against a ${w.lead_time_days}-day lead time.` +
      shownNote(rows.length, total, "most urgent");
    recommendation =
      `Place a PO for ${formatNumber(w.restock_recommendation.recommended_quantity)} units of ${w.asin} by ${w.restock_recommendation.optimal_po_date}` +
      (rows[1]
        ? `, and ${formatNumber(rows[1].restock_recommendation.recommended_quantity)} of ${rows[1].asin} by ${rows[1].restock_recommendation.optimal_po_date}.`
        : ".");
  }
  return {
    result: {
      products,
      settings: ctx.settings,
      snapshot_date: status.snapshotDate,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows: total,
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}
