import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSellerAiError } from "../../src/core/errors.js";
import { importFile, type ImportFileOptions } from "../../src/ingest/import-file.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";

// Random bytes, and real report files cut short or mutated, fed to every importer (the format is told from the
// content, so each fixture reaches its own importer). Whatever comes in, an import either stores the file or is
// refused with a SellerAiError that says what is wrong; it never throws anything else, never hangs (the test's
// time limit), and a refused file leaves every table of the mirror as it was. Runs are bounded and seeded, so
// the suite stays quick and a failure replays. Each run imports into a fresh copy of one seeded mirror, so runs
// do not depend on each other and the mirror stays small.

const FIXTURES = [
  "fixtures/import/orders-by-order-date.tsv",
  "fixtures/import/orders-by-last-update.tsv",
  "fixtures/import/settlement-v2.tsv",
  "fixtures/import/listings.tsv",
  "fixtures/import/myi-unsuppressed.tsv",
  "fixtures/import/inventory-planning.tsv",
  "fixtures/import/restock-recommendations.tsv",
  "fixtures/import/business-report.csv",
  "fixtures/import/business-report-older-headers-de.csv",
  "fixtures/import/console-campaign.csv",
  "fixtures/import/console-search-term.csv",
  "fixtures/import/cost-sheet.csv",
  "fixtures/import/sp-campaigns.json",
  "fixtures/import/sp-targeting.json",
  "fixtures/import/sp-search-term.json",
  "fixtures/import/sp-advertised-product.json",
  "fixtures/import/sp-campaigns-summary-by-ad-group.json",
  "fixtures/amazon/example1_DAY_SKU.json",
  "fixtures/amazon/example2_WEEK_CHILD.json",
];
const BYTES = new Map(FIXTURES.map((path) => [path, readFileSync(path)]));
const nameOf = (path: string) => path.split("/").at(-1)!;

// Cells a hostile or broken report may hold.
const ODD_CELLS = [
  "",
  "-1",
  "0",
  "1e309",
  "NaN",
  "-0",
  "99999999999999999999",
  "1,2,3",
  "2024-13-45",
  "0000-00-00",
  "2024-02-30T25:61:00Z",
  "=1+2",
  "\u0000",
  "\ufeff",
  '"',
  "\t",
  "\r",
  "null",
  "{}",
  "[",
  "]",
  '{"a":',
  "é€日本",
  "\u001b[2J",
  "x".repeat(3000),
];

const PERIOD = { start: "2024-03-01", end: "2024-03-07" };

let dir: string;
let template: string;
let n = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-fuzz-"));
  template = join(dir, "template.db");
  const mirror = await openMirror(template, { checkpointScript: false });
  // A mirror with data and running totals, as a refused file would meet it.
  for (const path of FIXTURES.slice(0, 4)) await importFile(mirror, path, { now: NOW, worker: false });
  mirror.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  await mirror.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date("2024-03-20T12:00:00Z");

/**
 * Every row of every table, in key order. A refused file journals its attempt (a failed run) and records that
 * the running totals still hold after it (rollup_state's run id): those two are the only changes allowed, with
 * the data-change counter, which the journal's row moves.
 */
function mirrorChecksum(mirror: Mirror): Record<string, string> {
  const sums: Record<string, string> = {};
  const tables = mirror.sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite%' order by name")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    if (table === "data_changes") continue;
    const where = table === "sync_runs" ? " where status <> 'failed'" : "";
    const rows = mirror.sqlite.prepare(`select * from "${table}"${where}`).raw().all() as unknown[][];
    if (table === "rollup_state") for (const row of rows) row[1] = null;
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    sums[table] = `${lines.length}:${createHash("sha256").update(lines.join("\n")).digest("hex")}`;
  }
  return sums;
}

interface Outcome {
  refused?: { code: string; message: string };
}

