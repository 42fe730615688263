/**
 * A workspace's plan follows its subscription: the /v1/query after an
 * event sees the new plan's limits and data window, a past-due
 * subscription keeps the plan with a warning, and an ended one turns the
 * workspace's keys away.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planVerdict, type SubscriptionState } from "../../src/billing/index.js";
import { billingHarness, type BillingHarness } from "../helpers/billing-harness.js";
import { PRICES, stripeId, subscriptionEvent } from "../helpers/stripe-events.js";

let h: BillingHarness;

beforeAll(async () => {
  h = await billingHarness();
});

afterAll(async () => {
  await h.close();
});

/** A new workspace with a starter key that may query and run insights. */
async function starterWorkspace() {
  const created = await h.key({ plan: "starter", scopes: ["query", "insights"], accounts: ["acme"] });
  return { key: created.key, workspace: created.workspace_id };
}

async function subscribe(
  type: Parameters<typeof subscriptionEvent>[0],
  spec: { id: string; workspaceId: string; price: string; status?: string },
) {
  const event = subscriptionEvent(type, spec);
  expect((await h.deliver(event)).statusCode).toBe(200);
  expect((await h.settled(event.id)).status).toBe("processed");
}

const OLD_QUESTION = { query: "how much did I sell", timeframe: "2024" };
const ALL_HISTORY = { query: "how much did I sell", timeframe: "all_time" };
const RECENT = { query: "how much did I sell last month" };

describe("the plan follows the subscription", () => {
  it("keeps the keys' own plan while the workspace has no subscription", async () => {
    const { key } = await starterWorkspace();
    const res = await h.query(key, RECENT);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBe("100");
    expect((await h.query(key, OLD_QUESTION)).json().error.code).toBe("timeframe_exceeds_plan");
  });

  it("gives the next /v1/query the subscribed plan's limits and data window, and follows its changes", async () => {
    const { key, workspace } = await starterWorkspace();
    const sub = stripeId("sub");
    expect((await h.query(key, OLD_QUESTION)).statusCode).toBe(403);

    await subscribe("customer.subscription.created", { id: sub, workspaceId: workspace, price: PRICES.business });
    const business = await h.query(key, OLD_QUESTION);
    expect(business.statusCode).toBe(200);
    expect(business.headers["x-ratelimit-limit"]).toBe("1000");
    expect((await h.query(key, ALL_HISTORY)).json().error.code).toBe("timeframe_exceeds_plan");

    await subscribe("customer.subscription.updated", { id: sub, workspaceId: workspace, price: PRICES.enterprise });
    const enterprise = await h.query(key, ALL_HISTORY);
    expect(enterprise.statusCode).toBe(200);
    // Enterprise has no daily quota: the headers report the per-second burst limit.
    expect(enterprise.headers["x-ratelimit-limit"]).toBe("5000");

    await subscribe("customer.subscription.updated", { id: sub, workspaceId: workspace, price: PRICES.starter });
    const starter = await h.query(key, OLD_QUESTION);
    expect(starter.statusCode).toBe(403);
    expect(starter.json().error.code).toBe("timeframe_exceeds_plan");
    expect(starter.json().error.message).toMatch(/starter plan allows \(12 months/);
  });

  it("keeps a past-due subscription's plan and says so in a Warning header", async () => {
    const { key, workspace } = await starterWorkspace();
    const sub = stripeId("sub");
    await subscribe("customer.subscription.created", { id: sub, workspaceId: workspace, price: PRICES.business });
    expect((await h.query(key, RECENT)).headers.warning).toBeUndefined();
    await subscribe("customer.subscription.updated", {
      id: sub,
      workspaceId: workspace,
      price: PRICES.business,
      status: "past_due",
    });
    const res = await h.query(key, OLD_QUESTION);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBe("1000");
    expect(res.headers.warning).toMatch(new RegExp(`^299 seller-ai ".*${sub} is past due; the business plan is kept`));
  });

  it.each([
    ["canceled (customer.subscription.deleted)", "customer.subscription.deleted", "canceled", /is canceled/],
    ["unpaid", "customer.subscription.updated", "unpaid", /is unpaid/],
    ["incomplete_expired", "customer.subscription.updated", "incomplete_expired", /is incomplete expired/],
  ] as const)(
    "turns the keys away with 403 subscription_inactive once the subscription is %s",
    async (_l, type, status, message) => {
      const { key, workspace } = await starterWorkspace();
      const other = await starterWorkspace();
      const sub = stripeId("sub");
      await subscribe("customer.subscription.created", { id: sub, workspaceId: workspace, price: PRICES.business });
      expect((await h.query(key, RECENT)).statusCode).toBe(200);
      await subscribe(type, { id: sub, workspaceId: workspace, price: PRICES.business, status });

      for (const res of [
        await h.query(key, RECENT),
        await h.app.inject({
          method: "POST",
          url: "/v1/insights",
          headers: { authorization: `Bearer ${key}` },
          payload: { insight_type: "summary" },
        }),
      ]) {
        expect(res.statusCode).toBe(403);
        const error = res.json().error;
        expect(error.code).toBe("subscription_inactive");
        expect(error.message).toMatch(message);
        expect(error.message).toContain(sub);
        expect(error.suggestions.length).toBeGreaterThan(0);
      }
      // Another workspace's keys are not affected.
      expect((await h.query(other.key, RECENT)).statusCode).toBe(200);
    },
  );

  it("lets the keys back in when a new subscription of the workspace is active", async () => {
    const { key, workspace } = await starterWorkspace();
    const first = stripeId("sub");
    await subscribe("customer.subscription.created", { id: first, workspaceId: workspace, price: PRICES.business });
    await subscribe("customer.subscription.deleted", { id: first, workspaceId: workspace, price: PRICES.business });
    expect((await h.query(key, RECENT)).statusCode).toBe(403);
    await subscribe("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: workspace,
      price: PRICES.starter,
    });
    const res = await h.query(key, RECENT);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBe("100");
  });
});

