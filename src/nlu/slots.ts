import type { CatalogVocabulary } from "./catalog-vocabulary.js";
import type { Lexicon } from "./lexicon.js";
import { escapeRegExp, normalizeText, PhraseIndex, words } from "./text.js";
import { findTimeframes } from "./timeframe-phrases.js";
import type { ConditionOp, GroupBy, MarketplaceCode, Metric, Settings } from "./understanding.js";
import type { Vocabulary } from "./vocabulary.js";

/**
 * Slot grammars: pull every filter a question states out of its text, and
 * leave a masked text (slots replaced by feature tokens such as `__time__`
 * or `m_revenue`) for the intent classifier.
 */

export interface PartialCondition {
  metric?: Metric;
  op: ConditionOp;
  value: number;
}

export interface Slots {
  /** The question with slots masked, for the classifier. */
  masked: string;
  /** Words the slots did not take and that are not filler: what the question is about. */
  contentWords: string[];
  /** How many of the content words the parser has never seen. */
  unknownWords: number;
  /** The question opens like a follow-up ("and …", "what about …", "only …"). */
  followUpCue: boolean;
  timeframe?: string;
  compareTo?: string;
  comparison: boolean;
  marketplace?: MarketplaceCode;
  metrics: Metric[];
  /** A metric only implied ("how much did I sell" → revenue), used when none is named. */
  weakMetric?: Metric;
  groupBy?: GroupBy;
  /** The breakdown the question's nouns suggest ("which keywords …"), when it names none. */
  entityGroup?: GroupBy;
  limit?: number;
  sort?: "asc" | "desc";
  singularSuperlative: boolean;
  category?: string;
  subcategory?: string;
  asin?: string;
  sku?: string;
  campaign?: string;
  conditions: PartialCondition[];
  horizonDays?: number;
  targetAcos?: number;
  settings: Settings;
}

/** What the slot grammars need, built once per vocabulary (and per catalog). */
export interface SlotGrammar {
  vocab: Vocabulary;
  lexicon: Lexicon;
  typoStop: Set<string>;
  numberWords: PhraseIndex<number>;
  metrics: PhraseIndex<{ metric: Metric | null; lead: boolean }>;
  /** Metric phrases and the words that name a metric after a threshold ("10 days of supply", "4 stars"). */
  conditionMetrics: PhraseIndex<Metric>;
  weakMetrics: PhraseIndex<Metric>;
  groups: PhraseIndex<GroupBy>;
  marketplaces: PhraseIndex<MarketplaceCode>;
  ops: PhraseIndex<ConditionOp>;
  conditionVerbs: Set<string>;
  dayUnits: Record<string, number>;
  followUps: PhraseIndex<true>;
  leadWords: PhraseIndex<true>;
  filler: Set<string>;
  sortAsc: Set<string>;
  sortDesc: Set<string>;
  superlatives: Set<string>;
  singular: PhraseIndex<true>;
  plural: PhraseIndex<true>;
  entityGroups: PhraseIndex<GroupBy>;
  ambiguousCodes: RegExp;
}

