/**
 * The event types of the public API and the shape of each one's `data`.
 * Every delivery's body is `{type, timestamp, data}`; `data` carries the
 * finding's own id and fields, the seller account and a link to fetch more.
 */

/** The types an endpoint may subscribe to (or "*" for all of them). */
export const EVENT_TYPES = [
  "data_refresh.completed",
  "analysis.completed",
  "anomaly.detected",
  "inventory.alert",
  "price_change.detected",
  "billing.payment_failed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by `webhooks test` and POST /v1/webhooks/{id}/test to one endpoint; never subscribed to. */
export const TEST_EVENT_TYPE = "webhook.test";

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** Where to fetch more about an event from the seller-ai API (paths relative to the server). */
export interface EventLink {
  method: "GET" | "POST";
  url: string;
  /** The JSON body to send with a POST. */
  body?: Record<string, unknown>;
}

/** The body of every delivery. */
export interface EventPayload<D = Record<string, unknown>> {
  type: EventType | typeof TEST_EVENT_TYPE;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: D;
}

export interface DataRefreshCompletedData {
  /** The refresh's run id, e.g. "run_42". */
  id: string;
  account_id: string;
  source: "import" | "demo" | "sync";
  /** "partial" when some rows of the file were rejected. */
  status: "ok" | "partial";
  /** The imported file's name (no folders), for an import. */
  file: string | null;
  marketplaces: string[];
  report_types: string[];
  rows: { read: number; written: number; rejected: number };
  first_day: string | null;
  last_day: string | null;
  link: EventLink;
}

export interface PriceChangeDetectedData {
  /** Stable for the same change: "pc_…". */
  id: string;
  account_id: string;
  /** "competitor": one competitor's offer price; "buy_box": the landed price of the offer holding the buy box. */
  kind: "competitor" | "buy_box";
  marketplace: string;
  asin: string;
  sku: string | null;
  title: string | null;
  seller_id: string | null;
  seller_name: string | null;
  currency: string | null;
  previous_price: number;
  price: number;
  /** (price − previous_price) / previous_price × 100, to one decimal. */
  change_pct: number;
  previous_date: string;
  date: string;
  /** The seller's own listing price, when known. */
  your_price: number | null;
  threshold_pct: number;
  link: EventLink;
}

export interface AnomalyDetectedData {
  /** The anomaly's own id. */
  id: string;
  account_id: string;
  metric: string;
  marketplace: string | null;
  asin: string | null;
  date: string;
  observed: number;
  expected: number;
  direction: "up" | "down";
  severity: "low" | "medium" | "high";
  description: string;
  link: EventLink;
}

export interface InventoryAlertData {
  /** The firing's own id. */
  id: string;
  account_id: string;
  /** "alert_rule": a user's alert rule crossed; "stockout_risk": stock-out risk became critical. */
  kind: "alert_rule" | "stockout_risk";
  rule_id: string | null;
  description: string;
  marketplace: string | null;
  asin: string | null;
  sku: string | null;
  metric: string | null;
  op: string | null;
  threshold: number | null;
  value: number | null;
  days_of_cover: number | null;
  severity: "low" | "medium" | "high" | "critical";
  link: EventLink;
}

export interface AnalysisCompletedData {
  /** The insights job's id. */
  id: string;
  account_id: string;
  status: "succeeded" | "failed";
  kind: string | null;
  completed_at: string;
  /** Where the result is fetched from. */
  result_url: string;
  error: string | null;
  link: EventLink;
}

export interface BillingPaymentFailedData {
  /** The notification's own id: "bn_…". */
  id: string;
  workspace_id: string;
  subscription_id: string;
  invoice_id: string;
  /** The plan the subscription pays for (kept while the payment is retried). */
  plan: string | null;
  /** In the currency's smallest unit (cents), as the payment provider gives it. */
  amount_due: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  attempt_count: number | null;
  /** When the payment provider tries again (ISO 8601), or null when it will not. */
  next_payment_attempt: string | null;
  /** The payment provider's page where the invoice can be paid. */
  hosted_invoice_url: string | null;
  message: string;
}

export interface WebhookTestData {
  /** The endpoint the test was sent to. */
  webhook_id: string;
  message: string;
}

export interface EventDataByType {
  "data_refresh.completed": DataRefreshCompletedData;
  "analysis.completed": AnalysisCompletedData;
  "anomaly.detected": AnomalyDetectedData;
  "inventory.alert": InventoryAlertData;
  "price_change.detected": PriceChangeDetectedData;
  "billing.payment_failed": BillingPaymentFailedData;
}

const LINK_SCHEMA = {
  type: "object",
  description: "Where to fetch more from this API.",
  required: ["method", "url"],
  properties: {
    method: { type: "string", enum: ["GET", "POST"] },
    url: { type: "string", description: "A path on this API, e.g. /v1/query." },
    body: { type: "object", additionalProperties: true, description: "The JSON body to POST." },
  },
} as const;

const nullable = (type: string) => ({ type: [type, "null"] });

const DATA_SCHEMAS: Record<EventType | typeof TEST_EVENT_TYPE, { description: string; schema: object }> = {
  "data_refresh.completed": {
    description: "An import, a sync or a demo generation finished; says what changed.",
    schema: {
      type: "object",
      required: [
        "id",
        "account_id",
        "source",
        "status",
        "marketplaces",
        "report_types",
        "rows",
        "first_day",
        "last_day",
        "link",
      ],
      properties: {
        id: { type: "string", description: "The refresh's run id." },
        account_id: { type: "string" },
        source: { type: "string", enum: ["import", "demo", "sync"] },
        status: { type: "string", enum: ["ok", "partial"] },
        file: nullable("string"),
        marketplaces: { type: "array", items: { type: "string" } },
        report_types: { type: "array", items: { type: "string" } },
        rows: {
          type: "object",
          required: ["read", "written", "rejected"],
          properties: { read: { type: "integer" }, written: { type: "integer" }, rejected: { type: "integer" } },
        },
        first_day: { type: ["string", "null"], format: "date" },
        last_day: { type: ["string", "null"], format: "date" },
        link: LINK_SCHEMA,
      },
    },
  },
  "analysis.completed": {
    description: "A long-running (asynchronous) insights analysis finished.",
    schema: {
      type: "object",
      required: ["id", "account_id", "status", "completed_at", "result_url", "link"],
      properties: {
        id: { type: "string", description: "The job's id." },
        account_id: { type: "string" },
        status: { type: "string", enum: ["succeeded", "failed"] },
        kind: nullable("string"),
        completed_at: { type: "string", format: "date-time" },
        result_url: { type: "string" },
        error: nullable("string"),
        link: LINK_SCHEMA,
      },
    },
  },
  "anomaly.detected": {
    description: "A metric moved outside its expected range.",
    schema: {
      type: "object",
      required: ["id", "account_id", "metric", "date", "observed", "expected", "direction", "severity", "link"],
      properties: {
        id: { type: "string" },
        account_id: { type: "string" },
        metric: { type: "string" },
        marketplace: nullable("string"),
        asin: nullable("string"),
        date: { type: "string", format: "date" },
        observed: { type: "number" },
        expected: { type: "number" },
        direction: { type: "string", enum: ["up", "down"] },
        severity: { type: "string", enum: ["low", "medium", "high"] },
        description: { type: "string" },
        link: LINK_SCHEMA,
      },
    },
  },
  "inventory.alert": {
    description: "An alert rule fired, or a product's stock-out risk became critical.",
    schema: {
      type: "object",
      required: ["id", "account_id", "kind", "description", "severity", "link"],
      properties: {
        id: { type: "string" },
        account_id: { type: "string" },
        kind: { type: "string", enum: ["alert_rule", "stockout_risk"] },
        rule_id: nullable("string"),
        description: { type: "string" },
        marketplace: nullable("string"),
        asin: nullable("string"),
        sku: nullable("string"),
        metric: nullable("string"),
        op: nullable("string"),
        threshold: nullable("number"),
        value: nullable("number"),
        days_of_cover: nullable("number"),
        severity: { type: "string", enum: ["low", "medium", "high", "critical"] },
        link: LINK_SCHEMA,
      },
    },
  },
  "price_change.detected": {
    description: "A competitor's price, or the buy box price, on one of your listings moved beyond the threshold.",
    schema: {
      type: "object",
      required: [
        "id",
        "account_id",
        "kind",
        "marketplace",
        "asin",
        "previous_price",
        "price",
        "change_pct",
        "previous_date",
        "date",
        "threshold_pct",
        "link",
      ],
      properties: {
        id: { type: "string" },
        account_id: { type: "string" },
        kind: { type: "string", enum: ["competitor", "buy_box"] },
        marketplace: { type: "string" },
        asin: { type: "string" },
        sku: nullable("string"),
        title: nullable("string"),
        seller_id: nullable("string"),
        seller_name: nullable("string"),
        currency: nullable("string"),
        previous_price: { type: "number" },
        price: { type: "number" },
        change_pct: { type: "number" },
        previous_date: { type: "string", format: "date" },
        date: { type: "string", format: "date" },
        your_price: nullable("number"),
        threshold_pct: { type: "number" },
        link: LINK_SCHEMA,
      },
    },
  },
  "billing.payment_failed": {
    description:
      "A payment of the workspace's subscription failed: the plan is kept while the payment provider retries, then the workspace's keys are turned away.",
    schema: {
      type: "object",
      required: ["id", "workspace_id", "subscription_id", "invoice_id", "message"],
      properties: {
        id: { type: "string", description: "The notification's id (bn_…)." },
        workspace_id: { type: "string" },
        subscription_id: { type: "string" },
        invoice_id: { type: "string" },
        plan: { type: ["string", "null"], enum: ["starter", "business", "enterprise", null] },
        amount_due: { type: ["integer", "null"], description: "In the currency's smallest unit (cents)." },
        currency: nullable("string"),
        attempt_count: nullable("integer"),
        next_payment_attempt: { type: ["string", "null"], format: "date-time" },
        hosted_invoice_url: nullable("string"),
        message: { type: "string" },
      },
    },
  },
  [TEST_EVENT_TYPE]: {
    description: "A test sent on request to one endpoint.",
    schema: {
      type: "object",
      required: ["webhook_id", "message"],
      properties: { webhook_id: { type: "string" }, message: { type: "string" } },
    },
  },
};

/**
 * The OpenAPI 3.1 `webhooks` object: for each event type, the signed POST a
 * subscribed endpoint receives.
 */
export function eventWebhooksDocument(): Record<string, unknown> {
  const headers = {
    "webhook-id": "The event's id (evt_…), the same on every retry: use it to process each event once.",
    "webhook-timestamp": "Unix time (seconds) of this attempt.",
    "webhook-signature":
      "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}` (Standard Webhooks); two during the 24 hours after a secret rotation.",
  };
  return Object.fromEntries(
    Object.entries(DATA_SCHEMAS).map(([type, { description, schema }]) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(/\./g, "_")}`,
          summary: type,
          description,
          parameters: Object.entries(headers).map(([name, text]) => ({
            name,
            in: "header",
            required: true,
            description: text,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["type", "timestamp", "data"],
                  properties: {
                    type: { type: "string", const: type },
                    timestamp: { type: "string", format: "date-time" },
                    data: schema,
                  },
                },
              },
            },
          },
          responses: {
            "200": { description: "Any 2xx answer acknowledges the event; 410 disables the endpoint." },
          },
        },
      },
    ]),
  );
}
