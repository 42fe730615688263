/**
 * What each handled event does to the mirror, inside the transaction that
 * claims it. Subscription events carry the whole subscription (snapshot
 * events), so created, updated and deleted all write the subscription's
 * state, unless the stored state is newer: an event created before the one
 * that last changed the subscription, or one that would bring a canceled
 * subscription back, changes nothing (Stripe does not promise delivery in
 * order). A failed payment records a notification for the workspace and
 * the `billing.payment_failed` event for its webhooks.
 */
import type { Kysely } from "kysely";
import { emitBillingPaymentFailed, newId } from "../events/index.js";
import { insertBillingNotification, resolveBillingNotifications } from "../store/billing-notifications.js";
import { planOfPrice } from "../store/billing-prices.js";
import { saveSubscription, subscription, workspaceExists } from "../store/billing-subscriptions.js";
import type { MirrorSchema, Plan } from "../store/schema.js";
import { isTerminalStatus, statusNeedsPlan } from "./plan-rules.js";
import { invoiceOf, isoFromSeconds, subscriptionOf, type StripeEventLike } from "./stripe-event.js";

/** A event that cannot be applied (yet): stored as failed with this message and retried. */
export class BillingEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BillingEventError";
  }
}

/**
 * What a batch of events looks up again and again (a workspace, a price's
 * plan), read once per batch: none of it changes inside the transaction.
 */
export class BatchLookups {
  private readonly workspaces = new Map<string, boolean>();
  private readonly plans = new Map<string, Plan | undefined>();

  constructor(private readonly trx: Kysely<MirrorSchema>) {}

  async workspaceExists(id: string): Promise<boolean> {
    let known = this.workspaces.get(id);
    if (known === undefined) {
      known = await workspaceExists(this.trx, id);
      this.workspaces.set(id, known);
    }
    return known;
  }

  async planOfPrice(priceId: string): Promise<Plan | undefined> {
    if (!this.plans.has(priceId)) this.plans.set(priceId, await planOfPrice(this.trx, priceId));
    return this.plans.get(priceId);
  }
}

export interface AppliedEvent {
  /** What it did, in words, kept with the event. */
  outcome: string;
  /** Whether a workspace's plan may have changed. */
  planChanged: boolean;
}

/** Applies one event; throws BillingEventError when it cannot be. */
export async function applyEvent(
  trx: Kysely<MirrorSchema>,
  event: StripeEventLike,
  now: Date,
  lookups: BatchLookups = new BatchLookups(trx),
): Promise<AppliedEvent> {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return applySubscription(trx, event, now, lookups);
    case "invoice.payment_failed":
      return applyPaymentFailed(trx, event, now, lookups);
    default:
      return { outcome: `ignored: ${event.type} is not a billing event seller-ai handles`, planChanged: false };
  }
}

async function applySubscription(
  trx: Kysely<MirrorSchema>,
  event: StripeEventLike,
  now: Date,
  lookups: BatchLookups,
): Promise<AppliedEvent> {
  const snapshot = subscriptionOf(event);
  const deleted = event.type === "customer.subscription.deleted";
  const status = deleted ? "canceled" : (snapshot.status ?? "active");
  const stored = await subscription(trx, snapshot.id);
  if (stored) {
    if (event.created < stored.last_event_created)
      return stale(`${snapshot.id} was last changed by ${stored.last_event_id}, created later`);
    // Within one second, a subscription's creation comes before any other change of it.
    if (event.created === stored.last_event_created && event.type === "customer.subscription.created")
      return stale(`${snapshot.id} was already changed by ${stored.last_event_id} in the second it was created`);
    if (isTerminalStatus(stored.status) && !isTerminalStatus(status))
      return stale(`${snapshot.id} is ${stored.status}, which a subscription never leaves`);
    if (
      event.created === stored.last_event_created &&
      !deleted &&
      snapshot.currentPeriodEnd !== null &&
      stored.current_period_end !== null &&
      snapshot.currentPeriodEnd < stored.current_period_end
    )
      return stale(`${snapshot.id} already has a later period end (${stored.current_period_end})`);
  }
  if (!(await lookups.workspaceExists(snapshot.workspaceId)))
    throw new BillingEventError(
      `unknown workspace "${snapshot.workspaceId}" in ${snapshot.id}'s metadata.workspace_id; workspaces are listed by \`seller-ai keys list\` (ws_…).`,
    );
  const plan = (await lookups.planOfPrice(snapshot.priceId)) ?? null;
  if (plan === null && statusNeedsPlan(status))
    throw new BillingEventError(
      `price "${snapshot.priceId}" of ${snapshot.id} stands for no plan; map it with \`seller-ai billing prices set ${snapshot.priceId} starter|business|enterprise\`.`,
    );
  const at = now.toISOString();
  const canceledAt = deleted ? (snapshot.canceledAt ?? isoFromSeconds(event.created)) : snapshot.canceledAt;
  await saveSubscription(trx, {
    id: snapshot.id,
    workspace_id: snapshot.workspaceId,
    customer_id: snapshot.customerId,
    status,
    price_id: snapshot.priceId,
    plan,
    current_period_end: snapshot.currentPeriodEnd ?? stored?.current_period_end ?? null,
    canceled_at: canceledAt ?? (isTerminalStatus(status) ? (stored?.canceled_at ?? null) : null),
    last_event_id: event.id,
    last_event_created: event.created,
    created_at: stored?.created_at ?? at,
    updated_at: at,
  });
  // Paid up again: the failed-payment notices of the subscription are settled.
  if ((status === "active" || status === "trialing") && stored?.status !== status)
    await resolveBillingNotifications(trx, snapshot.id, at);
  const change = stored
    ? `${stored.status}${stored.plan ? ` (${stored.plan})` : ""} → ${status}${plan ? ` (${plan})` : ""}`
    : `${status}${plan ? ` (${plan})` : ""}`;
  return { outcome: `subscription ${snapshot.id} of ${snapshot.workspaceId}: ${change}`, planChanged: true };
}

