import asciichart from "asciichart";
import type { Fields } from "../analytics/results/index.js";
import { columnLabel, formatValue } from "./format-values.js";
import { valueFieldAt, valueFormat } from "./result-fields.js";

export interface LineChartOptions {
  /** The column to plot; default the first numeric column. */
  metric?: string;
  /** Terminal width: longer series are averaged into buckets to fit. */
  width?: number;
  height?: number;
  currency?: string;
  /** The column that names each point (a date or period). */
  xKey?: string;
  /** The fields of the rows, as their result declares them: what the plotted values are. */
  fields?: Fields;
}

const X_KEYS = ["period", "date", "day", "week", "month", "quarter"];

/** The column that labels the points of a series: `period`, `date`, … or the first text column. */
export function seriesXKey(rows: Record<string, unknown>[]): string | undefined {
  const first = rows[0];
  if (!first) return undefined;
  return (
    X_KEYS.find((k) => k in first) ?? Object.keys(first).find((k) => typeof first[k] === "string" && k !== "currency")
  );
}

/** The column a series chart plots: the asked metric when the rows have it, else the first numeric column. */
export function seriesMetric(rows: Record<string, unknown>[], preferred?: string): string | undefined {
  const first = rows[0];
  if (!first) return undefined;
  if (preferred && typeof first[preferred] === "number") return preferred;
  return Object.keys(first).find((k) => typeof first[k] === "number");
}

/**
 * A time series as an asciichart line chart with a title, a y axis in the
 * metric's format (money, percent…, as its field declares) and the first and
 * last period under it.
 *
 * @example
 * renderLineChart([{ period: "2026-11-01", revenue: 10 }, { period: "2026-11-02", revenue: 12 }], { metric: "revenue" })
 */
export function renderLineChart(rows: Record<string, unknown>[], options: LineChartOptions = {}): string {
  const metric = seriesMetric(rows, options.metric);
  if (!metric || rows.length === 0) return "";
  const xKey = options.xKey ?? seriesXKey(rows);
  const format = valueFormat(valueFieldAt(options.fields, metric));
  const currency = options.currency ?? (typeof rows[0].currency === "string" ? rows[0].currency : undefined);
  const values = rows.map((row) => (typeof row[metric] === "number" ? (row[metric] as number) : 0));
  const labelWidth = Math.max(...values.map((v) => formatValue(v, format, currency).length)) + 2;
  const room = Math.max(10, (options.width ?? 80) - labelWidth - 2);
  const { points, perPoint } = bucket(values, room);
  const chart = asciichart.plot(points, {
    height: options.height ?? 10,
    format: (x: number) => formatValue(x, format, currency).padStart(labelWidth),
  });
  const first = xKey ? String(rows[0][xKey] ?? "") : "";
  const last = xKey ? String(rows[rows.length - 1][xKey] ?? "") : "";
  const axisPad = " ".repeat(labelWidth + 2);
  const span = Math.max(first.length + 1, points.length - last.length);
  const axis = first || last ? `${axisPad}${first.padEnd(span)}${last}` : "";
  const title = `${columnLabel(metric)}${perPoint > 1 ? ` (average of every ${perPoint} points)` : ""}`;
  return [title, chart, axis].filter((s) => s !== "").join("\n");
}

// Averages consecutive values so the line fits the terminal; asciichart draws one column per point.
function bucket(values: number[], room: number): { points: number[]; perPoint: number } {
  if (values.length <= room) return { points: values, perPoint: 1 };
  const perPoint = Math.ceil(values.length / room);
  const points: number[] = [];
  for (let i = 0; i < values.length; i += perPoint) {
    const slice = values.slice(i, i + perPoint);
    points.push(slice.reduce((a, b) => a + b, 0) / slice.length);
  }
  return { points, perPoint };
}
