import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { DailySums } from "../../src/ingest/daily-sums.js";
import { SqliteBulkWriter as BulkWriter } from "../../src/store/sqlite/bulk-writer.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { ORDERS_HEADER, mirrorChecksum, runImport, withMirror } from "../helpers/import-run.js";

// Files large enough (over 20,000 lines) for the import to load them without the order-line
// aggregation index and rebuild it at the end; their daily sales are checked against sums made here.

interface Line {
  order: string;
  sku?: string;
  date: string;
  asin: string;
  quantity: number;
  price: number;
  cancelled: boolean;
}

/** Order lines over 40 days and 50 ASINs, some orders with two lines of one ASIN, some cancelled. */
function orderLines(count: number, firstOrder = 1): Line[] {
  const lines: Line[] = [];
  for (let order = firstOrder; lines.length < count; order++) {
    const date = `2024-02-${String(1 + (order % 28)).padStart(2, "0")}`;
    const items = order % 5 === 0 ? 2 : 1;
    for (let i = 0; i < items && lines.length < count; i++) {
      const n = order % 7 === 0 ? order % 50 : (order * 3 + i) % 50;
      lines.push({
        order: `111-${String(order).padStart(7, "0")}-0000001`,
        date,
        asin: `B0BULK${String(n).padStart(4, "0")}`,
        quantity: 1 + (order % 3),
        price: (1 + (order % 3)) * (3 + (n % 11)) + 0.99,
        cancelled: order % 23 === 0,
      });
    }
  }
  return lines;
}

function toTsv(lines: Line[], updated = "2024-03-01T10:00:00-08:00"): string {
  const rows = lines.map((l) => {
    const cells: Record<string, string> = {
      "amazon-order-id": l.order,
      "purchase-date": `${l.date}T09:15:00-08:00`,
      "last-updated-date": updated,
      "order-status": l.cancelled ? "Cancelled" : "Shipped",
      "sales-channel": "Amazon.com",
      "product-name": `Bulk item, "size" M`,
      sku: l.sku ?? `SKU-${l.asin}`,
      asin: l.asin,
      "item-status": l.cancelled ? "Cancelled" : "Shipped",
      quantity: String(l.quantity),
      currency: "USD",
      "item-price": l.price.toFixed(2),
    };
    return ORDERS_HEADER.map((h) => cells[h] ?? "").join("\t");
  });
  return `${[ORDERS_HEADER.join("\t"), ...rows].join("\r\n")}\r\n`;
}

