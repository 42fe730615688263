/**
 * The billing worker in the background of the server: a pass that fails
 * (the database refusing) is logged and tried again after a pause, never
 * thrown, and the events wait for it; deliveries arriving together are
 * stored together and each answered as stored or duplicate.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BillingWorker } from "../../src/billing/index.js";
import { billingEvent, insertBillingEvent } from "../../src/store/billing-events.js";
import { billingHarness, type BillingHarness } from "../helpers/billing-harness.js";
import { PRICES, stripeId, subscriptionEvent } from "../helpers/stripe-events.js";
import { buildTwoSellerMirror } from "../helpers/two-sellers.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

describe("background failures", () => {
  it("logs a failing pass, pauses, and processes the events once the database answers again", async () => {
    const mirror = await buildTwoSellerMirror();
    open.push(mirror);
    const errors: string[] = [];
    const worker = new BillingWorker({
      db: mirror.db,
      pollMs: 10,
      log: { info: () => undefined, warn: () => undefined, error: (_d, message) => errors.push(message) },
    });
    await mirror.db.schema.alterTable("billing_events").renameTo("billing_events_away").execute();
    worker.start();
    const deadline = Date.now() + 5_000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(errors[0]).toMatch(/billing worker pass failed; it goes on/);

    await mirror.db.schema.alterTable("billing_events_away").renameTo("billing_events").execute();
    const event = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: "ws_none",
      price: PRICES.business,
    });
    await insertBillingEvent(mirror.db, {
      id: event.id,
      type: event.type,
      created: event.created,
      payload: JSON.stringify(event),
      received_at: new Date().toISOString(),
    });
    worker.kick();
    // Woken by the new event, the worker takes it up: here it fails (unknown workspace) and waits to be retried.
    let stored = await billingEvent(mirror.db, event.id);
    while (stored?.attempts === 0 && Date.now() < deadline + 5_000) {
      await new Promise((r) => setTimeout(r, 10));
      stored = await billingEvent(mirror.db, event.id);
    }
    await worker.stop();
    expect(stored?.attempts).toBe(1);
    expect(stored?.last_error).toMatch(/unknown workspace "ws_none"/);
  });
});

describe("deliveries arriving together", () => {
  let h: BillingHarness;
  afterEach(async () => {
    await h?.close();
  });

  it("stores an event sent five times at once once, and answers the other four as duplicates", async () => {
    h = await billingHarness();
    const workspace = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const event = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: workspace,
      price: PRICES.business,
    });
    const others = Array.from({ length: 5 }, () =>
      subscriptionEvent("customer.subscription.created", {
        id: stripeId("sub"),
        workspaceId: workspace,
        price: PRICES.starter,
      }),
    );
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => h.deliver(event)),
      ...others.map((e) => h.deliver(e)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.slice(0, 5).filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(answers.slice(5).every((a) => a.json().duplicate === false)).toBe(true);
    await h.settle();
    expect((await billingEvent(h.mirror.db, event.id))?.attempts).toBe(1);
    for (const e of others) expect((await billingEvent(h.mirror.db, e.id))?.status).toBe("processed");
  });
});
