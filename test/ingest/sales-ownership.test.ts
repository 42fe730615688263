// A day's sales figures do not depend on the order reports are imported in: order lines give units, revenue and
// orders of the cells they touch, Sales and Traffic the rest and the traffic, whichever comes first.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer } from "../../src/answer/answer.js";
import { addDaysIso } from "../../src/core/dates.js";
import { importFile } from "../../src/ingest/import-file.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { rebuildRollups } from "../../src/store/rollups.js";
import { allOrdersDocument, salesAndTrafficDocument } from "../../src/sync/sandbox/report-documents.js";
import { BACKENDS } from "../helpers/backends.js";
import { SANDBOX_END, sandboxSeller } from "../helpers/sandbox-harness.js";

const NOW = new Date(`${addDaysIso(SANDBOX_END, 1)}T06:00:00Z`);
const FIRST = addDaysIso(SANDBOX_END, -6);
const dir = mkdtempSync(join(tmpdir(), "seller-ai-sales-ownership-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Doc {
  file: string;
  marketplace?: string;
  period?: { start: string; end: string };
}

let salesAndTraffic: Doc[];
let orders: Doc;

beforeAll(async () => {
  const seller = await sandboxSeller();
  const market = seller.marketplaces[0];
  salesAndTraffic = [];
  // One Sales and Traffic report a day, as a sync fetches them, reaching two days before the orders.
  for (let day = addDaysIso(FIRST, -2); day <= SANDBOX_END; day = addDaysIso(day, 1)) {
    const file = join(dir, `sales-traffic-${day}.json`);
    writeFileSync(file, await salesAndTrafficDocument(seller, market, day, day));
    salesAndTraffic.push({ file, marketplace: market.code, period: { start: day, end: day } });
  }
  // The orders of the last week, some of them cancelled since: where the lines and Sales and Traffic disagree.
  const lines = (await allOrdersDocument(seller, [market], FIRST, SANDBOX_END)).split("\n");
  for (let i = 1; i < lines.length; i += 9) {
    const cells = lines[i].split("\t");
    if (cells.length < 5) continue;
    cells[4] = "Cancelled";
    lines[i] = cells.join("\t");
  }
  orders = { file: join(dir, "orders.tsv") };
  writeFileSync(orders.file, lines.join("\n"));
}, 120_000);

async function importAll(mirror: Mirror, docs: Doc[]): Promise<number> {
  let written = 0;
  for (const doc of docs) {
    const report = await importFile(mirror, doc.file, {
      accountId: "seller",
      marketplace: doc.marketplace,
      period: doc.period,
      now: NOW,
      refreshRollups: false,
    });
    written += report.rowsWritten;
  }
  await rebuildRollups(mirror, "seller", undefined, NOW.toISOString());
  return written;
}

async function dailySales(mirror: Mirror) {
  return mirror.db
    .selectFrom("daily_sales")
    .selectAll()
    .orderBy("marketplace")
    .orderBy("asin")
    .orderBy("date")
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, units: Number(r.units), orders: Number(r.orders) })));
}

const QUESTIONS = [
  "How much did I sell last 7 days?",
  "top 5 products by revenue last 30 days",
  "what is my conversion rate by product last 30 days",
  "buy box percentage last 30 days",
];

describe.each(BACKENDS.filter((b) => b.name !== "pglite"))("orders and Sales and Traffic on $name", (backend) => {
  it("give the same daily sales and answers whichever is imported first", async () => {
    const ordersFirst = await openStore(await backend.location());
    const salesFirst = await openStore(await backend.location());
    try {
      const writtenOrdersFirst = await importAll(ordersFirst, [orders, ...salesAndTraffic]);
      const writtenSalesFirst = await importAll(salesFirst, [...salesAndTraffic, orders]);

      const rows = await dailySales(ordersFirst);
      expect(rows.length).toBeGreaterThan(0);
      expect(await dailySales(salesFirst)).toEqual(rows);
      expect(writtenSalesFirst).toBe(writtenOrdersFirst);
      // The cancelled lines count for nothing: the lines' figures stood, not the report's.
      const lineUnits = await ordersFirst.db
        .selectFrom("order_lines")
        .select((eb) => eb.fn.sum<number>("quantity").as("units"))
        .where("counted", "=", 1)
        .executeTakeFirstOrThrow();
      const ownedUnits = rows.filter((r) => r.date >= FIRST).reduce((n, r) => n + r.units, 0);
      expect(ownedUnits).toBe(Number(lineUnits.units));
      // Days before the orders keep Sales and Traffic's figures, and every day its traffic.
      expect(rows.some((r) => r.date < FIRST && r.units > 0)).toBe(true);
      expect(rows.some((r) => r.date >= FIRST && r.sessions > 0)).toBe(true);

      for (const question of QUESTIONS) {
        const a = await answer(question, { db: ordersFirst.db, now: NOW, accountId: "seller" });
        const b = await answer(question, { db: salesFirst.db, now: NOW, accountId: "seller" });
        expect(JSON.parse(JSON.stringify(b.body.result)), question).toEqual(JSON.parse(JSON.stringify(a.body.result)));
      }
    } finally {
      await ordersFirst.close();
      await salesFirst.close();
    }
  }, 180_000);
});
