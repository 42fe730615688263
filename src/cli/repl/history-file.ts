import { appendFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isPostgresLocation } from "../../store/mirror-path.js";

/** Where the REPL keeps the questions asked, beside the mirror (none for an in-memory mirror). */
export function historyPath(dbPath: string): string | undefined {
  // A mirror in memory or on a database server has no folder to keep the history in.
  return dbPath === ":memory:" || dbPath === "" || isPostgresLocation(dbPath)
    ? undefined
    : join(dirname(dbPath), "repl-history");
}

/** The last `limit` lines asked before, oldest first; none when there is no file yet. */
export function readHistory(path: string | undefined, limit = 500): string[] {
  if (!path) return [];
  try {
    return readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(-limit);
  } catch {
    return [];
  }
}

/** Adds one line; a history that cannot be written is not worth stopping the conversation for. */
export function appendHistory(path: string | undefined, line: string): void {
  if (!path) return;
  try {
    appendFileSync(path, `${line.replace(/[\r\n]+/g, " ")}\n`, { mode: 0o600 });
  } catch {
    // ignored on purpose: read-only folders, full disks
  }
}
