import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** The API's Prometheus metrics, on a registry of their own (never the global one). */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<"method" | "route" | "status">;
  readonly quotaRejections: Counter<"code" | "kind">;
  readonly errors: Counter<"code" | "status">;
  readonly billingWebhookDuration: Histogram<"status">;
  readonly billingEventsReceived: Counter<"type" | "result">;
  readonly billingEventsProcessed: Counter<"type">;
  readonly billingEventsFailed: Counter<"type" | "final">;
  readonly billingProcessingDuration: Histogram<"type">;
  readonly billingFailedWaiting: Gauge;
  /** Counts the billing events waiting for a person, read at each scrape (set when billing is served). */
  countFailedBillingEvents: (() => Promise<number>) | undefined;

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
    this.billingWebhookDuration = new Histogram({
      name: "seller_ai_billing_webhook_duration_seconds",
      help: "Time to answer a delivery of the Stripe webhook, by status",
      labelNames: ["status"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [this.registry],
    });
    this.billingEventsReceived = new Counter({
      name: "seller_ai_billing_events_received_total",
      help: "Verified Stripe events received, by type and result (stored, duplicate, ignored: a type not handled)",
      labelNames: ["type", "result"],
      registers: [this.registry],
    });
    this.billingEventsProcessed = new Counter({
      name: "seller_ai_billing_events_processed_total",
      help: "Stripe events processed, by type",
      labelNames: ["type"],
      registers: [this.registry],
    });
    this.billingEventsFailed = new Counter({
      name: "seller_ai_billing_events_failed_total",
      help: "Failed attempts to process a Stripe event, by type; final=true when it then waits for a person",
      labelNames: ["type", "final"],
      registers: [this.registry],
    });
    this.billingProcessingDuration = new Histogram({
      name: "seller_ai_billing_processing_duration_seconds",
      help: "Time to process one Stripe event, by type",
      labelNames: ["type"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [this.registry],
    });
    const metrics = this;
    this.billingFailedWaiting = new Gauge({
      name: "seller_ai_billing_failed_events",
      help: "Stripe events whose processing failed for good and that wait for a person (`seller-ai billing retry`)",
      registers: [this.registry],
      async collect() {
        if (metrics.countFailedBillingEvents) this.set(await metrics.countFailedBillingEvents());
      },
    });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: "seller_ai_" });
  }
}
