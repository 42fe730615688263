#!/usr/bin/env node
// Runs the benchmarks: every bench/*.bench.mjs in name order, or only those
// whose names contain one of the words given (`npm run bench -- demo parse`).
// Each script prints its own figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const words = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => f.endsWith(".bench.mjs"))
  .filter((f) => words.length === 0 || words.some((w) => f.includes(w)))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const run = spawnSync(process.execPath, ["--expose-gc", join(here, script)], { stdio: "inherit" });
  if (run.status !== 0) {
    failed++;
    console.log(`${script} failed (exit ${run.status})`);
  }
}
process.exitCode = failed ? 1 : 0;
