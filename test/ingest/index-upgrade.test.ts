import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { mirrorChecksum, runImport, withMirror } from "../helpers/import-run.js";

// Migration 0010 rebuilds the order-line aggregation index day first. A mirror made before it keeps
// its lines and figures, and imports into it go on as before.

const HEADER = [
  "amazon-order-id",
  "purchase-date",
  "last-updated-date",
  "order-status",
  "sales-channel",
  "sku",
  "asin",
  "item-status",
  "quantity",
  "currency",
  "item-price",
];

function orders(count: number, status = "Shipped"): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const date = `2024-02-${String(1 + (i % 28)).padStart(2, "0")}`;
    return [
      `113-${String(i).padStart(7, "0")}-0000001`,
      `${date}T10:00:00-08:00`,
      `${date}T20:00:00-08:00`,
      status,
      "Amazon.com",
      `SKU-${i % 9}`,
      `B0UPG${i % 9}`,
      status,
      "2",
      "USD",
      "11.50",
    ].join("\t");
  });
  return `${[HEADER.join("\t"), ...rows].join("\n")}\n`;
}

const OLD_INDEX = `create index "order_lines_asin_date_idx" on "order_lines" ("account_id", "marketplace", "purchase_date", "asin", "counted", "quantity", "item_price")`;

/** The index as declared, read without opening (and so upgrading) the mirror. */
function indexSql(db: string): string {
  const sqlite = new Database(db, { readonly: true });
  try {
    return (
      sqlite.prepare("select sql from sqlite_master where name = 'order_lines_asin_date_idx'").get() as { sql: string }
    ).sql;
  } finally {
    sqlite.close();
  }
}

/** Puts the mirror back as it was before migration 0010. */
async function asBefore0010(db: string): Promise<void> {
  await withMirror(db, async (m) => {
    m.sqlite.exec(
      `drop index order_lines_asin_date_idx; ${OLD_INDEX}; delete from kysely_migration where name = '0010_order_lines_day_first_index';`,
    );
  });
}

describe("a mirror made before the day-first order-line index", () => {
  it.each([
    ["the same file again", 300, "Shipped"],
    ["later statuses of its orders", 300, "Cancelled"],
  ])("keeps its figures once upgraded, and takes %s", async (_name, count, status) => {
    const db = tempDbPath();
    const first = join(dirname(db), "first.txt");
    writeFileSync(first, orders(count));
    expect((await runImport(db, [first])).code).toBe(0);
    const fresh = await mirrorChecksum(db);
    await asBefore0010(db);
    expect(indexSql(db)).toContain(`("account_id", "marketplace", "purchase_date"`);
    // Opening the mirror upgrades it.
    expect(await mirrorChecksum(db)).toBe(fresh);
    expect(indexSql(db)).toContain(`("purchase_date", "asin", "account_id", "marketplace"`);
    const next = join(dirname(db), "next.txt");
    writeFileSync(next, orders(count, status));
    expect((await runImport(db, [next])).code).toBe(0);
    const sales = await withMirror(db, (m) =>
      m.db
        .selectFrom("daily_sales")
        .select((eb) => [eb.fn.sum<number>("units").as("units"), eb.fn.sum<number>("orders").as("orders")])
        .executeTakeFirstOrThrow(),
    );
    expect(sales).toEqual(status === "Cancelled" ? { units: 0, orders: 0 } : { units: 2 * count, orders: count });
  });
});
