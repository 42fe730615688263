import type { Understanding } from "../core/understanding.js";
import { flattenRow } from "./flatten.js";
import type { Fields } from "../analytics/results/index.js";
import { isPlainObject } from "./flatten.js";
import { columnLabel } from "./format-values.js";
import { fieldsAt, valueFieldAt } from "./result-fields.js";
import { resultShape } from "../analytics/results/index.js";
import { INTENT_METRIC } from "./intent-metric.js";
import { seriesXKey } from "./terminal-chart.js";

const MIXED = "mixed";

export const VEGA_LITE_SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json";

// The column that names a row in a ranking, most specific first.
const LABEL_KEYS = [
  "title",
  "name",
  "keyword",
  "search_term",
  "campaign",
  "campaign_name",
  "category",
  "subcategory",
  "product_type",
  "asin",
  "sku",
  "marketplace",
  "competitor",
  "seller_name",
];

/**
 * A Vega-Lite v5 spec for an answer, with its rows inline: a line chart for a
 * time series (`series`), grouped bars for current vs previous (`comparison`),
 * and horizontal bars for every ranking or breakdown (products, categories,
 * campaigns, keywords…), sorted by the metric asked for.
 *
 * @example
 * chartSpec({ series: [{ period: "2026-11-01", revenue: 10 }] }, "series", understanding)
 * // { $schema: "https://vega.github.io/schema/vega-lite/v5.json", mark: {type: "line", point: true}, ... }
 */
export function chartSpec(
  result: Record<string, unknown>,
  primaryKey: string,
  understanding: Understanding,
): Record<string, unknown> {
  const raw = result[primaryKey];
  const currency = typeof result.currency === "string" ? result.currency : undefined;
  const title = understanding.interpretation;
  const preferred = understanding.filters.metrics?.[0] ?? INTENT_METRIC[understanding.intent];
  const rows = Array.isArray(raw) ? raw.filter(isPlainObject) : isPlainObject(raw) ? [raw] : [];
  if (primaryKey === "comparison") return comparisonSpec(rows, title, currency);
  const fields = fieldsAt(resultShape(understanding.intent, primaryKey)?.fields, primaryKey);
  // Rows in different currencies (one per marketplace) share an axis but not a unit.
  const rowCurrencies = new Set(rows.map((r) => r.currency).filter((c): c is string => typeof c === "string"));
  const axisCurrency = rowCurrencies.size > 1 ? MIXED : rowCurrencies.size === 1 ? [...rowCurrencies][0] : currency;
  if (primaryKey === "series") return seriesSpec(rows, preferred, title, axisCurrency, fields);
  return rankingSpec(rows, preferred, title, axisCurrency, understanding.filters.sort, fields);
}

function base(title: string, values: Record<string, unknown>[]): Record<string, unknown> {
  return { $schema: VEGA_LITE_SCHEMA, title, width: 600, data: { values } };
}

/** An axis's title: the column's label, with its unit as the column's field declares it. */
function axisTitle(field: string, currency: string | undefined, fields: Fields | undefined): string {
  const kind = valueFieldAt(fields, field)?.kind;
  const label = columnLabel(field);
  if (kind === "percent") return `${label} (%)`;
  if (kind === "money" && currency === MIXED) return `${label} (each row's currency)`;
  if (kind === "money" && currency) return `${label} (${currency})`;
  return label;
}

/** The numeric fields of the rows (dotted for nested ones), the preferred metric first when present. */
function numericFields(rows: Record<string, unknown>[], preferred: string | undefined): string[] {
  const flat = rows.slice(0, 20).map((r) => flattenRow(r));
  const fields: string[] = [];
  for (const row of flat)
    for (const [k, v] of Object.entries(row)) if (typeof v === "number" && !fields.includes(k)) fields.push(k);
  if (preferred) {
    const match = fields.find((f) => f === preferred || f.endsWith(`.${preferred}`));
    if (match) return [match, ...fields.filter((f) => f !== match)];
  }
  return fields;
}

