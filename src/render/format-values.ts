import { formatMoney, formatPercent, groupDigits } from "../core/number-format.js";
import type { ValueFormat } from "./result-fields.js";

/**
 * One value's text for a terminal, by the kind its field declares. Missing
 * values are an em dash.
 *
 * @example
 * formatValue(1234.5, { kind: "money" }, "EUR") // "€1,234.50"
 * formatValue(2.5, { kind: "percent", signed: true }) // "+2.5%"
 */
export function formatValue(value: unknown, format: ValueFormat, currency?: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "—";
    const signed = format.signed ?? false;
    // A sign follows the value as shown: a change of -0.02 points reads "0.0 pp", not "-0.0 pp".
    const zero = (format.kind === "points" || format.kind === "rating") && Math.abs(value) < 0.05;
    const sign = signed && value > 0 && !zero ? "+" : "";
    switch (format.kind) {
      case "money":
        return formatMoney(value, currency, { style: "table", signed });
      case "percent":
        return formatPercent(value, { style: "table", signed });
      case "points":
        // A change between two percentages is in percentage points, not percent.
        return `${sign}${groupDigits(zero ? 0 : value, 1)} pp`;
      case "count":
        return sign + groupDigits(value, Number.isInteger(value) ? 0 : 1);
      case "ratio":
        return `${groupDigits(value, 2)}×`;
      case "rating":
        return sign + groupDigits(zero ? 0 : value, 1);
      default:
        return (
          sign + (Number.isInteger(value) ? groupDigits(value, 0) : groupDigits(value, Math.abs(value) < 1 ? 2 : 1))
        );
    }
  }
  if (typeof value === "string" && format.kind === "metric") return columnLabel(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value))
    return value.map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// Inventory and restock columns are many; short headers keep their table on one screen.
const SHORT_LABELS: Record<string, string> = {
  available_quantity: "Available",
  reserved_quantity: "Reserved",
  inbound_quantity: "Inbound",
  inventory_level: "On hand",
  fulfillment_type: "Fulfilment",
  "restock_recommendation.recommended_quantity": "Reorder qty",
  "restock_recommendation.urgency": "Urgency",
  "restock_recommendation.optimal_po_date": "Order by",
  buy_box_percentage: "Buy box %",
  units_sold: "Units",
};

/**
 * A column name as a header: "units_sold" is "Units sold";
 * "restock_recommendation.urgency" is "Urgency".
 */
export function columnLabel(column: string): string {
  const short = SHORT_LABELS[column];
  if (short) return short;
  const parts = column.split(".");
  const words = parts
    .map((part, i) => (i < parts.length - 1 ? part.replace(/_recommendation$|_info$|_details$/, "") : part))
    .join(" ")
    .replace(/_/g, " ")
    .replace(/\bacos\b/gi, "ACoS")
    .replace(/\btacos\b/gi, "TACoS")
    .replace(/\broas\b/gi, "ROAS")
    .replace(/\bctr\b/gi, "CTR")
    .replace(/\bcpc\b/gi, "CPC")
    .replace(/\basin\b/gi, "ASIN")
    .replace(/\bsku\b/gi, "SKU")
    .replace(/\bfnsku\b/gi, "FNSKU")
    .replace(/\bpo\b/gi, "PO")
    .replace(/\b(pct|percentage)\b/gi, "%");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
