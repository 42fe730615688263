import Table from "cli-table3";
import { flattenRow, unionColumns } from "./flatten.js";
import type { Fields } from "../analytics/results/index.js";
import { columnLabel, formatValue } from "./format-values.js";
import { valueFieldAt, valueFormat } from "./result-fields.js";
import { terminalText } from "./terminal-text.js";

export interface TerminalTableOptions {
  /** The terminal's width in columns; wide tables shrink text and hide minor columns to fit. */
  width?: number;
  /** The currency of money cells whose row does not state one. */
  currency?: string;
  /** Columns never hidden to fit (the metric asked about). */
  keep?: string[];
  /** The fields of the rows, as their result declares them: what each column's values are. */
  fields?: Fields;
}

// Columns that repeat what the cells already say (the symbol shows the currency).
// "unit" says what a comparison row's numbers are, which the formatting already shows.
const HIDDEN = new Set(["currency", "unit"]);
// Hidden to fit only after every other minor column.
const IMPORTANT = new Set([
  "restock_recommendation.urgency",
  "urgency",
  "restock_recommendation.optimal_po_date",
  "optimal_po_date",
  "stockout_date",
  "days_of_supply",
]);
// Columns that, when every row has the same value, become one line above the table.
const FOLD_WHEN_CONSTANT = new Set(["marketplace", "condition", "fulfillment_type"]);
// Columns that name a row: kept whatever the width.
const LABELS = new Set([
  "asin",
  "title",
  "name",
  "category",
  "subcategory",
  "campaign",
  "keyword",
  "search_term",
  "period",
  "metric",
  "sku",
  "product_type",
]);
const MIN_TEXT_WIDTH = 12;
const MIN_TITLE_WIDTH = 24;
// Columns a narrow terminal loses first, least useful first; csv and json keep them all.
const DROP_WHEN_NARROW = [
  "fnsku",
  "condition",
  "fulfillment_type",
  "reserved_quantity",
  "inventory_level",
  "marketplace_id",
  "sku",
  "request_id",
];

interface Column {
  key: string;
  head: string;
  cells: string[];
  numeric: boolean;
  /** Numbers and identifiers are shown whole: a shortened figure or id would be a wrong one. */
  whole: boolean;
}

/**
 * A list of rows as a boxed terminal table: money with its currency's symbol
 * and thousands separators, percentages with "%", numbers right-aligned, nested
 * objects as dotted columns, the currency column folded into the cells. On a
 * narrow terminal, text is shortened, headers take two lines, and minor
 * columns are hidden (named under the table).
 *
 * @example
 * renderTable([{ asin: "B0ABCDEF12", revenue: 1234.5, currency: "USD" }])
 * // ┌────────────┬───────────┐
 * // │ ASIN       │   Revenue │ ...
 */
export function renderTable(rows: Record<string, unknown>[], options: TerminalTableOptions = {}): string {
  if (rows.length === 0) return "";
  const flat = rows.map((row) => flattenRow(row));
  const captions: string[] = [];
  let columns: Column[] = [];
  for (const key of unionColumns(flat)) {
    if (HIDDEN.has(key)) continue;
    const values = flat.map((row) => row[key]);
    if (
      FOLD_WHEN_CONSTANT.has(key) &&
      rows.length > 1 &&
      typeof values[0] === "string" &&
      values.every((v) => v === values[0])
    ) {
      captions.push(terminalText(`${columnLabel(key)}: ${String(values[0])}`));
      continue;
    }
    // Cells and headers are made inert before the layout, so widths count what the terminal shows.
    const cells = flat.map((row) => terminalText(cellText(row, key, options.currency, options.fields)));
    const numeric =
      values.some((v) => typeof v === "number") && values.every((v, r) => typeof v === "number" || cells[r] === "—");
    const whole = numeric || valueFieldAt(options.fields, key)?.identifier === true;
    columns.push({ key, head: terminalText(columnLabel(key)), cells, numeric, whole });
  }
  const hidden: string[] = [];
  const width = options.width;
  if (width) {
    const keep = new Set(options.keep ?? []);
    for (const drop of DROP_WHEN_NARROW) {
      if (tableWidth(columns, naturalWidth) <= width) break;
      // The SKU names the row when there is no ASIN or title.
      if (drop === "sku" && !columns.some((c) => c.key === "asin" || c.key === "title")) continue;
      if (!keep.has(drop)) columns = columns.filter((c) => c.key !== drop);
    }
    // Headers of several words take two lines where they are wider than their cells.
    if (tableWidth(columns, naturalWidth) > width) {
      columns = columns.map((c) =>
        c.head.length > Math.max(0, ...c.cells.map((t) => t.length)) ? { ...c, head: twoLines(c.head) } : c,
      );
    }
    // Then the rightmost minor columns go, until the shortened table fits.
    const minor = (c: Column, i: number) =>
      i > 0 && !LABELS.has(c.key) && !keep.has(c.key) && !keep.has(c.key.split(".").pop()!);
    while (tableWidth(columns, shortestWidth) > width) {
      let at = columns.findLastIndex((c, i) => minor(c, i) && !IMPORTANT.has(c.key));
      if (at < 0) at = columns.findLastIndex(minor);
      if (at < 0) break;
      hidden.unshift(columns[at].head.replace("\n", " "));
      columns = columns.filter((_, i) => i !== at);
    }
  }
  const colWidths = fitWidths(columns, width);
  const table = new Table({
    head: columns.map((c) => c.head),
    colWidths,
    colAligns: columns.map((c) => (c.numeric ? "right" : "left")),
    style: { head: [], border: [], compact: true },
    wordWrap: false,
    truncate: "…",
  });
  for (let r = 0; r < rows.length; r++) table.push(columns.map((c) => c.cells[r]));
  const parts = [...(captions.length ? [captions.join(" · ")] : []), table.toString()];
  if (hidden.length) parts.push(`Not shown at this width: ${hidden.join(", ")}.`);
  return parts.join("\n");
}

