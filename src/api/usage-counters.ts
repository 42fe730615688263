import type Database from "better-sqlite3";
import { sql } from "kysely";
import type { MirrorDb } from "../store/open-mirror.js";
import { PreparedQuery, param } from "./prepared.js";
import type { UsageKind } from "./plans.js";

export interface UsageKey {
  workspaceId: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  kind: UsageKind;
}

/** The outcome of asking for one unit of a daily quota. */
export interface Reservation {
  granted: boolean;
  /** The count after this request (granted) or the count that stopped it (refused). */
  used: number;
}

/**
 * Daily usage counters kept in the mirror. A reservation is ONE statement
 * (insert, or add one while under the limit, returning the new count), so
 * SQLite's write lock makes it atomic across requests and processes: the
 * count can never pass the limit, and it survives restarts.
 */
export class UsageCounters {
  private readonly reserveQuery: PreparedQuery<{ count: number }>;
  private readonly releaseQuery: PreparedQuery;
  private readonly readQuery: PreparedQuery<{ count: number }>;

  constructor(db: MirrorDb, sqlite: Database.Database) {
    const key = { workspace_id: param("workspace"), day: param("day"), kind: param("kind") };
    this.reserveQuery = new PreparedQuery(
      sqlite,
      db
        .insertInto("usage_counters")
        .values({ ...key, count: 1 })
        .onConflict((oc) =>
          oc
            .columns(["workspace_id", "day", "kind"])
            .doUpdateSet({ count: sql<number>`usage_counters.count + 1` })
            .where("usage_counters.count", "<", sql<number>`${param("limit")}`),
        )
        .returning("count")
        .compile(),
    );
    this.releaseQuery = new PreparedQuery(
      sqlite,
      db
        .updateTable("usage_counters")
        .set({ count: sql<number>`count - 1` })
        .where("workspace_id", "=", key.workspace_id)
        .where("day", "=", key.day)
        .where("kind", "=", key.kind)
        .where("count", ">", 0)
        .compile(),
    );
    this.readQuery = new PreparedQuery(
      sqlite,
      db
        .selectFrom("usage_counters")
        .select("count")
        .where("workspace_id", "=", key.workspace_id)
        .where("day", "=", key.day)
        .where("kind", "=", key.kind)
        .compile(),
    );
  }

  /** Takes one unit when the count is under `limit` (null: no limit, counted anyway). */
  reserve(key: UsageKey, limit: number | null): Reservation {
    const values = {
      workspace: key.workspaceId,
      day: key.day,
      kind: key.kind,
      limit: limit ?? Number.MAX_SAFE_INTEGER,
    };
    const row = this.reserveQuery.get(values);
    if (row) return { granted: true, used: row.count };
    return { granted: false, used: this.used(key) };
  }

  /** Gives back a unit taken by `reserve` for a request that was not answered. */
  release(key: UsageKey): void {
    this.releaseQuery.run({ workspace: key.workspaceId, day: key.day, kind: key.kind });
  }

  used(key: UsageKey): number {
    return this.readQuery.get({ workspace: key.workspaceId, day: key.day, kind: key.kind })?.count ?? 0;
  }
}