function seriesSpec(
  rows: Record<string, unknown>[],
  preferred: string | undefined,
  title: string,
  currency: string | undefined,
  fields: Fields | undefined,
): Record<string, unknown> {
  const xKey = seriesXKey(rows) ?? "period";
  const sample = rows.find((r) => r[xKey] !== undefined)?.[xKey];
  // Week labels such as 2026-W45 are not dates a browser parses: keep them ordinal.
  const temporal = typeof sample === "string" && /^\d{4}-\d{2}(-\d{2})?$/.test(sample);
  const metric = numericFields(rows, preferred)[0];
  const encoding: Record<string, unknown> = {
    x: { field: xKey, type: temporal ? "temporal" : "ordinal", title: columnLabel(xKey) },
  };
  if (metric) encoding.y = { field: metric, type: "quantitative", title: axisTitle(metric, currency, fields) };
  else encoding.y = { aggregate: "count", type: "quantitative" };
  if (rows.some((r) => typeof r.marketplace === "string")) encoding.color = { field: "marketplace", type: "nominal" };
  encoding.tooltip = [
    { field: xKey, type: temporal ? "temporal" : "ordinal" },
    ...(metric ? [{ field: metric, type: "quantitative" }] : []),
  ];
  return { ...base(title, rows), mark: { type: "line", point: true }, encoding };
}

function labelField(rows: Record<string, unknown>[]): string | undefined {
  const first = rows[0] ?? {};
  return (
    LABEL_KEYS.find((k) => typeof first[k] === "string") ??
    Object.keys(first).find((k) => typeof first[k] === "string" && k !== "currency")
  );
}

function rankingSpec(
  rows: Record<string, unknown>[],
  preferred: string | undefined,
  title: string,
  currency: string | undefined,
  sort: "asc" | "desc" | undefined,
  fields: Fields | undefined,
): Record<string, unknown> {
  const label = labelField(rows);
  const metric = numericFields(rows, preferred)[0];
  const x = metric
    ? { field: metric, type: "quantitative", title: axisTitle(metric, currency, fields) }
    : { aggregate: "count", type: "quantitative", title: "Rows" };
  const y = label
    ? {
        field: label,
        type: "nominal",
        title: columnLabel(label),
        sort: metric ? (sort === "asc" ? "x" : "-x") : undefined,
      }
    : undefined;
  const encoding: Record<string, unknown> = {
    x,
    tooltip: [
      ...(label ? [{ field: label, type: "nominal" }] : []),
      ...(metric ? [{ field: metric, type: "quantitative" }] : []),
    ],
  };
  if (y) {
    if (y.sort === undefined) delete (y as { sort?: unknown }).sort;
    encoding.y = y;
  }
  return { ...base(title, rows), mark: "bar", encoding };
}

function comparisonSpec(
  rows: Record<string, unknown>[],
  title: string,
  currency: string | undefined,
): Record<string, unknown> {
  // One bar per period inside each metric's group; each metric keeps its own scale by faceting into columns.
  const values = rows.flatMap((row) => [
    { metric: columnLabel(String(row.metric)), period: "previous", value: row.previous },
    { metric: columnLabel(String(row.metric)), period: "current", value: row.current },
  ]);
  return {
    $schema: VEGA_LITE_SCHEMA,
    title,
    data: { values },
    facet: { column: { field: "metric", type: "nominal", title: null } },
    spec: {
      width: 120,
      mark: "bar",
      encoding: {
        x: { field: "period", type: "nominal", sort: ["previous", "current"], title: null },
        y: { field: "value", type: "quantitative", title: currency ? `Value (${currency} for money)` : "Value" },
        color: { field: "period", type: "nominal", sort: ["previous", "current"] },
        tooltip: [
          { field: "metric", type: "nominal" },
          { field: "period", type: "nominal" },
          { field: "value", type: "quantitative" },
        ],
      },
    },
    resolve: { scale: { y: "independent" } },
  };
}