/** Imports `bytes` as a file named like `name`; a refusal must be a SellerAiError and leave the mirror as it was. */
async function importBytes(name: string, bytes: Uint8Array, options: Partial<ImportFileOptions>): Promise<Outcome> {
  const run = ++n;
  const path = join(dir, `${run}-${name}`);
  const db = join(dir, `${run}.db`);
  writeFileSync(path, bytes);
  copyFileSync(template, db);
  const mirror = await openMirror(db, { checkpointScript: false });
  // A throwaway copy: nothing is worth waiting for the disk to confirm.
  mirror.sqlite.pragma("synchronous = OFF");
  const before = mirrorChecksum(mirror);
  try {
    await importFile(mirror, path, { now: NOW, worker: false, ...options });
    return {};
  } catch (error) {
    if (!isSellerAiError(error)) throw error;
    // A SellerAiError wrapping a programming error (TypeError, RangeError, …) is a crash too.
    expect(error.code, `${error.code}: ${error.message}`).not.toBe("failure");
    expect(error.message.length).toBeGreaterThan(10);
    expect(error.message.length).toBeLessThan(2000);
    expect(mirrorChecksum(mirror), `refused with "${error.message}" but the mirror changed`).toEqual(before);
    return { refused: { code: error.code, message: error.message } };
  } finally {
    await mirror.close();
    for (const file of [path, db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
  }
}

const fixture = fc.constantFrom(...FIXTURES);
const importOptions = fc.record({
  marketplace: fc.constantFrom(undefined, "US", "DE"),
  period: fc.constantFrom(undefined, PERIOD),
  strict: fc.boolean(),
});
const compression = fc.constantFrom("plain", "gzip", "gzip cut short");

function packed(bytes: Uint8Array, how: string): Uint8Array {
  if (how === "plain") return bytes;
  const gz = gzipSync(bytes);
  return how === "gzip" ? gz : gz.subarray(0, Math.max(2, Math.floor(gz.length / 2)));
}

type Mutation =
  | { kind: "byte"; at: number; value: number }
  | { kind: "insert"; at: number; bytes: Uint8Array }
  | { kind: "delete"; at: number; length: number }
  | { kind: "cell"; at: number; text: string }
  | { kind: "repeat line"; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("byte" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant("cell" as const), at: fc.nat(), text: fc.constantFrom(...ODD_CELLS) }),
  fc.record({ kind: fc.constant("repeat line" as const), at: fc.nat() }),
);

/** `bytes` with one mutation applied: positions wrap around the file. */
function mutate(bytes: Buffer, m: Mutation): Buffer {
  const at = bytes.length === 0 ? 0 : m.at % bytes.length;
  switch (m.kind) {
    case "byte": {
      const copy = Buffer.from(bytes);
      if (copy.length) copy[at] = m.value;
      return copy;
    }
    case "insert":
      return Buffer.concat([bytes.subarray(0, at), m.bytes, bytes.subarray(at)]);
    case "delete":
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + m.length)]);
    case "cell": {
      // Replaces the cell (or JSON value) around `at`: from the separator before it to the one after.
      const text = bytes.toString("latin1");
      const isSeparator = (c: string) => "\t,;\n:".includes(c);
      let from = at;
      while (from > 0 && !isSeparator(text[from - 1])) from--;
      let to = at;
      while (to < text.length && !isSeparator(text[to])) to++;
      return Buffer.concat([bytes.subarray(0, from), Buffer.from(m.text), bytes.subarray(to)]);
    }
    case "repeat line": {
      const text = bytes.toString("latin1");
      const start = text.lastIndexOf("\n", at) + 1;
      const end = text.indexOf("\n", at);
      const line = bytes.subarray(start, end < 0 ? bytes.length : end + 1);
      return Buffer.concat([bytes.subarray(0, start), line, line, bytes.subarray(start)]);
    }
  }
}

// FUZZ_RUNS and FUZZ_SEED run a longer or another search by hand; npm test runs the fixed, short one.
const RUNS = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 50),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261121,
};

describe("importing hostile or broken files", () => {
  it("refuses random bytes cleanly, alone or after a real report's first line", async () => {
    await fc.assert(
      fc.asyncProperty(
        fixture,
        fc.boolean(),
        fc.uint8Array({ maxLength: 3000 }),
        compression,
        importOptions,
        async (path, withHeader, noise, how, options) => {
          const bytes = BYTES.get(path)!;
          const header = withHeader ? bytes.subarray(0, bytes.indexOf(10) + 1) : Buffer.alloc(0);
          await importBytes(nameOf(path), packed(Buffer.concat([header, noise]), how), options);
        },
      ),
      RUNS,
    );
  }, 120_000);

  it("imports or refuses cleanly every report cut short anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(fixture, fc.nat(), compression, importOptions, async (path, cut, how, options) => {
        const bytes = BYTES.get(path)!;
        await importBytes(nameOf(path), packed(bytes.subarray(0, cut % (bytes.length + 1)), how), options);
      }),
      RUNS,
    );
  }, 120_000);

  it("imports or refuses cleanly every report with bytes, cells and lines changed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fixture,
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        compression,
        importOptions,
        async (path, mutations, how, options) => {
          await importBytes(nameOf(path), packed(mutations.reduce(mutate, BYTES.get(path)!), how), options);
        },
      ),
      { ...RUNS, numRuns: RUNS.numRuns * 2 },
    );
  }, 120_000);

  it("imports or refuses cleanly any JSON document in place of a JSON report", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json({ maxDepth: 4 }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        ),
        fc.constantFrom("report.json", "ads.json"),
        importOptions,
        async (text, name, options) => {
          await importBytes(name, Buffer.from(text), options);
        },
      ),
      RUNS,
    );
  }, 120_000);
});

describe("a file whose own dates cannot be read", () => {
  it("is refused as the file's fault, not as a failure of the importer", async () => {
    const report = BYTES.get("fixtures/amazon/example1_DAY_SKU.json")!.toString("utf8");
    const outcome = await importBytes(
      "sales.json",
      Buffer.from(report.replace('"dataStartTime": "2021-06-11"', '"dataStartTime": "2021-13-45"')),
      {},
    );
    expect(outcome.refused?.code).toBe("import_rejected");
    expect(outcome.refused?.message).toMatch(
      /sales\.json: dataStartTime: not a date: "2021-13-45"; nothing from the file/,
    );
  });
});
