/**
 * The receiving end of Stripe's webhook: the signature is checked against
 * the raw body with Stripe's own library (`webhooks.constructEvent`, its
 * default tolerance of 300 s), the event checked for the fields its
 * handling needs, then stored, and only then acknowledged: processing
 * happens later, in the worker, so Stripe gets its answer at once. An
 * event that cannot be stored is answered 500 so that Stripe sends it
 * again; one already stored is acknowledged without storing anything.
 */
import type { Kysely } from "kysely";
import { SellerAiError } from "../core/errors.js";
import { insertBillingEvent, type NewBillingEvent } from "../store/billing-events.js";
import type { MirrorSchema } from "../store/schema.js";
import { isHandledEventType, missingFields, type StripeEventLike } from "./stripe-event.js";

export interface ReceivedWebhook {
  /** The body to answer with (200). */
  body: { received: true; id: string; type: string; handled: boolean; duplicate: boolean };
  /** The event was stored just now: the worker has something to do. */
  stored: boolean;
}

export interface ReceiveInput {
  db: Kysely<MirrorSchema>;
  /** The endpoint's signing secret (whsec_…). */
  secret: string;
  /** The request body, exactly as received. */
  body: Buffer;
  /** The Stripe-Signature header. */
  signature: string | string[] | undefined;
  now: Date;
  /** Stores the event durably; false when its id is stored already. Default: one insert of its own. */
  store?: (event: NewBillingEvent) => Promise<boolean>;
}

type StripeWebhooks = typeof import("stripe")["default"]["webhooks"];
let webhooks: Promise<StripeWebhooks> | undefined;

/** Stripe's webhook helpers, loaded on first use (the library is large; only `serve` with billing needs it). */
export function stripeWebhooks(): Promise<StripeWebhooks> {
  webhooks ??= import("stripe").then((m) => m.default.webhooks);
  return webhooks;
}

/**
 * Verifies, checks and stores one delivery; throws a SellerAiError for the
 * answer otherwise: 401 `unauthorized` (signature missing, wrong or too
 * old; nothing stored), 400 `invalid_request` (fields missing), 500 (not
 * stored).
 */
export async function receiveStripeWebhook(input: ReceiveInput): Promise<ReceivedWebhook> {
  const signature = Array.isArray(input.signature) ? input.signature[0] : input.signature;
  if (!signature) throw unauthorized("the Stripe-Signature header is missing.");
  const verify = await stripeWebhooks();
  let event: unknown;
  try {
    event = verify.constructEvent(input.body, signature, input.secret);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new SellerAiError("invalid_request", "the event is signed but its body is not valid JSON.");
    // Stripe's first line says what did not match (no signature for the payload, timestamp outside the tolerance…).
    const reason = String((error as Error).message ?? error)
      .split("\n")[0]
      .trim();
    throw unauthorized(`the Stripe-Signature header does not verify: ${reason}`);
  }
  const missing = missingFields(event);
  if (missing.length > 0)
    throw new SellerAiError("invalid_request", `the event lacks required fields: ${missing.join(", ")}.`, {
      details: { missing },
      suggestions: ["Send snapshot events (the whole object in data.object), as Stripe's webhook endpoints do."],
    });
  const { id, type, created } = event as StripeEventLike;
  if (!isHandledEventType(type))
    return { body: { received: true, id, type, handled: false, duplicate: false }, stored: false };
  let stored: boolean;
  try {
    const event = { id, type, created, payload: input.body.toString("utf8"), received_at: input.now.toISOString() };
    stored = await (input.store ? input.store(event) : insertBillingEvent(input.db, event));
  } catch (error) {
    throw new SellerAiError("failure", `billing event ${id} could not be stored; Stripe will send it again.`, {
      cause: error,
    });
  }
  return { body: { received: true, id, type, handled: true, duplicate: !stored }, stored };
}

function unauthorized(message: string): SellerAiError {
  return new SellerAiError("unauthorized", message, {
    suggestions: [
      "Check that the server's signing secret (SELLER_AI_STRIPE_WEBHOOK_SECRET or --stripe-webhook-secret-file) is the endpoint's whsec_… secret, and that nothing between Stripe and the server changes the body.",
    ],
  });
}
