/**
 * All-orders files made for a test, with the columns of
 * fixtures/import/orders-by-order-date.tsv, and a mirror table's rows in a
 * form two engines' rows compare in.
 *
 * @example
 * const path = orderFile("first.tsv", 0, 3_000, (i) => ({ "amazon-order-id": `111-${i}`, ... }));
 * expect(await tableRows(mirror, "daily_sales")).toEqual(await tableRows(reference, "daily_sales"));
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Mirror } from "../../src/store/open-mirror.js";

const HEADER = readFileSync("fixtures/import/orders-by-order-date.tsv", "utf8").split("\n")[0].split("\t");
const dir = mkdtempSync(join(tmpdir(), "seller-ai-order-files-"));

/** A file of lines `from` to `to` (exclusive), each line's cells by column name (the others empty); its path. */
export function orderFile(
  name: string,
  from: number,
  to: number,
  cellsOf: (line: number) => Record<string, string>,
): string {
  const rows = [HEADER.join("\t")];
  for (let i = from; i < to; i++) {
    const cells = cellsOf(i);
    rows.push(HEADER.map((h) => cells[h] ?? "").join("\t"));
  }
  const path = join(dir, name);
  writeFileSync(path, `${rows.join("\n")}\n`);
  return path;
}

/** A table's rows as text, sorted, figures to a millionth: engines add many doubles in different orders. */
export async function tableRows(mirror: Mirror, table: string): Promise<string[]> {
  const rows = await mirror.db
    .selectFrom(table as "order_lines")
    .selectAll()
    .execute();
  const value = (v: unknown) => (typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v);
  return rows
    .map((r) =>
      JSON.stringify(
        Object.entries(r)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => [k, value(v)]),
      ),
    )
    .sort();
}
