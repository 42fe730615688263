import { stem, words } from "./text.js";

/**
 * A nearest-neighbour intent classifier over TF-IDF vectors of word
 * unigrams and bigrams (stemmed; slot tokens such as `m_revenue` as they
 * are), built from labelled example sentences. Deterministic.
 */

export interface LabelScore {
  label: string;
  score: number;
}

export interface Classification {
  /** Labels, best first, with their scores (0..1). */
  ranked: LabelScore[];
}

/** Everything the classifier learned, as plain JSON (for a cache). */
export interface ClassifierState {
  labels: string[];
  light: string[];
  idf: Record<string, number>;
  /** Feature → flat [exampleIndex, weight, exampleIndex, weight, …]. */
  postings: Record<string, number[]>;
}

/** Filler words still say something ("what can you do"), but little. */
const LIGHT_WEIGHT = 0.35;
/** Slot tokens (a metric, a breakdown) say much about the intent. */
const SLOT_WEIGHT = 1.5;

const isSlotToken = (w: string) => w.startsWith("__") || /^[mgs]_/.test(w);

function features(text: string, light: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (f: string, by: number) => counts.set(f, (counts.get(f) ?? 0) + by);
  const tokens = words(text);
  const stems = tokens.map((w) => (isSlotToken(w) ? w : stem(w)));
  const weight = tokens.map((w) => (/^[mg]_/.test(w) ? SLOT_WEIGHT : light.has(w) ? LIGHT_WEIGHT : 1));
  for (let i = 0; i < stems.length; i++) {
    bump(`w:${stems[i]}`, weight[i]);
    if (i + 1 < stems.length) bump(`b:${stems[i]} ${stems[i + 1]}`, Math.min(weight[i], weight[i + 1]));
  }
  return counts;
}

export class IntentClassifier {
  private constructor(
    readonly labels: string[],
    private readonly light: ReadonlySet<string>,
    private readonly idf: Map<string, number>,
    private readonly postings: Map<string, number[]>,
  ) {}

  /**
   * Learns from labelled texts, already masked the way questions will be.
   * `light` words (filler) weigh less.
   */
  static train(examples: { label: string; text: string }[], light: ReadonlySet<string> = new Set()): IntentClassifier {
    const featureSets = examples.map((e) => features(e.text, light));
    const df = new Map<string, number>();
    for (const f of featureSets) for (const key of f.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    const idf = new Map<string, number>();
    for (const [key, count] of df) idf.set(key, Math.log((examples.length + 1) / (count + 1)) + 1);
    const classifier = new IntentClassifier(
      examples.map((e) => e.label),
      light,
      idf,
      new Map(),
    );
    featureSets.forEach((f, index) => {
      for (const [key, weight] of classifier.vector(f)) {
        let list = classifier.postings.get(key);
        if (!list) classifier.postings.set(key, (list = []));
        list.push(index, weight);
      }
    });
    return classifier;
  }

  static fromState(state: ClassifierState): IntentClassifier {
    return new IntentClassifier(state.labels, new Set(state.light), new Map(Object.entries(state.idf)), new Map(Object.entries(state.postings)));
  }

  state(): ClassifierState {
    return { labels: this.labels, light: [...this.light], idf: Object.fromEntries(this.idf), postings: Object.fromEntries(this.postings) };
  }

  private vector(counts: Map<string, number>): Map<string, number> {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [key, count] of counts) {
      const idf = this.idf.get(key);
      if (idf === undefined) continue;
      const weight = (count >= 1 ? 1 + Math.log(count) : count) * idf;
      v.set(key, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [key, weight] of v) v.set(key, weight / norm);
    return v;
  }

  /** Each example's cosine similarity to the text, and the examples it shares a feature with. */
  private similarities(text: string): { sims: Float64Array; touched: number[] } {
    const query = this.vector(features(text, this.light));
    const sims = new Float64Array(this.labels.length);
    const touched: number[] = [];
    for (const [key, weight] of query) {
      const list = this.postings.get(key);
      if (!list) continue;
      for (let i = 0; i < list.length; i += 2) {
        if (sims[list[i]] === 0) touched.push(list[i]);
        sims[list[i]] += weight * list[i + 1];
      }
    }
    return { sims, touched };
  }

  /**
   * Scores every label for a text: the label's three closest examples
   * (weighted 1, ½, ¼), so one odd example cannot win alone.
   *
   * @example IntentClassifier.train(examples).classify("top m_revenue products").ranked[0].label // "top_products"
   */
  classify(text: string): Classification {
    const { sims, touched } = this.similarities(text);
    const best = new Map<string, [number, number, number]>();
    for (const index of touched) {
      const similarity = sims[index];
      if (similarity <= 0) continue;
      const label = this.labels[index];
      const top = best.get(label);
      if (!top) best.set(label, [similarity, 0, 0]);
      else if (similarity > top[0]) [top[0], top[1], top[2]] = [similarity, top[0], top[1]];
      else if (similarity > top[1]) [top[1], top[2]] = [similarity, top[1]];
      else if (similarity > top[2]) top[2] = similarity;
    }
    const ranked: LabelScore[] = [];
    for (const [label, [a, b, c]] of best) ranked.push({ label, score: (a + 0.5 * b + 0.25 * c) / 1.75 });
    ranked.sort((x, y) => y.score - x.score || (x.label < y.label ? -1 : 1));
    return { ranked };
  }

  /** Indexes of the `n` examples most similar to the text, best first. */
  nearest(text: string, n: number): { index: number; similarity: number }[] {
    const { sims, touched } = this.similarities(text);
    touched.sort((a, b) => sims[b] - sims[a] || a - b);
    return touched
      .slice(0, n)
      .filter((index) => sims[index] > 0)
      .map((index) => ({ index, similarity: sims[index] }));
  }
}
