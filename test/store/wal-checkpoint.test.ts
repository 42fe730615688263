import { existsSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openMirror } from "../../src/store/open-mirror.js";
import { WalCheckpointer } from "../../src/store/sqlite/wal-checkpoint.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

// After a large import the write-ahead log is copied into the database file on a helper thread, so the
// commit returns at once. The helper runs compiled code: tsc's (dist/store/) and the bundle's (dist/),
// built by `npm run build` (which `npm test` runs first).

const SCRIPTS = [
  ["tsc's helper", new URL("../../dist/store/sqlite/wal-checkpoint-worker.js", import.meta.url)],
  ["the bundle's helper", new URL("../../dist/wal-checkpoint-worker.mjs", import.meta.url)],
] as const;

const ROWS = 20_000;

/** A WAL-mode database with an open transaction writing about 6 MB, well past SQLite's own checkpoint point (1,000 pages). */
function largeWrite(path: string, from = 0, sqlite = new Database(path)): Database.Database {
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.exec("create table if not exists lines (id integer primary key, text text not null)");
  sqlite.exec("BEGIN IMMEDIATE");
  const insert = sqlite.prepare("insert into lines (id, text) values (?, ?)");
  for (let i = from; i < from + ROWS; i++) insert.run(i, `line ${i} `.padEnd(300, "x"));
  return sqlite;
}

function storedLines(path: string): number {
  const sqlite = new Database(path, { readonly: true });
  try {
    return sqlite.prepare("select count(*) from lines").pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

/** Frames in the log and frames copied into the database file, as a passive checkpoint finds them. */
function logState(sqlite: Database.Database): { log: number; checkpointed: number } {
  const [row] = sqlite.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
  return { log: row.log, checkpointed: row.checkpointed };
}

describe("checkpoint after a large commit", () => {
  it.each(SCRIPTS)("leaves the copy of the log to %s, which copies every frame", async (_name, script) => {
    const path = tempDbPath();
    const sqlite = largeWrite(path);
    const checkpointer = new WalCheckpointer(path, script);
    checkpointer.commit(sqlite);
    // The commit itself copied nothing into the database file (a thread takes far longer to start than
    // this look), yet the lines are committed.
    expect(statSync(path).size).toBeLessThan(ROWS * 300);
    expect(storedLines(path)).toBe(ROWS);
    await checkpointer.settled();
    expect(checkpointer.last).toMatchObject({ ok: true });
    const last = checkpointer.last as { logFrames: number; copied: number };
    expect(last.logFrames).toBeGreaterThan(1_000);
    expect(last.copied).toBe(last.logFrames);
    // SQLite's own checkpoint point is set again for later commits.
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    sqlite.close();
  });

  it("checkpoints in the commit, as SQLite does, without a helper script", async () => {
    const path = tempDbPath();
    const sqlite = largeWrite(path);
    const checkpointer = new WalCheckpointer(path, undefined);
    checkpointer.commit(sqlite);
    expect(statSync(path).size).toBeGreaterThan(ROWS * 300);
    await checkpointer.settled();
    expect(checkpointer.last).toBeUndefined();
    // Every frame of the log was already copied by the commit's own checkpoint.
    const state = logState(sqlite);
    expect(state.checkpointed).toBe(state.log);
    sqlite.close();
  });

  it.each(SCRIPTS)(
    "lets the importing connection write on while %s copies, and copies those frames too",
    async (_name, script) => {
      const path = tempDbPath();
      const sqlite = largeWrite(path);
      const checkpointer = new WalCheckpointer(path, script);
      checkpointer.commit(sqlite);
      // A second large file committed at once: the helper runs again after the first copy.
      largeWrite(path, ROWS, sqlite);
      checkpointer.commit(sqlite);
      await checkpointer.settled();
      expect(checkpointer.last).toMatchObject({ ok: true });
      const state = logState(sqlite);
      expect(state.checkpointed).toBe(state.log);
      sqlite.close();
      expect(storedLines(path)).toBe(2 * ROWS);
    },
  );

  it("keeps the data committed when the helper fails, and the log stays for SQLite to copy", async () => {
    const path = tempDbPath();
    const failing = join(dirname(path), "failing-helper.mjs");
    writeFileSync(failing, 'throw new Error("no checkpoint today");\n');
    const sqlite = largeWrite(path);
    const checkpointer = new WalCheckpointer(path, pathToFileURL(failing));
    checkpointer.commit(sqlite);
    await checkpointer.settled();
    expect(checkpointer.last).toEqual({ ok: false, message: "no checkpoint today" });
    sqlite.close();
    expect(storedLines(path)).toBe(ROWS);
  });
});

describe("a mirror's large commit", () => {
  it.each(SCRIPTS)("is checkpointed by %s before the mirror closes, leaving no log behind", async (_name, script) => {
    const path = tempDbPath();
    const mirror = await openMirror(path, { checkpointScript: script });
    largeWrite(path, 0, mirror.sqlite);
    mirror.commitLarge();
    await mirror.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(storedLines(path)).toBe(ROWS);
  });
});