function stale(why: string): AppliedEvent {
  return { outcome: `stale, nothing changed: ${why}`, planChanged: false };
}

async function applyPaymentFailed(
  trx: Kysely<MirrorSchema>,
  event: StripeEventLike,
  now: Date,
  lookups: BatchLookups,
): Promise<AppliedEvent> {
  const invoice = invoiceOf(event);
  const stored = await subscription(trx, invoice.subscriptionId);
  const workspaceId = stored?.workspace_id ?? invoice.workspaceId;
  if (workspaceId === null)
    throw new BillingEventError(
      `subscription ${invoice.subscriptionId} of invoice ${invoice.id} is not known yet (its customer.subscription.created event has not been processed).`,
    );
  if (!(await lookups.workspaceExists(workspaceId)))
    throw new BillingEventError(
      `unknown workspace "${workspaceId}" for invoice ${invoice.id}; workspaces are listed by \`seller-ai keys list\` (ws_…).`,
    );
  const plan = stored?.plan ?? null;
  const amount =
    invoice.amountDue !== null && invoice.currency ? formatAmount(invoice.amountDue, invoice.currency) : "";
  const retry = invoice.nextPaymentAttempt
    ? `the payment is tried again on ${invoice.nextPaymentAttempt.slice(0, 10)}`
    : "the payment will not be tried again";
  const message =
    `Payment${amount ? ` of ${amount}` : ""} for subscription ${invoice.subscriptionId} failed` +
    `${invoice.attemptCount ? ` (attempt ${invoice.attemptCount})` : ""}; ${retry}. ` +
    `Update the payment method${plan ? ` to keep the ${plan} plan` : ""}.`;
  const id = newId("bn");
  const recorded = await insertBillingNotification(trx, {
    id,
    workspace_id: workspaceId,
    kind: "payment_failed",
    subscription_id: invoice.subscriptionId,
    invoice_id: invoice.id,
    event_id: event.id,
    message,
    amount_due: invoice.amountDue,
    currency: invoice.currency,
    created_at: now.toISOString(),
  });
  if (!recorded) return { outcome: `notification for ${invoice.id} already recorded`, planChanged: false };
  await emitBillingPaymentFailed(
    trx,
    {
      id,
      workspace_id: workspaceId,
      subscription_id: invoice.subscriptionId,
      invoice_id: invoice.id,
      plan,
      amount_due: invoice.amountDue,
      currency: invoice.currency,
      attempt_count: invoice.attemptCount,
      next_payment_attempt: invoice.nextPaymentAttempt,
      hosted_invoice_url: invoice.hostedInvoiceUrl,
      message,
    },
    now,
  );
  return { outcome: `payment of ${invoice.id} failed: ${workspaceId} notified (${id})`, planChanged: false };
}

/** An amount in the currency's smallest unit, as people write it: 4900 USD → "49.00 USD". */
export function formatAmount(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown currency code: two decimals, as most have.
  }
  const value = (minor / 10 ** digits).toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${value} ${currency}`;
}
