import { describe, expect, it } from "vitest";
import { count, type ResultShape } from "../../src/analytics/results/index.js";
import { BUY_BOX_SHARE } from "../../src/analytics/results/competition.js";
import { PAYOUTS } from "../../src/analytics/results/finance.js";
import { RESTOCK_RECOMMENDATIONS } from "../../src/analytics/results/inventory.js";
import { DECLINING_REVIEWS, SALES_COMPARISON, SALES_TREND, TOP_PRODUCTS } from "../../src/analytics/results/sales.js";
import { formatValue } from "../../src/render/format-values.js";
import { fieldsAt, valueFieldAt, valueFormat } from "../../src/render/result-fields.js";
import { renderAnswerText } from "../../src/render/terminal-answer.js";
import { renderLineChart } from "../../src/render/terminal-chart.js";
import { renderTable } from "../../src/render/terminal-table.js";
import { renderExplain } from "../../src/render/explain.js";
import { SAMPLES } from "../helpers/render-samples.js";

const fieldsOf = (shape: ResultShape, key = shape.primary) => fieldsAt(shape.fields, key);

describe("value kinds come from the result's declared fields", () => {
  it.each([
    [TOP_PRODUCTS, "revenue", { kind: "money" }],
    [TOP_PRODUCTS, "profit_margin", { kind: "percent" }],
    [TOP_PRODUCTS, "growth_rate", { kind: "percent", signed: true }],
    [TOP_PRODUCTS, "units_sold", { kind: "count" }],
    [TOP_PRODUCTS, "title", { kind: "text" }],
    [RESTOCK_RECOMMENDATIONS, "restock_recommendation.recommended_quantity", { kind: "count" }],
    [RESTOCK_RECOMMENDATIONS, "restock_recommendation.optimal_po_date", { kind: "date" }],
    [RESTOCK_RECOMMENDATIONS, "days_of_supply", { kind: "number" }],
    [SALES_TREND, "roas", { kind: "ratio" }],
    [SALES_TREND, "period", { kind: "date" }],
    [BUY_BOX_SHARE, "change", { kind: "points", signed: true }],
    // A payout and its parts are amounts, not changes: no "+" before a deposit.
    [PAYOUTS, "amount", { kind: "money" }],
    [PAYOUTS, "sales", { kind: "money" }],
    [PAYOUTS, "fees", { kind: "money" }],
  ] as const)("%#: %s is %j", (shape, column, format) => {
    expect(valueFormat(valueFieldAt(fieldsOf(shape), column))).toEqual({ signed: undefined, ...format });
  });

  it.each([
    ["revenue", { kind: "money", signed: true }],
    ["units_sold", { kind: "count", signed: true }],
    ["profit_margin", { kind: "points", signed: true }],
  ] as const)("a comparison's change of %s is %j", (metric, format) => {
    const change = valueFieldAt(fieldsOf(SALES_COMPARISON), "change");
    expect(valueFormat(change, { metric })).toEqual(format);
  });

  it("shows a column its result does not declare as it is, whatever its name", () => {
    expect(valueFormat(valueFieldAt(fieldsOf(TOP_PRODUCTS), "revenue_guess"))).toEqual({ kind: "text" });
    expect(formatValue(1234.5, valueFormat(undefined), "USD")).toBe("1,234.5");
  });
});

describe("value formats", () => {
  it.each([
    [99.5, { kind: "money" }, "SEK", "kr 99.50"],
    [12.345, { kind: "percent", signed: true }, undefined, "+12.3%"],
    [-4.2, { kind: "percent", signed: true }, undefined, "-4.2%"],
    [250, { kind: "percent" }, undefined, "250%"],
    [-0.25, { kind: "points", signed: true }, undefined, "-0.3 pp"],
    [-0.02, { kind: "points", signed: true }, undefined, "0.0 pp"],
    [0.04, { kind: "points", signed: true }, undefined, "0.0 pp"],
    [3.256, { kind: "ratio" }, undefined, "3.26×"],
    [4, { kind: "rating" }, undefined, "4.0"],
    ["profit_margin", { kind: "metric" }, undefined, "Profit margin"],
    [true, { kind: "flag" }, undefined, "yes"],
  ] as const)("%s as %j (%s) is %s", (value, format, currency, text) => {
    expect(formatValue(value, format, currency)).toBe(text);
  });

  it.each([[null], [undefined], [Number.NaN]])("shows a missing value (%s) as a dash", (value) => {
    expect(formatValue(value, { kind: "money" }, "USD")).toBe("—");
  });
});

