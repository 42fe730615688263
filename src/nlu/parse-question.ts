import type { CatalogVocabulary } from "./catalog-vocabulary.js";
import { describeUnderstanding } from "./interpretation.js";
import { parserModel, type ParserModel } from "./parser-model.js";
import { extractSlots, type Slots } from "./slots.js";
import { resolveTimeframe } from "./timeframe.js";
import { INTENT_AREAS, type Condition, type Filters, type Intent, type Metric, type Understanding } from "./understanding.js";

export interface ParseOptions {
  catalog: CatalogVocabulary;
  /** Today's date, YYYY-MM-DD: relative periods resolve against it. */
  today: string;
  /** The understanding of the previous question in the same conversation. */
  previous?: Understanding;
}

export interface InvalidQuery {
  code: "invalid_query";
  message: string;
  suggestions: string[];
}

export type ParseOutcome = { understanding: Understanding } | { error: InvalidQuery };

/** Below this classifier score a question is not understood. */
const MIN_SCORE = 0.2;
/** A question of filler words only ("what can you do?") needs this score. */
const SURE_SCORE = 0.3;
/** A question whose own words (without its slots) are this close to the out-of-domain examples is not ours. */
const OFF_TOPIC_SCORE = 0.3;
/** A follow-up with words of its own switches intent only when the classifier is at least this sure. */
const SWITCH_SCORE = 0.35;

/**
 * Turns one question or command into an understanding (intent and filters),
 * or into `invalid_query` with suggestions. Synchronous, deterministic and
 * offline. With `previous`, a follow-up keeps what it does not change.
 *
 * @example
 * const first = parseQuestion("top 5 products by revenue in the US last month", { catalog, today: "2026-11-21" });
 * // first.understanding.filters → { timeframe: "last_month", marketplace: "US", metrics: ["revenue"], limit: 5, sort: "desc", … }
 * const next = parseQuestion("what about the UK?", { catalog, today: "2026-11-21", previous: first.understanding });
 * // next.understanding.filters.marketplace → "UK", the rest kept
 */
export function parseQuestion(text: string, options: ParseOptions): ParseOutcome {
  const model = parserModel();
  const slots = extractSlots(text, model.grammar, options.catalog, options.today);
  const classification = model.classifier.classify(slots.masked);
  const best = classification.ranked[0];
  const previous = options.previous;
  const hasSlots = hasAnySlot(slots);

  let intent: Intent | undefined;
  let followUp = false;
  let confidence = 0;
  if (previous && (slots.followUpCue || (hasSlots && slots.contentWords.length === 0))) {
    followUp = true;
    intent = previous.intent;
    if (slots.contentWords.length > 0 && best && best.label !== "none" && best.score >= SWITCH_SCORE) intent = best.label as Intent;
    confidence = Math.min(previous.confidence, 0.9);
  } else if (best && best.label !== "none" && best.score >= MIN_SCORE && (slots.contentWords.length > 0 || hasSlots || best.score >= SURE_SCORE)) {
    intent = best.label as Intent;
    confidence = confidenceOf(classification.ranked);
  }
  // Mostly words the parser has never seen, and nothing it could use: gibberish or another domain.
  if (intent && !followUp && !hasSlots && slots.unknownWords * 2 > slots.contentWords.length) intent = undefined;
  // Slots (a country, a period) can make any question look like ours; what it is about must be ours too.
  if (intent && !followUp && hasSlots && slots.contentWords.length > 0) {
    const topic = model.classifier.classify(slots.contentWords.join(" ")).ranked[0];
    if (topic?.label === "none" && topic.score >= OFF_TOPIC_SCORE) intent = undefined;
  }
  if (!intent) return { error: invalidQuery(text, slots, model, model.classifier.nearest(slots.masked, 20), options.catalog) };

  intent = refineIntent(intent, slots);
  const base = followUp && previous ? carriedFilters(previous, intent) : {};
  const filters = buildFilters(intent, slots, base, model, options.today);
  const understanding: Understanding = {
    intent,
    area: INTENT_AREAS[intent],
    confidence: Math.round(confidence * 100) / 100,
    filters,
    interpretation: "",
    source: "parser",
  };
  understanding.interpretation = describeUnderstanding(understanding, model);
  return { understanding };
}

