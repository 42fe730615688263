/**
 * POST /v1/billing/webhook through inject: Stripe's signature checked
 * against the raw body, each handled event kind applied by the worker,
 * duplicates and late events, unknown workspaces and failures retried.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingStatus, failedBillingEvents, setPrice } from "../../src/billing/index.js";
import { billingEvent } from "../../src/store/billing-events.js";
import { openBillingNotifications } from "../../src/store/billing-notifications.js";
import { billingHarness, type BillingHarness } from "../helpers/billing-harness.js";
import {
  PRICES,
  paymentFailedEvent,
  signed,
  stripeId,
  subscriptionEvent,
  WEBHOOK_SECRET,
} from "../helpers/stripe-events.js";

let h: BillingHarness;
let workspace: string;

beforeAll(async () => {
  h = await billingHarness();
  workspace = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
});

afterAll(async () => {
  await h.close();
});

async function storedEvents(): Promise<number> {
  const row = await h.mirror.db
    .selectFrom("billing_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectError(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string; request_id: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toBe(res.headers["x-request-id"]);
  return body.error;
}

describe("verification", () => {
  const event = () =>
    subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: "ws_x",
      price: PRICES.business,
    });

  it.each([
    ["no Stripe-Signature header", { "stripe-signature": "" }, {}, /Stripe-Signature header is missing/],
    [
      "a signature made with another secret",
      {},
      { secret: "whsec_someoneElsesSecret" },
      /does not verify: No signatures found/,
    ],
    [
      "a signature older than 300 seconds",
      {},
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
      /does not verify: Timestamp outside the tolerance zone/,
    ],
    ["a header that is not Stripe's format", { "stripe-signature": "v1=abc" }, {}, /does not verify/],
  ])("refuses %s with 401 and stores nothing", async (_label, headers, options, message) => {
    const before = await storedEvents();
    const res = await h.deliver(event(), { ...options, headers });
    expect(expectError(res, 401, "unauthorized").message).toMatch(message);
    expect(await storedEvents()).toBe(before);
  });

  it("accepts a signature made 299 seconds ago", async () => {
    const res = await h.deliver(
      subscriptionEvent("customer.subscription.created", {
        id: stripeId("sub"),
        workspaceId: workspace,
        price: PRICES.starter,
      }),
      { timestamp: Math.floor(Date.now() / 1000) - 299 },
    );
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ["a changed amount", (body: string) => body.replace('"unit_amount": 4900', '"unit_amount": 1')],
    ["a changed workspace", (body: string) => body.replace(/"workspace_id": "[^"]+"/, '"workspace_id": "ws_attacker"')],
    ["whitespace added", (body: string) => `${body}\n`],
    ["the body re-serialised compactly", (body: string) => JSON.stringify(JSON.parse(body))],
  ])("refuses a body modified after signing (%s) with 401 and stores nothing", async (_label, modify) => {
    const delivery = signed(
      subscriptionEvent("customer.subscription.created", {
        id: stripeId("sub"),
        workspaceId: workspace,
        price: PRICES.starter,
      }),
    );
    const modified = modify(delivery.payload);
    expect(modified).not.toBe(delivery.payload);
    const before = await storedEvents();
    const res = await h.app.inject({
      method: "POST",
      url: "/v1/billing/webhook",
      headers: delivery.headers,
      payload: modified,
    });
    expectError(res, 401, "unauthorized");
    expect(await storedEvents()).toBe(before);
  });

  it("reads the raw body whatever its content type says", async () => {
    const res = await h.deliver(
      subscriptionEvent("customer.subscription.created", {
        id: stripeId("sub"),
        workspaceId: workspace,
        price: PRICES.starter,
      }),
      { headers: { "content-type": "text/plain" } },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe("validation", () => {
  it.each([
    [
      "a subscription without workspace_id",
      (e: ReturnType<typeof subscriptionEvent>) => {
        (e.data.object as { metadata: object }).metadata = {};
      },
      ["data.object.metadata.workspace_id"],
    ],
    [
      "a subscription without items",
      (e: ReturnType<typeof subscriptionEvent>) => {
        delete (e.data.object as { items?: object }).items;
      },
      ["data.object.items.data[0]"],
    ],
    [
      "an item without a price",
      (e: ReturnType<typeof subscriptionEvent>) => {
        delete (e.data.object as { items: { data: { price?: object }[] } }).items.data[0].price;
      },
      ["data.object.items.data[0].price.id"],
    ],
    [
      "an event without created or data",
      (e: ReturnType<typeof subscriptionEvent>) => {
        delete (e as { created?: number }).created;
        delete (e as { data?: object }).data;
      },
      ["created", "data.object"],
    ],
  ])("answers 400 naming what is missing: %s", async (_label, damage, missing) => {
    const event = subscriptionEvent("customer.subscription.updated", {
      id: stripeId("sub"),
      workspaceId: workspace,
      price: PRICES.business,
    });
    damage(event);
    const before = await storedEvents();
    const error = expectError(await h.deliver(event), 400, "invalid_request");
    for (const field of missing) expect(error.message).toContain(field);
    expect(await storedEvents()).toBe(before);
  });

  it("answers 400 for an invoice without its subscription, in either API version's place", async () => {
    const event = paymentFailedEvent({ subscription: "sub_x" });
    delete (event.data.object as { parent?: object }).parent;
    const error = expectError(await h.deliver(event), 400, "invalid_request");
    expect(error.message).toMatch(/parent\.subscription_details\.subscription .*data\.object\.subscription/);
  });

  it("acknowledges an event type it does not handle without storing it", async () => {
    const before = await storedEvents();
    const event = subscriptionEvent("customer.subscription.created", {
      id: "sub_x",
      workspaceId: workspace,
      price: "p",
    });
    event.type = "customer.subscription.trial_will_end";
    const res = await h.deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      received: true,
      id: event.id,
      type: "customer.subscription.trial_will_end",
      handled: false,
      duplicate: false,
    });
    expect(await storedEvents()).toBe(before);
  });
});

describe("each event kind", () => {
  it.each([
    ["the current API version (period end on the item)", false],
    ["an API version before 2025-03-31 (period end on the subscription)", true],
  ])("customer.subscription.created records the subscription: %s", async (_label, legacy) => {
    const id = stripeId("sub");
    const periodEnd = Math.floor(Date.parse("2027-01-15T08:30:00Z") / 1000);
    const event = subscriptionEvent("customer.subscription.created", {
      id,
      workspaceId: workspace,
      price: PRICES.business,
      periodEnd,
      legacy,
    });
    const res = await h.deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, id: event.id, type: event.type, handled: true, duplicate: false });
    expect((await h.settled(event.id)).status).toBe("processed");
    expect(await h.subscription(id)).toMatchObject({
      id,
      workspace_id: workspace,
      customer_id: "cus_SellerAiTest0001",
      status: "active",
      price_id: PRICES.business,
      plan: "business",
      current_period_end: "2027-01-15T08:30:00.000Z",
      canceled_at: null,
      last_event_id: event.id,
    });
  });

  it("customer.subscription.updated changes status, plan and period end", async () => {
    const id = stripeId("sub");
    await h.deliver(
      subscriptionEvent("customer.subscription.created", { id, workspaceId: workspace, price: PRICES.starter }),
    );
    const updated = subscriptionEvent("customer.subscription.updated", {
      id,
      workspaceId: workspace,
      price: PRICES.enterprise,
      status: "past_due",
      periodEnd: Math.floor(Date.parse("2027-02-01T00:00:00Z") / 1000),
    });
    await h.deliver(updated);
    expect((await h.settled(updated.id)).outcome).toMatch(/active \(starter\) → past_due \(enterprise\)/);
    expect(await h.subscription(id)).toMatchObject({
      status: "past_due",
      plan: "enterprise",
      price_id: PRICES.enterprise,
      current_period_end: "2027-02-01T00:00:00.000Z",
    });
  });

  it("customer.subscription.deleted cancels it and records when", async () => {
    const id = stripeId("sub");
    await h.deliver(
      subscriptionEvent("customer.subscription.created", { id, workspaceId: workspace, price: PRICES.business }),
    );
    const canceledAt = Math.floor(Date.parse("2026-11-20T10:00:00Z") / 1000);
    const deleted = subscriptionEvent("customer.subscription.deleted", {
      id,
      workspaceId: workspace,
      price: PRICES.business,
      canceledAt,
    });
    await h.deliver(deleted);
    expect((await h.settled(deleted.id)).status).toBe("processed");
    expect(await h.subscription(id)).toMatchObject({ status: "canceled", canceled_at: "2026-11-20T10:00:00.000Z" });
  });

  it.each([
    ["the current API version (parent.subscription_details)", false],
    ["an API version before 2025-03-31 (invoice.subscription)", true],
  ])("invoice.payment_failed notifies the workspace and emits billing.payment_failed: %s", async (_label, legacy) => {
    const ws = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const sub = stripeId("sub");
    await h.deliver(
      subscriptionEvent("customer.subscription.created", { id: sub, workspaceId: ws, price: PRICES.business }),
    );
    const next = Math.floor(Date.parse("2026-11-24T09:00:00Z") / 1000);
    const failed = paymentFailedEvent({
      subscription: sub,
      amountDue: 4900,
      currency: "usd",
      attempt: 2,
      nextAttempt: next,
      legacy,
    });
    expect((await h.deliver(failed)).statusCode).toBe(200);
    expect((await h.settled(failed.id)).status).toBe("processed");

    const notices = await openBillingNotifications(h.mirror.db, ws);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "payment_failed",
      subscription_id: sub,
      event_id: failed.id,
      amount_due: 4900,
    });
    expect(notices[0].message).toBe(
      `Payment of 49.00 USD for subscription ${sub} failed (attempt 2); the payment is tried again on 2026-11-24. Update the payment method to keep the business plan.`,
    );
    const outbox = await h.mirror.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "billing.payment_failed")
      .where("workspace_id", "=", ws)
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0].account_id).toBeNull();
    const payload = JSON.parse(outbox[0].payload);
    expect(payload.type).toBe("billing.payment_failed");
    expect(payload.data).toMatchObject({
      id: notices[0].id,
      workspace_id: ws,
      subscription_id: sub,
      invoice_id: (failed.data.object as { id: string }).id,
      plan: "business",
      amount_due: 4900,
      currency: "USD",
      attempt_count: 2,
      next_payment_attempt: "2026-11-24T09:00:00.000Z",
      message: notices[0].message,
    });
  });

  it("settles a workspace's payment notices when its subscription is active again", async () => {
    const ws = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const sub = stripeId("sub");
    await h.deliver(
      subscriptionEvent("customer.subscription.created", { id: sub, workspaceId: ws, price: PRICES.business }),
    );
    await h.deliver(paymentFailedEvent({ subscription: sub }));
    await h.deliver(
      subscriptionEvent("customer.subscription.updated", {
        id: sub,
        workspaceId: ws,
        price: PRICES.business,
        status: "past_due",
      }),
    );
    await h.settle();
    expect(await openBillingNotifications(h.mirror.db, ws)).toHaveLength(1);
    await h.deliver(
      subscriptionEvent("customer.subscription.updated", {
        id: sub,
        workspaceId: ws,
        price: PRICES.business,
        status: "active",
      }),
    );
    await h.settle();
    expect(await openBillingNotifications(h.mirror.db, ws)).toHaveLength(0);
  });
});

describe("duplicates and order", () => {
  it("processes an event delivered three times once", async () => {
    const ws = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const sub = stripeId("sub");
    await h.deliver(
      subscriptionEvent("customer.subscription.created", { id: sub, workspaceId: ws, price: PRICES.business }),
    );
    const failed = paymentFailedEvent({ subscription: sub });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await h.deliver(failed)).json().duplicate);
    expect(answers).toEqual([false, true, true]);
    await h.settled(failed.id);
    // A redelivery after processing is acknowledged and changes nothing either.
    expect((await h.deliver(failed)).json()).toMatchObject({ received: true, duplicate: true });
    await h.settle();
    expect(await openBillingNotifications(h.mirror.db, ws)).toHaveLength(1);
    expect((await billingEvent(h.mirror.db, failed.id))?.attempts).toBe(1);
  });

  it.each([
    [
      "an older update after a newer one",
      [
        ["customer.subscription.created", "active", PRICES.starter, 100],
        ["customer.subscription.updated", "active", PRICES.enterprise, 300],
        ["customer.subscription.updated", "active", PRICES.business, 200],
      ],
      { status: "active", plan: "enterprise" },
    ],
    [
      "the creation after an update",
      [
        ["customer.subscription.updated", "active", PRICES.business, 200],
        ["customer.subscription.created", "incomplete", PRICES.business, 100],
      ],
      { status: "active", plan: "business" },
    ],
    [
      "the creation after an update of the same second",
      [
        ["customer.subscription.updated", "active", PRICES.business, 100],
        ["customer.subscription.created", "incomplete", PRICES.business, 100],
      ],
      { status: "active", plan: "business" },
    ],
    [
      "an update after the deletion",
      [
        ["customer.subscription.created", "active", PRICES.business, 100],
        ["customer.subscription.deleted", "canceled", PRICES.business, 300],
        ["customer.subscription.updated", "past_due", PRICES.business, 200],
      ],
      { status: "canceled", plan: "business" },
    ],
    [
      "an update of the same second as the deletion, after it",
      [
        ["customer.subscription.deleted", "canceled", PRICES.business, 300],
        ["customer.subscription.updated", "active", PRICES.business, 300],
      ],
      { status: "canceled", plan: "business" },
    ],
  ] as const)("never rolls a subscription back: %s", async (_label, steps, expected) => {
    const id = stripeId("sub");
    const base = Math.floor(Date.now() / 1000) - 1000;
    for (const [type, status, price, offset] of steps) {
      const event = subscriptionEvent(type, { id, workspaceId: workspace, price, status }, { created: base + offset });
      expect((await h.deliver(event)).statusCode).toBe(200);
      expect((await h.settled(event.id)).status).toBe("processed");
    }
    expect(await h.subscription(id)).toMatchObject(expected);
  });
});

describe("failures", () => {
  it("fails an event for an unknown workspace after its retries and lists it for a person", async () => {
    const event = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: "ws_doesNotExist",
      price: PRICES.business,
    });
    expect((await h.deliver(event)).statusCode).toBe(200);
    const settled = await h.settled(event.id);
    expect(settled).toMatchObject({ status: "failed", attempts: 3 });
    expect(settled.last_error).toMatch(/unknown workspace "ws_doesNotExist"/);
    const failed = await failedBillingEvents(h.mirror.db);
    expect(failed.map((f) => f.id)).toContain(event.id);
    expect((await billingStatus(h.mirror.db)).events.failed).toBeGreaterThanOrEqual(1);
  });

  it("retries a failed event until it goes through (a price mapped meanwhile)", async () => {
    const g = await billingHarness({
      billing: { webhookSecret: WEBHOOK_SECRET, retry: { baseMs: 30, maxAttempts: 50 } },
    });
    try {
      const ws = (await g.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
      const sub = stripeId("sub");
      const event = subscriptionEvent("customer.subscription.created", {
        id: sub,
        workspaceId: ws,
        price: "price_notMappedYet",
      });
      await g.deliver(event);
      await g.settle();
      const first = await billingEvent(g.mirror.db, event.id);
      expect(first).toMatchObject({ status: "pending" });
      expect(first?.last_error).toMatch(/price "price_notMappedYet" of .* stands for no plan/);
      expect(first?.attempts).toBeGreaterThanOrEqual(1);
      await setPrice(g.mirror.db, "price_notMappedYet", "business", new Date());
      const settled = await g.settled(event.id);
      expect(settled.status).toBe("processed");
      expect(settled.attempts).toBeGreaterThanOrEqual(2);
      expect(await g.subscription(sub)).toMatchObject({ status: "active", plan: "business" });
    } finally {
      await g.close();
    }
  });

  it("answers 500 when the event cannot be stored, so that Stripe sends it again", async () => {
    const g = await billingHarness();
    try {
      await g.mirror.db.schema.alterTable("billing_events").renameTo("billing_events_gone").execute();
      const res = await g.deliver(
        subscriptionEvent("customer.subscription.created", {
          id: stripeId("sub"),
          workspaceId: "ws_x",
          price: PRICES.business,
        }),
      );
      expect(expectError(res, 500, "internal_error").message).toMatch(/could not answer/);
    } finally {
      await g.close();
    }
  });
});
