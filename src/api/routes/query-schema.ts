import { anyResultSchema } from "../../analytics/results/json-schema.js";
import { INTENTS, MARKETPLACE_CODES, AREAS } from "../../core/understanding.js";
import { DATA_FORMATS, type DataFormat } from "../../render/output-formats.js";
import { ERROR_BODY_SCHEMA } from "../api-error.js";

export interface QueryRequestBody {
  query: string;
  marketplace?: string;
  timeframe?: string;
  format?: DataFormat;
  conversation_id?: string;
  account_id?: string;
}

const understandingSchema = {
  type: "object",
  description: "How the question was understood (see the query understanding contract).",
  required: ["intent", "area", "confidence", "filters", "interpretation"],
  additionalProperties: true,
  properties: {
    intent: { type: "string", enum: [...INTENTS] },
    area: { type: "string", enum: [...AREAS] },
    confidence: { type: "number", minimum: 0, maximum: 1 },
    filters: {
      type: "object",
      additionalProperties: true,
      properties: {
        timeframe: { type: "string" },
        date_range: {
          type: "object",
          additionalProperties: true,
          properties: { start: { type: "string", format: "date" }, end: { type: "string", format: "date" } },
        },
        marketplace: { type: "string", enum: [...MARKETPLACE_CODES] },
        metrics: { type: "array", items: { type: "string" } },
        limit: { type: "integer" },
      },
    },
    interpretation: { type: "string" },
  },
} as const;

/** POST /v1/query: its body and responses, used for validation, serialisation and the OpenAPI document. */
export const QUERY_ROUTE_SCHEMA = {
  summary: "Answer a question about the seller's data",
  description:
    "Understands a natural-language question or command and answers it from the workspace's seller account. " +
    "`format: csv` puts the primary table's CSV text in `result.csv`; with `Accept: text/csv` the response body is that CSV. " +
    "`format: chart_data` puts a Vega-Lite spec in `result.chart`. " +
    "Commands that change the account (refresh_data, create_alert, update_settings, delete_alert) need a key with the " +
    "`write` scope; a key without it gets 403 forbidden naming the scope. Every settings or alert change is recorded " +
    'with the key that made it (ask "what are my settings" to see the newest changes).',
  body: {
    type: "object",
    required: ["query"],
    additionalProperties: false,
    properties: {
      query: {
        type: "string",
        minLength: 1,
        maxLength: 2000,
        description: 'The question, e.g. "top 5 products by revenue last 30 days".',
      },
      marketplace: {
        type: "string",
        enum: [...MARKETPLACE_CODES],
        description: "A marketplace code; overrides the one in the question.",
      },
      timeframe: {
        type: "string",
        minLength: 1,
        maxLength: 30,
        description:
          "A timeframe token (last_30_days, this_month, 2025-Q3, 2025-01-01..2025-03-31, all_time, …); overrides the one in the question.",
      },
      format: { type: "string", enum: [...DATA_FORMATS], default: "json" },
      conversation_id: {
        type: "string",
        pattern: "^conv_[A-Za-z0-9_-]{1,64}$",
        description: "Continues a conversation; returned in metadata.",
      },
      account_id: {
        type: "string",
        minLength: 1,
        maxLength: 200,
        description: "The seller account to answer from; needed only when the workspace has several.",
      },
    },
  },
  response: {
    200: {
      description: "The answer.",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["request_id", "result", "metadata"],
            additionalProperties: true,
            properties: {
              request_id: { type: "string", pattern: "^req_" },
              result: {
                description:
                  "The answer's data: the primary table under a plural key (top_products, series, …), other parts, and " +
                  "analysis {summary, recommendation}; csv or chart when asked for. One of the intents' result " +
                  "shapes: metadata.query_understanding.intent says which. Each value's x-kind says what it is " +
                  "(money is in the row's currency, else the result's).",
                ...anyResultSchema({
                  csv: { type: "string", description: "The primary table as RFC 4180 CSV (format: csv)." },
                  chart: {
                    type: "object",
                    description: "A Vega-Lite v5 spec with the data inline (format: chart_data).",
                  },
                }),
              },
              metadata: {
                type: "object",
                required: ["processing_time", "data_freshness", "query_understanding", "conversation_id"],
                additionalProperties: true,
                properties: {
                  processing_time: { type: "string", pattern: "^[0-9.]+s$" },
                  data_freshness: {
                    type: ["string", "null"],
                    description: "ISO 8601 UTC timestamp of the newest data used.",
                  },
                  query_understanding: understandingSchema,
                  conversation_id: { type: "string" },
                },
              },
            },
          },
        },
        "text/csv": {
          schema: {
            type: "string",
            description: "The primary table as RFC 4180 CSV, when the request sends Accept: text/csv.",
          },
        },
      },
    },
    ...Object.fromEntries(
      [
        [
          400,
          "invalid_query (the question cannot be understood) or invalid_request (the body is not JSON, not an object, or a field is missing or wrong)",
        ],
        [401, "unauthorized: a missing, malformed, unknown or revoked key"],
        [
          403,
          "forbidden (the key lacks the query scope, or the write scope for a command that changes the account), timeframe_exceeds_plan, or subscription_inactive (the workspace's subscription has ended)",
        ],
        [
          404,
          "account_not_connected (the workspace has no such connected account) or not_found (conversation_id is unknown or has expired)",
        ],
        [413, "payload_too_large: the body is over 64 KiB"],
        [415, "unsupported_media_type: the body is not JSON"],
        [
          422,
          "missing_exchange_rate: amounts in several currencies would be added but no exchange rate holds on the day they convert at; the message names the pair, that day and the sales days without a rate",
        ],
        [429, "quota_exceeded (the daily quota) or rate_limited (the per-second burst limit)"],
        [500, "internal_error"],
      ].map(([status, description]) => [
        status,
        { description, content: { "application/json": { schema: ERROR_BODY_SCHEMA } } },
      ]),
    ),
  },
} as const;
