import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImportBatch, importFile } from "../../src/ingest/import-file.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

const MADE = "fixtures/import";
const NOW = new Date("2024-03-20T12:00:00Z");
const OPTIONS = { accountId: "shop", now: NOW, refreshRollups: false } as const;

async function counts(mirror: Mirror) {
  const count = async (table: "order_lines" | "products" | "sync_runs") =>
    Number(
      (
        await mirror.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { order_lines: await count("order_lines"), products: await count("products"), runs: await count("sync_runs") };
}

describe("several reports imported in one batch", () => {
  let mirror: Mirror;
  beforeEach(async () => {
    mirror = await openMirror(tempDbPath());
  });
  afterEach(async () => {
    await mirror.close();
  });

  it("keeps the good reports and records the refused one's failure, with none of its rows", async () => {
    const alone = await openMirror(tempDbPath());
    await importFile(alone, `${MADE}/orders-by-order-date.tsv`, OPTIONS);
    await importFile(alone, `${MADE}/listings.tsv`, OPTIONS);
    const expected = await counts(alone);
    await alone.close();
    const batch = new ImportBatch(mirror);
    await batch.add(`${MADE}/orders-by-order-date.tsv`, OPTIONS);
    await expect(batch.add(`${MADE}/not-a-report.csv`, OPTIONS)).rejects.toThrow(/not a report format/);
    await batch.add(`${MADE}/listings.tsv`, OPTIONS);
    batch.commit();
    const runs = await mirror.db.selectFrom("sync_runs").select(["status", "source"]).orderBy("id").execute();
    expect(runs.map((r) => r.status)).toEqual(["ok", "failed", "ok"]);
    // The refused file adds its failed run only.
    expect(await counts(mirror)).toEqual({ ...expected, runs: expected.runs + 1 });
  });

  it("leaves the mirror as it was when rolled back", async () => {
    const batch = new ImportBatch(mirror);
    await batch.add(`${MADE}/orders-by-order-date.tsv`, OPTIONS);
    await batch.add(`${MADE}/listings.tsv`, OPTIONS);
    batch.rollback();
    expect(await counts(mirror)).toEqual({ order_lines: 0, products: 0, runs: 0 });
  });

  it.each([
    ["plain", (bytes: Buffer) => bytes],
    ["gzip", (bytes: Buffer) => gzipSync(bytes)],
  ])("reads a %s document in memory as it reads the file", async (_kind, encode) => {
    const file = `${MADE}/orders-by-last-update.tsv`;
    const fromFile = await importFile(mirror, file, OPTIONS);
    const other = await openMirror(tempDbPath());
    try {
      const batch = new ImportBatch(other);
      const fromMemory = await batch.add({ name: "orders.tsv", body: encode(readFileSync(file)) }, OPTIONS);
      batch.commit();
      const pick = (r: typeof fromFile) => [
        r.format,
        r.rowsRead,
        r.rowsWritten,
        r.rowsRejected,
        r.periodStart,
        r.periodEnd,
      ];
      expect(pick(fromMemory)).toEqual(pick(fromFile));
      expect(await counts(other)).toEqual(await counts(mirror));
    } finally {
      await other.close();
    }
  });
});
