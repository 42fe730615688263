import type { CatalogVocabulary } from "../core/catalog-vocabulary.js";
import { withBracketedDates, withNamedDays } from "./named-days.js";
import { addDaysIso } from "../core/dates.js";
import { addMonthsIso, calendarUnitOf, resolveTimeframe } from "../core/timeframe.js";
import type { Lexicon } from "./lexicon.js";
import { bucketsPreferred, BUCKET_UNITS } from "./bucket-remarks.js";
import { DESCRIBED_PRODUCT } from "./described-product.js";
import { FIRST_TO_RUN_OUT } from "./first-to-run-out.js";
import { holidayDeadline } from "./holiday-deadline.js";
import { stockDeadline } from "./stock-deadline.js";
import { startingEndOrder } from "./starting-end.js";
import { escapeRegExp, normalizeText, PhraseIndex, type PhraseMatch, words } from "./text.js";
import { PEOPLE_COUNTED } from "./headcounts.js";
import { listedWhole, ONE_FIGURE_AFTER, takeRowsTurnedDown, totalOfFigureAsked } from "./one-figure.js";
import { ESTIMATE_BEFORE } from "./real-figure.js";
import { withReviewFlowAsCount } from "./review-flow.js";
import { roughLengthsAsFew } from "./rough-lengths.js";
import { lowerCaseCodeAt, windowInDays } from "./shorthand-places.js";
import { codesStandingAsWords } from "./codes-as-words.js";
import { withMarkedPlaceNamesInEnglish } from "./marked-place-names.js";
import { asksHowTheAccountWent } from "./account-performance.js";
import { withAmountsMultipliedOut } from "./amount-multipliers.js";
import { withAmountsInCurrency, withMoneySignedAmounts } from "./money-amounts.js";
import { withNothingInReturn, withNotASingleSaleAsNone } from "./nothing-in-return.js";
import { withAdMoneyReturnAsRoas } from "./ad-money-return.js";
import { withMoneyCountedInCurrency } from "./currency-counts.js";
import { withFiguresOfSpeechSaidPlainly } from "./figures-of-speech.js";
import { withTargetsWithoutSales } from "./targets-without-sales.js";
import { spokenNumbers } from "./spoken-numbers.js";
import { findTimeframes } from "./timeframe-phrases.js";
import { namedAfterItsVerb } from "./verb-before-owner.js";
import { pricedElsewhere } from "./elsewhere-prices.js";
import { TOLD_DEED_CLAUSE } from "./told-deeds.js";
import {
  type ConditionOp,
  type DetailLevel,
  type GroupBy,
  type InsightType,
  type MarketplaceCode,
  METRICS,
  type Metric,
  type Settings,
} from "../core/understanding.js";
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
  /**
   * A bound said in words of quality with no metric beside it ("keywords better than 15%"): which side is better
   * follows the metric's good direction, so the op is settled once the question's metric is known.
   */
  judged?: "better" | "worse";
}

export interface Slots {
  /** The question with slots masked, for the classifier. */
  masked: string;
  /** The question with periods, places and catalog names masked but its other words as written, to judge its topic. */
  topicText: string;
  /** Words the slots did not take and that are not filler: what the question is about. */
  contentWords: string[];
  /** How many of the content words the parser has never seen. */
  unknownWords: number;
  /** The question speaks of the asker's own ("my", "we", "me"). */
  ownWords: boolean;
  /** The question opens like a follow-up ("and …", "what about …", "only …"). */
  followUpCue: boolean;
  /** A figure put in the place of the one asked before ("the CPC of each one instead", "change it to units"). */
  inPlaceOf: boolean;
  timeframe?: string;
  compareTo?: string;
  comparison: boolean;
  marketplace?: MarketplaceCode;
  metrics: Metric[];
  /** A metric only implied ("how much did I sell" → revenue), used when none is named. */
  weakMetric?: Metric;
  /** The figure a growth phrase is of ("drop in units" → units_sold), for intents that watch the figure itself. */
  growthOf?: Metric;
  groupBy?: GroupBy;
  /** The breakdown the question's nouns suggest ("which keywords …"), when it names none. */
  entityGroup?: GroupBy;
  limit?: number;
  /** The question asks for every row ("show all", "every product"). */
  showAll: boolean;
  /** A word that orders by itself ("lowest", "most"); "top" alone is `top`. */
  sort?: "asc" | "desc";
  /** "top" with no other ordering word. */
  top: boolean;
  /** Rows put in an order by a figure: "rank the whole range by orders", "sorted by spend". */
  orderedBy: boolean;
  /** "flip the order", "reverse the ranking", "the other way round": the order shown before, turned over. */
  reversedOrder: boolean;
  /** A judging word ("best", "worst"): the order follows the metric's good direction. */
  judgement?: "best" | "worst";
  /**
   * The order a superlative metric phrase says by itself ("the most visited", "the least ordered"). It still holds when
   * another figure is named to rank by ("the most visited listings, by sessions"): the superlative tells which end.
   */
  superlativeSort?: "asc" | "desc";
  /** Orders a metric's phrase implies ("losing money" = profit from the lowest). */
  metricSorts: Partial<Record<Metric, "asc" | "desc">>;
  /** "units" said without "sold": what it means depends on the intent. */
  bareUnits: boolean;
  /** Units sold said with a word of selling ("units sold", "went out the door"), which units on hand never are. */
  soldSaid: boolean;
  /** Metrics named side by side as a list ("sessions and conversion rate"): asked in the order said. */
  listedMetrics: boolean;
  /** The question asks how a figure moved over time ("how have refunds moved", "trend of ad spend"). */
  trendCue: boolean;
  /** The question asks for a figure taken apart ("profit breakdown", "break my profit down"). */
  breakdownCue: boolean;
  singularSuperlative: boolean;
  category?: string;
  subcategory?: string;
  asin?: string;
  sku?: string;
  campaign?: string;
  conditions: PartialCondition[];
  horizonDays?: number;
  targetAcos?: number;
  /** An ACoS figure said without a threshold word ("for a 30% ACoS"). */
  acosFigure?: number;
  settings: Settings;
  /** A setting named without a value to give it ("what is my lead time"). */
  settingNamed?: keyof Settings;
  insightType?: InsightType;
  /** Money the seller is missing in a seller's words ("easy money", "left on the table", "low-hanging fruit"). */
  missedMoney?: boolean;
  detailLevel?: DetailLevel;
  alertId?: string;
  /** A length of time with no period around it ("make that 4 weeks"): a follow-up's new window. */
  duration?: { n: number; unit: "days" | "weeks" | "months" };
  /** A value alone ("make it 30", "25% instead"): a follow-up's new threshold or row count. */
  bareValue?: number;
  /** "the month before (that)": a follow-up asks for the period just before the one it follows. */
  periodBefore: boolean;
  /** "the previous month": a period named as the one before another ("previous", "prior", "preceding"). */
  previousWord: boolean;
  /** "the same day last week": the day one week, month or year before the day asked about (today by default). */
  sameDayBack?: "week" | "month" | "year";
  /** The question names alerts or notifications. */
  alertWord: boolean;
  /** The question says a figure moved ("changed", "dropped", "recent"). */
  changeWord: boolean;
  /** The question speaks of prices ("price", "cheaper", "undercut", "charge"). */
  priceWord: boolean;
  /** The question asks for an amount of money ("how much cash", "worth", "tied up"). */
  moneyAmount: boolean;
  /** …held in stock ("how much money do I have in inventory"). */
  stockMoney: boolean;
  /** One figure for the whole account is asked for ("my refund rate overall", "account-wide ACoS"). */
  overall: boolean;
  /**
   * The figure is asked as a total ("total sessions", "how many page views did I get"): one figure for the whole shop
   * unless rows are asked for too. Unlike `overall`, a ranking beside it still ranks ("the highest total sales").
   */
  totalAsked: boolean;
  /** A ranking word ("top", "smallest", "strongest") is said. */
  ranking: boolean;
  /** A name the parser does not know owns what is asked ("Anker's best sellers"): another business. */
  strangerOwner: boolean;
  /** The breakdown two names side by side ask for ("beauty vs office" = category). */
  sideBySide?: GroupBy;
  /** Every marketplace is asked for ("all markets", "drop the Germany filter"): a follow-up keeps no place. */
  allMarketplaces: boolean;
}

/** What the slot grammars need, built once per vocabulary (and per catalog). */
export interface SlotGrammar {
  vocab: Vocabulary;
  lexicon: Lexicon;
  typoStop: Set<string>;
  /** Typos of more than one word: homophones and shorthand ("by box" for "buy box", "cat level" for "category level"). */
  phraseTypos: PhraseIndex<string>;
  numberWords: PhraseIndex<number>;
  /** Month names and abbreviations, which an ordinal said in words may date ("october first"). */
  monthNames: string[];
  metrics: PhraseIndex<{ metric: Metric | null; lead: boolean }>;
  /** Metric phrases and the words that name a metric after a threshold ("10 days of supply", "4 stars"). */
  conditionMetrics: PhraseIndex<Metric>;
  weakMetrics: PhraseIndex<Metric>;
  groups: PhraseIndex<GroupBy>;
  marketplaces: PhraseIndex<MarketplaceCode>;
  ops: PhraseIndex<ConditionOp>;
  conditionVerbs: Set<string>;
  /** Words that leave out the rows a threshold just after them names. */
  leftOut: RegExp;
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
  /** A marketplace set aside for another ("swap FR for IT"): see `swappedMarketplace`. */
  marketplaceSwap: RegExp;
  own: Set<string>;
  /** People of the seller's life who own a business of their own ("my neighbour's store"): out-of-domain.json. */
  otherOwners: Set<string>;
  best: PhraseIndex<true>;
  worst: PhraseIndex<true>;
  showAll: PhraseIndex<true>;
  showAllBefore: PhraseIndex<true>;
  showAllEntities: PhraseIndex<true>;
  trendCues: PhraseIndex<true>;
  insightTypes: PhraseIndex<InsightType>;
  detailLevels: PhraseIndex<DetailLevel>;
  /** Metric phrase → the order it implies. */
  metricPhraseSorts: Map<string, "asc" | "desc">;
  /** Words that open the clause a long question asks in ("can you show me", "what was my"). */
  requestOpeners: PhraseIndex<true>;
  overallWords: PhraseIndex<true>;
  alertWords: PhraseIndex<true>;
  changeWords: PhraseIndex<true>;
  priceWords: PhraseIndex<true>;
  /** Currency names and codes. */
  currencies: PhraseIndex<true>;
  /** Words that only say how to order rows ("sort", "ascending"): no subject of their own. */
  ordering: Set<string>;
}

/** Builds the slot grammars from the vocabulary. */
export function buildSlotGrammar(vocab: Vocabulary, lexicon: Lexicon): SlotGrammar {
  const w = vocab.words;
  const metricEntries: [string, { metric: Metric | null; lead: boolean }][] = [];
  const metricPhraseSorts = new Map<string, "asc" | "desc">();
  for (const s of vocab.metrics) {
    for (const p of s.phrases) {
      metricEntries.push([p, { metric: s.metric, lead: s.lead ?? false }]);
      if (s.sort) metricPhraseSorts.set(normalizeText(p), s.sort);
    }
  }
  const strong = metricEntries.filter(([, v]) => v.metric !== null).map(([p, v]) => [p, v.metric!] as const);
  const weak: [string, Metric][] = [];
  for (const s of vocab.weakMetrics) for (const p of s.phrases) if (s.metric) weak.push([p, s.metric]);
  const groups: [string, GroupBy][] = [];
  for (const [group, phrases] of Object.entries(vocab.groupBy))
    for (const p of phrases) groups.push([p, group as GroupBy]);
  const ops: [string, ConditionOp][] = [];
  for (const [op, phrases] of Object.entries(w.condition_ops))
    for (const p of phrases) ops.push([p, op as ConditionOp]);
  const flags = (list: string[]) => new PhraseIndex(list.map((p) => [p, true] as const));
  return {
    vocab,
    lexicon,
    typoStop: new Set(w.stop_typo),
    phraseTypos: new PhraseIndex(Object.entries(vocab.typos).filter(([k]) => k.includes(" "))),
    numberWords: new PhraseIndex(Object.entries(w.number_words)),
    monthNames: Object.keys(vocab.timeframes.months),
    metrics: new PhraseIndex(metricEntries),
    // A threshold written in a filter's syntax names its metric by the contract's name ("buy_box_percentage < 80").
    conditionMetrics: new PhraseIndex([
      ...Object.entries(w.condition_unit_metrics),
      ...strong,
      ...METRICS.map((m) => [m, m] as const),
    ]),
    weakMetrics: new PhraseIndex(weak),
    groups: new PhraseIndex(groups),
    marketplaces: new PhraseIndex(vocab.marketplaceAliases),
    ops: new PhraseIndex(ops),
    conditionVerbs: new Set([...w.condition_verbs, "the", "a", "an", "its", "their", "my"]),
    leftOut: leftOutBefore(w.left_out),
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
    marketplaceSwap: marketplaceSwapPattern([...vocab.marketplaceAliases.keys(), ...w.ambiguous_marketplace_words]),
    own: new Set(vocab.outOfDomain.own_words),
    otherOwners: new Set(vocab.outOfDomain.other_owners ?? []),
    best: flags(w.sort_best),
    worst: flags(w.sort_worst),
    showAll: flags(w.show_all_phrases),
    showAllBefore: flags(w.show_all_before_entities),
    showAllEntities: flags(w.show_all_entities),
    trendCues: flags(w.trend_cues),
    insightTypes: new PhraseIndex(
      Object.entries(w.insight_types).flatMap(([type, phrases]) =>
        phrases.map((p) => [p, type as InsightType] as const),
      ),
    ),
    detailLevels: new PhraseIndex(
      Object.entries(w.detail_levels).flatMap(([level, phrases]) =>
        phrases.map((p) => [p, level as DetailLevel] as const),
      ),
    ),
    metricPhraseSorts,
    requestOpeners: flags(w.request_openers ?? []),
    overallWords: flags(w.overall_words ?? []),
    alertWords: flags(w.alert_words ?? []),
    changeWords: flags(w.change_words ?? []),
    priceWords: flags(w.price_words ?? []),
    // Not those that are also everyday words ("try 20", "real profit").
    currencies: flags(
      [...Object.keys(w.currency_names), ...vocab.currencyCodes].filter((c) => !EVERYDAY_CURRENCY_WORDS.has(c)),
    ),
    ordering: new Set(w.ordering_words ?? []),
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
  for (const sku of catalog.skus) {
    entries.push([sku, { kind: "sku", value: sku }]);
    // "HK UTEN 02": a code of three parts or more dictated, its hyphens heard as pauses, is still the code.
    if (/^[^-]+(?:-[^-]+){2,}$/.test(sku) && /\d/.test(sku))
      entries.push([sku.replace(/-/g, " "), { kind: "sku", value: sku }]);
  }
  for (const name of catalog.campaigns) {
    entries.push([name, { kind: "campaign", value: name }]);
    entries.push([name.replace(/[^\p{L}\p{N}]+/gu, " "), { kind: "campaign", value: name }]);
  }
  for (const sub of catalog.subcategories) {
    if (!catalog.categories.some((c) => c.toLowerCase() === sub.name.toLowerCase())) {
      entries.push([sub.name, { kind: "subcategory", value: sub.name, category: sub.category }]);
      // "the one dog toy we sell": a plural name said of one of its kind names it too.
      if (/[a-z]{3}s$/i.test(sub.name))
        entries.push([sub.name.slice(0, -1), { kind: "subcategory", value: sub.name, category: sub.category }]);
    }
  }
  for (const category of catalog.categories) {
    entries.push([category, { kind: "category", value: category }]);
    entries.push([category.replace(/&/g, "and"), { kind: "category", value: category }]);
    const aliases =
      Object.entries(vocab.categoryAliases).find(([name]) => name.toLowerCase() === category.toLowerCase())?.[1] ?? [];
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
  for (const [word, owners] of singleWordOwners)
    if (owners.size === 1) entries.push([word, { kind: "category", value: [...owners][0] }]);
  const phrases = new PhraseIndex(entries);
  const known = new Set<string>();
  for (const [p] of entries) for (const word of words(normalizeText(p))) known.add(word);
  const trailing = new Set(vocab.words.category_trailing_words.filter((t) => /categor|department|niche/.test(t)));
  const matcher = { phrases, trailing, words: known, corrections: new Map<string, string>() };
  catalogMatchers.set(catalog, matcher);
  return matcher;
}

/** Replaces each match in `text` with what `fn` returns (undefined keeps the match). */
function replaceMatches<V>(
  text: string,
  matches: Iterable<{ start: number; end: number; value: V; phrase: string }>,
  fn: (m: { start: number; end: number; value: V; phrase: string }) => string | undefined,
): string {
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

function* regexMatches(
  text: string,
  re: RegExp,
): Generator<{ start: number; end: number; value: RegExpExecArray; phrase: string }> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === "") {
      re.lastIndex++;
      continue;
    }
    yield { start: m.index, end: m.index + m[0].length, value: m, phrase: m[0] };
  }
}

const replaceAll = (text: string, re: RegExp, fn: (m: RegExpExecArray) => string | undefined) =>
  replaceMatches(text, regexMatches(text, re), (m) => fn(m.value));

/** "out of all my campaigns, which one…", "of all the products": every row is the set one is picked from. */
const CHOSEN_AMONG = /(?:^| )(?:of|among|amongst)(?: (?:them|those|these))? $/;
/** A length of one unit said with an article ("a fortnight", "one week"), beside a setting's name. */
const SETTING_ONE_LENGTH = /(?<![\w])(?:a|an|one|a single) (day|week|fortnight|month)(?![\w])/g;
/** A length in shorthand ("21d", "6w", "3wks") beside a setting's name. */
const SETTING_SHORT_LENGTH = /(?<![\w.])(\d+) ?(d|w)(?:ks?)?(?![\w])/g;
// Adverbs a seller says a new value with ("is actually 50 days now", "has really gone up to 6 weeks") link it too, and
// so does when it takes effect ("is from now on 18%", "going forward is 40 days"), and the account an agency names as
// the one it runs ("the target ACoS for this account to 22%", "lead time for the client to 40 days"). "On" links only a length ("put the
// safety stock on 14 days"), as "at" does, and so does a learner's "for" ("put my target ACoS for 18%"); after a verb of
// setting it links any value ("safety stock days put on 10", as Romance "mettere a 10" and Romanian "pune pe 10" say),
// and so does "make it" ("lead time, make it 40"). A value wished on a form ("should read 30%", "needs to say 25") is
// linked as said; what it "says" now is not.
const SETTING_LINK =
  "(?: (?:(?:for|on|across|of) (?:this|the|my|our|their|that) (?:whole |entire )?(?:account|client|store|shop|seller account|brand|business)|to|into|setting|is|of|at|=|->|=>|should be|will be|be|now|becomes|as|up|down|back|actually|really|currently|these days|honestly|realistically|more like|closer to|nearer|around|about|roughly|has|have|gone|go|goes|went|read|reads|say|says|set|put|changed|moved|grown|got|gotten|become|became|increased|decreased|dropped|risen|rose|raised|lowered|bumped|i|we|i'd|we'd|want|wanted|would|should|will|must|like|need|please|from now(?: on)?|from here on|from today(?: on)?|going forward|starting (?:now|today)|as of (?:now|today)|henceforth|(?:put|puts|set|sets|leave|keep|fix|fixed) (?:(?:it|them|that|this) )?(?:on|at)|(?:make|makes|made) (?:it|them|that|this)|on(?= \\d+ ?(?:days?|weeks?|months?)(?![\\w]))|for(?= \\d+(?:\\.\\d+)? ?(?:%|percent|days?|weeks?|months?)(?![\\w]))))*";
const LEAD_TIME = new RegExp(
  `(?<![\\w])lead ?times?${SETTING_LINK} (\\d+) ?(days?|weeks?|fortnights?|months?)?(?![\\w])`,
  "g",
);
/** What safety stock is also called. */
const SAFETY_NAMES =
  "(?:safety stock|buffer stock|safety buffer|stock buffer|buffer|spare stock|reserve stock|safety cushion|stock cushion|cushion|safety net|safety margin)";
/** Also the stock kept as one: "2 weeks of spare stock as a buffer", "10 days of inventory for a cushion". */
const KEPT_AS =
  "(?:(?:spare |extra |reserve |backup )?(?:stock|inventory|cover|supply) (?:as|for) (?:an? |my |the )?)?";
const SAFETY_STOCK = new RegExp(
  `(?<![\\w])(?:${SAFETY_NAMES}(?: days)?${SETTING_LINK} (\\d+) ?(days?|weeks?|fortnights?)?|(\\d+) ?(days?|weeks?|fortnights?) (?:of )?${KEPT_AS}${SAFETY_NAMES})(?![\\w])`,
  "g",
);
/** A lead time told as the supplier's delay: "my supplier takes 30 days to deliver". */
const SUPPLIER_LEAD_TIME =
  /(?<![\w])(?:suppliers?|manufacturers?|factory|factories|vendors?|producers?)(?: usually| normally| typically| always| now| currently| actually| really| these days)? (?:takes?|needs?|delivers? in|ships? in|is|are)(?: now| currently| actually| really)?(?: about| around| roughly| approximately)? (\d+) ?(days?|weeks?|months?)(?![\w])/g;
/**
 * The delay told from the order to the goods' arrival: "it takes 35 days from ordering to the stock landing at
 * Amazon", "we need 6 weeks between placing a PO and delivery".
 */
