#!/usr/bin/env node
// PostgreSQL beside SQLite, in one run: the import of a generated all-orders file (rows/s, target on
// PostgreSQL: 100,000 order lines/s), and answers on the demo seller (median and p95 per question;
// targets: p95 <= 300 ms on PostgreSQL, 150 ms on SQLite, at the large scale).
//
// SELLER_AI_BENCH_PG_URL (else SELLER_AI_TEST_PG_URL) names the server; the bench makes its own
// scratch databases there (seller_ai_bench_*) and drops them after. Without either it says so and stops.
// PG_BENCH_ROWS (200,000) sets the file's lines, PG_BENCH_SCALE (default) the demo's scale,
// PG_BENCH_RUNS (15) the runs per question. PG_BENCH_ONLY=import runs only the import.
// The file is read as `seller-ai import` reads it: a file this large on a worker thread while the main
// thread stores its lines. PG_BENCH_IN_THREAD=1 reads it on the main thread instead, for comparison.
//
// The large demo takes minutes to generate on each engine. To keep it between runs, name where it lives:
// PG_BENCH_DEMO_DB (a database on the same server, e.g. seller_ai_bench_demo_large) and
// PG_BENCH_SQLITE_DEMO (a SQLite file). A database or file that is missing is created, the demo generated
// into it, and kept; one that exists is reused as it is (it must hold the demo at PG_BENCH_SCALE). Only
// what the bench names itself is dropped. Drop a kept database with `dropdb` once done with it.
//   PG_BENCH_SCALE=large PG_BENCH_DEMO_DB=seller_ai_bench_demo_large \
//     PG_BENCH_SQLITE_DEMO=/var/tmp/seller-ai-bench-large.db npm run bench -- pg
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { once } from "node:events";
import pg from "pg";

const URL_ = process.env.SELLER_AI_BENCH_PG_URL || process.env.SELLER_AI_TEST_PG_URL;
if (!URL_) {
  console.log("no PostgreSQL server: set SELLER_AI_BENCH_PG_URL (or SELLER_AI_TEST_PG_URL) to run this bench");
  process.exit(0);
}
// The bench creates and drops databases: only on a server of this machine.
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(URL_).hostname)) {
  console.log(`the bench runs only against a server on 127.0.0.1, not ${new URL(URL_).hostname}`);
  process.exit(0);
}
const ROWS = Number(process.env.PG_BENCH_ROWS ?? 200_000);
const SCALE = process.env.PG_BENCH_SCALE ?? "default";
const RUNS = Number(process.env.PG_BENCH_RUNS ?? 15);
const ONLY = process.env.PG_BENCH_ONLY;
const IN_THREAD = process.env.PG_BENCH_IN_THREAD === "1";
if (ONLY && ONLY !== "import") {
  console.log(`PG_BENCH_ONLY=${ONLY}: only "import" is known`);
  process.exit(2);
}
const TODAY = "2026-11-21";
const now = new Date(`${TODAY}T12:00:00Z`);

const { openStore } = await import("../dist/store/open-mirror.js");
const { importFile } = await import("../dist/ingest/import-file.js");
const { rebuildRollups } = await import("../dist/store/rollups.js");
const { generateDemo } = await import("../dist/demo/generate-demo.js");
const { answer } = await import("../dist/answer/answer.js");
const { DEMO_SCALES } = await import("../dist/demo/scales.js");

const dir = mkdtempSync(join(tmpdir(), "seller-ai-pg-bench-"));
const made = [];

async function scratchDatabase(name) {
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  const db = `seller_ai_bench_${name}_${process.pid}`;
  await admin.query(`drop database if exists ${db}`);
  await admin.query(`create database ${db}`);
  await admin.end();
  made.push(db);
  const url = new URL(URL_);
  url.pathname = `/${db}`;
  return url.toString();
}

async function dropScratch() {
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  for (const db of made) await admin.query(`drop database if exists ${db} with (force)`);
  await admin.end();
}

