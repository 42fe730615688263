// Times `seller-ai demo` at the default and large scales, each in a fresh
// child process on a fresh mirror, and prints wall seconds, CPU seconds, the
// seconds per phase (wall and CPU; the machine may be shared), rows written and
// the child's peak memory (max RSS).
// Targets: default <= 20 s, large <= 240 s with max RSS < 1 GB.
// `node bench/demo.bench.mjs default` runs one scale only.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => pathToFileURL(join(root, "dist", p)).href;
const targets = { default: { seconds: 20 }, large: { seconds: 240, rssMb: 1024 } };
const scales = process.argv.slice(2).filter((a) => a in targets);

const child = `
const { openMirror } = await import(${JSON.stringify(dist("store/open-mirror.js"))});
const { generateDemo } = await import(${JSON.stringify(dist("demo/generate-demo.js"))});
const [path, scale] = process.argv.slice(1);
const mirror = await openMirror(path);
const phases = {};
const cpuPhases = {};
const started = performance.now();
let mark = started;
let cpuMark = process.cpuUsage();
const summary = await generateDemo(mirror, {
  seed: 1, end: "2026-11-20", scale, now: new Date("2026-11-21T12:00:00Z"),
  onPhase: (p) => {
    const t = performance.now();
    const c = process.cpuUsage();
    phases[p] = +((t - mark) / 1000).toFixed(2);
    cpuPhases[p] = +((c.user + c.system - cpuMark.user - cpuMark.system) / 1e6).toFixed(2);
    mark = t;
    cpuMark = c;
  },
});
const seconds = (performance.now() - started) / 1000;
await mirror.close();
const usage = process.resourceUsage();
console.log(JSON.stringify({ seconds, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6, maxRssMb: usage.maxRSS / 1024, phases, cpuPhases, rows: summary.totalRows, dailySales: summary.rows.daily_sales }));
`;

let failed = false;
for (const scale of scales.length ? scales : ["default", "large"]) {
  const dir = mkdtempSync(join(tmpdir(), "seller-ai-demo-bench-"));
  const db = join(dir, "mirror.db");
  try {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", child, db, scale], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    if (run.status !== 0) {
      console.log(`demo ${scale}: failed (exit ${run.status})\n${run.stderr}`);
      failed = true;
      continue;
    }
    const r = JSON.parse(run.stdout.trim().split("\n").at(-1));
    const target = targets[scale];
    const ok = r.seconds <= target.seconds && (!target.rssMb || r.maxRssMb < target.rssMb);
    console.log(
      `demo ${scale}: ${r.seconds.toFixed(1)} s wall, ${r.cpu.toFixed(1)} s CPU, max RSS ${Math.round(r.maxRssMb)} MB, ` +
        `${r.rows.toLocaleString("en-US")} rows (${r.dailySales.toLocaleString("en-US")} daily sales), file ${Math.round(statSync(db).size / 1048576)} MB ` +
        `[target ${target.seconds} s${target.rssMb ? `, < ${target.rssMb} MB` : ""}: ${ok ? "met" : "MISSED"}]`,
    );
    console.log(
      `  phases, wall s: ${Object.entries(r.phases)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    console.log(
      `  phases, CPU s:  ${Object.entries(r.cpuPhases)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    const generation = Object.entries(r.phases)
      .filter(([k]) => k !== "rollups")
      .reduce((s, [, v]) => s + v, 0);
    console.log(`  generation without the rollup rebuild: ${generation.toFixed(1)} s wall`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