function cellText(
  row: Record<string, unknown>,
  key: string,
  fallbackCurrency: string | undefined,
  fields: Fields | undefined,
): string {
  // A comparison row states its money's currency as its unit.
  const unitCurrency = typeof row.unit === "string" && /^[A-Z]{3}$/.test(row.unit) ? row.unit : undefined;
  const currency = typeof row.currency === "string" ? row.currency : (unitCurrency ?? fallbackCurrency);
  return formatValue(row[key], valueFormat(valueFieldAt(fields, key), row), currency);
}

function naturalWidth(c: Column): number {
  return Math.max(...c.head.split("\n").map((l) => l.length), ...c.cells.map((t) => t.length)) + 2;
}

// A text column may shrink to its minimum, but never below its header's longest word.
function minimumWidth(c: Column): number {
  const longestWord = Math.max(...c.head.split(/[\s\n]+/).map((w) => w.length)) + 2;
  return Math.max(
    c.key === "title" || c.key === "name" ? MIN_TITLE_WIDTH : MIN_TEXT_WIDTH,
    Math.min(naturalWidth(c), longestWord),
  );
}

function shortestWidth(c: Column): number {
  const natural = naturalWidth(c);
  return c.whole ? natural : Math.min(natural, minimumWidth(c));
}

// Borders take one column per cell plus one.
function tableWidth(columns: Column[], measure: (c: Column) => number): number {
  return columns.reduce((sum, c) => sum + measure(c), 0) + columns.length + 1;
}

/**
 * Key-value pairs (totals of a summary) as a two-column table, each value
 * formatted by the kind its field declares.
 */
export function renderKeyValues(values: Record<string, unknown>, options: TerminalTableOptions = {}): string {
  const flat = flattenRow(values);
  const currency = typeof flat.currency === "string" ? flat.currency : options.currency;
  const entries = Object.entries(flat).filter(([key]) => !HIDDEN.has(key));
  if (entries.length === 0) return "";
  const table = new Table({ style: { head: [], border: [], compact: true }, colAligns: ["left", "right"] });
  for (const [key, value] of entries)
    table.push([
      terminalText(columnLabel(key)),
      terminalText(formatValue(value, valueFormat(valueFieldAt(options.fields, key)), currency)),
    ]);
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

// Text columns give up width, widest first, down to their minimum; numbers and identifiers never shrink.
function fitWidths(columns: Column[], width: number | undefined): number[] {
  const widths = columns.map(naturalWidth);
  if (!width) return widths;
  const tableWidth = () => widths.reduce((a, b) => a + b, 0) + widths.length + 1;
  while (tableWidth() > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (!columns[i].whole && widths[i] > minimumWidth(columns[i]) && (widest < 0 || widths[i] > widths[widest]))
        widest = i;
    }
    if (widest < 0) break;
    widths[widest] = Math.max(minimumWidth(columns[widest]), widths[widest] - Math.max(1, tableWidth() - width));
  }
  return widths;
}
