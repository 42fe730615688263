/**
 * Insight jobs: asked for over the API with `async`, run by the server's
 * worker. Each state change is one statement, so a job is never run twice
 * at once and a job caught running by a restart is taken up again.
 */
import type { Selectable } from "kysely";
import { dialectOf } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import type { InsightJobsTable } from "./schema.js";

export type InsightJob = Selectable<InsightJobsTable>;

export async function enqueueInsightJob(
  db: MirrorDb,
  job: { id: string; accountId: string; workspaceId: string | null; request: unknown; at: string },
): Promise<void> {
  await db
    .insertInto("insight_jobs")
    .values({
      id: job.id,
      account_id: job.accountId,
      workspace_id: job.workspaceId,
      request: JSON.stringify(job.request),
      status: "queued",
      created_at: job.at,
      next_attempt_at: job.at,
    })
    .execute();
}

export async function insightJob(db: MirrorDb, id: string): Promise<InsightJob | undefined> {
  return db.selectFrom("insight_jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Takes the oldest job due at `at` for running, or undefined when none is:
 * one statement picks and marks it, skipping (on PostgreSQL) a job another
 * instance is taking at that moment, so two workers never run the same job.
 */
export async function claimInsightJob(db: MirrorDb, at: string): Promise<InsightJob | undefined> {
  const { skipLocked } = dialectOf(db);
  return (
    db
      .updateTable("insight_jobs")
      .set((eb) => ({ status: "running", started_at: at, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", (eb) =>
        eb
          .selectFrom("insight_jobs")
          .select("id")
          .where("status", "=", "queued")
          .where("next_attempt_at", "<=", at)
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .limit(1)
          .modifyEnd(skipLocked()),
      )
      // Still queued: on SQLite a claimer that read the same id a moment ago finds it taken.
      .where("status", "=", "queued")
      .returningAll()
      .executeTakeFirst()
  );
}

export async function finishInsightJob(db: MirrorDb, id: string, runId: string, at: string): Promise<void> {
  await db
    .updateTable("insight_jobs")
    .set({ status: "done", run_id: runId, finished_at: at, error: null })
    .where("id", "=", id)
    .execute();
}

/** Records a failed attempt: queued again at `retryAt`, or failed for good when there is none. */
export async function failInsightJob(
  db: MirrorDb,
  id: string,
  error: string,
  at: string,
  retryAt?: string,
): Promise<void> {
  await db
    .updateTable("insight_jobs")
    .set(retryAt ? { status: "queued", error, next_attempt_at: retryAt } : { status: "failed", error, finished_at: at })
    .where("id", "=", id)
    .execute();
}

/** Jobs left running by a server that stopped: queued again (at once). Returns how many. */
export async function requeueInterruptedJobs(db: MirrorDb, at: string): Promise<number> {
  const result = await db
    .updateTable("insight_jobs")
    .set({ status: "queued", next_attempt_at: at })
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
