/**
 * Per-key request counts of the current second, kept in the mirror so that
 * every `serve` instance on one database shares them. Taking a request is
 * one upsert: a key's row is overwritten when a new second starts and
 * counted up while under the limit, so the count never passes the limit
 * across processes, and the table holds one row per key (nothing to prune).
 * A clock a little behind another instance's counts in the later second.
 *
 * On SQLite the counts stay in the process's memory instead: SQLite has one
 * writer at a time and an import holds the write lock for a whole file, so
 * a count in the file would make every request wait for the import (or
 * fail as busy), where a burst limit must never hold a request up. One
 * SQLite file is served by one process; several instances sharing limits
 * is what PostgreSQL is for. (The table exists on both, as every table does.)
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { MirrorDb } from "./backend.js";
import { dialectOf } from "./dialect.js";
import { admitOnPostgres } from "./postgres/admissions.js";
import { reusable, slot } from "./reusable-query.js";
import type { WriteWaitOptions } from "./sql-dialect.js";
import type { Reservation, UsageKey } from "./usage-counters.js";

export interface BurstKey {
  workspaceId: string;
  keyId: string;
}

/** The count after this request, or null when the key had already made `limit` requests this second. */
export type BurstCount = number | null;

/** The upsert that counts a request, its values in the slots workspace, key, second and limit. */
function upsert(): RawBuilder<{ count: number }> {
  return sql<{ count: number }>`insert into burst_counters (workspace_id, key_id, second, count)
    values (${slot("workspace")}, ${slot("key")}, ${slot("second")}, 1)
    on conflict (workspace_id, key_id) do update set
      second = case when excluded.second > burst_counters.second then excluded.second else burst_counters.second end,
      count = case when excluded.second > burst_counters.second then 1 else burst_counters.count + 1 end
    where excluded.second > burst_counters.second or burst_counters.count < ${slot("limit")}
    returning count`;
}

const takeQuery = reusable((db: Kysely<any>) => upsert().compile(db));

function burstValues(key: BurstKey, second: number, limit: number) {
  return { workspace: key.workspaceId, key: key.keyId, second, limit };
}

/** Counts one request of `key` in `second` (whole seconds since the epoch) when under `limit`. */
export async function takeBurst(
  db: MirrorDb,
  key: BurstKey,
  second: number,
  limit: number,
  wait?: WriteWaitOptions,
): Promise<BurstCount> {
  if (dialectOf(db).engine === "sqlite") return countedInMemory(db, key, second, limit);
  const query = takeQuery(db).bind(burstValues(key, second, limit));
  const rows = await dialectOf(db).countingWrite(db, "seller_ai_take_burst", query, wait);
  return rows[0] ? Number(rows[0].count) : null;
}

/** A daily quota unit to take with the burst count, when the request is counted (see usage-counters.ts). */
export interface QuotaAsk {
  key: UsageKey;
  limit: number;
}

export interface Admission {
  /** The data-change version (store/data-changes.ts), read in the same step. */
  version: string;
  count: BurstCount;
  /**
   * The quota unit, when it was asked for and taken in the same statement
   * (PostgreSQL, the burst granted): its reservation; else undefined, and
   * the caller takes it with `reserveUsage` when it needs it.
   */
  quota?: Reservation;
}

/**
 * `takeBurst`, the data-change version and, when asked, a unit of a daily
 * quota, in one step: on PostgreSQL one statement (the quota's upsert only
 * runs when the burst count was granted; requests arriving together share
 * it, see postgres/admissions.ts), so a request's limits and its caches'
 * check cost at most one round trip; on SQLite, which has no writes in WITH,
 * the version read and the burst count (in memory, see above), the quota
 * left to its own write.
 */
export async function admitRequest(
  db: MirrorDb,
  key: BurstKey,
  second: number,
  limit: number,
  quota?: QuotaAsk,
  wait?: WriteWaitOptions,
): Promise<Admission> {
  const dialect = dialectOf(db);
  if (dialect.engine !== "postgres") {
    const version = await dialect.dataVersion(db);
    return { version, count: await takeBurst(db, key, second, limit, wait) };
  }
  const row = await admitOnPostgres(db, {
    workspaceId: key.workspaceId,
    keyId: key.keyId,
    second,
    burstLimit: limit,
    quota: quota && { ...quota.key, limit: quota.limit },
  });
  const admission: Admission = { version: row.version, count: row.count };
  if (quota && row.count !== null) {
    admission.quota = row.used === null ? { granted: false, used: row.stood ?? 0 } : { granted: true, used: row.used };
  }
  return admission;
}

const windowsByDb = new WeakMap<object, Map<string, { second: number; count: number }>>();

/** SQLite's counts: per database handle, one window per key, the same rules as the upsert's. */
function countedInMemory(db: MirrorDb, key: BurstKey, second: number, limit: number): BurstCount {
  let windows = windowsByDb.get(db);
  if (!windows) {
    windows = new Map();
    windowsByDb.set(db, windows);
  }
  const id = `${key.workspaceId}\u0000${key.keyId}`;
  const window = windows.get(id);
  if (!window || second > window.second) {
    if (!window && windows.size >= MAX_WINDOWS) windows.delete(windows.keys().next().value as string);
    windows.set(id, { second, count: 1 });
    return 1;
  }
  if (window.count >= limit) return null;
  return ++window.count;
}

/** Keys counted in memory at most (the oldest dropped first: its window has long passed). */
const MAX_WINDOWS = 10_000;
