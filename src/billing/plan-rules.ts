/**
 * How a workspace's subscriptions decide its plan (pure: the states in, a
 * verdict out). Active or trialing: the plan of the subscription's price.
 * Past due: that plan is kept while the payment provider retries, with a
 * warning. Canceled, unpaid, incomplete_expired or paused, with nothing
 * better beside it: the keys are refused (403 subscription_inactive). A
 * subscription still `incomplete` (its first payment under way) grants
 * nothing yet and takes nothing away; a workspace that never had a
 * subscription keeps the plan its keys were given, so local use needs no
 * billing at all.
 */
import { SellerAiError } from "../core/errors.js";
import type { Plan } from "../store/schema.js";

export interface SubscriptionState {
  id: string;
  status: string;
  plan: Plan | null;
  current_period_end: string | null;
}

export type PlanVerdict =
  | { allowed: true; plan: Plan; source: "key" | "subscription"; warning?: string }
  | { allowed: false; error: SellerAiError };

/** Statuses whose subscription grants its plan. */
export const GRANTING_STATUSES = ["active", "trialing"] as const;
/** Statuses that turn the workspace's keys away, unless another subscription grants a plan. */
export const INACTIVE_STATUSES = ["canceled", "unpaid", "incomplete_expired", "paused"] as const;
/** Statuses a subscription never leaves. */
export const TERMINAL_STATUSES = ["canceled", "incomplete_expired"] as const;

const RANK: Record<Plan, number> = { starter: 0, business: 1, enterprise: 2 };

function isOneOf(status: string, list: readonly string[]): boolean {
  return list.includes(status);
}

/** Whether a subscription in this status needs its price mapped to a plan to be stored. */
export function statusNeedsPlan(status: string): boolean {
  return isOneOf(status, GRANTING_STATUSES) || status === "past_due";
}

export function isTerminalStatus(status: string): boolean {
  return isOneOf(status, TERMINAL_STATUSES);
}

/** The best plan among subscriptions (a workspace may hold more than one). */
function best(subscriptions: SubscriptionState[]): SubscriptionState & { plan: Plan } {
  return (subscriptions.filter((s) => s.plan !== null) as (SubscriptionState & { plan: Plan })[]).sort(
    (a, b) => RANK[b.plan] - RANK[a.plan] || a.id.localeCompare(b.id),
  )[0];
}

/**
 * The plan a workspace's keys get, given its subscriptions and the plan
 * the keys were created with.
 *
 * @example
 * planVerdict([{ id: "sub_1", status: "past_due", plan: "business", current_period_end: null }], "starter");
 * // { allowed: true, plan: "business", source: "subscription", warning: "…past due…" }
 */
export function planVerdict(subscriptions: SubscriptionState[], keyPlan: Plan): PlanVerdict {
  if (subscriptions.length === 0) return { allowed: true, plan: keyPlan, source: "key" };
  const granting = best(subscriptions.filter((s) => isOneOf(s.status, GRANTING_STATUSES)));
  if (granting) return { allowed: true, plan: granting.plan, source: "subscription" };
  const pastDue = best(subscriptions.filter((s) => s.status === "past_due"));
  if (pastDue) {
    return {
      allowed: true,
      plan: pastDue.plan,
      source: "subscription",
      warning: `the payment of subscription ${pastDue.id} is past due; the ${pastDue.plan} plan is kept while the payment is retried, then the workspace's keys stop working.`,
    };
  }
  const inactive = subscriptions.find((s) => isOneOf(s.status, INACTIVE_STATUSES));
  if (inactive) {
    return {
      allowed: false,
      error: new SellerAiError(
        "subscription_inactive",
        `this workspace's subscription ${inactive.id} is ${inactive.status.replace(/_/g, " ")}; its keys are turned away until it is active again.`,
        {
          suggestions: [
            inactive.status === "unpaid" || inactive.status === "paused"
              ? "Pay the open invoice or update the payment method in the billing portal; the keys work again as soon as the subscription is active."
              : "Subscribe again in the billing portal; the keys work again as soon as the new subscription is active.",
          ],
          details: { subscription_id: inactive.id, subscription_status: inactive.status },
        },
      ),
    };
  }
  // Only subscriptions whose first payment is under way (incomplete): nothing granted, nothing taken.
  return { allowed: true, plan: keyPlan, source: "key" };
}
