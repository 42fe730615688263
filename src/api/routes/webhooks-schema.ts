/** The webhooks endpoints' bodies and responses: validation, serialisation and the OpenAPI document. */
import { EVENT_TYPES } from "../../events/index.js";
import { ERROR_BODY_SCHEMA } from "../api-error.js";

export interface CreateWebhookBody {
  url: string;
  events: string[];
  description?: string;
}

const ID = { type: "string", pattern: "^we_[A-Za-z0-9_-]{1,64}$", description: "The webhook's id (we_…)." } as const;
const DELIVERY_ID = {
  type: "string",
  pattern: "^msg_[A-Za-z0-9_-]{1,64}$",
  description: "The delivery's id (msg_…).",
} as const;
const TIME = { type: "string", format: "date-time" } as const;
const NULLABLE_TIME = { type: ["string", "null"], format: "date-time" } as const;

const EVENTS = {
  type: "array",
  minItems: 1,
  maxItems: EVENT_TYPES.length + 1,
  items: { type: "string", enum: [...EVENT_TYPES, "*"] },
  description: `The event types to receive: ${EVENT_TYPES.join(", ")}; ["*"] for all.`,
} as const;

const ENDPOINT_FIELDS = {
  id: ID,
  workspace_id: { type: "string" },
  url: { type: "string" },
  description: { type: ["string", "null"] },
  events: { type: "array", items: { type: "string" } },
  status: {
    type: "string",
    enum: ["enabled", "disabled"],
    description: "disabled: after a 410 Gone answer, or five days without a successful delivery.",
  },
  disabled_reason: { type: ["string", "null"], description: "Why the webhook was disabled." },
  disabled_at: NULLABLE_TIME,
  failing_since: { ...NULLABLE_TIME, description: "The first failure since the last success, while failing." },
  previous_secret_expires_at: {
    ...NULLABLE_TIME,
    description: "After a rotation: until when the previous secret also signs.",
  },
  created_at: TIME,
} as const;

const ENDPOINT = {
  type: "object",
  required: Object.keys(ENDPOINT_FIELDS),
  additionalProperties: false,
  properties: {
    ...ENDPOINT_FIELDS,
    deliveries: {
      type: "object",
      description: "Deliveries by status.",
      additionalProperties: false,
      properties: {
        pending: { type: "integer" },
        delivering: { type: "integer" },
        succeeded: { type: "integer" },
        failed: { type: "integer" },
      },
    },
  },
} as const;

const CREATED = {
  type: "object",
  required: [...Object.keys(ENDPOINT_FIELDS), "secret"],
  additionalProperties: false,
  properties: {
    ...ENDPOINT_FIELDS,
    secret: {
      type: "string",
      pattern: "^whsec_",
      description: "The signing secret (Standard Webhooks). Shown this once: store it now.",
    },
  },
} as const;

const DELIVERY_RESULT = {
  type: "object",
  required: ["delivery_id", "event_id", "status", "status_code", "duration_ms", "error", "next_attempt_at"],
  additionalProperties: false,
  properties: {
    delivery_id: { type: "string" },
    event_id: { type: "string" },
    status: {
      type: "string",
      enum: ["succeeded", "pending", "failed"],
      description: "pending: the attempt failed and is tried again at next_attempt_at.",
    },
    status_code: { type: ["integer", "null"] },
    duration_ms: { type: ["integer", "null"] },
    error: { type: ["string", "null"] },
    next_attempt_at: NULLABLE_TIME,
  },
} as const;

const ATTEMPT = {
  type: "object",
  required: ["attempt", "started_at", "duration_ms", "status_code", "error", "succeeded", "next_attempt_at"],
  additionalProperties: false,
  properties: {
    attempt: { type: "integer", minimum: 1 },
    started_at: TIME,
    duration_ms: { type: "integer" },
    status_code: { type: ["integer", "null"] },
    error: { type: ["string", "null"] },
    succeeded: { type: "boolean" },
    next_attempt_at: NULLABLE_TIME,
  },
} as const;

const DELIVERY = {
  type: "object",
  required: [
    "id",
    "event_id",
    "event_type",
    "status",
    "next_attempt_at",
    "last_status_code",
    "last_error",
    "created_at",
    "finished_at",
    "attempts",
  ],
  additionalProperties: false,
  properties: {
    id: { type: "string" },
    event_id: { type: "string" },
    event_type: { type: "string" },
    status: { type: "string", enum: ["pending", "delivering", "succeeded", "failed"] },
    next_attempt_at: NULLABLE_TIME,
    last_status_code: { type: ["integer", "null"] },
    last_error: { type: ["string", "null"] },
    created_at: TIME,
    finished_at: NULLABLE_TIME,
    attempts: { type: "array", items: ATTEMPT },
  },
} as const;

function errors(entries: [number, string][]) {
  return Object.fromEntries(
    entries.map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ERROR_BODY_SCHEMA } } },
    ]),
  );
}

const COMMON_ERRORS: [number, string][] = [
  [401, "unauthorized: a missing, malformed, unknown or revoked key"],
  [
    403,
    "forbidden (the key lacks the webhooks scope) or subscription_inactive (the workspace's subscription has ended)",
  ],
  [429, "rate_limited: the per-second burst limit"],
  [500, "internal_error"],
];
const NOT_FOUND: [number, string] = [404, "not_found: no such webhook in this workspace"];
const BAD_REQUEST: [number, string] = [400, "invalid_request: a field is missing or wrong"];

