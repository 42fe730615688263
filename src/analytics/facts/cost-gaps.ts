/** How many products sold in a period have no unit cost: their cost of goods, profit and margin are unknown. */
import type { DateRange } from "../../core/timeframe.js";
import type { AnalyticsContext } from "./context.js";
import { productFacts } from "./product-facts.js";
import type { Scope } from "./scope.js";

export interface CostGaps {
  /** Products (per marketplace) with units sold in the period. */
  sold: number;
  /** Of those, the ones without a unit cost. */
  withoutCost: number;
}

export async function costGaps(
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace" | "asins">,
): Promise<CostGaps> {
  const facts = await productFacts(ctx, range, scope, ["units", "cogs"]);
  const sold = facts.filter((f) => f.units > 0);
  return { sold: sold.length, withoutCost: sold.filter((f) => !f.has_cost).length };
}

/** The sentence an answer adds when profit rests on missing unit costs, or "". */
export function costGapWords(gaps: CostGaps): string {
  if (!gaps.withoutCost) return "";
  return (
    `${gaps.withoutCost} of ${gaps.sold} products sold have no unit cost, so their cost of goods is unknown and the profit shown is before it ` +
    "(margin unknown): add unit costs with `seller-ai import costs.csv` (columns sku and unit_cost)."
  );
}
