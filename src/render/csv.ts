import { stringify } from "csv-stringify/sync";
import { flattenRow, unionColumns } from "./flatten.js";

/**
 * The primary table of an answer as RFC 4180 csv: a header row, CRLF line
 * ends, fields quoted only when they need it. Nested objects become dotted
 * columns (`restock_recommendation.urgency`); lists are joined with "; ";
 * null and missing values are empty fields. Every text cell goes through
 * `csvCell`, so no cell opens as a formula in a spreadsheet.
 *
 * @example
 * tableToCsv([{ asin: "B0ABCDEF12", revenue: 1234.5 }])
 * // "asin,revenue\r\nB0ABCDEF12,1234.5\r\n"
 */
export function tableToCsv(rows: Record<string, unknown>[]): string {
  const flat = rows.map((row) => flattenRow(row));
  const columns = unionColumns(flat);
  if (columns.length === 0) return "";
  const records = flat.map((row) => columns.map((column) => csvCell(row[column])));
  // A bare line feed inside a field is quoted too, so every reader sees one record per row. A field with
  // a semicolon or a tab is quoted as well: a spreadsheet set to split on those must not cut it in two
  // (the second half could start with "="). A neutralised cell is quoted, as OWASP recommends.
  return stringify([columns.map(csvCell), ...records], {
    record_delimiter: "windows",
    eof: true,
    quoted_match: [/[\r\n;\t]/, /^'/],
  });
}

// What makes a spreadsheet read a cell as a formula (or a DDE call): =, +, -, @, a tab, a carriage return or
// a line feed first, possibly after spaces, and the full-width forms of the four signs.
const FORMULA_START = /^[\s\u3000]*[=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20]/;
// Text that is a plain decimal number is a number to a spreadsheet, not a formula: -12.5 stays as it is.
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * One value as the text of a csv cell, made inert as OWASP recommends for
 * CSV injection: text a spreadsheet would take for a formula gets a leading
 * single quote, which spreadsheets read as "this is text". Numbers (and text
 * that is only a number) are left as they are. The one place every csv the
 * product writes turns a value into a cell.
 *
 * @example
 * csvCell("=HYPERLINK(\"http://x\")") // "'=HYPERLINK(\"http://x\")"
 * csvCell(-12.5)                      // "-12.5"
 * csvCell("-1+2")                     // "'-1+2"
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  let text: string;
  if (Array.isArray(value))
    text = value.map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v))).join("; ");
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}
