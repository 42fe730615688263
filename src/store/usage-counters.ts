/**
 * Daily usage counters, kept in the mirror. A reservation is one statement
 * (insert, or add one while under the limit, returning the new count), run
 * as the dialect runs counter writes (SqlDialect.countingWrite), so the count
 * can never pass the limit across requests and processes, and it survives
 * restarts.
 */
import { sql, type Kysely } from "kysely";
import type { MirrorDb } from "./backend.js";
import { dialectOf, type WriteWaitOptions } from "./dialect.js";
import { reusable, slot } from "./reusable-query.js";
import type { MirrorSchema } from "./schema.js";

/** What a daily counter counts; each endpoint that costs quota names its kind. */
export type UsageKind = "query" | "insights";

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

const KEY = { workspace_id: slot("workspace"), day: slot("day"), kind: slot("kind") };

const reserveQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .insertInto("usage_counters")
    .values({ ...KEY, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["workspace_id", "day", "kind"])
        .doUpdateSet({ count: sql<number>`usage_counters.count + 1` })
        .where("usage_counters.count", "<", sql<number>`${slot("limit")}`),
    )
    .returning("count")
    .compile(),
);

const releaseQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .updateTable("usage_counters")
    .set({ count: sql<number>`count - 1` })
    .where("workspace_id", "=", KEY.workspace_id)
    .where("day", "=", KEY.day)
    .where("kind", "=", KEY.kind)
    .where("count", ">", 0)
    .compile(),
);

const readQuery = reusable((db: Kysely<MirrorSchema>) =>
  db
    .selectFrom("usage_counters")
    .select("count")
    .where("workspace_id", "=", KEY.workspace_id)
    .where("day", "=", KEY.day)
    .where("kind", "=", KEY.kind)
    .compile(),
);

function keyValues(key: UsageKey) {
  return { workspace: key.workspaceId, day: key.day, kind: key.kind };
}

/** Takes one unit when the count is under `limit` (null: no limit, counted anyway). */
export async function reserveUsage(
  db: MirrorDb,
  key: UsageKey,
  limit: number | null,
  wait?: WriteWaitOptions,
): Promise<Reservation> {
  const values = { ...keyValues(key), limit: limit ?? Number.MAX_SAFE_INTEGER };
  const [row] = await dialectOf(db).countingWrite(db, "seller_ai_reserve_usage", reserveQuery(db).bind(values), wait);
  if (row) return { granted: true, used: row.count };
  return { granted: false, used: await usedToday(db, key) };
}

/** Gives back a unit taken by `reserveUsage` for a request that was not answered. */
export async function releaseUsage(db: MirrorDb, key: UsageKey, wait?: WriteWaitOptions): Promise<void> {
  await dialectOf(db).countingWrite(db, "seller_ai_release_usage", releaseQuery(db).bind(keyValues(key)), wait);
}

/** The units used so far. */
export async function usedToday(db: MirrorDb, key: UsageKey): Promise<number> {
  return (await readQuery(db).execute(db, keyValues(key))).rows[0]?.count ?? 0;
}
