#!/usr/bin/env node
// POST /v1/query over real HTTP with business-plan keys, where every request takes a unit of its daily
// quota and of its per-second burst limit: two `seller-ai serve` processes on one PostgreSQL database
// together (target >= 1,500 req/s), beside one `serve` on a SQLite mirror of the same demo seller.
// autocannon (in this process, one instance per server, keep-alive connections, loopback only) sends a
// repeated question; the keys (PG_API_BENCH_KEYS, 64, each its own workspace) take turns, so no key
// passes its burst limit (50/s) or daily quota (1,000) and every request should answer 200.
//
// SELLER_AI_BENCH_PG_URL (else SELLER_AI_TEST_PG_URL) names the server; the bench makes its own scratch
// database there (seller_ai_bench_api_*) and drops it after. Without either it says so and stops.
// PG_API_BENCH_SECONDS (10) sets each run's length, PG_API_BENCH_CONNECTIONS (50) the connections in
// all, PG_API_BENCH_SCALE (default) the demo's scale.
// Beside each figure, the CPU time per answered request of the servers (and, on PostgreSQL, of the database
// server's sessions on the scratch database, when they run on this machine), read from /proc on Linux:
// on a shared machine the rate follows the other load, the CPU a request costs much less.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import pg from "pg";

const URL_ = process.env.SELLER_AI_BENCH_PG_URL || process.env.SELLER_AI_TEST_PG_URL;
if (!URL_) {
  console.log("no PostgreSQL server: set SELLER_AI_BENCH_PG_URL (or SELLER_AI_TEST_PG_URL) to run this bench");
  process.exit(0);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "seller-ai");
const TODAY = "2026-11-21";
const now = new Date(`${TODAY}T12:00:00Z`);
const QUESTION = "top 5 products by revenue last 30 days";
const SECONDS = Number(process.env.PG_API_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.PG_API_BENCH_CONNECTIONS ?? 50);
const KEYS = Number(process.env.PG_API_BENCH_KEYS ?? 64);
const SCALE = process.env.PG_API_BENCH_SCALE ?? "default";
const TARGET_RPS = 1500;

const { openStore } = await import("../dist/store/open-mirror.js");
const { generateDemo } = await import("../dist/demo/generate-demo.js");
const { createApiKey } = await import("../dist/accounts/keys.js");

const dir = mkdtempSync(join(tmpdir(), "seller-ai-pg-api-bench-"));
const scratch = `seller_ai_bench_api_${process.pid}`;
const servers = [];
const scratchUrl = (() => {
  const url = new URL(URL_);
  url.pathname = `/${scratch}`;
  return url.toString();
})();

