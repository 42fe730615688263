import { dataFilesHash, readBuiltFile, readDataJson } from "../core/reference-data.js";
import type { CatalogVocabulary } from "../core/catalog-vocabulary.js";
import { IntentClassifier, stateTables, type ClassifierState, type ClassifierTables } from "./intent-classifier.js";
import { Lexicon, vocabularyTexts } from "./lexicon.js";
import { decodeModelFile, encodeModelFile } from "./model-file.js";
import { buildSlotGrammar, extractSlots, type SlotGrammar } from "./slots.js";
import { expandedTemplates, restoreExpandedTemplates } from "./phrase-templates.js";
import { normalizeText, stem } from "./text.js";
import type { Metric } from "../core/understanding.js";
import { vocabulary, type IntentExample, type Vocabulary } from "./vocabulary.js";

/** Everything the parser builds from data/nlu/ once per process. */
export interface ParserModel {
  vocab: Vocabulary;
  grammar: SlotGrammar;
  classifier: IntentClassifier;
  examples: IntentExample[];
  metricLabels: Record<Metric, string>;
  /** Stems of the words seller questions use (the examples' own words, without those of off-topic examples). */
  domainWords: Set<string>;
  /** Names a report's parameters are given under ("metric=profit"; words.json parameter_keys). */
  parameterKeys: ReadonlySet<string>;
}

/**
 * How much a training question weighs in the regression beside a curated example: enough to teach words and
 * phrasings the examples lack, little enough that the examples, written to the contract's borders, still decide.
 */
const TRAINING_WEIGHT = 0.3;

/** The date examples are masked against; it only changes which period tokens they hold, not their features. */
const TRAINING_TODAY = "2026-06-15";

/** The trained state the build writes beside the compiled code (`parser-model.bin`, model-file.ts). */
export interface TrainedParserModel {
  /** A hash of the vocabulary files it was trained from. */
  dataHash: string;
  lexicon: Record<string, number>;
  classifier: ClassifierState;
  domainWords: string[];
  /** The vocabulary's phrase templates, expanded (phrase-templates.ts). */
  templates?: Record<string, string[]>;
}

/** The trained model's file, which the build writes beside the compiled code (model-file.ts). */
export const TRAINED_MODEL_FILE = "parser-model.bin";

/** A trained model as the parser reads it: the classifier's numbers looked up where they lie. */
type LoadedModel = Omit<TrainedParserModel, "classifier"> & { classifier: ClassifierTables };

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
  const built = readTrainedModel(vocabularyHash());
  if (built?.templates) restoreExpandedTemplates(built.templates);
  const vocab = vocabulary();
  const trained: LoadedModel = built ?? withTables(trainParserModel());
  const lexicon = new Lexicon([], trained.lexicon);
  const grammar = buildSlotGrammar(vocab, lexicon);
  const classifier = IntentClassifier.fromTables(trained.classifier);
  const metricLabels = readDataJson<{ labels: Record<Metric, string> }>("nlu/metrics.json").labels;
  model = {
    vocab,
    grammar,
    classifier,
    get examples() {
      return vocab.examples;
    },
    metricLabels,
    domainWords: new Set(trained.domainWords),
    parameterKeys: new Set(vocab.words.parameter_keys ?? []),
  };
  return model;
}

/**
 * Trains the parser's lexicon and classifier from data/nlu/, as the build
 * does before writing them to `parser-model.bin`.
 *
 * @example
 * writeFileSync(`dist/nlu/${TRAINED_MODEL_FILE}`, encodeTrainedModel(trainParserModel()));
 */
