import { isPlainObject } from "./flatten.js";

/**
 * A comparison (current vs previous) as one row per metric:
 * `{metric, current, previous, ...changes}`. Accepts rows that already have
 * that shape, or one object of period objects such as
 * `{current: {revenue: 10}, previous: {revenue: 8}, change: {revenue: 2}}`.
 */
export function comparisonRows(raw: unknown): Record<string, unknown>[] {
  if (Array.isArray(raw)) {
    const rows = raw.filter(isPlainObject);
    if (rows.every((r) => "metric" in r && "current" in r)) return rows;
    if (rows.length === 1) return comparisonRows(rows[0]);
    return rows;
  }
  if (!isPlainObject(raw)) return [];
  const current = raw.current;
  const previous = raw.previous;
  if (!isPlainObject(current) || !isPlainObject(previous)) return [];
  const others = Object.entries(raw).filter(([k, v]) => k !== "current" && k !== "previous" && isPlainObject(v)) as [string, Record<string, unknown>][];
  return Object.keys(current)
    .filter((metric) => typeof current[metric] === "number" || typeof previous[metric] === "number")
    .map((metric) => {
      const row: Record<string, unknown> = { metric, current: current[metric] ?? null, previous: previous[metric] ?? null };
      for (const [name, values] of others) if (metric in values) row[name] = values[metric];
      return row;
    });
}
