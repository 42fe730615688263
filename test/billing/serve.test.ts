/**
 * `seller-ai serve` with billing, over real sockets on 127.0.0.1: signed
 * Stripe deliveries over HTTP and HTTPS (--tls-cert/--tls-key), the plan
 * change the next query sees, a cancellation turning the key away, the
 * failed payment delivered to the workspace's webhook, /metrics and the
 * OpenAPI document.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { dirname, join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/accounts/keys.js";
import { setPrice } from "../../src/billing/index.js";
import { serveCommand, type ServeOptions } from "../../src/cli/commands/serve.js";
import { createContext } from "../../src/cli/context.js";
import { captureIo, type CapturedIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { openMirror } from "../../src/store/open-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import { buildTwoSellerMirror, FIXTURE_TODAY } from "../helpers/two-sellers.js";
import { startReceiver } from "../helpers/webhook-receiver.js";
import {
  PRICES,
  paymentFailedEvent,
  signed,
  stripeId,
  subscriptionEvent,
  WEBHOOK_SECRET,
  type StripeEventJson,
} from "../helpers/stripe-events.js";

const TLS_CERT = "fixtures/tls/localhost-cert.pem";
const TLS_KEY = "fixtures/tls/localhost-key.pem";

let db: string;
let key: string;
let workspace: string;

beforeEach(async () => {
  db = tempDbPath();
  const mirror = await buildTwoSellerMirror(db);
  try {
    const created = await createApiKey(mirror.db, {
      name: "billing",
      plan: "starter",
      scopes: ["query"],
      accountIds: ["acme"],
      now: new Date(),
    });
    key = created.key;
    workspace = created.workspace_id;
    for (const [plan, price] of Object.entries(PRICES)) await setPrice(mirror.db, price, plan, new Date());
  } finally {
    await mirror.close();
  }
});

interface Served {
  url: string;
  io: CapturedIo;
  stop(): Promise<number>;
}

async function serve(env: Record<string, string>, options: Partial<ServeOptions> = {}): Promise<Served> {
  // Real time for the server's own clock: Stripe's and the webhooks' signatures are checked against it.
  const io = captureIo({ env: { SELLER_AI_LOG_LEVEL: "silent", ...env }, clock: () => new Date() });
  const ctx = createContext(io, { db, today: FIXTURE_TODAY });
  let stop!: () => void;
  let listening!: (url: string) => void;
  const address = new Promise<string>((resolve) => (listening = resolve));
  const served = serveCommand(ctx, {
    host: "127.0.0.1",
    port: 0,
    fixedToday: true,
    onListening: listening,
    shutdownSignal: (s) => (stop = s),
    ...options,
  });
  const url = await Promise.race([address, served.then(() => Promise.reject(new Error(io.err())))]);
  return {
    url,
    io,
    async stop() {
      stop();
      const code = await served;
      await ctx.close();
      return code;
    },
  };
}

const running: Served[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

async function started(env: Record<string, string>, options: Partial<ServeOptions> = {}): Promise<Served> {
  const s = await serve(env, options);
  running.push(s);
  return s;
}

function post(url: string, event: StripeEventJson, options: { timestamp?: number; secret?: string } = {}) {
  const delivery = signed(event, options);
  return fetch(`${url}/v1/billing/webhook`, { method: "POST", headers: delivery.headers, body: delivery.payload });
}

function query(url: string, body: Record<string, unknown>) {
  return fetch(`${url}/v1/query`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Asks until the answer's status is `status` (the worker processes in the background), at most 5 s. */
