/** stockout_risk: products that run out within a horizon at the current sales pace. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber } from "../../core/number-format.js";
import { applyConditions, endOfDay, limitRows, shownNote, type Outcome } from "./outcome.js";
import { inventoryStatus, statusFields, withListingDetails } from "../facts/inventory-status.js";
import { noStock, dosAsc } from "./inventory-common.js";

export async function stockoutRisk(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"stockout_risk">> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const horizon = f.horizon_days ?? ctx.settings.lead_time_days;
  const at = status.rows.filter((r) => r.days_of_supply !== null && r.days_of_supply <= horizon);
  const { shown, total } = limitRows(applyConditions(at, f.conditions).sort(dosAsc), f.limit, 50);
  const rows = await withListingDetails(ctx, shown);
  const products = rows.map((r) =>
    statusFields(r, {
      stockout_date: r.stockout_date,
      daily_demand: r.daily_demand,
      days_of_supply_with_inbound: r.days_of_supply_with_inbound,
    }),
  );
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA inventory report.";
  } else if (!rows.length) {
    summary = `None of your ${status.rows.length} stocked products runs out within ${horizon} days at the current sales pace (stock as of ${status.snapshotDate}).`;
    const next = [...status.rows].filter((r) => r.days_of_supply !== null).sort(dosAsc)[0];
    recommendation = next
      ? `The first to run low is ${next.asin} (${next.marketplace}) with ${next.days_of_supply} days of supply; plan its next order by ${next.restock_recommendation.optimal_po_date ?? "its lead time"}.`
      : "No product is selling fast enough to run out.";
  } else {
    const w = rows[0];
    summary =
      `${total} product${total === 1 ? "" : "s"} will run out within ${horizon} days. ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace} has ${formatNumber(w.available_quantity)} units, ` +
      `${w.days_of_supply} days of supply at ${w.daily_demand} a day, and runs out around ${w.stockout_date}` +
      (w.inbound_quantity
        ? ` (${formatNumber(w.inbound_quantity)} inbound would add ${Math.round((w.days_of_supply_with_inbound ?? 0) - (w.days_of_supply ?? 0))} days).`
        : ".") +
      shownNote(rows.length, total, "soonest to run out");
    recommendation =
      `Order ${formatNumber(w.restock_recommendation.recommended_quantity)} units of ${w.asin} now (${w.restock_recommendation.urgency}: lead time ${w.lead_time_days} days is longer than its cover)` +
      (rows.length > 1
        ? `, then ${rows
            .slice(1, 3)
            .map((r) => `${r.asin} (${r.days_of_supply} days)`)
            .join(" and ")}.`
        : ".");
  }
  return {
    result: {
      products,
      horizon_days: horizon,
      snapshot_date: status.snapshotDate,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows: total,
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}
