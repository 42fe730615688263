// Import throughput: a generated all-orders flat file of 1,000,000 lines (about 400,000 orders over
// 2,000 SKUs and a year) imported into a fresh mirror, plain and gzip, IMPORT_BENCH_RUNS times each
// (3). Prints rows/s of every import and their median, and the peak RSS of the importing process,
// which stays bounded because the file is streamed.
//
// Each import runs in a process of its own, as `seller-ai import` does, after the generated files are
// flushed to disk: the generator's heap, an earlier import's mirror being written back, or its threads
// winding down would otherwise share the two cores with the import being measured.
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { openMirror } from "../dist/store/open-mirror.js";
import { importFile } from "../dist/ingest/import-file.js";
import { rebuildRollups } from "../dist/store/rollups.js";

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 1_000_000);
// Imports per file; the target is judged on their median, which one busy moment on a shared machine does not move.
const RUNS = Number(process.env.IMPORT_BENCH_RUNS ?? 3);
// A child measures one import: `node import.bench.mjs --one LABEL FILE DIR`.
const one = process.argv[2] === "--one" ? process.argv.slice(3) : undefined;
const dir = one ? one[2] : mkdtempSync(join(tmpdir(), "seller-ai-import-bench-"));
const header = readFileSync(
  new URL("../fixtures/amazon/GET_FLAT_FILE_ALL_ORDERS_DATA.header_variants.txt", import.meta.url),
  "utf8",
)
  .split("\n")
  .find((l) => l.startsWith("amazon-order-id"))
  .split("\t");

function* lines() {
  yield `${header.join("\t")}\n`;
  let order = 0;
  let row = 0;
  let batch = "";
  while (row < ROWS) {
    order++;
    const items = 1 + (order % 4 === 0 ? 2 : order % 3 === 0 ? 1 : 0);
    const day = 1 + (order % 365);
    const date = new Date(Date.UTC(2025, 0, day)).toISOString().slice(0, 10);
    const status = order % 29 === 0 ? "Cancelled" : "Shipped";
    for (let i = 0; i < items && row < ROWS; i++, row++) {
      const n = (order * 7 + i * 13) % 2000;
      const cells = {
        "amazon-order-id": `114-${String(order).padStart(7, "0")}-${String(i).padStart(7, "0")}`,
        "purchase-date": `${date}T1${i}:22:33-08:00`,
        "last-updated-date": `${date}T23:00:00-08:00`,
        "order-status": status,
        "fulfillment-channel": "Amazon",
        "sales-channel": "Amazon.com",
        "ship-service-level": "Standard",
        "product-name": `Product ${n}, size "M", blue`,
        sku: `SKU-${n}`,
        asin: `B0${String(n).padStart(8, "0")}`,
        "item-status": status === "Cancelled" ? "Cancelled" : "Shipped",
        quantity: String(1 + (n % 3)),
        currency: "USD",
        "item-price": ((1 + (n % 3)) * (5 + (n % 40))).toFixed(2),
        "item-tax": "1.10",
        "ship-city": "SEATTLE",
        "ship-state": "WA",
        "ship-postal-code": "98101",
        "ship-country": "US",
        "is-business-order": "false",
      };
      batch += `${header.map((h) => cells[h] ?? "").join("\t")}\n`;
    }
    if (batch.length > 1 << 20) {
      yield batch;
      batch = "";
    }
  }
  if (batch) yield batch;
}

/** CPU seconds of this process's main thread (Linux), or undefined where it cannot be read. */
function mainThreadCpu() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

let lastRate = 0;