describe("renderTable", () => {
  it("formats money and percentages, folds the currency column into the cells and right-aligns numbers", () => {
    const text = renderTable(SAMPLES.top_products.body.result.top_products as Record<string, unknown>[], {
      width: 120,
      fields: fieldsOf(TOP_PRODUCTS),
    });
    expect(text).toContain("$45,582.80");
    expect(text).toContain("31.4%");
    expect(text).toContain("+12.6%");
    expect(text).not.toMatch(/Currency|USD/);
    const header = text.split("\n")[1];
    expect(header).toMatch(/ASIN.*Title.*Units.*Revenue.*Profit margin.*Growth rate/);
    expect(text).toMatch(/│\s+\$6,196\.90 │/);
  });

  it("shows nested restock fields as their own columns", () => {
    const text = renderTable(SAMPLES.inventory.body.result.products as Record<string, unknown>[], { width: 200 });
    expect(text).toMatch(/Reorder qty.*Urgency.*Order by/);
    expect(text).toMatch(/1,450 │ critical │ 2026-10-30/);
  });

  it.each([60, 80, 100])("fits a %s-column terminal by dropping minor columns and shortening text", (width) => {
    const text = renderTable(SAMPLES.inventory.body.result.products as Record<string, unknown>[], { width });
    const widest = Math.max(...text.split("\n").map((l) => l.length));
    expect(widest).toBeLessThanOrEqual(Math.max(width, 80));
    expect(text).toContain("Urgency");
  });

  const payout = (i: number) => ({
    settlement_id: "10779783724",
    start_date: "2026-11-03",
    end_date: "2026-11-16",
    deposit_date: "2026-11-20",
    amount: 161137.73 * i,
    sales: 267677.81 * i,
    refunds: -11839.42,
    fees: -87537.78,
    currency: "GBP",
  });
  const product = (i: number) => ({
    asin: "B0LONGASIN01",
    title: "A fairly long product title that needs room",
    units_sold: 1000 * i,
    revenue: 12345.67 * i,
    profit: 2345.6 * i,
    profit_margin: 19.1,
    growth_rate: 3.2,
    orders: 900 * i,
    currency: "USD",
  });
  it.each([
    ["a settlement id", PAYOUTS, payout, "10779783724"],
    ["an ASIN", TOP_PRODUCTS, product, "B0LONGASIN01"],
  ] as const)("never shortens %s to fit a narrow terminal", (_, shape, row, id) => {
    const text = renderTable([row(1), row(2)], { width: 90, fields: fieldsOf(shape) });
    expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThanOrEqual(90);
    expect(text).toContain(`│ ${id} │`);
  });

  it("hides the rightmost minor columns on a narrow terminal and names them", () => {
    const rows = [1, 2, 3].map((i) => ({
      asin: `B0TESTAAA${i}`,
      title: "A fairly long product title that needs room",
      marketplace: "US",
      units_sold: 1000 * i,
      revenue: 12345.67 * i,
      profit: 2345.6 * i,
      profit_margin: 19.1,
      growth_rate: 3.2,
      orders: 900 * i,
      refund_rate: 4.1,
      conversion_rate: 12.2,
      ad_spend: 999.99,
      acos: 22.2,
      currency: "USD",
    }));
    const text = renderTable(rows, { width: 100, keep: ["acos"], fields: fieldsOf(TOP_PRODUCTS) });
    expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(text).toMatch(/ASIN.*Title.*Units.*Revenue/);
    expect(text).toContain("ACoS");
    expect(text).toMatch(/^Not shown at this width: .*Conversion rate, Ad spend\.$/m);
    // The same marketplace on every row is said once, above the table.
    expect(text.split("\n")[0]).toBe("Marketplace: US");
  });

  it("shows a change between percentages in points, and hides the unit column", () => {
    const rows = [
      { metric: "revenue", current: 100, previous: 80, change: 20, change_pct: 25, unit: "USD" },
      {
        metric: "profit_margin",
        current: 30.6,
        previous: 30.8,
        change: -0.2,
        change_pct: null,
        unit: "percentage_points",
      },
    ];
    const text = renderTable(rows, { fields: fieldsOf(SALES_COMPARISON) });
    expect(text).toMatch(/Revenue\s+│\s+\$100\.00 │\s+\$80\.00 │\s+\+\$20\.00 │\s+\+25\.0% │/);
    expect(text).toMatch(/Profit margin │\s+30\.6% │\s+30\.8% │\s+-0\.2 pp │\s+— │/);
    expect(text).not.toMatch(/Unit|percentage_points/);
    expect(text).toContain("Change %");
  });

  it("formats each column by the kind its field declares, whatever the column is called", () => {
    const text = renderTable(
      [
        {
          asin: "B0TESTAAA1",
          current_revenue: 48631.01,
          previous_revenue: 42842.36,
          change: 5788.65,
          share_of_change: 12.5,
        },
      ],
      { currency: "USD", fields: fieldsOf(SALES_COMPARISON, "drivers") },
    );
    expect(text).toContain("+$5,788.65");
    expect(text).toContain("+12.5 pp");
    const declared = renderTable([{ asin: "B0TESTAAA1", refund_rate: 1234 }], { fields: { refund_rate: count } });
    expect(declared).toContain("1,234");
    expect(declared).not.toContain("%");
  });

  it.each([
    [BUY_BOX_SHARE, { buy_box_percentage: 55, previous_buy_box_percentage: 94, change: -39 }, "-39.0 pp"],
    [DECLINING_REVIEWS, { rating_start: 4.2, rating_end: 4, rating_change: -0.2 }, "4.0"],
  ] as const)("%#: formats %j with %s", (shape, row, expected) => {
    expect(renderTable([{ asin: "B0TESTAAA1", ...row }], { fields: fieldsOf(shape) })).toContain(expected);
  });

  it("never cuts a header word to fit", () => {
    const rows = [
      {
        marketplace: "DE",
        revenue: 538790.07,
        units_sold: 21593,
        orders: 20364,
        profit: 169451.23,
        profit_margin: 31.5,
        refund_units: 944,
        refund_rate: 4.4,
        sessions: 191453,
        currency: "EUR",
      },
      {
        marketplace: "UK",
        revenue: 5,
        units_sold: 1,
        orders: 1,
        profit: 1,
        profit_margin: 1,
        refund_units: 1,
        refund_rate: 1,
        sessions: 1,
        currency: "GBP",
      },
    ];
    const text = renderTable(rows, { width: 80 });
    expect(text).toContain("Marketplace");
    expect(text).not.toContain("Marketpla…");
  });

  it("formats comparison values by the metric each row names", () => {
    const text = renderTable(SAMPLES.comparison_rows.body.result.comparison as Record<string, unknown>[], {
      currency: "EUR",
      fields: fieldsOf(SALES_COMPARISON),
    });
    expect(text).toMatch(/Revenue\s+│\s+€80,210\.50 │\s+€91,000\.00 │\s+-€10,789\.50 │\s+-11\.9% │/);
    expect(text).toMatch(/Units\s+│\s+3,100 │\s+3,500 │\s+-400 │\s+-11\.4% │/);
  });
});

