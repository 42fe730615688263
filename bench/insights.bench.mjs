#!/usr/bin/env node
// Insights and anomaly detection:
// - precision and recall of the anomaly scan on the demo seller's planted anomalies (targets: both >= 0.9),
//   at normal sensitivity (low and high shown for comparison);
// - false findings per 1,000 product-weeks on the same seller generated without anomalies (target <= 1),
//   over consecutive two-week windows of its last six months;
// - `insights --type risks` in-process on the demo seller (target: median <= 300 ms);
// - on the large demo seller (2,000 products × 3 marketplaces, 9 metrics, 91 days): the full anomaly scan
//   (target <= 2 s) and a comprehensive insights run of each type (target <= 5 s).
//
// A finding matches a planted anomaly when it is about the same product and marketplace, one of the metrics
// the anomaly moves (the manifest's `metric` and `also`), and overlapping days; a planted anomaly is found
// when a matching finding moves the planted way. Precision counts findings, recall planted anomalies.
//
// The mirrors are generated once into a temporary folder (the large one takes minutes); INSIGHTS_BENCH_DB,
// INSIGHTS_BENCH_CLEAN_DB and INSIGHTS_BENCH_LARGE_DB reuse existing ones (seed 1, end 2026-11-20).
// INSIGHTS_BENCH_SCALE=default skips the large seller. Times are medians of INSIGHTS_BENCH_RUNS runs (default 5,
// 3 on the large seller), each on a fresh analytics context; cpu is this process's CPU time per run.
import { existsSync, mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const END = "2026-11-20";
const TODAY = "2026-11-21";
const now = new Date(`${TODAY}T12:00:00Z`);
const RUNS = Number(process.env.INSIGHTS_BENCH_RUNS ?? 5);
const LARGE = (process.env.INSIGHTS_BENCH_SCALE ?? "both") !== "default";

const { openMirror } = await import("../dist/store/open-mirror.js");
const { generateDemo } = await import("../dist/demo/generate-demo.js");
const { demoManifest, ANOMALY_SIGNATURES } = await import("../dist/demo/manifest.js");
const { createAnalyticsContext } = await import("../dist/analytics/facts/context.js");
const { addDaysIso } = await import("../dist/core/dates.js");
const { scanAnomalies, runInsights, INSIGHT_TYPES } = await import("../dist/insights/index.js");
const { runAndStore } = await import("../dist/insights/run-and-store.js");

async function mirrorFor(envName, scale, anomalies) {
  const reuse = process.env[envName];
  if (reuse && existsSync(reuse)) return reuse;
  const db = join(mkdtempSync(join(tmpdir(), `seller-ai-insights-bench-${scale}-`)), "mirror.db");
  const started = performance.now();
  const mirror = await openMirror(db);
  await generateDemo(mirror, { seed: 1, end: END, now, scale, anomalies });
  await mirror.close();
  console.log(
    `demo mirror (${scale} scale${anomalies ? "" : ", no anomalies"}) generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${db} (reuse with ${envName})`,
  );
  return db;
}

async function contextOf(mirror, today = TODAY) {
  const account = await mirror.db.selectFrom("accounts").selectAll().where("id", "=", "demo").executeTakeFirstOrThrow();
  return createAnalyticsContext(mirror.db, account, new Date(`${today}T12:00:00Z`), today);
}

/** Median wall and CPU milliseconds of `runs` calls (after one warm-up). */
async function timed(runs, work) {
  await work();
  const walls = [];
  const cpus = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await work();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: med(walls), cpu: med(cpus) };
}

