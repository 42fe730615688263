import { marketplaces, readDataJson, readDataJsonl } from "../core/reference-data.js";
import {
  MARKETPLACE_CODES,
  type DetailLevel,
  type GroupBy,
  type InsightType,
  type Intent,
  type MarketplaceCode,
  type Metric,
} from "../core/understanding.js";
import { expandTemplate, expandTemplates } from "./phrase-templates.js";
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
  /** The ranking these phrases imply ("losing money" = profit from the lowest). */
  sort?: "asc" | "desc";
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
  /** What a bare "units" means for the intent (units in stock rather than units sold). */
  bare_units?: Metric;
  /** The intent takes insight_type and detail_level. */
  insight_type?: boolean;
  /** A ranking of products by one of these metrics is this intent's question. */
  ranking_metrics?: Metric[];
  /** The intent also answers how its ranking metric moved over time ("buy box share by week"), not the trend. */
  over_time?: boolean;
}

export interface IntentExample {
  intent: Intent | "none";
  text: string;
}

export interface WordLists {
  sort_asc: string[];
  sort_desc: string[];
  /** Judging words: they rank by the metric's good direction. */
  sort_best: string[];
  sort_worst: string[];
  show_all_phrases: string[];
  show_all_before_entities: string[];
  /** What "all" / "every" must be followed by to ask for every row ("all products", not "all marketplaces"). */
  show_all_entities: string[];
  insight_types: Record<InsightType, string[]>;
  insight_type_default: InsightType;
  detail_levels: Record<DetailLevel, string[]>;
  /** Words that ask how a figure moved over time. */
  trend_cues: string[];
  /** Currency names → ISO codes ("euros" = EUR). */
  currency_names: Record<string, string>;
  /** ISO codes of currencies seller-ai does not report in, still read as a currency setting ("CHF"). */
  other_currency_codes?: string[];
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
  left_out: string[];
  condition_unit_metrics: Record<string, Metric>;
  day_units: Record<string, number>;
  category_generic_words: string[];
  category_trailing_words: string[];
  stop_typo: string[];
  help_examples: string[];
  entity_groups: Record<string, GroupBy>;
  /** Words that open the clause a long question asks in, after a preamble ("… what was my ROAS?"). */
  request_openers?: string[];
  /** Words that ask for one figure for the whole account, not a row per product or campaign. */
  overall_words?: string[];
  /** Words that only say how to order rows ("sort", "ascending"), with no subject of their own. */
  ordering_words?: string[];
  /** Names a report's parameters are given under ("metric=profit"): "=" after one binds, and is no threshold. */
  parameter_keys?: string[];
  /** Another seller's own figures, which the mirror cannot know (see words.json). */
  third_party_verbs?: string[];
  own_subjects?: string[];
  third_party_nouns?: string[];
  third_party_metrics?: Metric[];
  third_party_heads?: string[];
  /** Words that name alerts (see words.json). */
  alert_words?: string[];
  /** Words that say a figure changed (see words.json): a question about prices without one asks what they are. */
  change_words?: string[];
  /** Words about prices (see words.json). */
  price_words?: string[];
  /** Seller Central reports named as where a question comes from (report-names.ts). */
  report_names?: string[];
}

export interface TimeframePhrases {
  fixed: Record<string, string>;
  rolling_prefixes: string[];
  /** Nouns that make "N days" a window just before today ("a 60-day window"). */
  window_nouns: string[];
  /** What a day's figures are called after the day's name ("Thursday's numbers"). */
  day_figures: string[];
  units: Record<string, string>;
  months: Record<string, number>;
  months_needing_preposition: string[];
  /** Words that make a bare month after them a deadline ahead, not a period ("before January"). */
  deadline_words: string[];
  month_prepositions: string[];
  quarter_ordinals: Record<string, number>;
  /** Weekday names, Monday = 0. */
  weekdays: Record<string, number>;
  /** "first half", "h2"… → 1 or 2. */
  halves: Record<string, number>;
  /** "first week", "3rd week", "last week" of a month → 1..5, or -1 for its last seven days. */
  month_weeks: Record<string, number>;
  same_period_last_year: string[];
  previous_period: string[];
  same_period_last_year_standalone: string[];
  previous_period_standalone: string[];
  /** Phrases that name the day N days before today ("the day before yesterday" = 2). */
  days_ago: Record<string, number>;
}

/** Words that make a question about the world rather than the seller's data (data/nlu/out-of-domain.json). */
export interface OutOfDomain {
  world_phrases: string[];
  /** Seller phrases that contain a world phrase ("price history of"): inside one, the world phrase does not count. */
  world_phrase_exceptions?: string[];
  world_subjects: string[];
  subject_verbs: string[];
  own_words: string[];
  /** People of the seller's life whose possessive names a business of their own ("my neighbour's store"). */
  other_owners?: string[];
  /** Words any question may use ("how many", "should"): never evidence that a question is a seller's. */
  generic_words?: string[];
}

