/**
 * Calls to Amazon on `fetch`, throttled the way Amazon documents its usage
 * plans: a token bucket per operation (documented rate and burst), the rate
 * taken from each response's x-amzn-RateLimit-Limit, and 429s, 5xx and
 * network failures retried with exponential backoff and full jitter. Time,
 * sleep and randomness are injected, so tests run without waiting.
 */
import { SellerAiError } from "../core/errors.js";
import { SPAPI_USAGE_PLANS, TokenBucket } from "./token-bucket.js";

export interface HttpTiming {
  /** Milliseconds, monotonic. */
  timer: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1), for jitter. */
  random: () => number;
}

export const REAL_TIMING: HttpTiming = {
  timer: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

export interface AmazonHttpOptions {
  timing?: HttpTiming;
  fetch?: typeof fetch;
  /** Attempts per call before giving up (default 8). */
  maxAttempts?: number;
  /** The first retry's ceiling in ms (default 1000), doubled per attempt up to `maxBackoffMs` (default 60 s). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface AmazonRequest {
  operation: string;
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface AmazonResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = unknown>(): T;
}

/** An error answer from Amazon after retries: status, Amazon's code and message, never our credentials. */
export class AmazonApiError extends SellerAiError {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly amazonCode: string,
    message: string,
  ) {
    super("failure", `Amazon ${operation} answered ${status}${amazonCode ? ` ${amazonCode}` : ""}: ${message}`);
  }
}

/** Counters for what the throttling did, for progress and tests. */
export interface HttpStats {
  requests: number;
  throttled: number;
  /** 429s per operation. */
  throttledBy: Record<string, number>;
  retried: number;
  waitedMs: number;
}

export class AmazonHttp {
  readonly stats: HttpStats = { requests: 0, throttled: 0, throttledBy: {}, retried: 0, waitedMs: 0 };
  private readonly timing: HttpTiming;
  private readonly fetchFn: typeof fetch;
  private readonly buckets = new Map<string, TokenBucket>();
  /** Operations whose rate an answer has announced (x-amzn-RateLimit-Limit). */
  private readonly announced = new Set<string>();
  private readonly maxAttempts: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(options: AmazonHttpOptions = {}) {
    this.timing = options.timing ?? REAL_TIMING;
    this.fetchFn = options.fetch ?? fetch;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.baseBackoffMs = options.baseBackoffMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
  }

  /** The bucket of an operation (for tests: its rate after x-amzn-RateLimit-Limit). */
  bucket(operation: string): TokenBucket {
    let bucket = this.buckets.get(operation);
    if (!bucket) {
      const plan = SPAPI_USAGE_PLANS[operation] ?? { rate: 10, burst: 10 };
      bucket = new TokenBucket(plan.rate, plan.burst, this.timing.timer());
      this.buckets.set(operation, bucket);
    }
    return bucket;
  }

  private async takeToken(operation: string): Promise<void> {
    const bucket = this.bucket(operation);
    for (;;) {
      const wait = bucket.waitMs(this.timing.timer());
      if (wait === 0 && bucket.tryTake(this.timing.timer())) return;
      // In slices: an answer meanwhile may announce a faster rate (x-amzn-RateLimit-Limit) than the one waited for,
      // short ones until the first answer has (calls made together wait for it, not for the documented rate).
      const slice = Math.max(1, Math.min(wait, this.announced.has(operation) ? 1000 : 100));
      this.stats.waitedMs += slice;
      await this.timing.sleep(slice);
    }
  }

  /** Full jitter: a random wait up to the attempt's exponential ceiling. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.maxBackoffMs, this.baseBackoffMs * 2 ** attempt);
    return Math.round(this.timing.random() * ceiling);
  }

  /**
   * Sends a request within its operation's usage plan, retrying what Amazon
   * says to retry. Any other answer (2xx, 3xx, 4xx) is returned to the caller.
   */
  async send(request: AmazonRequest): Promise<AmazonResponse> {
    let lastProblem = "";
    for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
      await this.takeToken(request.operation);
      this.stats.requests++;
      let response: Response;
      try {
        response = await this.fetchFn(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: "manual",
        });
      } catch (error) {
        lastProblem = `network error (${(error as Error).message})`;
        await this.retryWait(attempt);
        continue;
      }
      const limit = Number(response.headers.get("x-amzn-ratelimit-limit"));
      const bucket = this.bucket(request.operation);
      if (Number.isFinite(limit) && limit > 0) {
        bucket.rate = limit;
        this.announced.add(request.operation);
      }
      if (response.status === 429 || response.status >= 500) {
        await response.arrayBuffer().catch(() => undefined);
        lastProblem = `${response.status}`;
        if (response.status === 429) {
          this.stats.throttled++;
          this.stats.throttledBy[request.operation] = (this.stats.throttledBy[request.operation] ?? 0) + 1;
          bucket.drain(this.timing.timer());
          const retryAfter = Number(response.headers.get("retry-after"));
          if (Number.isFinite(retryAfter) && retryAfter > 0) {
            this.stats.retried++;
            this.stats.waitedMs += retryAfter * 1000;
            await this.timing.sleep(retryAfter * 1000);
            continue;
          }
        }
        await this.retryWait(attempt);
        continue;
      }
      const body = Buffer.from(await response.arrayBuffer());
      return {
        status: response.status,
        headers: response.headers,
        body,
        json<T>() {
          try {
            return JSON.parse(body.toString("utf8")) as T;
          } catch {
            throw new AmazonApiError(request.operation, response.status, "", "the answer is not JSON");
          }
        },
      };
    }
    throw new AmazonApiError(
      request.operation,
      Number(lastProblem) || 0,
      Number(lastProblem) === 429 ? "QuotaExceeded" : "",
      `still failing after ${this.maxAttempts} attempts (${lastProblem}); try the sync again later.`,
    );
  }

  private async retryWait(attempt: number): Promise<void> {
    this.stats.retried++;
    const wait = this.backoff(attempt);
    this.stats.waitedMs += wait;
    await this.timing.sleep(wait);
  }
}

/** Amazon's error code and message from an SP-API or Ads error body, for messages. */
export function amazonErrorText(body: Buffer): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
    const first = Array.isArray(parsed.errors) ? (parsed.errors[0] as Record<string, unknown>) : parsed;
    const code = String(first.code ?? first.error ?? "");
    const parts = [first.message, first.details, first.detail, first.error_description].filter(
      (p): p is string => typeof p === "string" && p !== "",
    );
    const message = [...new Set(parts)].join(" ");
    return { code, message: message.slice(0, 300) };
  } catch {
    return { code: "", message: body.toString("utf8").slice(0, 200) };
  }
}
