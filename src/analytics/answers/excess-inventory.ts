/** excess_inventory: products holding more stock than lead time, coverage and safety stock need. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatNumber } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { applyConditions, endOfDay, type Outcome, limitRows } from "./outcome.js";
import { inventoryStatus, statusFields, withListingDetails } from "../facts/inventory-status.js";
import { noStock } from "./inventory-common.js";

export async function excessInventory(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"excess_inventory">> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const { lead_time_days, coverage_days, safety_stock_days } = ctx.settings;
  const target = lead_time_days + coverage_days + safety_stock_days;
  const withExcess = status.rows.map((r) => {
    const keep = Math.ceil(r.daily_demand * (r.lead_time_days + coverage_days + safety_stock_days));
    const excess = Math.max(0, r.available_quantity + r.inbound_quantity - keep);
    return { r, excess, value: money(excess * (r.unit_cost ?? 0), r.currency) };
  });
  const over = withExcess.filter((x) => x.excess > 0 && (x.r.days_of_supply === null || x.r.days_of_supply > target));
  const { shown: rows, total: totalRows } = limitRows(
    applyConditions(
      over.map((x) => ({ ...x, days_of_supply: x.r.days_of_supply })),
      f.conditions,
    ).sort((a, b) => b.value - a.value || b.excess - a.excess || (a.r.asin < b.r.asin ? -1 : 1)),
    f.limit,
    50,
  );
  await withListingDetails(
    ctx,
    rows.map((x) => x.r),
  );
  const products = rows.map((x) =>
    statusFields(x.r, {
      daily_demand: x.r.daily_demand,
      excess_units: x.excess,
      excess_value_at_cost: x.value,
      slow_mover: x.r.daily_demand === 0,
      currency: x.r.currency,
    }),
  );
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA inventory report.";
  } else if (!rows.length) {
    summary = `No product holds more than ${target} days of supply (lead time + coverage + safety stock) as of ${status.snapshotDate}.`;
    recommendation = "Stock levels are in line with demand.";
  } else {
    const w = rows[0];
    summary =
      `${totalRows} product${totalRows === 1 ? " is" : "s are"} overstocked beyond ${target} days of supply. ${w.r.asin}${w.r.title ? ` (${w.r.title})` : ""} in ${w.r.marketplace} holds ` +
      `${formatNumber(w.r.available_quantity)} units (${w.r.days_of_supply === null ? "no sales in 30 days" : `${w.r.days_of_supply} days of supply`}), ${formatNumber(w.excess)} more than needed, ` +
      `${formatMoney(w.value, w.r.currency)} tied up at cost.`;
    recommendation =
      w.r.daily_demand === 0
        ? `${w.r.asin} has not sold in 30 days: run a promotion or remove the stock before long-term storage fees apply.`
        : `Pause reorders of ${w.r.asin} and lower its price or advertise it to sell down ${formatNumber(w.excess)} excess units.`;
  }
  return {
    result: {
      products,
      target_days_of_supply: target,
      snapshot_date: status.snapshotDate,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows,
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}