const ORDER_TO_ARRIVAL =
  /(?<![\w])(?:takes?|took|needs?|is|are) (?:now |currently |about |around |roughly |approximately |up to )*(\d+) ?(days?|weeks?|months?) (?:from|between) (?:ordering|reordering|placing (?:an?|the|my) (?:order|po|purchase order)|(?:an? |the |my )?(?:order|po|purchase order)s?)(?: [a-z']+){0,5}? (?:to|and|until|till) (?:the |my |our )?(?:goods|stock|units|inventory|delivery|deliver|delivered|arrival|arrive|it|them|shipment|landing|arriving|receiving)(?![\w])/g;
/** The same delay told of the goods: "it takes about 6 weeks for my stuff to get here from the factory". */
const TRANSIT_LEAD_TIME =
  /(?<![\w])(?:takes?|took|needs?) (?:about |around |roughly |approximately |up to )?(\d+) ?(days?|weeks?|months?)(?: [a-z']+){0,10}? (?:from|at|by) (?:the |my |our )?(?:suppliers?|manufacturers?|factory|factories|vendors?|producers?)(?![\w])/g;
const CURRENCY = new RegExp(
  `(?<![\\w])(?:home |default |base |reporting )?currency${SETTING_LINK}(?: in| on)?(?: the)? ([a-z]{3,}(?: [a-z]{3,})?)(?![\\w])`,
  "g",
);
const EVERYDAY_CURRENCY_WORDS = new Set(["try", "real"]);
/**
 * A request to show things in a currency, the currency last or before another request: "report everything in pounds",
 * "switch to EUR", "figures shown in GBP from now on", "report in Swedish krona (SEK) from now on, and keep …", "report in euros from now on, change the currency setting", or
 * how reports should be from now on ("reports for this client should be in yen").
 */
const CURRENCY_VIEW =
  /(?<![\w])(?:report|show|display|put|switch|change|convert|set|use|want|prefer|see|give|(?:everything|all|amounts|figures|numbers|values|totals|it|things|reports?) (?:shown|displayed|reported|converted)|(?:everything|amounts|figures|numbers|values|totals|reports?|reporting)(?: (?:for|of) (?:this|the|my|our|each|every) [a-z]+)? (?:should|must|need to|needs to|has to|have to|ought to|are to|is to|will) (?:all )?be(?: (?:shown|displayed|reported|converted|given|expressed))?)(?: (?:me|everything|all|amounts|figures|numbers|prices|money|values|totals|it|things|my|the|reports?|over|back))* (?:to|in|into) ((?:us |canadian |australian |swedish |danish |norwegian |british |japanese |swiss |chinese |hong kong |new zealand |south african |south korean |korean |czech |hungarian |thai |israeli |mexican |indian |brazilian |turkish |polish |singapore |saudi |egyptian |emirati |uae )?[a-z]+|pounds sterling)(?: [a-z]{3}(?= |$))?(?: (?:please|from now on|from here on(?: in| out)?|from today|going forwards?|henceforth|for good|instead|by default|(?!and)[a-z]{3}(?= |$)))*(?=$| (?:and|also|plus|then|change|set|update|switch|make|__stop__|__ask__|__lead__)(?= |$))/g;
/** A setting's name with no value after it. */
const SETTING_NAME =
  /(?<![\w])(?:(target acos|acos target|acos goal|(?:target|goal) (?:of|for) (?:the |my )?acos)|(lead ?times?)|(safety stock|buffer stock|safety buffer)(?: days)?|(?:home |default |base |reporting )?(currency))(?![\w])/g;
const SETTING_KEYS = ["target_acos", "lead_time_days", "safety_stock_days", "currency"] as const;
/** The code before the word: "use USD as my currency", "switch to eur for the currency". */
const CURRENCY_FIRST =
  /(?<![\w])(?:use|set|switch to|change to|make|want)(?: the)? ([a-z]{3,}) (?:as|for)(?: my| the)?(?: home| default| base| reporting)? currency(?![\w])/g;
/**
 * Amazon (or a marketplace) as the one who moved money to the seller. A marketplace closing one sentence and "give me"
 * opening the next ("any opportunities in the US? give me the comprehensive version", "… on amazon.it? give me 3")
 * asks for an answer or a count of its rows, not money.
 */
const PAID_TO_SELLER =
  /(?<![\w])(?:amazon(?:'s)?|__mkt__)(?: (?:has|have|had))?(?: (?:actually|really|finally|ever|already|just|even|last|__time__))? (?:send|sends|sent|settle|settles|settled|pay|pays|paid|deposit|deposits|deposited|transfer|transfers|transferred|wire|wires|wired|remit|remits|remitted|disburse|disburses|disbursed|give|gives|gave|hand|handed)(?: (?:out|over|across|back))?(?: (?:to|into))? (?:me|us|my (?:account|bank(?: account)?)|our (?:account|bank(?: account)?))(?![\w])(?! (?:the |a |an |all |my |our )?(?:full |complete |whole |detailed |comprehensive |short |quick |same )?(?:version|everything|all|list|rundown|breakdown|summary|overview|details?|reports?|picture|top|best|worst|numbers|figures|data)(?![\w]))(?! (?:just |only |the )?(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)(?: (?:of them|products?|items?|rows?|skus?|asins?|results?|ones?|only|please|pls))?$)/g;
/**
 * Money from Amazon said to reach the seller's account or bank ("when did the last Amazon money enter my account", "has
 * the cash from amazon landed in our bank yet", "money arriving on my account from amazon.de"): a payout, as sellers
 * see it arrive. Amazon (or a marketplace) is named before or after the money, so that sales money is not a payout.
 */
const MONEY_INTO_ACCOUNT =
  /(?<![\w])(?:(?:amazon(?:'s)?|amzn|__mkt__) (?:(?:last|latest|next|new) )?(?:money|cash|funds|payments?|transfers?)|(?:money|cash|funds|payments?|transfers?) (?:from|by) (?:amazon|amzn|__mkt__))(?: (?:last|finally|actually|already|ever|just|usually|normally))? (?:enter|enters|entered|entering|arrive|arrives|arrived|arriving|land|lands|landed|landing|hit|hits|hitting|reach|reaches|reached|reaching|drop|drops|dropped|dropping|come|comes|came|coming|go|goes|went|going|get|gets|got|show|shows|showed|showing|appear|appears|appeared|appearing|clear|clears|cleared|clearing)(?: (?:in|up|through))?(?: (?:in|into|to|on|onto|for|at))? (?:my|our|the)(?: (?:business|company|seller|own))? (?:account|bank|bank account|card|balance)(?![\w])/g;
/** The seller or their business as the one who turned money over. */
const OWN_TURN_OVER =
  /(?<![\w])((?:we|i|business|shop|store|company|brand)(?: (?:actually|really|roughly|even|all|just))?) (?:turn|turns|turned|turning) over(?![\w])/g;
/**
 * What the seller keeps, or money counted after its costs. "After costs" alone stays the P&L's words (concepts.json):
 * only money named before it is its profit. Money lost after its costs ("products losing money after all costs") is a
 * loss, the losing money the metric grammar reads, not money kept. Keeping a thing ("we keep our books in euros", "I keep track") is no money.
 */
const KEPT_AFTER_COSTS =
  /(?<![\w])(?<!(?:lose|loses|losing|lost|bleed|bleeds|bleeding|bled|burn|burns|burning|burnt|leak|leaks|leaking)(?: me| us)? )(?:(?:money|cash|revenue|sales|income|earnings) (?:after|net of|once you take off|minus|less) (?:all |the |my |our )*(?:costs|expenses|outgoings|costs and fees|fees and costs)|(?<=(?:^| )(?:i|we|do i|do we|did i|did we) )(?:actually |really |truly )?(?:keep|kept|pocket|pocketed|take home|took home))(?![\w])(?! (?:our|my|track|tabs|(?:the |a |an )?(?:books|records|accounts|ledger))(?![\w]))/g;
/**
 * Money made said by a verb of what is left once costs are paid: "how much did we net", "what did the UK store clear",
 * "what I took home in October", "did it net us anything", "how much have we pocketed". That money is the profit.
 * Read before the categories, so "home" in "take home" names no Home & Kitchen. Only said with the seller or the shop
 * as its subject; as a noun's word ("net sales", "net revenue") it is no verb here, and clearing a thing ("clear out
 * the old stock", "clear my alerts") is no money.
 */
const MONEY_CLEARED =
  /(?<=(?:^| )(?:i|we|you|it|shop|store|business|company|brand|account|__mkt__)(?: (?:have|has|had|actually|really|truly|even|ever|all|still|usually))? )(?:net|nets|netted|netting|clear|clears|cleared|clearing|take home|takes home|took home|taken home|taking home|bring home|brings home|brought home|bringing home|pocket|pockets|pocketed|pocketing)(?![\w])(?! (?:out|up|off|away|through|down|over|the|my|our|your|all|any|old|stock|inventory|units|it|them|that|this|those|these|alerts?|filters?|settings|data|history|cache)(?![\w]))|(?<=(?:^| ))(?:net|nets|netted)(?= (?:me|us)(?: |$))/g;
/**
 * Money said beside money cleared ("how much money did we net", "which store nets money"): the money is the profit,
 * no sales of its own.
 */
const MONEY_OF_PROFIT =
  /(?<=(?:^| )how much) (?:money|cash)(?=(?: [a-z_']+){1,4} profit(?: |$))|(?<= profit) (?:money|cash)(?= |$)/g;
/** A threshold on how long stock takes to sell ("take more than 150 days to sell through", "need over 90 days to clear"). */
const TIME_TO_SELL =
  /(?:^| )(?:take|takes|taking|took|would take|will take|need|needs|needing|last|lasts) (?:us |me )?(?:__above__|__below__) (?:days? )?(?:to )?(?:sell|selling|clear|clearing|shift|shifting|move|moving|run down|get rid|get through|sell out|burn through)(?= |$)/;
/** A period-over-period phrase and its unit ("month on month", "week-over-week"). */
const STEP_BY_STEP = /(?<![\w])(day|week|month|quarter)[ -](?:on|over)[ -]\1(?![\w])/;
/** "moved week to week", "from day to day", "month after month": how a figure went from one bucket to the next, a series. */
const BUCKET_TO_BUCKET = /(?<![\w])(day|week|month|quarter)[ -](?:to|after)[ -]\1(?![\w])/;
const BUCKET_AFTER_BUCKET = /(?<![\w])(day|week|month|quarter) after \1(?![\w])/g;
/** Days in each unit, near enough to tell whether a period holds two of them. */
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 28, quarter: 90 };

/** Whether the period covers at least two whole units ("since February" holds many months; "last month" one). */
function spansSeveral(timeframe: string, unit: string, today: string): boolean {
  const range = resolveTimeframe(timeframe, today);
  if (!range) return false;
  const days = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;
  return days >= 2 * UNIT_DAYS[unit];
}

/** Advertising figures that "PPC" before them only qualifies ("PPC clicks"); before money it is the spend. */
const PPC_FIGURES = new Set<Metric | null>([
  "clicks",
  "impressions",
  "ctr",
  "cpc",
  "acos",
  "roas",
  "tacos",
  "ad_sales",
]);
/** The nouns a seller names products by, singular and plural. */
const PRODUCT_NOUNS = ["product", "products", "item", "items", "listing", "listings", "sku", "skus", "asin", "asins"];
/** Plural words for products at the head of a metric's phrase. */
const PRODUCT_HEADS = new Set(["products", "items", "skus", "asins", "listings"]);
/** Words that give a setting a new value rather than ask about it. */
const SETTING_VALUE_CUE =
  /(?:^| )(?:update|change|set|make|adjust|correct|fix|switch|put|use|save|store|record|remember|takes?|needs?|is|are|now|actually|should be|crept|gone|grown|risen|fallen|dropped)(?= |$)/;
/**
 * A number with a plus after it ("300+ days"): that number or more. A percentage keeps its sign on either side of the
 * plus ("converting at 15%+", "a 15+% rate"), and is that percentage or more.
 */
const AT_LEAST_PLUS = /(?<![\w.])(\d+(?:\.\d+)?)(?: ?(%) ?\+| ?\+ ?(%)| ?\+)(?![\w\d%])/g;
/**
 * A command to show figures in a currency: "use euros", "switch to pounds", "report in dollars from now on", "use yen
 * for everything from here on", "from now on, go with sterling for all my reports".
 */
const CURRENCY_COMMAND =
  /^(?:please )?(?:(?:from now on|going forward|from here on|in future) )?(?:please )?(?:use|switch to|change to|go with|stick to|move to|report in|show (?:numbers |figures |everything )?in) ([a-z]{3,}(?: [a-z]{3,})?)(?: (?:for (?:everything|all|every figure|all figures|all (?:my |the )?(?:reports?|numbers|figures|amounts)|my (?:reports?|numbers|figures)|the (?:reports?|numbers|figures)|reporting)|from now on|going forward|from here on|in future|by default|instead|please))*$/;
/**
 * The target ACoS given a value, its name also in a second language's order ("my objective of acos is 22%"), or the
 * ACoS told first and called the target after ("ACoS 22% is my target", "acos of 15 as the goal").
 */
const TARGET_ACOS = new RegExp(
  `(?<![\\w])(?:(?:target acos|acos target|acos goal|goal acos|(?:target|goal) (?:of|for) (?:the |my )?acos)${SETTING_LINK} (\\d+(?:\\.\\d+)?) ?(?:%|percent)?|(\\d+(?:\\.\\d+)?) ?(?:%|percent)? (?:my |the |our |as my |as the )?(?:target acos|acos target|acos goal)|acos(?: of| at)? (\\d+(?:\\.\\d+)?) ?(?:%|percent)? (?:is|as|will be|should be|must be|for) (?:my |the |our |a |the new |my new )?(?:target|goal|objective|aim))(?![\\w])`,
  "g",
);
/**
 * An ACoS said as the purpose of a change: "so the ACoS gets to 20%", "until my acos is down at 25", "to bring the acos
 * under 30%", "for acos to hit 22%". What a change is made for is the target, not a filter on rows.
 */
const PURPOSE_TARGET_ACOS =
  /(?<![\w])(?:so(?: that)?|until|till|in order for|for|to (?:get|bring|push|drive|take|pull))(?: (?:the|my|our|its|their|overall))* acos(?: (?:to )?(?:gets?|getting|goes|going|comes?|coming|drops?|dropping|falls?|falling|moves?|reach(?:es)?|hits?|lands?|ends? up|is|will be|would be|sits?|settles?|(?:can|will|would|could) (?:get|go|come|drop|fall|reach|hit|land|be)))?(?: (?:down|back|up))?(?: (?:to|at|under|below|around|near|of))? (\d+(?:\.\d+)?) ?(?:%|percent)?(?![\w])/g;
const ADS_NAMED = /(?<![\w])(?:ads?|adverts?|advertising|ppc|campaigns?|sponsored)(?![\w])/;
const SHARE_OF_AD_SALES =
  /(?<![\w])(\d+(?:\.\d+)?) ?(?:%|percent|per cent) of (?:what (?:they|it|the ads|my ads|the campaigns?) (?:sell|sells|sold|make|makes|bring in|brings in|generate|generates)|(?:the |their |its )?(?:sales|revenue) (?:they|it|the ads|my ads|the campaigns?) (?:make|makes|made|bring in|brings in|generate|generates|drive|drives))(?![\w])/g;
const WISHED_AD_SHARE = new RegExp(
  `(?<=(?<![\\w])(?:want|wants|wanted|like|need|needs|should|must|aim|aiming|goal|target|set|keep)(?: [a-z'-]+){0,8} )(?:to )?(?:cost|costs|be|stay|spend)(?: me| us)? (?:no more than|not more than|at most|under|below|less than|max|maximum|up to|no higher than) ${SHARE_OF_AD_SALES.source.replace("(?<![\\w])", "")}`,
  "g",
);
/**
 * An ACoS aimed at in looser words: "ACoS down to 25%", "to hit a 25% ACoS", "I want it near 20", and a goal
 * reached for ("how should I change my bids to reach ACoS 22%", "so we land at ACoS 20"): after "to" or "so", the
 * figure is the target with or without "of", and so is one a learner would "have", "obtain" or "arrive to" ("bids to have
 * ACoS 22%", "to obtain acos 20"). "Did I reach ACoS 20% last month" asks how it went, not a target.
 */
const LOOSE_TARGET_ACOS =
  /(?<![\w])(?:acos (?:(?:down|back|up) |(?:to )?(?:lands?|landing|comes? in|coming in|ends? up|ending up|winds? up|settles?|settling|evens? out) )?(?:to|at|under|below|around|about|near) (\d+(?:\.\d+)?) ?(?:%|percent)?|(?<!(?:did|have|has|had) (?:i|we|it|you|they) )(?:hit|reach|reaching|achieve|achieving|get to|get down to|target|targeting|aim for|aiming for|aim at|aiming at|shooting for|land at|landing at|at) (?:an? )?(\d+(?:\.\d+)?) ?(?:%|percent)? (?:of )?acos|(?:hit|reach|achieve|get to|get|target|targeting|aim for|aiming for|shooting for) (?:an? |my )?acos (?:of|at) (\d+(?:\.\d+)?) ?(?:%|percent)?|(?<=(?:^| )acos (?:[a-z']+ ){0,8}?)(?:want|need|like|get|bring|have|keep) (?:it|that) (?:to (?:be|sit|stay|come) )?(?:(?:down |back )?(?:to|at|under|below|around|about|near|nearer|close to|closer to) )?(\d+(?:\.\d+)?) ?(?:%|percent)?|(?<=(?:^| )(?:to|so (?:i|we|that|it|they)(?: can| could| will| would)?|until (?:i|we|it)|help me|in order to) )(?:hit|reach|achieve|obtain|attain|have|get to|get down to|land at|land on|end up at|arrive at|arrive to) (?:an? |my |our |the )?(?:overall |blended )?acos (?:(?:of|at|around|about|near|to) )?(\d+(?:\.\d+)?) ?(?:%|percent)?)(?![\w])/g;
/** Sales listed with an ad figure on either side ("spend, sales and ACoS"). */
const AD_FIGURES_AROUND_SALES =
  /(?:^| )m_(?:ad_spend|acos|roas|tacos|cpc|clicks|impressions|ctr) (?:and |plus |& )?m_revenue (?:and |plus |& )?m_(?:ad_spend|acos|roas|tacos|cpc|clicks|impressions|ctr)(?= |$)/;
/**
 * What the campaigns, or what points back at the ads, cost: "what did they cost me", "how much have my campaigns cost
 * us" ("my ads cost me" is a name of the ad spend already). Set
 * against what they brought ("how much do the ads cost compared to the sales they bring") it is their ACoS instead.
 */
/**
 * Money put on clicks: "how much did I blow on clicks", "what we wasted on paid clicks", "spent on those clicks": what
 * the clicks cost, the ad spend, said as money on the ads; clicks counted ("how many clicks") stay clicks.
 */
const MONEY_ON_CLICKS =
  /(?<=(?:^| )(?:blow|blows|blew|blown|blowing|waste|wastes|wasted|wasting|burn|burns|burned|burnt|burning|sink|sinks|sank|sunk|sinking|spend|spends|spent|spending|lose|loses|lost|losing|(?:throw|throws|threw|thrown|throwing|piss|pissed|fritter|frittered|flush|flushed) away|pay|paid|paying) (?:on|for) )(?:(?:the|my|our|all|all the|all those|those|these) )?(?:(?:paid|ppc|ad|sponsored|useless|dead|wasted|bad) )?clicks(?= |$)/g;
const ADS_COST =
  /(?<=(?:^| )(?:what|how much)(?: money)? (?:did|do|does|have|has|had|will) (?:they|it|those|these|(?:my|our|the|those|these|your) (?:[a-z_]+ )?campaigns?)(?: (?:actually|really|all|each|both))? )(?:cost|costed|been costing)(?: me| us)?(?= |$)(?!(?: [a-z]+){0,2} (?:compared|comparing|versus|vs|against|relative|next to|per|for every|as a share|as a percentage)(?= |$))/g;
/**
 * Sales and the ad spend said as a pair, either way round ("spend and sales", "sales & spend"); set against each other
 * ("ad spend against revenue") the sales may be the store's.
 */
const SALES_BESIDE_AD_SPEND =
  /(?:^| )(?:m_ad_spend (?:and|plus|&) m_revenue|m_revenue (?:and|plus|&) m_ad_spend)(?= |$)/;
/**
 * What the ads returned, asked after what they cost, by a pronoun ("what did ads cost versus what they brought in",
 * "how much did I spend on ads and how much did they make", "how much I spent in publicity and how much it sold", "what
 * did the campaign cost us and what sales did it bring in October"): the sales the ads brought, not the store's revenue.
 */
const RETURN_AFTER_AD_SPEND =
  /(?<=(?:^| )m_ad_spend(?: [^ ]+){0,4}? )(?:what|how much)(?: (?:did|do|does|have|has|had))? (?:they|it|those|these|them|the ads|my ads|the campaigns|my campaigns)(?: (?:have|has|had|actually|really))? (?:brought(?: in| back)?|bring(?: in| back)?|brings(?: in| back)?|made|make|makes|generated|generate|earned|earn|returned|return|drove|drive|produced|produce|got back|get back|sold|sell|sells|m_units_sold|m_revenue|m_profit)(?= |$)|(?<=(?:^| )m_ad_spend(?: [^ ]+){0,4}? )(?:what|how much) m_revenue (?:did|do|does|have|has|had) (?:they|it|those|these|them|the ads|my ads|the campaigns|my campaigns|the campaign|that campaign) (?:bring|brought|make|made|generate|generated|drive|drove|earn|earned|produce|produced)(?: in| back)?(?= |$)/;
/** "storage" as an item of a list of costs: after a fee or before "and" and a fee or COGS. */
const STORAGE_AMONG_COSTS =
  /(?<=(?:fees?|cogs) (?:and |plus |or |& )?)storage(?= (?:and|plus|or|&) |$)|(?<=(?:^| ))storage(?= (?:and|plus|or|&) (?:(?:fba|referral|amazon|selling) )?(?:fees?|cogs)(?= |$))/g;
/** "ads" as an item of a list of costs ("cogs, ads, storage", "mainly ads and cogs"): what was spent on them. */
const ADS_AMONG_COSTS =
  /(?<=(?:fees?|cogs|storage) (?:and |plus |or |& )?)(?:ads|ad|advertising|ppc)(?= |$)|(?<=(?:^| ))(?:ads|advertising|ppc)(?= (?:and|plus|or|&) (?:(?:fba|referral|amazon|selling|storage) )?(?:fees?|cogs|storage)(?= |$))/g;
/**
 * Money ranked in a currency ("earned the most euros", "the fewest pounds"), and the verb that earned it; money said
 * to be held in the stock ("where are the most dollars tied up") is the stock's value, not money taken.
 */
const COUNTED_IN_CURRENCY =
  /(?:(?:earn|earns|earned|earning|made|make|makes|making|brought in|bring in|brings in|bringing in|took in|take in|takes in|pulled in|pull in|pulls in) )?((?:the )?(?:most|more|fewest|least)) (?:euros?|dollars?|pounds?|bucks|quid)(?! (?:(?:is|are|was|were|got|have been|has been) )?(?:tied|locked)(?: |$))(?= |$)/g;
/**
 * Someone other than the seller warned or told ("what risks should I warn my partner about", "anything I should flag
 * to the team", "what should I alert my VA to"): the seller passes it on, so the words ask what there is to tell (the
 * risks, the issues), not for an alert seller-ai sends.
 */
const OTHERS_WARNED =
  /(?:^| )(?:warn|warns|warned|warning|alert|alerts|alerted|alerting|notify|notifies|notified|notifying|ping|pinged|flag|flagging)(?: (?:to|up to))? (?:(?:my|our|the|his|her|their|a|an|any) )?(?:(?:business|ops|sales|marketing|finance|new) )?(?:partners?|co-?founders?|team|teams|boss|staff|investors?|accountants?|bookkeepers?|va|assistants?|managers?|wife|husband|suppliers?|colleagues?|clients?|agency|him|her|them|everyone|everybody|people)(?= |$)/g;
/** Words that ask for an amount of money rather than a count. */
const MONEY_AMOUNT =
  /(?<![\w])(?:how much (?:cash|capital|money)|worth|valu(?:e|es|ed|ation)|tied up|locked up|cash value|money value|in (?:money|cash)(?: terms)?|in (?:money|monetary|cash) terms)(?![\w])/;
/** A loss said of a cost: "bleeding money on FBA fees", "losing cash to storage fees". */
const LOSS_ON_COST =
  /(?:^| )m_profit (?:on|to|in|through|from|over|with|via|because of|due to) (?:(?:my|our|the|all|those|these|amazon's|amazon|its|their|all the) )*m_(?:fees|referral_fees|fba_fees|storage_fees|cost_of_goods|ad_spend)(?= |$)/;
/** Stock held: what money may be sitting in. */
const STOCK_HELD = /(?<![\w])(?:inventory|stock|warehouse|units i hold|units we hold|on hand)(?![\w])/;
/**
 * An order told by its two ends: "highest to lowest" (from the top), "smallest to largest" (from the bottom). After
 * "from", what is counted may stand between the ends ("from fewest units in stock to most"), or a metric phrase may
 * hold the first end itself ("least stock"): the list then runs from that end to the one named after "to".
 */
const ORDER_RANGE =
  /(?<![\w])(?:(highest|high|largest|biggest|most|best|top|greatest) (?:to|down to|through) (?:the )?(?:lowest|low|smallest|least|worst|bottom|fewest)|(?:lowest|low|smallest|least|worst|bottom|fewest) (?:to|up to|through) (?:the )?(?:highest|high|largest|biggest|most|best|top|greatest)|from (?:the )?(highest|largest|biggest|most|greatest) (?:[^ ]+ ){1,4}?(?:to|down to) (?:the )?(?:lowest|smallest|least|fewest)|from (?:the )?(?:lowest|smallest|least|fewest) (?:[^ ]+ ){1,4}?(?:to|up to) (?:the )?(?:highest|largest|biggest|most|greatest)|from (?:the )?m_[a-z_]+ (?:[^ ]+ ){0,3}?(?:to|up to) (?:the )?(?:highest|largest|biggest|most|greatest)|from (?:the )?m_[a-z_]+ (?:[^ ]+ ){0,3}?(?:to|down to) (?:the )?(lowest|smallest|least|fewest))(?![\w])/;
/** The order shown turned over: "flip the order", "reverse the ranking", "the other way round", "invert it". */
const REVERSED_ORDER =
  /(?:^| )(?:(?:flip|reverse|invert|swap|switch|turn) (?:the|that|this|its|their) (?:order|ordering|sort order|sort|sorting|ranking)|(?:flip|reverse|invert) (?:it|that|them|this)(?: (?:round|around))?|the other way (?:round|around)|upside down)(?= |$)/;
/** The sign the rows start from: "most negative first", "least positive ones first", "negatives first". */
const SIGNED_ORDER =
  /(?<![\w])(?:(?:(most|least|largest|biggest|deepest|greatest|strongest) )?(negative|positive)s?)(?: (?:values?|numbers?|ones?|figures?|growth|change|changes|rates?))? (?:first|on top|at the top)(?![\w])/;
/** The figure a growth phrase names by one of its words ("drop in units", "losing orders"), if any. */
function figureInGrowth(phrase: string, g: SlotGrammar): Metric | undefined {
  for (const word of phrase.split(" ")) {
    const found = g.metrics.find(word).find((m) => m.phrase === word && m.value.metric !== "growth_rate");
    if (found?.value.metric) return found.value.metric;
  }
  return undefined;
}

/** A count asked of what the seller has got: "how many have I got", "how many've we got left". */
const COUNT_HELD = /(?:^| )how many (?:have (?:i|we)|(?:i|we) have|'ve (?:i|we)|(?:i|we)'ve) got(?= |$)/;
/** Sounds of hesitation alone, which a follow-up's opening word may come after ("hmm and in canada?", "oh ok, units"). */
const HESITATION = /^(?:(?:hmm+|hm|um+|uh+|erm|er|ah+|oh+|well),? )+$/;
/** A count of goods with no word of selling: units held where the intent is stock ("how many pieces of X do I have"). */
const BARE_COUNTS = new Set(["units", "unit", "pieces", "piece", "pcs"]);
/** Stock named only as what remains, with no noun of its own ("have left", "remaining"). */
const STOCK_LEFT = /^(?:have left|got left|left|remaining|still left|available)$/;
/** An instruction about what was just shown ("bucket it monthly", "plot them by week"). */
const VERB_ON_IT =
  /^(?:please )?(?:re ?)?(?:bucket|group|show|chart|plot|graph|split|sort|order|rank|break|cut|narrow|filter|limit|redo|repeat|run|view|display|give|do)(?: me| us)? (?:it|them|that|those|this)(?= |$)/;
/**
 * "profit too?", "the UK as well": a question that ends by adding to the one before; "what's the ACoS on that?",
 * "how many orders was that?": one that ends by pointing at the answer just given.
 */
const ENDS_LIKE_A_FOLLOW_UP =
  /(?:^| )(?:too|as well|also|alone|(?:for|of|on|about|in|from|behind) (?:it|them|those|that|that one|this one|that product|this product)|(?:was|is|were|are) (?:that|those))(?: please)?$/;
/**
 * The answer just given named again with a word that points at it: "break that P&L out per category", "this report for
 * Germany", "those campaigns for last week", "the same chart per day", "can I get these numbers weekly". The noun says
 * which answer, the pointing word that it is the one on screen, so the reply edits it: what it does not change stays.
 */
const POINTS_AT_THE_ANSWER =
  /(?:^| )(?:that|this|those|these|(?:the )?same)(?: (?:same|very|exact|whole|full|top|bottom|\d{1,3}|daily|weekly|monthly|quarterly|ad|sales|stock|[mg]_[a-z_]+))?(?: [mg]_[a-z_]+)? (?:p&l|pnl|p and l|profit and loss|report|reports|chart|charts|graph|graphs|table|tables|list|lists|breakdown|breakdowns|view|numbers|figures|summary|trend|trends|ranking|rankings|analysis|results|totals|stats|overview|campaigns|products|items|skus|asins|listings|categories|rows)(?= |$)/;
/**
 * "the CPC of each one instead?", "could you change it to sales amount instead of orders?": a figure put in the place of
 * the one asked before, so the question before with that figure.
 */
const IN_PLACE_OF =
  /(?:^| )instead(?: of (?:the |my )?[a-z]+(?: [a-z]+)?)?(?: please)?$|^(?:(?:can|could|would) you |please )?(?:change|switch|swap|turn) (?:it|that|this|them) (?:to|into|for) /;
const GLUED_NUMBER = /(?<![\w])(top|bottom|best|worst|last|past|next|first)(\d{1,4})(?![\d.%])/g;
/** Words that make what follows the seller's own ("my supplier's invoice"). */
const OWN_BEFORE = new Set(["my", "our", "mine", "ours"]);
/**
 * "us" where no pronoun stands: opening the question before more words (a pronoun object never leads), beside
 * "only" or "alone", or last after a period or a place ("roas mtd us"), where an object would need a verb or
 * preposition before it.
 */
const US_AS_PLACE =
  /(?:^us(?= [a-z_])|(?<=^|\s)us(?= only| alone)|(?<=(?:^|\s)only )us(?= |$)|(?<=__(?:time|pop|yoy|cmptime)__ )us$)/;

/**
 * Where lower-case "us" is the US in a clipped question, as a character offset (-1 when it is the pronoun): right
 * after a figure named by its noun ("weekly units sold us last 6 months", "refund rate us"), or last in a question
 * written without a clause ("category gaps vs other sellers us"). The pronoun object always follows a verb or a
 * preposition ("tell us", "for us", "cost us", "undercutting us", "vs us"), and a clipped question has no verb.
 */
/**
 * A marketplace set aside for another, in either order: "swap FR for IT", "replace Germany with France", "change the UK
 * to DE", "switch from the US to Canada", "Italy instead of France", "ES, not FR". Groups: old and new, or new and old.
 */
function marketplaceSwapPattern(places: string[]): RegExp {
  const place = `(${[...places]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})`;
  const setAside = "swap(?:ping)?(?: out)?|replace|change|switch(?: from)?|move(?: from)?|go(?: from)?";
  return new RegExp(
    `(?<![\\w.])(?:(?:${setAside}) (?:the )?${place} (?:out )?(?:for|with|by|to|into|->) (?:the )?${place}|${place},? (?:instead of|rather than|in place of|as opposed to|(?:but )?not) (?:the )?${place})(?![\\w])`,
    "d",
  );
}

/**
 * The marketplace asked for when the question sets one aside for another ("swap FR for IT" asks for Italy). A code
 * that is also a word ("IT", "ES") counts only in capitals, as it does elsewhere.
 */
function swappedMarketplace(question: string, g: SlotGrammar): MarketplaceCode | undefined {
  const said = question.replace(/\s+/g, " ");
  const m = g.marketplaceSwap.exec(said.toLowerCase());
  if (!m?.indices) return undefined;
  const codeOf = (group: number): MarketplaceCode | undefined => {
    const [start, end] = m.indices![group];
    const word = said.slice(start, end);
    return (
      g.vocab.marketplaceAliases.get(word.toLowerCase()) ??
      (word === word.toUpperCase() ? (word as MarketplaceCode) : undefined)
    );
  };
  const [old, asked] = m[1] !== undefined ? [1, 2] : [4, 3];
  return codeOf(old) && codeOf(asked) ? codeOf(asked) : undefined;
}

function usAsPlaceAt(text: string, g: SlotGrammar): number {
  const found = /(?:^| )us(?= __time__| __pop__| __yoy__| __cmptime__|$)/.exec(text);
  if (!found) return -1;
  const at = found.index + found[0].length - 2;
  const before = text.slice(0, at).trim().split(" ").pop() ?? "";
  if (before === "" || US_PRONOUN_BEFORE.test(before)) return -1;
  const metric = g.metrics.find(text).find((m) => m.end === at - 1 && m.value.metric !== null);
  if (metric && !VERB_LIKE.test(metric.phrase.split(" ").pop() ?? "")) return at;
  const last = text.slice(at + 2).trim() === "";
  return last && !CLAUSE_WORD.test(text) ? at : -1;
}
/** Words the pronoun "us" follows: prepositions, comparisons, "just us", verbs by their endings. */
const US_PRONOUN_BEFORE =
  /^(?:for|to|with|about|of|by|from|against|at|on|in|behind|like|than|around|towards?|without|into|onto|upon|past|after|before|near|beyond|within|under|over|above|below|between|among|amongst|just|only|both|all|except|but|including|vs|versus|and|or|nor|[a-z]+ing|[a-z]+ed)$/;
/** A figure's last word that is also a verb taking "us" ("what ppc cost us", "what it earned us", "left us"). */
const VERB_LIKE =
  /^(?:[a-z]+ing|[a-z]+ed|cost|costs|spend|spends|spent|convert|converts|grow|grows|grew|grown|earn|earns|left|return|refund|decline|charges|order|price|make|makes|made|take|takes|took|taken|bring|brings|brought|give|gives|gave|net|nets|lose|loses|lost|save|saves|set|run|runs|ran|got|get|gets)$/;
/** Words that make a clause, which a clipped question does without. */
const CLAUSE_WORD =
  /(?:^| )(?:what|what's|whats|how|how's|hows|which|who|who's|whom|whose|where|where's|when|why|is|isn't|are|aren't|was|were|am|be|been|do|does|did|don't|doesn't|didn't|can|can't|could|will|won't|would|should|has|have|had|i|i'm|we|we're|you|they|they're|he|she|it|it's|let|please|tell|show|give|get|help|make|makes|made|keep|keeps|beat|beats|cost|costs|pay|pays|paid|owe|owes|sell|sells|sold|send|sends|sent)(?= |$)/;

/**
 * "buy" typed for "by" after a follow-up's opening or an ordering verb, where no purchase can be meant: never "buy box",
 * "buy more stock" or "buy 200 units".
 */
const BUY_AS_BY =
  /(^(?:(?:and|ok|okay|so|now|then|but|what about|how about) )*|(?:^| )(?:sort|sorted|rank|ranked|order|ordered|group|grouped|split|broken down|break it down|them|it) )buy (?!box|boxes|button|now|more|again|it|them|from|in|on|\d)(?=[a-z])/;
/** The kinds a report is named by, after its figure ("sales summary", "units trend"). */
const REPORT_KIND = "(?:summary|summaries|trend|trends|comparison|report|overview)(?= |$)";
/** A sales report named by its kind ("sales summary", "sales trend"), once masked. */
const SALES_REPORT = new RegExp(`(?:^| )m_revenue ${REPORT_KIND}`);
/** Any figure's report named so ("units trend"): two of them set reports side by side, each its figure. */
const METRIC_REPORT = new RegExp(`(?:^| )m_[a-z_]+ ${REPORT_KIND}`, "g");

/** A ranking by a metric named outright: "bottom 3 by m_revenue", "top __num__ by m_units_sold". */
const RANKED_BY_METRIC = /(?:^| )by m_[a-z_]+(?= |$)/;
/** A report or record named by how often it is made ("the monthly report", "our weekly review", "my daily log"). */
/** What others have on sale, as a range: "what rivals offer", "whatever the competition stocks". */
const RANGE_OFFERED =
  /(?:^| )(?:what|whatever|the things?|the products?|the stuff|the lines?) (?:my |the |other |our )?(?:rivals?|competitors?|competition|other sellers|others|they) (?:offer|offers|offered|stock|stocks|carry|carries|sell|sells|list|lists|have|has)(?= |$)/g;
/** Being ahead of the others said as a race: "led on revenue", "led the way", "came out on top", "topped the table". */
const LED_THE_OTHERS =
  /(?:^| )(?:(?:led|leads|leading) (?:the (?:way|pack|field|charts?) )?(?:on|in|for|by)|(?:led|leads) the (?:way|pack|field|charts?)|(?:came|come|comes|coming) (?:out )?(?:on )?top|(?:topped|tops|topping) the (?:charts?|table|list|rankings?))(?= |$)/g;
/** Money taken in a store's words, past or habitual ("pulled in", "rakes in"); "pull in the latest data" is a sync. */
const TAKINGS_VERB =
  /(?:^| )(?:pulled|raked|rake|rakes|raking) in(?! (?:the |my |our |all |some |any )?(?:latest|newest|freshest|fresh|new|data|numbers|figures|stats|updates?|everything|reports?)(?= |$))(?= |$)/g;
/**
 * Ads said to eat the money ("which campaign is eating the most money", "keywords draining my budget", "ads that gobble
 * up cash"): what they eat is what they spend, so the money is ad spend, not money taken; read as "spending". Said of
 * products ("which products burn cash") it stays a loss.
 */
const AD_MONEY_EATEN =
  /(?<![\w])((?:campaigns?|ads|adverts?|advertising|ppc|keywords?|ad groups?|search terms?|targets?)(?: (?:is|are|was|were|has been|have been|that's|that are|that is|which are|which is))?) (?:eating|eats|eat|ate|eaten|draining|drains|drained|swallowing|swallows|swallowed|gobbling|gobbles|gobbled|chewing|chews|chewed|sucking|sucks|sucked|devouring|devours|devoured|burning|burns|burned|burnt)(?: up| through)? (?:(the most|most|more|the least|least|less|so much|too much|a lot of|lots of) )?(?:(?:all )?(?:of )?(?:the|my|our|your) )?(?:money|cash|budget|ad budget|ad spend)(?![\w])/g;
/** "can I have that…", "could we have those…": a request to be shown the answer pointed at. */
const HAVE_IT_SHOWN = /^((?:can|could|may) (?:i|we)(?: please)?) have (that|it|this|those|these|them)(?= |$)/;
/**
 * Money taken asked of the seller or its store ("how much have we taken", "what did the german shop take", "how much
 * did we pull in"), never another deed ("what should I take off the price", "how long did it take") nor money taken home,
 * which is what is left of it (profit: MONEY_CLEARED).
 */
const TAKEN_BY_SELLER =
  /(^| )((?:how much|what)(?: (?:money|cash|dosh))?(?: (?:have|has|had|did|do|does))? (?:we|i|we've|i've|weve|ive|you guys|(?:the|our|my)(?: [a-z.]+)? (?:shop|store|shops|stores|business|storefront))(?: (?:actually|really|even|already|just|all|each|every|roughly|about))* )(?:take|takes|taken|took|pull|pulls|pulled)(?: in)?(?! (?:off|out|away|up|down|home|care|action|place|long|advantage|it|them|to|into|back|part|note|a look|over|the latest|new|fresh|data))(?= |$)/g;
/**
 * Periodic paperwork the figures are for ("filling in the quarterly figures", "for the monthly accounts"): how often it
 * is done, no breakdown by period.
 */
const PAPERWORK_CADENCE =
  /(?<![\w])((?:(?:fill|fills|filling|filled|complete|completing|update|updating|prepare|preparing|finish|finishing|working on|putting together) (?:in |out )?(?:the |my |our |these )?|(?:for|towards|into) (?:the|my|our|these) ))(?:daily|weekly|monthly|quarterly|yearly|annual) ((?:figures|numbers|returns?|accounts|books|filings?|stats|totals|vat|tax return|reconciliation)(?![\w]))/g;
// Who the report is for may come between ("the monthly investor update", "the weekly team meeting").
const REPORT_CADENCE =
  /(?<![\w])(?:daily|weekly|monthly|quarterly|yearly|annual) (?:(?:investor|investors|board|team|staff|shareholder|shareholders|client|clients|partner|partners|management|exec|executive|leadership|family|bank|lender|owner|owners|founder|founders|stakeholder|stakeholders|internal) )?(reports?|reviews?|meetings?|updates?|summary|recap|calls?|catch up|check in|deck|pack|board pack|newsletter|email|sync|stand ?up|log|logbook|spreadsheet|sheet|tracker|journal|diary)(?![\w])/g;
/**
 * Reviews counted per unit of time ("used to get a couple of reviews a week", "5 new reviews per month"): how fast
 * reviews come in, their count, not figures broken out by week.
 */
const REVIEWS_PER_UNIT =
  /(?<![\w])((?:new )?reviews?) (?:a|an|per|each|every) (?:day|week|fortnight|month|quarter|year)(?![\w])/g;
/**
 * When the seller took something in ("I watched a webinar last night about…", "read an article yesterday on…"): the
 * period is that of the webinar or the article, not of the figures asked about.
 */
const MEDIA_TAKEN_IN =
  /(?<![\w])((?:watched|watching|read|reading|saw|heard|listened to|attended|went to|came across|stumbled (?:on|across)|sat through|caught) (?:a |an |the |this |that |some |one )?(?:[a-z'-]+ ){0,3}?(?:webinars?|videos?|podcasts?|articles?|blog(?: posts?)?|posts?|threads?|courses?|talks?|newsletters?|books?|tweets?|seminars?|conferences?|episodes?|interviews?|masterclass(?:es)?|workshops?|reels?|livestreams?|presentations?|lectures?|classes|meetups?|summits?)) (?:last night|yesterday|this morning|earlier today|the other day|last week|at the weekend|over the weekend)(?![\w])/g;
/** A marketplace's domain said aloud, each dot a word ("amazon dot com", "amazon dot co dot uk"). */
/**
 * "amazon dot co dot uk", and "on dot de", "for dot com dot mx" with the name left off after a word that takes a place.
 */
const DICTATED_DOMAIN =
  /(?:(?<![\w])amazon |(?<=(?:^|\s)(?:on|in|for|from|at|to|vs|versus|and|or) ))dot ((?:co|com) dot [a-z]{2}|com|[a-z]{2})(?![\w])/gi;
/** "us" as one item of a list written with commas ("units, us, last week"; "top 10 by units, us"). */
const US_LISTED = /(^|,) *us *(?=,|[.?!]*$)/gi;
/**
 * "ad spend total? ACoS also", "units in total, acos too": "total" closing one item before a mark belongs to the figure
 * before it; the ACoS after the mark is plain ACoS, not TACoS ("total ACoS").
 */
const TOTAL_CLOSED_BEFORE_ACOS = /(?<![\w])(total)\s*[?.!,;:]+\s*(?=acos(?![\w]))/gi;
/** Every marketplace together ("all markets", "all of my marketplaces", "everywhere", "worldwide"). */
const ALL_MARKETPLACES =
  /(?:^| )(?:(?:all|every one) (?:of )?(?:the |my |our )?(?:amazon )?(?:marketplaces|markets|countries|stores|sites)|every (?:amazon )?(?:marketplace|market|country)|everywhere|worldwide)(?= |$)/;
/**
 * "all markets together", "all countries combined": every marketplace said in everyday words, which is the seller's
 * own marketplaces summed (the word "markets" alone leans to the market at large), said as the parser's word for them.
 */
const ALL_MARKETS_TOGETHER =
  /(?<=(?:^| )(?:all|every one) (?:of )?(?:the |my |our )?(?:amazon )?)(?:markets|countries|stores|sites)(?: (?:together|combined|summed|added up|in one))?(?= |$)/;
/**
 * Several marketplaces listed ("across US, CA and UK", "in DE, FR and IT", "for .com and .ca"): the question is of them
 * all together, so no one of them filters it. The commas are gone by now, so a list is places side by side, the last
 * joined by "and", or three or more; two side by side may be one place and slang ("amazon.com fr" is "for real"). A
 * code that is also a word ("us", "it") is a place of the list only when written in capitals. Set against each other
 * ("compare the UK and Germany", "UK vs DE", "UK or Germany") they stay a comparison.
 */
const LIST_JOINER = new Set(["and", "&", "plus"]);
/** Codes that are also words ("us", "it"): places only when the question writes them in capitals. */
const CODES_AS_WORDS = new Set(["us", "in", "it", "be", "es", "se", "sa", "ie", "ae"]);

/** The text with a list of marketplaces (see above) said as one place; undefined when it holds none. */
function withPlacesListedAsOne(text: string, question: string): string | undefined {
  if (!text.includes("__mkt__")) return undefined;
  const tokens = text.split(" ");
  const capitals = question.split(/[^A-Za-z_.]+/);
  const place = (t: string | undefined) =>
    t === "__mkt__" || (t !== undefined && CODES_AS_WORDS.has(t) && capitals.includes(t.toUpperCase()));
  for (let i = 0; i < tokens.length; i++) {
    if (!place(tokens[i])) continue;
    let j = i;
    let count = 1;
    while (place(tokens[j + 1])) {
      j++;
      count++;
    }
    // The last place joined by "and": "US, CA and UK", "UK and the US".
    let joined = false;
    const last = tokens[j + 2] === "the" ? j + 3 : j + 2;
    if (LIST_JOINER.has(tokens[j + 1] ?? "") && place(tokens[last])) {
      j = last;
      count++;
      joined = true;
    }
    if (count >= 3 || (count >= 2 && joined))
      return normalizeText([...tokens.slice(0, i), "__mkt__", ...tokens.slice(j + 1)].join(" "));
    i = j;
  }
  return undefined;
}
/** Words that set places against each other rather than list them. */
const PLACES_SET_AGAINST =
  /(?:^| )(?:compar\w*|vs|versus|v|against|between|differ\w*|split|broken|break\w*|which|(?:by|per|each) (?:marketplace|market|country)s?)(?= |$)/;
/**
 * A marketplace named only to be widened past ("not only Germany", "not just the UK", "rather than just France"): the
 * seller wants more than that place, never that place alone.
 */
const PLACE_WIDENED_PAST =
  /(?:^| )(?:not|rather than|instead of) (?:only|just|solely|simply|merely) (?:in |for |on |from )?(?:the )?__mkt__(?= |$)/g;
/** A place filter let go of ("drop the Germany filter", "remove the marketplace filter", "clear the UK bit"). */
const DROPPED_MARKETPLACE =
  /(?:^| )(?:drop|dropping|remove|removing|clear|lose|ditch|scrap|undo|forget|ignore|get rid of|take off|take away) (?:the |that |my )?(?:__mkt__ )?(?:marketplace |country |market )?(?:filter|restriction|bit|part)(?= |$)/;
/** A marketplace with the noun that names it as one ("__mkt__ market", "__mkt__ marketplace", "__mkt__ site"). */
const MARKETPLACE_NOUN = /__mkt__ (?:market|marketplace|site|store|storefront)s?(?![\w])/g;
/** A metric whose phrase implies a direction, then "most" ("m_buy_box_percentage on the most often"). */
const IMPLIED_THEN_MOST = /(?:^| )m_([a-z_]+)(?: (?:on|with))?(?: the)? most(?: often| of all)?(?= |$)/;
/**
 * "which ASIN spends the most time without the buy box", "the one most often losing the buy box": "most" before a
 * phrase that already says its direction tells how long or how often, so the phrase's direction holds.
 */
const MOST_THEN_IMPLIED =
  /(?:^| )(?:the )?most(?: of)?(?: (?:the|their|its))? (?:time|often|days|hours)(?: [a-z]+)? m_([a-z_]+)(?= |$)/;
/**
 * "sorted by spend", "rank my office products by units", "order them by spend": rows in an order. So are rows lined or
 * stacked up by a figure ("line up my products by orders", "stack my skus up by revenue", "arrange them by profit").
 */
const ORDERED_BY =
  /(?:^| )(?:sort|sorted|order|ordered|rank|ranked|arrange|arranged|(?:line|lined|lining|stack|stacked|stacking)(?: [^ ]+){0,3}? up)(?: [^ ]+){0,3}? by(?= |$)/;
/** Words that take a figure apart: "breakdown", "break my profit down", "break that out", "broken out". */
const BREAKDOWN = /(?<![\w])(?:breakdown|break (?:[^ ]+ ){0,3}?(?:down|out)|broken (?:down|out)|itemi[sz]ed?)(?![\w])/;
/** Detail levels from the least to the most thorough. */
const DETAIL_DEPTH: DetailLevel[] = ["summary", "detailed", "comprehensive"];
/** "30% ACoS", "an ACoS of 30%": an ACoS figure said without a threshold word. */
const ACOS_FIGURE = /(?<![\w])(?:(\d+(?:\.\d+)?) ?(?:%|percent) acos|acos of (\d+(?:\.\d+)?) ?(?:%|percent)?)(?![\w])/g;
/**
 * A forward-looking window: "in the next 2 weeks", "within 10 days", "inside a fortnight", also as a planning
 * horizon ("3 week horizon", "a horizon of 30 days"), as how long stock must still last ("won't last another 14
 * days"), loosely ("in like 10 days") and as the time the seller will be away and unable to restock ("I'm off on
 * holiday for 2 weeks", "we're closed for 10 days") or the restock is held up ("my shipment is delayed by 3 weeks",
 * "the inbound slipped by a week", "stuck in customs for about 2 weeks", "the trucks are delayed 10 days", "the
 * container is still 3 weeks away", though "Black Friday is six days away" is when a day falls), or someone else is
 * shut or the seller cannot restock ("the factory is shut for a month", "I can't ship anything in for about 3
 * weeks"): what runs out meanwhile is asked about.
 */
const HORIZON =
  /(?<![\w])(?:(?:in|within|over|for|during) )?(?:the )?(?:(?:next|coming|upcoming|following) (?:(\d+) )?(days?|weeks?|fortnights?|months?|quarters?|years?)|(?:within|inside(?: of)?) (\d+|an?|one) (days?|weeks?|fortnights?|months?|quarters?|years?)|in (?:(?:like|about|around|roughly|approximately|maybe|just|only|under|less than) )?(\d+) (days?|weeks?|fortnights?|months?)|(?:an? |the )?(\d+)[ -](days?|weeks?|months?)[ -](?:horizon|outlook|look ?ahead)|(?:an? |the )?(?:horizon|outlook|look ?ahead) of (\d+) (days?|weeks?|months?)|(?<=(?:last|lasts|lasting|survive|hold out|make it|see (?:me|us) through) )another (\d+|an?|one) (days?|weeks?|fortnights?|months?)|(?<=(?:^| )(?:i'm|im|i am|i'll be|ill be|i will be|we're|we are|we'll be|we will be)(?: [a-z']+){0,4}? )(?:away|off|gone|out|closed|travel(?:l)?ing|on (?:holiday|vacation|leave|a trip)) (?:[a-z']+ ){0,3}?for (?:the next )?(\d+|an?|one) (days?|weeks?|fortnights?|months?)|(?<=(?:^| )(?:delayed|stuck|held up|held|late|slipped|slips|slipping|slid|pushed back|pushed out|postponed|set back|behind|behind schedule|not arriving|won't arrive|wont arrive|won't land|wont land|won't be here|due|arrives|arriving|lands|landing)(?: [a-z']+){0,3}? )(?:by |for |in )(?:about |roughly |around |approximately |another |at least )?(\d+|an?|one) (days?|weeks?|fortnights?|months?)|(?<=(?:^| )(?:(?:is|are|'s|'re|will be|gets?|being) (?:closed|shut|off|away|out|down|on (?:holiday|vacation|leave|a break))|(?:can't|cant|cannot|can not|won't be able to|wont be able to|unable to|not able to|no way to) (?:send|ship|restock|reorder|get|order|replenish|top up|bring))(?: [a-z']+){0,4}? )for (?:about |roughly |around |approximately |another |at least |the next |like |maybe )?(\d+|an?|one) (days?|weeks?|fortnights?|months?)|(?<=(?:^| )(?:delayed|held up|slipped|slips|slid|pushed back|pushed out|postponed|set back|running late|late)(?: again)? )(?:about |roughly |around |approximately |another |at least )?(\d+|an?|one) (days?|weeks?|fortnights?|months?)|(?<=(?:^| )(?:shipments?|containers?|deliver(?:y|ies)|restock|inbound|freight|trucks?|pallets?|boat|vessel|po|stock|it|they)(?: is| are|'s|'re)(?: still| only| now)? )(?:about |roughly |around |another |at least )?(\d+|an?|one) (days?|weeks?|fortnights?|months?)(?= away(?: |$)))(?![\w])/g;
/** A horizon as a parameter: its name, then its length ("horizon 21 days", "horizon days: 45", "outlook 6 weeks"). */
const HORIZON_PARAMETER =
  /(?<![\w])(?:horizon|outlook|look ?ahead)(?: days)?\s*[:=]?\s*(\d+)(?: (days?|weeks?|fortnights?|months?))?(?![\w])/g;
/** Words that ask about a day still to come; "will you" is a request, not the future. */
const TOMORROW_ASKED =
  /(?<![\w'])(?:will(?! (?:you|u)(?![\w]))|won't|wont|going to|gonna|predict|forecast|expect|expected|likely|projected)(?![\w'])/;
/**
 * A length counted forward from today: "60 days out", "2 weeks from now", "3 months forward", "looking ahead 3 months".
 * Said as a look the seller might take ("and if I look 6 weeks ahead?", "what if we check 2 months out"), the "if"
 * belongs to the look: it is the same length ahead, no condition of an alert.
 */
const AHEAD_BY =
  /(?<![\w])(?:(?:(?:what )?if (?:i|we|you|u) (?:look|looked|check|checked|go|went|see|plan|planned)(?: (?:at|to|for))? )?(\d+|an?|one) (days?|weeks?|fortnights?|months?) (?:out|ahead|forward|forwards|from now|from today|down the (?:road|line|track))(?! of)|(?:(?:what )?if (?:i|we|you|u) )?(?:look(?:ing|s|ed)?|peek(?:ing)?|see|seeing|check|plan(?:ning)?|forecast(?:ing)?|project(?:ing)?) (?:ahead|out|forward|forwards) (?:by |for |over |to )?(?:the next )?(\d+|an?|one) (days?|weeks?|fortnights?|months?))(?![\w])/g;
/**
 * Nothing sold over a stretch of time: a negated verb of selling or a count of none ("haven't sold", "no sales",
 * "exactly 0 units" as NOTHING_SOLD writes it), then within a few words "in/for/over N days|weeks|months".
 */
const NONE_SOLD_FOR =
  /(?<![\w])((?:(?:haven't|havent|have not|hasn't|hasnt|has not|didn't|didnt|did not|never|not) (?:been )?(?:sold|sell|selling|shifted|shifting|moved|moving|had|made|got|received)|(?:no|zero|0) (?:sales?|orders?|units?|purchases?|movement)|exactly 0 (?:units|orders))(?: (?!(?:will|won't|wont|would|going|next|coming)(?![\w]))[a-z']+){0,4}?) (?:in|for|over|during|across) (?:the )?(?:last |past )?(\d+) (days?|weeks?|months?)(?![\w])/g;
/**
 * How long stock must last, said with a verb of lasting: "enough to cover 90 days", "will last 8 weeks", "won't last
 * 14 days", "lasts a month", "to see us through 6 weeks", "tide me over for a fortnight"; "for cover 120 days", as a
 * seller writing English as a second language says it; so is enough wanted for a length ("to have enough for 90 days",
 * "so I have enough stock for 2 months", "restock quantities for the UK, enough for 60 days"), though stock that already
 * has enough for one is a threshold ("products that have enough for 30 days"). "To last" after a comparison ("compared to last 30 days") is
 * the period's adjective.
 */
const COVERED_FOR =
  /(?<![\w])((?:(?:(?<!(?:compared|relative|close|similar|equal|up|down|back|next|due|prior|leading|going|from|vs|versus|against) )to|(?:will|would|should|could|can|might|may|does|do)(?: not|n't)?|won't|wont|can't|cant|cannot|it'll|that'll|enough to|need to|needs to) (?:cover|last|hold out|keep going)|for (?:to )?cover(?:ing)?|covers|lasts|lasting|(?:to (?:have|keep|get|be)|so (?:that )?(?:i|we|it|they|there)(?: will| would)?(?:'s| is| are| have| has| be)?|for (?:to )?having) enough(?: (?:stock|inventory|units|supply|goods))?|(?<!(?:have|has|had|having|with|got|hold|holds|holding|keep|keeps) )enough(?: (?:stock|inventory|units|supply|goods))?(?= for )|(?:see|get|carry|take|tide) (?:me|us|it|them|the business) (?:through|over)))(?: (?:for|me|us|through|over|roughly|about|around|at least|the|next|coming|upcoming|following|a further|another|an extra|a good|a full))*? (\d+|an?|one) (days?|weeks?|fortnights?|months?|quarters?)(?![\w])/g;
/** The cover wanted, told as a length covered: "want 90 days covered", "have 8 weeks of cover", "get 45 days' cover". */
const COVER_WANTED =
  /(?<![\w])(?:(?<=(?:want|wants|wanted|need|needs|needed|like|have|has|get|got|keep|aim for|target|with) (?:(?:about|around|roughly|at least|a full|the full|another|a further) )?)(\d+|an?|one) (days?|weeks?|fortnights?|months?)(?:'s?)? (?:of (?:stock |inventory )?)?cover(?:age|ed)?|(\d+|an?|one) (days?|weeks?|fortnights?|months?) covered)(?![\w])(?! or (?:less|more|fewer|under|over|below|above|lower|higher))/g;
/** Stock running out, the question of a horizon. */
const RUNNING_OUT =
  /(?<![\w])(?:run(?:s|ning)? out|ran out|sell(?:s|ing)? out|sold out|stock(?:s|ing)? out|out of stock|oos|gone|empty|dry)(?![\w])/;
/** A single unit of time ahead: "in a week", "within a month", "in about a fortnight". */
const IN_ONE_UNIT =
  /(?<![\w])in (?:(?:about|around|roughly|just|only|under|less than|like) )?(?:a|an|one) (day|week|fortnight|month)(?![\w])(?! or )/g;

/** An ASIN, with its possessive ("B0PSDOGT01's rating": the product's own rating, nobody else's). */
const ASIN = /(?<![\w])b0[a-z0-9]{8}(?:'s?)?(?![\w])/g;
/** A SKU after the word "sku", matched as written (normalising would split "OP-DESK-01" at its hyphens). */
const SKU = /(?<![\w])sku:? ?([a-z0-9][a-z0-9._-]*\d[a-z0-9._-]*)(?![\w])/gi;
/** A code shaped like a SKU, written in capitals: letters and digits joined by hyphens ("SO-YOGA-01"). */
const SKU_SHAPE = /(?<![\w-])(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9]{1,12}(?:-[A-Z0-9]{1,12}){1,4}(?![\w-])/g;
/**
 * A name shaped like a sponsored-ads campaign, written with capitals: a few title-case words, a dash and a match or
 * targeting type ("Dog Toys - Exact", "Yoga Mats - Broad (UK)"). Named so, it is a campaign even when the mirror has
 * none of that name (the answer then says so), never the category its first words happen to name.
 */
const CAMPAIGN_SHAPE =
  /(?<![\p{L}\p{N}])((?:[A-Z][\p{L}\p{N}'&]*|&)(?: (?:[A-Z][\p{L}\p{N}'&]*|&)){0,4}) ?[-–—] ?(?:[Ee]xact|[Aa]uto(?:matic)?|[Bb]road|[Pp]hrase|[Mm]anual|[Pp]roduct [Tt]argeting|PT|[Bb]rand [Dd]efen[cs]e|[Rr]esearch|[Ll]aunch|[Rr]anking)(?: \([A-Z]{2}\))?(?![\p{L}\p{N}])/gu;
/**
 * The campaign a capitalised name says. The shape takes any capitalised words before the dash, so a sentence's first
 * word or a possessive comes with it ("Our Kitchen Utensils - Exact", "How's Yoga Mats - Broad"): the catalog's
 * campaign the name ends with, or else the name without its leading words of grammar.
 */
function campaignNamed(name: string, campaigns: readonly string[]): string {
  const lower = name.toLowerCase();
  const known =
    campaigns.find((c) => c.toLowerCase() === lower) ?? campaigns.find((c) => lower.endsWith(` ${c.toLowerCase()}`));
  return known ?? (name.replace(CAMPAIGN_LEAD, "") || name);
}
/**
 * The words a capitalised name took in before the campaign it names, other than words of grammar ("Pause" in "Pause
 * Yoga Mats - Broad", "Switch Off" in "Switch Off Dog Toys - Exact"): an order given about the campaign, which stays in
 * the question's text.
 */
function wordsBeforeCampaign(name: string, campaign: string): string {
  const lower = name.toLowerCase();
  const at = lower.lastIndexOf(campaign.toLowerCase());
  return at > 0 && lower.endsWith(campaign.toLowerCase()) ? name.slice(0, at).replace(CAMPAIGN_LEAD, "") : "";
}
/** Words of grammar that begin a sentence or own a name, never a campaign's first word. */
const CAMPAIGN_LEAD =
  /^(?:(?:our|my|the|their|your|this|that|how's|how|what's|what|is|was|did|does|has|so|and|but|also|then|now|why|where's|where|when|show|check|pull|give|tell|can|could|please|hey|hi|ok|okay) )+/i;
/**
 * The current year, quarter or month named and then cut at today ("2026 so far", "November to date"): the calendar
 * token of the period to date, as "this year" or "this month" is.
 */
function periodSoFar(timeframe: string | undefined, question: string, today: string): string | undefined {
  // "I started in September … since then", "we launched in Q2, how much from then on": from that period's first day.
  // "since the bullet points changed on 2 November", "since we cut the price in March": from the day or period the
  // event is dated by, as "since 2 November" is.
  if (timeframe && (SINCE_THEN.test(question) || SINCE_EVENT.test(question)) && /^\d{4}/.test(timeframe)) {
    const start = resolveTimeframe(timeframe, today)?.start;
    if (start && start < today) return `${start}..${today}`;
  }
  if (!timeframe || !SO_FAR.test(question)) return timeframe;
  const year = today.slice(0, 4);
  const month = today.slice(0, 7);
  if (timeframe === year || timeframe === `${year}-01-01..${today}`) return "year_to_date";
  if (timeframe === month || timeframe === `${month}-01..${today}`) return "this_month";
  // "Monday to today": from the week's first day, the week so far.
  if (timeframe === `${resolveTimeframe("this_week", today)?.start}..${today}`) return "this_week";
  // "Q4 to date" in the fourth quarter: the quarter so far (a quarter named; "from 1 October until now" stays a range).
  const quarter = resolveTimeframe("this_quarter", today);
  const quarterNamed = /(?<![a-z\d])(?:q[1-4]|quarter)(?![a-z\d])/.test(question);
  if (quarter && quarterNamed && resolveTimeframe(timeframe, today)?.start === quarter.start) return "this_quarter";
  return timeframe;
}
/**
 * Whether a period is dates spelled out inside another ("daily revenue from 1 November to 31 December 2025, I want to
 * see how last year's peak built up"): the dates narrow the wider period, which only says what they are part of.
 */
function datesWithin(dates: string, wider: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}\.\./.test(dates)) return false;
  const inner = resolveTimeframe(dates, today);
  const outer = resolveTimeframe(wider, today);
  return !!inner && !!outer && inner.start >= outer.start && inner.end <= outer.end;
}
/**
 * "at this stage of 2025", said in 2026: the point reached in last year given by its number is the same point last
 * year.
 */
function lastYearByNumber(text: string, today: string): string {
  const last = Number(today.slice(0, 4)) - 1;
  return text.replace(
    new RegExp(`(?<![a-z])(this|the same) (point|stage|time) (?:of|in) ${last}(?![\\d])`, "g"),
    "$1 $2 last year",
  );
}
/** The running calendar periods that a named period a year before can be set against, like for like. */
const RUNNING_PERIODS = new Set(["this_month", "this_quarter", "year_to_date"]);
/**
 * "this November against last November so far", "this quarter vs Q4 2025 to date": the same calendar period a year
 * before the running one, cut at today, is the same stretch of it, like for like.
 */
function yearBeforeOfRunning(timeframe: string | undefined, compareTo: string | undefined, today: string) {
  if (!timeframe || !compareTo || !/^\d{4}(?:-\d{2}|-Q[1-4])?$/.test(compareTo)) return compareTo;
  const running = resolveTimeframe(timeframe, today);
  const named = resolveTimeframe(compareTo, today);
  const yearBefore = running && `${Number(running.start.slice(0, 4)) - 1}${running.start.slice(4)}`;
  return named &&
    named.start === yearBefore &&
    RUNNING_PERIODS.has(timeframe) &&
    calendarUnitOf(timeframe) === calendarUnitOf(compareTo)
    ? "same_period_last_year"
    : compareTo;
}
/** A running calendar period → the whole one just before it. */
const PERIOD_JUST_BEFORE: Record<string, string> = {
  this_week: "last_week",
  this_month: "last_month",
  this_quarter: "last_quarter",
};
/**
 * "November so far against October": the other side named is exactly the calendar period before the running one, so
 * it is that period's relative token, as the running side is ("this month vs last month").
 */
function previousOfRunning(timeframe: string | undefined, compareTo: string | undefined, today: string) {
  const previous = timeframe ? PERIOD_JUST_BEFORE[timeframe] : undefined;
  if (!previous || !compareTo || compareTo === previous) return compareTo;
  const named = resolveTimeframe(compareTo, today);
  const before = resolveTimeframe(previous, today);
  return named && before && named.start === before.start && named.end === before.end ? previous : compareTo;
}
const SINCE_THEN =
  /(?<![a-z])(?:since then|ever since|from then on|from then onwards?|since that (?:time|point|month|day))(?![a-z])/;
const SINCE_EVENT = /(?<![a-z])since (?:[^\s,.;:!?]+ ){1,7}?(?:on|in|back in|around|during)(?= )/;
const POINT_LAST_YEAR =
  /(?<![a-z])(?:(?:this|the same) (?:point|stage) (?:of |in )?(?:last year|a year ago)|where (?:we|i|it|they) (?:were|was) (?:at |by )?(?:this|the same) time (?:last year|a year ago))(?![a-z])/;
/** A period cut at today: "so far", "to date", "January through now", "Monday to today". */
const SO_FAR = /(?<![a-z])(?:so far|to date|(?:until|till|up to|through|thru|to) (?:now|today))(?![a-z])/;

/** Words of a bound said after its value that put the value at the bottom ("or more"), and at the top ("or less"). */
/** A verb of change just before a comparative ("got better", "has become worse", "getting any better"). */
const CHANGE_VERB_BEFORE =
  /(?:^| )(?:get|gets|got|gotten|getting|become|becomes|became|grown|gone|go|went)(?: any| much| a lot| a bit)? $/;

const FLOOR_WORDS = ["more", "higher", "above", "greater", "over", "up", "better", "worse"];
const CEILING_WORDS = ["less", "lower", "below", "fewer", "under", "down"];
/**
 * A value with its bound after it: "5% or more", "4 stars or lower", "50% or worse", also after the words of its
 * unit ("7 days of stock or less", "10 units in stock or fewer").
 */
const TRAILING_BOUND = new RegExp(
  `(?:(?:of|at|with) )?(\\$?\\d+(?:\\.\\d+)? ?%?) ((?:(?!or |and )[a-z]+ ){0,3})(?:or|and) (${[...FLOOR_WORDS, ...CEILING_WORDS].join("|")})(?= |$)`,
);
/**
 * A share said as a fraction or a ratio after a bound: "less than half the time", "under a third", "over two thirds",
 * "below 3/4 of the time", "more than 1 in 10", "at least 2 out of 5" (spoken numbers are digits by now). Its value
 * is the percentage the condition grammar reads.
 */
const FRACTION_BOUND =
  /(?<![\w])(less than|under|below|more than|over|above|at least|at most|fewer than) (?:(?:a |one )?(half|third|quarter|fifth|tenth)|(\d+|a|one) (halves|thirds|quarters|fifths|tenths|third|quarter|fifth|tenth)|(\d{1,3}) ?\/ ?(\d{1,3})|(\d{1,3}|a|one) (?:in|out of) (?:every )?(\d{1,4}))(?![\w/%])/g;
const FRACTION_PARTS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  quarter: 4,
  quarters: 4,
  fifth: 5,
  fifths: 5,
  tenth: 10,
  tenths: 10,
};
/** The percentage a fraction stands for, to one decimal ("a third" is 33.3). */
function fractionPercent(m: RegExpExecArray): number | undefined {
  const count = (w: string) => (w === "a" || w === "one" ? 1 : Number(w));
  const [, , unit, n, parts, num, den, k, of] = m;
  const [a, b] = unit
    ? [1, FRACTION_PARTS[unit]]
    : parts
      ? [count(n), FRACTION_PARTS[parts]]
      : num
        ? [Number(num), Number(den)]
        : [count(k), Number(of)];
  if (!b || a > b) return undefined;
  return Math.round((1000 * a) / b) / 10;
}

/** The bound said first, as the condition grammar reads it. */
function boundBefore(word: string): string {
  return FLOOR_WORDS.includes(word) ? "at least" : "at most";
}

/**
 * The opening words of a sentence that asks or requests, with or without its question mark. Wanting to do something
 * with the answer ("want to make sure the warehouse loads them on Monday's truck", "need to get them on the pallet")
 * tells what it is for: that sentence asks nothing, so its day is no period of the question.
 */
const QUESTION_OPENING =
  /^(?:(?:so|ok|okay|and|but|also|now|then|quick one|just) )*(?:what|what's|whats|which|how|how's|hows|is|are|was|were|do|does|did|can|could|would|will|any|anything|anyone|show|give|list|tell|who|where|when|why|pull|get|compare|check|find|chart|plot|graph|rank|break|sort|let me|i'd like to (?:see|know)|(?:i |we )?(?:need|want)(?! to (?:make sure|be sure|ensure|get (?:them|it|these|those)|have (?:them|it|these|those)|ship|send|load|book|plan|prep|prepare)\b))(?= |$)/;

/**
 * A sentence's end with more text after it: a full stop, question or exclamation mark, or semicolon before a space.
 * Not after an abbreviation that takes a full stop inside a sentence ("vs. last year", "e.g. Q3").
 */
const SENTENCE_END =
  /(?<!(?:^|[\s(])(?:vs|v|etc|approx|e\.g|i\.e|no|nr|mr|mrs|ms|dr|st|inc|ltd|co|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec))(?<=[\p{L}\p{N}%)'"’])(?:[.?!;]+|…)\s+(?=[\p{L}\p{N}"'“‘(])/giu;
/**
 * The end of a clause that sets the scene rather than asks, with its own period often enough ("planning the Q1
 * budget, best 5 by profit over the past 2 weeks?", "money is tight this month so, payouts by month ytd", "my
 * agency reports on fridays but I'd rather check: acos last week"): a clause opened by a participle and closed by a
 * comma, one closed by "so", or one closed by a colon after a word.
 */
const LEAD_CLAUSE =
  /^(\s*(?!(?:during|bring|thing|anything|everything|something|nothing|morning|evening|spring|string)\b)[a-z]{2,}ing\b[^,;:.?!]*?),\s+|(\b(?:so,|, so(?=\s))|(?<=[a-z]{3}):)\s+/gi;

/** Codes of that shape that are periods, not SKUs ("2025-Q3", "Q3-2025", a rolling window "T-30", "L-7D"). */
const PERIOD_CODE = /^(?:\d{4}-(?:Q[1-4]|H[12])|(?:Q[1-4]|H[12])-\d{4}|[LT]-\d{1,3}[DWM]?)$/;
/** "last 7d", "past 2w", "next 3mo": a shorthand unit after a word that opens a period. */
const SHORT_DURATION =
  /(?<![\w.])(last|past|previous|prior|trailing|next|coming|within|over the last|over the past|in the last|in the past) (\d{1,3}) ?(d|w|wk|m|mo|mth|y|yr)(?![\w])/g;
/**
 * "l30d", "t12m", "p7d": last, trailing or past N days, weeks or months, in one word as reports label them. Seller
 * Central and ad consoles also write the rolling window with no unit, in days: "L7", "L90", "T30", "T-90".
 */
const SHORT_WINDOW = /(?<![\w.-])(?:[ltp]-?(\d{1,3})(d|w|m)|[lt]-?(\d{1,3}))(?![\w-])/g;
const SHORT_UNITS: Record<string, string> = {
  d: "days",
  w: "weeks",
  wk: "weeks",
  wks: "weeks",
  m: "months",
  mo: "months",
  mos: "months",
  mth: "months",
  mths: "months",
  y: "years",
  yr: "years",
};
/**
 * "the same day last week", "same date a month ago"; also "the same day of the week before", "same day of the previous
 * month", as a learner of English says it.
 */
const SAME_DAY =
  /(?<![\w])(?:on )?(?:the )?same (?:day|date|weekday) (?:of )?(?:(?:last |a |one |the previous |the prior |the past |previous |prior )(week|month|year)(?: ago| before)?|the (week|month|year) (?:before|prior|earlier))(?![\w])/;
/** The same day before, masked, after a comparison's joining word. */
const SAME_DAY_TARGET =
  / (?:against|vs|versus|v|compared to|compared with|compare to|compare with|than|next to|beat|beats|beaten|beating|top|tops|topped|outdo|outdid|outdoes|outsell|outsold|outperform|outperformed|match|matched|trail|trailed|lag|lagged)(?: on)? __time__(?= |$)/;
/** A period's possessive ("yesterday's sales", "this month's revenue", "September's profit") is the period. */
const PERIOD_POSSESSIVE =
  /(?<![\w'])(today|yesterday|tonight|week|month|quarter|year|fortnight|weekend|ytd|january|february|march|april|june|july|august|sept?|september|october|november|december|jan|feb|apr|jun|jul|aug|oct|nov|dec|q[1-4]|(?:19|20)\d{2})'s(?![\w])/g;
/**
 * A numbered fiscal year is that year ("FY2025", "FY25", "fiscal 2025", "financial year 2025"): the seller's books have
 * no other calendar here. A span said beside it that only restates the calendar year ("fiscal 2025, January to
 * December") goes with it, rather than read as a range of its own.
 */
const FISCAL_YEAR =
  /(?<![\w])(?:fy|fiscal(?: year)?|financial year)[ -]?(?:(19|20)?(\d{2}))(?![\w])(?: (?:from )?jan(?:uary)? (?:to|through|thru|until|till|-) dec(?:ember)?(?![\w]))?/g;
/** A count noun next, which would make a year before it a count ("2025 orders"). */
const COUNT_NOUN_NEXT = /^ ?(?:units?|orders?|days?|weeks?|dollars)(?![\w])/;
/**
 * Buckets or rows turned down beside the ones wanted: "not by day", "rather than daily", "instead of by week", "not
 * per campaign", "rather than by product".
 */
const BUCKETS_TURNED_DOWN =
  /(?<![\w])(?:not|rather than|instead of) (?:(?:by |per |for )?(?:day|week|month|quarter|daily|weekly|monthly|quarterly)|(?:broken down |split )?(?:by|per|for each) (?:campaign|product|sku|asin|item|listing|keyword|category|marketplace|market|country)s?)(?![\w])/g;
/**
 * A chart switched to other buckets: "switch that to weeks", "make it monthly", "change it into months", "weeks
 * instead", "and now by weeks" (not a delay: "late by weeks"; nor a figure: "by days of supply").
 */
const REBUCKETED =
  /(?<![\w])(?:(?:switch|change|make|turn|move|put|flip|swap|convert|show|do|group|bucket|redo)(?: (?:it|that|this|them|those|the (?:chart|graph|view|trend|series|report|buckets)))?(?: (?:over|back))?(?: (?:to|into|in|as|by) (days|weeks|months|quarters|daily|weekly|monthly|quarterly)| (daily|weekly|monthly|quarterly))|(?<!\d )(days|weeks|months|quarters|daily|weekly|monthly|quarterly) instead|(?<!(?:delayed|late|ahead|behind|early|out|off) )by (days|weeks|months|quarters)(?! (?:of|left|remaining|cover)(?![\w])))(?![\w])/g;
/**
 * A reply of buckets alone, "in" them: "in weeks", "and now in months please". Only the whole reply is read so, as "I
 * haven't sold any in weeks" is a length of time.
 */
const REBUCKETED_ALONE =
  /^(?:(?:and|so|ok|okay|now|then|maybe|what about|how about|can you|could you|show it|show me|do it|just|please) )*in (days|weeks|months|quarters)(?: (?:now|instead|please|then|too|this time))*$/;
/** Two catalog names or marketplaces side by side: "beauty vs office", "UK or Germany". */
const SIDE_BY_SIDE =
  /__(category|subcategory|mkt)__ (?:vs|versus|v|compared to|compared with|against|or|and|next to) (?:the )?__(category|subcategory|mkt)__/;
/** A length of time the period grammars left alone: "make that 4 weeks". */
const DURATION = /(?<![\w.])(\d{1,3}) (days?|weeks?|months?)(?![\w])/g;
/** A value alone, as a follow-up changes a threshold or a count: "make it 30", "25% instead". */
const BARE_VALUE =
  /^(?:(?:and |ok |okay |now |then )?(?:(?:make|change|set|put|raise|lower|move|drop|bump|increase|decrease|reduce) (?:it|that|this|the)(?: (?:threshold|limit|cut ?off|value|number|bar|figure|level))?(?: to| down to| up to)?|to|at|what about|how about|try))? ?\$?(\d+(?:\.\d+)?) ?(?:%|percent)?(?: instead| then| please)?$/;
/** "the month before (that)", "the one before": the period just before the one asked about. */
const PERIOD_BEFORE =
  /(?<![\w])(?:the )?(?:day|week|month|quarter|year|period|one) (?:before|prior)(?: that| it| then| this)?(?![\w])|(?<![\w])the previous one(?![\w])/;
const LIMIT =
  /(?<![\w.$])(?<!(?:week|wk|day|quarter|month) )(\d{1,4})(?![\w.%])(?! ?(?:%|percent|days?|weeks?|months?|years?|\$|dollars|euros?|pounds?|stars?|and \d+ stars?|or \d+ stars?))/g;
const NUMBER = /^\$?(\d+(?:\.\d+)?)$/;
/** People counted after a number: "2 buyers", "3 of my customers". */
const HEADCOUNT_AFTER = new RegExp(`^ ${PEOPLE_COUNTED}`);
/** One picked from a count the seller has ("one of my 6 categories"). */
const PICKED_FROM = /^(?:one|two|some|any|each|all|none|which|either|both|most|half) of /;
/**
 * A count of what the seller has: "we've got 12 skus", "one of my 6 categories", "spread over 3 markets", "across all
 * three stores" (all of them, so no count of rows either).
 */
const COUNT_OWNED =
  /(?<![\w])(?:(?:i|we|i've|we've|i'm|we're) (?:only |just |now |currently )?(?:have|has|got|own|sell|run|carry|stock|selling|running|carrying)(?: only| just)?(?: got)?|(?:one|two|some|any|each|all|none|which|either|both|most|half) of (?:my|our|the|those|these)|(?:spread|split|spanning|spread out) (?:over|across|between)|(?:over|across) (?:my|our)|(?:across|over|in|on|for|from|of) all(?: (?:my|our|the))?) (\d+) (?:products?|skus?|asins?|items?|listings?|categories|lines|campaigns|brands|marketplaces|markets|countries|stores)(?![\w])|(?<=(?:products?|skus?|asins?|items?|listings?|lines) (?:in|across|over|between) )(\d+) (?:categories|marketplaces|markets|countries|stores)(?![\w])/g;
/** The set a question picks from: "of the 2 kitchen products", "between my 3 campaigns", "among these 4 listings". */
const PICKED_AMONG =
  /(?<![\w])(?:of|between|among|amongst) (?:the|my|our|these|those) (\d+) (?!(?:days?|weeks?|months?|years?|hours?|units?|orders?|stars?|percent)(?![\w]))(?:[a-z&'-]+ ){0,3}?[a-z]+s(?![\w])/g;
const ALERT_ID = /(?<![\w])alert_[a-z0-9]{4,40}(?![\w])/g;
/** "spend on" / "spent on": a verb when a cost follows, not the ad spend metric. */
const SPEND_VERBS = new Set(["spend", "spent", "spending"]);
/** The seller's own whole set before its noun: "my listings", "all our products", "all the items". */
const OWN_WHOLE_SET_BEFORE = /(?:^| )(?:(?:all )?(?:my|our)|all(?: of)? (?:my|our|the)|all) $/;
const COSTS = new Set<Metric>(["fees", "referral_fees", "fba_fees", "storage_fees", "cost_of_goods"]);
/** Something sold (for) said in money's terms: "sell for this month in money terms", "sold in value". */
const SOLD_FOR_IN_MONEY =
  /(?<![\w])(sell|sells|sold|selling)(?: for)?((?: [a-z_']+){0,6}?) in (?:money|value|cash|revenue)(?: terms)?(?![\w])/g;
/**
 * "how much did X sell for last month", "how much have we sold for in the UK": what the sales came to in a period. Asked
 * with "what" of the seller's own sales ("what did we sell for in Sweden", Nordic "hvad solgte vi for"), too; "what did
 * the mat sell for" stays its price.
 */
const HOW_MUCH_SOLD_FOR =
  /(?<![\w])(how much (?:did|have|has|had)(?: [a-z_']+){1,4}? (?:sell|sold)|what (?:did|have|had) (?:we|i) (?:sell|sold)) for(?= (?:__time__|__mkt__|in|during|over|across|since)(?![\w]))/g;
/** Money in general, which a verb of paying out may send to a cost. */
const MONEY_WORDS = new Set(["money", "cash"]);
/** What joins money to the cost it went on: "went to amazon in", "did we lose on", "was paid out as". */
const MONEY_TO_COST =
  /^(?:(?:did|does|do|has|have|had|is|was|were|are) )?(?:(?:i|we|it) )?(?:go|goes|went|gone|going|paid|pay|pays|spent|spend|lost|lose|loses|given|give|gave|handed|hand)(?: (?:out|over|away|back))?(?: (?:to|on) (?:amazon|them|__mkt__|amazon __mkt__))?(?: (?:in|on|for|as|to|into))?(?: (?:my|the|our))?$/;
/** The fees a seller names by what they pay for ("storing my stock", "packing and posting"). */
const NAMED_FEES = new Set<Metric>(["referral_fees", "fba_fees", "storage_fees"]);

/**
 * Extracts the slots of one question.
 *
 * @example
 * extractSlots("top 5 products by revnue in the US last month", grammar, catalog, "2026-11-21")
 * // { limit: 5, metrics: ["revenue"], marketplace: "US", timeframe: "last_month", … }
 */
export function extractSlots(
  typed: string,
  g: SlotGrammar,
  catalog: CatalogVocabulary,
  today: string,
  codesAsWords: Set<string> = codesStandingAsWords(typed),
): Slots {
  // "US$20", "€20": an amount in its currency's sign is the amount "$20", before "US" can be read as a marketplace.
  // "in Mỹ", "Ý store": a short place name that only its marks tell from a word, before normalizing drops them.
  const question = withMoneySignedAmounts(withMarkedPlaceNamesInEnglish(typed));
  const vocab = g.vocab;
  const slots: Slots = {
    masked: "",
    topicText: "",
    contentWords: [],
    unknownWords: 0,
    ownWords: false,
    followUpCue: false,
    inPlaceOf: false,
    comparison: false,
    metrics: [],
    showAll: false,
    top: false,
    orderedBy: false,
    metricSorts: {},
    bareUnits: false,
    soldSaid: false,
    listedMetrics: false,
    trendCue: false,
    breakdownCue: false,
    previousWord: false,
    singularSuperlative: false,
    reversedOrder: false,
    conditions: [],
    settings: {},
    periodBefore: false,
    overall: false,
    totalAsked: false,
    ranking: false,
    alertWord: false,
    changeWord: false,
    priceWord: false,
    moneyAmount: false,
    allMarketplaces: false,
    stockMoney: false,
    strangerOwner: false,
  };
  const matcher = catalogMatcher(catalog, vocab);

  // Marketplace codes that are also English words count only when written in capitals.
  const notShouting = question !== question.toUpperCase();
  const codeInCaps = notShouting ? g.ambiguousCodes.exec(question)?.[1] : undefined;

  // "amazon dot co dot uk": a marketplace's domain dictated is the domain. "us" alone between commas ("worst 5 by
  // profit, us, last 90 days"), an item of a terse list where the pronoun cannot stand, is the US.
  let asked = question
    .replace(DICTATED_DOMAIN, (_all, tld: string) => `amazon.${tld.toLowerCase().replace(/ dot /g, ".")}`)
    .replace(US_LISTED, "$1 the us")
    .replace(TOTAL_CLOSED_BEFORE_ACOS, "$1, and ");
  // "since Labour Day (Sept 7)": a day named with its date in brackets is that date (the brackets go in normalizing).
  asked = withBracketedDates(asked);
  if (/sku/i.test(question)) {
    asked = asked.replace(SKU, (_all, code: string) => {
      slots.sku ??= catalog.skus.find((s) => s.toLowerCase() === code.toLowerCase()) ?? code;
      return " __sku__ ";
    });
  }
  if (/[A-Z]/.test(asked) && /[-–—]/.test(asked)) {
    // Capitals are needed: a lower-case "returns - broad" is not a name (known campaigns are matched later).
    asked = asked.replace(CAMPAIGN_SHAPE, (name: string) => {
      const campaign = campaignNamed(name, catalog.campaigns);
      slots.campaign ??= campaign;
      return ` ${wordsBeforeCampaign(name, campaign)} __campaign__ `;
    });
    asked = asked.replace(SKU_SHAPE, (code) => {
      if (PERIOD_CODE.test(code)) return code;
      slots.sku ??= catalog.skus.find((s) => s.toLowerCase() === code.toLowerCase()) ?? code;
      return " __sku__ ";
    });
  }
  // Where one sentence ends and the next begins, for the period grammar (the marks are gone once normalized).
  // A question mark's end is kept apart ("__ask__"): that sentence asks something.
  if (/[.?!;]\s/.test(asked))
    asked = asked.replace(SENTENCE_END, (mark) => (mark.includes("?") ? " __ask__ " : " __stop__ "));
  // A clause that only sets the scene ends before the one that asks ("__lead__"): so does the seller's story of what
  // they did ("We switched prep centers in the summer - chart…"), whose period is when they did it.
  if (/[,\-–—]/.test(asked)) asked = asked.replace(TOLD_DEED_CLAUSE, "$1 __lead__ ");
  if (/[,:]/.test(asked))
    asked = asked.replace(LEAD_CLAUSE, (_all, participle?: string, mark?: string) => `${participle ?? mark} __lead__ `);
  // "top10", "last30days", "next2weeks": a number run into the word before it.
  let text = normalizeText(asked)
    .replace(GLUED_NUMBER, "$1 $2")
    // Phone typing: "n by category?" opens with "and"; "okay and buy profit", "sort buy units" order by a figure.
    .replace(/^n (?=[a-z])/, "and ")
    .replace(BUY_AS_BY, "$1 by ")
    // "what the store pulled in", "what we raked in": money taken, as "brought in" is (not a data pull); read before
    // typos, which would take "raked" for "ranked".
    .replace(TAKINGS_VERB, " brought in")
    // "how much have we taken this month", "what has the UK store taken": what the seller took is its takings.
    .replace(TAKEN_BY_SELLER, "$1$2brought in")
    // "which campaign is eating the most money": the money ads eat is what they spend.
    .replace(AD_MONEY_EATEN, (_all, ads: string, most?: string) => `${ads} spending${most ? ` ${most}` : ""}`)
    // "can I have that by units instead?": asking to be shown the answer again, not what the seller has.
    .replace(HAVE_IT_SHOWN, "$1 see $2");
  // "the courier needs a day or two": a rough length said in passing, before its numbers can be read as a count.
  text = roughLengthsAsFew(text);
  // Spoken numbers before typo correction, which would take "fifth" for "fifty" (and again after it, for misspelled
  // number words).
  text = spokenNumbers(text, g.monthNames);
  // "50k", "1 lakh", "2 million": an amount with its multiplier is that many in digits, before typos can take the word.
  text = withAmountsMultipliedOut(text);
  const written = words(text);
  slots.ownWords = written.some((word) => g.own.has(word));
  const corrected = written.map((word, i) => {
    // "u s", "u k": the letters of a country, not texting's "you".
    if (word === "u" && /^[sk]$/.test(written[i + 1] ?? "")) return word;
    let fixed = matcher.corrections.get(word);
    if (fixed === undefined) matcher.corrections.set(word, (fixed = correctWord(word, g, matcher.words)));
    return fixed;
  });
  if (corrected.some((word, i) => word !== written[i])) text = normalizeText(corrected.join(" "));
  // A word sounding like a seller's word, or shorthand, known only beside its neighbour ("my by box percentage").
  const misheard = g.phraseTypos.find(text);
  if (misheard.length > 0) text = normalizeText(replaceMatches(text, misheard, (m) => m.value));
  if (text.includes("'s")) text = text.replace(PERIOD_POSSESSIVE, "$1");
  if (/fy|fiscal|financial/.test(text))
    // Before a count noun ("FY25 orders") written "year 2025", which the period grammar reads as a year, not a count.
    text = text.replace(FISCAL_YEAR, (all: string, century = "20", year: string, at: number, whole: string) =>
      COUNT_NOUN_NEXT.test(whole.slice(at + all.length)) ? `year ${century}${year}` : century + year,
    );
  // "keywords that haven't produced a single sale": ad targets that brought nothing back are the wasted spend, read
  // before the denied sale is a count of zero or "a single" the number one.
  text = withTargetsWithoutSales(text);
  // "haven't sold a single unit", "sold zero units", "didn't get one order": none sold is a count of exactly zero (read
  // before "a single" is read as the number one), not one row.
  text = text.replace(
    NOTHING_SOLD,
    (_all, denied: string | undefined, sold: string | undefined, noun: string) =>
      `${denied ?? sold} exactly 0 ${/^o/.test(noun) ? "orders" : "units"}`,
  );
  // "spent $30 without a single order", "never led to one sale": none at all, read before "a single" is the number one.
  text = withNotASingleSaleAsNone(text);
  // Compound numbers in words ("a hundred and eighty", "twenty twenty five", "october first") before single ones.
  text = spokenNumbers(text, g.monthNames);
  // "21d", "6w", "3mo": a number with its unit run in, written out ("L30D" and "last 7d" are read below).
  if (/\d(?:d|w|wks?|mos?|mths?)(?![\w])/.test(text))
    text = text.replace(GLUED_UNIT, (_all, n: string, unit: string) => `${n} ${SHORT_UNITS[unit]}`);
  text = replaceMatches(text, g.numberWords.find(text), (m) => String(m.value));
  // "I've only got seven products", "one of my six categories", "spread over 4 marketplaces": how many the seller has
  // is background, not how many rows to show, nor a threshold ("over six").
  // A breakdown's noun said of how the catalog is spread ("in four categories") names no breakdown either; "one of my
  // six categories" still says what the question picks from.
  text = text.replace(COUNT_OWNED, (all: string, n?: string, m?: string) =>
    all.replace(
      new RegExp(
        `${n ?? m}${PICKED_FROM.test(all) ? "" : "(?: (?:categories|marketplaces|markets|countries|stores)$)?"}`,
      ),
      "__owned__",
    ),
  );

  // "of the two kitchen products, which one…", "between my 3 dog toys": the set a question picks from, not a limit.
  text = text.replace(PICKED_AMONG, (all: string, n: string) => all.replace(n, "__owned__"));

  // ">$30", "<5%": a sign run into the figure it bounds. "More often than not" is "mostly", never a threshold
  // "not under" ("losing the buy box more often than not? under 50%").
  text = normalizeText(
    text
      // "the ACoS-above-40% alert", "a returns-over-5% rule", "sub-50% buy box": a threshold written as one
      // hyphenated word.
      .replace(/(?<![\w-])(above|over|below|under|past|beyond|exceeding|sub)-(?=[$£€]?\d)/g, "$1 ")
      .replace(/(\d+(?:\.\d+)?) ?%/g, "$1 %")
      .replace(/(^|\s)([<>]=?)(?=[$£€\d])/g, "$1$2 ")
      .replace(/(?:^| )more (?:often|times) than not(?= |$)/g, " mostly")
      // "get to the bottom of it" is finding out why, no ranking from the bottom.
      .replace(
        /(?:^| )(?:get|getting|got) to the bottom of (?:it|this|that|things|what's going on)(?= |$)/g,
        " investigate",
      )
      // "which products led on revenue", "what came out on top for units": being ahead of the others ranks them.
      .replace(LED_THE_OTHERS, " leading ")
      // "what did that spend return in ad sales": the spend pointed at is what paid, the figure asked is its return.
      .replace(SPEND_THAT_RETURNED, "$1 "),
  );
  const leadWord = g.leadWords.find(text)[0];
  slots.inPlaceOf = IN_PLACE_OF.test(text);
  slots.followUpCue =
    (leadWord !== undefined && (leadWord.start === 0 || HESITATION.test(text.slice(0, leadWord.start)))) ||
    g.followUps.find(text).length > 0 ||
    ENDS_LIKE_A_FOLLOW_UP.test(text) ||
    POINTS_AT_THE_ANSWER.test(text) ||
    slots.inPlaceOf ||
    VERB_ON_IT.test(text);
  slots.reversedOrder = REVERSED_ORDER.test(text);
  slots.alertWord = g.alertWords.find(text.replace(OTHERS_WARNED, " ")).length > 0;
  slots.previousWord = /(?:^| )(?:previous|prior|preceding)(?= |$)/.test(text);
  slots.changeWord = g.changeWords.find(text).length > 0;
  // "what rivals offer", "whatever the competition sells": their range, not their prices.
  slots.priceWord = g.priceWords.find(text.replace(RANGE_OFFERED, " ")).length > 0;

  if (text.includes("alert_")) {
    text = replaceAll(text, ALERT_ID, (m) => {
      slots.alertId ??= m[0];
      return "__alert_id__";
    });
  }
  text = replaceAll(text, ASIN, (m) => {
    slots.asin ??= m[0].replace(/'s?$/, "").toUpperCase();
    return "__asin__";
  });

  // Settings, before anything reads their numbers as periods or limits.
  const days = (n: string, unit?: string) => Number(n) * (unit ? (g.dayUnits[unit] ?? 1) : 1);
  // "bump safety stock to 21d", "lead time 6w": a setting's length in shorthand is days or weeks written out.
  if (/lead|safety|buffer|cushion|reserve/.test(text))
    text = text
      .replace(SETTING_SHORT_LENGTH, (_all, n: string, unit: string) => `${n} ${unit === "d" ? "days" : "weeks"}`)
      .replace(SETTING_ONE_LENGTH, (_all, unit: string) => `1 ${unit}`);
  if (text.includes("lead")) {
    text = replaceAll(text, LEAD_TIME, (m) => {
      slots.settings.lead_time_days = days(m[1], m[2]);
      return "__setting__ s_lead_time";
    });
  }
  if (/safety|buffer|spare|reserve|cushion/.test(text)) {
    text = replaceAll(text, SAFETY_STOCK, (m) => {
      slots.settings.safety_stock_days = m[1] ? days(m[1], m[2]) : days(m[3], m[4]);
      return "__setting__ s_safety_stock";
    });
  }
  if (/order|po/.test(text)) {
    text = replaceAll(text, ORDER_TO_ARRIVAL, (m) => {
      slots.settings.lead_time_days ??= days(m[1], m[2]);
      return "__setting__ s_lead_time";
    });
  }
  if (/supplier|manufacturer|factor|vendor|producer/.test(text)) {
    text = replaceAll(text, SUPPLIER_LEAD_TIME, (m) => {
      slots.settings.lead_time_days ??= days(m[1], m[2]);
      return "__setting__ s_lead_time";
    });
    text = replaceAll(text, TRANSIT_LEAD_TIME, (m) => {
      slots.settings.lead_time_days ??= days(m[1], m[2]);
      return "__setting__ s_lead_time";
    });
  }
  // "report everything in pounds sterling", "switch to euros": a currency alone at the end of a request to show
  // things in it is the currency setting.
  // Only a real currency ("which currency is set" names none).
  // "japanese yen", "yen", "eur please": the longest name the words make.
  const one = (word: string) => (vocab.currencyCodes.has(word) ? word.toUpperCase() : vocab.words.currency_names[word]);
  const code = (words: string) =>
    one(words) ??
    words
      .split(" ")
      .map(one)
      .find((c) => c !== undefined);
  if (text.includes("currency")) {
    text = replaceAll(text, CURRENCY, (m) => {
      const c = code(m[1]);
      if (!c) return undefined;
      slots.settings.currency = c;
      return "__setting__ s_currency";
    });
    text = replaceAll(text, CURRENCY_FIRST, (m) => {
      const c = code(m[1]);
      if (!c) return undefined;
      slots.settings.currency ??= c;
      return "__setting__ s_currency";
    });
  }
  // The setting named with no currency after it ("report everything in euros, change the currency setting") takes the
  // one asked to be shown.
  if (slots.settings.currency === undefined && CURRENCY_VIEW.test(text)) {
    text = replaceAll(text, CURRENCY_VIEW, (m) => {
      const c = code(m[1]);
      if (!c) return undefined;
      slots.settings.currency = c;
      return "__setting__ s_currency";
    });
  }
  // "which ASINs earned the most euros", "the fewest pounds": money ranked in a currency is the
  // money taken, revenue, whatever verb earned it.
  text = text.replace(COUNTED_IN_CURRENCY, (_m, amount: string) => `${amount} revenue`);
  const currencies = g.currencies.find(text);
  // "use euros", "switch to pounds": a command naming only a currency sets it.
  const command = currencies.length > 0 && slots.settings.currency === undefined ? CURRENCY_COMMAND.exec(text) : null;
  const commanded = command && code(command[1]);
  if (commanded) {
    slots.settings.currency = commanded;
    text = "set __setting__ s_currency";
  }
  // A currency named in a question about figures ("revenue in euros") says how to show them, not what they are; named
  // after a number ("over 20 dollars", "30 quid") it is that amount of money, "$20".
  else text = replaceMatches(text, withAmountsInCurrency(text, currencies), (m) => m.value);
  // "how many dollars did I make today", "how many bucks came in": the seller's money counted in a currency is an
  // amount of money, not a count of a currency against another.
  text = withMoneyCountedInCurrency(text);
  // "what did one dollar of ad spend bring in", "sales per euro of advertising": what a unit of ad money brings back
  // is the ROAS.
  text = withAdMoneyReturnAsRoas(text);
  // "ads to cost no more than 25% of what they sell", "ads costing over 35% of the sales they make": ad spend as a
  // share of the sales the ads bring is ACoS, said in everyday words.
  // Wished for as a ceiling ("I want my ads to cost no more than 25% of what they sell"), it is the target ACoS.
  if (ADS_NAMED.test(text)) {
    text = replaceAll(text, WISHED_AD_SHARE, (m) => {
      slots.targetAcos = Number(m[1]);
      return "__target__ s_target_acos";
    });
    text = text.replace(SHARE_OF_AD_SALES, "$1 % acos");
  }
  const hasAcos = text.includes("acos");
  if (hasAcos) {
    text = replaceAll(text, TARGET_ACOS, (m) => {
      slots.targetAcos = Number(m[1] ?? m[2] ?? m[3]);
      return "__target__ s_target_acos";
    });
    text = replaceAll(text, PURPOSE_TARGET_ACOS, (m) => {
      slots.targetAcos ??= Number(m[1]);
      return "__target__";
    });
  }

  // Setting names left without a value: the question is about the setting itself.
  if (/acos|lead|safety|buffer|currency/.test(text)) {
    text = replaceAll(text, SETTING_NAME, (m) => {
      const key = SETTING_KEYS[[1, 2, 3, 4].findIndex((i) => m[i] !== undefined)];
      slots.settingNamed ??= key;
      return `s_${key}`;
    });
  }

  // "turnaround has crept up to 60 days, save that as my lead time": beside a setting measured in days, a length
  // reached is its new value, not an upper bound.
  if (slots.settingNamed === "lead_time_days" || slots.settingNamed === "safety_stock_days")
    text = text.replace(/(?<![\w])(?:up|down) to (\d+ ?(?:days?|weeks?|months?))(?![\w])/g, "to $1");
  // "untapped search terms us last 60": a clipped question's window without its unit, in days.
  text = windowInDays(text, !CLAUSE_WORD.test(text));
  // Shorthand lengths of time: "last 7d", "past 2w", "next 3mo", and run together as "L30D" or "T12M".
  if (/\d ?(?:d|w|wk|m|mo|mth|y|yr)\b|(?<![\w.-])[lt]-?\d/.test(text))
    text = text
      .replace(
        SHORT_WINDOW,
        (_all, n: string | undefined, unit: string | undefined, days: string | undefined) =>
          `last ${n ?? days} ${unit ? SHORT_UNITS[unit] : "days"}`,
      )
      .replace(SHORT_DURATION, (_all, lead: string, n: string, unit: string) => `${lead} ${n} ${SHORT_UNITS[unit]}`);
  // "hasn't sold a unit in 90 days", "no orders for 6 weeks": the stretch with nothing sold looks back, a period.
  if (/\d/.test(text)) text = text.replace(NONE_SOLD_FOR, "$1 last $2 $3");
  // "enough to cover 90 days", "stock that will last 8 weeks", "to see me through 3 months": how long the stock must
  // last looks forward, a horizon (before "last 8 weeks" can be read as a period).
  text = replaceAll(text, COVERED_FOR, (m) => {
    slots.horizonDays ??= days(/^\d/.test(m[2]) ? m[2] : "1", m[3]);
    return `${m[1]} __horizon__`;
  });
  // "if I want 90 days covered", "so we have 8 weeks of cover": the cover wanted looks forward, a horizon (a bound
  // before or after it, "under 30 days of cover", "30 days of cover or less", makes it a threshold instead).
  text = replaceAll(text, COVER_WANTED, (m) => {
    slots.horizonDays ??= days(/^\d/.test(m[1] ?? m[3]) ? (m[1] ?? m[3]) : "1", m[2] ?? m[4]);
    return "__horizon__";
  });
  // "what's going to be gone in a week", "what will sell out in a month": a single unit ahead, asked in the future
  // tense or of stock running out, is a horizon ("how much do I sell in a week" is a rate, no horizon).
  if (TOMORROW_ASKED.test(text) || RUNNING_OUT.test(text))
    text = replaceAll(text, IN_ONE_UNIT, (m) => {
      slots.horizonDays ??= days("1", m[1]);
      return "__horizon__";
    });
  // "60 days out", "a month from now", "looking 6 weeks ahead": a length counted forward from today is a horizon.
  text = replaceAll(text, AHEAD_BY, (m) => {
    const n = m[1] ?? m[3];
    slots.horizonDays ??= days(/^\d/.test(n) ? n : "1", m[2] ?? m[4]);
    return "__horizon__";
  });
  // "horizon 21 days", "horizon: 3 weeks", "horizon_days=45": a horizon given as a report's parameter, in days
  // unless a unit says otherwise.
  if (/horizon|outlook|look ?ahead/.test(text))
    text = replaceAll(text, HORIZON_PARAMETER, (m) => {
      slots.horizonDays ??= days(m[1], m[2]);
      return "__horizon__";
    });
  // Forward-looking windows ("in the next 2 weeks") before periods, which look back.
  text = replaceAll(text, HORIZON, (m) => {
    const n = m[1] ?? m[3] ?? m[5] ?? m[7] ?? m[9] ?? m[11] ?? m[13] ?? m[15] ?? m[17] ?? m[19] ?? m[21];
    const unit = m[2] ?? m[4] ?? m[6] ?? m[8] ?? m[10] ?? m[12] ?? m[14] ?? m[16] ?? m[18] ?? m[20] ?? m[22];
    slots.horizonDays = days(n === undefined || !/^\d/.test(n) ? "1" : n, unit);
    return "__horizon__";
  });

  // "what will my buy box be tomorrow": tomorrow, asked in the future tense, is a day ahead (told as a plan, "cutting
  // budgets tomorrow", it is no period of the question).
  if (text.includes("tomorrow") && TOMORROW_ASKED.test(text)) {
    slots.horizonDays ??= 1;
    text = text.replace(/(?<![\w])(?:by |for |on )?tomorrow(?![\w])/g, "__horizon__");
  }
  // "will it run out before christmas?": a holiday stock must last until is a horizon from today, not a day gone by.
  const holiday =
    slots.horizonDays === undefined ? holidayDeadline(text, today, RUNNING_OUT.test(text), "__horizon__") : undefined;
  if (holiday) {
    slots.horizonDays = holiday.days;
    text = holiday.text;
  }
  // "Black Friday last year", "on Boxing Day": a shopping day named is its date.
  text = withNamedDays(text, today);
  // "which products run out before 12 December", "…due to land on 12 December. What runs out before it arrives?": the
  // day stock must last until is a horizon from today, not a day gone by.
  const deadline = slots.horizonDays === undefined ? stockDeadline(text, today, "__horizon__") : undefined;
  if (deadline) {
    slots.horizonDays = deadline.days;
    text = deadline.text;
  }
  const sameDay = text.includes("same") ? SAME_DAY.exec(text) : null;
  if (sameDay) {
    slots.sameDayBack = (sameDay[1] ?? sameDay[2]) as "week" | "month" | "year";
    text = normalizeText(`${text.slice(0, sameDay.index)} __time__ ${text.slice(sameDay.index + sameDay[0].length)}`);
  }
  // The sentences' boundaries, as offsets in the text without their marks.
  const sentences: { start: number; asks: boolean }[] = [];
  if (/__(?:stop|ask|lead)__/.test(text)) {
    const parts = text.split(/ ?(__(?:stop|ask|lead)__) ?/);
    text = "";
    for (let i = 0; i < parts.length; i += 2) {
      if (text) text += " ";
      const start = text.length;
      // A sentence asks when it ends with a question mark or opens as a question or request does.
      const end = parts[i + 1] ?? (/\?\s*$/.test(question) ? "__ask__" : "__stop__");
      sentences.push({ start, asks: end === "__ask__" || (end !== "__lead__" && QUESTION_OPENING.test(parts[i])) });
      text += parts[i];
    }
    // After a scene-setting clause, what follows is the request even when it is worded as a bare list of figures
    // ("cash is tight this month so, payouts by month ytd").
    if (parts.includes("__lead__") && !sentences.some((x) => x.asks)) sentences[sentences.length - 1].asks = true;
  }
  text = text.replace(MEDIA_TAKEN_IN, "$1");
  text = lastYearByNumber(text, today);
  const time = findTimeframes(
    text,
    today,
    vocab.timeframes,
    vocab.words.comparison_cues,
    vocab.words.comparison_verbs,
    sentences.map((x) => x.start),
  );
  // After a preamble with a period of its own ("planning our Q1 budget, I need to know … last year"), the period
  // asked about is the one in the question's own clause.
  const opener = time.periods.length > 1 && !time.compareTo ? g.requestOpeners.find(text).at(-1) : undefined;
  // Several sentences each with a period ("sales felt off this week. anything odd over the last 5 days?", "before Q1
  // planning. which products sold least over the past year?"): the period is the one of the sentence that asks (the
  // last one with a question mark or a question's opening); the others set the scene or add an aside ("… in
  // September? I'd like to double down for Q4."). A comparison's own period is still the first one of that sentence.
  const asking = sentences.findLast((x) => x.asks);
  const askingEnd = sentences.find((x) => asking && x.start > asking.start)?.start ?? Infinity;
  const inAsking = (at: number) => asking !== undefined && at >= asking.start && at < askingEnd;
  const sentencePeriod =
    asking && time.periods.some((p) => !inAsking(p.start)) ? time.periods.find((p) => inAsking(p.start)) : undefined;
  const afterOpener = opener && opener.start > 0 ? time.periods.find((p) => p.start >= opener.end) : undefined;
  // "back in October we ran deals over Prime Big Deal Days (7-8 October)": days named inside the month said first
  // narrow it, and are the period asked about.
  const narrower =
    !time.compareTo && time.periods.length > 1
      ? time.periods.find((p) => p !== time.periods[0] && datesWithin(p.token, time.periods[0].token, today))
      : undefined;
  const ownPeriod =
    sentencePeriod ??
    (afterOpener && !datesWithin(time.periods[0].token, afterOpener.token, today) ? afterOpener : undefined) ??
    narrower;
  text = time.text;
  slots.timeframe =
    ownPeriod?.token ?? time.timeframe ?? (slots.sameDayBack ? sameDayBefore(today, slots.sameDayBack) : undefined);
  slots.compareTo = time.compareTo;
  slots.comparison = time.comparison;
  // "how did yesterday hold up against the same day last week": a day set against the same day a week (month, year)
  // before it.
  const day = slots.sameDayBack && !time.compareTo ? resolveTimeframe(time.timeframe ?? "", today) : undefined;
  if (day && day.start === day.end && SAME_DAY_TARGET.test(text)) {
    // The same day a year before is the same dates a year earlier, which the contract names as such.
    slots.compareTo =
      slots.sameDayBack === "year" ? "same_period_last_year" : sameDayBefore(day.start, slots.sameDayBack!);
    slots.comparison = true;
    text = text.replace(SAME_DAY_TARGET, " __vs__ __cmptime__");
  }
  // "are we ahead of where we were at this point last year": with no period of its own, the point reached this year
  // is the year so far, set against the same stretch of last year.
  // "are we up on last year so far": the same, the year so far.
  if (
    !slots.timeframe &&
    slots.compareTo === "same_period_last_year" &&
    (POINT_LAST_YEAR.test(lastYearByNumber(question.toLowerCase(), today)) || SO_FAR.test(question.toLowerCase()))
  )
    slots.timeframe = "year_to_date";
  const saidTimeframe = slots.timeframe;
  slots.timeframe = periodSoFar(slots.timeframe, question.toLowerCase(), today);
  // Both sides named ("November so far against October"): the running one became its relative token, so the other
  // follows it. Said in relative words against a named period ("this quarter against Q3"), the other side keeps the
  // name the user gave it.
  if (saidTimeframe !== slots.timeframe) slots.compareTo = previousOfRunning(slots.timeframe, slots.compareTo, today);
  if (SO_FAR.test(question.toLowerCase()))
    slots.compareTo = yearBeforeOfRunning(slots.timeframe, slots.compareTo, today);
  // "month on month since February", "week over week for the last quarter": a period holding several of the unit is
  // drawn unit by unit, a trend, rather than one unit set against the one before.
  const stepUnit = slots.compareTo === "previous_period" ? STEP_BY_STEP.exec(question.toLowerCase())?.[1] : undefined;
  if (stepUnit && slots.timeframe && spansSeveral(slots.timeframe, stepUnit, today)) {
    slots.groupBy = stepUnit as GroupBy;
    slots.compareTo = undefined;
    slots.comparison = false;
    slots.trendCue = true;
  }

  // "spent over $20 and no orders", "30+ clicks but zero sales": money or clicks that brought none back, the
  // waste, before "and no orders" can be read as a low conversion rate or "zero orders" as a count.
  text = withNothingInReturn(text);
  // "anything with 0 units sold", "SKUs that had zero orders": none at all is a count equal to zero.
  text = text.replace(NONE_COUNTED, "$1 exactly 0 ");
  // "300+ days of stock": at least that many; "converting at 15%+", "a 15+% rate": that percentage or more.
  if (text.includes("+"))
    text = text.replace(AT_LEAST_PLUS, (_, n, before, after) =>
      // A percentage is said as its bound after it, which also takes the "at" before it ("converting at 15%+").
      before || after ? `${n} % or more` : `at least ${n}`,
    );
  // "returns of 5% or more", "ACoS of 50% or worse", "a rating of 4 or lower": the bound said after the value.
  const trailingBound = TRAILING_BOUND.exec(text);
  if (trailingBound) {
    const [whole, value, unit, word] = trailingBound;
    const said = `${boundBefore(word)} ${value} ${unit}`.trim();
    text = text.slice(0, trailingBound.index) + said + text.slice(trailingBound.index + whole.length);
  }
  // "less than half the time", "more than 1 in 10": a fraction is its percentage.
  if (/half|third|quarter|fifth|tenth|\/| in | out of /.test(text))
    text = replaceAll(text, FRACTION_BOUND, (m) => {
      const percent = fractionPercent(m);
      return percent === undefined ? undefined : `${m[1]} ${percent} %`;
    });
  const before = slots.conditions.length;
  text = extractConditions(text, g, slots);
  // "stock that would take over 150 days to sell through": how long the stock lasts is its days of supply.
  if (TIME_TO_SELL.test(text)) for (const c of slots.conditions) c.metric ??= "days_of_supply";
  // "or worse" / "or better" follow the metric's good direction: a worse ACoS is higher, a worse rating lower.
  const boundJudged = trailingBound?.[3];
  if (boundJudged === "worse" || boundJudged === "better") {
    for (const c of slots.conditions.slice(before)) {
      const higherIsWorse = c.metric !== undefined && vocab.lowerIsBetter.has(c.metric);
      c.op = (boundJudged === "worse") === higherIsWorse ? ">=" : "<=";
    }
  }

  // What the period grammars left: a length of time, a value alone, "the month before".
  if (!slots.timeframe && slots.horizonDays === undefined && /\d/.test(text)) {
    text = replaceAll(text, DURATION, (m) => {
      if (slots.duration) return undefined;
      const unit = m[2].endsWith("s") ? m[2] : `${m[2]}s`;
      slots.duration = { n: Number(m[1]), unit: unit as "days" | "weeks" | "months" };
      return "__duration__";
    });
  }
  // A setting named beside a length of time told as its new value ("update my lead time, the supplier needs 6 weeks",
  // "set the safety stock: 12 days") is that setting's value, wherever the length stands.
  const daySetting = slots.settingNamed === "lead_time_days" || slots.settingNamed === "safety_stock_days";
  if (
    daySetting &&
    slots.duration &&
    Object.keys(slots.settings).length === 0 &&
    (slots.settingNamed === "lead_time_days" || slots.duration.unit !== "months") &&
    SETTING_VALUE_CUE.test(text)
  )
    slots.settings[slots.settingNamed as "lead_time_days"] = days(String(slots.duration.n), slots.duration.unit);
  const value = slots.conditions.length === 0 ? BARE_VALUE.exec(text) : null;
  if (value) slots.bareValue = Number(value[1]);
  // A value alone, or a verb that moves one ("drop it to 40"), edits what came before.
  if (value) slots.followUpCue = true;
  // "lower that threshold to 30": the verb moves the value, it does not order rows.
  const valueVerb =
    value !== null && /^(?:(?:and|ok|okay|now|then) )?(?:lower|raise|drop|bump|increase|decrease|reduce)\b/.test(text);
  if (!slots.timeframe && !slots.comparison) {
    const before = /before|prior|previous/.test(text) ? PERIOD_BEFORE.exec(text) : null;
    if (before) {
      slots.periodBefore = true;
      text = normalizeText(`${text.slice(0, before.index)} __before__ ${text.slice(before.index + before[0].length)}`);
    }
  }

  if (hasAcos) {
    // Loose target phrasings: "ACoS down to 25%", "to hit 25% ACoS", "my acos is too high, I want it near 20".
    text = replaceAll(text, LOOSE_TARGET_ACOS, (m) => {
      slots.targetAcos ??= Number(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]);
      return "__target__";
    });
    // An ACoS figure with no threshold word ("bids for a 30% ACoS"): what bids would aim at.
    for (const m of regexMatches(text, ACOS_FIGURE)) slots.acosFigure ??= Number(m.value[1] ?? m.value[2]);
  }

  // "Germany's sales", "the UK's been slow", "amazon.de's orders": a marketplace's possessive (or "'s" for "is", "has")
  // still names it.
  if (/'|s(?= |$)/.test(text)) text = withoutPlacePossessives(text, g);
  slots.marketplace ??= swappedMarketplace(question, g);
  // "total de vendas do mês", "de omzet van vorige maand", "ventes au mois de mars": "de" and "au" as words of
  // another language, not Germany and Australia (codes-as-words.ts).
  text = replaceMatches(text, placesNamed(text, g, codesAsWords), (m) => {
    slots.marketplace ??= m.value;
    return "__mkt__";
  });
  // "the German market", "the UK store": the marketplace itself, not the market at large.
  if (slots.marketplace) text = text.replace(MARKETPLACE_NOUN, "__mkt__");
  if (!slots.marketplace && codeInCaps) {
    slots.marketplace = vocab.marketplaceAliases.get(codeInCaps.toLowerCase()) ?? (codeInCaps as MarketplaceCode);
    const code = codeInCaps.toLowerCase();
    const at = text.lastIndexOf(` ${code}`) >= 0 ? text.lastIndexOf(` ${code}`) + 1 : text.startsWith(code) ? 0 : -1;
    if (at >= 0) text = normalizeText(`${text.slice(0, at)} __mkt__ ${text.slice(at + code.length)}`);
  }
  // "us" in lower case where the pronoun cannot stand ("us only: …", "roas mtd us", "us sales this week"): the US.
  if (!slots.marketplace && US_AS_PLACE.test(text)) {
    slots.marketplace = "US";
    text = normalizeText(text.replace(US_AS_PLACE, " __mkt__ "));
  }
  const usAt = slots.marketplace ? -1 : usAsPlaceAt(text, g);
  if (usAt >= 0) {
    slots.marketplace = "US";
    text = normalizeText(`${text.slice(0, usAt)} __mkt__ ${text.slice(usAt + 2)}`);
  }
  // "bottom 3 by rev in es", "filter to us", "search terms us __time__": a lower-case code where the word cannot stand.
  const lowerCode = slots.marketplace ? undefined : lowerCaseCodeAt(text, !CLAUSE_WORD.test(text));
  if (lowerCode) {
    slots.marketplace = lowerCode.code.toUpperCase() as MarketplaceCode;
    text = normalizeText(`${text.slice(0, lowerCode.at)} __mkt__ ${text.slice(lowerCode.at + 2)}`);
  }

  // "us" counts as a place of the list only when written in capitals ("give us UK and DE" lists two).
  const listedAsOne = PLACES_SET_AGAINST.test(text) ? undefined : withPlacesListedAsOne(text, question);
  if (listedAsOne !== undefined) {
    slots.marketplace = undefined;
    slots.allMarketplaces = true;
    text = listedAsOne;
  }
  text = text.replace(ALL_MARKETS_TOGETHER, "marketplaces");
  // "across all stores - not only Germany", "every marketplace here, not just the UK": the place named is widened past,
  // so every marketplace is asked, whatever other sentence names that place in passing ("the UK VAT return").
  const widenedPast = (text.match(PLACE_WIDENED_PAST) ?? []).length;
  if (widenedPast > 0 && (ALL_MARKETPLACES.test(text) || widenedPast === (text.match(/__mkt__/g) ?? []).length)) {
    slots.marketplace = undefined;
    slots.allMarketplaces = true;
  }
  // "what about all marketplaces", "drop the Germany filter": every marketplace, a follow-up's place let go of.
  if (ALL_MARKETPLACES.test(text) || DROPPED_MARKETPLACE.test(text)) {
    slots.allMarketplaces = true;
    // A filter let go of edits the question before: it is a follow-up however it opens.
    if (DROPPED_MARKETPLACE.test(text)) {
      slots.marketplace = undefined;
      slots.followUpCue = true;
    }
  }

  // "for the monthly report", "before Friday's weekly meeting": how often a report is made, not figures per month.
  text = text.replace(REPORT_CADENCE, "$1").replace(PAPERWORK_CADENCE, "$1$2");
  text = text.replace(REVIEWS_PER_UNIT, "$1 coming in");
  // "reviews on B0… are they slowing down", "have reviews for my dog toys tailed off": how many come in.
  text = withReviewFlowAsCount(text);
  // "each marketplace's stock", "every category's margin": the possessive still says which rows.
  text = text.replace(/(?<![\w])((?:each|every|per) [a-z]+)'s?(?![\w])/g, "$1");
  // "only the total, not per article", "not broken down by product": rows turned down ask for the figure once.
  const refused = takeRowsTurnedDown(text);
  text = refused.text;
  // "by week, not by day", "not for day, for week": buckets turned down are no breakdown asked for.
  text = text.replace(BUCKETS_TURNED_DOWN, " ");
  // "month after month", "week after week": each bucket in turn, as "month by month" is.
  text = text.replace(BUCKET_AFTER_BUCKET, "$1 by $1");
  // "hmm, monthly buckets would be easier to read", "weeks might read better": a reply that only remarks on the
  // buckets it would rather have asks for them, and judges no rows.
  const preferred = bucketsPreferred(text);
  if (preferred) {
    slots.groupBy ??= preferred;
    text = `g_${preferred}`;
  }
  // "switch that to weeks", "make it monthly", "weeks instead": the buckets asked for now, whatever the old ones are
  // called in the reason given ("daily is too noisy").
  text = replaceAll(text, REBUCKETED, (m) => {
    const unit = m[1] ?? m[2] ?? m[3] ?? m[4];
    slots.groupBy ??= BUCKET_UNITS[unit];
    return `g_${BUCKET_UNITS[unit]}`;
  });
  text = text.replace(REBUCKETED_ALONE, (all, unit: string) => {
    slots.groupBy ??= BUCKET_UNITS[unit];
    return all.replace(/in [a-z]+(?= |$)/, `g_${BUCKET_UNITS[unit]}`);
  });
  // A product breakdown beside another ("per-product refund rate, broken out by marketplace"): products are the rows
  // anyway, so the other one is the breakdown asked for.
  text = replaceMatches(text, g.groups.find(text), (m) => {
    if (slots.groupBy === "asin" && m.value !== "asin") slots.groupBy = m.value;
    slots.groupBy ??= m.value;
    return `g_${m.value}`;
  });

  // "how much did we net", "what I took home": money made, said by what is left of it, is profit.
  text = text.replace(MONEY_CLEARED, "profit").replace(MONEY_OF_PROFIT, "");

  // The categories named, a subcategory by its own ("the one dog toy … other Pet Supplies types" names one).
  const categoriesNamed = new Set<string>();
  // "a form for the Local Enterprise Office … a sales figure for Home & Kitchen": a category named in full (in more
  // than one word) is the one asked about, over a single word of another's name said in passing.
  let namedInFull: string | undefined;
  text = replaceMatches(text, matcher.phrases.find(text), (m) => {
    const entry = m.value;
    if (entry.kind === "category") categoriesNamed.add(entry.value);
    if (entry.kind === "category" && m.phrase.includes(" ")) namedInFull ??= entry.value;
    if (entry.kind === "subcategory" && entry.category) categoriesNamed.add(entry.category);
    if (entry.kind === "category") slots.category ??= entry.value;
    else if (entry.kind === "subcategory") {
      slots.subcategory ??= entry.value;
      slots.category ??= entry.category;
    } else if (entry.kind === "campaign") slots.campaign ??= entry.value;
    else slots.sku ??= entry.value;
    return `__${entry.kind}__`;
  });
  // "in the kitchen category": the word after the name belongs to it.
  text = text.replace(/(__(?:category|subcategory)__) ([a-z]+)/g, (all, mask: string, next: string) =>
    matcher.trailing.has(next) ? mask : all,
  );
  // "the pet supplies range", "office products lines": a category named with a word for a part of the catalog is
  // that category, no question about ranges (gaps) of its own.
  text = text.replace(CATEGORY_PART, "$1");

  // "beauty vs office products", "the UK versus Germany": two of a kind side by side are compared as a breakdown.
  const sideBySide = text.split("__").length > 4 ? SIDE_BY_SIDE.exec(text) : null;
  if (sideBySide) {
    slots.comparison = true;
    slots.sideBySide =
      sideBySide[1] === sideBySide[2] ? (sideBySide[1] === "mkt" ? "marketplace" : "category") : undefined;
    text = text.replace(SIDE_BY_SIDE, "__$1__ __vs__ __$2__");
  } else if (namedInFull && !slots.subcategory) slots.category = namedInFull;
  // "what's cooking in my ad spend", "my ACoS is a horror movie": a word of another subject said of the seller's own
  // figure is a figure of speech, said plainly before the topic is judged.
  text = withFiguresOfSpeechSaidPlainly(text, (phrase) => g.metrics.find(phrase).some((m) => m.value.metric !== null));
  slots.topicText = text;
  slots.breakdownCue = BREAKDOWN.test(text);
  slots.moneyAmount = MONEY_AMOUNT.test(text);
  slots.stockMoney = slots.moneyAmount && STOCK_HELD.test(text);
  // Insight kinds before metrics take their words ("money on the table"); a named kind beats the general one.
  const kinds = g.insightTypes.find(text).map((m) => m.value);
  slots.insightType = kinds.find((k) => k !== "performance") ?? kinds[0];
  if (MISSED_MONEY.test(text)) {
    slots.missedMoney = true;
    slots.insightType = "opportunities";
  }
  // Several detail words ("a full, comprehensive overview"): the most thorough one asked for.
  slots.detailLevel = g.detailLevels
    .find(text)
    .map((m) => m.value)
    .sort((a, b) => DETAIL_DEPTH.indexOf(b) - DETAIL_DEPTH.indexOf(a))[0];
  // "the short version of how we did this week": how the whole account went, asked at a depth, is its performance.
  if (!slots.insightType && slots.detailLevel && asksHowTheAccountWent(text)) slots.insightType = "performance";

  // A modifier (growth) ranks before the metric it modifies.
  let lead: Metric | undefined;
  let metricSort: "asc" | "desc" | undefined;
  let metricEntity: GroupBy | undefined;
  let leadPhrase = "";
  // A ranking word inside a metric's phrase ("fewest orders", "most visited") still ranks, as it does on its own.
  let superlativeInMetric = false;
  // Amazon, or a marketplace's site, moving money to the seller ("what did amazon actually send me", "what did
  // amazon.de settle to us") is the seller's payout, whatever the verb.
  text = text.replace(PAID_TO_SELLER, "payout").replace(MONEY_INTO_ACCOUNT, "payout");
  // "what did the campaigns cost me", "how much have they cost us" in a question about ads: what the ads cost is the
  // ad spend, not a fee or a cost of goods.
  if (ADS_NAMED.test(question.toLowerCase()) || text.includes("__campaign__"))
    text = text.replace(ADS_COST, "ad spend");
  // "how much did I blow on clicks": money put on clicks is money on the ads.
  if (text.includes("clicks")) text = text.replace(MONEY_ON_CLICKS, "ads");
  // "what did we turn over in October": British for the revenue taken, when the seller's business turns it over.
  text = text.replace(OWN_TURN_OVER, "$1 turnover");
  // Money kept once every cost is paid ("what do I actually keep", "the most money after all costs") is profit.
  text = text.replace(KEPT_AFTER_COSTS, "profit");
  // "my star products", "the standout sellers": the best ones, said as praise.
  text = text.replace(STAR_THINGS, "$1best $2");
  // "which listing is my star", "who were the big winners", "my banker in Germany": a figure of speech for the best one
  // or ones is the best of the things asked about, or the best seller when none is named.
  text = text.replace(
    FIGURATIVE_BEST,
    (_m, lead: string, own: string, one?: string, _several?: string, noun?: string) => {
      if (noun) return `${lead}${own} best${noun}`;
      const named = g.singular.find(text).length > 0 || g.plural.find(text).length > 0;
      return `${lead}${own} best ${one ? (named ? "one" : "seller") : named ? "ones" : "sellers"}`;
    },
  );
  // "who is my ROAS king", "which campaign is the carry", "my profit queen": young sellers' figure of speech for the best
  // one (a crown is worn by one), before or after the figure it is best at.
  let crowned = false;
  text = text.replace(SLANG_BEST, (_m, lead: string, own: string, between: string) => {
    crowned = true;
    return between ? `${lead}${own} best${between}` : `${lead}${own} best one`;
  });
  // "are we even moving product", "shifted much stock this week?": goods moved are goods sold, and the goods name
  // neither a figure of stock nor products to rank; "shifting the most stock" still ranks.
  text = text.replace(
    GOODS_MOVED,
    (_m, lead: string, ing?: string, past?: string, aux?: string, most?: string) =>
      `${lead}${ing ? "selling" : past ? "sold" : `${aux}sell`}${most ? ` ${most} units` : ""}`,
  );
  // "how much did X sell for last month", "what did it sell for this month in money terms": the money a sale brought
  // over a period, or said to be in money, is revenue; "what does X sell for" alone stays its price.
  text = text.replace(SOLD_FOR_IN_MONEY, "$1$2 in money").replace(HOW_MUCH_SOLD_FOR, "$1");
  // "referral fees, FBA fees, storage and COGS": "storage" alone in a list of costs is the storage fee.
  if (/(?:fee|fees|cogs|cost of goods)(?= |$)/.test(text))
    text = text.replace(STORAGE_AMONG_COSTS, "storage fees").replace(ADS_AMONG_COSTS, "ad spend");
  const metricMatches = g.metrics.find(text);
  let moodUnits = false;
  let unitsNamed = false;
  text = replaceMatches(text, metricMatches, (m) => {
    const entry = m.value;
    // A phrase that only looks like a metric ("purchase order") stays as words.
    if (entry.metric === null) return m.phrase;
    // "buy box loss", "rating losses": a fall in the metric before, not a loss of money.
    if (entry.metric === "profit" && /^loss(?:es)?$/.test(m.phrase) && metricMatches.some((n) => n.end === m.start - 1))
      return m.phrase;
    // "PPC clicks and impressions": "PPC" before another metric says which clicks, it asks for no spend of its own.
    if (
      entry.metric === "ad_spend" &&
      m.phrase === "ppc" &&
      metricMatches.some((n) => n.start === m.end + 1 && PPC_FIGURES.has(n.value.metric))
    )
      return m.phrase;
    if (entry.metric === "ad_spend" && SPEND_VERBS.has(m.phrase)) {
      const next = metricMatches.find((n) => n.start > m.end);
      const between = next ? text.slice(m.end, next.start).trim() : "";
      if (next?.value.metric && COSTS.has(next.value.metric) && /^(?:on|in|for)?(?: (?:my|the|our))?$/.test(between))
        return "__spend__";
    }
    // "how much money went to Amazon in fees", "what cash did I lose on storage fees": money said to go to a cost is
    // that cost, not the money taken.
    if (entry.metric === "revenue" && MONEY_WORDS.has(m.phrase)) {
      const next = metricMatches.find((n) => n.start > m.end);
      if (
        next?.value.metric &&
        COSTS.has(next.value.metric) &&
        MONEY_TO_COST.test(text.slice(m.end, next.start).trim())
      )
        return m.phrase;
    }
    // "what did Amazon charge me for storing my stock": a charge said by its verb, then what it paid for, is that fee
    // alone, not every fee.
    if (entry.metric === "fees" && !/\bfees?\b/.test(m.phrase)) {
      const next = metricMatches.find((n) => n.start > m.end);
      const between = next ? text.slice(m.end, next.start).trim() : "";
      if (next?.value.metric && NAMED_FEES.has(next.value.metric) && /^(?:for|on)(?: (?:my|the|our))?$/.test(between))
        return m.phrase;
    }
    if (entry.metric === "units_sold") {
      if (BARE_COUNTS.has(m.phrase)) slots.bareUnits = true;
      else slots.soldSaid = true;
    }
    if (entry.metric === "growth_rate") slots.growthOf ??= figureInGrowth(m.phrase, g);
    // "earners", "sellers": a metric said as the things that earn it, products.
    metricEntity ??= g.entityGroups.get(m.phrase);
    // "products shipped", "items sold": a metric said of the things that earn it names them too.
    const [head, ...tail] = m.phrase.split(" ");
    if (tail.length > 0 && PRODUCT_HEADS.has(head)) metricEntity ??= "asin";
    // "trending up" names growth and still asks how a figure moved.
    if (g.trendCues.find(m.phrase).length > 0) slots.trendCue = true;
    const implied = g.metricPhraseSorts.get(m.phrase);
    // "BP-SKIN-01 has been flying off the shelves", "we're selling like hot cakes": how fast things sell, said of one
    // product or of the seller's own business, is a mood: nothing is ranked, and a figure asked beside it is the one.
    // So is it after a count asked ("how many units went out the door"): the count is the question.
    if (
      entry.metric === "units_sold" &&
      implied &&
      !m.phrase.split(" ").some((w) => g.superlatives.has(w)) &&
      (slots.asin !== undefined ||
        slots.sku !== undefined ||
        SELLER_SUBJECT.test(text.slice(0, m.start)) ||
        COUNT_ASKED.test(text.slice(0, m.start)))
    ) {
      moodUnits = true;
      if (!slots.metrics.includes(entry.metric)) slots.metrics.push(entry.metric);
      return `m_${entry.metric}`;
    }
    if (entry.metric === "units_sold") unitsNamed = true;
    if (implied) slots.metricSorts[entry.metric] ??= implied;
    if (implied && m.phrase.split(" ").some((w) => g.superlatives.has(w))) {
      superlativeInMetric = true;
      slots.superlativeSort ??= implied;
    }
    if (entry.lead) {
      if (!lead) leadPhrase = m.phrase;
      lead ??= entry.metric;
      metricSort ??= g.sortAsc.has(m.phrase) ? "asc" : g.sortDesc.has(m.phrase) ? "desc" : implied;
    }
    if (!slots.metrics.includes(entry.metric)) slots.metrics.push(entry.metric);
    return `m_${entry.metric}`;
  });
  // "advertising numbers: spend, sales and ACoS": sales listed between ad figures are the sales the ads brought; so are
  // sales paired with the spend ("how's the Broad campaign doing on spend and sales", "ppc sales and spend").
  const adsAsked = ADS_NAMED.test(question.toLowerCase()) || text.includes("__campaign__");
  const adSalesListed = AD_FIGURES_AROUND_SALES.test(text) || SALES_BESIDE_AD_SPEND.test(text);
  if (adSalesListed && adsAsked) {
    text = text
      .replace(AD_FIGURES_AROUND_SALES, (m) => m.replace("m_revenue", "m_ad_sales"))
      .replace(SALES_BESIDE_AD_SPEND, (m) => m.replace("m_revenue", "m_ad_sales"));
    slots.metrics = [...new Set(slots.metrics.map((m): Metric => (m === "revenue" ? "ad_sales" : m)))];
  }
  // The verb may already have been read as a figure ("what they earned" as profit): it is the ads' sales instead.
  if (RETURN_AFTER_AD_SPEND.test(text)) {
    text = text.replace(RETURN_AFTER_AD_SPEND, "m_ad_sales");
    slots.metrics = slots.metrics.filter((m) => m === "ad_spend" || text.includes(`m_${m}`));
    if (!slots.metrics.includes("ad_sales")) slots.metrics.push("ad_sales");
  }
  // "dollars, not units", "volume rather than money", "units instead of revenue": a metric set aside is not asked.
  if (slots.metrics.length > 0 && /(?:not|rather|instead|opposed) /.test(text)) {
    const setAside = new Set([...text.matchAll(SET_ASIDE_METRIC)].map((m) => m[1] as Metric));
    if (setAside.size > 0) {
      slots.metrics = slots.metrics.filter((x) => !setAside.has(x));
      if (lead && setAside.has(lead)) {
        lead = undefined;
        metricSort = undefined;
      }
    }
  }
  // "how many days of stock do we have left", "weeks of cover have I got left": what is left is the length of stock
  // named before, not a count of units beside it.
  if (slots.metrics.includes("days_of_supply") && slots.metrics.includes("available_quantity")) {
    const cover = metricMatches.find((m) => m.value.metric === "days_of_supply");
    const held = metricMatches.filter((m) => m.value.metric === "available_quantity");
    if (cover && held.every((m) => m.start > cover.end && STOCK_LEFT.test(m.phrase)))
      slots.metrics = slots.metrics.filter((x) => x !== "available_quantity");
  }
  if (moodUnits && !unitsNamed && slots.metrics.length > 1)
    slots.metrics = slots.metrics.filter((x) => x !== "units_sold");
  // "sales summary: metric=orders", "sales trend for units": "sales" naming the report says which report, not which
  // figure, when the report is given another figure and no other word says revenue.
  if (
    SALES_REPORT.test(text) &&
    slots.metrics.length > 1 &&
    text.split("m_revenue").length === 2 &&
    (text.match(METRIC_REPORT) ?? []).length === 1
  )
    slots.metrics = slots.metrics.filter((x) => x !== "revenue");
  // "heaps of orders came through, how many units was that?": a figure told as plenty is the story, the one asked
  // after it is the question.
  const told = PLENTY_OF_METRIC.exec(text);
  const askedAfter = told ? ASKED_METRIC.exec(text.slice(told.index + told[0].length)) : null;
  if (told && askedAfter && askedAfter[1] !== told[1] && text.split(` ${told[1]}`).length === 2)
    slots.metrics = slots.metrics.filter((x) => `m_${x}` !== told[1]);
  // "which products are absolutely tanking? bottom 3 by revenue": growth said in a sentence of its own is how the
  // seller feels; the ranking in another names its metric outright ("by revenue"), and that is what is ranked.
  if (lead === "growth_rate" && slots.metrics.length > 1 && RANKED_BY_METRIC.test(text)) {
    const sentences = question.split(SENTENCE_END).map(normalizeText);
    const feltIn = sentences.findIndex((s) => ` ${s} `.includes(` ${leadPhrase} `));
    const rankedIn = sentences.findIndex((s) => /(?:^| )by(?= )/.test(s));
    if (feltIn >= 0 && rankedIn >= 0 && feltIn !== rankedIn) {
      slots.metrics = slots.metrics.filter((x) => x !== lead);
      lead = undefined;
      metricSort = undefined;
    }
  }
  // "bottom 3 by revenue, the ones that are tanking", "what's nosediving on orders": a mood word ("tanking",
  // "dead in the water") only says which end the seller looks at; the metric named as the measure ("by", "on") is
  // what is ranked. A plain growth word stays the measure ("top 5 growing products by revenue").
  if (lead === "growth_rate" && MOOD_PHRASES.has(leadPhrase)) {
    const measure = MOOD_MEASURE.exec(text)?.[1] as Metric | undefined;
    if (measure && measure !== lead && slots.metrics.includes(measure)) {
      slots.metrics = slots.metrics.filter((x) => x !== lead);
      lead = undefined;
    }
  }
  if (lead) slots.metrics = [lead, ...slots.metrics.filter((x) => x !== lead)];
  else if (slots.metrics.length > 1 && mainClauseMetrics(text, g, question).length > 0) {
    // After a preamble ("I spent a fortune on ads last month … what was my ROAS?"), the question asks for the
    // metrics of its own clause.
    const asked = mainClauseMetrics(text, g, question);
    slots.metrics = [...asked, ...slots.metrics.filter((x) => !asked.includes(x))];
  } else if (slots.metrics.length > 1) {
    // "the best margins", "highest ACoS": the metric a ranking word qualifies is the one ranked.
    const t = words(text);
    const at = t.findIndex(
      (w, i) =>
        i > 0 &&
        w.startsWith("m_") &&
        (g.superlatives.has(t[i - 1]) ||
          g.best.get(t[i - 1]) ||
          g.worst.get(t[i - 1]) ||
          // "which one earned the higher margin": a comparative picking one of a set qualifies its metric too.
          (t[i - 2] === "the" && (g.sortAsc.has(t[i - 1]) || g.sortDesc.has(t[i - 1])))),
    );
    const ranked = at > 0 ? (t[at].slice(2) as Metric) : undefined;
    if (ranked && slots.metrics.includes(ranked))
      slots.metrics = [ranked, ...slots.metrics.filter((x) => x !== ranked)];
  }
  // "profitable, percentage-wise": the profit asked as a share of sales is the margin.
  if (PERCENT_WISE.test(text) && slots.metrics.includes("profit") && !slots.metrics.includes("profit_margin")) {
    slots.metrics = slots.metrics.map((m) => (m === "profit" ? "profit_margin" : m));
    text = text.replace(/(?:^| )m_profit(?= |$)/g, " m_profit_margin").trim();
  }
  // "top earners by margin", "more profitable, margin-wise", "in terms of ROAS": the metric said to be the measure
  // is the one ranked, ahead of a vaguer one ("earners", "profitable") said before it.
  if (!lead && slots.metrics.length > 1) {
    const measure = MEASURE_METRIC.exec(text);
    const metric = (measure?.[1] ?? measure?.[2]) as Metric | undefined;
    if (metric && slots.metrics.includes(metric))
      slots.metrics = [metric, ...slots.metrics.filter((x) => x !== metric)];
  }
  // A fee named by what it pays for beside a charge in general ("what has Amazon charged me in storage fees") is that
  // fee alone: the general word only says it is a charge.
  if (slots.metrics.includes("fees") && slots.metrics.some((m) => NAMED_FEES.has(m)))
    slots.metrics = slots.metrics.filter((m) => m !== "fees");
  // Money lost on a cost ("bleeding money on FBA fees", "losing cash to storage fees") names that cost as what is
  // asked: no product's loss is ranked.
  if (slots.metricSorts.profit === "asc" && LOSS_ON_COST.test(text) && slots.metrics.some((m) => m !== "profit")) {
    slots.metrics = slots.metrics.filter((m) => m !== "profit");
    delete slots.metricSorts.profit;
  }
  // A loss said in words ("anything bleeding cash once you take out COGS, fees and PPC") is what is ranked, the lowest
  // first: the costs beside it are what the profit is net of.
  if (slots.metricSorts.profit === "asc" && slots.metrics.length > 1)
    slots.metrics = ["profit", ...slots.metrics.filter((m) => m !== "profit")];
  // Listed, or set side by side to read together ("sessions vs conversion"): each is asked, in the order said.
  slots.listedMetrics =
    /(?:^| )m_[a-z_]+ (?:and|n|plus|\+|&|as well as|along with|with|vs|versus|against|beside|next to|alongside) m_[a-z_]+(?= |$)/.test(
      text,
    ) ||
    ASKED_EACH.test(text) ||
    columnList(metricMatches, g);
  reorderByLaterList(slots, text);
  // A weak cue inside a phrase that only looks like a metric ("worth spending a few hours on", "worth a closer look")
  // names no figure.
  const notFigures = g.metrics.find(text).filter((m) => m.value.metric === null);
  slots.weakMetric = g.weakMetrics
    .find(text)
    .find((w) => !notFigures.some((n) => n.start <= w.start && w.end <= n.end))?.value;
  // "how many have I got sitting in Canada": a count of what the seller holds, not of what was sold.
  if (slots.weakMetric === "units_sold" && COUNT_HELD.test(text)) slots.weakMetric = undefined;
  // "how many things did I sell", "how much stuff have we shifted": a count of goods, not the money they made; its
  // verb is selling ("shifted", "moved" are also said of a figure that changed), so the classifier reads it so.
  const counted = slots.metrics.length === 0 ? COUNTED_SALES.exec(text) : null;
  if (counted) {
    slots.metrics.push("units_sold");
    const end = counted.index + counted[0].length;
    text = `${text.slice(0, counted.index)}${counted[0].replace(/\S+$/, "sold")}${text.slice(end)}`;
  }

  text = replaceAll(text, LIMIT, (m) => {
    const n = Number(m[1]);
    if (n < 1 || n > 1000) return undefined;
    // "3 customers complained", "a couple of buyers said": people counted in the seller's story, no count of rows.
    if (HEADCOUNT_AFTER.test(text.slice(m.index + m[0].length))) return undefined;
    // "just 1 number", "a single figure": one figure for everything, no count of rows.
    if (n === 1 && ONE_FIGURE_AFTER.test(text.slice(m.index + m[0].length))) return undefined;
    // "my VA pulled about 400 orders": a figure's rough size as someone quoted it, no count of rows.
    const quoted = ESTIMATE_BEFORE.test(text.slice(0, m.index)) && /^ m_/.test(text.slice(m.index + m[0].length));
    if (!quoted) slots.limit ??= n;
    return "__num__";
  });

  // "ROAS across all my campaigns": an overall phrase asks for one figure, neither every row nor a breakdown.
  const overall = g.overallWords.find(text).filter((m) => !listedWhole(text, m.start));
  slots.overall = overall.length > 0;
  const inOverall = (m: { start: number; end: number }) => overall.some((o) => o.start <= m.start && m.end <= o.end);
  // "show all", "every product": every row, as a limit no catalog reaches.
  const everyRow = [
    ...g.showAll.find(text),
    ...g.showAllBefore.find(text).filter((m) => g.showAllEntities.at(text.slice(m.end + 1), 0) !== undefined),
  ].find((m) => !inOverall(m) && !CHOSEN_AMONG.test(text.slice(0, m.start)));
  if (everyRow) {
    slots.showAll = true;
    text = normalizeText(`${text.slice(0, everyRow.start)} __all__ ${text.slice(everyRow.end)}`);
  }

  const wholes = overall.length ? g.overallWords.find(text).filter((m) => !listedWhole(text, m.start)) : [];
  const unmasked = wholes.length ? replaceMatches(text, wholes, () => "__overall__") : text;
  // "how many sessions my listings got, total number only": with one figure asked, the seller's own set ("my listings",
  // "all our products") is what is added up, not rows.
  const rows = g.entityGroups
    .find(unmasked)
    .filter((m) => !(wholes.length && OWN_WHOLE_SET_BEFORE.test(unmasked.slice(0, m.start))));
  slots.entityGroup = rows[0]?.value ?? slots.sideBySide ?? metricEntity;
  // Rows turned down with no other rows asked for instead ("sessions since the 10th, not per article"): one figure.
  if (refused.turnedDown && slots.entityGroup === undefined && slots.groupBy === undefined) slots.overall = true;
  // "total sessions last month", "how many page views did we get": the figure counted once, for the whole shop.
  const narrowed = [slots.asin, slots.sku, slots.category, slots.subcategory].some((v) => v !== undefined);
  slots.totalAsked = totalOfFigureAsked(text, narrowed || slots.entityGroup !== undefined);
  // "which kinds of products (kitchen stuff vs pet stuff etc)": categories named as examples of the kinds asked
  // about are no filter.
  if (slots.entityGroup === "category" && KINDS_OF.test(text) && categoriesNamed.size >= 2) slots.category = undefined;
  // "how many units we shifted over the last 3 months", "…over the past fortnight", "…over the course of last month":
  // an amount over a period, not how it moved.
  const amount = /^(?:.* )?how (?:many|much)(?= |$)/.test(text);
  const overPeriod = (m: { phrase: string; end: number }) =>
    /(?:^| )over(?: the course of)?$/.test(m.phrase) &&
    /^ (?:the course of )?(?:the )?__time__/.test(text.slice(m.end));
  slots.trendCue ||= g.trendCues.find(text).some((m) => !(amount && overPeriod(m)));
  slots.trendCue ||= BUCKET_TO_BUCKET.test(question.toLowerCase());
  // "an 8-week trend", "12 month chart": the length a trend is drawn over is its period, the last N of that unit.
  if (slots.trendCue && slots.duration && !slots.timeframe && slots.horizonDays === undefined) {
    slots.timeframe = `last_${slots.duration.n}_${slots.duration.unit}`;
    slots.duration = undefined;
  }
  const tokens = words(text);
  // A judging word inside a longer judging phrase of the other side ("the greatest letdown") is that phrase's.
  const within = (m: { start: number; end: number }, others: { start: number; end: number }[]) =>
    others.some((o) => o.start <= m.start && m.end <= o.end && o.end - o.start > m.end - m.start);
  const worstFound = g.worst.find(text);
  const bestFound = g.best.find(text);
  // "did sessions get better this month on last month": a comparative after a verb of change, with another period to
  // weigh against, says how the figure moved between them, not which rows rank first.
  const changed = (m: { start: number; phrase: string }) =>
    slots.compareTo !== undefined &&
    /^(?:better|worse)$/.test(m.phrase) &&
    CHANGE_VERB_BEFORE.test(text.slice(0, m.start));
  const worstPhrases = worstFound.filter((m) => !within(m, bestFound) && !changed(m));
  const bestPhrases = bestFound.filter((m) => !within(m, worstFound) && !changed(m));
  // An ordering word inside a judging phrase ("least efficient", "most profitable") judges, it does not order.
  const judged = [...worstPhrases, ...bestPhrases]
    .filter((m) => m.phrase.includes(" "))
    .sort((a, b) => a.start - b.start);
  const orderingTokens = judged.length ? words(replaceMatches(text, judged, () => "__judged__")) : tokens;
  let asc = false;
  let desc = false;
  for (const [i, t] of orderingTokens.entries()) {
    // "a few days", "quite a few orders": an amount said in passing, not the low end of a ranking ("fewest", "few sales").
    if (t === "few" && orderingTokens[i - 1] === "a") continue;
    // "did page views get higher from July to August": how the figure moved between the periods, as "better" above.
    if (slots.compareTo !== undefined && CHANGE_VERB_BEFORE.test(`${orderingTokens.slice(0, i).join(" ")} `)) continue;
    if (g.sortAsc.has(t)) asc = true;
    else if (g.sortDesc.has(t)) {
      if (t === "top") slots.top = true;
      else desc = true;
    }
  }
  const worst = worstPhrases.length > 0;
  const best = bestPhrases.length > 0;
  if (worst !== best) slots.judgement = worst ? "worst" : "best";
  // "which asins lose the buy box most", "products losing money the most": "most" after a phrase that already says its
  // direction tells how much of that, so the phrase's direction holds (losing the most is the lowest share).
  const mostAfter = IMPLIED_THEN_MOST.exec(text) ?? MOST_THEN_IMPLIED.exec(text);
  const impliedByVerb = mostAfter ? slots.metricSorts[mostAfter[1] as Metric] : undefined;
  // "top 3 worst": the direction word outranks the generic "top"; growth words rank by themselves.
  slots.sort = asc ? "asc" : (metricSort ?? impliedByVerb ?? (desc ? "desc" : undefined));
  if (valueVerb) slots.sort = undefined;
  // "sorted by spend", "ranked by units": rows in order, the highest first unless told otherwise.
  slots.orderedBy = ORDERED_BY.test(text);
  if (!slots.sort && !slots.judgement && slots.orderedBy) slots.top = true;
  // "highest to lowest", "low to high": the end the order starts from.
  const range = ORDER_RANGE.exec(text);
  if (range) slots.sort = range[1] || range[2] || range[3] ? "desc" : "asc";
  // "most negative first", "least positive first": a signed figure's order, told by the sign that leads the list.
  const signed = SIGNED_ORDER.exec(text);
  if (signed) slots.sort = (signed[2] === "negative") === (signed[1] === "least") ? "desc" : "asc";
  // "show from the most negative", "starting with the biggest loss": the end the list begins at.
  const startingEnd = startingEndOrder(text);
  if (startingEnd) slots.sort = startingEnd;
  // "best to worst", "worst to best": the order follows the metric's good direction (the best ACoS is the lowest),
  // so it is a judgement that starts the list, not a direction of its own.
  const judgedRange = JUDGED_RANGE.exec(text);
  if (judgedRange) {
    slots.judgement = judgedRange[1] ? "best" : "worst";
    slots.sort = undefined;
  }
  // "which one earned the higher margin", "of the two, which is the better seller": a comparative picking one of a
  // set is a superlative of that set.
  const pickedByComparative = PICKED_BY_COMPARATIVE.test(text);
  const hasSuperlative = superlativeInMetric || pickedByComparative || tokens.some((t) => g.superlatives.has(t));
  // "my no.1 seller", "the #1 product I have": the first of the seller's own ranking, one row, as "my best seller" is
  // ("the number one seller of yoga mats" is the market's). Said bare, with no article before it ("number one seller in
  // Beauty last year", "what was no. 1 in Germany"), it is the seller's too, as "top seller in Beauty" is. So is one
  // measured by a figure of the seller's ("number one SKU by revenue"): the market ranks by no such figure.
  const rankOneSaid = RANK_ONE.exec(question.toLowerCase());
  const rankOne =
    rankOneSaid !== null &&
    (OWN_RANKING.test(question.toLowerCase()) ||
      RANKED_BY_OWN_FIGURE.test(text) ||
      !RANKED_PARTY.test(question.toLowerCase().slice(0, rankOneSaid.index + rankOneSaid[0].length)));
  slots.ranking = hasSuperlative || rankOne || slots.judgement !== undefined;
  // An order from one end to the other ("best to worst") lists every row, never one.
  slots.singularSuperlative =
    rankOne ||
    crowned ||
    pickedByComparative ||
    // "which one product is crushing it": one row said outright, judged in words rather than by a superlative.
    (slots.judgement !== undefined && JUST_ONE.test(text)) ||
    // "which one article will run out first", "just the one, please": one row said outright, however it is ranked.
    (!range && !judgedRange && ONE_ROW_ASKED.test(text)) ||
    // "which category gives me more margin", "the ASIN where I win less of the buy box": one thing told by its
    // singular noun and picked by a comparative with nothing to be compared with, as "which is the better" is.
    (!range && !judgedRange && ONE_PICKED_BY_COMPARATIVE.test(slots.topicText)) ||
    // "which Toys & Games item runs out first": the order of running out ranks as a superlative does.
    ((hasSuperlative || FIRST_TO_RUN_OUT.test(text)) &&
      !range &&
      !judgedRange &&
      ((g.singular.find(text).length > 0 && g.plural.find(text.replace(OF_THEM_ALL, " ")).length === 0) ||
        JUST_ONE.test(text) ||
        ONE_OF_MANY.test(text) ||
        oneOfManyByItsVerb(question.toLowerCase(), g)));
  // "which of those has the best margin": one picked out of the rows shown before, however many they were.
  if (slots.singularSuperlative && slots.limit === undefined && ONE_OF_THE_ROWS_SHOWN.test(text)) slots.limit = 1;

  // Every ranking word also says "this is a ranking", whichever word it is.
  slots.masked = hasSuperlative ? tokens.map((t) => (g.superlatives.has(t) ? `${t} __rank__` : t)).join(" ") : text;
  if (rankOne && !hasSuperlative) slots.masked = slots.masked.replace(/(?:^| )__num__(?= |$)/, " top __rank__").trim();
  // A follow-up's verb ("cut it down to 3", "filter to office") edits what came before: it is no subject.
  const editing = slots.followUpCue ? g.leadWords : undefined;
  slots.contentWords = tokens.filter(
    (t) =>
      !t.startsWith("__") &&
      !editing?.get(t) &&
      !/^[mgs]_/.test(t) &&
      !g.filler.has(t) &&
      !g.sortAsc.has(t) &&
      !g.sortDesc.has(t) &&
      !g.best.get(t) &&
      !g.worst.get(t) &&
      !g.ordering.has(t) &&
      !/^\d/.test(t) &&
      // A dash or other mark standing alone between clauses ("first time on here - what are you for") is no word.
      /[\p{L}\p{N}]/u.test(t),
  );
  // "break that out", "split it out by country": the particle of a follow-up's breakdown says no more than "break it
  // down" does.
  if (TAKEN_OUT.test(text)) slots.contentWords = slots.contentWords.filter((t) => t !== "out");
  // "units as well?": "as well" says "too", no subject of its own.
  if (AS_WELL.test(text)) slots.contentWords = slots.contentWords.filter((t) => t !== "as");
  // "how'd we do today so far": "so far" says how much of the period, as "to date" does.
  if (SO_FAR_SAID.test(text)) slots.contentWords = slots.contentWords.filter((t) => t !== "far" && t !== "thus");
  // "for the cooking pan HK-COOK-01": what a product is, told before its code, only names the product.
  const described = [...text.matchAll(DESCRIBED_PRODUCT)].flatMap((m) => words(m[1]));
  if (described.length > 0) slots.contentWords = slots.contentWords.filter((t) => !described.includes(t));
  const unknown = (t: string) => !g.lexicon.knows(t) && !matcher.words.has(t);
  slots.unknownWords = slots.contentWords.filter(unknown).length;
  // "Anker's best selling products": a name the parser does not know, owning what is asked, is another business. A
  // masked slot's ("the Swedish store's takings", "September's orders") and the seller's own side's ("the client's
  // ACoS": an agency's word for the account) are no stranger's.
  const said = words(text);
  if (text.includes("'s")) {
    slots.strangerOwner = said.some(
      (t, i) =>
        t.endsWith("'s") &&
        t.length > 2 &&
        !t.startsWith("__") &&
        !g.own.has(t) &&
        !CONTRACTED_IS.has(t) &&
        // "my neighbour's store", "a friend's sales": a person of the seller's life owns a business of their own.
        (g.otherOwners.has(t.slice(0, -2)) ||
          (unknown(t) && unknown(t.slice(0, -2)) && !OWN_BEFORE.has(said[i - 1] ?? ""))),
    );
  }
  slots.strangerOwner ||= said.some((t, i) => unknown(t) && namesOwner(said, i));
  // "how much is Argos charging for air fryers": another shop's price for goods that are not the seller's.
  slots.strangerOwner ||= pricedElsewhere(said, unknown);
  return slots;
}

/** Pronouns and question words with "is" run in ("she's finishing", "it's slow"): no owner, whatever follows. */
const CONTRACTED_IS = new Set([
  "he's",
  "she's",
  "it's",
  "that's",
  "there's",
  "here's",
  "what's",
  "who's",
  "where's",
  "how's",
  "let's",
]);

/**
 * Whether the unknown word at `i` names whose figures are asked, as a brand or shop's name does: said before a figure
 * (and its place), "anker uk revenue", or after one, "Q3 revenue for PawPals". A word the parser does not know, put
 * where the seller's own things go, is another business: the mirror holds no figures of it.
 */
function namesOwner(said: string[], i: number): boolean {
  const t = said[i];
  if (t.startsWith("__") || /^[gms]_|^\d|[^a-z0-9'&.-]/.test(t)) return false;
  if (OWN_BEFORE.has(said[i - 1] ?? "")) return false;
  // A word of how, not whose ("blended ACoS", "physically on hand"), is no name.
  if (/(?:ed|ly|al|ive|ous|ish|able|ing)$/.test(t)) return false;
  // Nor is a shorthand of three letters or fewer ("acos for mon-sun").
  if (t.length < 4) return false;
  // Its place between: "anker uk revenue" names a business in a marketplace, where "blended acos" is a kind of figure.
  if (said[i + 1] === "__mkt__" && said[i + 2]?.startsWith("m_"))
    return i === 0 || /^(?:what's|whats|what|is|was|me|the|__time__)$/.test(said[i - 1]);
  // "how much revenue makes Anker": a learner's verb before the business it asks of.
  if (namedAfterItsVerb(said, i)) return true;
  return /^(?:for|of|from|at)$/.test(said[i - 1] ?? "") && (said[i - 2] ?? "").startsWith("m_");
}

/** The verb whose particle "over" is ("turns over"). */
const TURN = /^turn(?:s|ed|ing)?$/;

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
    const i = tokenAt.get(op.end + 1);
    if (i === undefined) continue;
    // "over a year of stock", "less than a week of cover": one of the unit.
    // "what does the biggest seller turn over a year": "over" is the verb's, no bound.
    if (op.phrase === "over" && TURN.test(tokens[(tokenAt.get(op.start) ?? 0) - 1] ?? "")) continue;
    const oneUnit = /^(?:a|an|one)$/.test(tokens[i]) && dayUnit(g, tokens[i + 1]) !== undefined;
    // "above a 40% acos": an article before the number.
    const article = !oneUnit && /^(?:a|an)$/.test(tokens[i]) && NUMBER.test(tokens[i + 1] ?? "");
    const value = oneUnit ? ["1", "1"] : NUMBER.exec(tokens[article ? i + 1 : i]);
    if (!value) continue;
    let number = Number(value[1]);
    let end = article ? i + 2 : i + 1;
    const percent = tokens[end] === "%" || tokens[end] === "percent" || tokens[end] === "pct";
    if (percent) end++;
    let unit: number | undefined;
    if (tokens[end] !== undefined && dayUnit(g, tokens[end]) !== undefined) unit = dayUnit(g, tokens[end++]);
    // "a year's worth of stock", "6 months worth of inventory": the worth of a length of time is that length.
    const worth = unit !== undefined && tokens[end] === "worth";
    if (worth) end++;
    let metric: Metric | undefined;
    let bareUnits = false;
    const afterStart = tokens[end] === "of" || tokens[end] === "in" ? end + 1 : end;
    if (afterStart < tokens.length) {
      const after = g.conditionMetrics.at(text, startOf(afterStart));
      // "spend over $30 and no orders": a clause of its own after the value, not the value's unit.
      if (after && !CLAUSE_LINK.test(after.phrase)) {
        metric = after.value;
        // "under 50 pieces", "below 20 pcs": any bare count of goods, as "units" is.
        bareUnits = BARE_COUNTS.has(after.phrase);
        end = tokenAt.get(after.end + 1) ?? tokens.length;
      }
    }
    // "more than 8% of sales got refunded": a share of a count or an amount is the rate the words after it name
    // (or the question's own rate), not the count.
    if (percent && metric && tokens[afterStart - 1] === "of" && !PERCENT_METRICS.has(metric)) {
      const rate = rateAfter(tokens, end, g, text, startOf);
      metric = rate?.metric;
      if (rate) end = rate.end;
    }
    let start = tokenAt.get(op.start)!;
    if (bareUnits) {
      // "inventory drops below 100 units", "stock of anything falls under 40 units": a count of units said of
      // stock is the units in stock.
      const from = Math.max(0, start - STOCK_WORD_REACH);
      if (tokens.slice(from, start).some((t) => STOCK_WORDS.has(t))) metric = "available_quantity";
      // "when B0… gets below 20 units", "once it drops under 50 units", "is down to less than 20 units": a level
      // that a product falls to is its stock; what it sells is said with a verb of selling ("sells fewer than 20
      // units").
      else if (
        LEVEL_VERBS.has(tokens[tokens[start - 1] === "to" ? start - 2 : start - 1] ?? "") &&
        !tokens.slice(from, start).some((t) => SELL_VERBS.has(t))
      )
        metric = "available_quantity";
      // "notify when B0… under 50 units", "any SKU below 30 units": a product said to be under a count, with no
      // word of selling and no period the count is taken over ("under 50 units a week", "… last month"), is at
      // that many units on hand.
      else if (
        op.value.startsWith("<") &&
        UNIT_HOLDERS.has(tokens[start - 1] ?? "") &&
        !tokens.slice(from, start).some((t) => SELL_VERBS.has(t)) &&
        !COUNT_OVER_TIME.test(tokens.slice(end, end + 3).join(" "))
      )
        metric = "available_quantity";
    }
    if (!metric) {
      // Look back over a few verbs ("ACoS goes above", "the buy box drops below").
      const before = metricBefore(tokens, start, g);
      if (before) {
        metric = before.metric;
        // "sales fall below 1 lakh", "if revenue drops under 50000": a figure and its verb of change name a growth,
        // but the amount it falls below is of the figure itself; a growth is a percentage ("sales fall below 5%").
        if (metric === "growth_rate" && !percent)
          metric = figureBeforeItsVerb(tokens, before.start, start, g) ?? metric;
        start = before.start;
      }
    }
    // "the stock of any product is going below 12 days": a length of time that stock falls under or rises over is its
    // days of supply, however many words say whose stock it is; what sold over a length of time is a period. Its
    // verb ("is falling below 20 days") is how the stock moves, no growth: a growth is no length of time.
    if (unit && (!metric || metric === "growth_rate") && stockLevelBefore(tokens, start)) metric = "days_of_supply";
    // "10 days of stock left": a time's worth of stock is days of supply, not a count of units.
    if (unit && metric === "available_quantity") metric = "days_of_supply";
    // "anything I've got more than 200 days' worth of": a length of time's worth of what the seller holds, with no
    // metric named, is stock cover.
    if (worth && !metric) metric = "days_of_supply";
    if (metric === "days_of_supply" && unit) number *= unit;
    // "worse than 35% ACoS", "better than 4 stars": the metric's good direction says which side is worse.
    let opValue = op.value;
    const judged = /^(worse|better) than$/.exec(op.phrase)?.[1] as "worse" | "better" | undefined;
    if (judged && metric) {
      const higherIsWorse = g.vocab.lowerIsBetter.has(metric);
      opValue = (judged === "worse") === higherIsWorse ? ">" : "<";
    }
    // "ignoring anything with fewer than 20 orders", "excluding SKUs over 50% ACoS": the rows kept are the others.
    if (g.leftOut.test(text.slice(0, startOf(start)))) opValue = OPPOSITE_OP[opValue] ?? opValue;
    slots.conditions.push({ metric, op: opValue, value: number, ...(judged && !metric ? { judged } : {}) });
    spans.push({
      start: startOf(start),
      end: startOf(end) - (end < tokens.length ? 1 : 0),
      value: `${opValue.startsWith(">") ? "__above__" : opValue.startsWith("<") ? "__below__" : "__equal__"}${metric ? ` m_${metric}` : ""}`,
      phrase: "",
    });
  }
  return replaceMatches(text, spans, (m) => m.value);
}

/**
 * The marketplaces named in `text`. Lower-case "de" is Germany's code, and also the preposition of the languages sellers
 * carry their words from: inside a metric's name ("taux de conversion", "cifra de afaceri") or just before a place's
 * name ("ventas de Francia") it is the preposition, not a place.
 */
function placesNamed(text: string, g: SlotGrammar, asWords: Set<string>): PhraseMatch<MarketplaceCode>[] {
  const found = g.marketplaces.find(text).filter((m) => !asWords.has(m.phrase));
  if (!found.some((m) => m.phrase === "de")) return found;
  const metrics = g.metrics.find(text);
  const inMetricName = (m: PhraseMatch<MarketplaceCode>) =>
    metrics.some((x) => x.start <= m.start && x.end >= m.end && x.phrase !== m.phrase);
  const beforePlaceName = (m: PhraseMatch<MarketplaceCode>) =>
    found.some((next) => next.start === m.end + 1 && next.phrase.length > 2);
  return found.filter((m) => m.phrase !== "de" || !(inMetricName(m) || beforePlaceName(m)));
}

/** The text with "'s" (or a bare "'") taken off every marketplace name it follows, one to three words long. */
function withoutPlacePossessives(text: string, g: SlotGrammar): string {
  const tokens = text.split(" ");
  for (let i = 0; i < tokens.length; i++) {
    // Typed without its apostrophe ("germanys numbers", "the uks sales"): a name of three letters or more, or "uk",
    // whose plural is no place of its own ("its" is not Italy's).
    const bare =
      /^(?:[a-z]{3,}|uk)s$/.test(tokens[i]) && g.marketplaces.get(tokens[i]) === undefined
        ? tokens[i].slice(0, -1)
        : undefined;
    const base = /^(.+?)'s?$/.exec(tokens[i])?.[1] ?? bare;
    if (!base) continue;
    for (let n = Math.min(3, i + 1); n >= 1; n--) {
      if (g.marketplaces.get([...tokens.slice(i - n + 1, i), base].join(" ")) === undefined) continue;
      tokens[i] = base;
      break;
    }
  }
  return tokens.join(" ");
}

/** A unit of time in days, said plainly or as a possessive ("a year's worth", "90 days' worth"). */
function dayUnit(g: SlotGrammar, token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  return g.dayUnits[token] ?? g.dayUnits[token.replace(/'s?$/, "")];
}

/** Two metrics named side by side ("m_sessions and m_conversion_rate"). */
const METRIC_PAIR = /(?:^| )m_([a-z_]+) (?:and|n|plus|\+|&|as well as|along with|with|vs|versus) m_([a-z_]+)(?= |$)/g;

/**
 * "People look but don't buy? Sessions and conversion rate for X": a figure a story implied first and then named
 * again in a list takes the list's place: the metrics go in the order the list asks for them.
 */
function reorderByLaterList(slots: Slots, text: string): void {
  const lead = slots.metrics[0];
  if (!slots.listedMetrics || lead === undefined) return;
  const pair = [...text.matchAll(METRIC_PAIR)].at(-1);
  if (!pair || pair.index === undefined) return;
  const listed = [pair[1], pair[2]] as Metric[];
  const earlier = text.slice(0, pair.index).split(" ").includes(`m_${lead}`);
  if (!earlier || !listed.includes(lead) || listed[0] === lead || !listed.every((m) => slots.metrics.includes(m)))
    return;
  slots.metrics = [...listed, ...slots.metrics.filter((m) => !listed.includes(m))];
}

/**
 * The metrics a question asks for in its own clause, when a preamble comes first: those after the last
 * request opener that is not at the start ("… worth it, what was my m_roas").
 */
function mainClauseMetrics(text: string, g: SlotGrammar, question: string): Metric[] {
  const openers: { start: number; end: number }[] = g.requestOpeners.find(text).filter((m) => m.start > 0);
  // "heaps of orders came in, how many units was that": "how many" opening a clause after a statement asks; one
  // joined to another question ("how much did ads cost and how much did they bring in") only lists a second figure.
  if (CLAUSE_HOW.test(question)) {
    const how = [...text.matchAll(/(?<= )how (?:many|much)(?= )/g)].at(-1);
    if (how?.index !== undefined && !/(?:^| )(?:and|also|plus|then|or)(?: also)? $/.test(text.slice(0, how.index)))
      openers.push({ start: how.index, end: how.index + how[0].length });
    openers.sort((a, b) => a.start - b.start);
  }
  const last = openers.at(-1);
  if (!last) return [];
  const before = words(text.slice(0, last.start)).filter((t) => t.startsWith("m_"));
  if (before.length === 0) return [];
  const after = words(text.slice(last.end)).filter((t) => t.startsWith("m_"));
  return [...new Set(after.map((t) => t.slice(2) as Metric))];
}

/**
 * Metrics named one after another by their names, as a report's columns are ("sessions, page views, conversion rate",
 * "acos | ad spend"): a list. A phrase that says how a figure goes ("but few sales", "dropping") is no column's name.
 */
function columnList(found: PhraseMatch<{ metric: Metric | null; lead: boolean }>[], g: SlotGrammar): boolean {
  const named = (m: (typeof found)[number]) =>
    m.value.metric !== null && !m.value.lead && !g.metricPhraseSorts.has(m.phrase);
  return found.some((m, i) => {
    const next = found[i + 1];
    return (
      next !== undefined && next.start === m.end + 1 && next.value.metric !== m.value.metric && named(m) && named(next)
    );
  });
}

/** The metric named before token `start`, over a few verbs ("ACoS goes above", "the buy box drops below"). */
function metricBefore(tokens: string[], start: number, g: SlotGrammar): { metric: Metric; start: number } | undefined {
  let j = start;
  let verbs = 0;
  let qualifiers = 0;
  while (j > 0) {
    const before = lookBehindMetric(tokens, j, g);
    if (before) return before;
    // "returns on anything go past 6%", "ACoS for any campaign climbs over 40": what the metric is said of may stand
    // between it and its verb.
    if (QUALIFIER_WORDS.has(tokens[j - 1]) && ++qualifiers <= 3) j--;
    else if (g.conditionVerbs.has(tokens[j - 1]) && ++verbs <= 4) j--;
    else return undefined;
  }
  return undefined;
}
/** Words that say which rows a threshold's metric is of, between the metric and its verb ("on any product"). */
const QUALIFIER_WORDS = new Set([
  "on",
  "for",
  "across",
  "any",
  "anything",
  "everything",
  "something",
  ...PRODUCT_NOUNS,
  "campaign",
  "campaigns",
  "one",
  "every",
  "each",
  "them",
  "all",
]);

/** A profit said in percent ("percentage-wise", "in percentage terms", "as a percentage"). */
const PERCENT_WISE = /(?:^| )(?:(?:percentage|percent|%) ?wise|(?:in|as an?) (?:percentage|percent)(?: terms)?)(?= |$)/;

/** A metric named as the measure: "by X", "X-wise", "in terms of X". */
const MEASURE_METRIC = /(?:^| )(?:by|in terms of|on the basis of) m_([a-z_]+)(?= |$)|(?:^| )m_([a-z_]+) ?wise(?= |$)/;

/** Metrics whose values are percentages. */
const PERCENT_METRICS = new Set<Metric>([
  "profit_margin",
  "refund_rate",
  "conversion_rate",
  "growth_rate",
  "buy_box_percentage",
  "acos",
  "tacos",
  "ctr",
  "impression_share",
]);

/** A percentage metric named within a few words after token `from` ("… of sales got refunded"), and where it ends. */
function rateAfter(
  tokens: string[],
  from: number,
  g: SlotGrammar,
  text: string,
  startOf: (i: number) => number,
): { metric: Metric; end: number } | undefined {
  for (let j = from; j < Math.min(tokens.length, from + 4); j++) {
    const found = g.conditionMetrics.at(text, startOf(j));
    if (found && PERCENT_METRICS.has(found.value)) {
      let end = j;
      while (end < tokens.length && startOf(end) < found.end) end++;
      return { metric: found.value, end };
    }
  }
  return undefined;
}

/** The same day one week, month or year before `date`. */
export function sameDayBefore(date: string, unit: "week" | "month" | "year"): string {
  return unit === "week" ? addDaysIso(date, -7) : addMonthsIso(date, unit === "month" ? -1 : -12);
}

/**
 * Two figures each asked in a clause of its own ("how many sessions did it get, and what did it convert at"): asked
 * in that order, as a list is.
 */
const ASKED_EACH =
  /(?:^| )(?:how many|how much|what|what's|which)(?: [a-z_']+){0,3} m_[a-z_]+(?: [a-z_']+)* (?:and|also|plus) (?:what|how|which|what's)(?: [a-z_']+){0,4} m_[a-z_]+(?= |$)/;

/** Kinds of things asked about as such ("which types of products", "what sorts of items"). */
const KINDS_OF = /(?:^| )(?:kinds|types|sorts) of (?:products|things|items)(?= |$)|(?:^| )product types(?= |$)/;

/**
 * One row said outright: "just the one", "only 1", "which single one", "the one single product"; not one figure ("just
 * the one %", "only one number", which one-figure.ts reads as the whole shop's).
 */
const JUST_ONE =
  /(?:^| )(?:(?:just|only) (?:the )?(?:one|1|single one)(?! (?:%|percent|percentage|number|figure|total|sum|value|rate|amount|result)(?![\w]))|(?:which|what|the) (?:single|one single|sole) (?:one|product|sku|asin|item|listing|category|campaign)|(?:which|what) one (?:product|sku|asin|item|listing|category|campaign))(?= |$)/;
/**
 * One picked out of many, told by its singular verb or "one": "which of my products is the best rated", "what one of
 * the campaigns has the worst ACoS", "which of our listings sells the most", "which of my campaigns gives the highest
 * ROAS", "which of them wastes the most" ("which of my products are…" are several).
 * An agency asks the same of the account it runs: "which of their products was the best seller".
 * A past tense has no number ("which of my categories had the best margin"), so with a superlative it picks one too.
 */
const ONE_OF_MANY =
  /(?:^| )(?:which|what) (?:one |1 )?of (?:(?:my|our|their|the|these|those|all (?:my|our|their|the)) (?:[^ ]+ ){1,4}?|(?:these|those|them) )(?:is|was|has|had|does|did|'s|sells|sold|goes|went|makes|made|earns|earned|brings|brought|gets|got|runs|ran|converts|converted|performs|performed|generates|generated|drives|drove|leads|led|ranks|ranked|moves|moved|shifts|shifted|costs|loses|lost|spends|spent|comes|came|returns|returned|gives|gave|yields|yielded|delivers|delivered|produces|produced|achieves|achieved|shows|showed|scores|scored|wins|won|pulls|pulled|reaches|reached|holds|held|collects|collected|receives|received|attracts|attracted|wastes|wasted|burns|burned|burnt)(?= |$)/;
/**
 * "which of our categories earns the fattest margin": one picked out of many by a singular verb the metric grammar
 * reads as a figure ("earns", "sold"), heard in the question's own words. Things named in the plural after the
 * superlative ("which of my categories has the most best sellers") are several.
 */
function oneOfManyByItsVerb(question: string, g: SlotGrammar): boolean {
  const picked = ONE_OF_MANY.exec(question);
  if (!picked) return false;
  const after = SUPERLATIVE_THEN.exec(question.slice(picked.index + picked[0].length));
  return !after || g.plural.find(after[1]).length === 0;
}
/** What a superlative (or "the most") names after it: the few words up to the clause's end. */
const SUPERLATIVE_THEN = /\bthe (?:most |least )?[a-z]+(?:est)?((?: [a-z&'-]+){1,3})/;
/**
 * "of them all", "of all of them": the whole set a superlative is taken over, not rows asked for, so "which category had
 * the poorest margin of them all" is still one category ("which products are the best of them all" are several).
 */
const OF_THEM_ALL = /(?:^| )of (?:them all|all of them|them)(?= |$)/g;

/**
 * Spend pointed at as what brought a return in a figure named after it ("what did that spend return in ad sales"):
 * neither the spend nor the verb ("return" is no refund) is asked. Said with the figure first ("how much revenue has
 * that spend brought in") it is a name of ad sales (metrics.json).
 */
const SPEND_THAT_RETURNED =
  /(?<![\w])(that|this) (?:ad |advertising )?(?:spend|spending|budget) (?:return|returned|bring in|brought in|bring|brought|generate|generated|drive|drove|earn|earned|produce|produced)(?= in (?:[a-z-]+ ){0,3}?(?:sales|revenue)(?![\w]))/g;
/**
 * One row asked for in so many words, whatever ranks it: "which one's ACoS is the ugliest", "which one article runs
 * out first", "which single product", "just the one", "only the worst offender" ("which ones", "only 1 unit", "only
 * the worst offenders" ask for no single row).
 */
const ONE_ROW_ASKED =
  /(?:^| )(?:(?:just|only) the (?:one(?! (?:%|percent|percentage|number|figure|total|sum|value|rate|amount|result)(?![\w]))|single one|(?:single |one )?(?:[a-z]+ )?(?:offender|culprit))|(?:which|what) (?:one|single|sole|one single)(?:'s)?)(?= |$)/;
/**
 * One of a kind of thing, named in the singular, picked by a bare comparative: "which category gives me more margin",
 * "the ASIN where I win less of the buy box, which is it?", "which of my categories is the one that gives me more
 * margin" ("which category has more margin than Beauty" compares).
 */
const ONE_PICKED_BY_COMPARATIVE =
  /(?:^| )(?:which|what|the) (?:one |single )?(?:product|item|sku|asin|listing|article|category|subcategory|campaign|keyword|marketplace|country|brand|one)(?: (?:where|that|which|whose|with|in which|on which))?(?: [^ ]+){0,5}? (?:more|less|higher|lower|better|worse|bigger|smaller|greater|fewer)(?= |$)(?!(?: [^ ]+){0,4} than(?= |$))/;
/** "which of those", "what one of them": a pick among rows the question before listed. */
const ONE_OF_THE_ROWS_SHOWN = /(?:^| )(?:which|what) (?:one |1 )?of (?:these|those|them)(?= |$)/;
/**
 * One of a set picked by a comparative: "which one earned the higher margin", "which of the two has the lower ACoS",
 * "which is the better seller".
 */
const PICKED_BY_COMPARATIVE =
  /(?:^| )(?:which|what)(?: one| single one|(?: [^ ]+){0,4}? (?:is|was|has|had|does|did|'s))(?: [^ ]+){0,6}? the (?:higher|better|bigger|larger|greater|lower|smaller|worse|stronger|weaker|more|fewer|less)(?= |$)/;
/** Growth said as a mood ("tanking", "dead in the water"): it sets the end looked at, not the measure. */
const MOOD_PHRASES = new Set([
  "tanking",
  "tanked",
  "plummeting",
  "plummeted",
  "nosediving",
  "nosedived",
  "crashing",
  "slumping",
  "slumped",
  "dying",
  "dead in the water",
  "going nowhere",
]);
/**
 * A metric set aside beside what is asked: "rather than money", "instead of revenue", "as opposed to units", or "not"
 * right after another metric or currency ("revenue not units", "in dollars, not units"); "not profitable" alone is a
 * judgement, not a metric set aside.
 */
const SET_ASIDE_METRIC =
  /(?:(?:^| )(?:rather than|instead of|as opposed to)|(?:^| )(?:m_[a-z_]+|__currency__) (?:and |but )?not)(?: (?:in|by|on|the|my|our))? m_([a-z_]+)(?= |$)/g;
/** The metric a mood word is said of: "by revenue", "on orders". */
const MOOD_MEASURE = /(?:^| )(?:by|on|in terms of) m_([a-z_]+)(?= |$)/;
/** "How many" or "how much" opening a clause after a mark: ", how many units", ". How much". */
const CLAUSE_HOW = /[,;:.?!]\s+(?:so\s+|and\s+so\s+)?how\s+(?:many|much)\s/i;
/**
 * Words that leave rows out, then what they leave out ("ignoring anything with", "excluding SKUs on"), ending where a
 * threshold starts.
 */
function leftOutBefore(phrases: string[]): RegExp {
  return new RegExp(`(?:^| )(?:${phrases.map(escapeRegExp).join("|")})${LEFT_OUT_ROWS} ?$`);
}
const LEFT_OUT_ROWS =
  "(?: (?:any|anything|everything|all|those|the|ones?|products?|items?|listings?|skus?|asins?|things|stuff|that|which|with|having|has|have|had|on|at|are|is|sitting|selling|sold|getting|got|m_[a-z_]+)){0,4}";
/** The threshold of the rows that stay, when another's rows are left out. */
const OPPOSITE_OP: Record<string, ConditionOp> = { "<": ">=", "<=": ">", ">": "<=", ">=": "<" };
/** A link word that starts a clause of its own ("and no orders", "but few sales"). */
const CLAUSE_LINK = /^(?:and|but|yet|or|while) /;
/** Verbs of a level reached ("gets below", "drops under"), and verbs of selling that make a count of units sales. */
const LEVEL_VERBS = new Set([
  "gets",
  "get",
  "getting",
  "drops",
  "drop",
  "dropping",
  "falls",
  "fall",
  "falling",
  "goes",
  "go",
  "going",
  "dips",
  "dip",
  "dipping",
  "sinks",
  "sink",
  "is",
  "are",
  "has",
  "have",
  "runs",
  "run",
  "down",
  "left",
  "hits",
  "hit",
  // "when it stays less than 50 pieces", "remains under 20": a learner's word for the level stock is left at.
  "stay",
  "stays",
  "remain",
  "remains",
]);
/**
 * A question that counts the goods sold: "how many" (or "how much" of a word for goods) before a verb of selling in
 * the past, or "did"/"have" before one in the present. "How much did I sell" alone asks for money. Goods bought are
 * goods sold, said from the customer's side ("how many PS-1 did customers buy").
 */
const COUNTED_SALES =
  /(?:^| )how (?:many|much (?:stuff|product|products|merchandise|goods|gear|inventory|stock|kit))(?: \S+){0,5}? (?:(?:sold|shifted|moved|flogged|bought|purchased)|(?:did|do|have|has|had|'ve)(?: \S+){0,3}? (?:sell|shift|move|flog|buy|purchase|sold|shifted|moved|flogged|bought|purchased))(?= |$)/;
/**
 * Money the seller is missing, in either order ("easy money", "cash I'm leaving on the table", "what profit are we
 * leaving behind", "low-hanging fruit", "untapped upside"): an opening, whatever figure it names.
 */
const MISSED_MONEY =
  /(?:^| )(?:(?:easy|quick|free|fast) (?:money|cash|profits?|pickings|wins?|gains?)|(?:leaving|leave|leaves|left|sitting)(?: [a-z']+){0,4}? (?:on the table|behind)(?= |$)|low hanging|lowest hanging|untapped|unexploited|unrealised|unrealized)(?= |$)/;
/** Products praised as stars or standouts ("star products", "standout performers"): the best ones. */
const STAR_THINGS =
  /(^| )(?:star|standout|stand out|stand-out) (products?|performers?|sellers?|items?|listings?|lines|skus|asins)(?= |$)/g;
/**
 * The best one or ones in a figure of speech, after an owner or "the" ("my star", "the big winners", "our banker", "my
 * MVP", "the cash cow"), never a thing's stars ("the star rating", "the stars of my products": stars in the plural are
 * the rating) or the buy box's winner ("the winner of the buy box").
 * Groups: the owner, the singular or the plural figure, and the thing it names when said ("my hero product").
 */
const FIGURATIVE_BEST =
  /(^| )(my|our|the|their|your)(?: (?:big|biggest|real|true|clear|absolute|undisputed|top|main))? (?:(star|hero|winner|champion|champ|banker|mvp|golden goose|cash cow|breadwinner|money maker|moneymaker|big hitter|heavy hitter|top dog|workhorse|crown jewel)|(heroes|winners|champions|champs|bankers|mvps|golden geese|cash cows|breadwinners|money makers|moneymakers|big hitters|heavy hitters|top dogs|workhorses|crown jewels))( (?:products?|items?|listings?|skus?|asins?|sellers?|lines?|campaigns?|keywords?|categor(?:y|ies)))?(?! (?:ratings?|reviews?|reviewers?|scores?|average|count|of (?:the )?(?:buy ?box|featured offer)|(?:for|on|in) (?:the )?(?:buy ?box|featured offer)))(?= |$)/g;
/**
 * The best one in young sellers' slang, after an owner or "the" and up to two words of what it is best at ("my roas
 * king", "the GOAT", "our profit queen", "the carry"): never a bed's size ("king size sheets"), a goat's milk, or
 * luggage carried ("my carry on"); nor the seller's helper praised ("you're the GOAT", typed "your the goat").
 */
const SLANG_BEST =
  /(^| )(?<!(?:you're|youre|you are|your|ur|u r|ure|you|u) )(my|our|the|your|ur)((?: (?!(?:of|in|on|for|by|and|is|was|with)(?= ))[a-z]+){0,2}?) (?:king|queen|goat|carry|main character|it girl|it product)(?! (?:size|sized|sizes|bed|beds|mattress|sheets?|duvet|crab|prawns?|milk|cheese|soap|leather|on|over|out|case|bag|cot)(?= |$))(?= |$)/g;
/** A metric told as a plenty, no amount ("heaps of orders", "loads of returns", "a ton of clicks"). */
const PLENTY_OF_METRIC =
  /(?:^| )(?:heaps|loads|lots|tons|masses|stacks|bags|oodles|plenty|a (?:lot|ton|load|heap|bunch|stack|shedload|truckload)) of (m_[a-z_]+)(?= |$)/;
/** A metric asked for after it: "how many units", "what's the revenue", "give me the refund rate". */
const ASKED_METRIC =
  /(?:^| )(?:how (?:many|much)|what(?:'s| is| was| were| are)?|whats|give me|tell me|show me)(?: [a-z_']+){0,3}? (m_[a-z_]+)(?= |$)/;
/** The seller's own business as the subject of what follows ("we've been", "everything is", "the shop's"). */
/** A count asked a few words before what it counts: "how many units ", "how many of my office things have ". */
const COUNT_ASKED = /(?:^| )how (?:many|much)(?: [^ ]+){0,6} $/;
const SELLER_SUBJECT =
  /(?:^| )(?:we|we're|we've|were|weve|i|i'm|im|i've|everything|everything's|it|it's|its|the shop|the shop's|the store|the store's|our shop|our store|my shop|my store|the business|my business|our business)(?: (?:is|are|has|have|been|was|were|just|really|absolutely|totally|still|all|properly|literally|honestly))* $/;
/**
 * Goods moved in a seller's words ("moving product", "shifted any stock", "flogging loads of gear"): selling. Never
 * stock moved somewhere ("moving stock to the UK warehouse"), which is no sale.
 */
const GOODS_MOVED =
  /(^| )(?:(moving|shifting|flogging)|(moved|shifted|flogged)|((?:did|do|does|didn't|don't|doesn't|didnt|dont|doesnt)(?: [a-z']+){1,3}? )(?:move|shift|flog))(?: (?:any|much|some|enough|a lot of|lots of|loads of|heaps of|tons of|plenty of|a bunch of|our|my|the))?(?: ((?:the )?(?:most|least|more|less)))? (?:product|products|stock|inventory|goods|stuff|merchandise|gear)(?! (?:to|into|from|between|over|across|around|back|out of|off to)(?= ))(?= |$)/g;
/** The first place of a ranking before what is ranked: "number one", "no. 1", "#1", "numero uno". */
const RANK_ONE = /(?:^|[\s(])(?:number (?:one|1)|no\.? ?1|nr\.? ?1|num ?1|#1|# 1|numero uno)(?= [a-z])/;
/** The first of a ranking measured by a figure: "number one SKU by revenue", "#1 product in terms of units". */
const RANKED_BY_OWN_FIGURE = /(?:^| )__num__ (?:[a-z]+ ){1,2}?(?:by|on|for|in terms of) m_[a-z_]+(?= |$)/;
const OWN_RANKING = /(?:^|[\s(])(?:my|our|i|we|me|us|mine|ours|i've|we've|i'm|we're)(?=[\s,.?!)]|$)/;
/** A rank one said after an article or another's possessive ("the number one seller", "their #1"): a party's place. */
const RANKED_PARTY =
  /(?:^|[\s(])(?:the|a|an|their|his|her|its|whose|who|who's|which)[\s(]+(?:number (?:one|1)|no\.? ?1|nr\.? ?1|num ?1|#1|# 1|numero uno)$/;
/** A count of none said with its holder: "with 0 units sold", "that had zero orders", "showing 0 units". */
/**
 * Selling none: "haven't sold a single unit", "didn't get one order", "hasn't shifted a single unit", "sold zero
 * units", "sold no orders". The verb is kept; the count becomes exactly zero.
 */
const NOTHING_SOLD =
  /(?<![\w])(?:((?:haven't|havent|have not|hasn't|hasnt|has not|didn't|didnt|did not|don't|doesn't|never|not|wasn't|weren't) (?:sold|sell|shifted|shift|moved|move|had|made|make|got|get|gotten|received))(?: even)? (?:a single|one single|a solitary|one|1|any|a)|(sold|shifted|moved) (?:0|zero|no)) (units?|sales?|orders?)(?: (?:at all|whatsoever|sold))?(?![\w])/g;
/** A number with a unit of time run into it ("21d", "6w", "3mo"); "m" alone is left, as it may mean million. */
const GLUED_UNIT = /(?<![\w.$£€])(\d{1,3})(d|w|wk|wks|mo|mos|mth|mths)(?![\w])/g;
const NONE_COUNTED = /(?<![\w])(with|having|had|has|have|got|showing|on|at) (?:0|zero) (?=(?:units?|orders?)(?![\w]))/g;
const CATEGORY_PART =
  /(__(?:category|subcategory)__) (?:range|ranges|line|lines|section|sections|aisle|aisles|side)(?![\w])/g;
const AS_WELL = /(?:^| )as well(?= |$)/;
/** "so far", "thus far": up to now, as a period says it ("today so far"), no subject of its own. */
const SO_FAR_SAID = /(?:^| )(?:so|thus) far(?= |$)/;
const TAKEN_OUT = /(?:^| )(?:break|split) (?:it|that|this|them|those|these) out(?= |$)/;
/** An order from one judged end to the other, in a learner's words too ("from the most weak to the strong"). */
const JUDGED_RANGE =
  /(?<![\w])(?:(best|strongest|healthiest|most strong|strong) (?:to|down to|through) (?:the )?(?:worst|weakest|poorest|most weak|weak)|(?:worst|weakest|poorest|most weak|weak) (?:to|up to|through) (?:the )?(?:best|strongest|healthiest|most strong|strong))(?![\w])/;
/** What can hold a count of units on hand: a product named or pointed to. */
const UNIT_HOLDERS = new Set(["__asin__", "__sku__", "it", "anything", ...PRODUCT_NOUNS]);
/** A count taken over a period, which a level on hand is not: "a week", "per day", "daily", "last month". */
const COUNT_OVER_TIME = /^(?:a|an|per|each|every|in|over|during|daily|weekly|monthly|__time__)(?: |$)/;
const SELL_VERBS = new Set(["sell", "sells", "sold", "selling", "sale", "sales", "ordered", "orders", "moves", "move"]);

/** Words for the stock itself, and how far before a threshold they may stand. */
const STOCK_WORDS = new Set(["stock", "inventory", "stocks", "units in stock", "on hand"]);
const STOCK_WORD_REACH = 5;

/** How far before a threshold of a length of time the stock it is said of may be named ("the stock of any product is going"). */
const STOCK_LEVEL_REACH = 8;

/** Stock named in the words before token `start` of its clause, with no word of selling after it. */
function stockLevelBefore(tokens: string[], start: number): boolean {
  const before = tokens.slice(Math.max(0, start - STOCK_LEVEL_REACH), start);
  const at = before.findLastIndex((t) => STOCK_WORDS.has(t));
  return (
    at >= 0 &&
    !before.slice(at).some((t) => SELL_VERBS.has(t) || CLAUSE_BREAKS.has(t)) &&
    // "runs out in under 12 days", "not sold for over 90 days": a length of time ahead or gone by, no level.
    !SPAN_BEFORE.has(before[before.length - 1] ?? "")
  );
}
/** Words that end the clause a threshold's stock is named in. */
const CLAUSE_BREAKS = new Set(["and", "but", "or", "__stop__", "__ask__", "__lead__"]);
/** Words before a length of time that make it a span of time, not a level of stock. */
const SPAN_BEFORE = new Set(["in", "for", "since", "within", "after", "before"]);

const COPULAS = new Set(["is", "are", "was", "were", "be", "being", "been", "s"]);

/** The figure a phrase of change opens with, when only verbs follow it up to the bound ("sales fall" → revenue). */
function figureBeforeItsVerb(tokens: string[], from: number, to: number, g: SlotGrammar): Metric | undefined {
  // "sales drop is above 5": a growth named by its noun phrase, then "is", keeps the growth; only a verb of change right
  // before the bound ("sales drop below 5000") makes the amount the figure's own.
  if (COPULAS.has(tokens[to - 1])) return undefined;
  for (let j = to - 1; j > from; j--) {
    if (!g.conditionVerbs.has(tokens[j])) return undefined;
    const metric = g.conditionMetrics.get(tokens.slice(from, j).join(" "));
    if (metric && metric !== "growth_rate") return metric;
  }
  return undefined;
}

/** A metric phrase ending just before token `j`. */
function lookBehindMetric(tokens: string[], j: number, g: SlotGrammar): { metric: Metric; start: number } | undefined {
  // Up to nine words: "ppc spend as a share of the ad sales" is one metric. "conversion's better than 15%", "acos's
  // over 30": the metric with "is" run into it.
  for (let n = Math.min(9, j); n >= 1; n--) {
    const phrase = tokens.slice(j - n, j).join(" ");
    const metric = g.conditionMetrics.get(phrase) ?? g.conditionMetrics.get(phrase.replace(/'s$/, ""));
    if (metric) return { metric, start: j - n };
  }
  return undefined;
}

function correctWord(word: string, g: SlotGrammar, catalogWords: ReadonlySet<string>): string {
  const fixed = g.vocab.typos[word];
  if (fixed !== undefined) return fixed;
  // Shorthand with a possessive ("yday's orders", "tmrw's delivery"): the word it stands for, still possessive.
  const owner = /^([a-z0-9]+)'s$/.exec(word);
  const short = owner ? g.vocab.typos[owner[1]] : undefined;
  if (short !== undefined && /^[a-z]+$/.test(short)) return `${short}'s`;
  if (word.length < 5 || !/^[a-z]+$/.test(word) || g.typoStop.has(word)) return word;
  if (g.lexicon.knows(word) || catalogWords.has(word)) return word;
  // "keyboard", "notebook": two known words run together are an ordinary compound, no misspelt seller word ("keyword").
  if (isCompoundOfKnownWords(word, g.lexicon)) return word;
  // A catalog word is a correction only when its first three letters are the word's: "holes" is no misspelt "homes".
  const head = word.slice(0, 3);
  const near = new Set([...catalogWords].filter((c) => c.startsWith(head)));
  return g.lexicon.closest(word, near) ?? word;
}

/** Whether the word is two words of three letters or more the lexicon knows, run together ("key" + "board"). */
function isCompoundOfKnownWords(word: string, lexicon: Lexicon): boolean {
  for (let cut = 3; cut <= word.length - 3; cut++)
    if (lexicon.knowsExactly(word.slice(0, cut)) && lexicon.knowsExactly(word.slice(cut))) return true;
  return false;
}
