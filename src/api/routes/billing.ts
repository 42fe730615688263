import type { FastifyInstance } from "fastify";
import { BillingInbox, BillingWorker, receiveStripeWebhook, type RetrySchedule } from "../../billing/index.js";
import { failedBillingEventCount } from "../../store/billing-events.js";
import type { ApiRouteConfig, ApiServices } from "../route-context.js";
import { BILLING_WEBHOOK_SCHEMA } from "./billing-schema.js";

/** Stripe's events may carry a large invoice; the rest of the API keeps its 64 KiB. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface BillingRouteOptions {
  /** The Stripe endpoint's signing secret (whsec_…); without one the receiver is not served. */
  webhookSecret?: string;
  /** Real time for storing and retrying events (default: the system clock, whatever `--today` says). */
  clock?: () => Date;
  /** The worker's retry schedule (tests shorten it). */
  retry?: Partial<RetrySchedule>;
}

declare module "../build-app.js" {
  interface BuildAppOptions {
    /** Billing: the Stripe webhook receiver and its worker. */
    billing?: BillingRouteOptions;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The billing worker, while the receiver is served (tests wait on it). */
    billingWorker?: BillingWorker;
  }
}

/**
 * POST /v1/billing/webhook and the worker that processes what it stores,
 * started and stopped with the server. The route sits in a scope of its
 * own whose only body parser hands the raw bytes over, so the signature is
 * checked against exactly what Stripe signed: the JSON parser never sees it.
 */
export function registerBillingRoutes(app: FastifyInstance, services: ApiServices, options: BillingRouteOptions): void {
  const secret = options.webhookSecret;
  if (!secret) return;
  const clock = options.clock ?? (() => new Date());
  const metrics = services.metrics;
  const worker = new BillingWorker({
    db: services.db,
    clock,
    retry: options.retry,
    log: app.log.child({ component: "billing" }),
    observer: {
      processed: (type, seconds) => {
        metrics.billingEventsProcessed.inc({ type });
        metrics.billingProcessingDuration.observe({ type }, seconds);
      },
      failed: (type, final) => metrics.billingEventsFailed.inc({ type, final: String(final) }),
    },
  });
  const inbox = new BillingInbox(services.db);
  metrics.countFailedBillingEvents = () => failedBillingEventCount(services.db);
  app.decorate("billingWorker", worker);
  app.addHook("onReady", async () => worker.start());
  app.addHook("preClose", async () => worker.stop());

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook("onResponse", async (_request, reply) => {
      metrics.billingWebhookDuration.observe({ status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    const config: ApiRouteConfig = { operationId: "billing_webhook" };
    scope.post(
      "/v1/billing/webhook",
      {
        schema: BILLING_WEBHOOK_SCHEMA,
        config,
        bodyLimit: WEBHOOK_BODY_LIMIT,
        // The schema's body documents the route; the raw body is verified and checked by the receiver instead.
        validatorCompiler: () => () => true,
      },
      async (request) => {
        const received = await receiveStripeWebhook({
          db: services.db,
          secret,
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: request.headers["stripe-signature"],
          now: clock(),
          store: (event) => inbox.store(event),
        });
        metrics.billingEventsReceived.inc({
          type: received.body.type,
          result: !received.body.handled ? "ignored" : received.body.duplicate ? "duplicate" : "stored",
        });
        if (received.stored) worker.kick();
        return received.body;
      },
    );
  });
}
