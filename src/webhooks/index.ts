/**
 * Webhooks: endpoints that subscribe to events (src/events/), and the
 * delivery engine that sends each event to each subscribed endpoint, signed
 * to the Standard Webhooks specification, at least once, retried with
 * backoff for about a day and logged attempt by attempt.
 *
 * - WebhookService: register, list, delete, rotate secrets, enable, test,
 *   deliveries log, replay — used by the API (src/api/routes/webhooks.ts) and
 *   the CLI (`seller-ai webhooks …`).
 * - DeliveryWorker: the queue's consumer; `serve` runs one in the
 *   background, `seller-ai webhooks deliver` runs it once.
 * - The guard against server-side request forgery: url-policy.ts at
 *   registration, address-guard.ts at every connection.
 */
export {
  ForbiddenAddressError,
  forbiddenReason,
  guardedLookup,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from "./address-guard.js";
export { attemptDelivery, type AttemptOutcome } from "./attempt.js";
export { fanOutEvents, subscribes } from "./fan-out.js";
export {
  DEFAULT_TIMEOUT_MS,
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  retryDelayMs,
} from "./retry-schedule.js";
export { createSender, type SendResult, type Sender, type SenderOptions } from "./sender.js";
export {
  WebhookService,
  parseEventList,
  type CreatedWebhookEndpoint,
  type DeliveryResult,
  type WebhookEndpointView,
  type WebhookServiceOptions,
} from "./service.js";
export { PREVIOUS_SECRET_TTL_MS, newSigningSecret, signedHeaders, signingSecrets } from "./signing.js";
export { checkWebhookUrl, type UrlPolicy } from "./url-policy.js";
export { DeliveryWorker, type DeliveryWorkerOptions, type RunSummary, type WorkerLog } from "./worker.js";
