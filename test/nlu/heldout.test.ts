// The parser on phrasings it never trained on: the held-out splits of
// fixtures/nlu/ (see fixtures/nlu/SOURCES.md), scored as the development set is.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogVocabulary } from "../../src/core/catalog-vocabulary.js";
import { loadCatalogVocabulary } from "../../src/store/catalog-vocabulary.js";
import { normalizeText } from "../../src/nlu/text.js";
import { INTENTS } from "../../src/core/understanding.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { fixtureMirror, readCases, scoreCases } from "../helpers/nlu-fixture-mirror.js";
import { tempDbPath } from "../helpers/temp-mirror.js";
import {
  likeness,
  nearTestQuestion,
  testQuestions,
  wordsOf as questionWords,
} from "../../scripts/held-out-questions.mjs";

const TODAY = "2026-11-21";
let mirror: Mirror;
let catalog: CatalogVocabulary;

beforeAll(async () => {
  mirror = await fixtureMirror(tempDbPath());
  catalog = await loadCatalogVocabulary(mirror.db);
});
afterAll(async () => mirror?.close());

const examples = readFileSync(new URL("../../data/nlu/intent-examples.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { intent: string; text: string });

describe("the held-out split (fixtures/nlu/heldout.jsonl)", () => {
  const cases = readCases("heldout.jsonl");

  it("has questions for every intent of the contract, conversations and questions outside the domain", () => {
    const intents = new Set(cases.flatMap((c) => ("intent" in c.expect ? [c.expect.intent].flat() : [])));
    for (const intent of INTENTS) expect(intents, intent).toContain(intent);
    expect(cases.filter((c) => "error" in c.expect).length).toBeGreaterThanOrEqual(50);
    expect(cases.filter((c) => c.context).length).toBeGreaterThanOrEqual(30);
  });

  it("is understood at 97% frame accuracy or better, and every question outside the domain is refused", () => {
    const result = scoreCases(cases, catalog, TODAY);
    expect(result.frame, result.misses.join("\n")).toBeGreaterThanOrEqual(0.97);
    expect(result.invalidRight, result.misses.join("\n")).toBe(result.invalid);
  });
});

/** The blind splits: each written before the parser first ran on it (fixtures/nlu/SOURCES.md). */
const BLIND = readdirSync(new URL("../../fixtures/nlu/", import.meta.url)).filter((f) =>
  /^heldout-blind(-\d+)?\.jsonl$/.test(f),
);

/** Words of a question, normalised as the parser does and with contractions spelled out. */
const wordsOf = (text: string) => questionWords(text, normalizeText) as Set<string>;

describe.each(BLIND)("the blind held-out split %s", (file) => {
  it("is understood at 97% frame accuracy or better, and every question outside the domain is refused", () => {
    const result = scoreCases(readCases(file), catalog, TODAY);
    expect(result.frame, result.misses.join("\n")).toBeGreaterThanOrEqual(0.97);
    expect(result.invalid).toBeGreaterThan(0);
    expect(result.invalidRight, result.misses.join("\n")).toBe(result.invalid);
  });
});

describe("the held-out questions are not training examples", () => {
  const trained = examples.map((e) => ({ text: e.text, words: wordsOf(e.text) }));
  const questions = (file: string) => readCases(file).flatMap((c) => [c.query, ...(c.context ?? [])]);

  it.each(["heldout.jsonl", ...BLIND, "dev.jsonl", "paraphrases.jsonl"])(
    "no question of %s is an intent example, normalised",
    (file) => {
      const same = new Set(trained.map((t) => normalizeText(t.text)));
      expect(questions(file).filter((q) => same.has(normalizeText(q)))).toEqual([]);
    },
  );

  it.each(["heldout.jsonl", ...BLIND])("no intent example is a near copy of a question of %s", (file) => {
    const near = questions(file).flatMap((q) => {
      const words = wordsOf(q);
      return trained.filter((t) => likeness(words, t.words) >= 0.75).map((t) => `${q} ~ ${t.text}`);
    });
    expect(near).toEqual([]);
  });
});

describe("the training questions (data/nlu/training-examples.jsonl) keep the test splits unseen", () => {
  const training = readFileSync(new URL("../../data/nlu/training-examples.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { intent: string; text: string });
  const root = new URL("../../", import.meta.url).pathname;

  it("none is equal to or a near copy of a question of the development set or any held-out split, pending ones too", async () => {
    // The same line the script that writes them draws (scripts/training-examples.mjs).
    const near = nearTestQuestion(testQuestions(root), normalizeText);
    expect(training.length).toBeGreaterThan(1000);
    expect(training.filter((t) => near(t.text)).map((t) => t.text)).toEqual([]);
  });

  it("every one is labelled with an intent of the contract or as outside the domain", () => {
    const labels = new Set<string>([...INTENTS, "none"]);
    expect(training.filter((t) => !labels.has(t.intent))).toEqual([]);
  });
});
