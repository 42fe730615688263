/**
 * Insight jobs: asked for over the API with `async`, run by the servers'
 * workers. Each state change is one statement. A worker holds the job it
 * runs on a lease it renews while running; a job whose lease ran out (its
 * worker or server stopped) is taken up again by any worker, and the late
 * finish of the worker that lost it changes nothing.
 */
import type { ExpressionBuilder, Selectable } from "kysely";
import { dialectOf } from "./dialect.js";
import type { MirrorDb } from "./open-mirror.js";
import type { InsightJobsTable, MirrorSchema } from "./schema.js";

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

/** Who takes a job, for how long, and when: the lease runs out at `leaseUntil` unless renewed. */
export interface JobClaim {
  workerId: string;
  at: string;
  leaseUntil: string;
}

/**
 * Takes the oldest job due at `at` for running, or undefined when none is:
 * a queued job, or a running one whose lease ran out (its worker stopped
 * without finishing it; a lease of none is a job left by a version without
 * leases). One statement picks and marks it, skipping (on PostgreSQL) a job
 * another instance is taking at that moment, so two workers never hold the
 * same job at once.
 */
export async function claimInsightJob(db: MirrorDb, claim: JobClaim): Promise<InsightJob | undefined> {
  const { skipLocked } = dialectOf(db);
  const { at } = claim;
  return (
    db
      .updateTable("insight_jobs")
      .set((eb) => ({
        status: "running",
        started_at: at,
        attempts: eb("attempts", "+", 1),
        claimed_by: claim.workerId,
        lease_expires_at: claim.leaseUntil,
      }))
      .where("id", "=", (eb) =>
        eb
          .selectFrom("insight_jobs")
          .select("id")
          .where(claimable(at))
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .limit(1)
          .modifyEnd(skipLocked()),
      )
      // Still claimable: on SQLite a claimer that read the same id a moment ago finds it taken.
      .where(claimable(at))
      .returningAll()
      .executeTakeFirst()
  );
}

/** Queued and due, or running on a lease that ran out. */
function claimable(at: string) {
  return (eb: ExpressionBuilder<MirrorSchema, "insight_jobs">) =>
    eb.or([
      eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", at)]),
      eb.and([
        eb("status", "=", "running"),
        eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", at)]),
      ]),
    ]);
}

/**
 * Extends the lease of a job the worker still holds (a heartbeat while it
 * runs); false when it lost it (the lease ran out and another worker took the job).
 */
export async function renewInsightJobLease(
  db: MirrorDb,
  id: string,
  workerId: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable("insight_jobs")
    .set({ lease_expires_at: leaseUntil })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a job the worker holds done; false (nothing changed) when it no longer holds it. */
export async function finishInsightJob(
  db: MirrorDb,
  id: string,
  workerId: string,
  runId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("insight_jobs")
    .set({ status: "done", run_id: runId, finished_at: at, error: null, claimed_by: null, lease_expires_at: null })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt of a job the worker holds: queued again at
 * `retryAt`, or failed for good when there is none; false (nothing changed)
 * when it no longer holds it.
 */
export async function failInsightJob(
  db: MirrorDb,
  id: string,
  workerId: string,
  error: string,
  at: string,
  retryAt?: string,
): Promise<boolean> {
  const result = await db
    .updateTable("insight_jobs")
    .set({
      ...(retryAt
        ? { status: "queued", error, next_attempt_at: retryAt }
        : { status: "failed", error, finished_at: at }),
      claimed_by: null,
      lease_expires_at: null,
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
