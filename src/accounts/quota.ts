/**
 * Daily quotas: one unit of a workspace's plan allowance taken per answered
 * request, given back when the request is not answered. Units are counted
 * in the store (see store/usage-counters.ts), atomically across processes.
 */
import type { MirrorDb } from "../store/backend.js";
import type { QuotaAsk } from "../store/burst-counters.js";
import {
  releaseUsage,
  reserveUsage,
  usedToday,
  type Reservation,
  type UsageKey,
  type UsageKind,
} from "../store/usage-counters.js";
import type { WriteBehind } from "../store/write-behind.js";
import { dailyLimit, type Plan } from "./plans.js";

/** A unit asked for: the counter, its limit, the count after the request and whether it was refused. */
export interface QuotaUse {
  key: UsageKey;
  limit: number;
  used: number;
  refused: boolean;
}

export interface QuotaOptions {
  /** How long taking a unit waits for another writer's lock before the request is refused as busy. */
  waitMs: number;
}

/**
 * @example
 * const use = await quotas.take({ workspaceId, plan: "starter" }, "query", now);
 * if (use?.refused) throw quotaExceeded(…);
 * // … the request fails:
 * await quotas.giveBack(use);
 */
export class Quotas {
  constructor(
    private readonly db: MirrorDb,
    private readonly later: WriteBehind,
    private readonly options: QuotaOptions,
  ) {}

  /**
   * Takes one unit of the day's `kind` quota; undefined when the plan has no
   * daily limit (it is not counted: the hot path stays free of writes).
   * Throws the store's busy error when the lock stays taken: nothing is used.
   */
  async take(
    workspace: { workspaceId: string; plan: Plan },
    kind: UsageKind,
    now: Date,
  ): Promise<QuotaUse | undefined> {
    const limit = dailyLimit(workspace.plan, kind);
    if (limit === null) return undefined;
    const key: UsageKey = { workspaceId: workspace.workspaceId, day: utcDay(now), kind };
    const reservation = await reserveUsage(this.db, key, limit, { waitMs: this.options.waitMs });
    return { key, limit, used: reservation.used, refused: !reservation.granted };
  }

  /** The counter and limit of a unit of the day's `kind` quota; undefined when the plan has no daily limit. */
  ask(workspace: { workspaceId: string; plan: Plan }, kind: UsageKind, now: Date): QuotaAsk | undefined {
    const limit = dailyLimit(workspace.plan, kind);
    if (limit === null) return undefined;
    return { key: { workspaceId: workspace.workspaceId, day: utcDay(now), kind }, limit };
  }

  /** A unit asked for with `ask` and reserved elsewhere (with a request's burst count), as `take` returns it. */
  use(ask: QuotaAsk, reservation: Reservation): QuotaUse {
    return { key: ask.key, limit: ask.limit, used: reservation.used, refused: !reservation.granted };
  }

  /**
   * Gives back a unit taken for a request that was not answered: now if the
   * lock is free, else in the background until it is.
   */
  async giveBack(use: QuotaUse | undefined): Promise<void> {
    if (!use || use.refused) return;
    use.used = Math.max(0, use.used - 1);
    const write = () => releaseUsage(this.db, use.key, { waitMs: 0 });
    try {
      await write();
    } catch {
      // Busy (an import holds the lock) or failing: the unit is given back in the background, retried until it is.
      this.later.defer("quota unit given back", write);
    }
  }

  /** The units of `kind` the workspace has used today. */
  used(workspaceId: string, kind: UsageKind, now: Date): Promise<number> {
    return usedToday(this.db, { workspaceId, day: utcDay(now), kind });
  }
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
