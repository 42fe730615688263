// Sync from the Amazon sandbox: the default demo seller (150 products, 3 years, US, UK and DE) served by
// `npm run sandbox` in a process of its own, connected through Login with Amazon, then
//  1. a first sync of everything (Sales and Traffic per marketplace and day over three years, orders,
//     FBA inventory, restock, listings, settlements, Sponsored Products reports, competitor offers);
//  2. the sandbox moves one day on, and an incremental daily sync.
// Targets: the first sync in at most 60 s, the daily one in at most 5 s. The sandbox's usage plans are
// Amazon's documented rates × SYNC_BENCH_RATE_SCALE (10000: the first sync makes about 3,400 createReport
// calls, which Amazon's own plan of one a minute would spread over more than two days), its reports stay
// IN_PROGRESS for SYNC_BENCH_PROCESSING_MS (250). Besides the wall time, the syncing process's CPU time
// is printed (and the sandbox's, which shares the machine): on a shared machine it says more than the wall
// time; then where the sync's time went (its own timings: requesting, waiting and downloading summed over
// the reports fetched at once, the rest wall time).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { completeConnect, SecretBox, startConnect } from "../dist/connect/index.js";
import { openMirror } from "../dist/store/open-mirror.js";
import { AmazonHttp, amazonConfig, syncAccount } from "../dist/sync/index.js";

const TODAY = "2026-11-21";
const RATE_SCALE = process.env.SYNC_BENCH_RATE_SCALE ?? "10000";
const PROCESSING_MS = process.env.SYNC_BENCH_PROCESSING_MS ?? "250";
const REDIRECT = "http://127.0.0.1/connected";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "seller-ai-sync-bench-"));

function startSandbox() {
  const child = spawn(
    process.execPath,
    [
      join(root, "dist", "sync", "sandbox", "main.js"),
      "--port",
      "0",
      "--end",
      TODAY,
      "--today",
      TODAY,
      "--rate-scale",
      RATE_SCALE,
      "--processing-ms",
      PROCESSING_MS,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("exit", (code) => reject(new Error(`the sandbox stopped (exit ${code})`)));
    child.stdout.on("data", (d) => {
      out += d;
      if (!out.includes("Ctrl-C")) return;
      const env = Object.fromEntries([...out.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
      resolve({ child, env, url: env.SELLER_AI_SPAPI_ENDPOINT });
    });
  });
}

async function follow(url) {
  const res = await fetch(url, { redirect: "manual" });
  return new URL(res.headers.get("location"));
}

/**
 * Moves the sandbox's calendar one day on. The sandbox closes idle connections, so the request may go out
 * on one it has just closed ("other side closed"): it is sent again unless the day moved meanwhile.
 */
async function advanceOneDay(url) {
  const tomorrow = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  for (let attempt = 1; ; attempt++) {
    try {
      await fetch(`${url}/sandbox/advance`, { method: "POST", body: JSON.stringify({ days: 1 }) });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      const state = await (await fetch(`${url}/`)).json();
      if (state.today === tomorrow) return;
    }
  }
}

/** The sandbox's CPU time so far in s (user + system, from /proc; NaN elsewhere). */
function sandboxCpu(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function describe(label, seconds, result, target, cpu, sandboxSeconds) {
  const imported = result.reports.filter((r) => r.status === "imported").length;
  const empty = result.reports.filter((r) => r.status === "no_data").length;
  const failed = result.reports.length - imported - empty;
  console.log(
    `${label}: ${seconds.toFixed(1)} s (target ≤ ${target} s: ${seconds <= target ? "met" : "MISSED"}), status ${result.status}, ` +
      `${result.reports.length} reports (${imported} imported, ${empty} without data, ${failed} failed), ` +
      `${result.rows_written.toLocaleString("en-US")} rows, ${result.offers_written} offers, ` +
      `${result.throttled} throttled, ${result.retried} retried; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s` +
      (Number.isFinite(sandboxSeconds) ? ` (and the sandbox's ${sandboxSeconds.toFixed(1)} s)` : ""),
  );
  // Rows by report type: a rows figure that moves between runs says where.
  const byType = new Map();
  for (const r of result.reports) byType.set(r.report_type, (byType.get(r.report_type) ?? 0) + r.rows_written);
  console.log(
    `  rows by report: ${[...byType]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([type, rows]) => `${type} ${rows.toLocaleString("en-US")}`)
      .join(", ")}`,
  );
  if (result.timings)
    console.log(
      `  ${Object.entries(result.timings)
        .map(([k, v]) => `${k.replace(/_ms$/, "")} ${(v / 1000).toFixed(1)} s`)
        .join(", ")}`,
    );
}

const sandbox = await startSandbox();
const mirror = await openMirror(join(dir, "mirror.db"));
try {
  const env = { ...sandbox.env, SELLER_AI_CONNECT_REDIRECTS: REDIRECT };
  const config = amazonConfig(env);
  const secrets = new SecretBox(Buffer.alloc(32, 7));
  const now = new Date(`${TODAY}T06:00:00Z`);
  const callbackUrl = "https://seller-ai.example/v1/connect/callback";
  const started = await startConnect(mirror.db, config, {
    workspaceId: null,
    redirectUri: REDIRECT,
    scopes: ["orders", "inventory", "financial", "advertising", "pricing"],
    callbackUrl,
    now,
  });
  const ctx = { config, http: new AmazonHttp(), secrets, callbackUrl, now };
  let outcome = await completeConnect(
    mirror.db,
    Object.fromEntries((await follow(started.authorization_url)).searchParams),
    ctx,
  );
  outcome = await completeConnect(mirror.db, Object.fromEntries((await follow(outcome.location)).searchParams), ctx);
  if (!outcome.accountId) throw new Error(`not connected: ${outcome.location}`);

  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} on ${availableParallelism()} cores`,
  );
  let t = performance.now();
  let cpu = process.cpuUsage();
  let sandboxCpuBefore = sandboxCpu(sandbox.child.pid);
  const first = await syncAccount(mirror, { now, config, secrets });
  describe(
    "first sync (3 years, 3 marketplaces)",
    (performance.now() - t) / 1000,
    first,
    60,
    process.cpuUsage(cpu),
    sandboxCpu(sandbox.child.pid) - sandboxCpuBefore,
  );

  await advanceOneDay(sandbox.url);
  t = performance.now();
  cpu = process.cpuUsage();
  sandboxCpuBefore = sandboxCpu(sandbox.child.pid);
  const daily = await syncAccount(mirror, { now: new Date(now.getTime() + 86_400_000), config, secrets });
  describe(
    "incremental daily sync",
    (performance.now() - t) / 1000,
    daily,
    5,
    process.cpuUsage(cpu),
    sandboxCpu(sandbox.child.pid) - sandboxCpuBefore,
  );
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  console.log(`peak RSS of the syncing process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await mirror.close();
  sandbox.child.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
