/**
 * One round of `serve --sync-every` on a database that several instances
 * may share: the instance claims connected accounts whose sync is due, one
 * at a time, syncs each while renewing its lease, and lets it go due again
 * an interval later (or sooner, after a failure). An account another
 * instance is syncing, or has synced within the interval, is left alone.
 */
import { randomBytes } from "node:crypto";
import type { Connection } from "../store/connections.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { claimDueSync, releaseSync, renewSyncLease } from "../store/sync-claims.js";

/** How long a claimed account is held without a heartbeat: a first sync takes about a minute. */
export const DEFAULT_SYNC_LEASE_MS = 5 * 60_000;

export interface DueSyncsOptions {
  db: MirrorDb;
  /** This instance's name in the accounts it holds (default: random). */
  workerId?: string;
  clock: () => Date;
  /** The schedule's interval: an account synced now is due again this long after the sync began. */
  everyMs: number;
  /** An account whose sync failed is due again this long after the failure. */
  retryMs: number;
  leaseMs?: number;
  /** Calls `beat` every `ms` until the returned function is called (real timers by default). */
  every?: (ms: number, beat: () => void) => () => void;
  /** Syncs one claimed account; may throw. */
  sync: (conn: Connection) => Promise<{ status: string; rows: number }>;
  /** Told when a lease could not be renewed or was lost. */
  warn?: (fields: Record<string, unknown>, message: string) => void;
}

export interface DueSyncsRound {
  results: { account: string; status: string; rows: number }[];
  /** One line per account whose sync failed. */
  problems: string[];
}

/** A random name for an instance's worker. */
export function newWorkerId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString("hex")}`;
}

function realEvery(ms: number, beat: () => void): () => void {
  const timer = setInterval(beat, ms);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Syncs every account due now that no other instance holds, one after the other. */
export async function runDueSyncs(options: DueSyncsOptions): Promise<DueSyncsRound> {
  const { db, clock } = options;
  const workerId = options.workerId ?? newWorkerId("sync");
  const leaseMs = options.leaseMs ?? DEFAULT_SYNC_LEASE_MS;
  const every = options.every ?? realEvery;
  const warn = options.warn ?? (() => undefined);
  const later = (ms: number, from = clock()) => new Date(from.getTime() + ms).toISOString();
  const round: DueSyncsRound = { results: [], problems: [] };
  const seen = new Set<string>();
  for (;;) {
    const started = clock();
    const conn = await claimDueSync(db, { workerId, at: started.toISOString(), leaseUntil: later(leaseMs, started) });
    if (!conn) return round;
    if (seen.has(conn.id)) {
      // Due again within the round (a retry interval shorter than the round): left for the next round.
      await releaseSync(db, conn.id, workerId, started.toISOString());
      return round;
    }
    seen.add(conn.id);
    let renewing: Promise<void> = Promise.resolve();
    const stop = every(Math.max(1, Math.floor(leaseMs / 3)), () => {
      renewing = renewing.then(async () => {
        try {
          if (!(await renewSyncLease(db, conn.id, workerId, later(leaseMs))))
            warn({ account_id: conn.account_id }, "scheduled sync lease lost; another instance may sync the account");
        } catch (error) {
          warn({ account_id: conn.account_id, err_message: (error as Error).message }, "could not renew a sync lease");
        }
      });
    });
    let next: string;
    try {
      const result = await options.sync(conn);
      round.results.push({ account: conn.account_id, status: result.status, rows: result.rows });
      next = later(options.everyMs, started);
    } catch (error) {
      round.problems.push(`${conn.account_id}: ${(error as Error).message}`);
      next = later(options.retryMs);
    } finally {
      stop();
      await renewing;
    }
    await releaseSync(db, conn.id, workerId, next);
  }
}
