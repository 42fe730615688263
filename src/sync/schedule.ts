/**
 * `serve --sync-every`: syncs every connected account on an interval. A
 * failed sync is logged and tried again at the next tick (or sooner, with
 * backoff); nothing it throws reaches the server.
 */
import { SellerAiError } from "../core/errors.js";

/** Parses "6h", "30m", "1d", "90s" into milliseconds. */
export function parseInterval(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)$/i.exec(text.trim());
  if (!m) throw new SellerAiError("usage", `--sync-every must be a duration such as 6h, 30m or 1d, got "${text}".`);
  const ms =
    Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2].toLowerCase() as "s" | "m" | "h" | "d"];
  if (ms < 60_000) throw new SellerAiError("usage", `--sync-every must be at least 1m, got "${text}".`);
  return ms;
}

export interface ScheduleLog {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface SyncScheduleOptions {
  everyMs: number;
  /** Syncs every connected account once; may throw. */
  syncAll: () => Promise<{ account: string; status: string; rows: number }[]>;
  log: ScheduleLog;
  /** A failed round is retried after this long at first, doubling up to the interval (default 1 minute). */
  retryMs?: number;
  setTimer?: (fn: () => void, ms: number) => { unref?(): void };
  clearTimer?: (timer: unknown) => void;
}

export class SyncSchedule {
  private timer: unknown;
  private running?: Promise<void>;
  private stopped = false;
  private failures = 0;

  constructor(private readonly options: SyncScheduleOptions) {}

  /** Starts the schedule: the first round right away (in the background). */
  start(): void {
    this.plan(0);
  }

  private plan(ms: number): void {
    if (this.stopped) return;
    const set = this.options.setTimer ?? ((fn, t) => setTimeout(fn, t));
    const timer = set(() => {
      this.running = this.round();
    }, ms);
    timer.unref?.();
    this.timer = timer;
  }

  /** One round; never throws. */
  async round(): Promise<void> {
    let next = this.options.everyMs;
    try {
      const results = await this.options.syncAll();
      for (const r of results)
        this.options.log.info({ account_id: r.account, status: r.status, rows: r.rows }, "scheduled sync finished");
      this.failures = 0;
    } catch (error) {
      this.failures++;
      next = Math.min(this.options.everyMs, (this.options.retryMs ?? 60_000) * 2 ** (this.failures - 1));
      this.options.log.error(
        { err_message: (error as Error)?.message ?? String(error), retry_in_ms: next },
        "scheduled sync failed",
      );
    }
    this.plan(next);
  }

  /** Stops planning rounds and waits for one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    (this.options.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout)))(this.timer);
    await this.running;
  }
}
