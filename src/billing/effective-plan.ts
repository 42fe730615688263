/**
 * The one hook the API calls: the plan a workspace's key gets now, or a
 * refusal. A workspace's subscriptions are read at most every
 * CACHE_MS per workspace (a plan change made by another process applies
 * within that), or kept for as long as the mirror's data-change version
 * given with each call stands (subscriptions and prices move it, from any
 * process); a change this process makes (its billing worker, `billing
 * prices set`) drops the cache at once through billingChanged().
 */
import type { Kysely } from "kysely";
import { subscriptionStates } from "../store/billing-subscriptions.js";
import type { MirrorSchema, Plan } from "../store/schema.js";
import { planVerdict, type PlanVerdict, type SubscriptionState } from "./plan-rules.js";

/** How long a workspace's subscriptions are trusted from memory. */
export const CACHE_MS = 250;

interface Cached {
  at: number;
  version: string | undefined;
  generation: number;
  states: SubscriptionState[];
}

const caches = new WeakMap<object, Map<string, Cached>>();
const generations = new WeakMap<object, number>();

/** Drops what effectivePlan remembers of a mirror's subscriptions (after changing them). */
export function billingChanged(db: Kysely<MirrorSchema>): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/**
 * The plan a key of `workspaceId` gets, created with `keyPlan`: the
 * subscription's plan when the workspace has one, the key's plan when it
 * never had one, or a refusal (403 `subscription_inactive`) when its
 * subscription has ended. A past-due subscription keeps its plan with a
 * warning (the API sends it as a `Warning` header).
 *
 * @example
 * const verdict = await effectivePlan(db, principal.workspaceId, principal.plan);
 * if (!verdict.allowed) throw verdict.error;
 */
export async function effectivePlan(
  db: Kysely<MirrorSchema>,
  workspaceId: string,
  keyPlan: Plan,
  nowMs: number = performance.now(),
  version?: string,
): Promise<PlanVerdict> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const generation = generations.get(db) ?? 0;
  const cached = cache.get(workspaceId);
  const fresh =
    cached !== undefined &&
    ((version !== undefined && cached.version === version) || (nowMs - cached.at < CACHE_MS && nowMs >= cached.at));
  if (cached && fresh && cached.generation === generation) return planVerdict(cached.states, keyPlan);
  const states = await subscriptionStates(db, workspaceId);
  cache.set(workspaceId, { at: nowMs, version, generation, states });
  return planVerdict(states, keyPlan);
}
