import { MARKETPLACE_CODES } from "../../core/understanding.js";
import { DETAIL_LEVELS, INSIGHT_TYPES, SEVERITIES } from "../../insights/types.js";
import { ERROR_BODY_SCHEMA } from "../api-error.js";

export interface InsightsRequestBody {
  insight_type: string;
  marketplace?: string;
  detail_level?: string;
  account_id?: string;
  async?: boolean;
}

const errors = (list: [number, string][]) =>
  Object.fromEntries(
    list.map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ERROR_BODY_SCHEMA } } },
    ]),
  );

const dateSpan = {
  type: "object",
  required: ["start", "end"],
  additionalProperties: false,
  properties: { start: { type: "string", format: "date" }, end: { type: "string", format: "date" } },
} as const;

const findingSchema = {
  type: "object",
  description: "One finding. `money_at_stake` (in the account's currency, formula in `money_basis`) ranks them.",
  required: [
    "id",
    "type",
    "kind",
    "severity",
    "title",
    "summary",
    "money_at_stake",
    "currency",
    "money_basis",
    "confidence",
    "evidence",
    "entities",
    "recommendation",
    "follow_up",
  ],
  additionalProperties: false,
  properties: {
    id: {
      type: "string",
      pattern: "^ins_[0-9a-f]{16}$",
      description: "The same finding gets the same id on the next run.",
    },
    type: { type: "string", enum: [...INSIGHT_TYPES] },
    kind: { type: "string", description: "stockout, sales_drop, buy_box_loss, keyword_opportunity, undercut, …" },
    severity: { type: "string", enum: [...SEVERITIES] },
    title: { type: "string" },
    summary: { type: "string", description: "One sentence written from the finding's numbers." },
    money_at_stake: { type: "number" },
    currency: { type: "string" },
    money_basis: { type: "string" },
    confidence: { type: "number", minimum: 0, maximum: 1 },
    evidence: {
      type: "object",
      required: ["metric", "observed", "expected", "unit", "period", "score"],
      additionalProperties: true,
      properties: {
        metric: { type: "string" },
        observed: { type: ["number", "null"] },
        expected: { type: ["number", "null"] },
        expected_low: { type: ["number", "null"] },
        expected_high: { type: ["number", "null"] },
        unit: { type: "string", enum: ["money", "count", "percent", "days"] },
        currency: { type: "string" },
        period: dateSpan,
        compared_with: dateSpan,
        score: { type: ["number", "null"] },
        details: { type: "object", additionalProperties: true },
      },
    },
    entities: {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(
        [
          "asin",
          "sku",
          "title",
          "marketplace",
          "category",
          "subcategory",
          "campaign",
          "campaign_id",
          "keyword",
          "target_id",
          "seller",
        ].map((k) => [k, { type: "string" }]),
      ),
    },
    recommendation: { type: "string" },
    follow_up: { type: "string", description: "A question POST /v1/query answers in detail." },
    evidence_table: { type: "array", items: { type: "object", additionalProperties: true } },
    chart: {
      type: ["object", "null"],
      additionalProperties: true,
      description: "A Vega-Lite spec (comprehensive level).",
    },
  },
} as const;

const resultSchema = {
  type: "object",
  required: [
    "insight_type",
    "detail_level",
    "marketplace",
    "period",
    "generated_at",
    "total",
    "insights",
    "sensitivity",
  ],
  additionalProperties: false,
  properties: {
    insight_type: { type: "string", enum: [...INSIGHT_TYPES] },
    detail_level: { type: "string", enum: [...DETAIL_LEVELS] },
    marketplace: { type: ["string", "null"] },
    period: dateSpan,
    generated_at: { type: "string", format: "date-time" },
    total: { type: "integer", description: "Findings found; `insights` holds the top ones for the detail level." },
    insights: { type: "array", items: findingSchema },
    sensitivity: { type: "string", enum: ["low", "normal", "high"] },
  },
} as const;

const jobSchema = {
  type: "object",
  required: ["job_id", "status", "status_url"],
  additionalProperties: false,
  properties: {
    job_id: { type: "string", pattern: "^job_" },
    status: { type: "string", enum: ["queued", "running", "done", "failed"] },
    status_url: { type: "string" },
    created_at: { type: "string", format: "date-time" },
    started_at: { type: ["string", "null"] },
    finished_at: { type: ["string", "null"] },
    attempts: { type: "integer" },
    error: { type: ["string", "null"] },
    run_id: { type: ["string", "null"] },
    result: resultSchema,
  },
} as const;

