// The questions of the test splits, and whether a text comes near one of them: shared by the script that writes
// the training examples and by the test that checks them (test/nlu/heldout.test.ts), so both draw the same line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** How alike two questions' sets of words must be (shared words over all words) to count as near copies. */
export const NEAR_COPY = 0.7;

/** Every question and context of the development set and the held-out splits, pending ones included. */
export function testQuestions(root) {
  const files = [];
  // pending/ holds splits written but not yet fixed for; there may be none.
  for (const dir of ["fixtures/nlu", "fixtures/nlu/pending"].filter((d) => existsSync(join(root, d))))
    for (const f of readdirSync(join(root, dir)))
      if (/^(dev|heldout.*|paraphrases)\.jsonl$/.test(f)) files.push(join(root, dir, f));
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .flatMap((l) => {
        const c = JSON.parse(l);
        return [c.query, ...(c.context ?? [])];
      }),
  );
}

/** The words of a question, normalised by `normalize` (the parser's), with contractions spelled out. */
export function wordsOf(text, normalize) {
  return new Set(
    normalize(text)
      .replace(/\b(what|it|that|who|where|how|there)'s\b/g, "$1 is")
      .split(" ")
      .filter((w) => w !== ""),
  );
}

/** How alike two sets of words are: the words they share over all their words. */
export function likeness(a, b) {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A test: is a text equal to, or a near copy of, one of the questions (normalised by `normalize`)? */
export function nearTestQuestion(questions, normalize) {
  const sets = questions.map((q) => wordsOf(q, normalize));
  // Only questions sharing a word can be near: an index from each word to the questions holding it counts the shared
  // words of just those, instead of comparing every text with every question (tens of thousands of them).
  const holding = new Map();
  sets.forEach((set, i) => {
    for (const w of set) {
      const list = holding.get(w);
      if (list) list.push(i);
      else holding.set(w, [i]);
    }
  });
  const shared = new Int32Array(sets.length);
  return (text) => {
    const words = wordsOf(text, normalize);
    const touched = [];
    for (const w of words) for (const i of holding.get(w) ?? []) if (shared[i]++ === 0) touched.push(i);
    let near = false;
    for (const i of touched) {
      // likeness(): the shared words over all words of both.
      if (!near && shared[i] / (words.size + sets[i].size - shared[i]) >= NEAR_COPY) near = true;
      shared[i] = 0;
    }
    return near;
  };
}
