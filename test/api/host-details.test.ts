import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { apiHarness } from "../helpers/api-harness.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

// Paths of files imported on this machine (and with them user names, folder layouts) stay on it: the API
// answers with a run's file name only. The CLI runs on the machine and may show more.

const TODAY = "2024-03-20";

async function mirrorWithImports() {
  const db = tempDbPath();
  const folder = join(dirname(db), "home", "alice", "Private Reports");
  mkdirSync(folder, { recursive: true });
  const files = ["orders-by-order-date.tsv", "cost-sheet.csv"].map((name) => {
    const path = join(folder, name);
    copyFileSync(join("fixtures/import", name), path);
    return path;
  });
  // The cost sheet names a SKU the orders do not (a row rejected, exit 1); both files are imported.
  expect(await runCli(["--db", db, "--today", TODAY, "import", ...files], captureIo())).toBe(1);
  // A refused file is journalled too, with its path and its error.
  const broken = join(folder, "broken.json");
  copyFileSync("fixtures/import/not-a-report.csv", broken);
  await runCli(["--db", db, "--today", TODAY, "import", broken], captureIo());
  return { db, folder };
}

describe("answers about imports", () => {
  it("name the files imported but never the folders they were in, in json and csv", async () => {
    const { db, folder } = await mirrorWithImports();
    const h = await apiHarness({ mirror: await openMirror(db) });
    try {
      h.clock.now = new Date(`${TODAY}T12:00:00Z`);
      const key = (await h.key({ accounts: ["default"], scopes: ["query", "write"] })).key;
      const json = await h.query(key, { query: "sync my data" });
      expect(json.statusCode).toBe(200);
      const body = json.json();
      expect(body.metadata.query_understanding.intent).toBe("refresh_data");
      expect(body.result.recent_runs.map((r: { source: string }) => r.source)).toEqual([
        "broken.json",
        "cost-sheet.csv",
        "orders-by-order-date.tsv",
      ]);
      const csv = await h.query(key, { query: "sync my data" }, { accept: "text/csv" });
      expect(csv.statusCode).toBe(200);
      for (const text of [json.body, csv.body]) {
        expect(text).not.toContain(folder);
        expect(text).not.toContain("alice");
        expect(text).not.toContain(dirname(db));
      }
    } finally {
      await h.close();
      await h.mirror.close();
    }
  });
});
