/**
 * `seller-ai billing prices set|prices|status|failed|retry` and the billing
 * notices of `seller-ai status`, on a mirror file that a served API (inject)
 * has received Stripe events into.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { billingHarness, type BillingHarness } from "../helpers/billing-harness.js";
import { PRICES, paymentFailedEvent, stripeId, subscriptionEvent, WEBHOOK_SECRET } from "../helpers/stripe-events.js";

let dir: string;
let db: string;
let h: BillingHarness;

beforeAll(async () => {
  // One mirror for the whole file (temp-mirror's folders last one test only).
  dir = mkdtempSync(join(tmpdir(), "seller-ai-billing-cli-"));
  db = join(dir, "mirror.db");
  // Events that fail are given up at once: the CLI is what takes them up.
  h = await billingHarness({
    path: db,
    prices: false,
    billing: { webhookSecret: WEBHOOK_SECRET, retry: { maxAttempts: 1 } },
  });
});

afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo({ clock: () => new Date() });
  const code = await runCli(["--db", db, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe("billing prices", () => {
  it("says how to map a price while none is", async () => {
    const run = await cli(["billing", "prices"]);
    expect(run).toMatchObject({ code: 0, err: "" });
    expect(run.out).toMatch(/No prices mapped yet.*billing prices set PRICE_ID starter\|business\|enterprise/);
  });

  it("maps price ids to plans and lists them", async () => {
    for (const [plan, price] of Object.entries(PRICES)) {
      const set = await cli(["billing", "prices", "set", price, plan]);
      expect(set).toMatchObject({ code: 0, err: "" });
      expect(set.out).toBe(`Price ${price} is the ${plan} plan.\n`);
    }
    const listed = await cli(["billing", "prices", "--json"]);
    expect(JSON.parse(listed.out).map((p: { price_id: string; plan: string }) => [p.price_id, p.plan])).toEqual(
      Object.entries(PRICES)
        .map(([plan, price]) => [price, plan])
        .sort((a, b) => a[0].localeCompare(b[0])),
    );
    const text = await cli(["billing", "prices"]);
    expect(text.out.split("\n")[0]).toMatch(/^PRICE +PLAN +UPDATED$/);
    expect(text.out).toContain(`${PRICES.business}  business`);
  });

  it.each([
    [["billing", "prices", "set", "price_x", "gold"], /unknown plan "gold"; plans are starter, business, enterprise/],
    [["billing", "prices", "set", "price x", "starter"], /the price id must be one word/],
    [["billing", "prices", "set", "price_x"], /missing required argument 'plan'/],
  ])("refuses %j with a usage error", async (args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
  });
});

describe("billing status, failed and retry", () => {
  it("shows subscriptions, each workspace's plan, notices and events; status shows the notice too", async () => {
    const paying = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const ended = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const sub = stripeId("sub");
    const gone = stripeId("sub");
    const periodEnd = Math.floor(Date.parse("2026-12-21T00:00:00Z") / 1000);
    await h.deliver(
      subscriptionEvent("customer.subscription.created", {
        id: sub,
        workspaceId: paying,
        price: PRICES.business,
        periodEnd,
      }),
    );
    await h.deliver(
      subscriptionEvent("customer.subscription.created", { id: gone, workspaceId: ended, price: PRICES.starter }),
    );
    await h.deliver(
      subscriptionEvent("customer.subscription.deleted", { id: gone, workspaceId: ended, price: PRICES.starter }),
    );
    await h.deliver(paymentFailedEvent({ subscription: sub, amountDue: 4900, attempt: 1, nextAttempt: null }));
    await h.deliver(
      subscriptionEvent("customer.subscription.updated", {
        id: sub,
        workspaceId: paying,
        price: PRICES.business,
        status: "past_due",
        periodEnd,
      }),
    );
    await h.settle();

    const json = await cli(["billing", "status", "--json"]);
    expect(json.code).toBe(0);
    const status = JSON.parse(json.out);
    expect(status.subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: sub,
          workspace_id: paying,
          status: "past_due",
          plan: "business",
          current_period_end: "2026-12-21T00:00:00.000Z",
        }),
        expect.objectContaining({ id: gone, workspace_id: ended, status: "canceled", plan: "starter" }),
      ]),
    );
    expect(status.workspaces).toEqual(
      expect.arrayContaining([
        { workspace_id: paying, access: "allowed", plan: "business", warning: expect.stringMatching(/past due/) },
        { workspace_id: ended, access: "refused", plan: null, warning: expect.stringMatching(/is canceled/) },
      ]),
    );
    expect(status.notifications).toEqual([
      expect.objectContaining({
        workspace_id: paying,
        kind: "payment_failed",
        subscription_id: sub,
        message: `Payment of 49.00 USD for subscription ${sub} failed (attempt 1); the payment will not be tried again. Update the payment method to keep the business plan.`,
      }),
    ]);
    expect(status.events).toEqual({ processed: 5, pending: 0, retrying: 0, failed: 0 });

    const text = await cli(["billing", "status"]);
    expect(text.out).toMatch(/^Receiver: POST \/v1\/billing\/webhook/);
    expect(text.out).toMatch(new RegExp(`${sub} +${paying} +past_due +business +2026-12-21 00:00Z +-`));
    expect(text.out).toMatch(new RegExp(`${ended}: keys refused \\(403 subscription_inactive\\)`));
    expect(text.out).toMatch(/Notices:\n {2}\d{4}-\d\d-\d\d \d\d:\d\dZ ws_\w+: Payment of 49\.00 USD/);
    expect(text.out).toMatch(/Events: 5 processed, 0 waiting, 0 failed\n$/);

    const mirrorStatus = await cli(["status"]);
    expect(mirrorStatus.out).toContain(
      `Billing notice for workspace ${paying}: Payment of 49.00 USD for subscription ${sub} failed`,
    );
    expect(JSON.parse((await cli(["status", "--json"])).out).billing.notifications).toHaveLength(1);
  });

  it("lists an event that failed for good, retries it on request, and refuses to process it twice", async () => {
    const workspace = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const sub = stripeId("sub");
    const event = subscriptionEvent("customer.subscription.created", {
      id: sub,
      workspaceId: workspace,
      price: "price_1NotMappedYet",
    });
    await h.deliver(event);
    expect((await h.settled(event.id)).status).toBe("failed");

    const failed = await cli(["billing", "failed", "--json"]);
    expect(JSON.parse(failed.out)).toEqual([
      {
        id: event.id,
        type: "customer.subscription.created",
        created: new Date(event.created * 1000).toISOString(),
        attempts: 1,
        error: expect.stringMatching(
          /price "price_1NotMappedYet" of sub_\w+ stands for no plan; map it with `seller-ai billing prices set price_1NotMappedYet/,
        ),
        received_at: expect.any(String),
      },
    ]);
    const status = await cli(["billing", "status"]);
    expect(status.out).toMatch(
      new RegExp(
        `Failed events \\(they need a person.*\\n  ${event.id} customer\\.subscription\\.created, 1 attempts: price "price_1NotMappedYet"`,
      ),
    );
    expect(status.out).toMatch(/Events: \d+ processed, 0 waiting, 1 failed\n$/);
    const text = await cli(["billing", "failed"]);
    expect(text.out).toMatch(
      new RegExp(`^EVENT +TYPE +CREATED +ATTEMPTS +ERROR\\n${event.id} +customer\\.subscription\\.created`),
    );
    expect(text.out).toMatch(/then `seller-ai billing retry EVENT`/);

    const again = await cli(["billing", "retry", event.id]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(new RegExp(`billing event ${event.id} failed again: price "price_1NotMappedYet"`));
    expect(JSON.parse((await cli(["billing", "failed", "--json"])).out)[0].attempts).toBe(2);

    expect((await cli(["billing", "prices", "set", "price_1NotMappedYet", "enterprise"])).code).toBe(0);
    const retried = await cli(["billing", "retry", event.id]);
    expect(retried).toMatchObject({ code: 0, err: "" });
    expect(retried.out).toBe(`Processed ${event.id}: subscription ${sub} of ${workspace}: active (enterprise)\n`);
    expect(JSON.parse((await cli(["billing", "failed", "--json"])).out)).toEqual([]);
    expect((await cli(["billing", "failed"])).out).toBe("No failed billing events.\n");

    const twice = await cli(["billing", "retry", event.id]);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/was already processed .*it is processed only once/);
    const unknown = await cli(["billing", "retry", "evt_unknown"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/no billing event "evt_unknown"/);
  });

  it("makes subscriptions on a price follow when the price is mapped again", async () => {
    const workspace = (await h.key({ plan: "starter", accounts: ["acme"] })).workspace_id;
    const price = "price_1RemappedLater";
    expect((await cli(["billing", "prices", "set", price, "starter"])).code).toBe(0);
    const event = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: workspace,
      price,
    });
    await h.deliver(event);
    await h.settled(event.id);
    const remapped = await cli(["billing", "prices", "set", price, "business", "--json"]);
    expect(JSON.parse(remapped.out)).toEqual({ price_id: price, plan: "business", subscriptions: 1 });
    const status = JSON.parse((await cli(["billing", "status", "--json"])).out);
    expect(status.workspaces.find((w: { workspace_id: string }) => w.workspace_id === workspace).plan).toBe("business");
  });
});