describe("plan rules", () => {
  const sub = (status: string, plan: SubscriptionState["plan"] = "business", id = "sub_1"): SubscriptionState => ({
    id,
    status,
    plan,
    current_period_end: null,
  });

  it.each<[string, SubscriptionState[], { allowed: boolean; plan?: string; warning?: RegExp }]>([
    ["no subscription: the keys' plan", [], { allowed: true, plan: "starter" }],
    ["active: the subscription's plan", [sub("active")], { allowed: true, plan: "business" }],
    ["trialing: the subscription's plan", [sub("trialing", "enterprise")], { allowed: true, plan: "enterprise" }],
    [
      "past_due: the plan kept, with a warning",
      [sub("past_due")],
      { allowed: true, plan: "business", warning: /past due/ },
    ],
    ["incomplete: nothing granted yet, the keys' plan", [sub("incomplete")], { allowed: true, plan: "starter" }],
    ["canceled: refused", [sub("canceled")], { allowed: false }],
    ["unpaid: refused", [sub("unpaid")], { allowed: false }],
    ["incomplete_expired: refused", [sub("incomplete_expired")], { allowed: false }],
    ["paused: refused", [sub("paused")], { allowed: false }],
    [
      "a canceled one beside an active one: the active one's plan",
      [sub("canceled", "enterprise", "sub_1"), sub("active", "starter", "sub_2")],
      { allowed: true, plan: "starter" },
    ],
    [
      "two active ones: the better plan",
      [sub("active", "business", "sub_1"), sub("active", "enterprise", "sub_2")],
      { allowed: true, plan: "enterprise" },
    ],
  ])("%s", (_label, subscriptions, expected) => {
    const verdict = planVerdict(subscriptions, "starter");
    expect(verdict.allowed).toBe(expected.allowed);
    if (verdict.allowed) {
      expect(verdict.plan).toBe(expected.plan);
      if (expected.warning) expect(verdict.warning).toMatch(expected.warning);
      else expect(verdict.warning).toBeUndefined();
    } else {
      expect(verdict.error.code).toBe("subscription_inactive");
      expect(verdict.error.httpStatus).toBe(403);
    }
  });
});
