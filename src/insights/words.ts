/** Small pieces of the sentences findings are written in. */
import { formatMoney, formatNumber, formatPercent } from "../core/number-format.js";
import { marketplaceByCode } from "../core/reference-data.js";

/** "the US", "the UK", "Germany": how a sentence (and a follow-up question the parser reads) names a marketplace. */
export function marketplaceWords(code: string): string {
  if (code === "US" || code === "UK") return `the ${code}`;
  return marketplaceByCode(code)?.name ?? code;
}

/** A product as a sentence names it: its ASIN and, when known, a short title. */
export function productWords(asin: string, title: string | undefined): string {
  if (!title) return asin;
  const short = title.length > 40 ? `${title.slice(0, 39).trimEnd()}…` : title;
  return `${asin} (${short})`;
}

/** A metric's value as a sentence shows it. */
export function valueWords(
  value: number | null,
  unit: "money" | "count" | "percent" | "days",
  currency?: string,
): string {
  if (value === null || !Number.isFinite(value)) return "n/a";
  switch (unit) {
    case "money":
      return formatMoney(value, currency ?? "USD");
    case "percent":
      return formatPercent(value);
    case "days":
      return `${formatNumber(value)} day${Math.round(value) === 1 ? "" : "s"}`;
    default:
      return formatNumber(value);
  }
}

/** "from 2026-11-12 to 2026-11-20", or "on 2026-11-12" for one day. */
export function daysWords(start: string, end: string): string {
  return start === end ? `on ${start}` : `from ${start} to ${end}`;
}

/** A signed change in percent: "+12.5%", "-40%". */
export function changeWords(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return "n/a";
  return `${pct > 0 ? "+" : ""}${formatPercent(pct)}`;
}

/** Metric names as sentences say them. */
export const METRIC_WORDS: Record<string, string> = {
  revenue: "revenue",
  units_sold: "units sold",
  sessions: "sessions",
  conversion_rate: "conversion rate",
  buy_box_percentage: "buy box share",
  refund_rate: "refund rate",
  price: "average selling price",
  ad_spend: "ad spend",
  acos: "ACoS",
};