function ok(description: string, schema: object) {
  return { description, content: { "application/json": { schema } } };
}

const ID_PARAMS = { type: "object", required: ["id"], properties: { id: ID } } as const;

export const CREATE_WEBHOOK_SCHEMA = {
  summary: "Subscribe an endpoint to events",
  description:
    "Registers an https URL to receive the chosen events, signed to the Standard Webhooks specification. " +
    "The response holds the signing secret, shown this once. URLs aimed at private, loopback, link-local or metadata addresses are refused.",
  body: {
    type: "object",
    required: ["url", "events"],
    additionalProperties: false,
    properties: {
      url: { type: "string", minLength: 1, maxLength: 2048, description: "An https:// URL." },
      events: EVENTS,
      description: { type: "string", maxLength: 256 },
    },
  },
  response: { 200: ok("The webhook, with its secret.", CREATED), ...errors([BAD_REQUEST, ...COMMON_ERRORS]) },
} as const;

export const LIST_WEBHOOKS_SCHEMA = {
  summary: "List the workspace's webhooks",
  description: "Every webhook of the workspace, oldest first, with its status (never its secret).",
  response: {
    200: ok("The webhooks.", {
      type: "object",
      required: ["data"],
      additionalProperties: false,
      properties: { data: { type: "array", items: ENDPOINT } },
    }),
    ...errors(COMMON_ERRORS),
  },
} as const;

export const GET_WEBHOOK_SCHEMA = {
  summary: "Get one webhook",
  params: ID_PARAMS,
  response: { 200: ok("The webhook.", ENDPOINT), ...errors([BAD_REQUEST, NOT_FOUND, ...COMMON_ERRORS]) },
} as const;

export const DELETE_WEBHOOK_SCHEMA = {
  summary: "Delete a webhook",
  description: "Deletes the webhook, its queued deliveries and their log.",
  params: ID_PARAMS,
  response: {
    200: ok("Deleted.", {
      type: "object",
      required: ["id", "deleted"],
      additionalProperties: false,
      properties: { id: { type: "string" }, deleted: { type: "boolean", const: true } },
    }),
    ...errors([BAD_REQUEST, NOT_FOUND, ...COMMON_ERRORS]),
  },
} as const;

export const TEST_WEBHOOK_SCHEMA = {
  summary: "Send a signed test event",
  description:
    "Sends a `webhook.test` event to the endpoint now and answers how the attempt went; a failed attempt is retried on the schedule.",
  params: ID_PARAMS,
  response: { 200: ok("The attempt.", DELIVERY_RESULT), ...errors([BAD_REQUEST, NOT_FOUND, ...COMMON_ERRORS]) },
} as const;

export const ROTATE_SECRET_SCHEMA = {
  summary: "Rotate the signing secret",
  description:
    "Issues a new secret (shown this once). For 24 hours deliveries carry a signature with each secret, so the receiver can switch without losing any.",
  params: ID_PARAMS,
  response: {
    200: ok("The new secret.", {
      type: "object",
      required: ["id", "secret", "previous_secret_expires_at"],
      additionalProperties: false,
      properties: {
        id: { type: "string" },
        secret: { type: "string", pattern: "^whsec_" },
        previous_secret_expires_at: TIME,
      },
    }),
    ...errors([BAD_REQUEST, NOT_FOUND, ...COMMON_ERRORS]),
  },
} as const;

export const ENABLE_WEBHOOK_SCHEMA = {
  summary: "Enable a disabled webhook",
  description: "Enables the webhook again; deliveries still queued for it resume.",
  params: ID_PARAMS,
  response: { 200: ok("The webhook.", ENDPOINT), ...errors([BAD_REQUEST, NOT_FOUND, ...COMMON_ERRORS]) },
} as const;

export const LIST_DELIVERIES_SCHEMA = {
  summary: "The webhook's deliveries log",
  description: "Deliveries, newest first, each with every attempt: status codes, durations, errors.",
  params: ID_PARAMS,
  querystring: {
    type: "object",
    additionalProperties: false,
    properties: {
      limit: {
        type: "string",
        pattern: "^[0-9]{1,3}$",
        description: "At most this many deliveries (1-100, default 20).",
      },
      status: { type: "string", enum: ["pending", "delivering", "succeeded", "failed"] },
      before: { ...DELIVERY_ID, description: "The next page: deliveries older than this one." },
    },
  },
  response: {
    200: ok("The deliveries.", {
      type: "object",
      required: ["data", "has_more"],
      additionalProperties: false,
      properties: { data: { type: "array", items: DELIVERY }, has_more: { type: "boolean" } },
    }),
    ...errors([BAD_REQUEST, NOT_FOUND, ...COMMON_ERRORS]),
  },
} as const;

export const REPLAY_DELIVERY_SCHEMA = {
  summary: "Replay one delivery",
  description:
    "Sends the delivery's event to the endpoint again now (same webhook-id, fresh signature) and answers how it went; should it fail, it is retried on a fresh schedule.",
  params: {
    type: "object",
    required: ["id", "delivery_id"],
    properties: { id: ID, delivery_id: DELIVERY_ID },
  },
  response: {
    200: ok("The attempt.", DELIVERY_RESULT),
    ...errors([
      [400, "invalid_request: a wrong id, or the delivery is being attempted right now"],
      [404, "not_found: no such webhook or delivery in this workspace"],
      ...COMMON_ERRORS,
    ]),
  },
} as const;
