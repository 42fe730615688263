import { readDataJson } from "../reference-data.js";
import type { CatalogVocabulary } from "./catalog-vocabulary.js";
import { IntentClassifier } from "./intent-classifier.js";
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

let model: ParserModel | undefined;

/** Builds (once) the lexicon, slot grammars and classifier from data/nlu/. */
export function parserModel(): ParserModel {
  if (model) return model;
  const vocab = vocabulary();
  const lexicon = new Lexicon(vocabularyTexts(vocab));
  const grammar = buildSlotGrammar(vocab, lexicon);
  // Examples mention categories by name; mask them as a catalog holding every category we know of would.
  const trainingCatalog: CatalogVocabulary = { categories: Object.keys(vocab.categoryAliases), subcategories: [], campaigns: [], asins: [], skus: [] };
  const examples = vocab.examples;
  const classifier = new IntentClassifier(
    examples.map((e) => ({ label: e.intent, text: extractSlots(e.text, grammar, trainingCatalog, TRAINING_TODAY).masked })),
    grammar.filler,
  );
  const metricLabels = readDataJson<{ labels: Record<Metric, string> }>("nlu/metrics.json").labels;
  model = { vocab, grammar, classifier, examples, metricLabels };
  return model;
}
