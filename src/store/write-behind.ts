/**
 * Writes that may happen a little later than the request that asked for
 * them (a quota unit given back, a key's last use, a remembered answer's
 * conversation), run in the background until they succeed. While another
 * process holds the write lock (an import), each waits its turn without
 * blocking anything; any failure is logged and retried after a pause, and
 * never ends the server.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { isDatabaseBusy } from "./dialect.js";

export interface WriteBehindLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface WriteBehindOptions {
  log?: WriteBehindLog;
  /** The pause before a failed write is tried again, doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Attempts of a write failing for another reason than a busy mirror, before it is dropped (logged). */
  maxFailures?: number;
}

interface Pending {
  name: string;
  work: () => Promise<void>;
  failures: number;
  warned?: boolean;
}

const QUIET: WriteBehindLog = { warn: () => undefined, error: () => undefined };

/**
 * @example
 * const later = new WriteBehind({ log: app.log });
 * later.defer("usage release", () => releaseUsage(db, key, { waitMs: 0 }));
 * await later.close(); // tries what is left once more
 */
export class WriteBehind {
  private readonly queue: Pending[] = [];
  private running: Promise<void> | undefined;
  private readonly log: WriteBehindLog;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly maxFailures: number;
  /** Once closing: the instant after which a failing write is given up. */
  private giveUpAt: number | undefined;
  private wake: AbortController | undefined;

  constructor(options: WriteBehindOptions = {}) {
    this.log = options.log ?? QUIET;
    this.retryMs = options.retryMs ?? 50;
    this.maxRetryMs = options.maxRetryMs ?? 1_000;
    this.maxFailures = options.maxFailures ?? 10;
  }

  /** Writes still waiting. */
  get pending(): number {
    return this.queue.length;
  }

  /** Runs `work` in the background, again after a pause for as long as it fails. */
  defer(name: string, work: () => Promise<void>): void {
    this.queue.push({ name, work, failures: 0 });
    this.running ??= this.run()
      .catch((error) => this.log.error({ err: error }, "background writes stopped"))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Tries the waiting writes now instead of after the pause (a request is waiting for one of them). */
  nudge(): void {
    this.wake?.abort();
  }

  /** Resolves once every write deferred so far has been made (or dropped). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Keeps retrying for `graceMs` more (default 5 s), then gives up what still fails, logged as lost. */
  async close(graceMs = 5_000): Promise<void> {
    this.giveUpAt = performance.now() + graceMs;
    await this.settled();
  }

  private async run(): Promise<void> {
    let pause = this.retryMs;
    while (this.queue.length > 0) {
      const next = this.queue[0];
      try {
        await next.work();
        this.queue.shift();
        pause = this.retryMs;
        continue;
      } catch (error) {
        const busy = isDatabaseBusy(error);
        if (!busy) next.failures++;
        const late = this.giveUpAt !== undefined && performance.now() >= this.giveUpAt;
        if (late || next.failures >= this.maxFailures) {
          this.queue.shift();
          this.log.error({ err: error, write: next.name }, "a background write was given up");
          continue;
        }
        if (!busy) this.log.error({ err: error, write: next.name }, "a background write failed; retrying");
        else if (!next.warned) {
          next.warned = true;
          this.log.warn({ write: next.name }, "the mirror is busy with another write; retrying in the background");
        }
      }
      this.wake = new AbortController();
      await sleep(pause, undefined, { signal: this.wake.signal }).catch(() => undefined);
      this.wake = undefined;
      pause = Math.min(2 * pause, this.maxRetryMs);
    }
  }
}
