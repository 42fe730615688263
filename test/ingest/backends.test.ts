// The same report files imported into SQLite and into PostgreSQL leave the same rows behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/ingest/import-file.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";

const FIXTURES = "fixtures/import";
const now = new Date("2026-11-21T12:00:00Z");
// In order: listings first (the catalog), orders twice (the second time every line is stored already).
const FILES: [string, { marketplace?: string; period?: { start: string; end: string } }][] = [
  ["listings.tsv", { marketplace: "US" }],
  ["orders-by-order-date.tsv", { marketplace: "US" }],
  ["orders-by-last-update.tsv", { marketplace: "US" }],
  ["orders-by-order-date.tsv", { marketplace: "US" }],
  ["orders-malformed.tsv", { marketplace: "US" }],
  ["settlement-v2.tsv", { marketplace: "US" }],
  ["cost-sheet.csv", { marketplace: "US" }],
  ["business-report.csv", { marketplace: "US", period: { start: "2024-03-01", end: "2024-03-01" } }],
  ["inventory-planning.tsv", { marketplace: "US" }],
  ["sp-campaigns.json", { marketplace: "US" }],
  ["sp-search-term.json", { marketplace: "US" }],
  ["sp-targeting.json", { marketplace: "US" }],
  ["sp-advertised-product.json", { marketplace: "US" }],
  ["console-campaign.csv", { marketplace: "US" }],
];
const TABLES = [
  "products",
  "order_lines",
  "daily_sales",
  "settlement_transactions",
  "product_fees",
  "inventory_snapshots",
  "ad_campaign_daily",
  "ad_target_daily",
  "ad_search_term_daily",
  "ad_product_daily",
  "rollup_sales",
] as const;

async function importAll(mirror: Mirror): Promise<string[]> {
  const outcomes: string[] = [];
  for (const [file, options] of FILES) {
    const report = await importFile(mirror, `${FIXTURES}/${file}`, { ...options, now, worker: false });
    outcomes.push(
      `${file}: ${report.status} ${report.rowsRead} read ${report.rowsWritten} written ${report.rowsRejected} rejected`,
    );
  }
  return outcomes;
}

async function rowsOf(mirror: Mirror, table: string): Promise<string[]> {
  const rows = await mirror.db
    .selectFrom(table as "products")
    .selectAll()
    .execute();
  return rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
}

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("imports on $name", (backend) => {
  let reference: Mirror;
  let mirror: Mirror;
  let expected: string[];
  let got: string[];
  beforeAll(async () => {
    reference = await openStore(":memory:");
    mirror = await openStore(await backend.location());
    expected = await importAll(reference);
    got = await importAll(mirror);
  });
  afterAll(async () => {
    await reference?.close();
    await mirror?.close();
  });

  it("report the same rows read, written and rejected for every file", () => {
    expect(got).toEqual(expected);
  });

  it.each(TABLES)("leave the same rows in %s as on SQLite", async (table) => {
    const want = await rowsOf(reference, table);
    expect(want.length).toBeGreaterThan(0);
    expect(await rowsOf(mirror, table)).toEqual(want);
  });
});
