import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** The API's Prometheus metrics, on a registry of their own (never the global one). */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<"method" | "route" | "status">;
  readonly quotaRejections: Counter<"code" | "kind">;
  readonly errors: Counter<"code" | "status">;

  constructor(options: { processMetrics?: boolean } = {}) {
    this.requestDuration = new Histogram({
      name: "seller_ai_http_request_duration_seconds",
      help: "HTTP request duration in seconds, by route and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.quotaRejections = new Counter({
      name: "seller_ai_quota_rejections_total",
      help: "Requests refused by a daily quota (quota_exceeded) or the per-second burst limit (rate_limited)",
      labelNames: ["code", "kind"],
      registers: [this.registry],
    });
    this.errors = new Counter({
      name: "seller_ai_http_errors_total",
      help: "Error responses, by error code and status",
      labelNames: ["code", "status"],
      registers: [this.registry],
    });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: "seller_ai_" });
  }
}
