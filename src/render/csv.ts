import { stringify } from "csv-stringify/sync";
import { flattenRow, unionColumns } from "./flatten.js";

/**
 * The primary table of an answer as RFC 4180 csv: a header row, CRLF line
 * ends, fields quoted only when they need it. Nested objects become dotted
 * columns (`restock_recommendation.urgency`); lists are joined with "; ";
 * null and missing values are empty fields.
 *
 * @example
 * tableToCsv([{ asin: "B0ABCDEF12", revenue: 1234.5 }])
 * // "asin,revenue\r\nB0ABCDEF12,1234.5\r\n"
 */
export function tableToCsv(rows: Record<string, unknown>[]): string {
  const flat = rows.map((row) => flattenRow(row));
  const columns = unionColumns(flat);
  if (columns.length === 0) return "";
  const records = flat.map((row) => columns.map((column) => csvField(row[column])));
  // A bare line feed inside a field is quoted too, so every reader sees one record per row.
  return stringify([columns, ...records], { record_delimiter: "windows", eof: true, quoted_match: /[\r\n]/ });
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v))).join("; ");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
