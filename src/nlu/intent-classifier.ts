import { normalizeText, stem, words } from "./text.js";

/**
 * An intent classifier over TF-IDF vectors of word unigrams, bigrams and
 * skip-bigrams (stemmed; slot tokens such as `m_revenue` as they are), of word
 * classes ("sell out" and "run out" are both `runout`, so an example with one
 * teaches the other) and of negated words ("not selling"), built from
 * labelled example sentences. Two models share the vectors: nearest
 * neighbours, which know phrasings, and a logistic regression, which knows
 * which words tell the labels apart. Deterministic.
 */

/**
 * A labelled text to learn from. `weight` scales its step in the regression (1 by default); an example with
 * `neighbour: false` teaches only the regression: it is never a neighbour, so never shown as a suggestion.
 */
export interface TrainingText {
  label: string;
  text: string;
  weight?: number;
  neighbour?: boolean;
}

export interface LabelScore {
  label: string;
  score: number;
}

export interface Classification {
  /** Labels, best first, with their scores (0..1). */
  ranked: LabelScore[];
}

/** Everything the classifier learned, as plain JSON (for a cache); a classifier always works from this. */
export interface ClassifierState {
  /** The labels, sorted. */
  labels: string[];
  /** Each example's label, as an index into `labels`. */
  exampleLabels: number[];
  light: string[];
  /** Stemmed phrase → its word class. */
  concepts: Record<string, string>;
  idf: Record<string, number>;
  /** Feature → flat [exampleIndex, weight, exampleIndex, weight, …]. */
  postings: Record<string, number[]>;
  /** The logistic regression: each label's bias, and feature → flat [labelIndex, weight, …]. */
  linear: { bias: number[]; weights: Record<string, number[]> };
}

/**
 * What classifying reads of the learned state: the per-example and per-label lists, and the numbers of each feature
 * looked up one at a time. A state's records give them (`stateTables`), and so does the packed form the build ships
 * (model-file.ts), read in place at start-up instead of rebuilt into objects.
 */
export interface ClassifierTables {
  labels: string[];
  exampleLabels: ArrayLike<number>;
  light: string[];
  concepts: ConceptTable;
  bias: ArrayLike<number>;
  idf(feature: string): number | undefined;
  /** Flat [exampleIndex, weight, …]. */
  postings(feature: string): ArrayLike<number> | undefined;
  /** The logistic regression's weights: flat [labelIndex, weight, …]. */
  weights(feature: string): ArrayLike<number> | undefined;
  /** The same state as plain records. */
  state(): ClassifierState;
}

/** A state's records as the tables classifying reads. */
export function stateTables(s: ClassifierState): ClassifierTables {
  return {
    labels: s.labels,
    exampleLabels: s.exampleLabels,
    light: s.light,
    concepts: conceptTable(s.concepts),
    bias: s.linear.bias,
    idf: (feature) => s.idf[feature],
    postings: (feature) => s.postings[feature],
    weights: (feature) => s.linear.weights[feature],
    state: () => s,
  };
}

/** Filler words still say something ("what can you do"), but little. */
const LIGHT_WEIGHT = 0.35;
/** Slot tokens (a metric, a breakdown) say much about the intent. */
const SLOT_WEIGHT = 1.5;
/** Word pairs one word apart ("run … out") tolerate a word put in between. */
const SKIP_WEIGHT = 0.5;
/** Words that turn the meaning of the next ones ("not selling", "no sales", "never convert"). */
const NEGATORS = new Set([
  "not",
  "no",
  "non",
  "never",
  "without",
  "zero",
  "nothing",
  "none",
  "don't",
  "dont",
  "doesn't",
  "doesnt",
  "didn't",
  "didnt",
  "isn't",
  "aren't",
  "haven't",
  "hasn't",
  "won't",
  "hardly",
  "barely",
]);

/** The neighbours' part of a label's score; the linear model has the rest. */
const NEIGHBOUR_SHARE = 0.5;

const isSlotToken = (w: string) => w.startsWith("__") || /^[mgs]_/.test(w);

/**
 * The word classes' phrases (stemmed phrase → class) indexed as plain records, which the model file keeps as they
 * are (JSON reads records of strings at native speed): one-word phrases by their stem, longer ones by their first two
 * stems (templates make hundreds of phrases that start with the same word, "what …"), one line per phrase
 * ("phrase<TAB>class"), longest first.
 */
export interface ConceptTable {
  single: Record<string, string>;
  byPair: Record<string, string>;
}

