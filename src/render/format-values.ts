import { groupDigits } from "../analytics/money.js";
import { readDataJson } from "../reference-data.js";

/** How a column's values are shown on a terminal. */
export type ValueKind = "money" | "percent" | "points" | "count" | "number" | "ratio" | "text" | "date";

interface CurrencyInfo {
  symbol: string;
  decimals: number;
}

// Order matters: "profit_margin" is a percent although it mentions profit.
const PERCENT = /(^|_)(rate|margin|acos|tacos|ctr|percentage|percent|pct|share|growth)($|_)|^growth|_change_pct$/;
const RATIO = /(^|_)roas($|_)/;
const DAYS = /(^|_)days($|_)|_days_|^days_/;
const COUNT = /(^|_)(units|units_sold|orders|sessions|page_views|clicks|impressions|quantity|count|qty|reviews|rank|level|offers)($|_)/;
const MONEY = /(^|_)(revenue|profit|price|prices|spend|sales|value|amount|bid|cost|costs|cpc|fee|fees|fba_fee)($|_)/;
const DATE = /(^|_)(date|day|period|month|week|at)$/;

/**
 * The kind of a column from its name: revenue/profit/price/spend/sales/value/amount/bid are money;
 * *_rate, *_margin, acos, tacos, ctr, *_percentage, *_share, growth are percents (numbers in percent);
 * days, units and counts are plain numbers.
 *
 * @example
 * columnKind("profit_margin") // "percent"
 * columnKind("restock_recommendation.recommended_quantity") // "count"
 */
export function columnKind(column: string): ValueKind {
  const name = (column.split(".").pop() ?? column).toLowerCase();
  if (PERCENT.test(name)) return "percent";
  if (RATIO.test(name)) return "ratio";
  if (DAYS.test(name)) return "number";
  if (COUNT.test(name)) return "count";
  if (MONEY.test(name)) return "money";
  if (DATE.test(name)) return "date";
  return "text";
}

/** The kind of a metric's values, by the same conventions (for rows that name their metric). */
export const metricKind = columnKind;

function currencyInfo(code: string | undefined): CurrencyInfo | undefined {
  if (!code) return undefined;
  return readDataJson<Record<string, CurrencyInfo>>("currencies.json")[code.toUpperCase()];
}

/** The symbol of a currency code, or the code itself when it has none. */
export function currencySymbol(code: string): string {
  return currencyInfo(code)?.symbol ?? code;
}

function grouped(value: number, decimals: number): string {
  return groupDigits(value, decimals);
}

/**
 * Money with its currency's symbol and decimals, and thousands separators.
 *
 * @example
 * formatMoney(12345.678, "USD") // "$12,345.68"
 * formatMoney(-5, "EUR") // "-€5.00"
 */
export function formatMoney(value: number, currency: string | undefined): string {
  const info = currencyInfo(currency);
  const decimals = info?.decimals ?? 2;
  const body = grouped(Math.abs(value), decimals);
  const sign = value < 0 ? "-" : "";
  if (!info) return currency ? `${sign}${body} ${currency}` : `${sign}${body}`;
  // Letter symbols (kr, zł, AED) read better after a space.
  return /^[A-Za-z]/.test(info.symbol) && info.symbol.length > 1 && !/\$$/.test(info.symbol)
    ? `${sign}${info.symbol} ${body}`
    : `${sign}${info.symbol}${body}`;
}

/** A number in percent: `formatPercent(12.345)` is "12.3%"; `signed` adds "+" to increases. */
export function formatPercent(value: number, signed = false): string {
  const text = `${grouped(value, Math.abs(value) >= 100 ? 0 : 1)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

/** One cell's text for a terminal. Missing values are an em dash. */
export function formatValue(value: unknown, kind: ValueKind, currency?: string, column = ""): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "—";
    const signed = /growth|change|delta/.test(column);
    const sign = signed && value > 0 ? "+" : "";
    switch (kind) {
      case "money":
        return sign + formatMoney(value, currency);
      case "percent":
        return formatPercent(value, signed);
      case "points":
        // A change between two percentages is in percentage points, not percent.
        return `${sign}${grouped(value, 1)} pp`;
      case "count":
        return sign + grouped(value, Number.isInteger(value) ? 0 : 1);
      case "ratio":
        return `${grouped(value, 2)}×`;
      default:
        if (/rating/.test(column)) return sign + grouped(value, 1);
        return sign + (Number.isInteger(value) ? grouped(value, 0) : grouped(value, Math.abs(value) < 1 ? 2 : 1));
    }
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" && v !== null ? compactObject(v as Record<string, unknown>) : String(v))).join(", ");
  if (typeof value === "object") return compactObject(value as Record<string, unknown>);
  return String(value);
}

function compactObject(value: Record<string, unknown>): string {
  // A list item such as a driver product: its name and its first number are what a reader scans for.
  const label = value.title ?? value.name ?? value.asin ?? value.keyword ?? value.campaign;
  const numbers = Object.entries(value).filter(([, v]) => typeof v === "number");
  const first = numbers[0];
  if (label !== undefined && first) return `${String(label)} (${formatValue(first[1], columnKind(first[0]), undefined, first[0])})`;
  if (label !== undefined) return String(label);
  return JSON.stringify(value);
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