/** Daily sales as the import should derive them: counted lines only, orders counted once per day and ASIN. */
function expectedSales(lines: Line[]): [string, string, number, number, number][] {
  const cells = new Map<string, { units: number; revenue: number; orders: Set<string> }>();
  for (const l of lines) {
    const key = `${l.asin}|${l.date}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { units: 0, revenue: 0, orders: new Set() }));
    if (l.cancelled) continue;
    cell.units += l.quantity;
    cell.revenue += Math.round(l.price * 100);
    cell.orders.add(l.order);
  }
  return [...cells]
    .map(
      ([key, c]) =>
        [...key.split("|"), c.units, c.revenue / 100, c.orders.size] as [string, string, number, number, number],
    )
    .sort((a, b) => (a[0] + a[1] < b[0] + b[1] ? -1 : 1));
}

async function storedSales(db: string) {
  const rows = await withMirror(db, (m) =>
    m.db
      .selectFrom("daily_sales")
      .select(["asin", "date", "units", "revenue", "orders"])
      .orderBy("asin")
      .orderBy("date")
      .execute(),
  );
  return rows.map((r) => [r.asin, r.date, r.units, r.revenue, r.orders]);
}

/** The declarations of the indexes a bulk load rebuilds (order lines by day and ASIN, daily sales by day). */
async function aggregationIndex(db: string): Promise<string | null> {
  return withMirror(db, async (m) => {
    const rows = m.sqlite
      .prepare(
        "select sql from sqlite_master where type = 'index' and name in ('order_lines_asin_date_idx', 'daily_sales_date_idx') order by name",
      )
      .all() as { sql: string }[];
    return rows.length === 2 ? rows.map((r) => r.sql).join("\n") : null;
  });
}

function fileBeside(db: string, name: string, content: string | Buffer): string {
  const path = join(dirname(db), name);
  writeFileSync(path, content);
  return path;
}

describe("large all-orders files", () => {
  it("derive the same daily sales as summing their lines, and keep the aggregation index", async () => {
    const db = tempDbPath();
    const lines = orderLines(30_000);
    const index = await aggregationIndex(db);
    const suspend = vi.spyOn(BulkWriter.prototype, "suspendIndex");
    const ownSums = vi.spyOn(DailySums.prototype, "write");
    const run = await runImport(db, [fileBeside(db, "big.txt", toTsv(lines))]);
    // The file is loaded the bulk way, its daily sales summed as it streams: these checks are about that path.
    expect(suspend).toHaveBeenCalledWith("order_lines_asin_date_idx");
    expect(suspend).toHaveBeenCalledWith("daily_sales_date_idx");
    expect(ownSums).toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/30,?000 rows read, 30,?000 written, 0 rejected/);
    expect(await storedSales(db)).toEqual(expectedSales(lines));
    expect(await aggregationIndex(db)).toBe(index);
  });

  it.each([
    ["plain", (text: string) => text],
    ["gzip", (text: string) => gzipSync(text)],
  ])("change nothing when imported twice (%s)", async (_label, encode) => {
    const db = tempDbPath();
    const file = fileBeside(db, "big.txt", encode(toTsv(orderLines(25_000))));
    expect((await runImport(db, [file])).code).toBe(0);
    const once = await mirrorChecksum(db);
    expect((await runImport(db, [file])).code).toBe(0);
    expect(await mirrorChecksum(db)).toBe(once);
  });

  it("add to lines already stored: a small file, then a larger one with later statuses and new orders", async () => {
    const db = tempDbPath();
    const first = orderLines(5_000);
    expect((await runImport(db, [fileBeside(db, "first.txt", toTsv(first, "2024-03-01T10:00:00-08:00"))])).code).toBe(
      0,
    );
    // The same orders, now every one shipped, and 40,000 lines of new orders.
    const later = [...first.map((l) => ({ ...l, cancelled: false })), ...orderLines(40_000, 100_000)];
    expect((await runImport(db, [fileBeside(db, "later.txt", toTsv(later, "2024-03-05T10:00:00-08:00"))])).code).toBe(
      0,
    );
    expect(await storedSales(db)).toEqual(expectedSales(later));
  });

  it("count an order once a day even when two SKUs of one ASIN are listed apart, in a first import", async () => {
    const db = tempDbPath();
    const lines = orderLines(200);
    const apart = [...lines, { ...lines[0], sku: "SKU-OTHER", quantity: 2 }];
    const ownSums = vi.spyOn(DailySums.prototype, "write");
    expect((await runImport(db, [fileBeside(db, "orders.txt", toTsv(apart))])).code).toBe(0);
    // The file's own sums would count that order twice: the days are recomputed from the stored lines.
    expect(ownSums).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(await storedSales(db)).toEqual(expectedSales(apart));
  });

  it("let the later copy of a line listed twice replace the first, in a first import", async () => {
    const db = tempDbPath();
    const lines = orderLines(200);
    const again = { ...lines[3], quantity: 9 };
    const ownSums = vi.spyOn(DailySums.prototype, "write");
    expect((await runImport(db, [fileBeside(db, "orders.txt", toTsv([...lines, again]))])).code).toBe(0);
    expect(ownSums).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(await storedSales(db)).toEqual(expectedSales(lines.map((l, i) => (i === 3 ? again : l))));
  });

  it("leave the mirror exactly as it was, index included, when the file turns out truncated", async () => {
    const db = tempDbPath();
    expect((await runImport(db, [fileBeside(db, "small.txt", toTsv(orderLines(1_000)))])).code).toBe(0);
    const before = await mirrorChecksum(db);
    const index = await aggregationIndex(db);
    const gz = gzipSync(toTsv(orderLines(60_000, 50_000)));
    const run = await runImport(db, [fileBeside(db, "cut.txt.gz", gz.subarray(0, gz.length - 2_000))]);
    expect(run.code).not.toBe(0);
    expect(run.err).toContain("damaged or truncated");
    expect(await mirrorChecksum(db)).toBe(before);
    expect(await aggregationIndex(db)).toBe(index);
  });

  it("with --strict, reject the whole file when a line far down is malformed", async () => {
    const db = tempDbPath();
    const text = toTsv(orderLines(30_000)).replace(
      /\r\n([^\r\n]*)\r\n$/,
      (_m, last: string) => `\r\n${last.replace("2024-02-", "2024-13-")}\r\n`,
    );
    const run = await runImport(db, [fileBeside(db, "strict.txt", text), "--strict"]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("1 of 30000 rows rejected");
    expect(await storedSales(db)).toEqual([]);
    expect(await aggregationIndex(db)).not.toBeNull();
  });
});
