/**
 * Real-shaped Stripe events for the billing tests, signed with the stripe
 * package's own `webhooks.generateTestHeaderString`, as Stripe signs a
 * delivery: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`. Subscriptions
 * come in the current API shape (the period on the items, the invoice's
 * subscription under parent.subscription_details) or, with `legacy`, the
 * shape of versions before 2025-03-31.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

export const WEBHOOK_SECRET = "whsec_billingTestSecret0123456789abcdef";
export const CURRENT_API_VERSION = "2025-09-30.clover";
export const LEGACY_API_VERSION = "2024-06-20";

export const PRICES = {
  starter: "price_1StarterMonthly00000001",
  business: "price_1BusinessMonthly0000002",
  enterprise: "price_1EnterpriseMonthly00003",
} as const;

let clockSeconds = Math.floor(Date.now() / 1000);

/** A Stripe-style id: the prefix and 24 random letters and digits. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x").slice(0, 24)}`;
}

export interface SubscriptionSpec {
  id: string;
  workspaceId: string;
  price: string;
  status?: string;
  customer?: string;
  /** Unix seconds; default: 30 days after the event. */
  periodEnd?: number;
  canceledAt?: number | null;
  legacy?: boolean;
}

export interface EventSpec {
  id?: string;
  /** Unix seconds; default: one second after the previous event made here. */
  created?: number;
}

export interface StripeEventJson {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  [key: string]: unknown;
}

function nextCreated(spec: EventSpec): number {
  if (spec.created !== undefined) return spec.created;
  clockSeconds += 1;
  return clockSeconds;
}

function envelope(type: string, object: Record<string, unknown>, spec: EventSpec, legacy: boolean): StripeEventJson {
  return {
    id: spec.id ?? stripeId("evt"),
    object: "event",
    api_version: legacy ? LEGACY_API_VERSION : CURRENT_API_VERSION,
    created: nextCreated(spec),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: stripeId("req"), idempotency_key: randomBytes(16).toString("hex") },
    type,
  };
}

/** A customer.subscription.created, .updated or .deleted event. */
export function subscriptionEvent(
  type: "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted",
  sub: SubscriptionSpec,
  spec: EventSpec = {},
): StripeEventJson {
  const created = nextCreated(spec);
  const periodEnd = sub.periodEnd ?? created + 30 * 86_400;
  const periodStart = periodEnd - 30 * 86_400;
  const status = sub.status ?? (type === "customer.subscription.deleted" ? "canceled" : "active");
  const item: Record<string, unknown> = {
    id: stripeId("si"),
    object: "subscription_item",
    created: periodStart,
    metadata: {},
    price: {
      id: sub.price,
      object: "price",
      active: true,
      currency: "usd",
      product: "prod_SellerAiPlans",
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
      type: "recurring",
      unit_amount: 4900,
    },
    quantity: 1,
    subscription: sub.id,
  };
  const object: Record<string, unknown> = {
    id: sub.id,
    object: "subscription",
    cancel_at_period_end: false,
    canceled_at: sub.canceledAt ?? (status === "canceled" ? created : null),
    collection_method: "charge_automatically",
    created: periodStart,
    currency: "usd",
    customer: sub.customer ?? "cus_SellerAiTest0001",
    ended_at: status === "canceled" ? created : null,
    items: {
      object: "list",
      data: [item],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    },
    livemode: false,
    metadata: { workspace_id: sub.workspaceId },
    start_date: periodStart,
    status,
  };
  if (sub.legacy) {
    object.current_period_start = periodStart;
    object.current_period_end = periodEnd;
  } else {
    item.current_period_start = periodStart;
    item.current_period_end = periodEnd;
  }
  return envelope(type, object, { ...spec, created }, sub.legacy ?? false);
}

export interface InvoiceSpec {
  subscription: string;
  workspaceId?: string;
  amountDue?: number;
  currency?: string;
  attempt?: number;
  /** Unix seconds of Stripe's next attempt; null: no more attempts. */
  nextAttempt?: number | null;
  legacy?: boolean;
}

/** An invoice.payment_failed event. */
export function paymentFailedEvent(invoice: InvoiceSpec, spec: EventSpec = {}): StripeEventJson {
  const created = nextCreated(spec);
  const id = stripeId("in");
  const object: Record<string, unknown> = {
    id,
    object: "invoice",
    amount_due: invoice.amountDue ?? 4900,
    amount_paid: 0,
    amount_remaining: invoice.amountDue ?? 4900,
    attempt_count: invoice.attempt ?? 1,
    attempted: true,
    billing_reason: "subscription_cycle",
    collection_method: "charge_automatically",
    created,
    currency: invoice.currency ?? "usd",
    customer: "cus_SellerAiTest0001",
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    next_payment_attempt: invoice.nextAttempt === undefined ? created + 3 * 86_400 : invoice.nextAttempt,
    status: "open",
  };
  if (invoice.legacy) object.subscription = invoice.subscription;
  else
    object.parent = {
      type: "subscription_details",
      quote_details: null,
      subscription_details: {
        metadata: invoice.workspaceId ? { workspace_id: invoice.workspaceId } : {},
        subscription: invoice.subscription,
      },
    };
  return envelope("invoice.payment_failed", object, { ...spec, created }, invoice.legacy ?? false);
}

export interface SignedDelivery {
  payload: string;
  headers: Record<string, string>;
}

/**
 * The body (pretty-printed, as Stripe sends it) and headers of a delivery
 * signed with the stripe package.
 */
export function signed(
  event: StripeEventJson | string,
  options: { secret?: string; timestamp?: number } = {},
): SignedDelivery {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return {
    payload,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signature,
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
  };
}
