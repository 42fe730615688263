/**
 * The helper thread of wal-checkpoint.ts: it opens the mirror on its own
 * connection, copies the write-ahead log into the database file (a passive
 * checkpoint, which never waits for or blocks the importing connection), and
 * reports how many frames it copied.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** What the helper is started with. */
export interface WalCheckpointInput {
  path: string;
}

/** Its report: the log's frames and those copied, or why it could not checkpoint. */
export type WalCheckpointResult = { ok: true; logFrames: number; copied: number } | { ok: false; message: string };

function checkpoint(input: WalCheckpointInput): WalCheckpointResult {
  const sqlite = new Database(input.path, { fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 5000");
    const [row] = sqlite.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
    return { ok: true, logFrames: row.log, copied: row.checkpointed };
  } finally {
    sqlite.close();
  }
}

let result: WalCheckpointResult;
try {
  result = checkpoint(workerData as WalCheckpointInput);
} catch (error) {
  result = { ok: false, message: (error as Error).message };
}
parentPort!.postMessage(result);