/** Builds the slot grammars from the vocabulary. */
export function buildSlotGrammar(vocab: Vocabulary, lexicon: Lexicon): SlotGrammar {
  const w = vocab.words;
  const metricEntries: [string, { metric: Metric | null; lead: boolean }][] = [];
  for (const s of vocab.metrics) for (const p of s.phrases) metricEntries.push([p, { metric: s.metric, lead: s.lead ?? false }]);
  const strong = metricEntries.filter(([, v]) => v.metric !== null).map(([p, v]) => [p, v.metric!] as const);
  const weak: [string, Metric][] = [];
  for (const s of vocab.weakMetrics) for (const p of s.phrases) if (s.metric) weak.push([p, s.metric]);
  const groups: [string, GroupBy][] = [];
  for (const [group, phrases] of Object.entries(vocab.groupBy)) for (const p of phrases) groups.push([p, group as GroupBy]);
  const ops: [string, ConditionOp][] = [];
  for (const [op, phrases] of Object.entries(w.condition_ops)) for (const p of phrases) ops.push([p, op as ConditionOp]);
  const flags = (list: string[]) => new PhraseIndex(list.map((p) => [p, true] as const));
  return {
    vocab,
    lexicon,
    typoStop: new Set(w.stop_typo),
    numberWords: new PhraseIndex(Object.entries(w.number_words)),
    metrics: new PhraseIndex(metricEntries),
    conditionMetrics: new PhraseIndex([...Object.entries(w.condition_unit_metrics), ...strong]),
    weakMetrics: new PhraseIndex(weak),
    groups: new PhraseIndex(groups),
    marketplaces: new PhraseIndex(vocab.marketplaceAliases),
    ops: new PhraseIndex(ops),
    conditionVerbs: new Set([...w.condition_verbs, "the", "a", "an", "its", "their", "my"]),
    dayUnits: w.day_units,
    followUps: flags(w.follow_up_cues.filter((c) => c.includes(" ") || c === "instead")),
    leadWords: flags(w.follow_up_lead_words),
    filler: new Set(w.filler),
    sortAsc: new Set(w.sort_asc),
    sortDesc: new Set(w.sort_desc),
    superlatives: new Set(w.superlatives),
    singular: flags(w.entity_singular),
    plural: flags(w.entity_plural),
    entityGroups: new PhraseIndex(Object.entries(w.entity_groups)),
    ambiguousCodes: new RegExp(`\\b(${w.ambiguous_marketplace_words.map((c) => c.toUpperCase()).join("|")})\\b`),
  };
}

/** The catalog's names as phrases, built once per catalog object. */
interface CatalogEntry {
  kind: "category" | "subcategory" | "campaign" | "sku";
  value: string;
  category?: string;
}
interface CatalogMatcher {
  phrases: PhraseIndex<CatalogEntry>;
  trailing: Set<string>;
  words: Set<string>;
  /** Typo corrections made against this catalog and the lexicon, remembered. */
  corrections: Map<string, string>;
}

const catalogMatchers = new WeakMap<CatalogVocabulary, CatalogMatcher>();

export function catalogMatcher(catalog: CatalogVocabulary, vocab: Vocabulary): CatalogMatcher {
  const cached = catalogMatchers.get(catalog);
  if (cached) return cached;
  const entries: [string, CatalogEntry][] = [];
  const generic = new Set(vocab.words.category_generic_words);
  const singleWordOwners = new Map<string, Set<string>>();
  for (const sku of catalog.skus) entries.push([sku, { kind: "sku", value: sku }]);
  for (const name of catalog.campaigns) {
    entries.push([name, { kind: "campaign", value: name }]);
    entries.push([name.replace(/[^\p{L}\p{N}]+/gu, " "), { kind: "campaign", value: name }]);
  }
  for (const sub of catalog.subcategories) {
    if (!catalog.categories.some((c) => c.toLowerCase() === sub.name.toLowerCase())) entries.push([sub.name, { kind: "subcategory", value: sub.name, category: sub.category }]);
  }
  for (const category of catalog.categories) {
    entries.push([category, { kind: "category", value: category }]);
    entries.push([category.replace(/&/g, "and"), { kind: "category", value: category }]);
    const aliases = Object.entries(vocab.categoryAliases).find(([name]) => name.toLowerCase() === category.toLowerCase())?.[1] ?? [];
    for (const alias of aliases) entries.push([alias, { kind: "category", value: category }]);
    for (const word of words(normalizeText(category))) {
      if (generic.has(word) || word.length < 3) continue;
      for (const variant of [word, word.endsWith("s") ? word.slice(0, -1) : `${word}s`]) {
        const owners = singleWordOwners.get(variant) ?? new Set();
        owners.add(category);
        singleWordOwners.set(variant, owners);
      }
    }
  }
  // A word shared by two categories names neither.
  for (const [word, owners] of singleWordOwners) if (owners.size === 1) entries.push([word, { kind: "category", value: [...owners][0] }]);
  const phrases = new PhraseIndex(entries);
  const known = new Set<string>();
  for (const [p] of entries) for (const word of words(normalizeText(p))) known.add(word);
  const trailing = new Set(vocab.words.category_trailing_words.filter((t) => /categor|department|niche/.test(t)));
  const matcher = { phrases, trailing, words: known, corrections: new Map<string, string>() };
  catalogMatchers.set(catalog, matcher);
  return matcher;
}

