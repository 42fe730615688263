import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

// A --db (or SELLER_AI_DB) that cannot be a mirror is refused with the path and the reason, and left as it was.

async function cli(args: string[], env: Record<string, string> = {}) {
  const io = captureIo({ env });
  const code = await runCli([...args, "--today", "2026-11-21"], io);
  return { code, out: io.out(), err: io.err() };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const COMMANDS = [
  ["status", ["status"]],
  ["import of a cost sheet", ["import", "fixtures/import/cost-sheet.csv", "--marketplace", "US"]],
  ["keys list", ["keys", "list"]],
] as const;

describe("a --db path that cannot be a mirror", () => {
  const cases: [string, (folder: string) => string, RegExp][] = [
    [
      "in a folder that does not exist",
      (folder) => join(folder, "missing", "deeper", "mirror.db"),
      /the folder .*missing\/deeper for the mirror .*mirror\.db does not exist/,
    ],
    ["a folder", (folder) => folder, /is a folder, not a mirror file/],
    [
      "a text file",
      (folder) => {
        const path = join(folder, "notes.txt");
        writeFileSync(path, "these are my notes, not a database\n".repeat(200));
        return path;
      },
      /notes\.txt is not a seller-ai mirror: it is not a SQLite database/,
    ],
    ["/dev/null", () => "/dev/null", /\/dev\/null is not a regular file/],
    [
      "under a file",
      (folder) => {
        writeFileSync(join(folder, "plain"), "x");
        return join(folder, "plain", "mirror.db");
      },
      /.*plain is not a folder/,
    ],
    [
      "another program's SQLite database",
      (folder) => {
        const path = join(folder, "places.sqlite");
        const other = new Database(path);
        other.exec(
          "create table moz_places (id integer primary key, url text); insert into moz_places (url) values ('x')",
        );
        other.close();
        return path;
      },
      /places\.sqlite is a SQLite database of another program, not a seller-ai mirror/,
    ],
  ];

  for (const [command, args] of COMMANDS) {
    it.each(cases)(`is refused by ${command}: %s`, async (_what, make, message) => {
      const folder = dirname(tempDbPath());
      const path = make(folder);
      const before = isFile(path) ? readFileSync(path) : undefined;
      const run = await cli(["--db", path, ...args]);
      expect(run.code).toBe(1);
      expect(run.err).toMatch(message);
      expect(run.err).toContain(path.startsWith("/dev/") ? path : (path.split("/").at(-1) ?? ""));
      expect(run.err).not.toContain("unexpected error");
      expect(existsSync(join(folder, "missing"))).toBe(false);
      if (before) expect(readFileSync(path)).toEqual(before);
    });
  }

  it("is refused from SELLER_AI_DB too, saying where it came from", async () => {
    const folder = dirname(tempDbPath());
    const run = await cli(["status"], { SELLER_AI_DB: join(folder, "nowhere", "mirror.db") });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/the folder .*nowhere for the mirror .* does not exist.*SELLER_AI_DB/);
  });
});

describe("the default mirror location", () => {
  it("is created with its folders on first use", async () => {
    const home = dirname(tempDbPath());
    const run = await cli(["status"], { XDG_DATA_HOME: join(home, "data") });
    expect(run.code).toBe(0);
    expect(existsSync(join(home, "data", "seller-ai", "mirror.db"))).toBe(true);
  });

  it("opens an existing mirror given with --db as before", async () => {
    const path = tempDbPath();
    mkdirSync(dirname(path), { recursive: true });
    expect((await cli(["--db", path, "import", "fixtures/import/orders-by-order-date.tsv"])).code).toBe(0);
    const run = await cli(["--db", path, "status"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("Account default");
  });
});

describe("a --db path that holds no mirror yet", () => {
  // Reading or serving a path that does not exist is a typing mistake far more often than a wish:
  // say so, and leave nothing behind (no empty file, no demo seller in the wrong place).
  it.each([
    ["ask", ["ask", "sales last week"]],
    ["status", ["status"]],
    ["keys list", ["keys", "list"]],
    ["insights", ["insights"]],
    ["serve", ["serve", "--port", "0"]],
  ])("is refused by %s, which creates nothing there", async (_command, args) => {
    const path = tempDbPath();
    const run = await cli(["--db", path, ...args]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`there is no mirror at ${path}`);
    expect(run.err).toMatch(/seller-ai import FILE/);
    expect(existsSync(path)).toBe(false);
  });

  it("is refused from SELLER_AI_DB too, naming it", async () => {
    const path = tempDbPath();
    const run = await cli(["ask", "sales last week"], { SELLER_AI_DB: path });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/there is no mirror at .*give SELLER_AI_DB another path/);
    expect(existsSync(path)).toBe(false);
  });

  it.each([
    ["import of a cost sheet", ["import", "fixtures/import/cost-sheet.csv", "--marketplace", "US"]],
    ["import of orders", ["import", "fixtures/import/orders-by-order-date.tsv"]],
  ])("is created by %s, which writes data", async (_command, args) => {
    const path = tempDbPath();
    const run = await cli(["--db", path, ...args]);
    expect(run.err).not.toContain("there is no mirror");
    expect(existsSync(path)).toBe(true);
  });
});
