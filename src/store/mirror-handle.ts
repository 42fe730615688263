import type Database from "better-sqlite3";
import type { Mirror, MirrorDb } from "./open-mirror.js";
import { WalCheckpointer } from "./wal-checkpoint.js";

/**
 * A Mirror for a caller that holds only the handles of one opened elsewhere
 * (the API server's): imports can run on it; closing it is left to its opener.
 */
export function mirrorFromHandles(db: MirrorDb, sqlite: Database.Database): Mirror {
  const checkpointer = new WalCheckpointer(sqlite.name, undefined);
  return {
    db,
    sqlite,
    path: sqlite.name,
    commitLarge: () => checkpointer.commit(sqlite),
    close: async () => {
      await checkpointer.settled();
    },
  };
}
