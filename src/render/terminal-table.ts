import Table from "cli-table3";
import { flattenRow, unionColumns } from "./flatten.js";
import { columnKind, columnLabel, formatValue, metricKind, type ValueKind } from "./format-values.js";

export interface TerminalTableOptions {
  /** The terminal's width in columns; wide tables shrink their text columns to fit. */
  width?: number;
  /** The currency of money cells whose row does not state one. */
  currency?: string;
}

// Columns that repeat what the cells already say (the symbol shows the currency).
const HIDDEN = new Set(["currency"]);
// Columns whose numbers are the value of the row's named metric (comparison rows).
const METRIC_VALUE = /^(current|previous|value|change|absolute_change|difference|delta|baseline|target)$/;
const MIN_TEXT_WIDTH = 12;
// Columns a narrow terminal loses first, least useful first; csv and json keep them all.
const DROP_WHEN_NARROW = ["fnsku", "condition", "fulfillment_type", "reserved_quantity", "inventory_level", "marketplace_id", "sku", "request_id"];

/**
 * A list of rows as a boxed terminal table: money with its currency's symbol
 * and thousands separators, percentages with "%", numbers right-aligned, nested
 * objects as dotted columns, and the currency column folded into the cells.
 *
 * @example
 * renderTable([{ asin: "B0ABCDEF12", revenue: 1234.5, currency: "USD" }])
 * // ┌────────────┬───────────┐
 * // │ ASIN       │   Revenue │ ...
 */
export function renderTable(rows: Record<string, unknown>[], options: TerminalTableOptions = {}): string {
  if (rows.length === 0) return "";
  const flat = rows.map((row) => flattenRow(row));
  const columns = unionColumns(flat).filter((c) => !HIDDEN.has(c));
  const kinds = new Map<string, ValueKind>(columns.map((c) => [c, columnKind(c)]));
  const cells = flat.map((row) =>
    columns.map((column) => {
      const value = row[column];
      let kind = kinds.get(column)!;
      if (METRIC_VALUE.test(column) && typeof row.metric === "string") kind = /percent|pct/.test(column) ? "percent" : metricKind(row.metric);
      const currency = typeof row.currency === "string" ? row.currency : options.currency;
      if (column === "metric" && typeof value === "string") return columnLabel(value);
      return formatValue(value, kind, currency, column);
    }),
  );
  return drawTable(flat, columns, cells, options.width);
}

function drawTable(flat: Record<string, unknown>[], allColumns: string[], allCells: string[][], width: number | undefined): string {
  let columns = allColumns;
  let cells = allCells;
  let heads = columns.map(columnLabel);
  const measure = (cols: string[], rowsOfCells: string[][]) =>
    cols.map((_, i) => Math.max(...heads[i].split("\n").map((l) => l.length), ...rowsOfCells.map((row) => row[i].length)) + 2);
  const fits = () => !width || measure(columns, cells).reduce((a, b) => a + b, 0) + columns.length + 1 <= width;
  if (width) {
    for (const drop of DROP_WHEN_NARROW) {
      if (fits()) break;
      const at = columns.indexOf(drop);
      // The SKU names the row when there is no ASIN or title.
      if (at < 0 || (drop === "sku" && !columns.includes("asin") && !columns.includes("title"))) continue;
      columns = columns.filter((_, i) => i !== at);
      heads = heads.filter((_, i) => i !== at);
      cells = cells.map((row) => row.filter((_, i) => i !== at));
    }
    // Then headers of several words take two lines where they are wider than their cells.
    if (!fits()) heads = heads.map((head, i) => (head.length > Math.max(0, ...cells.map((row) => row[i].length)) ? twoLines(head) : head));
  }
  const numeric = columns.map((column, i) => flat.every((row, r) => typeof row[column] === "number" || cells[r][i] === "—") && flat.some((row) => typeof row[column] === "number"));
  const colWidths = fitWidths(measure(columns, cells), numeric, width);
  const table = new Table({
    head: heads,
    colWidths,
    colAligns: numeric.map((n) => (n ? "right" : "left")),
    style: { head: [], border: [], compact: true },
    wordWrap: false,
    truncate: "…",
  });
  for (const row of cells) table.push(row);
  return table.toString();
}

/**
 * Key-value pairs (totals of a summary) as a two-column table, formatted by
 * the same column conventions.
 */
export function renderKeyValues(values: Record<string, unknown>, options: TerminalTableOptions = {}): string {
  const flat = flattenRow(values);
  const currency = typeof flat.currency === "string" ? flat.currency : options.currency;
  const entries = Object.entries(flat).filter(([key]) => !HIDDEN.has(key));
  if (entries.length === 0) return "";
  const table = new Table({ style: { head: [], border: [] }, colAligns: ["left", "right"] });
  for (const [key, value] of entries) table.push([columnLabel(key), formatValue(value, columnKind(key), currency, key)]);
  return table.toString();
}

// Splits a header at the space nearest its middle.
function twoLines(head: string): string {
  const spaces = [...head.matchAll(/ /g)].map((m) => m.index!);
  if (spaces.length === 0) return head;
  const middle = head.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  return `${head.slice(0, at)}\n${head.slice(at + 1)}`;
}

// Borders take one column per cell plus one; text columns give up width first, numbers never.
function fitWidths(natural: number[], numeric: boolean[], width: number | undefined): number[] {
  const widths = [...natural];
  if (!width) return widths;
  const total = () => widths.reduce((a, b) => a + b, 0) + widths.length + 1;
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (!numeric[i] && widths[i] > MIN_TEXT_WIDTH && (widest < 0 || widths[i] > widths[widest])) widest = i;
    }
    if (widest < 0) break;
    widths[widest] = Math.max(MIN_TEXT_WIDTH, widths[widest] - Math.max(1, total() - width));
  }
  return widths;
}
