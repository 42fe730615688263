#!/usr/bin/env node
// Cold start of a one-shot question: `seller-ai ask "top 5 products by revenue
// last 30 days" --format csv` as a new process on the demo mirror, N times.
// Prints median / p90 / min wall time against the 300 ms target, beside the
// floor of starting node itself and of `seller-ai --version`.
//
// The demo mirror (default scale, seed 1, history to the day before --today) is
// generated once into a temporary folder; set ASK_BENCH_DB to reuse a mirror.
// ASK_BENCH_RUNS sets N (default 15).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "seller-ai");
const TODAY = "2026-11-21";
const QUESTION = "top 5 products by revenue last 30 days";
const RUNS = Number(process.env.ASK_BENCH_RUNS ?? 15);
const TARGET_MS = 300;

let dir;
let db = process.env.ASK_BENCH_DB;
if (!db || !existsSync(db)) {
  dir = mkdtempSync(join(tmpdir(), "seller-ai-ask-bench-"));
  db = join(dir, "mirror.db");
  const { openMirror } = await import("../dist/store/open-mirror.js");
  const { generateDemo } = await import("../dist/demo/generate-demo.js");
  const started = performance.now();
  const mirror = await openMirror(db);
  await generateDemo(mirror, { seed: 1, end: "2026-11-20", now: new Date(`${TODAY}T12:00:00Z`), scale: "default" });
  await mirror.close();
  console.log(`demo mirror (default scale) generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function time(args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, SELLER_AI_TODAY: TODAY } });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return { ms, stdout: run.stdout };
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p90: at(0.9), min: sorted[0] };
}

function measure(label, args) {
  time(args); // warm the file cache
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(time(args).ms);
  const s = stats(samples);
  console.log(
    `${label.padEnd(44)} median ${s.median.toFixed(0).padStart(5)} ms   p90 ${s.p90.toFixed(0).padStart(5)} ms   min ${s.min.toFixed(0).padStart(5)} ms`,
  );
  return s;
}

/** The modules one `ask` loads, from a loader hook: how many, and whether any heavy UI or server code is among them. */
function moduleGraph(args) {
  const hookDir = mkdtempSync(join(tmpdir(), "seller-ai-ask-hooks-"));
  try {
    writeFileSync(
      join(hookDir, "hooks.mjs"),
      'export async function load(url, context, next) { if (!url.startsWith("node:")) process.stderr.write(`LOADED ${url}\\n`); return next(url, context); }\n',
    );
    writeFileSync(
      join(hookDir, "register.mjs"),
      `import { register } from "node:module"; register(${JSON.stringify(new URL(`file://${join(hookDir, "hooks.mjs")}`).href)});\n`,
    );
    const run = spawnSync(process.execPath, ["--import", join(hookDir, "register.mjs"), ...args], {
      encoding: "utf8",
      env: { ...process.env, SELLER_AI_TODAY: TODAY },
    });
    const urls = run.stderr
      .split("\n")
      .filter((l) => l.startsWith("LOADED "))
      .map((l) => l.slice(7));
    const packages = {};
    const packageOf = (path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? "seller-ai";
    // The bundle's files hold many modules each: count the modules inside, from the bundler's metafile.
    const metaFile = join(root, "dist", "cli.meta.json");
    const outputs = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, "utf8")).outputs : {};
    for (const url of urls) {
      const path = fileURLToPath(url);
      const inputs = Object.keys(outputs[relative(root, path).split(sep).join("/")]?.inputs ?? {});
      for (const input of inputs.length ? inputs : [path])
        packages[packageOf(input)] = (packages[packageOf(input)] ?? 0) + 1;
    }
    const files = urls.length;
    const heavy = Object.keys(packages).filter((p) =>
      /^(ink|react|react-reconciler|fastify|vega|vega-lite|ollama|yoga-layout)$/.test(p),
    );
    return { files, total: Object.values(packages).reduce((a, b) => a + b, 0), packages, heavy };
  } finally {
    rmSync(hookDir, { recursive: true, force: true });
  }
}

try {
  const check = time([bin, "--db", db, "ask", QUESTION, "--format", "csv"]);
  const lines = check.stdout.trim().split("\n");
  if (!/^asin,/.test(lines[0]) || lines.length !== 6) throw new Error(`unexpected csv:\n${check.stdout}`);
  console.log(
    `${RUNS} runs each, load average ${(await import("node:os"))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  measure("node -e 0 (the floor)", ["-e", "0"]);
  measure("seller-ai --version", [bin, "--version"]);
  // What the SQL layer costs to load before any question is read (kysely's ESM build is ~260 files).
  measure("import kysely + better-sqlite3", [
    "--input-type=module",
    "-e",
    `await import(${JSON.stringify(join(root, "node_modules/kysely/dist/esm/index.js"))}); await import("${join(root, "node_modules/better-sqlite3/lib/index.js").replace(/\\/g, "/")}");`,
  ]);
  const ask = measure(`seller-ai ask "${QUESTION}" --format csv`, [
    bin,
    "--db",
    db,
    "ask",
    QUESTION,
    "--format",
    "csv",
  ]);
  const graph = moduleGraph([bin, "--db", db, "ask", QUESTION, "--format", "csv"]);
  const byPackage = Object.entries(graph.packages)
    .sort((a, b) => b[1] - a[1])
    .map(([p, n]) => `${p} ${n}`)
    .join(", ");
  console.log(
    `modules loaded by ask: ${graph.total} in ${graph.files} files (${byPackage}); ink/react/fastify/vega: ${graph.heavy.length ? graph.heavy.join(", ") : "none"}`,
  );
  console.log(
    `target: median at most ${TARGET_MS} ms: ${ask.median <= TARGET_MS ? "met" : `NOT met (${(ask.median - TARGET_MS).toFixed(0)} ms over)`}`,
  );
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