/** Whether the question states any filter at all. */
function hasAnySlot(s: Slots): boolean {
  return [
    s.timeframe, s.compareTo, s.marketplace, s.groupBy, s.limit, s.sort, s.category, s.asin, s.sku, s.campaign, s.horizonDays, s.targetAcos,
    s.metrics.length || undefined, s.conditions.length || undefined, Object.keys(s.settings).length || undefined, s.comparison || undefined,
  ].some((v) => v !== undefined);
}

function confidenceOf(ranked: { score: number }[]): number {
  const best = ranked[0]?.score ?? 0;
  const second = ranked[1]?.score ?? 0;
  const margin = best > 0 ? (best - second) / best : 0;
  return Math.max(0.05, Math.min(0.99, 0.35 + 0.4 * Math.min(1, best / 0.6) + 0.3 * margin));
}

/** Slots that change what is asked: a comparison makes a total a comparison; a time breakdown makes it a trend. */
function refineIntent(intent: Intent, slots: Slots): Intent {
  if ((intent === "sales_summary" || intent === "sales_trend") && slots.compareTo) return "sales_comparison";
  if (intent === "sales_summary" && slots.groupBy && ["day", "week", "month", "quarter"].includes(slots.groupBy)) return "sales_trend";
  return intent;
}

const KEPT_ACROSS_INTENTS = ["timeframe", "marketplace", "category", "subcategory", "asin", "sku", "campaign"];

/** What a follow-up starts from: everything before, or only the scope when the intent changes. */
function carriedFilters(previous: Understanding, intent: Intent): Filters {
  const carried: Filters = {};
  for (const [key, value] of Object.entries(previous.filters)) {
    if (key === "date_range") continue;
    if (intent !== previous.intent && !KEPT_ACROSS_INTENTS.includes(key)) continue;
    carried[key] = structuredClone(value);
  }
  return carried;
}

function buildFilters(intent: Intent, slots: Slots, base: Filters, model: ParserModel, today: string): Filters {
  const spec = model.vocab.intents[intent];
  const f: Filters = { ...base };
  if (slots.timeframe) f.timeframe = slots.timeframe;
  if (slots.compareTo) f.compare_to = slots.compareTo;
  if (slots.marketplace) f.marketplace = slots.marketplace;
  if (slots.category) f.category = slots.category;
  if (slots.subcategory) f.subcategory = slots.subcategory;
  if (slots.asin) f.asin = slots.asin;
  if (slots.sku) f.sku = slots.sku;
  if (slots.campaign) f.campaign = slots.campaign;
  if (slots.groupBy) f.group_by = slots.groupBy;
  if (slots.limit !== undefined) f.limit = slots.limit;
  else if (slots.singularSuperlative && spec.rankable && base.limit === undefined) f.limit = 1;
  if (slots.sort) f.sort = slots.sort;
  if (slots.horizonDays !== undefined) f.horizon_days = slots.horizonDays;

  // Metrics: the named ones that make sense for the intent, else the intent's own.
  let metrics = slots.metrics.filter((m) => !spec.allowed || spec.allowed.includes(m));
  if (metrics.length === 0 && slots.weakMetric && (!spec.allowed || spec.allowed.includes(slots.weakMetric)) && !base.metrics) metrics = [slots.weakMetric];
  if (metrics.length > 0) {
    if (spec.lead && metrics.length > 1 && !metrics.includes(spec.lead)) metrics = [spec.lead, ...metrics];
    else if (spec.lead && metrics.length > 1) metrics = [spec.lead, ...metrics.filter((m) => m !== spec.lead)];
    f.metrics = metrics;
  } else if (!f.metrics && spec.metrics) f.metrics = [...spec.metrics];
  if (f.metrics && spec.allowed) {
    const allowed = f.metrics.filter((m) => spec.allowed!.includes(m));
    if (allowed.length) f.metrics = allowed;
    else if (spec.metrics) f.metrics = [...spec.metrics];
    else delete f.metrics;
  }

  if (slots.conditions.length) {
    const primary: Metric | undefined = f.metrics?.[0] ?? spec.metrics?.[0];
    const conditions: Condition[] = [];
    for (const c of slots.conditions) {
      const metric = c.metric ?? primary;
      if (metric) conditions.push({ metric, op: c.op, value: c.value });
    }
    if (conditions.length) f.conditions = conditions;
  }

  if (intent === "update_settings") {
    f.settings = { ...slots.settings, ...(slots.targetAcos !== undefined ? { target_acos: slots.targetAcos } : {}) };
  } else if (slots.targetAcos !== undefined) f.target_acos = slots.targetAcos;

  if (!f.timeframe && spec.timeframe) f.timeframe = spec.timeframe;
  if (!f.compare_to && spec.compare_to) f.compare_to = spec.compare_to;
  if (!f.group_by && slots.entityGroup && spec.group_by_options?.includes(slots.entityGroup)) f.group_by = slots.entityGroup;
  if (!f.group_by && spec.group_by) f.group_by = spec.group_by;
  if (!f.sort && spec.sort) f.sort = spec.sort;
  if (intent !== "sales_comparison") delete f.compare_to;
  if (intent === "sales_trend" && !f.group_by) f.group_by = timeBucketFor(f.timeframe, today);

  if (f.timeframe) {
    const range = resolveTimeframe(f.timeframe, today);
    if (range) f.date_range = range;
    else delete f.date_range;
  }
  if (spec.keys) for (const key of Object.keys(f)) if (!spec.keys.includes(key)) delete f[key];
  return orderKeys(f);
}

