// Answers asked "by category" show one row per category, whose rate comes from
// the category's own sums, and whose rows add up to the answer's totals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerIntent } from "../helpers/answer-intent.js";
import { buildSmallMirror } from "../helpers/small-mirror.js";
import type { Filters, Intent } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";

let mirror: Mirror;
beforeAll(async () => {
  mirror = await buildSmallMirror();
});
afterAll(async () => {
  await mirror.close();
});

async function ask(intent: Intent, filters: Filters) {
  const { result, primaryKey } = await answerIntent(mirror, intent, filters);
  return { result, primary: primaryKey };
}

const CASES = [
  {
    intent: "refund_analysis",
    rate: "refund_rate",
    part: "refund_units",
    whole: "units_sold",
    overall: "overall_refund_rate",
  },
  {
    intent: "conversion_analysis",
    rate: "conversion_rate",
    part: "units_sold",
    whole: "sessions",
    overall: "overall_conversion_rate",
  },
] as const;

describe.each(CASES)("$intent by category", ({ intent, rate, part, whole, overall }) => {
  it.each(["last_30_days", "all_time"])(
    "over %s: one row per category, adding up to the products",
    async (timeframe) => {
      const byCategory = await ask(intent, { timeframe, group_by: "category", limit: 500 });
      const byProduct = await ask(intent, { timeframe, limit: 500 });
      expect(byCategory.primary).toBe("categories");
      const rows: Record<string, any>[] = byCategory.result.categories;
      expect(rows.length).toBeGreaterThan(1);
      expect(new Set(rows.map((r) => r.category)).size).toBe(rows.length);
      const products: Record<string, any>[] = byProduct.result.products;
      const sum = (list: Record<string, any>[], key: string) => list.reduce((s, r) => s + r[key], 0);
      expect(sum(rows, part)).toBe(sum(products, part));
      expect(sum(rows, whole)).toBe(sum(products, whole));
      expect(sum(rows, "products")).toBe(products.length);
      for (const row of rows) expect(row[rate]).toBeCloseTo((100 * row[part]) / row[whole], 1);
      // Ranked by the rate, highest first, and the summary names the first.
      const rates = rows.map((r) => r[rate]);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      expect(byCategory.result.analysis.summary).toContain(rows[0].category);
      expect(byCategory.result[overall]).toBe(byProduct.result[overall]);
    },
  );

  it("a limit shows the first categories and counts all of them", async () => {
    const all = await ask(intent, { group_by: "category", limit: 500 });
    const two = await ask(intent, { group_by: "category", limit: 2 });
    expect(two.result.categories).toEqual(all.result.categories.slice(0, 2));
    expect(two.result.total_rows).toBe(all.result.categories.length);
  });
});
