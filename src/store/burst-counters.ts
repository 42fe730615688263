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
 * runs when the burst count was granted), so a request's limits and its
 * caches' check cost one round trip; on SQLite, which has no writes in WITH,
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
  const values = burstValues(key, second, limit);
  const rows = quota
    ? await dialect.countingWrite(
        db,
        "seller_ai_admit_with_quota",
        admitWithQuotaQuery(db).bind({
          ...values,
          quota_workspace: quota.key.workspaceId,
          day: quota.key.day,
          kind: quota.key.kind,
          quota_limit: quota.limit,
        }),
        wait,
      )
    : await dialect.countingWrite(db, "seller_ai_admit", admitQuery(db).bind(values), wait);
  const row = rows[0];
  const count = row?.count === null || row?.count === undefined ? null : Number(row.count);
  const admission: Admission = { version: String(row?.version ?? 0), count };
  if (quota && count !== null) {
    const used = row?.used;
    admission.quota =
      used === null || used === undefined
        ? { granted: false, used: Number(row?.stood ?? 0) }
        : { granted: true, used: Number(used) };
  }
  return admission;
}

interface AdmissionRow {
  version: string;
  count: number | null;
  used?: number | null;
  stood?: number | null;
}

/** The burst count and the data-change version (PostgreSQL: writes in WITH). */
const admitQuery = reusable((db: Kysely<any>) =>
  sql<AdmissionRow>`with taken as (${upsert()})
    select (select version::text from data_changes where id = 1) as version,
      (select count from taken) as count`.compile(db),
);

/** The same, and a unit of the quota (slots quota_workspace, day, kind, quota_limit) when the count is granted. */
const admitWithQuotaQuery = reusable((db: Kysely<any>) =>
  sql<AdmissionRow>`with taken as (${upsert()}), counted as (
      insert into usage_counters (workspace_id, day, kind, count)
      select ${slot("quota_workspace")}, ${slot("day")}, ${slot("kind")}, 1 where exists (select 1 from taken)
      on conflict (workspace_id, day, kind) do update set count = usage_counters.count + 1
      where usage_counters.count < ${slot("quota_limit")}
      returning count)
    select (select version::text from data_changes where id = 1) as version,
      (select count from taken) as count, (select count from counted) as used,
      (select count from usage_counters where workspace_id = ${slot("quota_workspace")}
        and day = ${slot("day")} and kind = ${slot("kind")}) as stood`.compile(db),
);

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
