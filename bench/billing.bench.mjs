#!/usr/bin/env node
// Stripe billing events over real HTTP: `seller-ai serve` with a signing secret runs as its own process and
// this process plays Stripe, posting events signed with the stripe package (webhooks.generateTestHeaderString).
//   1. acknowledgements: a burst of signed subscription events posted with a few dozen in flight, until
//      every one is answered 200 (target >= 1,000 events acknowledged per second); then how long the
//      server's worker takes to process them all;
//   2. plan changes: a subscription's price moved between business and enterprise, one event at a time,
//      and the workspace's key polled until the API reports the new plan (target: every change in <= 1 s).
// Then the server gets SIGTERM and must exit 0.
// BILLING_BENCH_EVENTS sets the burst's size (default 5000), BILLING_BENCH_CHANGES the plan changes (40).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "seller-ai");
const EVENTS = Number(process.env.BILLING_BENCH_EVENTS ?? 5000);
const CHANGES = Number(process.env.BILLING_BENCH_CHANGES ?? 40);
const WARMUP = 200;
const IN_FLIGHT = 32;
const WORKSPACES = 20;
const SUBSCRIPTIONS = 500;
const POLL_MS = 20;
const TARGET_PER_SECOND = 1000;
const TARGET_CHANGE_MS = 1000;
const SECRET = "whsec_billingBenchSecret0123456789abcdef";
const PRICES = {
  starter: "price_bench_starter",
  business: "price_bench_business",
  enterprise: "price_bench_enterprise",
};

const { openMirror } = await import("../dist/store/open-mirror.js");
const { createAccount } = await import("../dist/store/accounts.js");
const { createApiKey } = await import("../dist/accounts/keys.js");
const { setPrice } = await import("../dist/billing/index.js");

const dir = mkdtempSync(join(tmpdir(), "seller-ai-billing-bench-"));
const db = join(dir, "mirror.db");

const mirror = await openMirror(db);
await createAccount(mirror.db, {
  id: "shop",
  name: "Bench shop",
  provider: "files",
  homeCurrency: "USD",
  marketplaces: [{ code: "US", currency: "USD" }],
  isDefault: true,
  createdAt: new Date().toISOString(),
});
const workspaces = [];
for (let i = 0; i < WORKSPACES; i++)
  workspaces.push(
    (await createApiKey(mirror.db, { name: `bench ${i}`, plan: "starter", scopes: ["webhooks"], now: new Date() }))
      .workspace_id,
  );
// The workspace whose plan changes are timed, polled with two keys (each within the business plan's 50 a second).
const watched = await createApiKey(mirror.db, {
  name: "watched",
  plan: "starter",
  scopes: ["webhooks"],
  now: new Date(),
});
const watchedKeys = [
  watched.key,
  (
    await createApiKey(mirror.db, {
      name: "watched 2",
      workspaceId: watched.workspace_id,
      scopes: ["webhooks"],
      now: new Date(),
    })
  ).key,
];
for (const [plan, price] of Object.entries(PRICES)) await setPrice(mirror.db, price, plan, new Date());

