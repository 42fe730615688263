/**
 * The one errors module. Every failure the user can cause or meet is a
 * `SellerAiError` with a stable `code`; the CLI and the API map codes to exit
 * codes and HTTP statuses from the single table below, so both shells agree.
 */

export type ErrorCode =
  | "usage"
  | "invalid_query"
  | "invalid_request"
  | "unauthorized"
  | "forbidden"
  | "timeframe_exceeds_plan"
  | "subscription_inactive"
  | "not_found"
  | "account_not_connected"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "quota_exceeded"
  | "rate_limited"
  | "busy"
  | "import_rejected"
  | "unknown_format"
  | "missing_exchange_rate"
  | "failure"
  | "internal_error";

interface ErrorMapping {
  exitCode: number;
  httpStatus: number;
}

/** Exit codes: 0 ok, 1 failure, 2 usage error, 3 a question that cannot be understood. */
export const ERROR_MAPPINGS: Record<ErrorCode, ErrorMapping> = {
  usage: { exitCode: 2, httpStatus: 400 },
  invalid_query: { exitCode: 3, httpStatus: 400 },
  invalid_request: { exitCode: 2, httpStatus: 400 },
  unauthorized: { exitCode: 1, httpStatus: 401 },
  forbidden: { exitCode: 1, httpStatus: 403 },
  timeframe_exceeds_plan: { exitCode: 1, httpStatus: 403 },
  subscription_inactive: { exitCode: 1, httpStatus: 403 },
  not_found: { exitCode: 1, httpStatus: 404 },
  account_not_connected: { exitCode: 1, httpStatus: 404 },
  method_not_allowed: { exitCode: 1, httpStatus: 405 },
  payload_too_large: { exitCode: 1, httpStatus: 413 },
  unsupported_media_type: { exitCode: 1, httpStatus: 415 },
  quota_exceeded: { exitCode: 1, httpStatus: 429 },
  rate_limited: { exitCode: 1, httpStatus: 429 },
  busy: { exitCode: 1, httpStatus: 503 },
  import_rejected: { exitCode: 1, httpStatus: 422 },
  unknown_format: { exitCode: 1, httpStatus: 415 },
  missing_exchange_rate: { exitCode: 1, httpStatus: 422 },
  failure: { exitCode: 1, httpStatus: 500 },
  internal_error: { exitCode: 1, httpStatus: 500 },
};

export interface SellerAiErrorOptions {
  suggestions?: string[];
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class SellerAiError extends Error {
  readonly code: ErrorCode;
  readonly suggestions: string[];
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: SellerAiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "SellerAiError";
    this.code = code;
    this.suggestions = options.suggestions ?? [];
    this.details = options.details ?? {};
  }

  get exitCode(): number {
    return ERROR_MAPPINGS[this.code].exitCode;
  }

  get httpStatus(): number {
    return ERROR_MAPPINGS[this.code].httpStatus;
  }
}

/** A bad flag, argument or option value: exit code 2. */
export function usageError(message: string, suggestions: string[] = []): SellerAiError {
  return new SellerAiError("usage", message, { suggestions });
}

export function isSellerAiError(error: unknown): error is SellerAiError {
  return error instanceof SellerAiError;
}
