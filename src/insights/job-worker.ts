/**
 * Runs insight jobs in the background of `serve`, one at a time, from the
 * jobs table: a job asked for before a restart is run after it, a job cut
 * short by one is run again. A failing job is logged and retried (after 1,
 * 2, 4… seconds) up to MAX_ATTEMPTS times, then marked failed; nothing a
 * job does can stop the worker or the server. A job that ends (done, or
 * failed for good) records `analysis.completed` in the transaction that
 * marks it so.
 */
import { emitAnalysisCompleted } from "../events/index.js";
import type { MirrorDb } from "../store/open-mirror.js";
import {
  claimInsightJob,
  failInsightJob,
  finishInsightJob,
  requeueInterruptedJobs,
  type InsightJob,
} from "../store/insight-jobs.js";
import { runAndStore, type RunRequest } from "./run-and-store.js";

export const MAX_ATTEMPTS = 3;

export interface JobLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface JobWorkerOptions {
  db: MirrorDb;
  /** The instant jobs are run at (the server's clock). */
  clock: () => Date;
  log: JobLogger;
  /** How often to look for due jobs when idle, in ms. */
  pollMs?: number;
  /** The first retry's delay in ms (doubled each time). */
  retryMs?: number;
  /** Runs one job's request; the real insights run by default (tests pass failing ones). */
  run?: (db: MirrorDb, request: RunRequest) => Promise<{ runId: string }>;
}

/** The options an insights job was asked with, as stored. */
export interface JobRequest {
  type: RunRequest["type"];
  detail?: RunRequest["detail"];
  marketplace?: string;
  accountId: string;
}

export class InsightJobWorker {
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private stopped = true;
  private readonly pollMs: number;
  private readonly retryMs: number;
  private readonly run: NonNullable<JobWorkerOptions["run"]>;

  constructor(private readonly options: JobWorkerOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.retryMs = options.retryMs ?? 1000;
    this.run = options.run ?? ((db, request) => runAndStore(db, request));
  }

  /** Takes up jobs a stopped server left running, then starts polling. */
  async start(): Promise<void> {
    this.stopped = false;
    try {
      const requeued = await requeueInterruptedJobs(this.options.db, this.options.clock().toISOString());
      if (requeued) this.options.log.info({ jobs: requeued }, "insight jobs interrupted by a restart queued again");
    } catch (error) {
      this.options.log.error({ err: error }, "could not look for interrupted insight jobs");
    }
    this.kick();
  }

  /** Looks for due jobs now (after a job is queued) rather than at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  /** Stops polling and waits for the job under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.busy;
  }

  /** Resolves when no job is due (for tests: everything queued so far has run or is waiting to retry). */
  async drain(): Promise<void> {
    for (;;) {
      await this.busy;
      const ran = await this.runDue();
      if (!ran) return;
    }
  }

  private tick(): void {
    this.timer = undefined;
    if (this.stopped || this.busy) return;
    this.runDue()
      .catch((error) => this.options.log.error({ err: error }, "insight job worker failed; it goes on"))
      .finally(() => {
        if (!this.stopped) this.timer = setTimeout(() => this.tick(), this.pollMs);
      });
  }

  /** Runs every job due now, one after the other; true when it ran any. */
  private async runDue(): Promise<boolean> {
    if (this.busy) return true;
    let ran = false;
    const work = (async () => {
      for (;;) {
        if (this.stopped && ran) return;
        const job = await claimInsightJob(this.options.db, this.options.clock().toISOString());
        if (!job) return;
        ran = true;
        await this.runOne(job);
      }
    })();
    this.busy = work.finally(() => {
      this.busy = undefined;
    });
    await this.busy;
    return ran;
  }

  private async runOne(job: InsightJob): Promise<void> {
    const { db, clock, log } = this.options;
    const request = JSON.parse(job.request) as JobRequest;
    try {
      const done = await this.run(db, {
        now: clock(),
        accountId: request.accountId,
        type: request.type,
        detail: request.detail,
        marketplace: request.marketplace,
      });
      const at = clock();
      await db.transaction().execute(async (trx) => {
        await finishInsightJob(trx, job.id, done.runId, at.toISOString());
        await emitAnalysisCompleted(trx, completion(job, request, "succeeded", at), at);
      });
      log.info({ job_id: job.id, run_id: done.runId }, "insight job done");
    } catch (error) {
      const attempts = job.attempts;
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        attempts < MAX_ATTEMPTS
          ? new Date(clock().getTime() + this.retryMs * 2 ** (attempts - 1)).toISOString()
          : undefined;
      log.error({ job_id: job.id, attempts, err: error, retry_at: retryAt ?? null }, "insight job failed");
      try {
        const at = clock();
        await db.transaction().execute(async (trx) => {
          await failInsightJob(trx, job.id, message, at.toISOString(), retryAt);
          // Failed for good: the caller waiting on the job hears of it as of a success.
          if (!retryAt) await emitAnalysisCompleted(trx, completion(job, request, "failed", at), at);
        });
      } catch (inner) {
        log.error({ job_id: job.id, err: inner }, "could not record an insight job's failure");
      }
    }
  }
}

/** The `analysis.completed` event of a job that ended; its error stays in the log, as GET /v1/insights/jobs/{id} says. */
function completion(job: InsightJob, request: JobRequest, status: "succeeded" | "failed", at: Date) {
  return {
    id: job.id,
    account_id: job.account_id,
    status,
    kind: request.type,
    completed_at: at.toISOString(),
    result_url: `/v1/insights/jobs/${job.id}`,
    error: status === "failed" ? "the insights run failed; it has been logged." : null,
  };
}
