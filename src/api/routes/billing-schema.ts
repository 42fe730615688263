/** POST /v1/billing/webhook: its documented body and responses (the OpenAPI document and serialisation). */
import { ERROR_BODY_SCHEMA } from "../api-error.js";

const ACKNOWLEDGED = {
  type: "object",
  required: ["received", "id", "type", "handled", "duplicate"],
  additionalProperties: false,
  properties: {
    received: { type: "boolean", const: true },
    id: { type: "string", description: "The Stripe event's id (evt_…)." },
    type: { type: "string" },
    handled: {
      type: "boolean",
      description: "false for an event type billing does not handle: acknowledged, not stored.",
    },
    duplicate: { type: "boolean", description: "true when the event was already stored: it is processed once." },
  },
} as const;

export const BILLING_WEBHOOK_SCHEMA = {
  summary: "Receive a Stripe event",
  description:
    "Stripe's webhook endpoint for subscription events. The `Stripe-Signature` header is verified against the raw body with the endpoint's signing secret (tolerance 300 s); the event is stored, acknowledged at once and processed in the background, once per event id. Handled: customer.subscription.created, customer.subscription.updated, customer.subscription.deleted and invoice.payment_failed; other types are acknowledged and ignored. Served only when the server has a signing secret (SELLER_AI_STRIPE_WEBHOOK_SECRET or `serve --stripe-webhook-secret-file`).",
  // Documented only: the body is read raw, verified, then checked (the route does not let Fastify validate it).
  body: {
    type: "object",
    required: ["id", "type", "created", "data"],
    properties: {
      id: { type: "string", description: "evt_…" },
      type: { type: "string" },
      created: { type: "integer", description: "Unix time (seconds)." },
      data: {
        type: "object",
        required: ["object"],
        properties: {
          object: {
            type: "object",
            description:
              "The subscription (metadata.workspace_id: the workspace's ws_… id; items.data[0].price.id: the price mapped to a plan) or the invoice.",
          },
        },
      },
    },
  },
  response: {
    200: ACKNOWLEDGED,
    ...Object.fromEntries(
      [
        [400, "invalid_request: the event lacks a field its handling needs (named in the message)"],
        [401, "unauthorized: the Stripe-Signature header is missing, does not match the body, or is older than 300 s"],
        [413, "payload_too_large: the body is over 1 MiB"],
        [500, "internal_error: the event could not be stored; Stripe sends it again"],
      ].map(([status, description]) => [
        status,
        { description, content: { "application/json": { schema: ERROR_BODY_SCHEMA } } },
      ]),
    ),
  },
} as const;
