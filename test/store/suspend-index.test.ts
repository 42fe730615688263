import { describe, expect, it } from "vitest";
import { SqliteBulkWriter as BulkWriter, sortOnFiles } from "../../src/store/sqlite/bulk-writer.js";
import { importFile } from "../../src/ingest/import-file.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

// A bulk load sets an index aside and rebuilds it at the end, its sort spread over SQLite's helper
// threads. Whatever the connection's state, the index comes back as declared, holding every row, and
// the connection's settings are as they were.

const INDEX = "order_lines_asin_date_idx";
// Enough keys (about 12 MB) to make several sorted pieces, so the helper threads take part.
const LINES = 180_000;

type Sqlite = import("better-sqlite3").Database;

async function loadWithIndexSetAside(
  prepare: (sqlite: Sqlite) => void,
  outside: (sqlite: Sqlite) => () => void = () => () => undefined,
) {
  const mirror = await openMirror(tempDbPath(), { checkpointScript: false });
  const sqlite = mirror.sqlite;
  // Temporary storage in use before the transaction, as rollups leave it after an earlier file.
  sqlite.exec("create temp table earlier (x)");
  const settings = () => ({
    temp: sqlite.pragma("temp_store", { simple: true }),
    threads: sqlite.pragma("threads", { simple: true }),
    cache: sqlite.pragma("cache_size", { simple: true }),
  });
  const before = settings();
  const declared = sqlite.prepare("select sql from sqlite_master where name = ?").pluck().get(INDEX);
  const restoreOutside = outside(sqlite);
  sqlite.exec("BEGIN IMMEDIATE");
  prepare(sqlite);
  const restore = new BulkWriter(mirror.db, sqlite).suspendIndex(INDEX);
  expect(sqlite.prepare("select count(*) from sqlite_master where name = ?").pluck().get(INDEX)).toBe(0);
  const insert = sqlite.prepare(
    "insert into order_lines (account_id, marketplace, order_id, line_key, asin, sku, purchase_date, last_updated_at, order_status, quantity, item_price, counted) values ('a', 'US', ?, 'S#0', ?, 'S', ?, '2024-01-01T00:00:00.000Z', 'Shipped', 1, 2.5, 1)",
  );
  for (let i = 0; i < LINES; i++)
    insert.run(
      `111-${String((i * 7919) % LINES).padStart(7, "0")}`,
      `B0${String(i % 300).padStart(8, "0")}`,
      `2024-01-${String(1 + (i % 28)).padStart(2, "0")}`,
    );
  restore();
  sqlite.exec("COMMIT");
  restoreOutside();
  const result = {
    declared: sqlite.prepare("select sql from sqlite_master where name = ?").pluck().get(INDEX),
    expectedDeclared: declared,
    // Counted through the index alone (it covers the query), so a short index shows.
    indexed: sqlite
      .prepare(`select count(*) from order_lines indexed by ${INDEX} where purchase_date >= '2024-01-01'`)
      .pluck()
      .get(),
    integrity: sqlite.pragma("integrity_check", { simple: true }),
    settingsBefore: before,
    settingsAfter: settings(),
  };
  await mirror.close();
  return result;
}

describe("an index set aside for a bulk load", () => {
  const tempTable = (sqlite: Sqlite) => sqlite.exec("create temp table scratch (x); insert into scratch values (1)");
  it.each([
    ["temporary storage put on files before the transaction, as imports do", tempTable, sortOnFiles],
    ["temporary storage left in memory and open (the sort stays on this thread)", tempTable, undefined],
  ])("comes back as declared, with every row and the settings as they were: %s", async (_name, prepare, outside) => {
    const result = await loadWithIndexSetAside(prepare, outside);
    expect(result.declared).toBe(result.expectedDeclared);
    expect(result.indexed).toBe(LINES);
    expect(result.integrity).toBe("ok");
    expect(result.settingsAfter).toEqual(result.settingsBefore);
  });
});

describe("an import's temporary storage", () => {
  it.each([
    ["a file imported", "fixtures/import/orders-by-order-date.tsv", false],
    ["a file refused inside its transaction", "fixtures/import/not-a-report.csv", true],
  ])("is as it was after %s", async (_name, file, fails) => {
    const mirror = await openMirror(tempDbPath(), { checkpointScript: false });
    try {
      const before = mirror.sqlite.pragma("temp_store", { simple: true });
      const run = importFile(mirror, file, { now: new Date("2024-05-01T00:00:00Z") });
      if (fails) await expect(run).rejects.toThrow();
      else await run;
      expect(mirror.sqlite.pragma("temp_store", { simple: true })).toBe(before);
    } finally {
      await mirror.close();
    }
  });
});
