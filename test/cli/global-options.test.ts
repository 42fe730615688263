import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { captureIo } from "../../src/cli/io.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

/** A path holding a mirror with no data yet. */
async function emptyMirrorPath(): Promise<string> {
  const db = tempDbPath();
  await (await openMirror(db)).close();
  return db;
}

describe("global options", () => {
  it.each([
    ["before the command", (db: string) => ["--db", db, "--today", "2026-11-21", "status", "--json"]],
    ["after the command", (db: string) => ["status", "--json", "--db", db, "--today", "2026-11-21"]],
  ])("--db works %s", async (_label, args) => {
    const db = await emptyMirrorPath();
    const io = captureIo();
    expect(await runCli(args(db), io)).toBe(0);
    expect(JSON.parse(io.out()).db).toBe(db);
  });

  it("reads the mirror path from SELLER_AI_DB", async () => {
    const db = await emptyMirrorPath();
    const io = captureIo({ env: { SELLER_AI_DB: db } });
    expect(await runCli(["status", "--json"], io)).toBe(0);
    expect(JSON.parse(io.out()).db).toBe(db);
  });

  it("defaults to XDG_DATA_HOME/seller-ai/", async () => {
    const dir = tempDbPath("unused").replace(/unused$/, "");
    const io = captureIo({ env: { XDG_DATA_HOME: dir } });
    expect(await runCli(["status", "--json"], io)).toBe(0);
    expect(JSON.parse(io.out()).db).toBe(join(dir, "seller-ai", "mirror.db"));
  });

  it("defaults to ~/.local/share/seller-ai/ without XDG_DATA_HOME", async () => {
    const home = tempDbPath("unused").replace(/\/unused$/, "");
    const io = captureIo({ homedir: home });
    expect(await runCli(["status", "--json"], io)).toBe(0);
    expect(JSON.parse(io.out()).db).toBe(join(home, ".local", "share", "seller-ai", "mirror.db"));
  });

  it.each([
    ["an unknown command", ["bogus"], /unknown command/],
    ["an unknown option", ["status", "--wat"], /unknown option/],
    ["a malformed --today", ["--today", "2026-13-01", "status"], /--today must be a date as YYYY-MM-DD/],
    ["a malformed SELLER_AI_TODAY", ["status"], /SELLER_AI_TODAY must be a date/],
    [
      "a misspelt command, with the spelling it means",
      ["statu"],
      /unknown command 'statu' \(Did you mean status\?\)$/m,
    ],
    [
      "an unknown option, pointing to the help",
      ["status", "--wat"],
      /unknown option '--wat' \(see `seller-ai --help`\)$/m,
    ],
  ])("exits 2 with one line for %s", async (_label, args, message) => {
    const io = captureIo({ env: { SELLER_AI_DB: tempDbPath(), SELLER_AI_TODAY: "yesterday" } });
    expect(await runCli(args as string[], io)).toBe(2);
    expect(io.err()).toMatch(message);
    expect(io.err().trim().split("\n")).toHaveLength(1);
  });

  it("prints a stack trace only with --debug", async () => {
    const plain = captureIo();
    await runCli(["--today", "nope", "status"], plain);
    expect(plain.err()).not.toMatch(/\n\s+at /);
    const debug = captureIo();
    await runCli(["--debug", "--today", "nope", "status"], debug);
    expect(debug.err()).toMatch(/\n\s+at /);
  });
});