const verdict = (ok) => (ok ? "met" : "MISSED");
let failed = false;
console.log(
  `node ${process.version}, ${cpus().length} cpus, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);

// 1. Precision and recall on the planted anomalies.
const plantedPath = await mirrorFor("INSIGHTS_BENCH_DB", "default", true);
const planted = demoManifest({ seed: 1, end: END, scale: "default" }).situations.filter(
  (s) => s.kind in ANOMALY_SIGNATURES,
);
const metricsOf = (s) => [
  s.details.metric,
  ...String(s.details.also ?? "")
    .split(",")
    .filter(Boolean),
];
const overlaps = (a, s) => a.start <= s.to && (s.details.started ?? s.from) <= a.end;
const matches = (a, s) =>
  a.marketplace === s.marketplace && a.asin === s.asin && overlaps(a, s) && metricsOf(s).includes(a.metric);
{
  const mirror = await openMirror(plantedPath);
  for (const sensitivity of ["normal", "low", "high"]) {
    const scan = await scanAnomalies(await contextOf(mirror), { sensitivity });
    const right = scan.anomalies.filter((a) => planted.some((s) => matches(a, s)));
    const found = planted.filter((s) =>
      scan.anomalies.some(
        (a) => matches(a, s) && (a.metric !== s.details.metric || a.direction === s.details.direction),
      ),
    );
    const precision = scan.anomalies.length ? right.length / scan.anomalies.length : 1;
    const recall = found.length / planted.length;
    const ok = precision >= 0.9 && recall >= 0.9;
    if (sensitivity === "normal" && !ok) failed = true;
    console.log(
      `planted anomalies, ${sensitivity} sensitivity: ${scan.anomalies.length} findings over ${scan.products} products, ` +
        `precision ${precision.toFixed(3)} (${right.length}/${scan.anomalies.length}), recall ${recall.toFixed(3)} (${found.length}/${planted.length})` +
        (sensitivity === "normal" ? ` [target >= 0.9 both: ${verdict(ok)}]` : ""),
    );
    if (sensitivity === "normal") {
      for (const s of planted.filter((p) => !found.includes(p)))
        console.log(`  missed: ${s.kind} ${s.marketplace} ${s.asin} ${s.from}..${s.to}`);
      for (const a of scan.anomalies.filter((x) => !right.includes(x)))
        console.log(
          `  not planted: ${a.marketplace} ${a.asin} ${a.metric} ${a.direction} ${a.start}..${a.end} score ${a.score}`,
        );
    }
  }
  // 3. insights --type risks, in-process (run and stored, as the command does).
  const t = await timed(RUNS, () => runAndStore(mirror.db, { now, type: "risks" }));
  const ok = t.wall <= 300;
  if (!ok) failed = true;
  console.log(
    `insights --type risks (default seller): median ${t.wall.toFixed(0)} ms, cpu ${t.cpu.toFixed(0)} ms [target <= 300 ms: ${verdict(ok)}]`,
  );
  await mirror.close();
}

// 2. False findings on the seller without anomalies.
{
  const path = await mirrorFor("INSIGHTS_BENCH_CLEAN_DB", "default", false);
  const mirror = await openMirror(path);
  const windows = 12;
  let findings = 0;
  let productWeeks = 0;
  const listed = [];
  for (let w = 0; w < windows; w++) {
    const end = addDaysIso(END, -14 * w);
    const scan = await scanAnomalies(await contextOf(mirror, addDaysIso(end, 1)), {
      window: { start: addDaysIso(end, -13), end },
    });
    findings += scan.anomalies.length;
    productWeeks += scan.products * 2;
    for (const a of scan.anomalies)
      listed.push(`${a.marketplace} ${a.asin} ${a.metric} ${a.direction} ${a.start}..${a.end} score ${a.score}`);
  }
  const rate = (findings / productWeeks) * 1000;
  const ok = rate <= 1;
  if (!ok) failed = true;
  console.log(
    `seller without anomalies: ${findings} findings in ${productWeeks.toLocaleString("en-US")} product-weeks (${windows} two-week windows): ` +
      `${rate.toFixed(2)} per 1,000 product-weeks [target <= 1: ${verdict(ok)}]`,
  );
  for (const line of listed) console.log(`  ${line}`);
  await mirror.close();
}

// 4. The large seller.
if (LARGE) {
  const path = await mirrorFor("INSIGHTS_BENCH_LARGE_DB", "large", true);
  const mirror = await openMirror(path);
  const runs = Math.max(1, Math.min(RUNS, 3));
  let scanned = 0;
  const scan = await timed(runs, async () => {
    scanned = (await scanAnomalies(await contextOf(mirror))).products;
  });
  const scanOk = scan.wall <= 2000;
  if (!scanOk) failed = true;
  console.log(
    `large seller, full anomaly scan (${scanned.toLocaleString("en-US")} products × 9 metrics, 91 days): median ${(scan.wall / 1000).toFixed(2)} s, cpu ${(scan.cpu / 1000).toFixed(2)} s [target <= 2 s: ${verdict(scanOk)}]`,
  );
  for (const type of INSIGHT_TYPES) {
    let total = 0;
    const t = await timed(runs, async () => {
      total = (await runInsights(await contextOf(mirror), { type, detail: "comprehensive" })).total;
    });
    const ok = t.wall <= 5000;
    if (!ok) failed = true;
    console.log(
      `large seller, comprehensive ${type}: ${total.toLocaleString("en-US")} findings, median ${(t.wall / 1000).toFixed(2)} s, cpu ${(t.cpu / 1000).toFixed(2)} s [target <= 5 s: ${verdict(ok)}]`,
    );
  }
  await mirror.close();
}
process.exitCode = failed ? 1 : 0;
