#!/usr/bin/env node
// POST /v1/query over real HTTP: `seller-ai serve` runs as its own process on
// the demo mirror and autocannon (in this process) sends a repeated simple
// question with enterprise keys.
//   1. throughput: as many requests as 50 connections can make (target >= 1,500 req/s);
//   2. latency at a fixed 200 requests/s (target: 99th percentile < 50 ms).
// Then the server gets SIGTERM and must exit 0 (graceful shutdown).
//
// The demo mirror (default scale, seed 1, history to the day before today) is
// generated once into a temporary folder; set API_BENCH_DB to reuse a mirror.
// API_BENCH_SECONDS sets each run's length (default 10).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "seller-ai");
const TODAY = "2026-11-21";
const QUESTION = "top 5 products by revenue last 30 days";
const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 10);
const TARGET_RPS = 1500;
const TARGET_P99_MS = 50;

const dir = mkdtempSync(join(tmpdir(), "seller-ai-api-bench-"));
let db = process.env.API_BENCH_DB;
if (!db || !existsSync(db)) {
  db = join(dir, "mirror.db");
  const { openMirror } = await import("../dist/store/open-mirror.js");
  const { generateDemo } = await import("../dist/demo/generate-demo.js");
  const started = performance.now();
  const mirror = await openMirror(db);
  await generateDemo(mirror, { seed: 1, end: "2026-11-20", now: new Date(`${TODAY}T12:00:00Z`), scale: "default" });
  await mirror.close();
  console.log(`demo mirror (default scale) generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The keys are made as `seller-ai keys create` makes them; only this run knows them. The load is spread over a
// few keys, as several clients would send it: one key alone would meet its plan's per-second burst limit
// (an enterprise key's 5,000 requests a second) before the server's own limit.
const { openMirror } = await import("../dist/store/open-mirror.js");
const { createApiKey } = await import("../dist/accounts/keys.js");
const mirror = await openMirror(db);
const KEYS = 4;
const keys = [];
for (let i = 0; i < KEYS; i++) {
  const { key } = await createApiKey(mirror.db, {
    name: `api bench ${i + 1}`,
    plan: "enterprise",
    scopes: ["query"],
    now: new Date(),
  });
  keys.push(key);
}
const key = keys[0];
await mirror.close();

const server = spawn(
  process.execPath,
  [bin, "--db", db, "--today", TODAY, "serve", "--host", "127.0.0.1", "--port", "0"],
  {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, SELLER_AI_LOG_LEVEL: process.env.SELLER_AI_LOG_LEVEL ?? "info" },
  },
);
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

const request = {
  url: `${url}/v1/query`,
  method: "POST",
  headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
  body: JSON.stringify({ query: QUESTION }),
};

// Each connection sends with the next key in turn.
let nextKey = 0;
const setupClient = (client) =>
  client.setHeaders({ ...request.headers, authorization: `Bearer ${keys[nextKey++ % keys.length]}` });

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ ...request, duration: SECONDS, setupClient, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

let failed = false;
// Other work on the machine shows in the figures, so the load is printed with them.
console.log(
  `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
try {
  const first = await fetch(request.url, request);
  if (first.status !== 200) throw new Error(`the first request answered ${first.status}: ${await first.text()}`);
  const body = await first.json();
  console.log(
    `first answer: ${body.result.top_products.length} products, processing_time ${body.metadata.processing_time}`,
  );
  await run({ connections: 10, duration: 2 }); // warm-up

  const throughput = await run({ connections: 50, pipelining: 1 });
  const rps = throughput.requests.average;
  const bad = throughput.non2xx + throughput.errors + throughput.timeouts;
  console.log(
    `throughput      ${rps.toFixed(0).padStart(6)} req/s (target >= ${TARGET_RPS})   latency p50 ${throughput.latency.p50} ms, p99 ${throughput.latency.p99} ms   ` +
      `${throughput.requests.total} requests, ${bad} not 200`,
  );

  const metricsBefore = await (await fetch(`${url}/metrics`)).text();
  const steady = await run({ connections: 10, overallRate: 200 });
  const metricsAfter = await (await fetch(`${url}/metrics`)).text();
  const steadyBad = steady.non2xx + steady.errors + steady.timeouts;
  console.log(
    `at 200 req/s    ${steady.requests.average.toFixed(0).padStart(6)} req/s                   latency p50 ${steady.latency.p50} ms, p90 ${steady.latency.p90} ms, p99 ${steady.latency.p99} ms (target < ${TARGET_P99_MS})   ` +
      `${steady.requests.total} requests, ${steadyBad} not 200`,
  );

  // The server's own view (its duration histogram), apart from time spent queued behind other processes.
  const buckets = (text) =>
    Object.fromEntries(
      [
        ...text.matchAll(
          /seller_ai_http_request_duration_seconds_bucket\{le="([^"]+)",method="POST",route="\/v1\/query",status="200"\} (\d+)/g,
        ),
      ].map((m) => [m[1], Number(m[2])]),
    );
  const [b, a] = [buckets(metricsBefore), buckets(metricsAfter)];
  const total = a["+Inf"] - (b["+Inf"] ?? 0);
  const share = (le) => (((a[le] - (b[le] ?? 0)) / total) * 100).toFixed(1);
  console.log(
    `  server-side at 200 req/s: ${share("0.001")}% under 1 ms, ${share("0.005")}% under 5 ms, ${share("0.01")}% under 10 ms, ${share("0.05")}% under 50 ms`,
  );

  failed = rps < TARGET_RPS || steady.latency.p99 >= TARGET_P99_MS || bad > 0 || steadyBad > 0;
  console.log(failed ? "api: below target" : "api: targets met");
} finally {
  const stopping = performance.now();
  server.kill("SIGTERM");
  const { code, signal } = await exited;
  console.log(`SIGTERM: serve exited ${code ?? signal} after ${(performance.now() - stopping).toFixed(0)} ms`);
  if (code !== 0) failed = true;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