async function writeOrders(path) {
  const header = readFileSync(
    new URL("../fixtures/amazon/GET_FLAT_FILE_ALL_ORDERS_DATA.header_variants.txt", import.meta.url),
    "utf8",
  )
    .split("\n")
    .find((l) => l.startsWith("amazon-order-id"))
    .split("\t");
  const out = createWriteStream(path);
  out.write(`${header.join("\t")}\n`);
  let batch = "";
  for (let row = 0, order = 0; row < ROWS; ) {
    order++;
    const items = 1 + (order % 4 === 0 ? 2 : order % 3 === 0 ? 1 : 0);
    const date = new Date(Date.UTC(2025, 0, 1 + (order % 365))).toISOString().slice(0, 10);
    for (let i = 0; i < items && row < ROWS; i++, row++) {
      const n = (order * 7 + i * 13) % 2000;
      const cells = {
        "amazon-order-id": `114-${String(order).padStart(7, "0")}-${String(i).padStart(7, "0")}`,
        "purchase-date": `${date}T1${i}:22:33-08:00`,
        "last-updated-date": `${date}T23:00:00-08:00`,
        "order-status": "Shipped",
        "fulfillment-channel": "Amazon",
        "sales-channel": "Amazon.com",
        "product-name": `Product ${n}`,
        sku: `SKU-${n}`,
        asin: `B0${String(n).padStart(8, "0")}`,
        "item-status": "Shipped",
        quantity: String(1 + (n % 3)),
        currency: "USD",
        "item-price": ((1 + (n % 3)) * (5 + (n % 40))).toFixed(2),
      };
      batch += `${header.map((h) => cells[h] ?? "").join("\t")}\n`;
    }
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, "drain");
      batch = "";
    }
  }
  out.end(batch);
  await once(out, "finish");
}

// The CPU time (s) of each server backend connected to a database, read from /proc (the server runs on this
// machine): wall-clock figures are noisy on a shared machine, the server's own CPU time much less so.
async function serverCpu(location) {
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1", [
    new URL(location).pathname.slice(1),
  ]);
  await admin.end();
  const times = new Map();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Another user's /proc entry, or a backend already gone: not counted.
    }
  }
  return times;
}
const cpuSince = (before, after) => [...after].reduce((t, [pid, s]) => t + s - (before.get(pid) ?? 0), 0);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

