/**
 * The parts of Stripe's events that billing reads, and where each one is
 * in both the current API versions and the older ones: a subscription's
 * period end moved to its items (2025-03-31.basil), an invoice's
 * subscription moved under `parent.subscription_details`. A verified event
 * is checked here for the fields its handling needs, so a malformed one is
 * refused (400) instead of failing later.
 */

/** The event types billing handles; others are acknowledged and not stored. */
export const HANDLED_EVENT_TYPES = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export function isHandledEventType(type: string): type is HandledEventType {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}

/** An event as Stripe sends it (a snapshot event: `data.object` is the whole object). */
export interface StripeEventLike {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> };
}

/** What billing keeps of a subscription. */
export interface SubscriptionSnapshot {
  id: string;
  workspaceId: string;
  customerId: string | null;
  /** The status Stripe gives; undefined when the event carries none. */
  status: string | undefined;
  /** The first item's price id. */
  priceId: string;
  /** ISO instant, or null when the event has none. */
  currentPeriodEnd: string | null;
  /** ISO instant, or null. */
  canceledAt: string | null;
}

/** What billing keeps of an invoice whose payment failed. */
export interface InvoiceSnapshot {
  id: string;
  subscriptionId: string;
  /** The subscription's `workspace_id` as copied onto the invoice (current API versions), if any. */
  workspaceId: string | null;
  customerId: string | null;
  amountDue: number | null;
  currency: string | null;
  attemptCount: number | null;
  /** ISO instant of Stripe's next attempt, or null when it will not try again. */
  nextPaymentAttempt: string | null;
  hostedInvoiceUrl: string | null;
}

type Json = Record<string, unknown>;

function objectAt(value: unknown, ...path: (string | number)[]): Json | undefined {
  let at: unknown = value;
  for (const step of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at !== null && typeof at === "object" && !Array.isArray(at) ? (at as Json) : undefined;
}

function valueAt(value: unknown, ...path: (string | number)[]): unknown {
  const parent = objectAt(value, ...path.slice(0, -1));
  return parent?.[path[path.length - 1] as string];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** An id field that may be expanded into its object. */
function idOf(value: unknown): string | undefined {
  return text(value) ?? text(objectAt(value)?.id);
}

function seconds(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Epoch seconds as an ISO instant. */
export function isoFromSeconds(value: number): string {
  return new Date(value * 1000).toISOString();
}

function firstItem(subscription: Json): Json | undefined {
  return objectAt(subscription, "items", "data", 0);
}

function invoiceSubscriptionId(invoice: Json): string | undefined {
  return idOf(valueAt(invoice, "parent", "subscription_details", "subscription")) ?? idOf(invoice.subscription);
}

/**
 * The fields an event lacks for its handling, as paths in the event
 * (empty when it has them all).
 *
 * @example
 * missingFields({ id: "evt_1", type: "invoice.payment_failed", created: 1, data: { object: { id: "in_1" } } });
 * // ["data.object.parent.subscription_details.subscription (data.object.subscription before API version 2025-03-31)"]
 */
export function missingFields(event: unknown): string[] {
  const missing: string[] = [];
  if (text(valueAt(event, "id")) === undefined) missing.push("id");
  const type = text(valueAt(event, "type"));
  if (type === undefined) missing.push("type");
  if (seconds(valueAt(event, "created")) === undefined) missing.push("created");
  const object = objectAt(event, "data", "object");
  if (object === undefined) {
    missing.push("data.object");
    return missing;
  }
  if (type === undefined || !isHandledEventType(type)) return missing;
  if (text(object.id) === undefined) missing.push("data.object.id");
  if (type === "invoice.payment_failed") {
    if (invoiceSubscriptionId(object) === undefined)
      missing.push(
        "data.object.parent.subscription_details.subscription (data.object.subscription before API version 2025-03-31)",
      );
    return missing;
  }
  if (type === "customer.subscription.updated" && text(object.status) === undefined) missing.push("data.object.status");
  if (text(valueAt(object, "metadata", "workspace_id")) === undefined)
    missing.push("data.object.metadata.workspace_id");
  const item = firstItem(object);
  if (item === undefined) missing.push("data.object.items.data[0]");
  else if (idOf(item.price) === undefined) missing.push("data.object.items.data[0].price.id");
  return missing;
}

/** The subscription of a `customer.subscription.*` event (checked by missingFields first). */
export function subscriptionOf(event: StripeEventLike): SubscriptionSnapshot {
  const object = event.data.object;
  const item = firstItem(object) ?? {};
  // Current API versions keep the period on each item; older ones on the subscription itself.
  const periodEnd = seconds(item.current_period_end) ?? seconds(object.current_period_end);
  const canceledAt = seconds(object.canceled_at) ?? seconds(object.ended_at);
  return {
    id: String(object.id),
    workspaceId: String(valueAt(object, "metadata", "workspace_id")),
    customerId: idOf(object.customer) ?? null,
    status: text(object.status),
    priceId: idOf(item.price) ?? "",
    currentPeriodEnd: periodEnd === undefined ? null : isoFromSeconds(periodEnd),
    canceledAt: canceledAt === undefined ? null : isoFromSeconds(canceledAt),
  };
}

/** The invoice of an `invoice.payment_failed` event (checked by missingFields first). */
export function invoiceOf(event: StripeEventLike): InvoiceSnapshot {
  const object = event.data.object;
  const next = seconds(object.next_payment_attempt);
  return {
    id: String(object.id),
    subscriptionId: invoiceSubscriptionId(object) ?? "",
    workspaceId: text(valueAt(object, "parent", "subscription_details", "metadata", "workspace_id")) ?? null,
    customerId: idOf(object.customer) ?? null,
    amountDue: seconds(object.amount_due) ?? null,
    currency: text(object.currency)?.toUpperCase() ?? null,
    attemptCount: seconds(object.attempt_count) ?? null,
    nextPaymentAttempt: next === undefined ? null : isoFromSeconds(next),
    hostedInvoiceUrl: text(object.hosted_invoice_url) ?? null,
  };
}
