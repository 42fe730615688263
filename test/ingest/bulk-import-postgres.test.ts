// Order files large enough to stream in several loads on PostgreSQL: one transaction per file (a refused
// file leaves nothing behind), re-imports that change nothing, and lines already stored in a later load
// ending as on SQLite.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/ingest/import-file.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";
import { orderFile as orderFileOf, tableRows as rowsOf } from "../helpers/order-files.js";

const now = new Date("2026-11-21T12:00:00Z");
/** More lines than one load takes (10,000), so a file streams in several. */
const LINES = 21_000;
/** The tables an order file writes; rollup_state also records each run, so it is compared with SQLite only. */
const DATA_TABLES = ["order_lines", "daily_sales", "rollup_sales"] as const;
const TABLES = [...DATA_TABLES, "rollup_state"] as const;

/**
 * Order lines `from` to `to` (exclusive); `updated` marks every fifth line cancelled on a later day;
 * `awkward` gives some lines a backslash or accents in the SKU, or leaves the SKU or item status empty.
 */
function orderFile(
  name: string,
  from: number,
  to: number,
  options: { updated?: boolean; bad?: number; huge?: number; awkward?: boolean } = {},
) {
  return orderFileOf(name, from, to, (i) => {
    const order = Math.floor(i / 2);
    const day = String(1 + (order % 28)).padStart(2, "0");
    const month = String(1 + (Math.floor(order / 28) % 3)).padStart(2, "0");
    const cancelled = options.updated && i % 5 === 0;
    const awkward = options.awkward ? i % 7 : -1;
    const sku = awkward === 1 ? `SKU\\${i % 300}` : awkward === 2 ? `Café-ß-${i % 300}` : `SKU-${i % 300}`;
    return {
      "amazon-order-id": `111-${String(order).padStart(7, "0")}-0000001`,
      "purchase-date": `2024-${month}-${day}T09:15:00-08:00`,
      "last-updated-date": `2024-${month}-${day}T${cancelled ? "23" : "10"}:00:00-08:00`,
      "order-status": cancelled ? "Cancelled" : "Shipped",
      "fulfillment-channel": "Amazon",
      "sales-channel": "Amazon.com",
      sku: awkward === 3 ? "" : sku,
      asin: `B0${String((i * 7) % 300).padStart(8, "0")}`,
      "item-status": awkward === 4 ? "" : cancelled ? "Cancelled" : "Shipped",
      quantity: i === options.bad ? "three" : i === options.huge ? "100000000000000000000" : String(1 + (i % 3)),
      currency: "USD",
      "item-price": (((i % 3) + 1) * (4.99 + (i % 40))).toFixed(2),
    };
  });
}

async function snapshot(mirror: Mirror, names: readonly string[] = TABLES): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of names) tables[table] = await rowsOf(mirror, table);
  return tables;
}

/**
 * The reference's tables as the mirror keeps them: PostgreSQL keeps the per-product sales totals weekly
 * before the last weeks, where SQLite keeps every day. Its rows on each day it keeps must be SQLite's;
 * the summed totals (grain A) it keeps for every day, as SQLite does.
 */
function asKept(want: Record<string, string[]>, got: Record<string, string[]>): Record<string, string[]> {
  const dayOf = (row: string) => {
    const fields = Object.fromEntries(JSON.parse(row) as [string, unknown][]);
    return `${fields.grain} ${fields.period}`;
  };
  const kept = new Set((got.rollup_sales ?? []).map(dayOf));
  const wanted = { ...want, rollup_sales: want.rollup_sales.filter((row) => kept.has(dayOf(row))) };
  expect([...kept].filter((d) => d.startsWith("A")).sort()).toEqual(
    [...new Set(want.rollup_sales.map(dayOf))].filter((d) => d.startsWith("A")).sort(),
  );
  return wanted;
}