/** Replaces each match in `text` with what `fn` returns (undefined keeps the match). */
function replaceMatches<V>(text: string, matches: Iterable<{ start: number; end: number; value: V; phrase: string }>, fn: (m: { start: number; end: number; value: V; phrase: string }) => string | undefined): string {
  let out = "";
  let at = 0;
  for (const m of matches) {
    const replacement = fn(m);
    if (replacement === undefined) continue;
    out += `${text.slice(at, m.start)} ${replacement} `;
    at = m.end;
  }
  return at === 0 ? text : (out + text.slice(at)).replace(/\s+/g, " ").trim();
}

function* regexMatches(text: string, re: RegExp): Generator<{ start: number; end: number; value: RegExpExecArray; phrase: string }> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === "") {
      re.lastIndex++;
      continue;
    }
    yield { start: m.index, end: m.index + m[0].length, value: m, phrase: m[0] };
  }
}

const replaceAll = (text: string, re: RegExp, fn: (m: RegExpExecArray) => string | undefined) => replaceMatches(text, regexMatches(text, re), (m) => fn(m.value));

const SETTING_LINK = "(?: (?:to|is|of|at|=|should be|will be|be|now|becomes|as))*";
const LEAD_TIME = new RegExp(`(?<![\\w])lead ?times?${SETTING_LINK} (\\d+) ?(days?|weeks?|months?)?(?![\\w])`, "g");
const SAFETY_STOCK = new RegExp(`(?<![\\w])(?:safety stock(?: days)?${SETTING_LINK} (\\d+) ?(days?|weeks?)?|(\\d+) (days?|weeks?) (?:of )?safety stock)(?![\\w])`, "g");
const CURRENCY = new RegExp(`(?<![\\w])(?:home |default |base |reporting )?currency${SETTING_LINK} ([a-z]{3})(?![\\w])`, "g");
const TARGET_ACOS = new RegExp(`(?<![\\w])(?:target acos|acos target|acos goal|goal acos)${SETTING_LINK} (\\d+(?:\\.\\d+)?) ?(?:%|percent)?(?![\\w])`, "g");
const LOOSE_TARGET_ACOS = /(?<![\w])(?:acos (?:(?:down|back|up) )?(?:to|at|under|below) (\d+(?:\.\d+)?) ?(?:%|percent)?|(?:hit|reach|achieve|get to|target|targeting|aim for|at) (?:an? )?(\d+(?:\.\d+)?) ?(?:%|percent)? acos)(?![\w])/g;
const HORIZON = /(?<![\w])(?:(?:in|within|over|for|during) )?(?:the )?(?:(?:next|coming|upcoming|following) (?:(\d+) )?(days?|weeks?|months?)|within (\d+) (days?|weeks?|months?)|in (\d+) (days?|weeks?|months?))(?![\w])/g;
const ASIN = /(?<![\w])b0[a-z0-9]{8}(?![\w])/g;
const SKU = /(?<![\w])sku:? ?([a-z0-9][a-z0-9._-]*\d[a-z0-9._-]*)(?![\w])/g;
const LIMIT = /(?<![\w.$])(\d{1,4})(?![\w.%])(?! ?(?:%|percent|days?|weeks?|months?|years?|\$|dollars|euros?|pounds?))/g;
const NUMBER = /^\$?(\d+(?:\.\d+)?)$/;

