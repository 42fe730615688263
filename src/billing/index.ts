/**
 * Billing: a workspace's plan follows its Stripe subscription.
 *
 * - The receiver (`receiveStripeWebhook`, served as POST
 *   /v1/billing/webhook by src/api/routes/billing.ts) verifies each
 *   delivery's Stripe-Signature against the raw body, checks the fields the
 *   event's handling needs and stores it (`billing_events`), then answers.
 * - The worker (`BillingWorker`, run by `serve` beside the receiver)
 *   processes stored events once each, in a transaction per event
 *   (`processBillingEvent` → `applyEvent`): subscriptions created, updated
 *   and deleted set `billing_subscriptions`; a failed invoice payment
 *   records a notification and the `billing.payment_failed` webhook event.
 *   Failures are retried with backoff, then left for `seller-ai billing
 *   retry`.
 * - The plan rules (`effectivePlan`, called by the API for every key)
 *   turn a workspace's subscriptions into the plan its keys get, or a 403
 *   `subscription_inactive` refusal; a workspace without a subscription
 *   keeps its keys' plan.
 * - Price ids map to plans through `seller-ai billing prices set`.
 */
export { effectivePlan, billingChanged } from "./effective-plan.js";
export { planVerdict, type PlanVerdict, type SubscriptionState } from "./plan-rules.js";
export { BillingInbox } from "./inbox.js";
export { receiveStripeWebhook, stripeWebhooks, type ReceivedWebhook } from "./receiver.js";
export { processBillingEvent, type ProcessResult } from "./process-event.js";
export { retryBillingEvent } from "./retry-event.js";
export {
  BillingWorker,
  DEFAULT_RETRY,
  MAX_ATTEMPTS,
  retryAfter,
  type BillingLog,
  type BillingObserver,
  type RetrySchedule,
} from "./worker.js";
export { HANDLED_EVENT_TYPES, isHandledEventType } from "./stripe-event.js";
export { stripeWebhookSecret, SECRET_ENV } from "./webhook-secret.js";
export {
  billingNotices,
  billingStatus,
  failedBillingEvents,
  setPrice,
  type BillingStatus,
  type FailedBillingEvent,
} from "./billing-status.js";