export function trainParserModel(): TrainedParserModel {
  const vocab = vocabulary();
  // The templates a start-up expands, taken before the examples' (expanded when read, to train) join them.
  const templates = expandedTemplates();
  const lexicon = new Lexicon(vocabularyTexts(vocab));
  const grammar = buildSlotGrammar(vocab, lexicon);
  // Examples mention categories by name; mask them as a catalog holding every category we know of would.
  const trainingCatalog: CatalogVocabulary = {
    categories: Object.keys(vocab.categoryAliases),
    subcategories: [],
    campaigns: [],
    asins: [],
    skus: [],
  };
  const masked = vocab.examples.map((e) => extractSlots(e.text, grammar, trainingCatalog, TRAINING_TODAY));
  // Word classes are matched in masked questions, so their phrases are masked alike ("where did my money go").
  const concepts: Record<string, string[]> = {};
  for (const [concept, list] of Object.entries(vocab.concepts)) {
    concepts[concept] = [
      ...new Set(list.flatMap((p) => [p, extractSlots(p, grammar, trainingCatalog, TRAINING_TODAY).masked])),
    ];
  }
  const classifier = IntentClassifier.train(
    [
      ...vocab.examples.map((e, i) => ({ label: e.intent, text: masked[i].masked })),
      ...vocab.trainingExamples.map((e) => ({
        label: e.intent,
        text: extractSlots(e.text, grammar, trainingCatalog, TRAINING_TODAY).masked,
        weight: TRAINING_WEIGHT,
        neighbour: false,
      })),
    ],
    grammar.filler,
    concepts,
  );
  // The words of seller questions: used by the intents' examples more than by the off-topic ones.
  const ours = new Map<string, number>();
  const theirs = new Map<string, number>();
  vocab.examples.forEach((e, i) => {
    const counts = e.intent === "none" ? theirs : ours;
    for (const w of new Set(masked[i].contentWords.map(stem))) counts.set(w, (counts.get(w) ?? 0) + 1);
  });
  const domainWords = new Set([...ours].filter(([w, n]) => n > 2 * (theirs.get(w) ?? 0)).map(([w]) => w));
  // The word classes are seller words by construction.
  for (const list of Object.values(vocab.concepts))
    for (const phrase of list) if (!phrase.includes(" ")) domainWords.add(stem(normalizeText(phrase)));
  for (const w of grammar.filler) domainWords.delete(stem(w));
  // Words of any question ("many", "should", "back"): seller examples use them more, but they are no seller's subject.
  const generic = vocab.outOfDomain.generic_words ?? [];
  for (const w of generic) domainWords.delete(stem(normalizeText(w)));
  // Their words as written too, where a stem is shared with filler ("listings" and "list").
  for (const list of Object.values(vocab.concepts))
    for (const phrase of list)
      if (!phrase.includes(" ") && !grammar.filler.has(phrase) && !generic.includes(phrase))
        domainWords.add(normalizeText(phrase));
  return {
    dataHash: vocabularyHash(),
    lexicon: lexicon.wordCounts(),
    classifier: classifier.state(),
    domainWords: [...domainWords].sort(),
    templates,
  };
}

/** A hash of the vocabulary files the model is trained from. */
function vocabularyHash(): string {
  return dataFilesHash(["nlu"], ["marketplaces.json", "currencies.json"]);
}

/** The trained model as the bytes of its file (model-file.ts). */
export function encodeTrainedModel(trained: TrainedParserModel): Uint8Array {
  const { classifier, ...rest } = trained;
  return encodeModelFile(rest, classifier);
}

/** A model file's bytes read back as the trained model they hold, or undefined when they hold none. */
export function decodeTrainedModel(bytes: Uint8Array): TrainedParserModel | undefined {
  const decoded = decodeModelFile<Omit<TrainedParserModel, "classifier">>(bytes);
  return decoded && { ...decoded.rest, classifier: decoded.classifier.state() };
}

function withTables(trained: TrainedParserModel): LoadedModel {
  return { ...trained, classifier: stateTables(trained.classifier) };
}

function readTrainedModel(dataHash: string): LoadedModel | undefined {
  const bytes = readBuiltFile(TRAINED_MODEL_FILE);
  if (!bytes) return undefined;
  try {
    const decoded = decodeModelFile<Omit<TrainedParserModel, "classifier">>(bytes);
    const rest = decoded?.rest;
    if (!decoded || rest?.dataHash !== dataHash || !rest.lexicon || !rest.domainWords) return undefined;
    return { ...rest, classifier: decoded.classifier };
  } catch {
    // A damaged file (cut short, not JSON): the model is trained afresh, as with none.
    return undefined;
  }
}
