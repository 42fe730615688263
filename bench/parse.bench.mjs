#!/usr/bin/env node
// The intent parser's accuracy and speed, against their targets:
// - frame accuracy (the intent and every expected filter, by the scorer's rules) on the
//   development set (target 100%) and on each held-out split the classifier never trains on, the
//   blind ones included (target >= 97%, every out-of-domain question refused);
// - parse only, warm: median time per question over the development set (target ≤ 1 ms);
// - `seller-ai parse --jsonl` over the whole development set as a new process,
//   start-up included (target < 1 s): the median of several runs, each loading
//   the model the build trained (dist/parser-model.bin).
// The mirror is a small one holding fixtures/nlu/catalog.json (set PARSE_BENCH_DB to use another, e.g. the demo mirror).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { filterMatches, parseCase as parseCaseWith } from "./nlu-scoring.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TODAY = "2026-11-21";
const RUNS = Number(process.env.PARSE_BENCH_RUNS ?? 7);
const readSet = (name) =>
  readFileSync(join(root, "fixtures/nlu", name), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const cases = readSet("dev.jsonl");
const fixture = JSON.parse(readFileSync(join(root, "fixtures/nlu/catalog.json"), "utf8"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const dir = mkdtempSync(join(tmpdir(), "seller-ai-parse-bench-"));
let db = process.env.PARSE_BENCH_DB;
const { openMirror } = await import("../dist/store/open-mirror.js");
if (!db) {
  db = join(dir, "mirror.db");
  const mirror = await openMirror(db);
  await mirror.db
    .insertInto("accounts")
    .values({
      id: "bench",
      name: "Bench",
      provider: "files",
      created_at: `${TODAY}T00:00:00.000Z`,
      last_refresh_at: null,
    })
    .execute();
  for (const p of fixture.products) {
    await mirror.db
      .insertInto("products")
      .values({
        account_id: "bench",
        marketplace: "US",
        sku: p.sku,
        asin: p.asin,
        category: p.category,
        subcategory: p.subcategory,
      })
      .execute();
  }
  let n = 0;
  for (const name of fixture.campaigns) {
    await mirror.db
      .insertInto("ad_campaigns")
      .values({ account_id: "bench", marketplace: "US", campaign_id: `c${++n}`, name })
      .execute();
  }
  await mirror.close();
}

// Parse only, warm.
const { parseQuestion } = await import("../dist/nlu/parse-question.js");
const { loadCatalogVocabulary } = await import("../dist/store/catalog-vocabulary.js");
const mirror = await openMirror(db);
const catalog = await loadCatalogVocabulary(mirror.db);
await mirror.close();
const parseCase = (c) => parseCaseWith(parseQuestion, c, { catalog, today: TODAY });

// Frame accuracy, by the rules of the team's scorer (bench/nlu-scoring.mjs).
function frameAccuracy(set) {
  let right = 0;
  let outside = 0;
  let refused = 0;
  for (const c of set) {
    const outcome = parseCase(c);
    if (c.expect.error) {
      outside++;
      if (outcome.error) {
        refused++;
        right++;
      }
      continue;
    }
    const u = outcome.understanding;
    if (
      u &&
      [c.expect.intent].flat().includes(u.intent) &&
      Object.entries(c.expect.filters ?? {}).every(([k, v]) => filterMatches(k, v, u.filters))
    )
      right++;
  }
  return { frame: (100 * right) / set.length, n: set.length, outside, refused };
}
// Each held-out split's first score, before anything was fixed for it (fixtures/nlu/first-runs.json): a blind split's
// first score is the parser's figure on phrasings nobody tuned it for; today's figure is no longer blind.
const firstRuns = JSON.parse(readFileSync(join(root, "fixtures/nlu/first-runs.json"), "utf8")).splits;
// Every blind split in fixtures/nlu/, in the order they were written (heldout-blind.jsonl, then -2, -3, …).
const blind = readdirSync(join(root, "fixtures/nlu"))
  .filter((f) => /^heldout-blind(-\d+)?\.jsonl$/.test(f))
  .sort((a, b) => Number(/-(\d+)\./.exec(a)?.[1] ?? 1) - Number(/-(\d+)\./.exec(b)?.[1] ?? 1));
const accuracy = [
  ["development set (dev.jsonl)", "dev.jsonl", 100],
  ["held-out split (heldout.jsonl)", "heldout.jsonl", 97],
  ...blind.map((file) => [`blind held-out split ${/-(\d+)\./.exec(file)?.[1] ?? 1} (${file})`, file, 97]),
  ["paraphrases (paraphrases.jsonl)", "paraphrases.jsonl", 97],
];
console.log("frame accuracy (intent and every expected filter):");
for (const [label, file, target] of accuracy) {
  const a = frameAccuracy(readSet(file));
  const ok = a.frame + 1e-9 >= target && a.refused === a.outside;
  const first = firstRuns[file]?.first_run;
  const blindly = first
    ? `; first run, blind: ${first.frame.toFixed(1)}%${first.out_of_domain ? `, ${first.refused} of ${first.out_of_domain} refused` : ""}`
    : file === "dev.jsonl"
      ? ""
      : "; no blind first run recorded";
  console.log(
    `  ${label}: today ${a.frame.toFixed(1)}% of ${a.n}, ${a.refused} of ${a.outside} out-of-domain refused (target ${target === 100 ? "100%" : `>= ${target}%`}, all refused): ${ok ? "ok" : "UNDER"}${blindly}`,
  );
}
// The generalisation figure: the first runs of the three latest blind splits (written together, in three styles),
// pooled. A split's first run is recorded as soon as it is taken, also while the split waits under pending/ for its
// classes to be fixed, so the figure is always the parser's latest on phrasings it had never been tuned on.
const splitNumber = (file) => Number(/-(\d+)\./.exec(file)?.[1] ?? 1);
const latestRuns = Object.entries(firstRuns)
  .filter(([file, entry]) => /^heldout-blind(-\d+)?\.jsonl$/.test(file) && entry.first_run?.cases)
  .sort(([a], [b]) => splitNumber(a) - splitNumber(b))
  .slice(-3);
if (latestRuns.length) {
  const right = latestRuns.reduce((sum, [, e]) => sum + Math.round((e.first_run.frame * e.first_run.cases) / 100), 0);
  const asked = latestRuns.reduce((sum, [, e]) => sum + e.first_run.cases, 0);
  const pooled = (100 * right) / asked;
  const each = latestRuns.map(([file, e]) => `${splitNumber(file)}: ${e.first_run.frame.toFixed(1)}%`).join(", ");
  console.log(
    `generalisation (first runs of the latest blind splits, ${each}): ${pooled.toFixed(1)}% frame, ${right} of ${asked} (target >= 97%): ${pooled + 1e-9 >= 97 ? "ok" : "UNDER"}`,
  );
}

for (let r = 0; r < 3; r++) for (const c of cases) parseCase(c);
const times = [];
for (let r = 0; r < 20; r++) {
  for (const c of cases) {
    const started = performance.now();
    parseQuestion(c.query, { catalog, today: TODAY });
    times.push(performance.now() - started);
  }
}
const warm = median(times);
console.log(
  `parse, warm: median ${warm.toFixed(3)} ms, p90 ${pct(times, 0.9).toFixed(3)} ms per question over ${cases.length} questions x 20 (target <= 1 ms): ${warm <= 1 ? "ok" : "OVER"}`,
);

// The whole set through the CLI, start-up included.
const input = `${cases.map(({ id, query, context }) => JSON.stringify({ id, query, context })).join("\n")}\n`;
// The CLI as bin/seller-ai runs it, also reporting its own CPU time: on a busy machine wall time says more about the neighbours.
const entry = `process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write("cpu-ms " + (u.user + u.system) / 1000 + "\\n"); });
import(${JSON.stringify(join(root, "dist/cli.mjs"))}).then((m) => m.main(process.argv));`;
const cli = (env) => {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", entry, "seller-ai", "--db", db, "--today", TODAY, "parse", "--jsonl"],
    { input, encoding: "utf8", env: { ...process.env, ...env } },
  );
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`parse --jsonl failed: ${run.stderr}`);
  const lines = run.stdout.trim().split("\n").length;
  if (lines !== cases.length) throw new Error(`parse --jsonl wrote ${lines} lines for ${cases.length} questions`);
  return { ms, cpu: Number(/cpu-ms ([\d.]+)/.exec(run.stderr)?.[1] ?? NaN) };
};
const runs = Array.from({ length: RUNS }, () => cli({}));
const node = median(
  Array.from({ length: 3 }, () => {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", ""]);
    return performance.now() - started;
  }),
);
const wall = median(runs.map((r) => r.ms));
const cpu = median(runs.map((r) => r.cpu));
console.log(`parse --jsonl, ${cases.length} questions, new process, start-up included (target < 1000 ms):`);
console.log(
  `  median of ${RUNS}: ${wall.toFixed(0)} ms wall (max ${Math.max(...runs.map((r) => r.ms)).toFixed(0)}), ${cpu.toFixed(0)} ms CPU: ${wall < 1000 ? "ok" : "OVER"}`,
);
console.log(`  bare node start: ${node.toFixed(0)} ms wall`);
rmSync(dir, { recursive: true, force: true });
