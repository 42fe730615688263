/** stockout_risk, restock_recommendations, excess_inventory and inventory_value. */
import type { Understanding } from "../nlu/understanding.js";
import type { AnalyticsContext } from "./context.js";
import { formatMoney, formatNumber, money } from "./money.js";
import { applyConditions, endOfDay, type IntentOutcome } from "./outcome.js";
import { inventoryStatus, statusFields, withListingDetails, type InventoryRow } from "./inventory-status.js";

const URGENCY_ORDER = { critical: 0, high: 1, medium: 2, low: 3 };

function noStock(ctx: AnalyticsContext, marketplace?: string): string {
  if (marketplace && !ctx.currencies.has(marketplace)) return `You do not sell in the ${marketplace} marketplace, so there is no stock there.`;
  return `The mirror has no inventory snapshot${marketplace ? ` for ${marketplace}` : ""} yet: import an inventory report to see stock levels.`;
}

const dosAsc = (a: InventoryRow, b: InventoryRow) =>
  (a.days_of_supply ?? Infinity) - (b.days_of_supply ?? Infinity) || (a.asin < b.asin ? -1 : a.asin > b.asin ? 1 : a.marketplace < b.marketplace ? -1 : 1);

export async function stockoutRisk(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const horizon = f.horizon_days ?? ctx.settings.lead_time_days;
  const at = status.rows.filter((r) => r.days_of_supply !== null && r.days_of_supply <= horizon);
  const rows = await withListingDetails(ctx, applyConditions(at, f.conditions).sort(dosAsc).slice(0, f.limit ?? 50));
  const products = rows.map((r) => statusFields(r, { stockout_date: r.stockout_date, daily_demand: r.daily_demand, days_of_supply_with_inbound: r.days_of_supply_with_inbound }));
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA inventory report.";
  } else if (!rows.length) {
    summary = `None of your ${status.rows.length} stocked products runs out within ${horizon} days at the current sales pace (stock as of ${status.snapshotDate}).`;
    const next = [...status.rows].filter((r) => r.days_of_supply !== null).sort(dosAsc)[0];
    recommendation = next ? `The first to run low is ${next.asin} (${next.marketplace}) with ${next.days_of_supply} days of supply; plan its next order by ${next.restock_recommendation.optimal_po_date ?? "its lead time"}.` : "No product is selling fast enough to run out.";
  } else {
    const w = rows[0];
    summary =
      `${rows.length} product${rows.length === 1 ? "" : "s"} will run out within ${horizon} days. ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace} has ${formatNumber(w.available_quantity)} units, ` +
      `${w.days_of_supply} days of supply at ${w.daily_demand} a day, and runs out around ${w.stockout_date}` +
      (w.inbound_quantity ? ` (${formatNumber(w.inbound_quantity)} inbound would add ${Math.round((w.days_of_supply_with_inbound ?? 0) - (w.days_of_supply ?? 0))} days).` : ".");
    recommendation = `Order ${formatNumber(w.restock_recommendation.recommended_quantity)} units of ${w.asin} now (${w.restock_recommendation.urgency}: lead time ${w.lead_time_days} days is longer than its cover)` +
      (rows.length > 1 ? `, then ${rows.slice(1, 3).map((r) => `${r.asin} (${r.days_of_supply} days)`).join(" and ")}.` : ".");
  }
  return {
    result: { products, horizon_days: horizon, snapshot_date: status.snapshotDate, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}

export async function restockRecommendations(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const need = status.rows.filter((r) => r.restock_recommendation.recommended_quantity > 0);
  const rows = applyConditions(need, f.conditions)
    .sort((a, b) => URGENCY_ORDER[a.restock_recommendation.urgency] - URGENCY_ORDER[b.restock_recommendation.urgency] || dosAsc(a, b))
    .slice(0, f.limit ?? 50);
  await withListingDetails(ctx, rows);
  const products = rows.map((r) => statusFields(r, { daily_demand: r.daily_demand, lead_time_days: r.lead_time_days, stockout_date: r.stockout_date }));
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA inventory report.";
  } else if (!rows.length) {
    summary = `All ${status.rows.length} stocked products are covered for lead time, ${ctx.settings.coverage_days} days of coverage and ${ctx.settings.safety_stock_days} days of safety stock.`;
    recommendation = "No purchase order is needed now.";
  } else {
    const counts = rows.reduce<Record<string, number>>((c, r) => ((c[r.restock_recommendation.urgency] = (c[r.restock_recommendation.urgency] ?? 0) + 1), c), {});
    const w = rows[0];
    const units = rows.reduce((s, r) => s + r.restock_recommendation.recommended_quantity, 0);
    summary =
      `${rows.length} product${rows.length === 1 ? " needs" : "s need"} restocking (${Object.entries(counts).map(([u, n]) => `${n} ${u}`).join(", ")}), ${formatNumber(units)} units in all. ` +
      `Most urgent: ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace}, ${w.days_of_supply ?? "n/a"} days of supply against a ${w.lead_time_days}-day lead time.`;
    recommendation = `Place a PO for ${formatNumber(w.restock_recommendation.recommended_quantity)} units of ${w.asin} by ${w.restock_recommendation.optimal_po_date}` +
      (rows[1] ? `, and ${formatNumber(rows[1].restock_recommendation.recommended_quantity)} of ${rows[1].asin} by ${rows[1].restock_recommendation.optimal_po_date}.` : ".");
  }
  return {
    result: { products, settings: ctx.settings, snapshot_date: status.snapshotDate, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}

export async function excessInventory(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
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
  const rows = applyConditions(over.map((x) => ({ ...x, days_of_supply: x.r.days_of_supply })), f.conditions)
    .sort((a, b) => b.value - a.value || b.excess - a.excess || (a.r.asin < b.r.asin ? -1 : 1))
    .slice(0, f.limit ?? 50);
  await withListingDetails(ctx, rows.map((x) => x.r));
  const products = rows.map((x) =>
    statusFields(x.r, { daily_demand: x.r.daily_demand, excess_units: x.excess, excess_value_at_cost: x.value, slow_mover: x.r.daily_demand === 0, currency: x.r.currency }),
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
      `${rows.length} product${rows.length === 1 ? " is" : "s are"} overstocked beyond ${target} days of supply. ${w.r.asin}${w.r.title ? ` (${w.r.title})` : ""} in ${w.r.marketplace} holds ` +
      `${formatNumber(w.r.available_quantity)} units (${w.r.days_of_supply === null ? "no sales in 30 days" : `${w.r.days_of_supply} days of supply`}), ${formatNumber(w.excess)} more than needed, ` +
      `${formatMoney(w.value, w.r.currency)} tied up at cost.`;
    recommendation = w.r.daily_demand === 0
      ? `${w.r.asin} has not sold in 30 days: run a promotion or remove the stock before long-term storage fees apply.`
      : `Pause reorders of ${w.r.asin} and lower its price or advertise it to sell down ${formatNumber(w.excess)} excess units.`;
  }
  return {
    result: { products, target_days_of_supply: target, snapshot_date: status.snapshotDate, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}

export async function inventoryValue(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const byMarket = f.group_by === "marketplace";
  const byAsin = f.group_by === "asin";
  const currencyOf = (r: InventoryRow) => (byMarket ? r.currency : status.scope.marketplace ? r.currency : ctx.homeCurrency);
  const date = status.snapshotDate ?? ctx.today;
  const groups = new Map<string, { units: number; cost: number; price: number; currency: string; products: number }>();
  for (const r of status.rows) {
    const key = byMarket ? r.marketplace : byAsin ? r.asin : r.category ?? "Uncategorised";
    const cur = currencyOf(r);
    const g = groups.get(key) ?? { units: 0, cost: 0, price: 0, currency: cur, products: 0 };
    const units = r.available_quantity + r.reserved_quantity + r.inbound_quantity;
    g.units += units;
    g.cost += ctx.convert(units * (r.unit_cost ?? 0), r.currency, cur, date);
    g.price += ctx.convert(units * (r.price ?? 0), r.currency, cur, date);
    g.products += 1;
    groups.set(key, g);
  }
  const label = byMarket ? "marketplace" : byAsin ? "asin" : "category";
  const rows = [...groups.entries()]
    .map(([k, g]) => ({ [label]: k, products: g.products, units: g.units, value_at_cost: money(g.cost, g.currency), value_at_price: money(g.price, g.currency), currency: g.currency }))
    .sort((a, b) => b.value_at_cost - a.value_at_cost);
  const home = status.scope.marketplace ? ctx.currencies.get(status.scope.marketplace) ?? ctx.homeCurrency : ctx.homeCurrency;
  const totalCost = money(status.rows.reduce((s, r) => s + ctx.convert((r.available_quantity + r.reserved_quantity + r.inbound_quantity) * (r.unit_cost ?? 0), r.currency, home, date), 0), home);
  const totalPrice = money(status.rows.reduce((s, r) => s + ctx.convert((r.available_quantity + r.reserved_quantity + r.inbound_quantity) * (r.price ?? 0), r.currency, home, date), 0), home);
  const key = byMarket ? "marketplaces" : byAsin ? "products" : "categories";
  const missingCost = status.rows.filter((r) => r.unit_cost === null).length;
  let summary: string;
  let recommendation: string;
  if (!status.snapshotDate) {
    summary = noStock(ctx, status.scope.marketplace);
    recommendation = "Import your FBA inventory report.";
  } else {
    const top = rows[0];
    summary =
      `Your stock on ${status.snapshotDate} (available, reserved and inbound) is worth ${formatMoney(totalCost, home)} at cost and ${formatMoney(totalPrice, home)} at your prices` +
      (top ? `; ${top[label]} holds the most, ${formatMoney(top.value_at_cost, top.currency)} at cost.` : ".") +
      (missingCost ? ` ${missingCost} product${missingCost === 1 ? " has" : "s have"} no unit cost and count as zero at cost.` : "");
    recommendation = top && totalCost > 0 && top.value_at_cost / totalCost > 0.5
      ? `More than half of your stock value sits in ${top[label]}: check its excess inventory before ordering more.`
      : `Stock value is spread across ${rows.length} ${key}; check excess inventory for slow movers tying up cash.`;
  }
  return {
    result: { [key]: rows, totals: { value_at_cost: totalCost, value_at_price: totalPrice, currency: home }, currency: home, snapshot_date: status.snapshotDate, analysis: { summary, recommendation } },
    primaryKey: key,
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}