function flushToDisk(path) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function run(label, file) {
  const mirror = await openMirror(join(dir, `${label}.db`));
  globalThis.gc?.();
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpu();
  // The import proper (read, decode, parse, store lines, re-derive daily sales), then the monthly
  // rollups the import refreshes afterwards, timed apart.
  const report = await importFile(mirror, file, { now: new Date("2026-01-01T00:00:00Z"), refreshRollups: false });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const mainAfter = mainThreadCpu();
  const mainSeconds = mainBefore === undefined || mainAfter === undefined ? undefined : mainAfter - mainBefore;
  const rollupStart = process.hrtime.bigint();
  const rollupCpuBefore = process.cpuUsage();
  await rebuildRollups(
    mirror,
    report.account,
    { start: report.periodStart, end: report.periodEnd },
    "2026-01-01T00:00:00.000Z",
  );
  const rollupSeconds = Number(process.hrtime.bigint() - rollupStart) / 1e9;
  const rollupCpu = process.cpuUsage(rollupCpuBefore);
  const rollupCpuSeconds = (rollupCpu.user + rollupCpu.system) / 1e6;
  const days = await mirror.db
    .selectFrom("daily_sales")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  // Closing waits for the checkpoint of the import's write-ahead log, which a helper thread began at its commit.
  const closeStart = process.hrtime.bigint();
  await mirror.close();
  const closeSeconds = Number(process.hrtime.bigint() - closeStart) / 1e9;
  const rate = Math.round(report.rowsRead / seconds);
  console.log(
    `${label.padEnd(6)} ${report.rowsRead.toLocaleString("en-US")} rows in ${seconds.toFixed(2)} s: ${rate.toLocaleString("en-US")} rows/s ` +
      `(${report.rowsWritten.toLocaleString("en-US")} order lines, ${Number(days.n).toLocaleString("en-US")} daily_sales rows, file ${(statSync(file).size / 1e6).toFixed(0)} MB)`,
  );
  console.log(
    `       then the rollup rebuild over ${report.periodStart}..${report.periodEnd}: ${rollupSeconds.toFixed(2)} s (with it: ${Math.round(report.rowsRead / (seconds + rollupSeconds)).toLocaleString("en-US")} rows/s)`,
  );
  console.log(
    `       then closing the mirror, once the write-ahead log's checkpoint begun at the import's commit is done: ${closeSeconds.toFixed(2)} s`,
  );
  // On a shared machine wall time depends on the other load; CPU time does much less.
  console.log(
    `       CPU ${cpuSeconds.toFixed(2)} s: ${Math.round(report.rowsRead / cpuSeconds).toLocaleString("en-US")} rows per CPU-second ` +
      `(with the rollup rebuild's ${rollupCpuSeconds.toFixed(2)} s: ${Math.round(report.rowsRead / (cpuSeconds + rollupCpuSeconds)).toLocaleString("en-US")}); ` +
      `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
  );
  // The file is read on a worker thread while the main thread stores it: the busier of the two sets the pace.
  if (mainSeconds !== undefined) {
    console.log(
      `       of which the main thread (storing) ${mainSeconds.toFixed(2)} s, the other threads (reading, gunzip, SQLite's index sort) ${(cpuSeconds - mainSeconds).toFixed(2)} s`,
    );
  }
  lastRate = rate;
  return rate;
}

if (one) {
  await run(one[0], one[1]);
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(`       max RSS of the importing process ${(maxRss / 1e6).toFixed(0)} MB`);
  console.log(`RATE ${lastRate} ${maxRss}`);
} else {
  try {
    const plain = join(dir, "orders.txt");
    await pipeline(Readable.from(lines()), createWriteStream(plain));
    const gz = join(dir, "orders.txt.gz");
    await pipeline(Readable.from(lines()), createGzip({ level: 1 }), createWriteStream(gz));
    flushToDisk(plain);
    flushToDisk(gz);
    const medians = [];
    const summary = [];
    let maxRss = 0;
    for (const [label, file] of [
      ["plain", plain],
      ["gzip", gz],
    ]) {
      const rates = [];
      for (let run = 1; run <= RUNS; run++) {
        const child = spawnSync(
          process.execPath,
          ["--expose-gc", fileURLToPath(import.meta.url), "--one", label, file, dir],
          { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
        );
        if (child.status !== 0) throw new Error(`the ${label} import exited ${child.status}`);
        const [result, ...shown] = child.stdout.trimEnd().split("\n").reverse();
        process.stdout.write(`${shown.reverse().join("\n")}\n`);
        const [, rate, rss] = result.split(" ");
        rates.push(Number(rate));
        maxRss = Math.max(maxRss, Number(rss));
        // The mirror just written is flushed too, before the next import starts, then removed: every import
        // goes into a fresh mirror.
        for (const suffix of ["", "-wal"])
          if (existsSync(join(dir, `${label}.db${suffix}`))) flushToDisk(join(dir, `${label}.db${suffix}`));
        for (const suffix of ["", "-wal", "-shm"]) rmSync(join(dir, `${label}.db${suffix}`), { force: true });
      }
      const sorted = [...rates].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      medians.push(median);
      summary.push(
        `${label.padEnd(6)} median ${median.toLocaleString("en-US")} rows/s over ${RUNS} imports (${rates.map((r) => r.toLocaleString("en-US")).join(", ")})`,
      );
    }
    for (const line of summary) console.log(line);
    console.log(`max RSS ${(maxRss / 1e6).toFixed(0)} MB (the largest of the importing processes)`);
    const target = 100_000;
    console.log(
      `target ${target.toLocaleString("en-US")} rows/s (median): ${medians.every((r) => r >= target) ? "met" : "NOT met"}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
