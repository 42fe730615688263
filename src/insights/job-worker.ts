/**
 * Runs insight jobs in the background of `serve`, one at a time, from the
 * jobs table shared by every instance on the database: a job asked for
 * before a restart is run after it. The worker holds the job it runs on a
 * lease, renewed every third of it while the job runs; a job whose worker
 * stopped (a crash, a restart, an instance gone) is taken up by any worker
 * once its lease runs out, and the worker that lost a lease records
 * nothing. A failing job is logged and retried (after 1, 2, 4… seconds) up
 * to MAX_ATTEMPTS times, then marked failed, as is a job taken up after
 * MAX_ATTEMPTS lost leases (one that stops its worker every time); nothing
 * a job does can stop the worker or the server. A job that ends (done, or
 * failed for good) records `analysis.completed` in the transaction that
 * marks it so.
 */
import { randomBytes } from "node:crypto";
import { emitAnalysisCompleted } from "../events/index.js";
import type { MirrorDb } from "../store/open-mirror.js";
import {
  claimInsightJob,
  failInsightJob,
  finishInsightJob,
  renewInsightJobLease,
  type InsightJob,
} from "../store/insight-jobs.js";
import { runAndStore, type RunRequest } from "./run-and-store.js";

export const MAX_ATTEMPTS = 3;
/** How long a claimed job is held without a heartbeat: long enough for a busy server to renew it in time. */
export const DEFAULT_LEASE_MS = 60_000;

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
  /** How long a claimed job is held without a heartbeat, in ms of `clock` (default 60 s). */
  leaseMs?: number;
  /** Calls `beat` every `ms` until the returned function is called (real timers by default; tests beat by hand). */
  every?: (ms: number, beat: () => void) => () => void;
  /** This worker's name in the jobs it holds (default: random). */
  workerId?: string;
}

function realEvery(ms: number, beat: () => void): () => void {
  const timer = setInterval(beat, ms);
  timer.unref?.();
  return () => clearInterval(timer);
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
  private readonly leaseMs: number;
  private readonly every: NonNullable<JobWorkerOptions["every"]>;
  readonly workerId: string;

  constructor(private readonly options: JobWorkerOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.retryMs = options.retryMs ?? 1000;
    this.run = options.run ?? ((db, request) => runAndStore(db, request));
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.every = options.every ?? realEvery;
    this.workerId = options.workerId ?? `insights_${randomBytes(8).toString("hex")}`;
  }

  /**
   * Starts polling. Jobs a stopped server left running are taken up once
   * their leases run out, by this worker or another instance's: a job
   * another instance is running right now is not taken from it.
   */
  async start(): Promise<void> {
    this.stopped = false;
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
        const job = await claimInsightJob(this.options.db, this.claim());
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

  /** A claim from now, for the lease's length. */
  private claim() {
    const now = this.options.clock();
    return {
      workerId: this.workerId,
      at: now.toISOString(),
      leaseUntil: new Date(now.getTime() + this.leaseMs).toISOString(),
    };
  }

  /** Runs a job with its lease renewed meanwhile, then records how it ended (if the lease still holds). */
  private async runOne(job: InsightJob): Promise<void> {
    const { db, log } = this.options;
    let renewing: Promise<void> = Promise.resolve();
    const stopBeating = this.every(Math.max(1, Math.floor(this.leaseMs / 3)), () => {
      renewing = renewing.then(async () => {
        try {
          const { leaseUntil } = this.claim();
          if (!(await renewInsightJobLease(db, job.id, this.workerId, leaseUntil)))
            log.error({ job_id: job.id }, "insight job lease lost; another worker takes the job up");
        } catch (error) {
          log.error({ job_id: job.id, err: error }, "could not renew an insight job's lease");
        }
      });
    });
    try {
      await this.attempt(job);
    } finally {
      stopBeating();
      await renewing;
    }
  }

  private async attempt(job: InsightJob): Promise<void> {
    const { db, clock, log } = this.options;
    const request = JSON.parse(job.request) as JobRequest;
    if (job.attempts > MAX_ATTEMPTS) {
      // Taken up after its worker stopped every time: running it again would likely stop this one too.
      await this.record(job, request, "its worker stopped before it finished, attempt after attempt", undefined);
      return;
    }
    try {
      const done = await this.run(db, {
        now: clock(),
        accountId: request.accountId,
        type: request.type,
        detail: request.detail,
        marketplace: request.marketplace,
      });
      const at = clock();
      const held = await db.transaction().execute(async (trx) => {
        if (!(await finishInsightJob(trx, job.id, this.workerId, done.runId, at.toISOString()))) return false;
        await emitAnalysisCompleted(trx, completion(job, request, "succeeded", at), at);
        return true;
      });
      if (held) log.info({ job_id: job.id, run_id: done.runId }, "insight job done");
      else log.error({ job_id: job.id, run_id: done.runId }, "insight job done after its lease was lost; not recorded");
    } catch (error) {
      const attempts = job.attempts;
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        attempts < MAX_ATTEMPTS
          ? new Date(clock().getTime() + this.retryMs * 2 ** (attempts - 1)).toISOString()
          : undefined;
      log.error({ job_id: job.id, attempts, err: error, retry_at: retryAt ?? null }, "insight job failed");
      await this.record(job, request, message, retryAt);
    }
  }

  /** Records a failed attempt, if the worker still holds the job. */
  private async record(job: InsightJob, request: JobRequest, message: string, retryAt: string | undefined) {
    const { db, clock, log } = this.options;
    try {
      const at = clock();
      await db.transaction().execute(async (trx) => {
        if (!(await failInsightJob(trx, job.id, this.workerId, message, at.toISOString(), retryAt))) return;
        // Failed for good: the caller waiting on the job hears of it as of a success.
        if (!retryAt) await emitAnalysisCompleted(trx, completion(job, request, "failed", at), at);
      });
    } catch (inner) {
      log.error({ job_id: job.id, err: inner }, "could not record an insight job's failure");
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
