/** What the inventory answers share: the words for no stock and the order by days of supply. */
import type { AnalyticsContext } from "../facts/context.js";
import type { InventoryRow } from "../facts/inventory-status.js";

export function noStock(ctx: AnalyticsContext, marketplace?: string): string {
  if (marketplace && !ctx.currencies.has(marketplace))
    return `You do not sell in the ${marketplace} marketplace, so there is no stock there.`;
  return `The mirror has no inventory snapshot${marketplace ? ` for ${marketplace}` : ""} yet: import an inventory report to see stock levels.`;
}

export const dosAsc = (a: InventoryRow, b: InventoryRow) =>
  (a.days_of_supply ?? Infinity) - (b.days_of_supply ?? Infinity) ||
  (a.asin < b.asin ? -1 : a.asin > b.asin ? 1 : a.marketplace < b.marketplace ? -1 : 1);
