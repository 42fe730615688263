/** inventory_value: the stock at cost and at price, by category, marketplace or product. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import { endOfDay, type Outcome } from "./outcome.js";
import { inventoryStatus, type InventoryRow } from "../facts/inventory-status.js";
import { noStock } from "./inventory-common.js";

export async function inventoryValue(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"inventory_value">> {
  const f = understanding.filters;
  const status = await inventoryStatus(ctx, understanding);
  const byMarket = f.group_by === "marketplace";
  const byAsin = f.group_by === "asin";
  const currencyOf = (r: InventoryRow) =>
    byMarket ? r.currency : status.scope.marketplace ? r.currency : ctx.homeCurrency;
  const date = status.snapshotDate ?? ctx.today;
  const groups = new Map<string, { units: number; cost: number; price: number; currency: string; products: number }>();
  for (const r of status.rows) {
    const key = byMarket ? r.marketplace : byAsin ? r.asin : (r.category ?? "Uncategorised");
    const cur = currencyOf(r);
    const g = groups.get(key) ?? { units: 0, cost: 0, price: 0, currency: cur, products: 0 };
    const units = r.available_quantity + r.reserved_quantity + r.inbound_quantity;
    g.units += units;
    g.cost += ctx.exchange(units * (r.unit_cost ?? 0), r.currency, cur, date);
    g.price += ctx.exchange(units * (r.price ?? 0), r.currency, cur, date);
    g.products += 1;
    groups.set(key, g);
  }
  const label = byMarket ? "marketplace" : byAsin ? "asin" : "category";
  const rows = [...groups.entries()]
    .map(([k, g]) => ({
      [label]: k,
      products: g.products,
      units: g.units,
      value_at_cost: money(g.cost, g.currency),
      value_at_price: money(g.price, g.currency),
      currency: g.currency,
    }))
    .sort((a, b) => b.value_at_cost - a.value_at_cost);
  const home = status.scope.marketplace
    ? (ctx.currencies.get(status.scope.marketplace) ?? ctx.homeCurrency)
    : ctx.homeCurrency;
  const totalCost = money(
    status.rows.reduce(
      (s, r) =>
        s +
        ctx.exchange(
          (r.available_quantity + r.reserved_quantity + r.inbound_quantity) * (r.unit_cost ?? 0),
          r.currency,
          home,
          date,
        ),
      0,
    ),
    home,
  );
  const totalPrice = money(
    status.rows.reduce(
      (s, r) =>
        s +
        ctx.exchange(
          (r.available_quantity + r.reserved_quantity + r.inbound_quantity) * (r.price ?? 0),
          r.currency,
          home,
          date,
        ),
      0,
    ),
    home,
  );
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
      (missingCost
        ? ` ${missingCost} product${missingCost === 1 ? " has" : "s have"} no unit cost and count as zero at cost.`
        : "");
    recommendation =
      top && totalCost > 0 && top.value_at_cost / totalCost > 0.5
        ? `More than half of your stock value sits in ${top[label]}: check its excess inventory before ordering more.`
        : `Stock value is spread across ${rows.length} ${key}; check excess inventory for slow movers tying up cash.`;
  }
  // The grouping names the primary table and the rows' first field: one of the shapes inventory_value declares.
  const result = {
    [key]: rows,
    totals: { value_at_cost: totalCost, value_at_price: totalPrice, currency: home },
    currency: home,
    snapshot_date: status.snapshotDate,
    analysis: { summary, recommendation },
  } as unknown as Outcome<"inventory_value">["result"];
  return {
    result,
    primaryKey: key,
    freshness: status.snapshotDate ? endOfDay(status.snapshotDate) : null,
  };
}