const server = spawn(process.execPath, [bin, "--db", db, "serve", "--port", "0"], {
  stdio: ["ignore", "ignore", "pipe"],
  env: {
    ...process.env,
    SELLER_AI_STRIPE_WEBHOOK_SECRET: SECRET,
    SELLER_AI_LOG_LEVEL: process.env.SELLER_AI_LOG_LEVEL ?? "warn",
  },
});
let stderr = "";
const url = await new Promise((resolve, reject) => {
  server.stderr.on("data", (chunk) => {
    stderr += chunk;
    const match = /listening on (http:\/\/[^\s]+)/.exec(stderr);
    if (match) resolve(match[1]);
  });
  server.on("exit", (code) => reject(new Error(`seller-ai serve exited ${code}: ${stderr}`)));
});
const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
const { hostname, port } = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function serverCpuMs() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One HTTP exchange on the keep-alive agent: status, headers and body. */
function exchange(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request({ agent, hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

let eventNumber = 0;
const baseCreated = Math.floor(Date.now() / 1000) - 3600;

/** A real-shaped subscription event (current API version), pretty-printed as Stripe sends it. */
function subscriptionEvent(type, subscription, workspace, price, created) {
  eventNumber++;
  const periodEnd = created + 30 * 86_400;
  return JSON.stringify(
    {
      id: `evt_bench${String(eventNumber).padStart(10, "0")}`,
      object: "event",
      api_version: "2025-09-30.clover",
      created,
      data: {
        object: {
          id: subscription,
          object: "subscription",
          cancel_at_period_end: false,
          canceled_at: null,
          created: baseCreated,
          currency: "usd",
          customer: `cus_${subscription.slice(4)}`,
          items: {
            object: "list",
            data: [
              {
                id: `si_${subscription.slice(4)}`,
                object: "subscription_item",
                current_period_start: periodEnd - 30 * 86_400,
                current_period_end: periodEnd,
                price: {
                  id: price,
                  object: "price",
                  currency: "usd",
                  recurring: { interval: "month" },
                  unit_amount: 4900,
                },
                quantity: 1,
              },
            ],
          },
          metadata: { workspace_id: workspace },
          status: "active",
        },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

function signedDelivery(payload) {
  return {
    payload,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
  };
}

/** Creations for every subscription first, then updates moving each between plans, in `created` order. */
function burst(count, offset) {
  const deliveries = [];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    const s = n % SUBSCRIPTIONS;
    const type = n < SUBSCRIPTIONS ? "customer.subscription.created" : "customer.subscription.updated";
    const price = [PRICES.starter, PRICES.business, PRICES.enterprise][Math.floor(n / SUBSCRIPTIONS) % 3];
    deliveries.push(
      signedDelivery(subscriptionEvent(type, `sub_bench${s}`, workspaces[s % WORKSPACES], price, baseCreated + n)),
    );
  }
  return deliveries;
}

async function post(deliveries) {
  const statuses = new Map();
  let next = 0;
  const worker = async () => {
    while (next < deliveries.length) {
      const d = deliveries[next++];
      const res = await exchange("POST", "/v1/billing/webhook", d.headers, d.payload);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return statuses;
}

async function processedCount() {
  const row = await mirror.db
    .selectFrom("billing_events")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "processed")
    .executeTakeFirst();
  return Number(row.n);
}

// 1. Acknowledgements.
await post(burst(WARMUP, 0));
const deliveries = burst(EVENTS, WARMUP);
const cpuBefore = serverCpuMs();
const started = performance.now();
const statuses = await post(deliveries);
const acknowledged = performance.now();
const ackSeconds = (acknowledged - started) / 1000;
const perSecond = (statuses.get(200) ?? 0) / ackSeconds;
const cpuPerEvent = (serverCpuMs() - cpuBefore) / EVENTS;
const total = WARMUP + EVENTS;
while ((await processedCount()) < total && performance.now() - acknowledged < 120_000)
  await new Promise((resolve) => setTimeout(resolve, 20));
const processed = await processedCount();
const processedSeconds = (performance.now() - started) / 1000;

// 2. Plan changes.
const subscription = "sub_benchWatched";
const changes = [];
let created = baseCreated + total + 10;
const first = signedDelivery(
  subscriptionEvent("customer.subscription.created", subscription, watched.workspace_id, PRICES.business, created),
);
const answer0 = await exchange("POST", "/v1/billing/webhook", first.headers, first.payload);
if (answer0.status !== 200) throw new Error(`the watched subscription was refused: ${answer0.status} ${answer0.body}`);
const expected = { business: "1000", enterprise: "5000" };
let poll = 0;
async function planSeen() {
  const res = await exchange("GET", "/v1/webhooks", { authorization: `Bearer ${watchedKeys[poll++ % 2]}` });
  return res.headers["x-ratelimit-limit"];
}
for (let i = 0; i < CHANGES; i++) {
  const plan = i % 2 === 0 ? "enterprise" : "business";
  created++;
  const d = signedDelivery(
    subscriptionEvent("customer.subscription.updated", subscription, watched.workspace_id, PRICES[plan], created),
  );
  const at = performance.now();
  const res = await exchange("POST", "/v1/billing/webhook", d.headers, d.payload);
  if (res.status !== 200) throw new Error(`a plan change was refused: ${res.status} ${res.body}`);
  for (;;) {
    if ((await planSeen()) === expected[plan]) break;
    if (performance.now() - at > 10_000) throw new Error(`the ${plan} plan was not seen within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  changes.push(performance.now() - at);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const sorted = [...changes].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

server.kill("SIGTERM");
const { code, signal } = await exited;
agent.destroy();
await mirror.close();
rmSync(dir, { recursive: true, force: true });

const ok = (pass) => (pass ? "ok" : "MISSED");
const others = [...statuses].filter(([s]) => s !== 200);
console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `acknowledged: ${statuses.get(200) ?? 0} signed events in ${ackSeconds.toFixed(2)} s = ${perSecond.toFixed(0)} events/s, ${IN_FLIGHT} in flight (target >= ${TARGET_PER_SECOND}) ${ok(perSecond >= TARGET_PER_SECOND)}${others.length ? `; other answers: ${others.map(([s, n]) => `${n} × ${s}`).join(", ")}` : ""}`,
);
if (Number.isFinite(cpuPerEvent))
  console.log(`server CPU: ${cpuPerEvent.toFixed(2)} ms per event, receiving and processing`);
console.log(
  `processed: ${processed} of ${total} events by the worker ${processedSeconds.toFixed(2)} s after the burst began (${(EVENTS / processedSeconds).toFixed(0)} events/s)`,
);
console.log(
  `plan change, event posted to the API reporting the new plan, ${CHANGES} changes (polled every ${POLL_MS} ms): p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms (target <= ${TARGET_CHANGE_MS} ms) ${ok(sorted.at(-1) <= TARGET_CHANGE_MS)}`,
);
console.log(`shutdown: exit ${code}${signal ? ` (${signal})` : ""} ${ok(code === 0)}`);
process.exitCode =
  perSecond >= TARGET_PER_SECOND && sorted.at(-1) <= TARGET_CHANGE_MS && processed === total && code === 0 ? 0 : 1;
