/**
 * Product rows summed per category, for answers asked "by category": a rate
 * per category comes from the category's sums (refunded units over units
 * sold), never from an average of its products' rates.
 */
import type { ProductRow } from "./product-rows.js";

/** What a product without a category is filed under. */
export const UNCATEGORISED = "Uncategorised";

export interface CategorySums<K extends string> {
  category: string;
  /** How many of the rows (products) the category holds. */
  products: number;
  sums: Record<K, number>;
}

/** Sums `keys` over the rows of each category, in the order categories first appear. */
export function sumByCategory<K extends string>(
  rows: readonly (ProductRow & Record<K, number>)[],
  keys: readonly K[],
): CategorySums<K>[] {
  const groups = new Map<string, CategorySums<K>>();
  for (const row of rows) {
    const category = row.category ?? UNCATEGORISED;
    let group = groups.get(category);
    if (!group) {
      group = { category, products: 0, sums: Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number> };
      groups.set(category, group);
    }
    group.products++;
    for (const k of keys) group.sums[k] += row[k] ?? 0;
  }
  return [...groups.values()];
}
