import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { answer } from "../../src/answer/answer.js";
import { importFile } from "../../src/ingest/import-file.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { rebuildRollups } from "../../src/store/rollups.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { connectSandbox, NOW, startHarness, syncAccount } from "../helpers/sandbox-harness.js";

const kept = mkdtempSync(join(tmpdir(), "seller-ai-sync-docs-"));
afterAll(() => rmSync(kept, { recursive: true, force: true }));

const QUESTIONS = [
  "How much did I sell last month?",
  "Show me sales by marketplace for this month",
  "top 5 products by revenue last 30 days",
  "how are sales this month compared to last month in the UK?",
  "what is my conversion rate by product last 30 days",
  "refund rate by product last month",
  "acos by campaign last month",
  "which search terms are wasting ad spend",
  "which products will run out of stock soon",
  "what should I restock",
  "buy box percentage last 30 days",
];

/**
 * Amazon's reports carry no exchange rates, so neither mirror has any: both get
 * the same ones, as a seller would add them, so that totals across marketplaces
 * can be compared instead of both being refused.
 */
async function addExchangeRates(db: Mirror["db"]): Promise<void> {
  await db
    .insertInto("currency_rates")
    .values([
      { currency: "EUR", quote: "USD", date: "2023-01-01", rate: 1.08 },
      { currency: "GBP", quote: "USD", date: "2023-01-01", rate: 1.27 },
    ])
    .execute();
}

/** An answer's result with what legitimately differs between two accounts (ids, timings) left out. */
function comparable(result: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(result));
}

describe("answers after a sync", () => {
  it("equal the answers after importing the same reports as files", async () => {
    const h = await startHarness();
    const accountId = await connectSandbox(h, ["orders", "inventory", "financial", "advertising"]);
    const result = await syncAccount(h.mirror, h.syncOptions({ since: "2026-10-15", keepDocuments: kept }));
    expect(result.status).toBe("ok");
    const imported = result.reports.filter((r) => r.status === "imported");
    expect(imported.every((r) => r.kept)).toBe(true);

    const files = await openMirror(tempDbPath());
    try {
      // Same documents, same order, same options as the sync gave the importers.
      const inOrder = imported.map((r) => r.kept!).sort((a, b) => (a.file < b.file ? -1 : 1));
      for (const doc of inOrder) {
        await importFile(files, doc.file, {
          accountId: "from-files",
          marketplace: doc.marketplace,
          period: doc.period,
          now: NOW,
          refreshRollups: false,
        });
      }
      await rebuildRollups(files, "from-files", undefined, NOW.toISOString());
      await addExchangeRates(files.db);
      await addExchangeRates(h.mirror.db);

      const top = await answer("top 5 products by revenue last 30 days", { db: h.mirror.db, now: NOW, accountId });
      expect((top.body.result.top_products as unknown[]).length).toBe(5);
      for (const question of QUESTIONS) {
        const synced = await answer(question, { db: h.mirror.db, now: NOW, accountId });
        const fromFiles = await answer(question, { db: files.db, now: NOW, accountId: "from-files" });
        expect(synced.understanding.intent, question).toBe(fromFiles.understanding.intent);
        expect(comparable(synced.body.result), question).toEqual(comparable(fromFiles.body.result));
      }
    } finally {
      await files.close();
    }
  }, 180_000);
});