/**
 * Extracts the slots of one question.
 *
 * @example
 * extractSlots("top 5 products by revnue in the US last month", grammar, catalog, "2026-11-21")
 * // { limit: 5, metrics: ["revenue"], marketplace: "US", timeframe: "last_month", … }
 */
export function extractSlots(question: string, g: SlotGrammar, catalog: CatalogVocabulary, today: string): Slots {
  const vocab = g.vocab;
  const slots: Slots = { masked: "", contentWords: [], unknownWords: 0, followUpCue: false, comparison: false, metrics: [], singularSuperlative: false, conditions: [], settings: {} };
  const matcher = catalogMatcher(catalog, vocab);

  // Marketplace codes that are also English words count only when written in capitals.
  const notShouting = question !== question.toUpperCase();
  const codeInCaps = notShouting ? g.ambiguousCodes.exec(question)?.[1] : undefined;

  let text = normalizeText(question);
  const written = words(text);
  const corrected = written.map((word) => {
    let fixed = matcher.corrections.get(word);
    if (fixed === undefined) matcher.corrections.set(word, (fixed = correctWord(word, g, matcher.words)));
    return fixed;
  });
  if (corrected.some((word, i) => word !== written[i])) text = normalizeText(corrected.join(" "));
  text = replaceMatches(text, g.numberWords.find(text), (m) => String(m.value));
  text = normalizeText(text.replace(/(\d+(?:\.\d+)?) ?%/g, "$1 %"));
  slots.followUpCue = g.leadWords.find(text)[0]?.start === 0 || g.followUps.find(text).length > 0;

  text = replaceAll(text, ASIN, (m) => {
    slots.asin ??= m[0].toUpperCase();
    return "__asin__";
  });
  text = replaceAll(text, SKU, (m) => {
    const written = new RegExp(escapeRegExp(m[1]), "i").exec(question)?.[0] ?? m[1];
    slots.sku ??= catalog.skus.find((s) => s.toLowerCase() === m[1]) ?? written;
    return "__sku__";
  });

  // Settings, before anything reads their numbers as periods or limits.
  const days = (n: string, unit?: string) => Number(n) * (unit ? g.dayUnits[unit] ?? 1 : 1);
  if (text.includes("lead")) {
    text = replaceAll(text, LEAD_TIME, (m) => {
      slots.settings.lead_time_days = days(m[1], m[2]);
      return "__setting__ s_lead_time";
    });
  }
  if (text.includes("safety")) {
    text = replaceAll(text, SAFETY_STOCK, (m) => {
      slots.settings.safety_stock_days = m[1] ? days(m[1], m[2]) : days(m[3], m[4]);
      return "__setting__ s_safety_stock";
    });
  }
  if (text.includes("currency")) {
    text = replaceAll(text, CURRENCY, (m) => {
      slots.settings.currency = m[1].toUpperCase();
      return "__setting__ s_currency";
    });
  }
  const hasAcos = text.includes("acos");
  if (hasAcos) {
    text = replaceAll(text, TARGET_ACOS, (m) => {
      slots.targetAcos = Number(m[1]);
      return "__target__ s_target_acos";
    });
  }

  // Forward-looking windows ("in the next 2 weeks") before periods, which look back.
  text = replaceAll(text, HORIZON, (m) => {
    const n = m[1] ?? m[3] ?? m[5];
    const unit = m[2] ?? m[4] ?? m[6];
    slots.horizonDays = days(n ?? "1", unit);
    return "__horizon__";
  });

  const time = findTimeframes(text, today, vocab.timeframes, vocab.words.comparison_cues, vocab.words.comparison_verbs);
  text = time.text;
  slots.timeframe = time.timeframe;
  slots.compareTo = time.compareTo;
  slots.comparison = time.comparison;

  text = extractConditions(text, g, slots);

  if (hasAcos) {
    // Loose target phrasings: "ACoS down to 25%", "to hit 25% ACoS".
    text = replaceAll(text, LOOSE_TARGET_ACOS, (m) => {
      slots.targetAcos ??= Number(m[1] ?? m[2]);
      return "__target__";
    });
  }

  text = replaceMatches(text, g.marketplaces.find(text), (m) => {
    slots.marketplace ??= m.value;
    return "__mkt__";
  });
  if (!slots.marketplace && codeInCaps) {
    slots.marketplace = vocab.marketplaceAliases.get(codeInCaps.toLowerCase()) ?? (codeInCaps as MarketplaceCode);
    const code = codeInCaps.toLowerCase();
    const at = text.lastIndexOf(` ${code}`) >= 0 ? text.lastIndexOf(` ${code}`) + 1 : text.startsWith(code) ? 0 : -1;
    if (at >= 0) text = normalizeText(`${text.slice(0, at)} __mkt__ ${text.slice(at + code.length)}`);
  }

  text = replaceMatches(text, g.groups.find(text), (m) => {
    slots.groupBy ??= m.value;
    return `g_${m.value}`;
  });

  text = replaceMatches(text, matcher.phrases.find(text), (m) => {
    const entry = m.value;
    if (entry.kind === "category") slots.category ??= entry.value;
    else if (entry.kind === "subcategory") {
      slots.subcategory ??= entry.value;
      slots.category ??= entry.category;
    } else if (entry.kind === "campaign") slots.campaign ??= entry.value;
    else slots.sku ??= entry.value;
    return `__${entry.kind}__`;
  });
  // "in the kitchen category": the word after the name belongs to it.
  text = text.replace(/(__(?:category|subcategory)__) ([a-z]+)/g, (all, mask: string, next: string) => (matcher.trailing.has(next) ? mask : all));

  // A modifier (growth) ranks before the metric it modifies.
  let lead: Metric | undefined;
  let metricSort: "asc" | "desc" | undefined;
  text = replaceMatches(text, g.metrics.find(text), (m) => {
    const entry = m.value;
    if (entry.metric === null) return "__x__";
    if (entry.lead) {
      lead ??= entry.metric;
      metricSort ??= g.sortAsc.has(m.phrase) ? "asc" : g.sortDesc.has(m.phrase) ? "desc" : undefined;
    }
    if (!slots.metrics.includes(entry.metric)) slots.metrics.push(entry.metric);
    return `m_${entry.metric}`;
  });
  if (lead) slots.metrics = [lead, ...slots.metrics.filter((x) => x !== lead)];
  slots.weakMetric = g.weakMetrics.find(text)[0]?.value;

  text = replaceAll(text, LIMIT, (m) => {
    const n = Number(m[1]);
    if (n < 1 || n > 1000) return undefined;
    slots.limit ??= n;
    return "__num__";
  });

  slots.entityGroup = g.entityGroups.find(text)[0]?.value;
  const tokens = words(text);
  let asc = false;
  let desc = false;
  for (const t of tokens) {
    if (g.sortAsc.has(t)) asc = true;
    else if (g.sortDesc.has(t)) desc = true;
  }
  // "top 3 worst": the direction word outranks the generic "top"; growth words rank by themselves.
  slots.sort = asc ? "asc" : metricSort ?? (desc ? "desc" : undefined);
  const hasSuperlative = tokens.some((t) => g.superlatives.has(t));
  slots.singularSuperlative = hasSuperlative && g.singular.find(text).length > 0 && g.plural.find(text).length === 0;

  // Every ranking word also says "this is a ranking", whichever word it is.
  slots.masked = hasSuperlative ? tokens.map((t) => (g.superlatives.has(t) ? `${t} __rank__` : t)).join(" ") : text;
  slots.contentWords = tokens.filter(
    (t) => !t.startsWith("__") && !/^[mgs]_/.test(t) && !g.filler.has(t) && !g.sortAsc.has(t) && !g.sortDesc.has(t) && !/^\d/.test(t),
  );
  slots.unknownWords = slots.contentWords.filter((t) => !g.lexicon.knows(t) && !matcher.words.has(t)).length;
  return slots;
}

