/**
 * Processes stored billing events in the background of `serve`: at once
 * when the receiver stores one (kick), and when a retry falls due. A
 * failed event is retried after 5 s, 10 s, 20 s… (doubling, at most an
 * hour apart) until MAX_ATTEMPTS, then left failed for a person. Anything
 * that goes wrong in a pass (the database busy or gone) is logged and the
 * pass tried again after a pause that doubles up to 30 s: nothing here can
 * stop the worker or end the server.
 */
import { performance } from "node:perf_hooks";
import type { Kysely } from "kysely";
import { dueBillingEvents, nextBillingEventDue } from "../store/billing-events.js";
import type { MirrorSchema } from "../store/schema.js";
import { processBillingEvents, type ProcessResult } from "./process-event.js";

export const MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60 * 1000;
const ERROR_PAUSE_MS = 1_000;
const MAX_ERROR_PAUSE_MS = 30_000;
/** Events processed in one transaction: small enough that other queries never wait long for it. */
const BATCH = 50;

export interface BillingLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Told about each event processed or failed (the API's metrics). */
export interface BillingObserver {
  processed(type: string, seconds: number): void;
  failed(type: string, final: boolean): void;
}

export interface RetrySchedule {
  /** The first retry's delay, doubled at each further failure. */
  baseMs: number;
  maxMs: number;
  /** Attempts before an event is left failed for a person. */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetrySchedule = { baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS, maxAttempts: MAX_ATTEMPTS };

/** When to try an event again after `attempts` failed attempts, or undefined when they are used up. */
export function retryAfter(schedule: RetrySchedule, attempts: number, now: Date): string | undefined {
  if (attempts >= schedule.maxAttempts) return undefined;
  const delay = Math.min(schedule.maxMs, schedule.baseMs * 2 ** (attempts - 1));
  return new Date(now.getTime() + delay).toISOString();
}

export interface BillingWorkerOptions {
  db: Kysely<MirrorSchema>;
  /** Real time: events fall due by it (default: the system clock). */
  clock?: () => Date;
  log?: BillingLog;
  observer?: BillingObserver;
  retry?: Partial<RetrySchedule>;
  /** How often to look for due events when nothing woke the worker (ms). */
  pollMs?: number;
}

const silent: BillingLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class BillingWorker {
  private readonly db: Kysely<MirrorSchema>;
  private readonly clock: () => Date;
  private readonly log: BillingLog;
  private readonly retry: RetrySchedule;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private errorPause = 0;

  constructor(private readonly options: BillingWorkerOptions) {
    this.db = options.db;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? silent;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.pollMs = options.pollMs ?? 1_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Looks for due events now (an event was just stored) instead of at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.busy) {
      // The pass under way looks again before it ends.
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops looking for events and waits for the one being processed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.busy;
  }

  /** Processes every event due now, then resolves (tests; `serve` never needs it). */
  async drain(): Promise<void> {
    for (;;) {
      await this.busy;
      if (!(await this.pass())) return;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref?.();
  }

  private tick(): void {
    this.timer = undefined;
    if (this.stopped || this.busy) return;
    this.pass()
      .then(async () => {
        this.errorPause = 0;
        this.schedule(await this.untilNextDue());
      })
      .catch((error) => {
        this.errorPause = Math.min(MAX_ERROR_PAUSE_MS, this.errorPause ? this.errorPause * 2 : ERROR_PAUSE_MS);
        this.log.error({ err: error, retry_in_ms: this.errorPause }, "billing worker pass failed; it goes on");
        this.schedule(this.errorPause);
      });
  }

  /** The wait until the next event falls due, at most the poll interval. */
  private async untilNextDue(): Promise<number> {
    const due = await nextBillingEventDue(this.db);
    if (due === undefined) return this.pollMs;
    return Math.max(0, Math.min(this.pollMs, Date.parse(due) - this.clock().getTime()));
  }

  /** Processes what is due, batch after batch; true when it processed (or failed) any. */
  private async pass(): Promise<boolean> {
    if (this.busy) {
      await this.busy;
      return true;
    }
    let worked = false;
    const work = (async () => {
      do {
        this.again = false;
        for (;;) {
          if (this.stopped && worked) return;
          const ids = await dueBillingEvents(this.db, this.clock().toISOString(), BATCH);
          if (ids.length === 0) break;
          worked = true;
          const results = await this.processBatch(ids);
          const busy = results.find((r) => r.status === "busy");
          if (busy) throw new Error(`the mirror is busy: ${busy.error}`);
          // The database calls never leave the event loop's microtasks: requests waiting to be read
          // (a burst of deliveries to acknowledge) get their turn between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } while (this.again && !this.stopped);
    })();
    this.busy = work.finally(() => {
      this.busy = undefined;
    });
    await this.busy;
    return worked;
  }

  private async processBatch(ids: string[]): Promise<ProcessResult[]> {
    const started = performance.now();
    const results = await processBillingEvents(this.db, ids, {
      now: this.clock(),
      retryAt: (attempts, now) => retryAfter(this.retry, attempts, now),
    });
    // The batch's time, shared by its events.
    const seconds = (performance.now() - started) / 1000 / Math.max(1, ids.length);
    for (const result of results) {
      if (result.status === "processed") {
        this.options.observer?.processed(result.type, seconds);
        this.log.info({ event_id: result.id, type: result.type, outcome: result.outcome }, "billing event processed");
      } else if (result.status === "failed") {
        this.options.observer?.failed(result.type, result.retryAt === undefined);
        this.log.warn(
          {
            event_id: result.id,
            type: result.type,
            attempts: result.attempts,
            error: result.error,
            retry_at: result.retryAt ?? null,
          },
          result.retryAt
            ? "billing event failed; it is retried"
            : "billing event failed for good; `seller-ai billing retry` takes it up",
        );
      }
    }
    return results;
  }
}
