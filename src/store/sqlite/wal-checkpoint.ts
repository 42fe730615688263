/**
 * After a large import, the write-ahead log holds the whole file's pages, and
 * copying them into the database file ends with a sync of it to disk: most of
 * a second for a million order lines, spent waiting on the disk. SQLite does
 * that copy (the checkpoint) in the committing call itself; here it runs on a
 * helper thread instead, so the import goes on with its rollups or its next
 * file meanwhile. The data is committed before the checkpoint starts: the
 * checkpoint only moves it within the mirror's files. Closing the mirror
 * waits for it.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import type { WalCheckpointInput, WalCheckpointResult } from "./wal-checkpoint-worker.js";

/**
 * The helper's script beside this module: tsc's `wal-checkpoint-worker.js`
 * in dist/store/, or the bundle's `wal-checkpoint-worker.mjs` in dist/.
 * Undefined when running from the TypeScript sources, which a worker cannot
 * load: the checkpoint then runs on the committing thread, as SQLite's own.
 */
export function walCheckpointScript(): URL | undefined {
  for (const name of ["./wal-checkpoint-worker.js", "./wal-checkpoint-worker.mjs"]) {
    const url = new URL(name, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

/**
 * Commits a connection's open transaction and has its write-ahead log
 * checkpointed on a helper thread, started from `script` (or the script a
 * function given instead finds), instead of in the commit. Without a script,
 * SQLite checkpoints as usual.
 *
 * @example
 * const checkpointer = new WalCheckpointer(path, walCheckpointScript());
 * checkpointer.commit(sqlite); // returns once committed; the copy goes on
 * await checkpointer.settled(); // before closing the connection
 */
export class WalCheckpointer {
  private running: Promise<void> | undefined;
  private again = false;
  /** The last helper's report, for tests and benchmarks. */
  last: WalCheckpointResult | undefined;

  constructor(
    private readonly path: string,
    /** The script, or where to find it when first needed. */
    private script: URL | undefined | (() => URL | undefined),
  ) {}

  commit(sqlite: Database.Database): void {
    if (typeof this.script === "function") this.script = this.script();
    if (!this.script || sqlite.memory) {
      sqlite.exec("COMMIT");
      return;
    }
    const every = sqlite.pragma("wal_autocheckpoint", { simple: true }) as number;
    sqlite.pragma("wal_autocheckpoint = 0");
    try {
      sqlite.exec("COMMIT");
    } finally {
      sqlite.pragma(`wal_autocheckpoint = ${Number(every)}`);
    }
    this.start();
  }

  /** Resolves once no checkpoint is running or asked for (never rejects: a failed one leaves the log to SQLite). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private start(): void {
    // A checkpoint already running may miss the frames just committed: one more follows it.
    if (this.running) {
      this.again = true;
      return;
    }
    this.last = undefined;
    this.running = this.run().then(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.start();
      }
    });
  }

  private async run(): Promise<void> {
    // Loaded here, not with the mirror: most commands never checkpoint this way.
    const { Worker } = await import("node:worker_threads");
    const input: WalCheckpointInput = { path: this.path };
    await new Promise<void>((resolve) => {
      const worker = new Worker(this.script as URL, { workerData: input });
      worker.once("message", (result: WalCheckpointResult) => {
        this.last = result;
      });
      worker.once("error", (error) => {
        this.last = { ok: false, message: error.message };
      });
      worker.once("exit", () => {
        this.last ??= { ok: false, message: "the checkpoint thread stopped early" };
        resolve();
      });
    });
  }
}