console.log(
  `node ${process.version}, ${cpus().length} cpus, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);

try {
  // Import: the same file into a new SQLite file and a new PostgreSQL database.
  const file = join(dir, "orders.txt");
  await writeOrders(file);
  const imports = {};
  for (const [engine, location] of [
    ["sqlite", join(dir, "import.db")],
    ["postgres", await scratchDatabase("import")],
  ]) {
    const mirror = await openStore(location);
    const pgCpu = engine === "postgres" ? [await serverCpu(location)] : [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    // The file's transaction, then the running totals' rebuild, as importFile runs them: timed apart.
    const report = await importFile(mirror, file, {
      now,
      marketplace: "US",
      refreshRollups: false,
      ...(IN_THREAD ? { worker: false } : {}),
    });
    const t1 = performance.now();
    const cpu1 = process.cpuUsage();
    if (engine === "postgres") pgCpu.push(await serverCpu(location));
    await rebuildRollups(
      mirror,
      report.account,
      { start: report.periodStart, end: report.periodEnd },
      now.toISOString(),
    );
    const t2 = performance.now();
    const cpu2 = process.cpuUsage();
    if (engine === "postgres") pgCpu.push(await serverCpu(location));
    const seconds = (t2 - t0) / 1000;
    await mirror.close();
    imports[engine] = report.rowsWritten / seconds;
    console.log(
      `import ${engine.padEnd(8)} ${report.rowsWritten.toLocaleString("en-US")} order lines in ${seconds.toFixed(2)} s: ${Math.round(imports[engine]).toLocaleString("en-US")} lines/s (the file ${((t1 - t0) / 1000).toFixed(2)} s, running totals ${((t2 - t1) / 1000).toFixed(2)} s)`,
    );
    const nodeCpu = (from, to) => ((to.user - from.user + to.system - from.system) / 1e6).toFixed(2);
    const server =
      engine === "postgres"
        ? `, server ${cpuSince(pgCpu[0], pgCpu[1]).toFixed(2)} s + ${cpuSince(pgCpu[1], pgCpu[2]).toFixed(2)} s`
        : "";
    console.log(
      `  CPU: node ${nodeCpu(cpu0, cpu1)} s + ${nodeCpu(cpu1, cpu2)} s${server} (the file + running totals); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  }

  if (ONLY !== "import") {
    // Answers: the demo seller on both, the same questions.
    const QUESTIONS = [
      ["sales_summary", "total revenue all time"],
      ["sales_comparison", "how are sales this year compared to last year"],
      ["sales_trend", "monthly revenue all time"],
      ["top_products", "best sellers of all time"],
      ["declining_reviews", "which products have declining reviews"],
      ["profit_margin_by_category", "profit margin by category year to date"],
      ["refund_analysis", "refund rate by product all time"],
      ["conversion_analysis", "conversion rate by product last 30 days"],
      ["stockout_risk", "what runs out in the next 2 weeks"],
      ["inventory_value", "what is my inventory worth"],
      ["restock_recommendations", "what should I restock"],
      ["excess_inventory", "which products are overstocked"],
      ["competitor_pricing", "how do my prices compare to competitors"],
      ["catalog_gaps", "what categories are my competitors selling that I don't"],
      ["buy_box_share", "buy box percentage by product last 30 days"],
      ["price_changes", "recent competitor price changes"],
      ["acos_by_campaign", "ACoS by campaign year to date"],
      ["keyword_opportunities", "keyword opportunities"],
      ["bid_recommendations", "bid recommendations to hit 25% ACoS"],
      ["wasted_ad_spend", "wasted ad spend last 30 days"],
      ["advertising_summary", "total ad spend all time"],
    ];
    // The demo's PostgreSQL database: PG_BENCH_DEMO_DB, created when missing and kept; else a scratch one.
    async function demoDatabase() {
      const name = process.env.PG_BENCH_DEMO_DB;
      if (!name) return scratchDatabase("demo");
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`PG_BENCH_DEMO_DB: ${name} is not a plain database name`);
      const admin = new pg.Client({ connectionString: URL_ });
      await admin.connect();
      const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!rowCount) await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(URL_);
      url.pathname = `/${name}`;
      return url.toString();
    }
    // Whether a mirror already holds the demo seller at this scale (its products), to be reused as it is.
    async function holdsDemo(mirror) {
      const row = await mirror.db
        .selectFrom("products")
        .select((eb) => eb.fn.count("asin").distinct().as("n"))
        .where("account_id", "=", "demo")
        .executeTakeFirst();
      const asins = Number(row?.n ?? 0);
      if (asins === 0) return false;
      if (asins !== DEMO_SCALES[SCALE].asins)
        throw new Error(
          `the kept demo mirror holds ${asins} products, not the ${SCALE} scale's ${DEMO_SCALES[SCALE].asins}`,
        );
      return true;
    }
    const redacted = (location) => location.replace(/\/\/[^@/]*@/, "//");
    const figures = {};
    for (const [engine, location] of [
      ["sqlite", process.env.PG_BENCH_SQLITE_DEMO || join(dir, "demo.db")],
      ["postgres", await demoDatabase()],
    ]) {
      const mirror = await openStore(location);
      if (await holdsDemo(mirror)) console.log(`demo (${SCALE} scale) on ${engine} reused: ${redacted(location)}`);
      else {
        const t0 = performance.now();
        await generateDemo(mirror, { seed: 1, end: "2026-11-20", now, scale: SCALE });
        console.log(
          `demo (${SCALE} scale) on ${engine} generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
      for (const [intent, question] of QUESTIONS) {
        await answer(question, { db: mirror.db, now });
        const times = [];
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          await answer(question, { db: mirror.db, now });
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        figures[`${engine}|${intent}`] = { median: pct(times, 50), p95: pct(times, 95) };
      }
      await mirror.close();
    }
    // The targets hold at the large scale; at smaller ones they are shown for reference.
    const TARGET = { sqlite: 150, postgres: 300 };
    const mark = (engine, p95) => (p95 <= TARGET[engine] ? "ok" : "SLOW");
    console.log(`\nanswers, ${SCALE} scale, ${RUNS} runs per question (ms; p95 targets: SQLite 150, PostgreSQL 300)`);
    console.log(
      `${"intent".padEnd(26)} ${"sqlite median".padStart(14)} ${"sqlite p95".padStart(11)}      ${"pg median".padStart(10)} ${"pg p95".padStart(8)}`,
    );
    let worst = { p95: 0, intent: "" };
    let worstSqlite = { p95: 0, intent: "" };
    for (const [intent] of QUESTIONS) {
      const s = figures[`sqlite|${intent}`];
      const p = figures[`postgres|${intent}`];
      if (p.p95 > worst.p95) worst = { p95: p.p95, intent };
      if (s.p95 > worstSqlite.p95) worstSqlite = { p95: s.p95, intent };
      console.log(
        `${intent.padEnd(26)} ${s.median.toFixed(1).padStart(14)} ${s.p95.toFixed(1).padStart(11)} ${mark("sqlite", s.p95).padEnd(4)} ${p.median.toFixed(1).padStart(10)} ${p.p95.toFixed(1).padStart(8)} ${mark("postgres", p.p95)}`,
      );
    }
    console.log(
      `\n${SCALE} scale: every intent p95 ≤ 300 ms on PostgreSQL: ${worst.p95 <= TARGET.postgres ? "yes" : "no"} (worst: ${worst.intent} ${worst.p95.toFixed(1)} ms)`,
    );
    console.log(
      `${SCALE} scale: every intent p95 ≤ 150 ms on SQLite: ${worstSqlite.p95 <= TARGET.sqlite ? "yes" : "no"} (worst: ${worstSqlite.intent} ${worstSqlite.p95.toFixed(1)} ms)`,
    );
  }
  console.log(
    `PostgreSQL import: ${Math.round(imports.postgres).toLocaleString("en-US")} lines/s (target 100,000); SQLite ${Math.round(imports.sqlite).toLocaleString("en-US")} (the file read ${IN_THREAD ? "on the main thread" : "on a worker thread, as seller-ai import reads it"})`,
  );
} finally {
  await dropScratch();
}
