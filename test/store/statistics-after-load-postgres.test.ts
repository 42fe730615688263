// After a first import PostgreSQL's planner knows the rows: the tables the import wrote are vacuumed and
// analyzed (beside the running totals' rebuild on a server, after it on PGlite), the running totals analyzed.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../src/ingest/import-file.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";

const now = new Date("2026-11-21T12:00:00Z");

describe.each(BACKENDS.filter((b) => b.name !== "sqlite"))("statistics after a first import on $name", (backend) => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await openStore(await backend.location());
    await importFile(mirror, "fixtures/import/orders-by-order-date.tsv", { now, marketplace: "US" });
  });
  afterAll(async () => {
    await mirror?.close();
  });

  it("vacuums and analyzes the tables the file wrote, and analyzes the running totals", async () => {
    const { rows } = await sql<{ table: string; tuples: number; visible: number }>`select relname as table,
        reltuples::float8 as tuples, relallvisible::float8 as visible
      from pg_class where relname in ('daily_sales', 'order_lines', 'rollup_sales') order by relname`.execute(
      mirror.db,
    );
    const by = Object.fromEntries(rows.map((r) => [r.table, r]));
    for (const table of ["daily_sales", "order_lines", "rollup_sales"]) expect(by[table].tuples).toBeGreaterThan(0);
    // Vacuumed: their pages are marked all-visible (the running totals are only analyzed).
    for (const table of ["daily_sales", "order_lines"]) expect(by[table].visible).toBeGreaterThan(0);
  });
});
