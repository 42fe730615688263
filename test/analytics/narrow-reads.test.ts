// Rankings and totals read only the measures they need (or sum in SQL); these
// check that they give exactly what reading every product's full facts gives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSmallMirror, FIXTURE_TODAY } from "../helpers/small-mirror.js";
import { createAnalyticsContext } from "../../src/analytics/facts/context.js";
import { comparedFacts, groupedFacts, productFacts, sumFacts } from "../../src/analytics/facts/product-facts.js";
import { productRows } from "../../src/analytics/facts/product-rows.js";
import { sortRows } from "../../src/analytics/answers/outcome.js";
import { scopeOf } from "../../src/analytics/facts/scope.js";
import { answerUnderstanding } from "../../src/answer/answer.js";
import { nowForToday } from "../../src/core/dates.js";
import { resolveAccount } from "../../src/store/accounts.js";
import { INTENT_AREAS, type Filters, type Intent, type Understanding } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { rebuildRollups } from "../../src/store/rollups.js";

let mirror: Mirror;
/** The same mirror with its running totals built, so reads take the rollup path. */
let rolled: Mirror;
const now = nowForToday(FIXTURE_TODAY);

beforeAll(async () => {
  mirror = await buildSmallMirror();
  rolled = await buildSmallMirror();
  await rebuildRollups(rolled, "acme", undefined, "2026-11-21T06:02:00Z");
});
afterAll(async () => {
  await mirror.close();
  await rolled.close();
});

const understanding = (intent: Intent, filters: Filters): Understanding => ({
  intent,
  area: INTENT_AREAS[intent],
  confidence: 1,
  filters,
  interpretation: "test",
});

async function context(on: Mirror = mirror) {
  const account = await resolveAccount(on.db, undefined);
  return createAnalyticsContext(on.db, account!, now, FIXTURE_TODAY);
}

const METRICS = [
  "revenue",
  "units_sold",
  "orders",
  "profit",
  "profit_margin",
  "growth_rate",
  "refund_rate",
  "conversion_rate",
  "sessions",
  "page_views",
  "buy_box_percentage",
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
] as const;

describe("a ranking lists what ranking every product's full facts lists", () => {
  it.each(
    METRICS.flatMap(
      (metric) =>
        [
          [metric, "desc", undefined],
          [metric, "asc", "US"],
        ] as const,
    ),
  )("by %s, %s, marketplace %s", async (metric, sort, marketplace) => {
    const filters: Filters = {
      timeframe: "last_30_days",
      metrics: [metric],
      sort,
      limit: 2,
      ...(marketplace ? { marketplace } : {}),
    };
    const answered = await answerUnderstanding(understanding("top_products", filters), { db: mirror.db, now });
    const shown = (answered.body.result as { top_products: Record<string, unknown>[] }).top_products;

    const ctx = await context();
    const u = understanding("top_products", filters);
    const full = await productRows(ctx, await scopeOf(ctx, u), u);
    let rows = full.rows;
    if (metric === "growth_rate") rows = rows.filter((r) => r.growth_rate !== null);
    const expected = sortRows(rows, metric, sort, (r) => `${r.asin}|${r.marketplace}`).slice(0, 2);
    expect(
      shown.map((r) => [
        r.asin,
        r.marketplace,
        r.revenue,
        r.units_sold,
        r.profit,
        r.profit_margin,
        r.growth_rate,
        r.acos,
      ]),
    ).toEqual(
      expected.map((r) => [
        r.asin,
        r.marketplace,
        r.revenue,
        r.units_sold,
        r.profit,
        r.profit_margin,
        r.growth_rate,
        r.acos,
      ]),
    );
    expect(shown.every((r) => typeof r.title === "string" && r.title !== "")).toBe(true);
  });
});

describe("sums made in SQL match the per-product sums", () => {
  it.each([undefined, "category", "subcategory"] as const)("grouped by marketplace and %s", async (by) => {
    const ctx = await context();
    const range = { start: "2026-10-22", end: "2026-11-20" };
    const perProduct = await productFacts(ctx, range, {});
    const label = (x: { marketplace: string; category: string | null; subcategory: string | null }) =>
      `${x.marketplace}|${(by ? x[by] : null) ?? "Uncategorised"}`;
    const expected = sumFacts(ctx, perProduct, label, "USD", range.end);
    const grouped = sumFacts(
      ctx,
      await groupedFacts(ctx, range, {}, by),
      (x) => `${x.marketplace}|${x.label ?? "Uncategorised"}`,
      "USD",
      range.end,
    );
    expect([...grouped.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, want] of expected) {
      const got = grouped.get(key)!;
      for (const measure of [
        "units",
        "revenue",
        "orders",
        "refund_amount",
        "sessions",
        "ad_spend",
        "cogs",
        "fees",
        "profit",
      ] as const) {
        expect(got[measure]).toBeCloseTo(want[measure], 6);
      }
    }
  });
});

describe("two periods read side by side equal each period read alone", () => {
  it.each([
    [
      "a month against the one before",
      { start: "2026-10-22", end: "2026-11-20" },
      { start: "2026-09-22", end: "2026-10-21" },
      {},
    ],
    [
      "a week against the same week a year earlier, one marketplace",
      { start: "2026-11-14", end: "2026-11-20" },
      { start: "2025-11-14", end: "2025-11-20" },
      { marketplace: "US" },
    ],
    [
      "a period against a later one",
      { start: "2026-09-01", end: "2026-09-30" },
      { start: "2026-11-01", end: "2026-11-20" },
      {},
    ],
    [
      "a period against one before the data",
      { start: "2026-11-01", end: "2026-11-20" },
      { start: "2019-01-01", end: "2019-12-31" },
      {},
    ],
  ] as const)("%s", async (_label, current, previous, scope) => {
    for (const rollups of [true, false]) {
      const ctx = await context(rolled);
      if (!rollups) ctx.rollups = async () => undefined;
      else expect(await ctx.rollups()).toBeDefined();
      const columns = ["revenue", "units", "orders", "profit", "refund_units", "sessions", "ad_spend"] as const;
      const { totals, products } = await comparedFacts(ctx, [current, previous], scope, columns, ["revenue", "units"]);
      for (const [i, range] of [current, previous].entries()) {
        expect(totals[i]).toEqual(await groupedFacts(ctx, range, scope, undefined, columns));
        expect(products[i]).toEqual(await productFacts(ctx, range, scope, ["revenue", "units"]));
      }
    }
  });
});