async function untilStatus(ask: () => Promise<Response>, status: number): Promise<Response> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await ask();
    if (res.status === status || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const OLD_QUESTION = { query: "how much did I sell", timeframe: "2024" };

describe("serve with SELLER_AI_STRIPE_WEBHOOK_SECRET over HTTP", () => {
  it("verifies deliveries, applies them in the background and the next queries follow the plan", async () => {
    const s = await started({ SELLER_AI_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(s.io.err()).toMatch(/receiving Stripe billing events at http:\/\/127\.0\.0\.1:\d+\/v1\/billing\/webhook/);
    const sub = stripeId("sub");
    expect((await query(s.url, OLD_QUESTION)).status).toBe(403);

    const wrong = await post(
      s.url,
      subscriptionEvent("customer.subscription.created", { id: sub, workspaceId: workspace, price: PRICES.business }),
      {
        secret: "whsec_notTheServersSecret",
      },
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    const stale = await post(
      s.url,
      subscriptionEvent("customer.subscription.created", { id: sub, workspaceId: workspace, price: PRICES.business }),
      {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      },
    );
    expect(stale.status).toBe(401);

    const created = subscriptionEvent("customer.subscription.created", {
      id: sub,
      workspaceId: workspace,
      price: PRICES.business,
    });
    const res = await post(s.url, created);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      received: true,
      id: created.id,
      type: created.type,
      handled: true,
      duplicate: false,
    });
    // A retry of the same delivery is acknowledged as a duplicate.
    expect(await (await post(s.url, created)).json()).toMatchObject({ duplicate: true });

    const upgraded = await untilStatus(() => query(s.url, OLD_QUESTION), 200);
    expect(upgraded.status).toBe(200);
    expect(upgraded.headers.get("x-ratelimit-limit")).toBe("1000");

    const updated = subscriptionEvent("customer.subscription.updated", {
      id: sub,
      workspaceId: workspace,
      price: PRICES.enterprise,
    });
    expect((await post(s.url, updated)).status).toBe(200);
    const allHistory = await untilStatus(
      () => query(s.url, { query: "how much did I sell", timeframe: "all_time" }),
      200,
    );
    expect(allHistory.status).toBe(200);

    expect(
      (
        await post(
          s.url,
          subscriptionEvent("customer.subscription.deleted", {
            id: sub,
            workspaceId: workspace,
            price: PRICES.business,
          }),
        )
      ).status,
    ).toBe(200);
    const refused = await untilStatus(() => query(s.url, { query: "how much did I sell last month" }), 403);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("subscription_inactive");

    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toMatch(
      /seller_ai_billing_events_received_total\{type="customer.subscription.created",result="stored"\} 1/,
    );
    expect(metrics).toMatch(
      /seller_ai_billing_events_received_total\{type="customer.subscription.created",result="duplicate"\} 1/,
    );
    expect(metrics).toMatch(/seller_ai_billing_events_processed_total\{type="customer.subscription.deleted"\} 1/);
    expect(metrics).toMatch(
      /seller_ai_billing_processing_duration_seconds_count\{type="customer.subscription.created"\} 1/,
    );
    expect(metrics).toMatch(/seller_ai_billing_webhook_duration_seconds_count\{status="401"\} 2/);
    expect(metrics).toMatch(/seller_ai_billing_failed_events 0/);
    expect(await s.stop()).toBe(0);
    running.pop();
  });

  it("keeps the newer state of events out of order, fails an unknown workspace and takes a retry after a fix", async () => {
    const s = await started({ SELLER_AI_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const sub = stripeId("sub");
    const base = Math.floor(Date.now() / 1000) - 100;
    const newer = subscriptionEvent(
      "customer.subscription.updated",
      { id: sub, workspaceId: workspace, price: PRICES.enterprise },
      { created: base + 20 },
    );
    const older = subscriptionEvent(
      "customer.subscription.created",
      { id: sub, workspaceId: workspace, price: PRICES.business },
      { created: base + 10 },
    );
    expect((await post(s.url, newer)).status).toBe(200);
    expect(
      (await untilStatus(() => query(s.url, { query: "how much did I sell", timeframe: "all_time" }), 200)).status,
    ).toBe(200);
    expect((await post(s.url, older)).status).toBe(200);

    const stranger = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: "ws_notOnThisServer",
      price: PRICES.business,
    });
    const unmapped = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: workspace,
      price: "price_1MappedOnlyLater",
    });
    expect((await post(s.url, stranger)).status).toBe(200);
    expect((await post(s.url, unmapped)).status).toBe(200);

    const cli = async (args: string[]) => {
      const io = captureIo({ clock: () => new Date() });
      const code = await runCli(["--db", db, ...args], io);
      return { code, out: io.out(), err: io.err() };
    };
    // Both wait for a retry: the CLI sees their errors while `serve` runs.
    const deadline = Date.now() + 5_000;
    let status = JSON.parse((await cli(["billing", "status", "--json"])).out);
    while (status.events.retrying < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      status = JSON.parse((await cli(["billing", "status", "--json"])).out);
    }
    expect(status.events).toMatchObject({ retrying: 2, failed: 0 });
    expect(status.subscriptions.find((x: { id: string }) => x.id === sub)).toMatchObject({ plan: "enterprise" });

    expect((await cli(["billing", "retry", stranger.id])).err).toMatch(/unknown workspace "ws_notOnThisServer"/);
    expect((await cli(["billing", "prices", "set", "price_1MappedOnlyLater", "starter"])).code).toBe(0);
    const retried = await cli(["billing", "retry", unmapped.id]);
    expect(retried.code).toBe(0);
    expect(retried.out).toMatch(/active \(starter\)/);
    // The newer plan still wins: the workspace's best subscription is enterprise.
    expect((await query(s.url, { query: "how much did I sell", timeframe: "all_time" })).status).toBe(200);
  });

  it("sends a failed payment to the workspace's webhook as billing.payment_failed", async () => {
    const receiver = await startReceiver([]);
    try {
      const io = captureIo();
      const args = ["--db", db, "webhooks", "add", receiver.url, "--events", "billing.payment_failed"];
      expect(await runCli([...args, "--workspace", workspace, "--allow-http-webhooks", "--json"], io)).toBe(0);
      receiver.secrets.push(JSON.parse(io.out()).secret);
      const s = await started({ SELLER_AI_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { allowHttpWebhooks: true });
      const sub = stripeId("sub");
      await post(
        s.url,
        subscriptionEvent("customer.subscription.created", { id: sub, workspaceId: workspace, price: PRICES.business }),
      );
      const failed = paymentFailedEvent({ subscription: sub, amountDue: 9900, attempt: 1 });
      expect((await post(s.url, failed)).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (receiver.acknowledged.size === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const delivered = receiver.requests.filter((r) => r.verified);
      expect(delivered).toHaveLength(1);
      expect(delivered[0].payload.type).toBe("billing.payment_failed");
      expect(delivered[0].payload.data).toMatchObject({
        workspace_id: workspace,
        subscription_id: sub,
        amount_due: 9900,
        currency: "USD",
        plan: "business",
      });
    } finally {
      await receiver.close();
    }
  });

  it("documents the receiver and the billing event in the OpenAPI document", async () => {
    const s = await started({ SELLER_AI_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const doc = (await (await fetch(`${s.url}/v1/openapi.json`)).json()) as Record<string, any>;
    expect((await new Validator().validate(doc)).errors ?? []).toEqual([]);
    const operation = doc.paths["/v1/billing/webhook"].post;
    expect(operation.operationId).toBe("billing_webhook");
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses).sort()).toEqual(["200", "400", "401", "413", "500"]);
    expect(operation.requestBody.content["application/json"].schema.required).toEqual([
      "id",
      "type",
      "created",
      "data",
    ]);
    expect(doc.webhooks["billing.payment_failed"].post.operationId).toBe("event_billing_payment_failed");
  });
});

describe("serve without a signing secret", () => {
  it("does not serve the receiver", async () => {
    const s = await started({});
    expect(s.io.err()).not.toMatch(/Stripe/);
    const res = await post(
      s.url,
      subscriptionEvent("customer.subscription.created", {
        id: "sub_x",
        workspaceId: workspace,
        price: PRICES.business,
      }),
    );
    expect(res.status).toBe(404);
  });
});

describe("serve --stripe-webhook-secret-file", () => {
  it("reads the secret from the file's first line", async () => {
    const file = join(dirname(db), "stripe-secret");
    writeFileSync(file, `${WEBHOOK_SECRET}\n`);
    const s = await started({}, { stripeWebhookSecretFile: file });
    const res = await post(
      s.url,
      subscriptionEvent("customer.subscription.created", {
        id: stripeId("sub"),
        workspaceId: workspace,
        price: PRICES.business,
      }),
    );
    expect(res.status).toBe(200);
  });

  it.each([
    [
      "a file that does not exist",
      () => join(dirname(db), "nowhere"),
      /cannot read --stripe-webhook-secret-file .*: no such file/,
    ],
    ["an empty file", () => write(""), /is empty/],
    [
      "an API key instead of the signing secret",
      () => write("sk_live_abc123\n"),
      /start with whsec_.*looks like an API key/,
    ],
  ])("refuses %s before starting", async (_label, path, message) => {
    const io = captureIo({ env: { SELLER_AI_LOG_LEVEL: "silent" } });
    const code = await runCli(["--db", db, "serve", "--port", "0", "--stripe-webhook-secret-file", path()], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(message);
    expect(io.err()).not.toMatch(/listening/);
  });

  function write(content: string): string {
    const file = join(dirname(db), "secret");
    writeFileSync(file, content);
    return file;
  }
});

describe("serve --tls-cert --tls-key", () => {
  function httpsPost(url: string, payload: string, headers: Record<string, string>) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(
        `${url}/v1/billing/webhook`,
        { method: "POST", headers, ca: readFileSync(TLS_CERT) },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  it("serves HTTPS directly and takes signed deliveries over it", async () => {
    const s = await started(
      { SELLER_AI_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      { tls: { certFile: TLS_CERT, keyFile: TLS_KEY } },
    );
    expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const event = subscriptionEvent("customer.subscription.created", {
      id: stripeId("sub"),
      workspaceId: workspace,
      price: PRICES.business,
    });
    const delivery = signed(event);
    const res = await httpsPost(s.url, delivery.payload, delivery.headers);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ received: true, id: event.id });
    const tampered = await httpsPost(s.url, delivery.payload.replace("4900", "4901"), delivery.headers);
    expect(tampered.status).toBe(401);
  });

  it.each([
    [["--tls-cert", TLS_CERT], /--tls-cert needs --tls-key/],
    [["--tls-key", TLS_KEY], /--tls-key needs --tls-cert/],
    [["--tls-cert", TLS_KEY, "--tls-key", TLS_KEY], /--tls-cert .* does not hold a PEM certificate/],
    [["--tls-cert", TLS_CERT, "--tls-key", "fixtures/tls/missing.pem"], /cannot read --tls-key .*: no such file/],
  ])("refuses %j before starting", async (flags, message) => {
    const io = captureIo({ env: { SELLER_AI_LOG_LEVEL: "silent" } });
    expect(await runCli(["--db", db, "serve", "--port", "0", ...flags], io)).toBe(2);
    expect(io.err()).toMatch(message);
  });
});

it("keeps the mirror's billing tables after a restart (the store is durable)", async () => {
  const s = await started({ SELLER_AI_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const event = subscriptionEvent("customer.subscription.created", {
    id: stripeId("sub"),
    workspaceId: workspace,
    price: PRICES.business,
  });
  expect((await post(s.url, event)).status).toBe(200);
  await s.stop();
  running.pop();
  const mirror = await openMirror(db);
  try {
    const stored = await mirror.db.selectFrom("billing_events").select(["id", "status"]).execute();
    expect(stored.map((e) => e.id)).toEqual([event.id]);
  } finally {
    await mirror.close();
  }
});