/**
 * Thresholds: [metric] [verbs…] op [$]number [%] [days|weeks] [of|in] [metric],
 * e.g. "ACoS above 30%", "less than 2 weeks of supply", "rating falls below 4".
 */
function extractConditions(text: string, g: SlotGrammar, slots: Slots): string {
  const ops = g.ops.find(text);
  if (ops.length === 0) return text;
  const tokens = text.split(" ");
  const tokenAt = new Map<number, number>();
  let at = 0;
  tokens.forEach((t, i) => {
    tokenAt.set(at, i);
    at += t.length + 1;
  });
  const startOf = (i: number) => tokens.slice(0, i).join(" ").length + (i > 0 ? 1 : 0);
  const spans: { start: number; end: number; value: string; phrase: string }[] = [];
  for (const op of ops) {
    let i = tokenAt.get(op.end + 1);
    if (i === undefined) continue;
    const value = NUMBER.exec(tokens[i]);
    if (!value) continue;
    let number = Number(value[1]);
    let end = i + 1;
    if (tokens[end] === "%" || tokens[end] === "percent" || tokens[end] === "pct") end++;
    let unit: number | undefined;
    if (tokens[end] !== undefined && g.dayUnits[tokens[end]] !== undefined) unit = g.dayUnits[tokens[end++]];
    let metric: Metric | undefined;
    const afterStart = tokens[end] === "of" || tokens[end] === "in" ? end + 1 : end;
    if (afterStart < tokens.length) {
      const after = g.conditionMetrics.at(text, startOf(afterStart));
      if (after) {
        metric = after.value;
        end = tokenAt.get(after.end + 1) ?? tokens.length;
      }
    }
    let start = tokenAt.get(op.start)!;
    if (!metric) {
      // Look back over a few verbs ("ACoS goes above", "the buy box drops below").
      let j = start;
      for (let skipped = 0; skipped <= 3 && j > 0; skipped++) {
        const before = lookBehindMetric(tokens, j, g);
        if (before) {
          metric = before.metric;
          start = before.start;
          break;
        }
        if (!g.conditionVerbs.has(tokens[j - 1])) break;
        j--;
      }
    }
    if (metric === "days_of_supply" && unit) number *= unit;
    slots.conditions.push({ metric, op: op.value, value: number });
    spans.push({ start: startOf(start), end: startOf(end) - (end < tokens.length ? 1 : 0), value: `${op.value.startsWith(">") ? "__above__" : op.value.startsWith("<") ? "__below__" : "__equal__"}${metric ? ` m_${metric}` : ""}`, phrase: "" });
  }
  return replaceMatches(text, spans, (m) => m.value);
}

/** A metric phrase ending just before token `j`. */
function lookBehindMetric(tokens: string[], j: number, g: SlotGrammar): { metric: Metric; start: number } | undefined {
  for (let n = Math.min(5, j); n >= 1; n--) {
    const metric = g.conditionMetrics.get(tokens.slice(j - n, j).join(" "));
    if (metric) return { metric, start: j - n };
  }
  return undefined;
}

function correctWord(word: string, g: SlotGrammar, catalogWords: ReadonlySet<string>): string {
  const fixed = g.vocab.typos[word];
  if (fixed !== undefined) return fixed;
  if (word.length < 5 || !/^[a-z]+$/.test(word) || g.typoStop.has(word)) return word;
  if (g.lexicon.knows(word) || catalogWords.has(word)) return word;
  return g.lexicon.closest(word, catalogWords) ?? word;
}
