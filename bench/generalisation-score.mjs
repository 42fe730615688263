// Scores held-out splits with the parser built under <root>/dist, by the rules of the team's scorer (see parse.bench.mjs):
// prints each miss as a JSON line when MISSES=1, and one summary line per split. Used by generalisation.bench.mjs.
// usage: node bench/generalisation-score.mjs <root holding dist/ and data/> <split.jsonl>...
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { filterMatches, parseCase } from "./nlu-scoring.mjs";
const [root, ...files] = process.argv.slice(2);
const { parseQuestion } = await import(pathToFileURL(resolve(root, "dist/nlu/parse-question.js")).href);
const fixture = JSON.parse(readFileSync(new URL("../fixtures/nlu/catalog.json", import.meta.url), "utf8"));
const sub = new Map();
for (const p of fixture.products) if (!sub.has(p.subcategory)) sub.set(p.subcategory, p.category);
const catalog = {
  categories: [...new Set(fixture.products.map((p) => p.category))].sort(),
  subcategories: [...sub.keys()].sort().map((name) => ({ name, category: sub.get(name) })),
  campaigns: [...fixture.campaigns].sort(),
  asins: fixture.products.map((p) => p.asin.toUpperCase()).sort(),
  skus: fixture.products.map((p) => p.sku).sort(),
};
const TODAY = "2026-11-21";
const miss = (m) => process.env.MISSES && console.log(JSON.stringify(m));
for (const file of files) {
  const set = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  let right = 0,
    outside = 0,
    refused = 0;
  for (const c of set) {
    const o = parseCase(parseQuestion, c, { catalog, today: TODAY });
    const u = o.understanding;
    if (c.expect.error) {
      outside++;
      if (o.error) {
        refused++;
        right++;
        continue;
      }
      miss({ split: basename(file), kind: "ood_accept", q: c.query, got: u?.intent });
      continue;
    }
    if (!u) {
      miss({ split: basename(file), kind: "ood_reject", q: c.query, ctx: c.context, want: c.expect.intent });
      continue;
    }
    const intentOk = [c.expect.intent].flat().includes(u.intent);
    const bad = Object.entries(c.expect.filters ?? {})
      .filter(([k, v]) => !filterMatches(k, v, u.filters))
      .map(([k, v]) => ({ k, want: v, have: u.filters[k] }));
    if (intentOk && bad.length === 0) {
      right++;
      continue;
    }
    miss({
      split: basename(file),
      kind: intentOk ? "slot" : "intent",
      q: c.query,
      ctx: c.context,
      want: c.expect.intent,
      got: u.intent,
      bad,
    });
  }
  console.log(
    JSON.stringify({
      summary: basename(file),
      frame: +((100 * right) / set.length).toFixed(1),
      n: set.length,
      outside,
      refused,
    }),
  );
}
