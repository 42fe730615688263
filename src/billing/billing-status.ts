/** The billing configuration and state, for `seller-ai billing …` and `seller-ai status`. */
import type { Kysely } from "kysely";
import { usageError } from "../core/errors.js";
import { billingEventCounts, billingEventsWithStatus } from "../store/billing-events.js";
import { openBillingNotifications, type BillingNotification } from "../store/billing-notifications.js";
import { listPricePlans, setPricePlan, type PriceMapping } from "../store/billing-prices.js";
import { listSubscriptions, setSubscriptionsPlanForPrice } from "../store/billing-subscriptions.js";
import type { MirrorSchema, Plan } from "../store/schema.js";
import { billingChanged } from "./effective-plan.js";
import { planVerdict } from "./plan-rules.js";

const PLAN_NAMES: readonly Plan[] = ["starter", "business", "enterprise"];

/**
 * Maps a price id to a plan; subscriptions already on that price follow at
 * once. Returns how many did.
 */
export async function setPrice(
  db: Kysely<MirrorSchema>,
  priceId: string,
  plan: string,
  now: Date,
): Promise<{ price_id: string; plan: Plan; subscriptions: number }> {
  const id = priceId.trim();
  if (!/^\S+$/.test(id))
    throw usageError(`the price id must be one word, such as price_1Q2w3E4r5T6y7U8i; got "${priceId}".`);
  if (!(PLAN_NAMES as readonly string[]).includes(plan))
    throw usageError(`unknown plan "${plan}"; plans are ${PLAN_NAMES.join(", ")}.`);
  const at = now.toISOString();
  const subscriptions = await db.transaction().execute(async (trx) => {
    await setPricePlan(trx, id, plan as Plan, at);
    return setSubscriptionsPlanForPrice(trx, id, plan as Plan, at);
  });
  billingChanged(db);
  return { price_id: id, plan: plan as Plan, subscriptions };
}

export interface FailedBillingEvent {
  id: string;
  type: string;
  created: string;
  attempts: number;
  error: string | null;
  received_at: string;
}

export interface BillingStatus {
  prices: PriceMapping[];
  subscriptions: {
    id: string;
    workspace_id: string;
    customer_id: string | null;
    status: string;
    price_id: string;
    plan: Plan | null;
    current_period_end: string | null;
    canceled_at: string | null;
    updated_at: string;
  }[];
  /** Each workspace with a subscription: what its keys get now. */
  workspaces: { workspace_id: string; access: "allowed" | "refused"; plan: Plan | null; warning: string | null }[];
  notifications: Pick<
    BillingNotification,
    "id" | "workspace_id" | "kind" | "subscription_id" | "invoice_id" | "message" | "created_at"
  >[];
  events: { processed: number; pending: number; retrying: number; failed: number };
  failed: FailedBillingEvent[];
}

export async function billingStatus(db: Kysely<MirrorSchema>): Promise<BillingStatus> {
  const [prices, subscriptions, notifications, events, failed] = await Promise.all([
    listPricePlans(db),
    listSubscriptions(db),
    billingNotices(db),
    billingEventCounts(db),
    failedBillingEvents(db),
  ]);
  const byWorkspace = new Map<string, typeof subscriptions>();
  for (const s of subscriptions) byWorkspace.set(s.workspace_id, [...(byWorkspace.get(s.workspace_id) ?? []), s]);
  const workspaces = [...byWorkspace].map(([workspaceId, subs]) => {
    // The keys' own plan matters only without a subscription in force; "starter" stands in for it here.
    const verdict = planVerdict(subs, "starter");
    return verdict.allowed
      ? {
          workspace_id: workspaceId,
          access: "allowed" as const,
          plan: verdict.source === "subscription" ? verdict.plan : null,
          warning: verdict.warning ?? null,
        }
      : { workspace_id: workspaceId, access: "refused" as const, plan: null, warning: verdict.error.message };
  });
  return {
    prices,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      workspace_id: s.workspace_id,
      customer_id: s.customer_id,
      status: s.status,
      price_id: s.price_id,
      plan: s.plan,
      current_period_end: s.current_period_end,
      canceled_at: s.canceled_at,
      updated_at: s.updated_at,
    })),
    workspaces,
    notifications,
    events: { processed: events.processed, pending: events.pending, retrying: events.retrying, failed: events.failed },
    failed,
  };
}

/** The events that failed for good and wait for a person, oldest first. */
export async function failedBillingEvents(db: Kysely<MirrorSchema>): Promise<FailedBillingEvent[]> {
  return (await billingEventsWithStatus(db, "failed")).map((e) => ({
    id: e.id,
    type: e.type,
    created: new Date(e.created * 1000).toISOString(),
    attempts: e.attempts,
    error: e.last_error,
    received_at: e.received_at,
  }));
}

/** The open billing notifications, for `seller-ai status`. */
export async function billingNotices(db: Kysely<MirrorSchema>): Promise<BillingStatus["notifications"]> {
  return (await openBillingNotifications(db)).map((n) => ({
    id: n.id,
    workspace_id: n.workspace_id,
    kind: n.kind,
    subscription_id: n.subscription_id,
    invoice_id: n.invoice_id,
    message: n.message,
    created_at: n.created_at,
  }));
}
