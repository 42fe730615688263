import type { Fields } from "../analytics/results/index.js";
import type { TerminalFormat } from "./output-formats.js";
import { isPlainObject } from "./flatten.js";
import { columnLabel, formatValue } from "./format-values.js";
import { INTENT_METRIC } from "./intent-metric.js";
import { primaryRows, resultFields, type RenderableAnswer } from "./renderable-answer.js";
import { answerFields, fieldsAt, valueFieldAt, valueFormat } from "./result-fields.js";
import { renderLineChart } from "./terminal-chart.js";
import { renderKeyValues, renderTable } from "./terminal-table.js";
import { terminalText } from "./terminal-text.js";
import { wrapText } from "./wrap-text.js";

export interface TerminalAnswerOptions {
  /** "chart" draws a series as a line chart only; "table" shows the chart and its table. */
  mode?: TerminalFormat;
  /** Terminal width in columns (default 100). */
  width?: number;
}

// Parts of a result that are not tables to show.
const NOT_SHOWN = new Set(["analysis", "currency", "csv", "chart"]);

/**
 * An answer for a person at a terminal: what was understood, the primary
 * table (cli-table3) or line chart (asciichart), any totals and secondary
 * tables, then the summary and the recommendation in words. Values are
 * formatted by the kinds the intent's result declares.
 *
 * @example
 * process.stdout.write(renderAnswerText(await answer("top 5 products", { db, now }), { width: 100 }));
 */
export function renderAnswerText(answer: RenderableAnswer, options: TerminalAnswerOptions = {}): string {
  const width = options.width ?? 100;
  const mode = options.mode ?? "table";
  const result = resultFields(answer);
  const fields = answerFields(answer);
  const currency = typeof result.currency === "string" ? result.currency : undefined;
  const blocks: string[] = [answer.understanding.interpretation];

  const asked = answer.understanding.filters.metrics?.[0];
  const intentMetric = INTENT_METRIC[answer.understanding.intent];
  const keep = [...(answer.understanding.filters.metrics ?? []), ...(intentMetric ? [intentMetric] : [])];
  const rows = primaryRows(answer);
  const rowFields = fieldsAt(fields, answer.primaryKey);
  if (answer.primaryKey === "series" && rows.length > 1) {
    blocks.push(renderLineChart(rows, { metric: asked, width, currency, fields: rowFields }));
    if (mode === "table") blocks.push(renderTable(rows, { width, currency, keep, fields: rowFields }));
  } else if (rows.length > 0) {
    blocks.push(renderTable(rows, { width, currency, keep, fields: rowFields }));
  } else if (Array.isArray(result[answer.primaryKey])) {
    blocks.push("No rows.");
  }

  for (const [key, value] of Object.entries(result)) {
    if (key === answer.primaryKey || NOT_SHOWN.has(key) || value === null || value === undefined) continue;
    // A table that leaves rows out says so in its summary ("Showing 5 of 150"); the bare count adds nothing.
    if (key === "total_rows") continue;
    if (Array.isArray(value)) {
      const items = value.filter(isPlainObject);
      if (items.length > 0)
        blocks.push(`${columnLabel(key)}:\n${renderTable(items, { width, currency, fields: fieldsAt(fields, key) })}`);
      else if (value.length > 0) blocks.push(`${columnLabel(key)}: ${value.join(", ")}`);
    } else if (isPlainObject(value)) {
      blocks.push(renderPart(key, value, width, currency, fieldsAt(fields, key)));
    } else {
      blocks.push(`${columnLabel(key)}: ${formatValue(value, valueFormat(valueFieldAt(fields, key)), currency)}`);
    }
  }

  const analysis: Record<string, unknown> = isPlainObject(result.analysis) ? result.analysis : {};
  if (typeof analysis.summary === "string" && analysis.summary !== "")
    blocks.push(wrapText(`Summary: ${terminalText(analysis.summary)}`, width, "  "));
  if (typeof analysis.recommendation === "string" && analysis.recommendation !== "")
    blocks.push(wrapText(`Recommendation: ${terminalText(analysis.recommendation)}`, width, "  "));
  const freshness = answer.body.metadata.data_freshness;
  blocks.push(`Data up to ${freshness ?? "—"} · ${answer.body.metadata.processing_time}`);
  // Tables and prose are made inert as they are laid out; this pass covers every other value shown.
  return terminalText(`${blocks.filter((b) => b !== "").join("\n\n")}\n`, { keepLineBreaks: true });
}

// A date range reads as one line; a few values as one line; more as a two-column table.
function renderPart(
  key: string,
  value: Record<string, unknown>,
  width: number,
  currency: string | undefined,
  fields: Fields | undefined,
): string {
  const label = columnLabel(key);
  const entries = Object.entries(value).filter(([k, v]) => k !== "currency" && v !== undefined);
  if (typeof value.start === "string" && typeof value.end === "string" && entries.length === 2)
    return `${label}: ${value.start} to ${value.end}`;
  if (entries.length <= 4 && entries.every(([, v]) => v === null || typeof v !== "object")) {
    const itemCurrency = typeof value.currency === "string" ? value.currency : currency;
    const parts = entries.map(
      ([k, v]) =>
        `${columnLabel(k).toLowerCase()} ${formatValue(v, valueFormat(valueFieldAt(fields, k)), itemCurrency)}`,
    );
    return `${label}: ${parts.join(", ")}`;
  }
  const table = renderKeyValues(value, { width, currency, fields });
  return table ? `${label}:\n${table}` : "";
}
