#!/usr/bin/env node
// Leave-one-split-out: how the parser does on a blind split once everything its data learned from that split is
// taken away. For each blind split k whose fixes are their own commits (the ninth to the fifteenth), every entry the
// commit fixing k added to data/nlu/ (intent examples, word-class phrases, synonyms, word lists) is removed from
// today's data, the model is trained afresh on what is left, and split k is scored by the scorer's rules.
// Code written for a split's classes stays (it cannot be taken out), so the figure is kinder than a first run;
// it measures how far the data generalises, which is what the classifier and its word classes are for.
// Needs the build (dist/) and git history; prints one line per split and the mean (MISSES=1: each miss too).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Blind split → the commit that wrote it, and the commits after it (up to the next split) that changed data/nlu/.
const SPLITS = [
  [9, "315a4f2", "c04468a"],
  [10, "c04468a", "7f028fd"],
  [11, "7f028fd", "f55c9cb"],
  [12, "f55c9cb", "94ab61f"],
  [13, "94ab61f", "478b8b2"],
  [14, "478b8b2", "7565156"],
  [15, "7565156", "f478db9"],
];
const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
const show = (commit, path) => {
  try {
    return git("show", `${commit}:${path}`);
  } catch {
    return undefined;
  }
};

// A JSON value's entries as path → value: each string of an array as its own entry, so that additions can be found
// and removed one by one. An object in an array is named by its `metric` and `sort` when it has them.
function entries(value, path = "", out = new Map()) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (item !== null && typeof item === "object" && !Array.isArray(item)) {
        const name = "metric" in item ? `{${item.metric}/${item.sort ?? ""}/${item.lead ?? ""}}` : `[${i}]`;
        entries(item, `${path}${name}`, out);
      } else out.set(`${path}[]${JSON.stringify(item)}`, item);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.set(`${path}.${k}?`, true);
      entries(v, `${path}.${k}`, out);
    }
  } else out.set(`${path}=`, value);
  return out;
}

/** Today's value without the entries `added` lists (and with changed scalars put back to `before`). */
function withoutAdded(value, added, before, path = "") {
  if (Array.isArray(value)) {
    const out = [];
    value.forEach((item, i) => {
      if (item !== null && typeof item === "object" && !Array.isArray(item)) {
        const name = "metric" in item ? `{${item.metric}/${item.sort ?? ""}/${item.lead ?? ""}}` : `[${i}]`;
        if (added.has(`${path}${name}.metric?`) && !before.has(`${path}${name}.metric?`)) return;
        out.push(withoutAdded(item, added, before, `${path}${name}`));
      } else if (!added.has(`${path}[]${JSON.stringify(item)}`)) out.push(item);
    });
    return out;
  }
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (added.has(`${path}.${k}?`)) continue;
      out[k] = withoutAdded(v, added, before, `${path}.${k}`);
    }
    return out;
  }
  if (added.has(`${path}=`) && before.has(`${path}=`)) return before.get(`${path}=`);
  return value;
}

const dataFiles = git("ls-files", "data/nlu").trim().split("\n");
const scorer = join(root, "bench/generalisation-score.mjs");
const results = [];
for (const [k, from, to] of SPLITS) {
  const split = `fixtures/nlu/heldout-blind-${k}.jsonl`;
  const fixes = git("log", "--format=%H", `${from}..${to}`, "--", "data/nlu").trim().split("\n").filter(Boolean);
  const dir = mkdtempSync(join(tmpdir(), `seller-ai-loso-${k}-`));
  try {
    cpSync(join(root, "data"), join(dir, "data"), { recursive: true });
    for (const sub of ["core", "nlu"]) cpSync(join(root, "dist", sub), join(dir, "dist", sub), { recursive: true });
    // The trained model the build wrote belongs to today's data: the copy must train afresh.
    rmSync(join(dir, "dist/nlu/parser-model.bin"), { force: true });
    rmSync(join(dir, "dist/core/parser-model.bin"), { force: true });
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
    let removed = 0;
    for (const file of dataFiles) {
      let today = readFileSync(join(root, file), "utf8");
      for (const fix of fixes) {
        const [before, after] = [show(`${fix}^`, file), show(fix, file)];
        if (after === undefined || before === after) continue;
        if (file.endsWith(".jsonl")) {
          const old = new Set(before?.split("\n").map((l) => l.trim()) ?? []);
          const added = new Set(
            after
              .split("\n")
              .map((l) => l.trim())
              .filter((l) => l && !old.has(l)),
          );
          const lines = today.split("\n");
          const kept = lines.filter((l) => !added.has(l.trim()));
          removed += lines.length - kept.length;
          today = kept.join("\n");
        } else {
          const old = entries(before === undefined ? {} : JSON.parse(before));
          const added = new Map([...entries(JSON.parse(after))].filter(([key, v]) => old.get(key) !== v));
          const count = [...added.keys()].filter((key) => key.includes("[]")).length;
          removed += count;
          today = `${JSON.stringify(withoutAdded(JSON.parse(today), added, old), null, 1)}\n`;
        }
      }
      writeFileSync(join(dir, file), today);
    }
    const run = spawnSync(process.execPath, [scorer, dir, join(root, split)], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(run.stderr);
    const lines = run.stdout.trim().split("\n");
    // MISSES=1 prints each miss (a JSON line) before the split's figure.
    for (const line of lines.slice(0, -1)) console.log(line);
    const figures = JSON.parse(lines.at(-1));
    results.push(figures.frame);
    console.log(
      `  split ${k} left out (${removed} data entries of ${fixes.length} fix commit${fixes.length === 1 ? "" : "s"} removed): ` +
        `${figures.frame.toFixed(1)}% frame of ${figures.n}, ${figures.refused} of ${figures.outside} out-of-domain refused`,
    );
  } finally {
    // KEEP=1 leaves each split's trained copy in place, to look into its misses.
    if (process.env.KEEP) console.log(`  (kept ${dir})`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
const mean = results.reduce((a, b) => a + b, 0) / results.length;
console.log(`leave-one-split-out, mean over ${results.length} blind splits: ${mean.toFixed(1)}% frame (target >= 97%)`);
