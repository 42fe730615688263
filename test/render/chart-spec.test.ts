import { compile } from "vega-lite";
import { describe, expect, it } from "vitest";
import { chartSpec, VEGA_LITE_SCHEMA } from "../../src/render/chart-spec.js";
import { SAMPLES } from "../helpers/render-samples.js";

function marks(spec: Record<string, unknown>): unknown {
  return (spec.spec as Record<string, unknown> | undefined)?.mark ?? spec.mark;
}

describe("chartSpec", () => {
  it.each(Object.entries(SAMPLES))("gives a Vega-Lite v5 spec that compiles for %s", (_name, answer) => {
    const spec = chartSpec(answer.body.result, answer.primaryKey, answer.understanding);
    expect(spec.$schema).toBe(VEGA_LITE_SCHEMA);
    const compiled = compile(spec as never);
    expect(compiled.spec.$schema).toMatch(/vega\/v\d+\.json$/);
    expect(compiled.spec.data).toBeDefined();
    // The rows travel inside the spec: no URL to fetch.
    expect(JSON.stringify(spec)).not.toMatch(/"url"/);
  });

  it.each([
    ["series", SAMPLES.series, { type: "line", point: true }, "temporal"],
    ["weekly series", SAMPLES.weekly_series, { type: "line", point: true }, "ordinal"],
  ])("draws a %s as a line", (_label, answer, mark, xType) => {
    const spec = chartSpec(answer.body.result, answer.primaryKey, answer.understanding);
    expect(marks(spec)).toEqual(mark);
    const encoding = spec.encoding as Record<string, Record<string, unknown>>;
    expect(encoding.x.type).toBe(xType);
    expect(encoding.y.field).toBe(answer.understanding.filters.metrics![0]);
  });

  it.each([
    ["top_products", "title", "revenue"],
    ["categories", "category", "profit_margin"],
    ["campaigns", "campaign", "acos"],
    ["inventory", "asin", "restock_recommendation.recommended_quantity"],
  ])("draws %s as bars of the asked metric by name", (name, label, metric) => {
    const answer = SAMPLES[name];
    const spec = chartSpec(answer.body.result, answer.primaryKey, answer.understanding);
    expect(marks(spec)).toBe("bar");
    const encoding = spec.encoding as Record<string, Record<string, unknown>>;
    expect(encoding.y.field).toBe(label);
    expect(encoding.x.field).toBe(metric);
    expect((spec.data as { values: unknown[] }).values).toHaveLength(
      (answer.body.result[answer.primaryKey] as unknown[]).length,
    );
  });

  it("titles an axis by the kind its column's field declares: percent", () => {
    const answer = SAMPLES.categories;
    const spec = chartSpec(answer.body.result, answer.primaryKey, answer.understanding);
    expect((spec.encoding as Record<string, { title: string }>).x.title).toBe("Profit margin (%)");
  });

  it("gives no unit to a column its result does not declare, whatever its name", () => {
    const answer = structuredClone(SAMPLES.top_products);
    answer.body.result = { top_products: [{ title: "A", revenue_share: 10 }], analysis: answer.body.result.analysis };
    const spec = chartSpec(answer.body.result, answer.primaryKey, { ...answer.understanding, filters: {} });
    expect((spec.encoding as Record<string, { title: string }>).x.title).toBe("Revenue share");
  });

  it.each([
    [["USD", "USD"], "Revenue (USD)"],
    [["EUR", "GBP"], "Revenue (each row's currency)"],
  ])("titles a money axis by the rows' currency (%j)", (currencies, axis) => {
    const result = {
      marketplaces: currencies.map((currency, i) => ({ marketplace: `M${i}`, revenue: 10 * (i + 1), currency })),
      currency: "USD",
    };
    const spec = chartSpec(result, "marketplaces", {
      ...SAMPLES.sales_summary.understanding,
      filters: { metrics: ["revenue"] },
    });
    expect((spec.encoding as Record<string, { title: string }>).x.title).toBe(axis);
  });

  it("draws a comparison as grouped bars, previous then current for each metric", () => {
    const answer = SAMPLES.comparison_rows;
    const spec = chartSpec(answer.body.result, answer.primaryKey, answer.understanding);
    expect(marks(spec)).toBe("bar");
    const values = (spec.data as { values: { period: string }[] }).values;
    expect(values.map((v) => v.period)).toEqual(["previous", "current", "previous", "current"]);
  });
});
