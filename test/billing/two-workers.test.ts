// Billing events stored on one database are processed by whichever instance's worker is free, each event by one only.
import { describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { BillingWorker, setPrice } from "../../src/billing/index.js";
import { billingEventsWithStatus, insertBillingEvents } from "../../src/store/billing-events.js";
import { openStore, type Mirror } from "../../src/store/open-mirror.js";
import { BACKENDS } from "../helpers/backends.js";
import { buildSmallMirror } from "../helpers/small-mirror.js";
import { PRICES, stripeId, subscriptionEvent } from "../helpers/stripe-events.js";

const NOW = new Date("2026-11-21T12:00:00.000Z");

/** A worker that notes the events it applied. */
function worker(mirror: Mirror, applied: string[]): BillingWorker {
  return new BillingWorker({
    db: mirror.db,
    clock: () => NOW,
    log: {
      info: (details, message) => {
        if (message === "billing event processed") applied.push(String(details.event_id));
      },
      warn: () => undefined,
      error: () => undefined,
    },
  });
}

describe.each(BACKENDS)("two billing workers on one database on $name", (backend) => {
  it("apply every event exactly once between them", async () => {
    const location = await backend.location();
    const first = await buildSmallMirror(location);
    // On a server the second worker is another instance with its own connections; elsewhere it shares the mirror.
    const second: Mirror = backend.name === "postgres" ? await openStore(location) : first;
    try {
      const { workspace_id } = await createApiKey(first.db, {
        name: "team",
        plan: "starter",
        scopes: ["query"],
        now: NOW,
      });
      for (const [plan, price] of Object.entries(PRICES)) await setPrice(first.db, price, plan, NOW);
      const events = Array.from({ length: 40 }, (_, i) =>
        subscriptionEvent("customer.subscription.created", {
          id: stripeId("sub"),
          workspaceId: workspace_id,
          price: i % 2 ? PRICES.business : PRICES.starter,
        }),
      );
      await insertBillingEvents(
        first.db,
        events.map((e) => ({
          id: e.id,
          type: e.type,
          created: e.created,
          payload: JSON.stringify(e),
          received_at: NOW.toISOString(),
        })),
      );
      const byFirst: string[] = [];
      const bySecond: string[] = [];
      await Promise.all([worker(first, byFirst).drain(), worker(second, bySecond).drain()]);

      expect([...byFirst, ...bySecond].sort()).toEqual(events.map((e) => e.id).sort());
      const processed = await billingEventsWithStatus(first.db, "processed");
      expect(processed).toHaveLength(events.length);
      expect(processed.every((e) => Number(e.attempts) === 1)).toBe(true);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });
});
