import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
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

/** The trained state the build writes beside the compiled code (`parser-model.json`). */
export interface TrainedParserModel {
  /** A hash of the vocabulary files it was trained from. */
  dataHash: string;
  lexicon: Record<string, number>;
  classifier: ClassifierState;
}

/** Where the build puts the trained model: beside the module that reads it (the bundle's chunks or dist/nlu/). */
const TRAINED_MODEL = new URL("./parser-model.json", import.meta.url);

let model: ParserModel | undefined;

/**
 * Builds (once per process) the lexicon, slot grammars and classifier from
 * data/nlu/. Training masks every example through the slot grammars, which
 * costs more than a question's start-up should, so `npm run build` trains
 * once and writes the result beside the compiled code; it is used while it
 * matches the vocabulary files, and otherwise (data edited since the build, or
 * running from the sources) the model is trained in memory. Nothing is
 * written at run time.
 */
export function parserModel(): ParserModel {
  if (model) return model;
  const vocab = vocabulary();
  const trained = readTrainedModel(vocabularyHash()) ?? trainParserModel();
  const lexicon = new Lexicon([], trained.lexicon);
  const grammar = buildSlotGrammar(vocab, lexicon);
  const classifier = IntentClassifier.fromState(trained.classifier);
  const metricLabels = readDataJson<{ labels: Record<Metric, string> }>("nlu/metrics.json").labels;
  model = { vocab, grammar, classifier, examples: vocab.examples, metricLabels };
  return model;
}

/**
 * Trains the parser's lexicon and classifier from data/nlu/, as the build
 * does before writing them to `parser-model.json`.
 *
 * @example
 * writeFileSync("dist/nlu/parser-model.json", JSON.stringify(trainParserModel()));
 */
export function trainParserModel(): TrainedParserModel {
  const vocab = vocabulary();
  const lexicon = new Lexicon(vocabularyTexts(vocab));
  const grammar = buildSlotGrammar(vocab, lexicon);
  // Examples mention categories by name; mask them as a catalog holding every category we know of would.
  const trainingCatalog: CatalogVocabulary = { categories: Object.keys(vocab.categoryAliases), subcategories: [], campaigns: [], asins: [], skus: [] };
  const classifier = IntentClassifier.train(
    vocab.examples.map((e) => ({ label: e.intent, text: extractSlots(e.text, grammar, trainingCatalog, TRAINING_TODAY).masked })),
    grammar.filler,
  );
  return { dataHash: vocabularyHash(), lexicon: lexicon.wordCounts(), classifier: classifier.state() };
}

/** A hash of the vocabulary files the model is trained from. */
function vocabularyHash(): string {
  const hash = createHash("sha256");
  const dataDir = dirname(dataPath("nlu/metrics.json"));
  for (const name of readdirSync(dataDir).sort()) hash.update(name).update(readFileSync(join(dataDir, name)));
  hash.update(readFileSync(dataPath("marketplaces.json")));
  return hash.digest("hex").slice(0, 24);
}

function readTrainedModel(dataHash: string): TrainedParserModel | undefined {
  try {
    const trained = JSON.parse(readFileSync(TRAINED_MODEL, "utf8")) as TrainedParserModel;
    if (trained.dataHash !== dataHash || !trained.classifier?.postings || !trained.lexicon) return undefined;
    return trained;
  } catch {
    return undefined;
  }
}
