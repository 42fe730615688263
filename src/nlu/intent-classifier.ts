import { stem, words } from "./text.js";

/**
 * A nearest-neighbour intent classifier over TF-IDF vectors of word
 * unigrams, word bigrams and character 4-grams, built from labelled example
 * sentences at load time. Deterministic, and fast enough to build on start-up.
 */

export interface LabelScore {
  label: string;
  score: number;
}

export interface Classification {
  /** Labels, best first, with their scores (0..1). */
  ranked: LabelScore[];
  /** Indexes of the most similar examples, best first. */
  nearest: { index: number; similarity: number }[];
}

const CHAR_WEIGHT = 0.35;
/** Filler words still say something ("what can you do"), but little. */
const LIGHT_WEIGHT = 0.35;
/** Slot tokens (a metric, a breakdown) say much about the intent. */
const SLOT_WEIGHT = 1.5;

const isSlotToken = (w: string) => w.startsWith("__") || /^[mgs]_/.test(w);

function features(text: string, light: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (f: string, by = 1) => counts.set(f, (counts.get(f) ?? 0) + by);
  const tokens = words(text);
  const stems = tokens.map((w) => (isSlotToken(w) ? w : stem(w)));
  const weight = tokens.map((w) => (/^[mg]_/.test(w) ? SLOT_WEIGHT : light.has(w) ? LIGHT_WEIGHT : 1));
  for (let i = 0; i < stems.length; i++) {
    bump(`w:${stems[i]}`, weight[i]);
    if (i + 1 < stems.length) bump(`b:${stems[i]} ${stems[i + 1]}`, Math.min(weight[i], weight[i + 1]));
    const w = stems[i];
    if (isSlotToken(w) || w.length < 4 || light.has(tokens[i])) continue;
    const padded = `<${w}>`;
    for (let j = 0; j + 4 <= padded.length; j++) bump(`c:${padded.slice(j, j + 4)}`, CHAR_WEIGHT);
  }
  return counts;
}

export class IntentClassifier {
  private readonly idf = new Map<string, number>();
  private readonly postings = new Map<string, { index: number; weight: number }[]>();
  readonly labels: string[];

  /** @param examples labelled texts, already normalized the way questions will be */
  constructor(examples: { label: string; text: string }[], private readonly light: ReadonlySet<string> = new Set()) {
    this.labels = examples.map((e) => e.label);
    const featureSets = examples.map((e) => features(e.text, light));
    const df = new Map<string, number>();
    for (const f of featureSets) for (const key of f.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    const n = examples.length;
    for (const [key, count] of df) this.idf.set(key, Math.log((n + 1) / (count + 1)) + 1);
    featureSets.forEach((f, index) => {
      for (const [key, weight] of this.vector(f)) {
        let list = this.postings.get(key);
        if (!list) this.postings.set(key, (list = []));
        list.push({ index, weight });
      }
    });
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

  /**
   * Scores every label for a text: the mean of the label's three closest
   * examples (weighted 1, ½, ¼), so one odd example cannot win alone.
   *
   * @example new IntentClassifier(examples).classify("top m_revenue products").ranked[0].label // "top_products"
   */
  classify(text: string): Classification {
    const query = this.vector(features(text, this.light));
    const sims = new Float64Array(this.labels.length);
    for (const [key, weight] of query) for (const p of this.postings.get(key) ?? []) sims[p.index] += weight * p.weight;
    const perLabel = new Map<string, number[]>();
    const nearest: { index: number; similarity: number }[] = [];
    sims.forEach((similarity, index) => {
      if (similarity <= 0) return;
      nearest.push({ index, similarity });
      const list = perLabel.get(this.labels[index]) ?? [];
      list.push(similarity);
      perLabel.set(this.labels[index], list);
    });
    const ranked: LabelScore[] = [];
    for (const [label, list] of perLabel) {
      list.sort((a, b) => b - a);
      const score = ((list[0] ?? 0) + 0.5 * (list[1] ?? 0) + 0.25 * (list[2] ?? 0)) / 1.75;
      ranked.push({ label, score });
    }
    ranked.sort((a, b) => b.score - a.score || (a.label < b.label ? -1 : 1));
    nearest.sort((a, b) => b.similarity - a.similarity || a.index - b.index);
    return { ranked, nearest: nearest.slice(0, 20) };
  }
}
