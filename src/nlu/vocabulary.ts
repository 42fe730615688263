import { marketplaces, readDataJson, readDataJsonl } from "../reference-data.js";
import { MARKETPLACE_CODES, type GroupBy, type Intent, type MarketplaceCode, type Metric } from "./understanding.js";
import { normalizeText } from "./text.js";

/**
 * The parser's vocabulary, read from data/nlu/ once per process. Everything a
 * user may say differently (synonyms, phrasings, typos, examples) lives in
 * those files, so adding one needs no code change.
 */

export interface MetricSynonym {
  metric: Metric | null;
  phrases: string[];
  lead?: boolean;
}

export interface IntentSpec {
  timeframe: string | null;
  metrics: Metric[] | null;
  allowed?: Metric[];
  lead?: Metric;
  sort?: "asc" | "desc";
  group_by?: GroupBy;
  group_by_options?: GroupBy[];
  compare_to?: string;
  time_group?: boolean;
  keys?: string[];
  rankable?: boolean;
  noun?: string;
  label: string;
}

export interface IntentExample {
  intent: Intent | "none";
  text: string;
}

export interface WordLists {
  sort_asc: string[];
  sort_desc: string[];
  superlatives: string[];
  entity_singular: string[];
  entity_plural: string[];
  number_words: Record<string, number>;
  filler: string[];
  follow_up_cues: string[];
  follow_up_lead_words: string[];
  comparison_cues: string[];
  comparison_verbs: string[];
  ambiguous_marketplace_words: string[];
  marketplace_extra_aliases: Record<string, string[]>;
  condition_ops: Record<string, string[]>;
  condition_verbs: string[];
  condition_unit_metrics: Record<string, Metric>;
  day_units: Record<string, number>;
  category_generic_words: string[];
  category_trailing_words: string[];
  stop_typo: string[];
  help_examples: string[];
  entity_groups: Record<string, GroupBy>;
}

export interface TimeframePhrases {
  fixed: Record<string, string>;
  rolling_prefixes: string[];
  units: Record<string, string>;
  months: Record<string, number>;
  months_needing_preposition: string[];
  month_prepositions: string[];
  quarter_ordinals: Record<string, number>;
  /** Weekday names, Monday = 0. */
  weekdays: Record<string, number>;
  /** "first half", "h2"… → 1 or 2. */
  halves: Record<string, number>;
  same_period_last_year: string[];
  previous_period: string[];
  same_period_last_year_standalone: string[];
  previous_period_standalone: string[];
}

export interface Vocabulary {
  metrics: MetricSynonym[];
  weakMetrics: MetricSynonym[];
  groupBy: Record<GroupBy, string[]>;
  words: WordLists;
  typos: Record<string, string>;
  timeframes: TimeframePhrases;
  intents: Record<Intent, IntentSpec>;
  examples: IntentExample[];
  categoryAliases: Record<string, string[]>;
  /** Normalized phrase → marketplace code (names, adjectives, domains, codes). */
  marketplaceAliases: Map<string, MarketplaceCode>;
}

let loaded: Vocabulary | undefined;

/** The vocabulary from data/nlu/, loaded once. */
export function vocabulary(): Vocabulary {
  if (loaded) return loaded;
  const metricFile = readDataJson<{ synonyms: MetricSynonym[]; weak: MetricSynonym[] }>("nlu/metrics.json");
  const groupBy = withoutComments(readDataJson<Record<string, unknown>>("nlu/group-by.json")) as Record<GroupBy, string[]>;
  const words = readDataJson<WordLists>("nlu/words.json");
  const typos = withoutComments(readDataJson<Record<string, unknown>>("nlu/typos.json")) as Record<string, string>;
  const timeframes = readDataJson<TimeframePhrases>("nlu/timeframes.json");
  const intents = withoutComments(readDataJson<Record<string, unknown>>("nlu/intents.json")) as Record<Intent, IntentSpec>;
  const categoryAliases = withoutComments(readDataJson<Record<string, unknown>>("nlu/category-aliases.json")) as Record<string, string[]>;
  const examples = readDataJsonl<IntentExample>("nlu/intent-examples.jsonl");

  const marketplaceAliases = new Map<string, MarketplaceCode>();
  const ambiguous = new Set(words.ambiguous_marketplace_words);
  const codes = new Set<string>(MARKETPLACE_CODES);
  for (const m of marketplaces()) {
    if (!codes.has(m.code)) continue;
    const code = m.code as MarketplaceCode;
    for (const alias of [m.code, m.name, m.domain, ...m.aliases, ...(words.marketplace_extra_aliases[m.code] ?? [])]) {
      const phrase = normalizeText(alias);
      if (phrase !== "" && !ambiguous.has(phrase)) marketplaceAliases.set(phrase, code);
    }
  }
  marketplaceAliases.set("gb", "UK");
  loaded = {
    metrics: metricFile.synonyms,
    weakMetrics: metricFile.weak,
    groupBy,
    words,
    typos,
    timeframes,
    intents,
    examples,
    categoryAliases,
    marketplaceAliases,
  };
  return loaded;
}

function withoutComments(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !k.startsWith("$")));
}
