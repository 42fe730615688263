#!/usr/bin/env node
// Webhook delivery over real HTTP: `seller-ai serve --allow-http-webhooks` runs as its own process and
// delivers to a receiver in this process, which verifies every signature with the Standard Webhooks
// library. Events are written to the mirror from this process, as an import in another process would.
//   1. throughput: a burst of events recorded in one transaction, until every one is acknowledged
//      (target >= 500 deliveries per second);
//   2. latency: events recorded one at a time, a few dozen a second, from the commit to the receiver
//      (target: median <= 100 ms).
// Then the server gets SIGTERM and must exit 0.
// WEBHOOKS_BENCH_BURST sets the burst's size (default 5000), WEBHOOKS_BENCH_SINGLES the single events (200).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Webhook } from "standardwebhooks";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "seller-ai");
const BURST = Number(process.env.WEBHOOKS_BENCH_BURST ?? 5000);
const SINGLES = Number(process.env.WEBHOOKS_BENCH_SINGLES ?? 200);
const SINGLE_EVERY_MS = 40;
const TARGET_PER_SECOND = 500;
const TARGET_P50_MS = 100;

const { openMirror } = await import("../dist/store/open-mirror.js");
const { createAccount } = await import("../dist/store/accounts.js");
const { createApiKey } = await import("../dist/accounts/keys.js");
const { WebhookService } = await import("../dist/webhooks/index.js");
const { recordEvent } = await import("../dist/events/index.js");
const { writeTransaction } = await import("../dist/store/dialect.js");

const dir = mkdtempSync(join(tmpdir(), "seller-ai-webhooks-bench-"));
const db = join(dir, "mirror.db");

// The receiver: verifies, notes when each event arrived, answers 204.
let webhook;
const arrived = new Map();
let invalid = 0;
let requests = 0;
const receiver = createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    requests++;
    try {
      webhook.verify(body, request.headers);
    } catch {
      invalid++;
      response.writeHead(401).end();
      return;
    }
    const id = request.headers["webhook-id"];
    if (!arrived.has(id)) arrived.set(id, performance.now());
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${receiver.address().port}/hooks`;

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
const key = await createApiKey(mirror.db, { name: "bench", plan: "enterprise", scopes: ["webhooks"], now: new Date() });
const service = new WebhookService({ db: mirror.db, policy: { allowHttpLoopback: true } });
const endpoint = await service.create({ workspaceId: key.workspace_id, url, events: ["*"] });
service.close();
webhook = new Webhook(endpoint.secret);

const server = spawn(process.execPath, [bin, "--db", db, "serve", "--port", "0", "--allow-http-webhooks"], {
  stdio: ["ignore", "ignore", "pipe"],
  env: { ...process.env, SELLER_AI_LOG_LEVEL: process.env.SELLER_AI_LOG_LEVEL ?? "warn" },
});
let stderr = "";
await new Promise((resolve, reject) => {
  server.stderr.on("data", (chunk) => {
    stderr += chunk;
    if (/listening on http/.test(stderr)) resolve();
  });
  server.on("exit", (code) => reject(new Error(`seller-ai serve exited ${code}: ${stderr}`)));
});
const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));

const data = (i) => ({ id: `run_${i}`, rows: { read: i, written: i, rejected: 0 } });

/** The server process's CPU time so far (ms), from /proc where there is one: its cost per delivery whatever the load. */
function serverCpuMs() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function waitFor(ids, timeoutMs) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const check = () => {
      if (ids.every((id) => arrived.has(id))) resolve();
      else if (performance.now() - started > timeoutMs)
        reject(new Error(`${ids.filter((id) => !arrived.has(id)).length} events not delivered in ${timeoutMs} ms`));
      else setTimeout(check, 2);
    };
    check();
  });
}

// 1. Throughput.
const burstIds = [];
const now = new Date();
// As every writer beside a running server does: the write lock taken when the transaction begins.
await writeTransaction(mirror.db, async (trx) => {
  for (let i = 0; i < BURST; i++)
    burstIds.push(
      (await recordEvent(trx, { type: "data_refresh.completed", account_id: "shop", data: data(i), now })).id,
    );
});
const committed = performance.now();
const cpuBefore = serverCpuMs();
await waitFor(burstIds, 120_000);
const last = Math.max(...burstIds.map((id) => arrived.get(id)));
const perSecond = BURST / ((last - committed) / 1000);
const cpuPerDelivery = (serverCpuMs() - cpuBefore) / BURST;

// 2. Latency from commit to receipt, one event at a time.
const latencies = [];
for (let i = 0; i < SINGLES; i++) {
  const event = await writeTransaction(mirror.db, (trx) =>
    recordEvent(trx, { type: "data_refresh.completed", account_id: "shop", data: data(i), now: new Date() }),
  );
  const at = performance.now();
  await waitFor([event.id], 30_000);
  latencies.push(arrived.get(event.id) - at);
  await new Promise((resolve) => setTimeout(resolve, SINGLE_EVERY_MS));
}
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];

server.kill("SIGTERM");
const { code, signal } = await exited;
await mirror.close();
receiver.close();
rmSync(dir, { recursive: true, force: true });

const ok = (pass) => (pass ? "ok" : "MISSED");
console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `throughput: ${BURST} events delivered in ${((last - committed) / 1000).toFixed(2)} s = ${perSecond.toFixed(0)} deliveries/s (target >= ${TARGET_PER_SECOND}) ${ok(perSecond >= TARGET_PER_SECOND)}`,
);
if (Number.isFinite(cpuPerDelivery))
  console.log(
    `server CPU: ${cpuPerDelivery.toFixed(2)} ms per delivery (about ${Math.round(1000 / cpuPerDelivery)} deliveries/s per free core)`,
  );
console.log(
  `latency, event committed to receiver, ${SINGLES} single events: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms (target p50 <= ${TARGET_P50_MS} ms) ${ok(pct(50) <= TARGET_P50_MS)}`,
);
console.log(
  `requests: ${requests} (${requests - BURST - SINGLES} repeated), signatures that failed to verify: ${invalid}`,
);
console.log(`shutdown: exit ${code}${signal ? ` (${signal})` : ""} ${ok(code === 0)}`);
process.exitCode = perSecond >= TARGET_PER_SECOND && pct(50) <= TARGET_P50_MS && code === 0 && invalid === 0 ? 0 : 1;