/** Indexes the word classes' phrases (see ConceptTable). */
export function conceptTable(phrases: Record<string, string>): ConceptTable {
  const single = new Map<string, string>();
  const byPair = new Map<string, [string[], string][]>();
  for (const [phrase, concept] of Object.entries(phrases)) {
    if (/[\t\n]/.test(phrase + concept)) throw new Error(`a word class phrase holds a tab or a line feed: ${phrase}`);
    const parts = phrase.split(" ");
    if (parts.length === 1) {
      if (!single.has(phrase)) single.set(phrase, concept);
      continue;
    }
    const key = `${parts[0]} ${parts[1]}`;
    const list = byPair.get(key);
    if (list) list.push([parts, concept]);
    else byPair.set(key, [[parts, concept]]);
  }
  const lines = (list: [string[], string][]) =>
    list
      // The sort is stable, so phrases of one length keep their order.
      .sort((a, b) => b[0].length - a[0].length)
      .map(([parts, concept]) => `${parts.join(" ")}\t${concept}`)
      .join("\n");
  return {
    single: Object.fromEntries(single),
    byPair: Object.fromEntries(Array.from(byPair, ([key, list]) => [key, lines(list)])),
  };
}

/** The phrases a ConceptTable indexes (stemmed phrase → class). */
export function conceptPhrases(table: ConceptTable): Record<string, string> {
  const phrases: Record<string, string> = { ...table.single };
  for (const list of Object.values(table.byPair))
    for (const line of list.split("\n")) {
      const tab = line.indexOf("\t");
      phrases[line.slice(0, tab)] = line.slice(tab + 1);
    }
  return phrases;
}

const own = <V>(record: Record<string, V>, key: string): V | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** Word classes over stemmed words, from their ConceptTable: a bucket's lines are split on first use. */
class ConceptIndex {
  private readonly buckets = new Map<string, [string[], string][]>();

  constructor(private readonly table: ConceptTable) {}

  private bucket(key: string): [string[], string][] | undefined {
    let list = this.buckets.get(key);
    if (list === undefined) {
      const lines = own(this.table.byPair, key);
      if (lines === undefined) return undefined;
      list = lines.split("\n").map((line) => {
        const tab = line.indexOf("\t");
        return [line.slice(0, tab).split(" "), line.slice(tab + 1)];
      });
      this.buckets.set(key, list);
    }
    return list;
  }

  /** The longest class phrase starting at stem `i`: its length and class. */
  private match(stems: string[], i: number): [number, string] | undefined {
    if (i + 1 < stems.length) {
      const found = this.bucket(`${stems[i]} ${stems[i + 1]}`)?.find(([parts]) =>
        parts.every((p, k) => stems[i + k] === p),
      );
      if (found) return [found[0].length, found[1]];
    }
    const concept = own(this.table.single, stems[i]);
    return concept === undefined ? undefined : [1, concept];
  }

  /** How many words each class phrase found in the stems has, left to right. */
  phraseLengths(stems: string[]): number[] {
    const lengths: number[] = [];
    for (let i = 0; i < stems.length; ) {
      const match = this.match(stems, i);
      if (match) {
        lengths.push(match[0]);
        i += match[0];
      } else i++;
    }
    return lengths;
  }

  /** The stems with each class phrase replaced by its class token (`c_runout`), or undefined when none is found. */
  view(stems: string[]): string[] | undefined {
    let found = false;
    const out: string[] = [];
    for (let i = 0; i < stems.length; ) {
      const match = this.match(stems, i);
      if (match) {
        out.push(`c_${match[1]}`);
        i += match[0];
        found = true;
      } else out.push(stems[i++]);
    }
    return found ? out : undefined;
  }
}

/** Stems a phrase the way questions are stemmed. */
function stemPhrase(phrase: string): string {
  return words(normalizeText(phrase))
    .map((w) => (isSlotToken(w) ? w : stem(w)))
    .join(" ");
}

function features(text: string, light: ReadonlySet<string>, concepts: ConceptIndex): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (f: string, by: number) => counts.set(f, (counts.get(f) ?? 0) + by);
  const tokens = words(text);
  const stems = tokens.map((w) => (isSlotToken(w) ? w : stem(w)));
  const weight = tokens.map((w) => (/^[mg]_/.test(w) ? SLOT_WEIGHT : light.has(w) ? LIGHT_WEIGHT : 1));
  for (let i = 0; i < stems.length; i++) {
    bump(`w:${stems[i]}`, weight[i]);
    if (i + 1 < stems.length) bump(`b:${stems[i]} ${stems[i + 1]}`, Math.min(weight[i], weight[i + 1]));
    if (i + 2 < stems.length) bump(`s:${stems[i]} ${stems[i + 2]}`, SKIP_WEIGHT * Math.min(weight[i], weight[i + 2]));
    if (NEGATORS.has(tokens[i])) {
      for (let j = i + 1; j < Math.min(stems.length, i + 3); j++) if (!light.has(tokens[j])) bump(`n:${stems[j]}`, 1);
    }
  }
  const view = concepts.view(stems);
  if (view) {
    for (let i = 0; i < view.length; i++) {
      if (!view[i].startsWith("c_")) continue;
      bump(`c:${view[i]}`, 1);
      if (i > 0) bump(`cb:${view[i - 1]} ${view[i]}`, 0.5);
      if (i + 1 < view.length) bump(`cb:${view[i]} ${view[i + 1]}`, 0.5);
    }
  }
  return counts;
}

