/**
 * Commands beside another process's write (an import holding the mirror's
 * write lock): an answer still prints, and a command that must write waits
 * for a lock that a short wait clears.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { generateDemo } from "../../src/demo/generate-demo.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { holdWriteLock, type HeldLock } from "../helpers/write-lock.js";

const TODAY = "2026-11-21";
const NOW = new Date(`${TODAY}T12:00:00.000Z`);

let lock: HeldLock | undefined;
afterEach(() => {
  lock?.release();
  lock = undefined;
});

// One small demo mirror for the file: the other writer's commit changes nothing the answers read.
let dir: string;
let path: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-busy-"));
  path = join(dir, "mirror.db");
  const mirror = await openMirror(path);
  await generateDemo(mirror, { seed: 1, end: "2026-11-20", now: NOW, scale: "small" });
  await mirror.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("commands while another process holds the write lock", () => {
  it("ask prints its answer and says the conversation was not saved", async () => {
    lock = holdWriteLock(path);
    const io = captureIo({ tty: false });
    const code = await runCli(["--db", path, "--today", TODAY, "ask", "how much did I sell last month"], io);
    expect(code).toBe(0);
    expect(io.out()).toMatch(/Revenue/i);
    expect(io.err()).toMatch(/the conversation was not saved \(the mirror is busy with another write/);
    expect(io.err()).not.toMatch(/Follow up with/);
  });

  it("a new key waits for a lock that is released a moment later, after the other writer committed", async () => {
    const mirror = await openMirror(path);
    try {
      lock = holdWriteLock(path);
      const held = lock;
      setTimeout(() => held.release({ commit: true }), 300);
      const created = await createApiKey(mirror.db, { name: "ci", plan: "starter", scopes: ["query"], now: NOW });
      expect(created.key).toMatch(/^sk_live_/);
      expect(created.accounts).toEqual(["demo"]);
    } finally {
      await mirror.close();
    }
  });
});
