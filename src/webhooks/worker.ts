/**
 * The delivery worker: fans the outbox out into deliveries, claims the due
 * ones and attempts them, a bounded number at a time. Everything it knows
 * is in the database, so a restart or a crash loses nothing: claims of a
 * worker that died come back to the queue when their lease runs out, and a
 * worker that stops gives its claims back at once. Several workers (in one
 * process or several) may run on the same mirror; a claim is won by one only.
 */
import { setMaxListeners } from "node:events";
import { performance } from "node:perf_hooks";
import type { Kysely } from "kysely";
import { newId } from "../events/index.js";
import { isDatabaseBusy } from "../store/dialect.js";
import { pruneEvents } from "../store/events.js";
import { dueDeliveries, reclaimExpired, type ClaimedDelivery } from "../store/webhook-deliveries.js";
import type { MirrorSchema } from "../store/schema.js";
import { attemptDelivery, type AttemptContext, type AttemptOutcome } from "./attempt.js";
import { AttemptRecorder } from "./attempt-recorder.js";
import { fanOutEvents } from "./fan-out.js";
import { DEFAULT_TIMEOUT_MS } from "./retry-schedule.js";
import type { Sender } from "./sender.js";

export interface WorkerLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface DeliveryWorkerOptions {
  db: Kysely<MirrorSchema>;
  sender: Sender;
  clock?: () => Date;
  random?: () => number;
  /** The sender's timeout: a claim's lease outlasts it. */
  timeoutMs?: number;
  /** Attempts in flight at once, over all endpoints. */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint. */
  perEndpoint?: number;
  /** How often the queue is looked at when there is nothing to do (ms). */
  pollMs?: number;
  workerId?: string;
  log?: WorkerLog;
  /** How long delivered events are kept (default 30 days). */
  retentionMs?: number;
}

export interface RunSummary {
  succeeded: number;
  /** Failed and scheduled for another attempt. */
  retrying: number;
  /** Failed for good (attempts used up, or 410 Gone). */
  failed: number;
  /** Deliveries another worker claimed first. */
  skipped: number;
  outcomes: AttemptOutcome[];
}

/** A claim outlasts the sender's timeout by this much, for recording the outcome. */
const LEASE_MARGIN_MS = 5_000;
const RECLAIM_EVERY_MS = 5_000;
/** Due deliveries read at once; claimed one by one from this list until it runs out, gets old or new ones are queued. */
const PREFETCH = 256;
const PREFETCH_FRESH_MS = 1_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** After a failed pass the worker waits this long, doubled at each failure in a row up to the maximum. */
const ERROR_BACKOFF_MS = 1_000;
const MAX_ERROR_BACKOFF_MS = 30_000;

