import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { terminalText } from "../../src/render/terminal-text.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { apiHarness, NOON, type Harness } from "../helpers/api-harness.js";
import { buildTwoSellerMirror, FIXTURE_TODAY } from "../helpers/two-sellers.js";

// A title that is a formula to a spreadsheet and, on a terminal, sets the window title (OSC 0), clears the
// screen (CSI 2J), starts a CSI in one C1 byte, reverses the text that follows and returns to the line start.
const HOSTILE_TITLE =
  '=HYPERLINK("http://evil.example/","Chef Knife")\u001b]0;owned\u0007\u001b[2J\u009b31m\u202eefink\r';
// Every character a terminal would act on, and the bidirectional controls.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const TOP = "top 5 products by revenue last 30 days";

let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-hostile-"));
  db = join(dir, "mirror.db");
  const mirror = await buildTwoSellerMirror(db);
  await mirror.db
    .updateTable("products")
    .set({ title: HOSTILE_TITLE })
    .where("account_id", "=", "acme")
    .where("asin", "=", "B0KNIFE001")
    .execute();
  await mirror.db
    .updateTable("accounts")
    .set({ name: "Acme\u001b]8;;http://evil.example/\u0007Corp" })
    .where("id", "=", "acme")
    .execute();
  await mirror.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], options: { tty?: boolean; stdin?: string } = {}) {
  const io = captureIo({ tty: options.tty ?? false, stdin: options.stdin });
  const code = await runCli(["--db", db, "--today", FIXTURE_TODAY, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe("csv the product writes", () => {
  it("has the formula title as text in `ask --format csv`", async () => {
    const run = await cli(["ask", TOP, "--account", "acme", "--format", "csv"]);
    expect(run.code).toBe(0);
    const rows = parse(run.out, { columns: true }) as Record<string, string>[];
    const knife = rows.find((r) => r.asin === "B0KNIFE001")!;
    expect(knife.title).toBe(`'${HOSTILE_TITLE}`);
    // Numbers stay numbers, negative ones too.
    for (const row of rows) expect(row.revenue).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it("has the formula title as text in the API's csv, as a body and as result.csv", async () => {
    const h: Harness = await apiHarness({ mirror: await openMirror(db) });
    try {
      const key = (await h.key({ accounts: ["acme"] })).key;
      for (const res of [
        await h.query(key, { query: TOP }, { accept: "text/csv" }),
        await h.query(key, { query: TOP, format: "csv" }),
      ]) {
        expect(res.statusCode).toBe(200);
        const csv = res.headers["content-type"]?.startsWith("text/csv") ? res.body : res.json().result.csv;
        const rows = parse(csv, { columns: true }) as Record<string, string>[];
        expect(rows.find((r) => r.asin === "B0KNIFE001")!.title).toBe(`'${HOSTILE_TITLE}`);
      }
    } finally {
      await h.close();
      await h.mirror.close();
    }
  });
});

describe("data on a terminal", () => {
  it.each([
    ["a table", ["ask", TOP, "--account", "acme", "--format", "table"]],
    ["a chart", ["ask", "daily revenue of B0KNIFE001 last 30 days", "--account", "acme", "--format", "chart"]],
    ["json", ["ask", TOP, "--account", "acme", "--format", "json"]],
    ["csv", ["ask", TOP, "--account", "acme", "--format", "csv"]],
    ["--explain", ["ask", TOP, "--account", "acme", "--format", "json", "--explain"]],
    ["refresh_data", ["ask", "refresh my data", "--account", "acme", "--format", "table"]],
    ["status", ["status"]],
  ])("shows control characters of the data in %s instead of sending them", async (_what, args) => {
    const run = await cli(args, { tty: true });
    expect(run.code).toBe(0);
    expect(run.out + run.err).not.toMatch(RAW_CONTROL);
  });

  it("keeps the json a terminal gets valid and meaning the same", async () => {
    const run = await cli(["ask", TOP, "--account", "acme", "--format", "json"], { tty: true });
    const body = JSON.parse(run.out);
    expect(body.result.top_products.find((p: { asin: string }) => p.asin === "B0KNIFE001").title).toBe(HOSTILE_TITLE);
  });

  it("shows the title in a table with its controls visible", async () => {
    const run = await cli(["ask", TOP, "--account", "acme", "--format", "table"], { tty: true });
    expect(run.out).toContain("\\u001B]0;");
  });

  it("shows a key's name in `keys list` and `keys create` with its controls visible", async () => {
    const mirror = await openMirror(db);
    await createApiKey(mirror.db, {
      name: "ci\u001b[2J\u001b]0;owned\u0007\u202e",
      plan: "starter",
      scopes: ["query"],
      accountIds: ["acme"],
      now: NOON,
    });
    await mirror.close();
    for (const args of [
      ["keys", "list"],
      ["keys", "list", "--json"],
      ["keys", "create", "--name", "x\u001b[31m", "--plan", "starter"],
    ]) {
      const run = await cli(args, { tty: true });
      expect(run.code).toBe(0);
      expect(run.out + run.err).not.toMatch(RAW_CONTROL);
    }
    expect((await cli(["keys", "list"], { tty: true })).out).toContain("ci\\u001B[2J");
  });

  it("shows an error quoting a file's header with its controls visible", async () => {
    const file = join(dir, "hostile\u001b]0;owned\u0007.tsv");
    writeFileSync(file, "sku\u001b[2J\tname\u009b31m\u202e\nA\tB\n");
    const run = await cli(["import", file], { tty: true });
    expect(run.code).toBe(1);
    expect(run.err).toContain("not a report format seller-ai reads");
    expect(run.err).not.toMatch(RAW_CONTROL);
  });

  it("shows an answer and an error in the line-by-line chat with their controls visible", async () => {
    const run = await cli(["chat"], { stdin: `${TOP}\n/format nope\u001b[2J\n/format csv\n${TOP}\n` });
    expect(run.out).toContain("\\u001B]0;");
    expect(run.out + run.err).not.toMatch(RAW_CONTROL);
  });
});

describe("terminalText", () => {
  it.each([
    ["ESC (CSI, OSC)", "a\u001b[2Jb\u001b]0;t\u0007", "a\\u001B[2Jb\\u001B]0;t\\u0007"],
    ["C1 controls", "a\u009b31m\u0085", "a\\u009B31m\\u0085"],
    ["DEL and backspace", "ab\u0008\u007f", "ab\\u0008\\u007F"],
    ["a carriage return", "safe\revil", "safe\\revil"],
    ["tabs and line feeds", "a\tb\nc", "a\\tb\\nc"],
    ["bidirectional overrides and isolates", "\u202eabc\u202c\u2067x\u2069", "\\u202Eabc\\u202C\\u2067x\\u2069"],
    ["line and paragraph separators", "a\u2028b\u2029", "a\\u2028b\\u2029"],
    ["ordinary text", "Nestwell Frying Pan, 28 cm – €19.99 ✓ 日本", "Nestwell Frying Pan, 28 cm – €19.99 ✓ 日本"],
  ])("shows %s instead of acting on them", (_what, text, shown) => {
    expect(terminalText(text)).toBe(shown);
  });

  it("keeps line feeds when asked, but never a carriage return", () => {
    expect(terminalText("one\ntwo\r\n", { keepLineBreaks: true })).toBe("one\ntwo\\r\n");
  });
});
