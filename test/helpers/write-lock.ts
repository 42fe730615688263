/**
 * Another writer on a mirror file, as `seller-ai import` in another process
 * is: a second connection that holds the write lock until released.
 */
import Database from "better-sqlite3";

export interface HeldLock {
  /** Ends the other writer's transaction: `commit` writes a change first (readers' snapshots go stale). */
  release(options?: { commit?: boolean }): void;
}

export function holdWriteLock(path: string): HeldLock {
  const other = new Database(path);
  other.exec("BEGIN IMMEDIATE");
  let released = false;
  return {
    release(options = {}) {
      if (released) return;
      released = true;
      if (options.commit) {
        other.prepare("update accounts set last_refresh_at = last_refresh_at").run();
        other.exec("COMMIT");
      } else other.exec("ROLLBACK");
      other.close();
    },
  };
}