export class IntentClassifier {
  private constructor(
    private readonly s: ClassifierTables,
    private readonly light: ReadonlySet<string>,
    private readonly concepts: ConceptIndex,
  ) {}

  /**
   * Learns from labelled texts, already masked the way questions will be.
   * `light` words (filler) weigh less; `concepts` maps a word class to its phrases.
   */
  static train(
    examples: TrainingText[],
    light: ReadonlySet<string> = new Set(),
    concepts: Record<string, string[]> = {},
  ): IntentClassifier {
    // The neighbours' examples come first, so that an example's index is its place in the list the caller keeps.
    const firstHidden = examples.findIndex((e) => e.neighbour === false);
    const shown = firstHidden < 0 ? examples.length : firstHidden;
    if (examples.slice(shown).some((e) => e.neighbour !== false))
      throw new Error("IntentClassifier.train: examples kept out of the neighbours must come after the others");
    const phrases: Record<string, string> = {};
    for (const [concept, list] of Object.entries(concepts))
      for (const phrase of list) {
        const key = stemPhrase(phrase);
        if (key !== "") phrases[key] ??= concept;
      }
    const index = new ConceptIndex(conceptTable(phrases));
    const featureSets = examples.map((e) => features(e.text, light, index));
    const df = new Map<string, number>();
    for (const f of featureSets) for (const key of f.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    const idf: Record<string, number> = {};
    for (const [key, count] of [...df].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      idf[key] = round4(Math.log((examples.length + 1) / (count + 1)) + 1);
    const vectors = featureSets.map((f) => vectorOf(f, (key) => idf[key]));
    const postings: Record<string, number[]> = {};
    vectors.slice(0, shown).forEach((vector, i) => {
      for (const [key, weight] of vector) (postings[key] ??= []).push(i, round4(weight));
    });
    const labels = [...new Set(examples.map((e) => e.label))].sort();
    const targets = examples.map((e) => labels.indexOf(e.label));
    return IntentClassifier.fromState({
      labels,
      exampleLabels: targets.slice(0, shown),
      light: [...light],
      concepts: phrases,
      idf,
      postings,
      linear: trainLinear(
        vectors,
        targets,
        examples.map((e) => e.weight ?? 1),
        labels.length,
      ),
    });
  }

  static fromState(state: ClassifierState): IntentClassifier {
    return IntentClassifier.fromTables(stateTables(state));
  }

  static fromTables(tables: ClassifierTables): IntentClassifier {
    return new IntentClassifier(tables, new Set(tables.light), new ConceptIndex(tables.concepts));
  }

  state(): ClassifierState {
    return this.s.state();
  }

  private query(text: string): [string, number][] {
    return vectorOf(features(text, this.light, this.concepts), this.s.idf);
  }

  /** Each example's cosine similarity to the query, and the examples it shares a feature with. */
  private similarities(query: [string, number][]): { sims: Float64Array; touched: number[] } {
    const sims = new Float64Array(this.s.exampleLabels.length);
    const touched: number[] = [];
    for (const [key, weight] of query) {
      const list = this.s.postings(key);
      if (!list) continue;
      for (let i = 0; i < list.length; i += 2) {
        if (sims[list[i]] === 0) touched.push(list[i]);
        sims[list[i]] += weight * list[i + 1];
      }
    }
    return { sims, touched };
  }

  /** The logistic regression's probability of each label. */
  private probabilities(query: [string, number][]): Float64Array {
    const z = Float64Array.from(this.s.bias);
    for (const [key, value] of query) {
      const flat = this.s.weights(key);
      if (flat) for (let i = 0; i < flat.length; i += 2) z[flat[i]] += flat[i + 1] * value;
    }
    return softmax(z);
  }

  /**
   * Scores every label for a text: the mean of the logistic regression's
   * probability and the label's three closest examples (weighted 1, ½, ¼,
   * so one odd example cannot win alone).
   *
   * @example IntentClassifier.train(examples).classify("top m_revenue products").ranked[0].label // "top_products"
   */
  classify(text: string): Classification {
    const query = this.query(text);
    const { sims, touched } = this.similarities(query);
    const n = this.s.labels.length;
    const top = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    for (const index of touched) {
      const similarity = sims[index];
      const k = this.s.exampleLabels[index];
      if (similarity <= 0) continue;
      if (similarity > top[0][k]) [top[0][k], top[1][k], top[2][k]] = [similarity, top[0][k], top[1][k]];
      else if (similarity > top[1][k]) [top[1][k], top[2][k]] = [similarity, top[1][k]];
      else if (similarity > top[2][k]) top[2][k] = similarity;
    }
    const p = this.probabilities(query);
    const ranked: LabelScore[] = [];
    for (let k = 0; k < n; k++) {
      const neighbours = (top[0][k] + 0.5 * top[1][k] + 0.25 * top[2][k]) / 1.75;
      ranked.push({ label: this.s.labels[k], score: NEIGHBOUR_SHARE * neighbours + (1 - NEIGHBOUR_SHARE) * p[k] });
    }
    ranked.sort((x, y) => y.score - x.score || (x.label < y.label ? -1 : 1));
    return { ranked };
  }

  /**
   * Whether the text holds a word-class phrase of several words ("p and l", "where did my money go"): words
   * that are each said of anything, but together are a seller's.
   */
  hasClassPhrase(text: string): boolean {
    const stems = words(text).map((w) => (isSlotToken(w) ? w : stem(w)));
    return this.concepts.phraseLengths(stems).some((n) => n > 1);
  }

  /** The word classes whose phrases the text holds ("overstocked" is `overstock`). */
  classesIn(text: string): Set<string> {
    const stems = words(text).map((w) => (isSlotToken(w) ? w : stem(w)));
    const view = this.concepts.view(stems) ?? [];
    return new Set(view.filter((t) => t.startsWith("c_")).map((t) => t.slice(2)));
  }

  /** Indexes of the `n` examples most similar to the text, best first. */
  nearest(text: string, n: number): { index: number; similarity: number }[] {
    const { sims, touched } = this.similarities(this.query(text));
    touched.sort((a, b) => sims[b] - sims[a] || a - b);
    return touched
      .slice(0, n)
      .filter((index) => sims[index] > 0)
      .map((index) => ({ index, similarity: sims[index] }));
  }
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** A unit-length TF-IDF vector of feature counts; features never seen in training are left out. */
function vectorOf(counts: Map<string, number>, idf: (feature: string) => number | undefined): [string, number][] {
  const v: [string, number][] = [];
  let norm = 0;
  for (const [key, count] of counts) {
    const weight = idf(key);
    if (weight === undefined) continue;
    const w = (count >= 1 ? 1 + Math.log(count) : count) * weight;
    v.push([key, w]);
    norm += w * w;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const pair of v) pair[1] /= norm;
  return v;
}

function softmax(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const x of z) max = Math.max(max, x);
  let sum = 0;
  for (let k = 0; k < z.length; k++) sum += z[k] = Math.exp(z[k] - max);
  for (let k = 0; k < z.length; k++) z[k] /= sum;
  return z;
}

/**
 * A multinomial logistic regression over the vectors, trained by stochastic
 * gradient descent in a fixed order (deterministic). Weights too small to
 * matter are left out, to keep the shipped model small.
 */
function trainLinear(
  vectors: [string, number][][],
  target: number[],
  weight: number[],
  n: number,
): ClassifierState["linear"] {
  const bias = new Float64Array(n);
  const weights = new Map<string, Float64Array>();
  const order = vectors.map((_, i) => i);
  // A fixed shuffle each epoch (a linear congruential sequence), so training is the same every time.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const base = LEARNING_RATE / (1 + epoch * 0.1);
    for (const i of order) {
      const rate = base * weight[i];
      const z = Float64Array.from(bias);
      for (const [key, value] of vectors[i]) {
        const w = weights.get(key);
        if (w) for (let k = 0; k < n; k++) z[k] += w[k] * value;
      }
      const p = softmax(z);
      p[target[i]] -= 1;
      for (const [key, value] of vectors[i]) {
        let w = weights.get(key);
        if (!w) weights.set(key, (w = new Float64Array(n)));
        for (let k = 0; k < n; k++) w[k] -= rate * (p[k] * value + L2 * w[k]);
      }
      for (let k = 0; k < n; k++) bias[k] -= rate * p[k];
    }
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const flat: Record<string, number[]> = {};
  for (const [key, w] of [...weights].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const list: number[] = [];
    w.forEach((x, k) => {
      if (Math.abs(x) >= MIN_WEIGHT) list.push(k, round(x));
    });
    if (list.length) flat[key] = list;
  }
  return { bias: Array.from(bias, round), weights: flat };
}

const EPOCHS = 40;
const LEARNING_RATE = 0.5;
const L2 = 1e-4;
/** Weights smaller than this are left out of the shipped model. */
const MIN_WEIGHT = 0.05;
