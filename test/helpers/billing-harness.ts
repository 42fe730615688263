/**
 * The API with billing on (inject), a workspace to bill and the price ids
 * mapped to plans, for the billing tests.
 */
import type { LightMyRequestResponse } from "fastify";
import { setPrice } from "../../src/billing/index.js";
import { billingEvent } from "../../src/store/billing-events.js";
import { subscription } from "../../src/store/billing-subscriptions.js";
import { apiHarness, type Harness } from "./api-harness.js";
import { PRICES, signed, type StripeEventJson, WEBHOOK_SECRET } from "./stripe-events.js";

export interface BillingHarness extends Harness {
  /** Posts an event signed with the server's secret (or as `options` says). */
  deliver(
    event: StripeEventJson | string,
    options?: { secret?: string; timestamp?: number; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Waits until the worker has processed everything due now. */
  settle(): Promise<void>;
  /** Waits (at most 10 s) until the event is processed or failed for good. */
  settled(
    eventId: string,
  ): Promise<{ status: string; attempts: number; last_error: string | null; outcome: string | null }>;
  subscription(id: string): ReturnType<typeof subscription>;
}

/** Fast retries, so a test sees an event retried and given up in well under a second. */
export const TEST_RETRY = { baseMs: 20, maxMs: 80, maxAttempts: 3 };

export async function billingHarness(
  options: Parameters<typeof apiHarness>[0] & { prices?: boolean } = {},
): Promise<BillingHarness> {
  const h = await apiHarness({
    ...options,
    billing: { webhookSecret: WEBHOOK_SECRET, retry: TEST_RETRY, ...options.billing },
  });
  if (options.prices !== false)
    for (const [plan, price] of Object.entries(PRICES)) await setPrice(h.mirror.db, price, plan, new Date());
  const worker = () => {
    const w = h.app.billingWorker;
    if (!w) throw new Error("billing is not served by this app");
    return w;
  };
  return {
    ...h,
    deliver(event, o = {}) {
      const delivery = signed(event, o);
      return h.app.inject({
        method: "POST",
        url: "/v1/billing/webhook",
        headers: { ...delivery.headers, ...o.headers },
        payload: delivery.payload,
      });
    },
    settle: () => worker().drain(),
    async settled(eventId) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        await worker().drain();
        const stored = await billingEvent(h.mirror.db, eventId);
        if (stored && stored.status !== "pending") return stored;
        if (Date.now() > deadline) throw new Error(`event ${eventId} is still ${stored?.status ?? "not stored"}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    subscription: (id) => subscription(h.mirror.db, id),
  };
}
