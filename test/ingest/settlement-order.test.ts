// Settlements of several marketplaces (the same SKUs listed in each) give the same fees and rows written whatever
// order they are imported in, as a sync imports them as they arrive.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "../../src/core/dates.js";
import { importFile } from "../../src/ingest/import-file.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { listingsDocument, settlementDocument, settlementPeriods } from "../../src/sync/sandbox/report-documents.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { SANDBOX_END, sandboxSeller } from "../helpers/sandbox-harness.js";

const NOW = new Date(`${addDaysIso(SANDBOX_END, 1)}T06:00:00Z`);
const dir = mkdtempSync(join(tmpdir(), "seller-ai-settlement-order-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Doc {
  file: string;
  marketplace: string;
}

let listings: Doc[];
let settlements: Doc[];

beforeAll(async () => {
  const seller = await sandboxSeller();
  listings = [];
  settlements = [];
  for (const market of seller.marketplaces) {
    const file = join(dir, `listings-${market.code}.tsv`);
    writeFileSync(file, await listingsDocument(seller, market));
    listings.push({ file, marketplace: market.code });
    // The two latest settlements of each marketplace.
    for (const period of settlementPeriods(market, seller.firstDay, SANDBOX_END).slice(-2)) {
      const settlement = join(dir, `settlement-${market.code}-${period.id}.tsv`);
      writeFileSync(settlement, await settlementDocument(seller, market, period));
      settlements.push({ file: settlement, marketplace: market.code });
    }
  }
}, 120_000);

async function importAll(mirror: Mirror, docs: Doc[]): Promise<number[]> {
  const written: number[] = [];
  for (const doc of docs) {
    const report = await importFile(mirror, doc.file, {
      accountId: "seller",
      marketplace: doc.marketplace,
      now: NOW,
      refreshRollups: false,
    });
    written.push(report.rowsWritten);
  }
  return written;
}

const fees = (mirror: Mirror) =>
  mirror.db.selectFrom("product_fees").selectAll().orderBy("marketplace").orderBy("asin").execute();

describe("settlements of several marketplaces", () => {
  it("write the same fees and count the same rows in either order", async () => {
    const forwards = await openMirror(tempDbPath());
    const backwards = await openMirror(tempDbPath());
    try {
      await importAll(forwards, listings);
      await importAll(backwards, listings);
      const writtenForwards = await importAll(forwards, settlements);
      const writtenBackwards = await importAll(backwards, [...settlements].reverse());

      expect(writtenBackwards.reverse()).toEqual(writtenForwards);
      const stored = await fees(forwards);
      expect(new Set(stored.map((f) => f.marketplace)).size).toBe(listings.length);
      expect(await fees(backwards)).toEqual(stored);
    } finally {
      await forwards.close();
      await backwards.close();
    }
  }, 120_000);
});