describe("renderLineChart", () => {
  it("plots the asked metric with money on the y axis and the first and last period under it", () => {
    const rows = SAMPLES.series.body.result.series as Record<string, unknown>[];
    const text = renderLineChart(rows, { metric: "revenue", width: 80, fields: fieldsOf(SALES_TREND) });
    const lines = text.split("\n");
    expect(lines[0]).toBe("Revenue");
    expect(text).toContain("$1,901.50 ┤");
    expect(text).toContain("$1,000.00 ┼");
    expect(lines.at(-1)).toMatch(/^\s+2026-11-14\s+2026-11-20$/);
  });

  it("averages a long series into buckets that fit the width", () => {
    const rows = Array.from({ length: 365 }, (_, i) => ({ period: `d${i}`, units_sold: i }));
    const text = renderLineChart(rows, { width: 80 });
    expect(text.split("\n")[0]).toMatch(/Units \(average of every \d+ points\)/);
    expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});

describe("renderAnswerText", () => {
  it.each(Object.entries(SAMPLES))(
    "says what was understood, then the summary and recommendation in words (%s)",
    (_name, answer) => {
      const text = renderAnswerText(answer, { width: 100 });
      const analysis = answer.body.result.analysis as { summary: string; recommendation: string };
      expect(text.startsWith(answer.understanding.interpretation)).toBe(true);
      expect(text).toContain(`Summary: ${analysis.summary}`);
      expect(text).toContain(`Recommendation: ${analysis.recommendation}`);
      expect(text).toContain("Data up to 2026-11-20T23:59:59Z");
    },
  );

  it("draws a series as a chart followed by its table, and only the chart in chart mode", () => {
    const table = renderAnswerText(SAMPLES.series, { mode: "table" });
    const chart = renderAnswerText(SAMPLES.series, { mode: "chart" });
    expect(table).toContain("┤");
    expect(table).toContain("│ 2026-11-17 │");
    expect(chart).toContain("┤");
    expect(chart).not.toContain("│ 2026-11-17 │");
  });

  it("shows the parts besides the primary table under their names", () => {
    expect(renderAnswerText(SAMPLES.comparison_rows)).toMatch(
      /Drivers:\n┌[\s\S]*Silicone Spatula Set[\s\S]*-€6,000\.00/,
    );
  });

  it("writes a date range part as one line", () => {
    const answer = structuredClone(SAMPLES.top_products);
    answer.body.result.period = { start: "2026-10-22", end: "2026-11-20" };
    expect(renderAnswerText(answer)).toContain("\n\nPeriod: 2026-10-22 to 2026-11-20\n\n");
  });

  it.each([3, 150])("leaves the count of all rows (%i) to the summary, not a line of its own", (total) => {
    const answer = structuredClone(SAMPLES.top_products);
    answer.body.result.total_rows = total;
    const text = renderAnswerText(answer);
    expect(text).not.toContain("Total rows");
    expect(text).not.toContain(String(total === 3 ? "Rows: 3" : "150"));
  });

  it("says plainly that there are no rows", () => {
    expect(renderAnswerText(SAMPLES.empty)).toContain("No rows.");
  });

  it("wraps long prose to the width", () => {
    const answer = structuredClone(SAMPLES.top_products);
    (answer.body.result.analysis as { summary: string }).summary = "word ".repeat(60).trim();
    const text = renderAnswerText(answer, { width: 50 });
    const summaryLines = text.split("\n").filter((l) => /^(Summary| {2}word)/.test(l));
    expect(summaryLines.length).toBeGreaterThan(3);
    for (const line of summaryLines) expect(line.length).toBeLessThanOrEqual(50);
  });
});

describe("renderExplain", () => {
  it("shows the understanding and each SQL statement numbered", () => {
    const text = renderExplain(SAMPLES.top_products);
    expect(text).toContain('"intent": "top_products"');
    expect(text).toContain('"limit": 3');
    expect(text).toMatch(/SQL \(1 statement\):\n {2}1\. select "asin"/);
  });
});