/** POST /v1/insights. */
export const INSIGHTS_ROUTE_SCHEMA = {
  summary: "Findings of one insight type, ranked by money at stake",
  description:
    "Runs the performance, opportunities, risks or competitor_analysis insights on the workspace's seller account. " +
    "summary gives the top 5 findings, detailed the top 10 with evidence, comprehensive all with evidence tables and chart specs. " +
    'Counts against the plan\'s insights per day (not its queries). With `"async": true` the answer is 202 with a job to poll at `status_url`.',
  body: {
    type: "object",
    required: ["insight_type"],
    additionalProperties: false,
    properties: {
      insight_type: { type: "string", enum: [...INSIGHT_TYPES] },
      detail_level: { type: "string", enum: [...DETAIL_LEVELS], default: "summary" },
      marketplace: { type: "string", enum: [...MARKETPLACE_CODES] },
      account_id: { type: "string", minLength: 1, maxLength: 200 },
      async: { type: "boolean", description: "Run in the background: 202 with a job id and a status URL." },
    },
  },
  response: {
    200: {
      description: "The findings.",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["request_id", "result", "metadata"],
            additionalProperties: false,
            properties: {
              request_id: { type: "string", pattern: "^req_" },
              result: resultSchema,
              metadata: {
                type: "object",
                required: ["processing_time", "data_freshness", "run_id"],
                additionalProperties: false,
                properties: {
                  processing_time: { type: "string", pattern: "^[0-9.]+s$" },
                  data_freshness: { type: ["string", "null"] },
                  run_id: { type: "string", description: "The stored run; its findings can be fetched again by id." },
                },
              },
            },
          },
        },
      },
    },
    202: { description: "Queued: poll `status_url`.", content: { "application/json": { schema: jobSchema } } },
    ...errors([
      [
        400,
        "invalid_request: a missing or unknown insight_type or detail_level (the suggestions list the allowed values), or a bad field",
      ],
      [401, "unauthorized: a missing, malformed, unknown or revoked key"],
      [
        403,
        "forbidden (the key lacks the insights scope) or subscription_inactive (the workspace's subscription has ended)",
      ],
      [404, "account_not_connected: the workspace has no such connected account"],
      [429, "quota_exceeded (the plan's insights per day) or rate_limited (the per-second burst limit)"],
      [500, "internal_error"],
    ]),
  },
} as const;

/** GET /v1/insights/jobs/{id}. */
export const INSIGHTS_JOB_SCHEMA = {
  summary: "An insights job's status, and its result when done",
  params: {
    type: "object",
    required: ["id"],
    properties: { id: { type: "string", pattern: "^job_[0-9a-f]{16}$" } },
  },
  response: {
    200: { description: "The job.", content: { "application/json": { schema: jobSchema } } },
    ...errors([
      [400, "invalid_request: not a job id"],
      [401, "unauthorized"],
      [
        403,
        "forbidden (the key lacks the insights scope) or subscription_inactive (the workspace's subscription has ended)",
      ],
      [404, "not_found: no such job in this workspace"],
    ]),
  },
} as const;

/** GET /v1/insights/findings/{id}. */
export const INSIGHTS_FINDING_SCHEMA = {
  summary: "A finding again, as the newest run that showed it stored it",
  params: {
    type: "object",
    required: ["id"],
    properties: { id: { type: "string", pattern: "^ins_[0-9a-f]{16}$" } },
  },
  response: {
    200: {
      description: "The finding.",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["request_id", "result"],
            additionalProperties: false,
            properties: {
              request_id: { type: "string", pattern: "^req_" },
              result: {
                type: "object",
                required: ["run_id", "account_id", "generated_at", "finding"],
                additionalProperties: false,
                properties: {
                  run_id: { type: "string" },
                  account_id: { type: "string" },
                  generated_at: { type: "string" },
                  finding: findingSchema,
                },
              },
            },
          },
        },
      },
    },
    ...errors([
      [400, "invalid_request: not a finding id"],
      [401, "unauthorized"],
      [
        403,
        "forbidden (the key lacks the insights scope) or subscription_inactive (the workspace's subscription has ended)",
      ],
      [404, "not_found: no stored finding with this id in this workspace"],
    ]),
  },
} as const;
