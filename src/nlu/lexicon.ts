import { editDistance, normalizeText, stem, words } from "./text.js";
import type { Vocabulary } from "./vocabulary.js";

/**
 * The words the parser knows, for typo correction: every word of the intent
 * examples and vocabulary files (and, per call, of the catalog). A word it
 * does not know is replaced by the closest known word within a small edit
 * distance ("revnue" → "revenue"); ties go to the more frequent word.
 */
export class Lexicon {
  private readonly counts: Map<string, number>;
  /** Stems of the known words, built on the first word that is not itself known. */
  private stems: Set<string> | undefined;
  /** The known words by length, built on the first word to correct: most questions have none. */
  private byLength: Map<number, string[]> | undefined;
  private readonly corrections = new Map<string, string | undefined>();

  /** Learns the words of `texts`; `counts` restores a lexicon saved with `wordCounts()`. */
  constructor(texts: Iterable<string>, counts?: Record<string, number>) {
    // A saved lexicon's words are each once: the map is made in one call, not word by word.
    this.counts = new Map(counts ? Object.entries(counts) : []);
    if (!counts) for (const text of texts) for (const word of words(normalizeText(text))) this.add(word, 1);
  }

  private wordsByLength(): Map<number, string[]> {
    if (this.byLength) return this.byLength;
    this.byLength = new Map();
    for (const [word] of this.counts) {
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
    return this.byLength;
  }

  private add(word: string, n: number): void {
    this.counts.set(word, (this.counts.get(word) ?? 0) + n);
  }

  wordCounts(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  /** Whether the word itself, as written, is a known word (not only its stem). */
  knowsExactly(word: string): boolean {
    return this.counts.has(word);
  }

  knows(word: string): boolean {
    if (this.counts.has(word)) return true;
    this.stems ??= new Set(Array.from(this.counts.keys(), stem));
    return this.stems.has(stem(word));
  }

  /** The known word closest to `word`, or undefined when none is close enough. */
  closest(word: string, extra: ReadonlySet<string> = new Set()): string | undefined {
    if (extra.size === 0 && this.corrections.has(word)) return this.corrections.get(word);
    const found = this.search(word, extra);
    if (extra.size === 0) this.corrections.set(word, found);
    return found;
  }

  private search(word: string, extra: ReadonlySet<string>): string | undefined {
    const max = word.length >= 8 ? 2 : 1;
    let best: string | undefined;
    let bestDistance = max + 1;
    let bestCount = -1;
    const consider = (candidate: string, count: number) => {
      // Typos seldom touch the first letter (a swap of the first two aside): a cheap filter before the distance.
      if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) return;
      const d = editDistance(word, candidate, max);
      if (d < bestDistance || (d === bestDistance && count > bestCount)) {
        best = candidate;
        bestDistance = d;
        bestCount = count;
      }
    };
    const byLength = this.wordsByLength();
    for (let len = word.length - max; len <= word.length + max; len++) {
      for (const candidate of byLength.get(len) ?? []) consider(candidate, this.counts.get(candidate)!);
    }
    for (const candidate of extra) if (Math.abs(candidate.length - word.length) <= max) consider(candidate, 0);
    return bestDistance <= max ? best : undefined;
  }
}

/** Every text of the vocabulary files, for the lexicon. */
export function vocabularyTexts(v: Vocabulary): string[] {
  const texts: string[] = v.examples.map((e) => e.text);
  for (const s of [...v.metrics, ...v.weakMetrics]) texts.push(...s.phrases);
  for (const list of Object.values(v.groupBy)) texts.push(...list);
  const w = v.words;
  texts.push(
    ...w.sort_asc,
    ...w.sort_desc,
    ...w.superlatives,
    ...w.entity_singular,
    ...w.entity_plural,
    ...Object.keys(w.number_words),
  );
  texts.push(
    ...w.filler,
    ...w.follow_up_cues,
    ...w.comparison_cues,
    ...w.comparison_verbs,
    ...w.condition_verbs,
    ...w.left_out,
    ...Object.keys(w.condition_unit_metrics),
  );
  for (const list of Object.values(w.condition_ops)) texts.push(...list);
  texts.push(...Object.values(v.typos));
  const t = v.timeframes;
  texts.push(
    ...Object.keys(t.fixed),
    ...t.rolling_prefixes,
    ...t.window_nouns,
    ...Object.keys(t.units),
    ...Object.keys(t.months),
    ...Object.keys(t.quarter_ordinals),
  );
  texts.push(...t.same_period_last_year, ...t.previous_period);
  for (const [name, aliases] of Object.entries(v.categoryAliases)) texts.push(name, ...aliases);
  for (const list of Object.values(v.concepts)) texts.push(...list);
  for (const list of Object.values(w.insight_types)) texts.push(...list);
  for (const list of Object.values(w.detail_levels)) texts.push(...list);
  texts.push(...w.sort_best, ...w.sort_worst, ...w.show_all_phrases);
  // Off-topic words too, so that a typo in one ("wether") is read as the word and refused as such.
  texts.push(...v.outOfDomain.world_phrases, ...v.outOfDomain.world_subjects);
  texts.push(...v.marketplaceAliases.keys());
  texts.push("lead time", "safety stock", "target", "currency", "settings", "horizon", "next", "coming", "within");
  // The words of the settings grammars (slots.ts), so that none is "corrected" into another ("factory" → "factor").
  texts.push("supplier suppliers manufacturer manufacturers factory factories vendor vendors producer producers");
  texts.push("produce deliver delivers ship ships buffer buffers");
  // Words of Seller Central's own settings (out-of-domain.ts), so that none is "corrected" into a seller word
  // ("vacation mode" → "valuation mode", "repricer" → "reprice").
  texts.push("vacation repricer repricers repricing");
  // The people a seller reports to, so that none is "corrected" into a seller word ("investors" → "inventory").
  texts.push(
    "investor investors shareholder shareholders lender lenders banker bankers bookkeeper bookkeepers leader leaders",
  );
  // Words for other businesses, so that one owning an offer ("that merchant's price on my dog toys") is read as a
  // seller beside the seller's own, not as a stranger's name the parser has never seen.
  texts.push(...(w.third_party_heads ?? []));
  // …and what they do to earn ("rake in", "haul in"), so that none is "corrected" into a verb of the seller's own.
  texts.push(...(w.third_party_verbs ?? []));
  // Words that ask for a forecast (parse-question.ts), so that none is "corrected" into another ("expect" → "expert").
  texts.push("expect expects expecting predict predicts prediction forecast forecasts projected projection");
  // Words that judge a figure by what everyone holds (out-of-domain.ts), so that none is "corrected" into a seller word
  // ("regarded" → "recorded").
  texts.push("considered regarded deemed reckoned");
  // The seller's own words ("my shop"), known though no example needs them.
  texts.push(...v.outOfDomain.own_words);
  // People shopping at large (market-timing.ts), so that none is "corrected" into a seller word ("consumers" →
  // "consumes").
  texts.push("consumer consumers");
  // Currency names, so that none is "corrected" into a seller word ("sterling" → "selling").
  texts.push(...Object.keys(w.currency_names));
  return texts;
}
