#!/usr/bin/env node
// Writes data/nlu/training-examples.jsonl from the training questions in fixtures/nlu/training/: every question
// labelled with an intent (or "none"), without repeats, without those an intent example already holds, and
// with the labels of corrections.json put right, and without any that comes near a question of a test split (fixtures/nlu/*.jsonl and pending/), so that the splits
// stay unseen. Run after `npm run build` (it normalises text as the parser does), and again whenever a split or a
// training file is added: test/nlu/heldout.test.ts fails while a training question is near a test question.
//
//   node scripts/training-examples.mjs
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nearTestQuestion, testQuestions } from "./held-out-questions.mjs";

const root = new URL("..", import.meta.url).pathname;
const { normalizeText } = await import(join(root, "dist/nlu/text.js"));
const jsonl = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));

const curated = new Set(jsonl(join(root, "data/nlu/intent-examples.jsonl")).map((e) => normalizeText(e.text)));
const near = nearTestQuestion(testQuestions(root), normalizeText);
const dir = join(root, "fixtures/nlu/training");
const corrections = JSON.parse(readFileSync(join(dir, "corrections.json"), "utf8"));
const seen = new Set();
const kept = [];
let repeats = 0;
let nearTest = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".jsonl"))
  .sort()) {
  for (const { intent, text } of jsonl(join(dir, file))) {
    const key = normalizeText(text);
    if (seen.has(key) || curated.has(key)) {
      repeats++;
      continue;
    }
    seen.add(key);
    if (near(text)) {
      nearTest++;
      continue;
    }
    kept.push(JSON.stringify({ intent: corrections[text] ?? intent, text }));
  }
}
writeFileSync(join(root, "data/nlu/training-examples.jsonl"), `${kept.join("\n")}\n`);
console.log(`${kept.length} training questions kept; ${repeats} repeats and ${nearTest} near a test question left out`);