const first = orderFile("first.tsv", 0, LINES);
// Overlaps the first file's second half, with later statuses: its loads after the first meet stored lines.
const overlapping = orderFile("overlapping.tsv", LINES / 2 - 1_000, LINES + 5_000, { updated: true });
const strictBad = orderFile("bad-line.tsv", LINES, 2 * LINES, { bad: LINES + 5_000 });
const whole = readFileSync(orderFile("to-truncate.tsv", LINES, 2 * LINES));
const truncated = join(dirname(first), "truncated.tsv.gz");
const gzip = gzipSync(whole);
writeFileSync(truncated, gzip.subarray(0, Math.floor(gzip.length * 0.6)));

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("bulk order imports on $name", (backend) => {
  let reference: Mirror;
  let mirror: Mirror;
  beforeAll(async () => {
    reference = await openStore(":memory:");
    mirror = await openStore(await backend.location());
    for (const m of [reference, mirror]) await importFile(m, first, { now, marketplace: "US" });
  });
  afterAll(async () => {
    await reference?.close();
    await mirror?.close();
  });

  it("stores every line of a file streamed in several loads, as SQLite does", async () => {
    const want = await snapshot(reference);
    expect(want.order_lines).toHaveLength(LINES);
    const got = await snapshot(mirror);
    expect(got).toEqual(asKept(want, got));
  });

  it("changes nothing when the same file is imported again", async () => {
    const before = await snapshot(mirror, DATA_TABLES);
    // The reference too, so that both record the same runs.
    for (const m of [reference, mirror]) {
      const report = await importFile(m, first, { now, marketplace: "US" });
      expect(report.status).toBe("ok");
    }
    expect(await snapshot(mirror, DATA_TABLES)).toEqual(before);
  });

  it.each([
    ["a line that cannot be read halfway, in a strict import", strictBad, { strict: true }, "import_rejected"],
    ["gzip data that ends halfway", truncated, {}, "import_rejected"],
  ] as const)("leaves the mirror unchanged after %s", async (_what, path, options, code) => {
    const before = await snapshot(mirror, DATA_TABLES);
    // The reference takes the same refused file, so that both record the same runs.
    for (const m of [reference, mirror]) {
      const failure = await importFile(m, path, { now, marketplace: "US", ...options }).catch((e) => e);
      expect(failure.code).toBe(code);
    }
    expect(await snapshot(mirror, DATA_TABLES)).toEqual(before);
  });

  it("replaces lines already stored, met in a later load, with their newer status as SQLite does", async () => {
    for (const m of [reference, mirror]) await importFile(m, overlapping, { now, marketplace: "US" });
    const want = await snapshot(reference);
    expect(want.order_lines).toHaveLength(LINES + 5_000);
    const got = await snapshot(mirror);
    expect(got).toEqual(asKept(want, got));
  });
});

// Both halves cover the same days (an order's two lines stay in one half), so the second half's days are
// summed again from every stored line and its running totals rebuilt from its first day.
const firstHalf = orderFile("first-half.tsv", 0, LINES);
const secondHalf = orderFile("second-half.tsv", LINES, 2 * LINES);
const bothHalves = orderFile("both-halves.tsv", 0, 2 * LINES);
const awkward = orderFile("awkward.tsv", 0, LINES, { awkward: true });
// A quantity past PostgreSQL's bigint, in the file's second load: the server refuses that load.
const overflowing = orderFile("overflowing.tsv", LINES, 2 * LINES, { huge: LINES + 15_000 });

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("order files on top of each other on $name", (backend) => {
  const mirrors: Mirror[] = [];
  afterAll(async () => {
    for (const m of mirrors) await m.close();
  });
  async function mirrorOf(...files: string[]): Promise<Mirror> {
    const mirror = await openStore(await backend.location());
    mirrors.push(mirror);
    for (const file of files) await importFile(mirror, file, { now, marketplace: "US" });
    return mirror;
  }

  it("gives the same daily sales and running totals as one import of both files", async () => {
    const two = await snapshot(await mirrorOf(firstHalf, secondHalf), DATA_TABLES);
    const one = await snapshot(await mirrorOf(bothHalves), DATA_TABLES);
    expect(two.order_lines).toHaveLength(2 * LINES);
    expect(two).toEqual(one);
  });

  it("stores lines with a backslash or accents in their SKU, or an empty SKU or item status, as SQLite does", async () => {
    const reference = await openStore(":memory:");
    mirrors.push(reference);
    await importFile(reference, awkward, { now, marketplace: "US" });
    const want = await snapshot(reference);
    const got = await snapshot(await mirrorOf(awkward));
    expect(want.order_lines.filter((row) => row.includes("Café") || row.includes("\\\\"))).not.toHaveLength(0);
    expect(got).toEqual(asKept(want, got));
  });

  it("stores a file read on a worker thread (as `seller-ai import` reads a large one) as one read in-thread", async () => {
    const script = new URL("../../dist/ingest/order-lines-worker.js", import.meta.url);
    const inThread = await snapshot(await mirrorOf(overlapping), DATA_TABLES);
    const offThread = await openStore(await backend.location());
    mirrors.push(offThread);
    const report = await importFile(offThread, overlapping, {
      now,
      marketplace: "US",
      worker: { script, minBytes: 0 },
    });
    expect(report.rowsWritten).toBe(LINES / 2 + 6_000);
    expect(await snapshot(offThread, DATA_TABLES)).toEqual(inThread);
  });

  it("leaves the mirror as it was when the server refuses a load halfway through a file", async () => {
    const mirror = await mirrorOf(firstHalf);
    const before = await snapshot(mirror, DATA_TABLES);
    const failure = await importFile(mirror, overflowing, { now, marketplace: "US" }).catch((e) => e);
    expect(failure.code).toBe("failure");
    expect(failure.message).toMatch(/out of range/);
    expect(await snapshot(mirror, DATA_TABLES)).toEqual(before);
  });
});
