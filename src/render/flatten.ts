/**
 * Flattens nested row objects into one level with dotted keys, so a table
 * (csv or terminal) can show `restock_recommendation.urgency` as a column.
 * Arrays stay values: they are lists, not columns.
 *
 * @example
 * flattenRow({ asin: "B0X", restock_recommendation: { urgency: "high" } })
 * // { asin: "B0X", "restock_recommendation.urgency": "high" }
 */
export function flattenRow(
  row: Record<string, unknown>,
  prefix = "",
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) {
    const name = prefix === "" ? key : `${prefix}.${key}`;
    if (isPlainObject(value)) flattenRow(value, name, into);
    else into[name] = value;
  }
  return into;
}

/**
 * The columns of a set of flattened rows: the first row's keys in order, then
 * keys first seen in later rows, in the order they appear.
 */
export function unionColumns(rows: Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