async function admin(statement) {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The demo seller and KEYS business keys (each its own workspace) in a new mirror at `location`. */
async function prepare(engine, location) {
  const mirror = await openStore(location);
  try {
    const t0 = performance.now();
    await generateDemo(mirror, { seed: 1, end: "2026-11-20", now, scale: SCALE });
    console.log(`demo (${SCALE} scale) on ${engine} generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const keys = [];
    for (let i = 0; i < KEYS; i++) {
      const created = await createApiKey(mirror.db, {
        name: `api bench ${i}`,
        plan: "business",
        scopes: ["query"],
        now: new Date(),
      });
      keys.push(created.key);
    }
    return keys;
  } finally {
    await mirror.close();
  }
}

async function serve(location) {
  const server = spawn(
    process.execPath,
    [bin, "--db", location, "--today", TODAY, "serve", "--host", "127.0.0.1", "--port", "0"],
    {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, SELLER_AI_LOG_LEVEL: process.env.SELLER_AI_LOG_LEVEL ?? "info" },
    },
  );
  servers.push(server);
  let stderr = "";
  const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    const read = (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/[^\s]+)/.exec(stderr);
      if (!match) return;
      // The request log goes on being read (and dropped), not kept: the load generator shares this process.
      server.stderr.off("data", read);
      server.stderr.resume();
      resolve(match[1]);
    };
    server.stderr.on("data", read);
    server.on("exit", (code) => reject(new Error(`seller-ai serve exited ${code}: ${stderr}`)));
  });
  return {
    url,
    pid: server.pid,
    async stop() {
      server.kill("SIGTERM");
      const { code, signal } = await exited;
      if (code !== 0) throw new Error(`seller-ai serve exited ${code ?? signal}`);
    },
  };
}

/** One autocannon run per server at once, the keys taking turns; the totals and the worst latencies. */
async function load(urls, keys, { seconds, connections }) {
  let turn = 0;
  const body = JSON.stringify({ query: QUESTION });
  const runs = urls.map(
    (url) =>
      new Promise((resolve, reject) => {
        autocannon(
          {
            url: `${url}/v1/query`,
            method: "POST",
            duration: seconds,
            connections: Math.max(1, Math.round(connections / urls.length)),
            requests: [
              {
                method: "POST",
                body,
                setupRequest: (request) => ({
                  ...request,
                  headers: {
                    "content-type": "application/json",
                    authorization: `Bearer ${keys[turn++ % keys.length]}`,
                  },
                }),
              },
            ],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      }),
  );
  const results = await Promise.all(runs);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    total: results.reduce((sum, r) => sum + r.requests.total, 0),
    bad: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

/** CPU time (user and system) a process has used so far, in ms; undefined where /proc cannot tell. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
// The unit of /proc times (USER_HZ): 100 a second on Linux.
const CLOCK_TICKS = 100;

/** The database server's sessions on the scratch database (the servers' pools), by process id. */
async function sessions() {
  const client = new pg.Client({ connectionString: scratchUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [scratch],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** The CPU ms the processes used since `before` (those gone or unreadable left out), or undefined. */
function cpuSince(pids, before) {
  let sum = 0;
  let read = 0;
  pids.forEach((pid, i) => {
    const now = cpuMs(pid);
    if (now === undefined || before[i] === undefined) return;
    sum += now - before[i];
    read++;
  });
  return read > 0 ? sum : undefined;
}

function perRequest(ms, r) {
  return ms === undefined ? "n/a" : `${(ms / Math.max(1, r.total - r.bad)).toFixed(3)} ms`;
}

function line(label, r) {
  return (
    `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s   latency p50 ${r.p50} ms, p99 ${r.p99} ms   ` +
    `${r.total} requests, ${r.bad} not 200\n${"".padEnd(30)} CPU per answered request: servers ${perRequest(r.serverCpu, r)}` +
    (r.databaseCpu === undefined ? "" : `, database sessions ${perRequest(r.databaseCpu, r)}`)
  );
}

console.log(
  `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; ${KEYS} business keys, ${CONNECTIONS} connections, ${SECONDS} s per run`,
);

let failed = false;
try {
  await admin(`drop database if exists ${scratch}`);
  await admin(`create database ${scratch}`);
  const url = new URL(scratchUrl);
  const figures = {};
  for (const [engine, location, instances] of [
    ["sqlite", join(dir, "mirror.db"), 1],
    ["postgres", url.toString(), 2],
  ]) {
    const keys = await prepare(engine, location);
    const started = [];
    for (let i = 0; i < instances; i++) started.push(await serve(location));
    const urls = started.map((s) => s.url);
    // Each server answers the question once before the load: every instance keeps its own answer cache.
    for (const server of urls) {
      const first = await fetch(`${server}/v1/query`, {
        method: "POST",
        headers: { authorization: `Bearer ${keys[0]}`, "content-type": "application/json" },
        body: JSON.stringify({ query: QUESTION }),
      });
      if (first.status !== 200) throw new Error(`the first request answered ${first.status}: ${await first.text()}`);
    }
    await load(urls, keys, { seconds: 2, connections: 10 }); // warm-up
    const pids = started.map((s) => s.pid);
    const backends = engine === "postgres" ? await sessions() : [];
    const serversBefore = pids.map(cpuMs);
    const backendsBefore = backends.map(cpuMs);
    figures[engine] = await load(urls, keys, { seconds: SECONDS, connections: CONNECTIONS });
    figures[engine].serverCpu = cpuSince(pids, serversBefore);
    if (engine === "postgres") figures[engine].databaseCpu = cpuSince(backends, backendsBefore);
    for (const s of started) await s.stop();
  }
  console.log(line("sqlite, one server", figures.sqlite));
  console.log(line("postgres, two servers together", figures.postgres));
  failed = figures.postgres.rps < TARGET_RPS || figures.postgres.bad > 0 || figures.sqlite.bad > 0;
  console.log(
    `PostgreSQL, two servers: ${figures.postgres.rps.toFixed(0)} req/s (target >= ${TARGET_RPS}); SQLite, one server: ${figures.sqlite.rps.toFixed(0)} req/s`,
  );
  console.log(failed ? "pg-api: below target" : "pg-api: targets met");
} finally {
  for (const server of servers) if (server.exitCode === null) server.kill("SIGTERM");
  await admin(`drop database if exists ${scratch} with (force)`).catch((error) => console.error(error.message));
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