const silent: WorkerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class DeliveryWorker {
  readonly workerId: string;
  private readonly db: Kysely<MirrorSchema>;
  private readonly clock: () => Date;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly pollMs: number;
  private readonly retentionMs: number;
  private readonly log: WorkerLog;
  private readonly context: AttemptContext;
  private readonly abort = new AbortController();
  private readonly inFlight = new Map<string, { endpointId: string; done: Promise<AttemptOutcome> }>();
  private lastReclaim = Number.NEGATIVE_INFINITY;
  private lastPrune = Number.NEGATIVE_INFINITY;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private due: ClaimedDelivery[] = [];
  private dueReadAt = Number.NEGATIVE_INFINITY;
  private lastFanOut = Number.NEGATIVE_INFINITY;

  constructor(options: DeliveryWorkerOptions) {
    this.db = options.db;
    this.clock = options.clock ?? (() => new Date());
    this.concurrency = options.concurrency ?? 32;
    this.perEndpoint = options.perEndpoint ?? 16;
    this.pollMs = options.pollMs ?? 100;
    this.retentionMs = options.retentionMs ?? 30 * 24 * 60 * 60 * 1000;
    this.log = options.log ?? silent;
    this.workerId = options.workerId ?? newId("wk");
    // Each attempt in flight listens for the stop; their number is bounded by the concurrency.
    setMaxListeners(0, this.abort.signal);
    this.context = {
      db: this.db,
      sender: options.sender,
      clock: this.clock,
      random: options.random ?? Math.random,
      workerId: this.workerId,
      leaseMs: (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + LEASE_MARGIN_MS,
      signal: this.abort.signal,
      recorder: new AttemptRecorder(this.db),
    };
  }

  /** Runs in the background until stop(); failures are logged and retried, never thrown. */
  start(): void {
    if (this.loop) return;
    this.loop = this.run();
  }

  /** Looks at the queue now instead of at the next poll. */
  wake(): void {
    // Woken while busy (no wait under way): the next wait returns at once, so no wake-up is lost.
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /**
   * Stops: no new claims, attempts in flight are cut short and their claims
   * given back (delivered again by the next worker), then returns.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
  }

  /**
   * Delivers what is due now and returns when it is done: queued events are
   * fanned out, due deliveries attempted once each (a failure waits for its
   * next time). For `seller-ai webhooks deliver` and tests.
   */
  async runOnce(): Promise<RunSummary> {
    const summary: RunSummary = { succeeded: 0, retrying: 0, failed: 0, skipped: 0, outcomes: [] };
    const tried = new Set<string>();
    await this.housekeeping(true);
    while (!this.stopping) {
      if (performance.now() - this.lastFanOut >= this.pollMs) {
        this.lastFanOut = performance.now();
        await this.fanOutAll();
      }
      const started = await this.claimAndStart(tried, (outcome) => {
        summary.outcomes.push(outcome);
        if (!outcome.claimed) summary.skipped++;
        else if (outcome.status === "succeeded") summary.succeeded++;
        else if (outcome.status === "pending") summary.retrying++;
        else if (outcome.status === "failed") summary.failed++;
      });
      if (started === 0 && this.inFlight.size === 0) break;
      if (started === 0 || this.inFlight.size >= this.concurrency)
        await Promise.race([...this.inFlight.values()].map((f) => f.done));
    }
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    return summary;
  }

  private async run(): Promise<void> {
    this.log.info({ worker_id: this.workerId }, "webhook delivery worker started");
    let failures = 0;
    while (!this.stopping) {
      let started = 0;
      try {
        await this.housekeeping(false);
        // While attempts keep finishing the loop turns often; the outbox is looked at once a poll.
        if (performance.now() - this.lastFanOut >= this.pollMs) {
          this.lastFanOut = performance.now();
          await this.fanOutAll();
        }
        started = await this.claimAndStart();
        failures = 0;
      } catch (error) {
        failures++;
        const wait = Math.min(MAX_ERROR_BACKOFF_MS, ERROR_BACKOFF_MS * 2 ** (failures - 1));
        if (isDatabaseBusy(error))
          this.log.warn(
            { worker_id: this.workerId, retry_in_ms: wait },
            "the mirror is busy with another write (an import?); webhook deliveries wait for it",
          );
        else
          this.log.error(
            { err: error, worker_id: this.workerId, retry_in_ms: wait },
            "webhook delivery worker failed; retrying",
          );
        await this.idle(wait);
        continue;
      }
      if (started === 0) await this.idle(this.pollMs);
    }
    this.log.info({ worker_id: this.workerId }, "webhook delivery worker stopped");
  }

  private idle(ms: number): Promise<void> {
    if (this.stopping || this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  private async housekeeping(force: boolean): Promise<void> {
    const now = this.clock();
    if (force || now.getTime() - this.lastReclaim >= RECLAIM_EVERY_MS) {
      this.lastReclaim = now.getTime();
      const reclaimed = await reclaimExpired(this.db, now.toISOString());
      if (reclaimed.length)
        this.log.warn(
          { worker_id: this.workerId, deliveries: reclaimed.length },
          "webhook deliveries whose worker stopped mid-attempt are queued again",
        );
    }
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      const pruned = await pruneEvents(this.db, new Date(now.getTime() - this.retentionMs).toISOString());
      if (pruned) this.log.info({ events: pruned }, "delivered events older than the retention removed");
    }
  }

  private async fanOutAll(): Promise<void> {
    for (;;) {
      const { events, deliveries } = await fanOutEvents(this.db, this.clock());
      if (events === 0) return;
      // New deliveries: the list of due ones is read again.
      if (deliveries) this.dueReadAt = Number.NEGATIVE_INFINITY;
      if (deliveries) this.log.info({ events, deliveries }, "webhook deliveries queued");
    }
  }

  /**
   * Claims due deliveries up to the free slots and starts their attempts;
   * returns how many started. `tried` (runOnce) keeps a delivery to one
   * attempt per run.
   */
  private async claimAndStart(tried?: Set<string>, onOutcome?: (o: AttemptOutcome) => void): Promise<number> {
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0 || this.stopping) return 0;
    if (this.due.length === 0 || performance.now() - this.dueReadAt >= PREFETCH_FRESH_MS) {
      this.due = await dueDeliveries(this.db, this.clock().toISOString(), PREFETCH);
      this.dueReadAt = performance.now();
    }
    let started = 0;
    const perEndpoint = new Map<string, number>();
    for (const f of this.inFlight.values()) perEndpoint.set(f.endpointId, (perEndpoint.get(f.endpointId) ?? 0) + 1);
    const waiting: ClaimedDelivery[] = [];
    for (const row of this.due) {
      if (this.inFlight.has(row.id) || tried?.has(row.id)) continue;
      const busy = perEndpoint.get(row.endpoint_id) ?? 0;
      // Kept for a free slot later; each is claimed only when started (the claim checks it is still due).
      if (started >= free || this.stopping || busy >= this.perEndpoint) {
        waiting.push(row);
        continue;
      }
      tried?.add(row.id);
      perEndpoint.set(row.endpoint_id, busy + 1);
      started++;
      const done = attemptDelivery(this.context, row.id, { seen: row })
        .then((outcome) => {
          this.report(outcome);
          onOutcome?.(outcome);
          return outcome;
        })
        .catch((error: unknown) => {
          // The claim stays until its lease runs out; then the delivery is attempted again.
          this.log.error({ err: error, delivery_id: row.id }, "webhook attempt could not be recorded");
          const outcome: AttemptOutcome = { deliveryId: row.id, claimed: true, error: String(error) };
          onOutcome?.(outcome);
          return outcome;
        })
        .finally(() => {
          this.inFlight.delete(row.id);
          this.wake();
        });
      this.inFlight.set(row.id, { endpointId: row.endpoint_id, done });
    }
    this.due = waiting;
    return started;
  }

  private report(outcome: AttemptOutcome): void {
    if (!outcome.claimed || outcome.released) return;
    const fields = {
      delivery_id: outcome.deliveryId,
      event_id: outcome.eventId,
      endpoint_id: outcome.endpointId,
      status: outcome.status,
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs === undefined ? undefined : Math.round(outcome.durationMs),
    };
    if (outcome.status !== "succeeded")
      this.log.warn(
        { ...fields, error: outcome.error, next_attempt_at: outcome.nextAttemptAt },
        "webhook attempt failed",
      );
    if (outcome.endpointDisabled)
      this.log.warn({ endpoint_id: outcome.endpointId, reason: outcome.endpointDisabled }, "webhook endpoint disabled");
  }
}
