import type { MirrorDb } from "./open-mirror.js";
import type { SyncRunStatus } from "./schema.js";
import { nextId } from "./row-ids.js";

/** Marks the account's syncs still "running" as failed: the process that ran them stopped before finishing. */
export async function interruptRunningSyncs(db: MirrorDb, accountId: string, at: string): Promise<number> {
  const result = await db
    .updateTable("sync_runs")
    .set({ status: "failed", finished_at: at, details: JSON.stringify({ error: "interrupted before it finished" }) })
    .where("account_id", "=", accountId)
    .where("kind", "=", "sync")
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Opens a sync run (status running), returning its id. */
export async function startSyncRun(db: MirrorDb, accountId: string, source: string, at: string): Promise<number> {
  const row = await db
    .insertInto("sync_runs")
    .values({
      id: nextId(db, "sync_runs"),
      account_id: accountId,
      kind: "sync",
      source,
      status: "running",
      started_at: at,
      finished_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface FinishedSyncRun {
  status: SyncRunStatus;
  finishedAt: string;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  periodStart: string | null;
  periodEnd: string | null;
  details: unknown;
}

export async function finishSyncRun(db: MirrorDb, id: number, run: FinishedSyncRun): Promise<void> {
  await db
    .updateTable("sync_runs")
    .set({
      status: run.status,
      finished_at: run.finishedAt,
      rows_read: run.rowsRead,
      rows_written: run.rowsWritten,
      rows_rejected: run.rowsRejected,
      period_start: run.periodStart,
      period_end: run.periodEnd,
      details: JSON.stringify(run.details),
    })
    .where("id", "=", id)
    .execute();
}

/** Records one report of a sync that could not be imported (FATAL at Amazon, or failing after retries). */
export async function recordFailedReport(
  db: MirrorDb,
  accountId: string,
  report: { source: string; reportType: string; marketplace: string | null; error: string },
  at: string,
): Promise<number> {
  const row = await db
    .insertInto("sync_runs")
    .values({
      id: nextId(db, "sync_runs"),
      account_id: accountId,
      kind: "sync",
      source: report.source,
      report_type: report.reportType,
      marketplace: report.marketplace,
      status: "failed",
      started_at: at,
      finished_at: at,
      details: JSON.stringify({ error: report.error }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The account's newest sync runs (the whole-sync rows, not their reports), newest first. */
export async function recentSyncs(db: MirrorDb, accountId: string, limit = 5) {
  return db
    .selectFrom("sync_runs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("kind", "=", "sync")
    .where("report_type", "is", null)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
