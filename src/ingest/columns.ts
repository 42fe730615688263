/**
 * Columns are found by header name, never by position: Amazon adds, drops and
 * reorders columns between report versions and marketplaces.
 */

/**
 * A header name reduced to lower-case words, so that `amazon-order-id`,
 * `Amazon Order ID` and `amazon_order_id` meet, and so do
 * `7 Day Total Orders (#)` and `7 day total orders`.
 *
 * @example
 * normaliseHeader("Featured Offer (Buy Box) Percentage") // "featured offer buy box percentage"
 */
export function normaliseHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The header of a delimited file, with lookups by any of a column's known names. */
export class Columns {
  private readonly positions = new Map<string, number>();

  constructor(readonly names: readonly string[]) {
    names.forEach((name, i) => {
      const key = normaliseHeader(name);
      if (key !== "" && !this.positions.has(key)) this.positions.set(key, i);
    });
  }

  /** Position of the first of `aliases` present, else -1. */
  find(...aliases: string[]): number {
    for (const alias of aliases) {
      const i = this.positions.get(normaliseHeader(alias));
      if (i !== undefined) return i;
    }
    return -1;
  }

  has(...aliases: string[]): boolean {
    return this.find(...aliases) >= 0;
  }

  /** The header name as written in the file for a position (for messages). */
  nameAt(position: number): string {
    return this.names[position] ?? `column ${position + 1}`;
  }
}

/** A cell by position, undefined when the column is absent or the row is short. */
export function cell(cells: readonly string[], position: number): string | undefined {
  return position < 0 ? undefined : cells[position];
}
