import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dataPath, readDataJson } from "../reference-data.js";
import type { CatalogVocabulary } from "./catalog-vocabulary.js";
import { IntentClassifier, type ClassifierState } from "./intent-classifier.js";
import { Lexicon, vocabularyTexts } from "./lexicon.js";
import { buildSlotGrammar, extractSlots, type SlotGrammar } from "./slots.js";
import type { Metric } from "./understanding.js";
import { vocabulary, type IntentExample, type Vocabulary } from "./vocabulary.js";

/** Everything the parser builds from data/nlu/ once per process. */
export interface ParserModel {
  vocab: Vocabulary;
  grammar: SlotGrammar;
  classifier: IntentClassifier;
  examples: IntentExample[];
  metricLabels: Record<Metric, string>;
}

/** The date examples are masked against; it only changes which period tokens they hold, not their features. */
const TRAINING_TODAY = "2026-06-15";

interface CachedModel {
  fingerprint: string;
  lexicon: Record<string, number>;
  classifier: ClassifierState;
}

let model: ParserModel | undefined;

/**
 * Builds (once per process) the lexicon, slot grammars and classifier from
 * data/nlu/. Training masks every example through the slot grammars, which
 * costs more than a question's start-up should, so the trained state is kept
 * in a per-user cache file named after a fingerprint of the data and of this
 * code: any change to either trains afresh, and a missing or unreadable cache
 * only costs time.
 */
export function parserModel(): ParserModel {
  if (model) return model;
  const vocab = vocabulary();
  const fingerprint = modelFingerprint();
  const cacheFile = join(cacheDir(), `parser-model-${fingerprint}.json`);
  const cached = readCache(cacheFile, fingerprint);
  let lexicon: Lexicon;
  let grammar: SlotGrammar;
  let classifier: IntentClassifier;
  if (cached) {
    lexicon = new Lexicon([], cached.lexicon);
    grammar = buildSlotGrammar(vocab, lexicon);
    classifier = IntentClassifier.fromState(cached.classifier);
  } else {
    lexicon = new Lexicon(vocabularyTexts(vocab));
    grammar = buildSlotGrammar(vocab, lexicon);
    // Examples mention categories by name; mask them as a catalog holding every category we know of would.
    const trainingCatalog: CatalogVocabulary = { categories: Object.keys(vocab.categoryAliases), subcategories: [], campaigns: [], asins: [], skus: [] };
    classifier = IntentClassifier.train(
      vocab.examples.map((e) => ({ label: e.intent, text: extractSlots(e.text, grammar, trainingCatalog, TRAINING_TODAY).masked })),
      grammar.filler,
    );
    writeCache(cacheFile, { fingerprint, lexicon: lexicon.wordCounts(), classifier: classifier.state() });
  }
  const metricLabels = readDataJson<{ labels: Record<Metric, string> }>("nlu/metrics.json").labels;
  model = { vocab, grammar, classifier, examples: vocab.examples, metricLabels };
  return model;
}

/**
 * Set by the bundler (scripts/bundle.mjs) to a hash of src/nlu/: a bundle has
 * no per-module files of the parser to hash at run time.
 */
declare const SELLER_AI_PARSER_CODE_HASH: string | undefined;

/** A hash of the vocabulary files and of the parser's own modules. */
function modelFingerprint(): string {
  const hash = createHash("sha256");
  const dataDir = dirname(dataPath("nlu/metrics.json"));
  for (const name of readdirSync(dataDir).sort()) hash.update(name).update(readFileSync(join(dataDir, name)));
  hash.update(readFileSync(dataPath("marketplaces.json")));
  if (typeof SELLER_AI_PARSER_CODE_HASH === "string") {
    hash.update(`bundle:${SELLER_AI_PARSER_CODE_HASH}`);
  } else {
    const here = fileURLToPath(import.meta.url);
    const codeDir = dirname(here);
    for (const name of readdirSync(codeDir).sort()) if (extname(name) === extname(here)) hash.update(name).update(readFileSync(join(codeDir, name)));
  }
  return hash.digest("hex").slice(0, 24);
}

function cacheDir(): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : "user";
  return join(tmpdir(), `seller-ai-${uid}`);
}

function readCache(file: string, fingerprint: string): CachedModel | undefined {
  try {
    // Only a folder of our own: another user's file must not steer the parser.
    const dir = statSync(dirname(file));
    if (typeof process.getuid === "function" && dir.uid !== process.getuid()) return undefined;
    const cached = JSON.parse(readFileSync(file, "utf8")) as CachedModel;
    if (cached.fingerprint !== fingerprint || !cached.classifier?.postings || !cached.lexicon) return undefined;
    return cached;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, cached: CachedModel): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(cached), { mode: 0o600 });
    renameSync(temp, file);
    // Models of earlier data or code are of no more use once nothing has trained them for a week
    // (the compiled and the source modules, run side by side in development, each keep their own).
    const stale = statSync(file).mtimeMs - 7 * 86_400_000;
    for (const name of readdirSync(dirname(file))) {
      const other = join(dirname(file), name);
      if (/^parser-model-[0-9a-f]+\.json$/.test(name) && other !== file && statSync(other).mtimeMs < stale) rmSync(other, { force: true });
    }
  } catch {
    // A read-only or full temp folder only means training again next time.
  }
}
