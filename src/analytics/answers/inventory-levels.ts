/** inventory_levels: the stock on hand per product: available, inbound, reserved, days of supply. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber } from "../../core/number-format.js";
import { applyConditions, endOfDay, fieldOf, limitRows, sortRows, type Outcome } from "./outcome.js";
import { inventoryStatus, withListingDetails } from "../facts/inventory-status.js";
import { noStock } from "./inventory-common.js";

const SORTABLE = new Set(["available_quantity", "days_of_supply", "inbound_quantity", "reserved_quantity"]);

export async function inventoryLevels(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"inventory_levels">> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const asked = fieldOf(f.metrics?.[0] ?? "days_of_supply");
  const metric = SORTABLE.has(asked) ? asked : "days_of_supply";
  // Fewest days of supply first by default: the stock that needs a look comes first.
  const direction = f.sort ?? (metric === "days_of_supply" || metric === "available_quantity" ? "asc" : "desc");
  const all = sortRows(
    applyConditions(
      status.rows.map((r) => ({ ...r })),
      f.conditions,
    ),
    metric,
    direction,
    (r) => `${r.asin}|${r.marketplace}|${r.sku}`,
  );
  const { shown, total } = limitRows(all, f.limit, 50);
  await withListingDetails(ctx, shown);
  const products = shown.map((r) => ({
    asin: r.asin,
    sku: r.sku,
    title: r.title,
    marketplace: r.marketplace,
    available_quantity: r.available_quantity,
    inbound_quantity: r.inbound_quantity,
    reserved_quantity: r.reserved_quantity,
    unfulfillable_quantity: r.unfulfillable_quantity,
    daily_demand: r.daily_demand,
    days_of_supply: r.days_of_supply,
    days_of_supply_with_inbound: r.days_of_supply_with_inbound,
  }));
  const sum = (k: "available_quantity" | "inbound_quantity" | "reserved_quantity") => all.reduce((s, r) => s + r[k], 0);
  const totals = {
    products: total,
    available_quantity: sum("available_quantity"),
    inbound_quantity: sum("inbound_quantity"),
    reserved_quantity: sum("reserved_quantity"),
    out_of_stock: all.filter((r) => r.available_quantity === 0).length,
  };
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA Manage Inventory report (or run a sync) to see stock levels.";
  } else if (!total) {
    summary = `No stocked product matches${status.scope.label ? ` ${status.scope.label}` : ""} in the snapshot of ${status.snapshotDate}.`;
    recommendation = "Check the ASIN or SKU, or ask without a filter to see every product.";
  } else if (total === 1) {
    const r = products[0];
    summary =
      `${r.asin}${r.title ? ` (${r.title})` : ""} in ${r.marketplace} has ${formatNumber(r.available_quantity)} units available, ` +
      `${formatNumber(r.inbound_quantity)} inbound and ${formatNumber(r.reserved_quantity)} reserved (stock as of ${status.snapshotDate})` +
      (r.days_of_supply !== null
        ? `: ${r.days_of_supply} days of supply at ${r.daily_demand} a day.`
        : ", and it has not sold in the last 30 days.");
    recommendation =
      r.days_of_supply !== null && r.days_of_supply <= ctx.settings.lead_time_days
        ? `It runs out before a new order could arrive (${ctx.settings.lead_time_days}-day lead time): ask what to restock.`
        : "No action needed now.";
  } else {
    const first = products[0];
    summary =
      `${formatNumber(total)} products hold ${formatNumber(totals.available_quantity)} units available, ${formatNumber(totals.inbound_quantity)} inbound and ` +
      `${formatNumber(totals.reserved_quantity)} reserved (stock as of ${status.snapshotDate}); ${formatNumber(totals.out_of_stock)} ${totals.out_of_stock === 1 ? "is" : "are"} out of stock. ` +
      `First by ${metric.replace(/_/g, " ")}: ${first.asin}${first.title ? ` (${first.title})` : ""} in ${first.marketplace}, ${formatNumber(first.available_quantity)} available, ` +
      `${first.days_of_supply ?? "no"} days of supply.`;
    recommendation =
      totals.out_of_stock > 0
        ? `${totals.out_of_stock} product${totals.out_of_stock === 1 ? " is" : "s are"} out of stock: ask what to restock for quantities and PO dates.`
        : "Ask which products run out in the next 2 weeks to see what needs an order first.";
  }
  return {
    result: { products, totals, snapshot_date: status.snapshotDate, analysis: { summary, recommendation } },
    primaryKey: "products",
    totalRows: total,
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}