/** A trend's bucket when none is asked for: days for a month or so, weeks up to half a year, then months. */
function timeBucketFor(timeframe: string | undefined, today: string): "day" | "week" | "month" {
  const range = timeframe ? resolveTimeframe(timeframe, today) : undefined;
  if (!range) return "month";
  const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;
  return days <= 62 ? "day" : days <= 186 ? "week" : "month";
}

const KEY_ORDER = [
  "timeframe", "date_range", "compare_to", "marketplace", "category", "subcategory", "asin", "sku", "campaign", "metrics", "group_by",
  "limit", "sort", "conditions", "horizon_days", "target_acos", "settings",
];

function orderKeys(f: Filters): Filters {
  const out: Filters = {};
  for (const key of KEY_ORDER) if (f[key] !== undefined) out[key] = f[key];
  for (const key of Object.keys(f)) if (!(key in out) && f[key] !== undefined) out[key] = f[key];
  return out;
}

function invalidQuery(
  text: string,
  slots: Slots,
  model: ParserModel,
  nearest: { index: number; similarity: number }[],
  catalog: CatalogVocabulary,
): InvalidQuery {
  const shown = text.trim().length > 80 ? `${text.trim().slice(0, 77)}...` : text.trim();
  const suggestions: string[] = [];
  if (!slots.timeframe) suggestions.push('Name a timeframe, e.g. "last 30 days", "this month" or "Q3".');
  if (!slots.marketplace) suggestions.push('Name a marketplace, e.g. "in Germany", "UK" or "amazon.com".');
  if (slots.metrics.length === 0) suggestions.push("Name a metric, e.g. revenue, units sold, profit, ACoS or days of supply.");
  if (!slots.category && catalog.categories.length) suggestions.push(`Name a category, e.g. "${catalog.categories.slice(0, 2).join('" or "')}".`);
  if (slots.followUpCue) suggestions.unshift("It reads like a follow-up: ask a whole question first, then follow up on it.");
  const examples: string[] = [];
  const seen = new Set<string>();
  for (const n of nearest) {
    const example = model.examples[n.index];
    if (example.intent === "none" || example.intent === "help" || seen.has(example.intent)) continue;
    seen.add(example.intent);
    examples.push(example.text);
    if (examples.length === 3) break;
  }
  for (const e of model.vocab.words.help_examples) if (examples.length < 3 && !examples.includes(e)) examples.push(e);
  for (const e of examples) suggestions.push(`Try: "${e}"`);
  return {
    code: "invalid_query",
    message: shown === "" ? "The question is empty." : `"${shown}" is not a question about your seller data that seller-ai can answer.`,
    suggestions,
  };
}