export interface Vocabulary {
  metrics: MetricSynonym[];
  /** Metrics where less is better. */
  lowerIsBetter: Set<Metric>;
  /** Word classes (concept → words) the classifier also sees as one feature. */
  concepts: Record<string, string[]>;
  outOfDomain: OutOfDomain;
  /** The ISO codes of data/currencies.json and the other ISO codes the settings may be asked in, lower case. */
  currencyCodes: Set<string>;
  weakMetrics: MetricSynonym[];
  groupBy: Record<GroupBy, string[]>;
  words: WordLists;
  typos: Record<string, string>;
  timeframes: TimeframePhrases;
  intents: Record<Intent, IntentSpec>;
  examples: IntentExample[];
  /**
   * Questions sellers wrote for training (data/nlu/training-examples.jsonl): they teach the classifier's regression
   * how else people ask, at a lower weight than the curated examples, and are never shown as suggestions.
   */
  trainingExamples: IntentExample[];
  categoryAliases: Record<string, string[]>;
  /** Normalized phrase → marketplace code (names, adjectives, domains, codes). */
  marketplaceAliases: Map<string, MarketplaceCode>;
}

let loaded: Vocabulary | undefined;

/** The vocabulary from data/nlu/, loaded once. */
export function vocabulary(): Vocabulary {
  if (loaded) return loaded;
  const metricFile = readDataJson<{ synonyms: MetricSynonym[]; weak: MetricSynonym[]; lower_is_better: Metric[] }>(
    "nlu/metrics.json",
  );
  const concepts = withoutComments(readDataJson<Record<string, unknown>>("nlu/concepts.json")) as Record<
    string,
    string[]
  >;
  const outOfDomain = readDataJson<OutOfDomain>("nlu/out-of-domain.json");
  const groupBy = withoutComments(readDataJson<Record<string, unknown>>("nlu/group-by.json")) as Record<
    GroupBy,
    string[]
  >;
  const words = readDataJson<WordLists>("nlu/words.json");
  const typos = withoutComments(readDataJson<Record<string, unknown>>("nlu/typos.json")) as Record<string, string>;
  const timeframes = readDataJson<TimeframePhrases>("nlu/timeframes.json");
  const intents = withoutComments(readDataJson<Record<string, unknown>>("nlu/intents.json")) as Record<
    Intent,
    IntentSpec
  >;
  const categoryAliases = withoutComments(readDataJson<Record<string, unknown>>("nlu/category-aliases.json")) as Record<
    string,
    string[]
  >;

  const marketplaceAliases = new Map<string, MarketplaceCode>();
  const ambiguous = new Set(words.ambiguous_marketplace_words);
  const codes = new Set<string>(MARKETPLACE_CODES);
  for (const m of marketplaces()) {
    if (!codes.has(m.code)) continue;
    const code = m.code as MarketplaceCode;
    // A domain said aloud ("amazon dot co dot uk") as well as written.
    const spoken = m.domain.replaceAll(".", " dot ");
    for (const alias of [
      m.code,
      m.name,
      m.domain,
      spoken,
      ...m.aliases,
      ...(m.names_abroad ?? []),
      ...(words.marketplace_extra_aliases[m.code] ?? []),
    ]) {
      const phrase = normalizeText(alias);
      if (phrase !== "" && !ambiguous.has(phrase)) marketplaceAliases.set(phrase, code);
    }
  }
  marketplaceAliases.set("gb", "UK");
  let examples: IntentExample[] | undefined;
  let trainingExamples: IntentExample[] | undefined;
  // Phrase templates ("{but|and} {few|no} {buyers|sales}") stand for every phrase they make (phrase-templates.ts).
  const expandSynonyms = (list: MetricSynonym[]) => list.map((s) => ({ ...s, phrases: expandTemplates(s.phrases) }));
  loaded = {
    metrics: expandSynonyms(metricFile.synonyms),
    lowerIsBetter: new Set(metricFile.lower_is_better),
    concepts: expandLists(concepts),
    outOfDomain: expandLists(outOfDomain),
    // A setting asked in a currency seller-ai does not report in is still the currency setting: the answer declines it.
    currencyCodes: new Set(
      [
        ...Object.keys(readDataJson<Record<string, unknown>>("currencies.json")),
        ...(words.other_currency_codes ?? []),
      ].map((c) => c.toLowerCase()),
    ),
    weakMetrics: expandSynonyms(metricFile.weak),
    groupBy: expandLists(groupBy),
    words: expandWordLists(words),
    typos,
    timeframes: expandLists(timeframes),
    intents,
    // Read on first use: training and the suggestions for a question not understood need them, a start-up does not.
    get examples() {
      examples ??= readDataJsonl<IntentExample>("nlu/intent-examples.jsonl").flatMap((e) =>
        expandTemplate(e.text).map((text) => ({ intent: e.intent, text })),
      );
      return examples;
    },
    get trainingExamples() {
      trainingExamples ??= readDataJsonl<IntentExample>("nlu/training-examples.jsonl");
      return trainingExamples;
    },
    categoryAliases,
    marketplaceAliases,
  };
  return loaded;
}

/** Each list of phrases of a record, its templates expanded; other values as they are. */
function expandLists<T extends object>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [
      k,
      Array.isArray(v) && v.every((x) => typeof x === "string") ? expandTemplates(v) : v,
    ]),
  ) as T;
}

/** The word lists with the templates of their phrase lists expanded, one level down too (condition_ops). */
function expandWordLists(words: WordLists): WordLists {
  const out = expandLists(words) as unknown as Record<string, unknown>;
  for (const key of ["condition_ops", "insight_types", "detail_levels"]) {
    const value = out[key];
    if (value && typeof value === "object" && !Array.isArray(value)) out[key] = expandLists(value as object);
  }
  return out as unknown as WordLists;
}

function withoutComments(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !k.startsWith("$")));
}
