import { describe, expect, it } from "vitest";
import { importFile } from "../../src/ingest/import-file.js";
import { usableRollups } from "../../src/store/rollups.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { runImport, withMirror } from "../helpers/import-run.js";

// The running totals are read only while they reflect the account's newest run. A run that changes none of
// the daily rows they sum (a cost sheet, an inventory snapshot, a listings file, a refused file) leaves them
// as true as they were: answers must not fall back to the slow daily rows until the next order import.

const ORDERS = "fixtures/import/orders-by-order-date.tsv";
const FRESH = { first: "2024-03-01", last: "2024-03-02" };

const rollups = (db: string) => withMirror(db, (m) => usableRollups(m.db, "default"));

describe("running totals after a run that sums nothing new", () => {
  it.each([
    ["a cost sheet", ["fixtures/import/cost-sheet.csv"]],
    ["an inventory snapshot", ["fixtures/import/myi-unsuppressed.tsv", "--date", "2024-03-02"]],
    ["a listings report", ["fixtures/import/listings.tsv"]],
    ["a file of unknown format, refused", ["fixtures/import/not-a-report.csv"]],
    ["an order file refused with --strict", ["fixtures/import/orders-malformed.tsv", "--strict"]],
    ["a file that does not exist", ["fixtures/import/missing.tsv"]],
  ])("stay in use after %s", async (_what, args) => {
    const db = tempDbPath();
    expect((await runImport(db, [ORDERS])).code).toBe(0);
    expect(await rollups(db)).toEqual(FRESH);
    await runImport(db, args);
    expect(await rollups(db)).toEqual(FRESH);
    // The next order import goes on from them.
    expect((await runImport(db, ["fixtures/import/orders-by-last-update.tsv"])).code).toBe(0);
    expect(await rollups(db)).toBeDefined();
  });

  it("stay in use after several such runs in a row", async () => {
    const db = tempDbPath();
    await runImport(db, [ORDERS]);
    await runImport(db, ["fixtures/import/cost-sheet.csv"]);
    await runImport(db, ["fixtures/import/not-a-report.csv"]);
    await runImport(db, ["fixtures/import/cost-sheet.csv"]);
    expect(await rollups(db)).toEqual(FRESH);
  });
});

describe("running totals that were already behind", () => {
  it("stay unused after a cost sheet, until the rows they sum are summed again", async () => {
    const db = tempDbPath();
    await runImport(db, [ORDERS]);
    // Orders stored without refreshing the totals: they no longer match the daily rows.
    await withMirror(db, (mirror) =>
      importFile(mirror, "fixtures/import/orders-by-last-update.tsv", {
        now: new Date("2024-03-20T12:00:00Z"),
        refreshRollups: false,
      }),
    );
    expect(await rollups(db)).toBeUndefined();
    await runImport(db, ["fixtures/import/cost-sheet.csv"]);
    await runImport(db, ["fixtures/import/not-a-report.csv"]);
    expect(await rollups(db)).toBeUndefined();
    await runImport(db, [ORDERS]);
    expect(await rollups(db)).toBeDefined();
  });
});
