import { ERROR_MAPPINGS, isSellerAiError, SellerAiError, type ErrorCode } from "../core/errors.js";
import { isDatabaseBusy } from "../store/dialect.js";

/** The one error body of the API. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; request_id: string; suggestions: string[] };
}

export const ERROR_BODY_SCHEMA = {
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "request_id", "suggestions"],
      additionalProperties: false,
      properties: {
        code: {
          type: "string",
          description:
            "A stable error code: invalid_query, invalid_request, unauthorized, forbidden, timeframe_exceeds_plan, subscription_inactive, not_found, account_not_connected, method_not_allowed, payload_too_large, unsupported_media_type, quota_exceeded, rate_limited, busy, internal_error.",
        },
        message: { type: "string" },
        request_id: { type: "string", pattern: "^req_" },
        suggestions: { type: "array", items: { type: "string" } },
      },
    },
  },
} as const;

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  validation?: AjvError[];
  validationContext?: string;
  message?: string;
}

/** The field a schema error is about, as the client wrote it (`query`, `filters.limit`). */
function fieldOf(error: AjvError): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (error.keyword === "required") return [path, String(error.params.missingProperty)].filter(Boolean).join(".");
  if (error.keyword === "additionalProperties")
    return [path, String(error.params.additionalProperty)].filter(Boolean).join(".");
  return path;
}

function validationMessage(error: AjvError, context: string | undefined): string {
  const field = fieldOf(error);
  if (field === "") return `the request ${context ?? "body"} must be a JSON object.`;
  switch (error.keyword) {
    case "required":
      return `${field} is required.`;
    case "additionalProperties":
      return `${field} is not a known field.`;
    case "enum":
      return `${field} must be one of ${(error.params.allowedValues as unknown[]).join(", ")}.`;
    case "type":
      return `${field} must be a ${String(error.params.type)}.`;
    case "minLength":
      return `${field} must not be empty.`;
    case "maxLength":
      return `${field} must be at most ${String(error.params.limit)} characters.`;
    default:
      return `${field} ${error.message ?? "is not valid"}.`;
  }
}

/**
 * Turns anything thrown while serving a request into a SellerAiError: our
 * own errors as they are, Fastify's (bad JSON, media type, body size, schema
 * validation) into the matching code, and anything else into
 * `internal_error` with no internals in the message.
 */
export function toSellerAiError(error: unknown): SellerAiError {
  if (isSellerAiError(error)) return error;
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation && e.validation.length > 0) {
    const first = e.validation[0];
    // A value outside a list: the suggestions are the values allowed.
    const allowed = first.keyword === "enum" ? (first.params.allowedValues as unknown[]) : [];
    return new SellerAiError("invalid_request", validationMessage(first, e.validationContext), {
      details: { field: fieldOf(first) },
      suggestions: allowed.map((v) => `${fieldOf(first)}: ${JSON.stringify(v)}`),
    });
  }
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new SellerAiError(
        "unsupported_media_type",
        "the request body must be JSON: send `Content-Type: application/json`.",
      );
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new SellerAiError("payload_too_large", "the request body is over 64 KiB.");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new SellerAiError(
        "invalid_request",
        'the request body is empty; send a JSON object such as {"query": "top 5 products last month"}.',
      );
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new SellerAiError("invalid_request", "the request body is not valid JSON.");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new SellerAiError("invalid_request", "the request body's size does not match its Content-Length.");
  }
  if (isDatabaseBusy(error)) {
    // Another process (an import) holds the mirror's write lock: nothing was written, so a retry is safe.
    return new SellerAiError("busy", "the mirror is busy with another write (an import?); retry in a moment.", {
      suggestions: ["Retry after the time in the Retry-After header."],
      cause: error,
    });
  }
  if (error instanceof SyntaxError || e.statusCode === 400) {
    return new SellerAiError("invalid_request", "the request body is not valid JSON.");
  }
  return new SellerAiError("internal_error", "the server could not answer this request; it has been logged.", {
    cause: error,
  });
}

export function errorBody(error: SellerAiError, requestId: string): ApiErrorBody {
  // Codes only the CLI uses never leave the API as such.
  const code: ErrorCode =
    error.code === "usage" ? "invalid_request" : error.code === "failure" ? "internal_error" : error.code;
  const message =
    code === "internal_error" && error.code !== "internal_error"
      ? "the server could not answer this request; it has been logged."
      : error.message;
  return { error: { code, message, request_id: requestId, suggestions: error.suggestions } };
}

export function statusOf(body: ApiErrorBody): number {
  return ERROR_MAPPINGS[body.error.code].httpStatus;
}
