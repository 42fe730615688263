import type { CatalogVocabulary } from "../core/catalog-vocabulary.js";
import {
  NAME_WAVED_OFF,
  QUESTION_DROPPED,
  QUOTE_BACK_REFERENCE,
  QUOTED_FIGURE,
  SELLERS_GUESS,
  SUBJECT_PARKED,
} from "./asides.js";
import { NEW_SUBJECT, NEW_SUBJECT_LABEL } from "./new-subject.js";
import { withoutAccuracyAside } from "./accuracy-asides.js";
import { asksQuantityToSend } from "./quantity-to-send.js";
import { asksHowTheAccountWent } from "./account-performance.js";
import { withoutReportSource } from "./report-names.js";
import { onlyCourtesy, thanksForHelp, withoutForeignPlease, withoutGreeting } from "./courtesies.js";
import { describeUnderstanding } from "./interpretation.js";
import { withLearnerPhrasings } from "./learner-english.js";
import { withoutTextingSlang } from "./texting-slang.js";
import { withoutDiscourseParticles } from "./discourse-particles.js";
import { withoutHopeAfterRequest } from "./hoped-outcomes.js";
import { withTotalOfEachFigure } from "./total-before-a-list.js";
import { withoutPartsAsExamples } from "./parts-as-examples.js";
import { withDictatedSellerTerms } from "./dictated-words.js";
import { withoutFigurePurpose } from "./figure-purposes.js";
import { withGranularityAsBuckets } from "./granularity-words.js";
import { withMoneyInStockTiedUp } from "./money-in-stock.js";
import { withoutTagQuestion } from "./tag-questions.js";
import { withoutPlatformBackground } from "./other-platforms.js";
import { parserModel, type ParserModel } from "./parser-model.js";
import { REAL_FIGURE } from "./real-figure.js";
import { worldDetector } from "./out-of-domain.js";
import { periodBefore } from "./period-before.js";
import { spokenReportSyntax } from "./report-syntax.js";
import { SENTENCE_BREAK, sentencesLinked } from "./sentence-links.js";
import {
  CATEGORY_BACK_REFERENCE,
  KIND_BACK_REFERENCE,
  MONEY_BACK_REFERENCE,
  namedThenAsked,
  PART_BACK_REFERENCE,
  relayedQuestion,
  withoutLayoutAside,
  OWN_FIGURE_BACK_REFERENCE,
  PERIOD_BACK_REFERENCE,
  PRODUCT_BACK_REFERENCE,
  reasonsApart,
  SCOPE_BACK_REFERENCE,
  storyApart,
  TOLD_DEED,
  WANTED_FIGURE_SENTENCE,
} from "./reason-clauses.js";
import { thirdPartyDetector } from "./third-parties.js";
import { namesCostsTogether } from "./costs-together.js";
import { movedThreshold, moveThreshold } from "./threshold-edits.js";
import {
  correctsTheQuestionBefore,
  regroupsTheRows,
  reordersTheRows,
  reranksByAFigure,
  swapsTheFigure,
  withFilterSwapSaidPlainly,
} from "./reply-edits.js";
import { asksTheSameQuestionOf, withSamePeriodSaidPlainly } from "./same-question.js";
import { asksOfEveryProduct, asksOfTheSameThing } from "./subjectless-follow-ups.js";
import { extractSlots, sameDayBefore, type Slots } from "./slots.js";
import { codesStandingAsWords } from "./codes-as-words.js";
import { withStockLastingAsSupply } from "./stock-lasting.js";
import { asksWhenADayFalls } from "./shopping-calendar.js";
import { PERIOD_LOOKS_USUAL } from "./usual-period.js";
import { asksWhatItCanTell, asksWhatTheToolTakes } from "./what-it-can-tell.js";
import { stem, straightApostrophes } from "./text.js";
import { resolveTimeframe } from "../core/timeframe.js";
import {
  ALL_ROWS_LIMIT,
  INTENT_AREAS,
  type Condition,
  type DetailLevel,
  type Filters,
  type GroupBy,
  type InsightType,
  type Intent,
  type Metric,
  type Understanding,
} from "../core/understanding.js";
import {
  applyRankingRules,
  AD_METRICS,
  MIN_SCORE,
  SETTING_CHOICE,
  STOCK_FIGURES,
  STOCK_RANKING_FIGURES,
  SURE_OWN_SCORE,
  acceptsMetric,
  askedInOrder,
  hasSellerSlot,
  listsMetric,
  promoteLabel,
} from "./ranking-rules.js";

export interface ParseOptions {
  catalog: CatalogVocabulary;
  /** Today's date, YYYY-MM-DD: relative periods resolve against it. */
  today: string;
  /** The understanding of the previous question in the same conversation. */
  previous?: Understanding;
  /**
   * Marketplace codes the question as typed uses only as words of another language ("de" in "total de vendas do mês
   * passado"), read before its periods and months are put in English; set by `parseQuestion` for its parts.
   */
  codesAsWords?: Set<string>;
}

export interface InvalidQuery {
  code: "invalid_query";
  message: string;
  suggestions: string[];
}

export type ParseOutcome = { understanding: Understanding } | { error: InvalidQuery };

/** …or this score, when a metric the question names or implies is one the intent answers with. */
const SUPPORTED_MIN_SCORE = 0.15;
/** A question of filler words only ("what can you do?") needs this score. */
const SURE_SCORE = 0.3;
/** A question whose own words (without its slots) are this close to the out-of-domain examples is not ours. */
const OFF_TOPIC_SCORE = 0.3;
/** A follow-up with words of its own switches intent only when the classifier is at least this sure. */
const SWITCH_SCORE = 0.35;
/** A question of filters only (no follow-up cue) is a new question when the classifier is this sure of another intent. */
const OWN_SUBJECT_SCORE = 0.5;
/** A seller word lets the best intent stand against "not ours" when it scores at least this share of it. */
const NONE_MARGIN = 0.75;

/**
 * Whether seller-ai covers a whole area of the seller's business, asked of seller-ai ("can you do advertising stuff too
 * or just sales?", "do you handle inventory as well", "does it cover fees or only ads"): what it can do. A figure asked
 * again ("can you do profit too") names no area, and a scope ("can you do the UK too") is a follow-up.
 */
const CAPABILITY =
  /^(?:(?:so|and|ok|okay|hey|also|but) )?(?:can|could|do|does|will|would) (?:you|u|seller-?ai|this (?:tool|app|bot|thing)) (?:also |even |actually |only |just )?(?:do|handle|cover|support|deal with|help with|help me with|work with|know about|answer questions about|track) (?:any |the )?(?:advertising|ads|ad|ppc|marketing|inventory|stock|finance|finances|money|accounting|sales|reviews|returns|pricing|prices|competitors?|competition|keywords|fees|forecasting|reports|alerts)(?= (?:stuff|things|side|questions|too|as well|also|or))(?: (?:stuff|things|side|questions))?(?: too| as well| also)?(?: or (?:just|only|is it just|is it only) [a-z ]+)?$/;

/** Whether the question names a place, a time or a part of the catalog, which only a question of the data has. */
function namesScope(s: Slots): boolean {
  return [s.timeframe, s.marketplace, s.category, s.subcategory, s.campaign, s.asin, s.sku].some(
    (v) => v !== undefined,
  );
}

/**
 * A question's wordings put as the parser reads them, first to last, each reading what the one before wrote. The
 * earliest see the words as typed: a dictation's spelling of a seller term is the term before all ("update target a
 * cost", "chart my t a cos"), and slang asides go before the codes a later step would read in them ("fr", "mom").
 */
const PLAIN_WORDINGS: ((text: string, model: ParserModel) => string)[] = [
  withDictatedSellerTerms,
  // "Detail Page Sales and Traffic for the UK: which listings convert worst?": the report named as the source asks
  // nothing; the question after it does.
  withoutReportSource,
  // "fees (referral, FBA, all of it)": parts in brackets as examples of the whole figure.
  withoutPartsAsExamples,
  // "ngl what did I make in October lol", "my mom still thinks…".
  withoutTextingSlang,
  // "profit per quarter of 2025, inshallah it grew": a hope about the answer asks no growth and no ranking (before
  // "inshallah" goes as a word of discourse and leaves "it grew" behind).
  withoutHopeAfterRequest,
  // "endaxi. and profit?", "hmm weekly would be better eh", "…last month, re?": words of discourse ask nothing.
  withoutDiscourseParticles,
  // "…so far this year, ballpark's fine": how exact the answer must be asks for nothing.
  withoutAccuracyAside,
  // "total ACoS and TACoS": "total" said of both figures, not TACoS twice.
  withTotalOfEachFigure,
  // "visits per day, like the graph on the Etsy stats page": another platform named only as the seller's background.
  withoutPlatformBackground,
  // "and how many units, no?": a closing tag question only checks.
  withoutTagQuestion,
  // "… for the partner email" only says where the answer goes.
  withoutFigurePurpose,
  // "swap the category to Home & Kitchen": the filter named only says which one a reply swaps.
  withFilterSwapSaidPlainly,
  // "my sells in this month are going better or worse of the month before?": a learner's English, read as it is meant.
  withLearnerPhrasings,
  // "at daily granularity" is by day.
  withGranularityAsBuckets,
  // "money frozen in goods" is money tied up in stock.
  withMoneyInStockTiedUp,
  // "how many days will each pet supplies product last": how long the seller's stock lasts is its days of supply.
  withStockLastingAsSupply,
  // "units_sold for SO-YOGA-01, metric=profit": a question in a report's syntax is read as it would be said.
  (text, model) => spokenReportSyntax(text, model.parameterKeys),
  // "for the same two months" is the period asked before.
  withSamePeriodSaidPlainly,
  // "svp", "bitte" only say please.
  withoutForeignPlease,
  withoutGreeting,
  withoutLayoutAside,
];

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
export function parseQuestion(text: string, given: ParseOptions): ParseOutcome {
  // "de la semana pasada" is read as "of" before "la semana pasada" is put in English as "last week" ("de last week"
  // would be Germany): which codes are words is decided on the question as typed, for it and every part of it.
  const options: ParseOptions = given.codesAsWords ? given : { ...given, codesAsWords: codesStandingAsWords(text) };
  const model = parserModel();
  const asked = PLAIN_WORDINGS.reduce((said, rewrite) => rewrite(said, model), text);
  // "thanks for the numbers", "Tak for the help, have a nice weekend": courtesies only, whatever seller words they hold,
  // ask for nothing, after any question as alone.
  if (onlyCourtesy(text)) {
    const slots = slotsOf(asked, options, model);
    return { error: invalidQuery(text, slots, model, model.classifier.nearest(slots.masked, 20), options.catalog) };
  }
  // "Other question: since when has Amazon not paid me?": the label only says a new subject starts; the rest is asked
  // afresh, and its word "question" asks no help.
  // "Right, parking the returns for now. …": a subject put aside is announced the same way.
  const announced = NEW_SUBJECT_LABEL.exec(asked) ?? SUBJECT_PARKED.exec(straightApostrophes(asked));
  if (announced && /[a-z]/i.test(asked.slice(announced[0].length)))
    return parseQuestion(asked.slice(announced[0].length), { ...options, previous: undefined });
  // "Ok leave it. Tell me the refund rate of every product in Italy": the question before dropped, what follows is
  // asked afresh when it is understood alone; else it still edits the question before ("never mind that, just the UK").
  const dropped = QUESTION_DROPPED.exec(straightApostrophes(asked));
  if (dropped && /[a-z]/i.test(asked.slice(dropped[0].length))) {
    const rest = asked.slice(dropped[0].length);
    const afresh = parseQuestion(rest, { ...options, previous: undefined });
    return "understanding" in afresh || !options.previous ? afresh : parseQuestion(rest, options);
  }
  // Why the seller asks ("before we restock…", "the accountant wants it") does not choose what is asked.
  const asking = askingWithoutReasons(asked, options, model);
  if (asking !== undefined) {
    // A question refused alone is refused with its reason too ("deciding on stock - how many units will I sell next
    // month" still asks for the future).
    return parseQuestion(asking, options);
  }
  // "Owner confirmed the new supplier lead time, so set it to 50 days": the bid after its reason is the setting.
  const setting = settingAfterItsReason(asked, options, model) ?? settingBeforeItsReason(asked, options, model);
  if (setting !== undefined) return setting;
  // "My accountant wants the Spanish gross for August. What was it?": the figure wanted is the one asked.
  const pointed = namedThenAsked(asked);
  if (pointed !== undefined) return parseQuestion(pointed, options);
  // "Client asked which SKU was their number one earner…": the question relayed, asked as the seller's own.
  const relayed = relayedQuestion(asked);
  if (relayed !== undefined) return parseQuestion(relayed, options);
  // "I saw a forum post saying most sellers… What was my revenue in 2025?": the sentence that asks decides.
  const afterStory = questionAfterStory(asked, options, model);
  if (afterStory !== undefined) return afterStory;
  const slots = slotsOf(asked, options, model);
  const classification = model.classifier.classify(slots.masked);
  const world =
    ((slots.strangerOwner ||
      asksWhenADayFalls(asked) ||
      worldDetector(model.vocab.outOfDomain).aboutTheWorld(slots.topicText)) &&
      !worldOnlyInStatements(asked, options, model)) ||
    worldDetector(model.vocab.outOfDomain).actsOnTheAccount(slots.topicText) ||
    asksOthersFigures(asked, slots, options, model);
  // "Not ours" needs more than a near example when the question is plainly about the seller's things.
  const [first, second] = classification.ranked;
  const noneFirst = first?.label === "none";
  if (
    first?.label === "none" &&
    !world &&
    (hasSellerSlot(slots, true) || (ownsTopic(slots, model) && (second?.score ?? 0) >= NONE_MARGIN * first.score))
  )
    classification.ranked = classification.ranked.slice(1);
  // "can you do advertising stuff too or just sales?": what seller-ai covers, asked by the areas it might, is help,
  // whatever figures the areas name; so is what it can tell of the shop as a whole ("what can it tell me about my shop").
  // "can this read my Business Reports", "can I export it to Excel": what the tool takes in and gives out is help too.
  const asksWhatItTells =
    (asksWhatItCanTell(slots.topicText) || asksWhatTheToolTakes(slots.topicText)) && !namesScope(slots);
  const asksCapability = (CAPABILITY.test(slots.topicText) && !namesScope(slots)) || asksWhatItTells;
  // A question naming the seller's own metric or catalog is about their data, never about seller-ai itself.
  if (classification.ranked[0]?.label === "help" && hasSellerSlot(slots, true) && !asksCapability) {
    classification.ranked = classification.ranked.slice(1);
    // Nor is it "not ours" when the runner-up says so ("what are my days of supply looking like across Office").
    if (classification.ranked[0]?.label === "none" && !world) classification.ranked = classification.ranked.slice(1);
  }
  // How sure the classifier is that the question is a seller's: rules below may reorder its answers, not lessen that.
  const leading = classification.ranked[0]?.label === "none" ? 0 : (classification.ranked[0]?.score ?? 0);
  const { openFindings } = applyRankingRules(classification.ranked, slots, model, {
    asked,
    today: options.today,
    previousIntent: options.previous?.intent,
  });
  if (asksCapability) promoteLabel(classification.ranked, "help", asksWhatItTells);
  const best = classification.ranked[0];
  // "ok different thing - payouts for October?", "diff question": a question announced as a new subject keeps nothing
  // from before.
  const previous = NEW_SUBJECT.test(text.toLowerCase()) ? undefined : options.previous;
  const scopeReply = previous !== undefined && onlyChangesScope(asked, options, model);
  // "Kalau for amazon.co.uk gimana? Same question": the question before, asked of the place, period or part named,
  // whatever words of the seller's own language are around it.
  const sameAsked = previous !== undefined && asksTheSameQuestionOf(slots);
  const hasSlots = hasAnySlot(slots);
  const sure =
    best &&
    best.label !== "none" &&
    (Math.max(best.score, leading) >= MIN_SCORE ||
      (best.score >= SUPPORTED_MIN_SCORE &&
        // Nearer an example of another domain, a figure of one of the seller's own products is still theirs ("the
        // referral fee rate on B0…").
        (!noneFirst || slots.asin !== undefined || slots.sku !== undefined) &&
        slots.unknownWords === 0 &&
        (slots.ownWords || slots.metrics.length > 0) &&
        metricSupports(slots, best.label, model)) ||
      // Findings of a kind asked for at a depth ("where do I stand against rivals? comprehensive, please"): only
      // insights come in kinds and depths.
      (best.label === "insights" &&
        best.score >= SUPPORTED_MIN_SCORE &&
        slots.insightType !== undefined &&
        (slots.detailLevel !== undefined || openFindings)) ||
      // Money the seller is missing, in their idiom ("where's the easy money I'm leaving on the table?"): openings,
      // however the classifier weighs the words of the seller's own around it ("I'm", "we're").
      (best.label === "insights" && best.score >= SUPPORTED_MIN_SCORE && slots.missedMoney === true));

  let intent: Intent | undefined;
  let followUp = false;
  let confidence = 0;
  // "lower the order cutoff to 20": a threshold of the question before, moved.
  const thresholdMoved = previous && movedThreshold(slots, previous.filters.conditions, asked) !== undefined;
  // "I meant last week", "by profit", "now do profit", "rank them from the worst", "divide it by marketplace": a reply
  // that only edits the question before asks it again, edited.
  const edit = previous !== undefined && editsTheQuestionBefore(slots, model);
  if (
    previous &&
    (scopeReply ||
      sameAsked ||
      edit ||
      // "will it run out there?", "so how many do I send in": something new of the product or place before.
      asksOfTheSameThing(slots, best?.label, previous) ||
      anotherFigureOfTheTotal(asked, slots, previous, model) ||
      thresholdMoved ||
      (!namesOwnSubject(slots, best, previous, model) &&
        (slots.followUpCue || (hasSlots && slots.contentWords.length === 0) || shortAndUnsure(slots, best, previous))))
  ) {
    followUp = true;
    intent = previous.intent;
    // A reply that only moves the scope ("all marketplaces please, the bookkeeper wants the grand total") asks the
    // same question there, whatever its aside says.
    if (scopeReply || sameAsked) intent = previous.intent;
    // Competitor prices asked again with a change ("any drops lately?") are their changes.
    else if (previous.intent === "competitor_pricing" && slots.changeWord && !hasSellerSlot(slots, true))
      intent = "price_changes";
    // "lower the order cutoff to 20": a threshold of the question before moved, whatever figure it names.
    else if (thresholdMoved) intent = previous.intent;
    // "no, I meant units", "by profit", "now do profit": the question before, edited, unless it has no use for the
    // figure named.
    else if (edit && !foreignMetric(slots, previous, model)) intent = previous.intent;
    // "same question for amazon.de", "Pet Supplies alone": a place or a category given to the previous question,
    // never a question about seller-ai itself.
    else if (best.label === "help" && hasSlots) intent = previous.intent;
    // "filter to anything sitting above 30%", "just the ones over 20": a threshold with no metric of its own bounds
    // the figure the previous question listed, whatever its other words suggest ("sitting" is no stock here).
    else if (
      slots.metrics.length === 0 &&
      slots.conditions.length > 0 &&
      slots.conditions.every((c) => c.metric === undefined)
    )
      intent = previous.intent;
    // "the same thing but according to profit", "same again but for the UK warehouse": the question asked before, with
    // only what follows changed, unless that names a figure the question before has no use for.
    else if (SAME_AGAIN_BUT.test(asked.toLowerCase()) && !foreignMetric(slots, previous, model))
      intent = previous.intent;
    // "how many units was that", "the units figure for that same period" after a sales total: another figure of the
    // total just given, never the stock ("units" alone would lean to what is on hand).
    else if (anotherFigureOfTheTotal(asked, slots, previous, model)) intent = previous.intent;
    // A metric asked again in a total's words ("and in units? the client only cares about volume" after a comparison)
    // is the same comparison or trend of that metric, however sure the classifier is: the plain total is only how it
    // hears a figure named twice.
    else if (
      best.label === "sales_summary" &&
      slots.metrics.length > 0 &&
      SALES_VARIANTS.has(previous.intent) &&
      !foreignMetric(slots, previous, model)
    )
      intent = previous.intent;
    // "can you show me the CPC of each one instead?", "change it to sales amount instead of orders": another figure of
    // the same question (its rows, its ranking), unless the question before has no use for it.
    else if (slots.inPlaceOf && slots.metrics.length > 0 && !foreignMetric(slots, previous, model))
      intent = previous.intent;
    else if (
      sure &&
      best.score >= SWITCH_SCORE &&
      (slots.contentWords.length > 0 || foreignMetric(slots, previous, model))
    )
      intent = best.label as Intent;
    // Words of their own that lead to another question of the same area ("any changes this week?" after competitor
    // prices): that question, about the same things.
    else if (sure && slots.contentWords.length > 0 && sameArea(best.label, previous.intent))
      intent = best.label as Intent;
    confidence = Math.min(previous.confidence, 0.9);
  } else if (sure && (slots.contentWords.length > 0 || hasSlots || best.score >= SURE_SCORE)) {
    intent = best.label as Intent;
    confidence = confidenceOf(classification.ranked);
  } else if (!sure && slots.campaign && !world) {
    // A campaign named with too few words to tell what of it ("Yoga Mats - Broad results last month"): its figures.
    intent = "acos_by_campaign";
    confidence = 0.4;
  }
  // What seller-ai itself takes in or does ("can I export to Excel") is ours in the fewest words.
  if (intent && (world || (!asksWhatItTells && offDomain(slots, model, followUp, best.score)))) intent = undefined;
  // Thanks for help given ("cheers, you've been a massive help", "tak for the help" in the seller's own words, read in
  // English) ask for nothing.
  if (intent && (thanksForHelp(text) || thanksForHelp(asked)) && !hasSellerSlot(slots, true)) intent = undefined;
  // "top 3 catalogue gaps worth chasing next year", "what should I add to the range for next Christmas": a period ahead
  // of a gap in the range is when the seller means to fill it, a plan, not a figure of the future asked for.
  if (intent && PLANNED_AHEAD.has(refineIntent(intent, slots, model)) && !FORECAST_ASKED.test(slots.masked)) {
    slots.horizonDays = undefined;
    if (inTheFuture(slots.timeframe, options.today) || seasonAhead(slots, options.today)) slots.timeframe = undefined;
  }
  // A figure of the future ("what will my sales be next month", "the storage fee next October") is not in the
  // mirror: only stock looks ahead.
  if (
    intent &&
    (slots.horizonDays !== undefined ||
      inTheFuture(slots.timeframe, options.today) ||
      seasonAhead(slots, options.today) ||
      FORECAST_ASKED.test(slots.masked)) &&
    (!LOOKS_AHEAD.has(refineIntent(intent, slots, model)) ||
      slots.metrics.some((m) => NOT_AHEAD.has(m)) ||
      // A sale ahead said only by its verb ("what I'll sell next month") is a forecast as much as "sales next month".
      ((slots.metrics.length > 0 ? slots.metrics : slots.weakMetric ? [slots.weakMetric] : []).some((m) =>
        SALES_AHEAD.has(m),
      ) &&
        ![...model.classifier.classesIn(slots.masked)].some((c) => STOCK_CLASSES.has(c))))
  ) {
    // …unless the future is only a plan told beside a question about now: then the plan's period is no filter, the
    // question's own period (if any) is.
    const asNow = futureOnlyInLeadIn(asked, options, model);
    if (asNow) {
      slots.horizonDays = undefined;
      slots.timeframe = asNow.find((s) => s.timeframe !== undefined)?.timeframe;
    } else intent = undefined;
  }
  if (!intent) {
    // What the seller tells before or after asking ("client is planning next year's range - what product types do
    // competitors sell…") can drown the question or lend it a period of its own: the question alone is understood,
    // unless the whole is about the world or another party's figures.
    const question = world ? undefined : askingPart(asked);
    if (question !== undefined) {
      const alone = parseQuestion(withToldScope(question, slots, options, model), options);
      if ("understanding" in alone) return alone;
    }
    return { error: invalidQuery(text, slots, model, model.classifier.nearest(slots.masked, 20), options.catalog) };
  }

  const base =
    followUp && previous && !newSubjectInOtherArea(asked, intent, previous)
      ? carriedFilters(previous, refineIntent(intent, slots, model, previous.filters), model)
      : {};
  intent = refineIntent(intent, slots, model, base);
  if (followUp) {
    moveThreshold(slots, base, asked);
    applyFollowUpEdits(slots, base, options.today);
  }
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

/**
 * The question asked apart from what the seller told, pointing back at the told scope without naming it ("Thinking of
 * delisting something in Home & Kitchen to free up cash. Which product there…"): asked of that category or place.
 */
function withToldScope(question: string, whole: Slots, options: ParseOptions, model: ParserModel): string {
  if (!SCOPE_BACK_REFERENCE.test(question)) return question;
  const alone = slotsOf(question, options, model);
  let scoped = question;
  if (whole.category && !alone.category) scoped = withScope(scoped, whole.category);
  if (whole.marketplace && !alone.marketplace) scoped = withScope(scoped, whole.marketplace);
  return scoped;
}

/** A text's slots, read against the question's catalog and day. */
function slotsOf(text: string, options: ParseOptions, model: ParserModel): Slots {
  return extractSlots(text, model.grammar, options.catalog, options.today, options.codesAsWords);
}

/** A text's clauses with words in them, trimmed. */
function clausesOf(text: string): string[] {
  return text
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => /[a-z]/i.test(c));
}

/** A product, campaign, place or part of the catalog, a setting or a threshold told that the question lacks. */
function toldWhatTheQuestionLacks(told: Slots, question: Slots): boolean {
  const keys = ["sku", "asin", "campaign", "marketplace", "category", "subcategory"] as const;
  return (
    keys.some((k) => told[k] !== undefined && question[k] === undefined) ||
    Object.keys(told.settings).length > 0 ||
    (told.conditions.length > 0 && question.conditions.length === 0)
  );
}

/**
 * The clauses that ask, when others only tell why ("To judge whether Beauty earns its place, how much revenue did
 * that category make?"), with a back-reference to a category or product the reason named put in its place. Undefined
 * when a told clause holds more of the question than a reason does: a period of now ("checking against last
 * month" compares), or the only metric.
 */
function askingWithoutReasons(text: string, options: ParseOptions, model: ParserModel): string | undefined {
  const apart = reasonsApart(text);
  if (!apart) return undefined;
  const read = (t: string) => slotsOf(t, options, model);
  const question = read(apart.asking);
  // A worry leaves the question its subject only when the question names its figure ("I'm worried about stockouts -
  // which products?" asks about the worry).
  if (apart.worries.length > 0 && question.metrics.length === 0) return undefined;
  let asking = apart.asking;
  for (const said of apart.reasons) {
    const reason = read(said);
    // A meeting's day ("I'm meeting an investor on Monday") is when it is held, whichever Monday the words name; a
    // plan's period ("I have some budget left over for December") is when it will be carried out, whichever December.
    const meeting = apart.meetings.includes(said) || apart.plans.includes(said);
    // A period of the occasion beside a question with its own period ("rank Home & Kitchen by profit over the last
    // 60 days, I need to decide what gets the Black Friday deal") is when the occasion is, unless set against.
    const occasion = question.timeframe !== undefined && !SET_AGAINST.test(said);
    if (
      (reason.timeframe && !meeting && !occasion && !inTheFuture(reason.timeframe, options.today)) ||
      reason.compareTo
    )
      return undefined;
    // A plan's money ("some budget left over", "$2k to spend") is what the seller will spend, never a figure asked.
    const plan = apart.plans.includes(said);
    if (reason.metrics.length > 0 && question.metrics.length === 0 && !plan) return undefined;
    // "3PL says the trucks are delayed 10 days. what sells out before then?": the wait told is how far ahead is asked.
    if (reason.horizonDays !== undefined && question.horizonDays === undefined && DEADLINE_BACK_REFERENCE.test(asking))
      return undefined;
    // What someone else said ("Owner reckons we over-ordered OP-DESK-01. Is it sitting as excess stock?", "supplier
    // told me lead times are 75 days now, update it") holds what the question points back at: the whole is read.
    if (apart.reports.includes(said) && toldWhatTheQuestionLacks(reason, question)) return undefined;
    // "I started selling in Germany in May - what were my orders this year?": the place of the shop's history is
    // where the question is asked.
    if (apart.histories.includes(said) && reason.marketplace && !question.marketplace)
      asking = withScope(asking, reason.marketplace);
    // "did my sales fall in October, or was it only the UK?": a second guess that names a place or a part of the
    // catalog narrows the question to it.
    if (apart.hedges.includes(said) && (reason.marketplace || reason.category || reason.sku || reason.asin))
      return undefined;
    if (reason.category && !question.category) asking = asking.replace(CATEGORY_BACK_REFERENCE, reason.category);
    // Pointed at without a noun ("which ones", "there"), the reason's category or place is the question's scope.
    const pointsBack = SCOPE_BACK_REFERENCE.test(asking);
    if (pointsBack && reason.category && !read(asking).category) asking = withScope(asking, reason.category);
    if (pointsBack && reason.marketplace && !read(asking).marketplace) asking = withScope(asking, reason.marketplace);
    const product = reason.sku ?? reason.asin;
    if (product && !question.sku && !question.asin) asking = asking.replace(PRODUCT_BACK_REFERENCE, product);
  }
  return asking;
}

/**
 * A bid that follows what led to it with "so" ("…takes 9 weeks now, so please use 63 days as my lead time", "…was the
 * surprise this month, so warn me if it passes 6%").
 */
const SO_BID =
  /(?:[,.;:]\s*|\s+[-–—]+\s+|\s+)so\s+(?=(?:(?:please|pls|can you|could you|just|now) )*(?:set|use|make|change|update|put|save|record|bump|raise|lower|drop|move|go with|switch|flag|alert|notify|warn|ping|message|email|text|tell me|let me know|give me a (?:shout|heads up|heads-up))\b)/gi;
/** What a bid after its reason does: change a setting, or set an alert ("…, so flag it for me if refunds pass 6%"). */
const BIDS = new Set<Intent>(["update_settings", "create_alert"]);
/** What a setting is called, by its key, to stand in for a pointer to it ("set it to 50 days"). */
const SETTING_SAID: Record<string, string> = {
  target_acos: "target acos",
  lead_time_days: "lead time",
  safety_stock_days: "safety stock",
  currency: "currency",
};

/**
 * A setting given after what led to it ("Owner confirmed the new supplier lead time, so set it to 50 days", "sea
 * freight now takes 9 weeks door to door, so please use 63 days as my lead time"): the reason's words (freight, an
 * owner, a supplier) only tell why, and a pointer in the bid ("set it") names the setting the reason named. So with an
 * alert ("the serum's returns were the surprise this month, so flag it for me if its refund rate passes 6%"): the story
 * before it, whoever's words it holds, does not unask it. Undefined unless the bid alone changes a setting or sets an
 * alert.
 */
function settingAfterItsReason(text: string, options: ParseOptions, model: ParserModel): ParseOutcome | undefined {
  const joint = [...text.matchAll(SO_BID)].at(-1);
  if (joint?.index === undefined || joint.index === 0) return undefined;
  const reason = slotsOf(text.slice(0, joint.index), options, model);
  let bid = text.slice(joint.index + joint[0].length);
  const named = reason.settingNamed && SETTING_SAID[reason.settingNamed];
  if (named && slotsOf(bid, options, model).settingNamed === undefined)
    bid = bid.replace(/\b(?:it|that|this)\b/i, `my ${named}`);
  const alone = parseQuestion(bid, { ...options, previous: undefined });
  return "understanding" in alone && BIDS.has(alone.understanding.intent) ? alone : undefined;
}

/**
 * Where a setting changed ends and what led to it starts ("Change my lead time to 60 days, now ship by sea", "set
 * safety stock to 3 weeks because the supplier is slow", "target ACoS 20% - margins are thinner now"): a stop, a comma
 * or a dash, or a word that gives a reason.
 */
const BID_THEN_REASON =
  /\s*[,.;:!]\s+|\s+[-–—]+\s+|\s+(?=(?:because|cause|cos|as|since|now that|given that|seeing as|seeing that)\s)/i;

/**
 * A setting changed, then what led to it ("Change my lead time to 60 days, now ship by sea"): the reason's words
 * ("ship by sea") are no question of their own, so the setting is the request. A second setting or a question after
 * it ("…, and safety stock to 14", "…, and what's my ACoS") is read whole.
 */
function settingBeforeItsReason(text: string, options: ParseOptions, model: ParserModel): ParseOutcome | undefined {
  const joint = BID_THEN_REASON.exec(text);
  if (!joint || joint.index === 0) return undefined;
  const reason = text.slice(joint.index + joint[0].length);
  if (!/[a-z]/i.test(reason)) return undefined;
  if (Object.keys(slotsOf(text.slice(0, joint.index), options, model).settings).length === 0) return undefined;
  const told = slotsOf(reason, options, model);
  if (told.settingNamed !== undefined || Object.keys(told.settings).length > 0) return undefined;
  const bid = parseQuestion(text.slice(0, joint.index), { ...options, previous: undefined });
  if (!("understanding" in bid) || bid.understanding.intent !== "update_settings") return undefined;
  return "understanding" in parseQuestion(reason, { ...options, previous: undefined }) ? undefined : bid;
}

/** Words that set a period against another ("checking against last month", "compared with October"). */
const SET_AGAINST = /\b(?:against|compar\w*|versus|vs\.?|than|relative to)\b/i;

/** The question with a scope said at its end, before its closing mark ("…the last 6 months in Home & Kitchen?"). */
function withScope(question: string, scope: string): string {
  return question.replace(/\s*([?.!]*)\s*$/, ` in ${scope}$1`);
}

/** A word that asks or bids, wherever it stands in the sentence ("One of them is how many orders…, could you…"). */
const QUESTION_WORD =
  /\b(?:what|what's|which|how|how's|who|when|where|why|is|are|was|were|do|does|did|can|could|will|would|should|have|has|please|pls|kindly|show|give|tell|list|pull|switch|change|set|update|make|keep|compare|rank|break|split|find|check|let)\b/i;

/** A bid to change the answer before ("Switch it to orders", "Keep the rest", "Make it weekly"). */
const EDITING_SENTENCE =
  /^(?:(?:ok|okay|so|now|and|right|then)[,\s]+)*(?:switch|swap|keep|make|turn|drop|narrow|filter|limit|sort|group|plot|chart|graph|redo|rerun|do|try|flip)\b/i;

/** A sentence that says more of the question before it ("I mean the sales it gets me", "That is, in units."). */
const CLARIFYING =
  /^(?:(?:so|and|but|well|oh)[,\s]+)?(?:i mean|i meant|that is|i\.e\.|as in|meaning|to be clear|specifically|in other words)\b/i;

/** A rule told before, borrowed by the question: "using her rule", "by his threshold", "going by that". */
const RULE_BACK_REFERENCE =
  /\b(?:(?:her|his|their|your|such a|the same) (?:rule|rules|threshold|cut ?off|limit|line|bar|benchmark|standard|yardstick|criteria|criterion|logic)|going by (?:that|this|it)|on that basis)\b/i;

/** A sentence opening on the period it looks at ("Looking at year to date…", "I'm talking about October"). */
const PERIOD_LOOKED_AT =
  /^(?:(?:so|and|but|well|ok|okay|oh) )?(?:(?:i'm|im|i am|we're|were|we are|i was|we were) )?(?:(?:just|only|mainly|mostly|really) )?(?:looking at|looking for|talking about|talking|asking about|asking for|thinking of|thinking about|focusing on|focused on|concentrating on|zooming in on|zoomed in on|meaning) (?:the |just |only )?__time__(?= |$)/;

/** A story sentence whose subject is its period ("Last week was a disaster.", "October has been slow."). */
const PERIOD_AS_SUBJECT =
  /^(?:(?:so|and|but|well) )?__time__ (?:was|were|is|has|had|went|looked|felt|seemed|turned)(?= |$)/;

/**
 * The question alone, when the sentences around it only tell a story (what happened, what someone else said or did,
 * how the seller feels about it): the story's words, periods and other people do not choose the intent or its
 * filters. The story still counts where the question needs it: a scope the question lacks (a place, a category, a
 * product, a campaign, a horizon), a period the story is about ("Last week was a disaster."), a pointer back ("any of
 * those", "before then", "there"), its figure for "mine"; and a short sentence that only adds a filter ("Last week,
 * please.", "Top 3 is fine.") is part of the question. Undefined when the whole is to be read instead.
 */
function questionAfterStory(text: string, options: ParseOptions, model: ParserModel): ParseOutcome | undefined {
  const read = (t: string) => slotsOf(t, options, model);
  // "Top 3 is plenty.", "only the one", "Last week, please.": a sentence of a filter or two is part of the question,
  // unless it tells what the seller did ("I sent a shipment last week.").
  const fragment = (s: string) => {
    if (TOLD_DEED.test(s)) return false;
    const said = read(s);
    return said.contentWords.length <= 1 || (said.contentWords.length <= 2 && hasAnySlot(said));
  };
  // "probably Pet Supplies, right?": the seller's guess of the answer only tells, unless a question word opens it.
  const guess = (s: string) => SELLERS_GUESS.test(straightApostrophes(s)) && !ASKING_SENTENCE.test(s);
  const asks = (s: string) =>
    !guess(s) && (s.endsWith("?") || ASKING_SENTENCE.test(s) || EDITING_SENTENCE.test(s) || fragment(s));
  // "My assistant needs the October revenue for Italy. The payments report says 5,920 but that's net of fees…": when
  // no sentence asks outright, the one that says which figure is wanted does; the others only tell.
  const stops = withToldColonsAsStops(text);
  const apart =
    storyApart(stops, asks) ?? storyApart(stops, (s) => asks(s) || WANTED_FIGURE_SENTENCE.test(straightApostrophes(s)));
  if (!apart) return undefined;
  const toldSentences = apart.told.split(/(?<=[.!?])\s+/);
  // "I mean what I pay for it…": a sentence that says more of the question is part of it.
  if (toldSentences.some((t) => CLARIFYING.test(t))) return undefined;
  // "…up on last year? Looking at year to date against 2025.", "Talking about October.": a sentence that opens on the
  // period it looks at names the question's period, as "I mean this quarter" does.
  if (toldSentences.some((t) => PERIOD_LOOKED_AT.test(read(t).topicText))) return undefined;
  const told = read(apart.told);
  const asked = read(apart.asking);
  let question = apart.asking;
  // "Which campaign had the worst ACoS? I've got Yoga Mats - Broad at about 48%": a name quoted back from the
  // seller's own sheet is one of the rows the question ranks or breaks down, not its scope, unless the question
  // points back at it ("what was it last month?"); so is the seller's guess of the answer ("I think it's Beauty").
  const quoted = toldSentences.filter((t) => {
    const plain = straightApostrophes(t);
    return QUOTED_FIGURE.test(plain) || SELLERS_GUESS.test(plain);
  });
  const rows = asked.groupBy ?? asked.entityGroup;
  const unquoted =
    quoted.length > 0 && rows && !QUOTE_BACK_REFERENCE.test(question)
      ? read(toldSentences.filter((t) => !quoted.includes(t)).join(" "))
      : told;
  // "…? Yoga Mats - Broad is already switched off, so never mind that one.": a name the seller waves off is no scope.
  const kept = toldSentences.some((t) => NAME_WAVED_OFF.test(t))
    ? read(toldSentences.filter((t) => !NAME_WAVED_OFF.test(t)).join(" "))
    : told;
  // A question of filters alone ("last 30 days against the 30 before that?") leans on the sentence before it.
  // …unless a colon ended what the seller told: what follows it is the figure wanted.
  const wanted = /:\.$/.test(toldSentences.at(-1) ?? "") && toldSentences.length === 1;
  if (
    (!wanted && !QUESTION_WORD.test(question) && !WANTED_FIGURE_SENTENCE.test(straightApostrophes(question))) ||
    KIND_BACK_REFERENCE.test(question) ||
    (PART_BACK_REFERENCE.test(question) && !toldSentences.some((t) => TOLD_DEED.test(t)))
  )
    return undefined;
  // "…pulled about 400 orders off the app. What's the real number?": the real one of the figure the story quoted.
  if (REAL_FIGURE.test(question) && (told.metrics.length > 0 || told.weakMetric !== undefined)) return undefined;
  const lacks = (
    key: "marketplace" | "category" | "subcategory" | "sku" | "asin" | "campaign" | "horizonDays" | "detailLevel",
  ) =>
    told[key] !== undefined &&
    kept[key] !== undefined &&
    asked[key] === undefined &&
    (unquoted[key] !== undefined || rows === undefined || !QUOTED_ROWS[key]?.includes(rows));
  // A product named in the question carries its own category.
  const product = asked.sku !== undefined || asked.asin !== undefined;
  if (
    lacks("marketplace") ||
    (!product && (lacks("category") || lacks("subcategory"))) ||
    lacks("sku") ||
    lacks("asin") ||
    lacks("campaign") ||
    lacks("horizonDays") ||
    // "My container is due to land on 12 December. Which products run out before it arrives?": the day the story
    // names is the one the question points back at, a horizon read of the whole.
    (asked.horizonDays === undefined &&
      DEADLINE_BACK_REFERENCE.test(question) &&
      read(text).horizonDays !== undefined) ||
    // "In detail, please - I've blocked out an hour for this.": how thoroughly to answer is said of the question,
    // whatever the sentence it is said in goes on to tell.
    lacks("detailLevel") ||
    Object.keys(told.settings).length > 0 ||
    // "The warning for ACoS over 30% keeps firing. Delete that alert.": the threshold of the thing pointed at; "she
    // pauses anything over 35% ACoS. Using her rule, which campaigns…": the threshold of the rule borrowed.
    (told.conditions.length > 0 &&
      asked.conditions.length === 0 &&
      (/\b(?:that|this|the same) [a-z]/i.test(question) || RULE_BACK_REFERENCE.test(question))) ||
    // "I spent about $200 on ads last month… where did the money go?": the money asked after is what the story spent,
    // when it spent it.
    (told.metrics.includes("ad_spend") && MONEY_BACK_REFERENCE.test(question) && !asked.metrics.includes("ad_spend"))
  )
    return undefined;
  if (
    told.timeframe &&
    !asked.timeframe &&
    (inTheFuture(told.timeframe, options.today) ||
      PERIOD_BACK_REFERENCE.test(question) ||
      toldSentences.some((t) => PERIOD_AS_SUBJECT.test(read(t).topicText)))
  )
    return undefined;
  // "a healthy TACoS is under 10%… what has mine been?": the seller's own of the figure the story named.
  const toldMetrics = [...told.metrics, ...told.conditions.map((c) => c.metric)].filter((m) => m !== undefined);
  if (OWN_FIGURE_BACK_REFERENCE.test(question) && asked.metrics.length === 0 && toldMetrics.length > 0)
    question = question.replace(OWN_FIGURE_BACK_REFERENCE, `my ${toldMetrics[0].replace(/_/g, " ")}`);
  const alone = parseQuestion(question, options);
  return "understanding" in alone ? alone : undefined;
}

/** The breakdowns whose rows a quoted name of each kind is one of ("Pet Supplies" is a row of margins by category). */
const QUOTED_ROWS: Partial<Record<string, readonly GroupBy[]>> = {
  campaign: ["campaign"],
  category: ["category", "subcategory"],
  // "Which products sold the most? I think it's the puzzle.": a kind of product is a row of a product ranking too.
  subcategory: ["category", "subcategory", "asin"],
  marketplace: ["marketplace"],
  sku: ["asin"],
  asin: ["asin"],
};

/** A question pointing back at a day the story named: "before it arrives", "until then", "by the time it lands". */
const DEADLINE_BACK_REFERENCE =
  /\b(?:before|until|till|by the time|ahead of)\b (?:(?:it|they|that|this|the [a-z]+|my [a-z]+|our [a-z]+) (?:arrives?|lands?|docks?|gets? (?:in|here)|comes? in|is (?:checked in|delivered|here|in)|are (?:checked in|delivered|here|in))|then|that date|that day)\b/i;

/** A sentence told in the first person up to a colon ("I'm doing the VAT return and need one figure: …"). */
const TOLD_BEFORE_COLON = /(?:^|(?<=[.!?]\s))([^.!?:]*\b(?:i|i'm|im|i've|we|we're|we've|my|our)\b[^.!?:]*):\s+(?=\S)/gi;

/**
 * The text with a colon that ends a sentence the seller tells in the first person written as a stop ("…and need one
 * figure: total sales revenue in the UK"), so the figure after it is a sentence of its own. A label before a colon
 * ("inbound shipment plan: how many units to send", "Yoga Mats - Broad: acos") stays part of its question.
 */
function withToldColonsAsStops(text: string): string {
  return text.replace(TOLD_BEFORE_COLON, "$1:. ");
}

/**
 * A reply that opens by asking the same again ("the same thing but by units", "same again, just for Italy", "run the
 * identical list for amazon.fr", "the exact same report for Q3").
 */
const SAME_AGAIN_BUT =
  /^(?:(?:ok|okay|so|now|and|right|great|thanks|cool|perfect)[,\s]+)*(?:(?:can you |could you |please )?(?:do|give me|show me|run|rerun|re-run|pull|repeat|redo) )?(?:the |that |this |exactly the )?(?:same|identical|exact same|very same|exactly the same)(?: (?:thing|again|question|one|query|view|list|table|report|numbers|figures|breakdown|ranking|check))?(?: again)?[,\s]+(?:but|just|only|please|for|by|in|on|according to)(?=[\s,]|$)/;

/** Words that point back at the question before: its place, its rows, its answer ("there", "those", "that"). */
const POINTS_BACK =
  /(?:^|[\s,.;:!?-])(?:there|that|those|these|them|it|its|same|this one|that one|then)(?=[\s,.;:!?-]|$)/;
/** A reply that opens by adding to the question before ("and…", "what about…", "how about…"). */
const ADDS_ON = /^(?:(?:ok|okay|so|right|now)[,\s]+)*(?:and|plus|also|what about|how about|what of)(?=[\s,]|$)/;
/**
 * An afterthought that opens a question of its own ("and while I remember, …", "oh and by the way …", "also, while I'm
 * at it: …"): the "and" adds a question to the conversation, not a part to the question before, and the "it" of
 * "while I'm at it" points at nothing asked.
 */
const AFTERTHOUGHT =
  /^(?:(?:ok|okay|so|right|now|oh|and|plus|also)[,\s]+)*(?:while i remember|while i think of it|while i'm at it|while im at it|before i forget|by the way|btw|on a side note|unrelated(?: but)?|side question)(?:[\s,.;:!?-]+|$)/;

/**
 * A question of another area in words of its own ("ok now which products are overstocked?" after ACoS in the US) is a
 * new subject: it keeps nothing from before, unless it points back at it or opens by adding to it.
 */
function newSubjectInOtherArea(asked: string, intent: Intent, previous: Understanding): boolean {
  const text = straightApostrophes(asked.toLowerCase()).trim();
  const rest = text.replace(AFTERTHOUGHT, "");
  return (
    intent !== previous.intent &&
    INTENT_AREAS[intent] !== INTENT_AREAS[previous.intent] &&
    !POINTS_BACK.test(rest) &&
    (rest !== text || !ADDS_ON.test(text))
  );
}

/**
 * Whether a reply only edits the question before: corrects it, re-ranks, re-orders or re-groups its rows, or asks it
 * of another figure. One word that opens the reply and is no seller's word ("za, now by spend", "dobro, by units") is
 * an interjection or a word of the seller's own language, and asks nothing of its own.
 */
function editsTheQuestionBefore(slots: Slots, model: ParserModel): boolean {
  const edits = (masked: string) =>
    correctsTheQuestionBefore(masked) ||
    reranksByAFigure(masked) ||
    swapsTheFigure(masked) ||
    reordersTheRows(masked) ||
    regroupsTheRows(masked);
  if (edits(slots.masked)) return true;
  const [first] = slots.contentWords;
  const opensAside = slots.contentWords.length === 1 && !isDomainWord(first, model);
  return opensAside && slots.masked.startsWith(`${first} `) && edits(slots.masked.slice(first.length + 1));
}

/** A total's other forms: set against another period, or drawn over time. */
const SALES_VARIANTS = new Set<string>(["sales_comparison", "sales_trend"]);

/**
 * Whether a question is not about the seller's data, whatever the classifier
 * says: mostly words never seen, or nothing that belongs to a seller's
 * questions (a period or a country alone could be about anything).
 */
function offDomain(slots: Slots, model: ParserModel, followUp: boolean, score: number): boolean {
  if (followUp) return false;
  // "are my reports set to pounds or euros?": the seller's own settings, however few seller words ask it.
  if (SETTING_CHOICE.test(slots.masked)) return false;
  // "yesterday look normal to you?": a period judged usual or not is the seller's own, whatever its few words.
  if (slots.timeframe !== undefined && PERIOD_LOOKS_USUAL.test(slots.masked)) return false;
  // "the short version of how we did this week": how the seller's own account went, at a depth, whatever its few words.
  if (slots.detailLevel && asksHowTheAccountWent(slots.topicText)) return false;
  const hasSlots = hasAnySlot(slots);
  if (!hasSlots && slots.unknownWords * 2 > slots.contentWords.length) return true;
  // Something the parser does not know, asked without a word of the seller's own ("who sells the cheapest X").
  // A comparison of periods is a seller's question even in words the parser does not know ("shaping up").
  if (!slots.ownWords && !hasSellerSlot(slots, true) && !slots.compareTo) {
    if (slots.unknownWords > 0 && !ownsTopic(slots, model)) return true;
    // "Who sells …", "who is …": about people and companies, unless it is about the seller's own things.
    if (/^who\b/.test(slots.topicText)) return true;
  }
  // "how do I file my VAT return", "how can I open a shopify store": how to do something, not the seller's figures.
  // "how do I grow tomatoes": a verb that names growth is no seller's figure without the seller's own things.
  const possessive = /(?:^| )(?:my|our)(?= |$)/.test(slots.topicText);
  const growthOnly = !possessive && slots.metrics.length > 0 && slots.metrics.every((m) => m === "growth_rate");
  if (
    HOW_TO.test(slots.topicText) &&
    (!hasSellerSlot(slots, true) || (growthOnly && !hasSellerSlot({ ...slots, metrics: [] }, true))) &&
    !slots.alertWord &&
    (slots.insightType === undefined || growthOnly)
  )
    return true;
  if (slots.contentWords.length === 0 || slots.contentWords.some((w) => isDomainWord(w, model))) return false;
  if (model.classifier.hasClassPhrase(slots.masked)) return false;
  // "what is that seller's price on my yoga mat": another seller's offer on the seller's own product is public, and
  // mirrored, however the classifier hears the rest of the words.
  const offers: readonly string[] = model.vocab.words.third_party_metrics ?? [];
  if (
    slots.metrics.length > 0 &&
    slots.metrics.every((m) => offers.includes(m)) &&
    OFFERING_PARTY.test(slots.topicText) &&
    hasSellerSlot({ ...slots, metrics: [] }, true)
  )
    return false;
  if (!hasSellerSlot(slots, false)) return true;
  // Seller filters around words of another domain: what it is about must be ours too, unless the classifier is sure.
  if (score >= SURE_OWN_SCORE) return false;
  // A metric named outright among words all known to the parser ("yesterday's ad clicks plus impressions", "my net
  // sales"): its leftover words are how it is asked, not another subject.
  if (hasSellerSlot(slots, true) && slots.unknownWords === 0) return false;
  const topic = model.classifier.classify(slots.contentWords.join(" ")).ranked[0];
  return topic?.label === "none" && topic.score >= OFF_TOPIC_SCORE;
}

/** Another business that puts offers beside the seller's. */
const OFFERING_PARTY = /(?:^| )(?:sellers?|competitors?|rivals?|merchants?|vendors?|resellers?)(?:'s|s'|')?(?= |$)/;

/** A sentence that asks or bids (a question word, an auxiliary first, or a request), after a word of lead-in. */
const ASKING_SENTENCE =
  /^(?:(?:so|ok|okay|and|but|now|right|anyway|also|then|quick one)[,\s]+)*(?:what|what's|whats|which|how|how's|how'd|who|who's|when|where|why|is|are|was|were|do|does|did|can|could|will|would|should|shall|have|has|please|pls|plz|show|give|tell|list|pull|get|send|set|update|change|delete|remove|create|add|put|compare|rank|sort|break|split|sync|refresh|find|check|let|i want|i need|i'd like|i would like|any)(?=[\s,?!.']|$)/i;

/** A request closed by a word of asking ("the restock list for Germany please", "UK figures pls!"). */
const CLOSED_BY_PLEASE = /\b(?:please|pls|plz)[.!]*$/i;

/**
 * The sentences that ask, when others only tell the situation around them ("I'm presenting to the partners on Monday
 * - can you pull together how the business has been performing?"); undefined when every sentence asks or none does.
 */
function askingPart(text: string): string | undefined {
  const sentences = text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => /[a-z]/i.test(s));
  if (sentences.length < 2) return undefined;
  // "…and need one figure: total sales revenue in the UK": what follows a colon is what is asked for. "reorder list for
  // the UK please - I ship from Poland…": a request closed by "please" asks, whatever it opens with.
  const asking = sentences.filter(
    (s, i) =>
      s.endsWith("?") ||
      ASKING_SENTENCE.test(s) ||
      CLOSED_BY_PLEASE.test(s) ||
      (sentences[i - 1]?.endsWith(":") ?? false),
  );
  if (asking.length === 0 || asking.length === sentences.length) return undefined;
  return asking.join(" ");
}

/**
 * Whether the world's words lie only in sentences that tell the situation before (or after) the question ("Our
 * container from Ningbo is stuck at Felixstowe.", "The bank want a stock valuation for a loan.", "I'm reconciling the
 * bank statement for my VAT return.", "Payroll's tomorrow."), while the sentences that ask are a seller's own ("which
 * products will run dry before it's checked in?"). A question that itself asks about the world ("do I need to charge Irish VAT…") stays
 * about the world.
 */
function worldOnlyInStatements(text: string, options: ParseOptions, model: ParserModel): boolean {
  const asking = askingPart(text);
  if (asking === undefined) return false;
  const question = slotsOf(asking, options, model);
  // A stranger's possessive ("Anker's") in the question itself is another business; in a sentence that only tells
  // ("Payroll's tomorrow") it is no owner of what is asked.
  if (question.strangerOwner || worldDetector(model.vocab.outOfDomain).aboutTheWorld(question.topicText)) return false;
  // The question must be a seller's by itself: a metric, a catalog name or a setting, or a seller's word.
  return hasSellerSlot(question, true) || ownsTopic(question, model);
}

/**
 * Whether a question asks another party's figures, in one of its sentences or across them ("my competitor is doing
 * great - how much did they sell?"), but not by a figure that only starts the next sentence ("Am I more expensive
 * than the other sellers on B0…? Sales on it have been slow": the seller's own sales, told as the reason).
 */
function asksOthersFigures(asked: string, slots: Slots, options: ParseOptions, model: ParserModel): boolean {
  const detector = thirdPartyDetector(model.vocab.words, model.grammar.metrics);
  if (!detector.asksOthersFigures(slots.topicText, slots.metrics)) return false;
  const linked = sentencesLinked(asked);
  if (linked === undefined) return true;
  const apart = slotsOf(linked, options, model);
  return detector.asksOthersFigures(apart.topicText, apart.metrics);
}

/** Words a reply may say besides the place or category it moves to ("same check for…", "all marketplaces please"). */
const SCOPE_WORDS = new Set([
  "same",
  "check",
  "checks",
  "again",
  "thing",
  "question",
  "one",
  "view",
  "marketplaces",
  "markets",
  "countries",
  "stores",
  "sites",
  "everywhere",
  "worldwide",
  "range",
  "line",
  "instead",
  "only",
  "alone",
  "just",
  "please",
  // "can you run the same list for the UK": the list run again, as "rerun" asks.
  "run",
  "rerun",
  "repeat",
  "redo",
  "narrow",
  "restrict",
  "filter",
  "limit",
  "widen",
  "expand",
  "zoom",
  "combined",
  "together",
  // "the UK warehouse", "the German warehouses": a marketplace's stock, so its scope.
  "warehouse",
  "warehouses",
]);

/**
 * A reply that only moves the previous question to another place or category, or to every marketplace ("same check
 * for the Home & Kitchen range, UK only", "narrow it to Pet Supplies, my buyer wants it"): its first clause names the
 * scope and nothing else, and any other clause either does the same or is an aside with nothing of the seller's
 * figures in it (a reason, who it is for).
 */
function onlyChangesScope(text: string, options: ParseOptions, model: ParserModel): boolean {
  const clauses = clausesOf(text);
  const read = clauses.map((c) => slotsOf(c, options, model));
  const scope = (s: Slots) =>
    (s.marketplace !== undefined || s.allMarketplaces || s.category !== undefined || s.subcategory !== undefined) &&
    s.metrics.length === 0 &&
    s.weakMetric === undefined &&
    s.conditions.length === 0 &&
    s.groupBy === undefined &&
    s.entityGroup === undefined &&
    s.limit === undefined &&
    !s.sort &&
    !s.judgement &&
    s.horizonDays === undefined &&
    s.insightType === undefined &&
    Object.keys(s.settings).length === 0 &&
    s.contentWords.every((w) => SCOPE_WORDS.has(w));
  const aside = (s: Slots) =>
    !hasSellerSlot(s, false) &&
    s.timeframe === undefined &&
    s.marketplace === undefined &&
    s.horizonDays === undefined &&
    !s.followUpCue;
  return read.length > 0 && scope(read[0]) && read.slice(1).every((s) => scope(s) || aside(s));
}

/** Where a clause of lead-in ends: a stop, a comma, a dash between words, or "so" starting the next clause. */
const CLAUSE_BREAK = /(?<=[.!?;:,])\s+(?=\S)|\s+[-–—]+\s+|\s+so\s+(?=\S)/i;
/** Words that ask for a figure of the future. */
const FUTURE_ASK =
  /(?:^| )(?:will|won't|going to|gonna|forecast|forecasts|predict|predicted|prediction|projected|projection|expect|expected|likely|'ll)(?= |$)/;

/**
 * Whether the future is only the seller's plan or occasion, said in a clause of its own beside a question about now
 * ("bank review next wk so i need this - q3 rev for pet supplies", "want to expand next yr, where are the gaps in my
 * range"): that clause has words of its own and nothing of the seller's figures, and the rest asks a seller's question
 * with no future in it. "next month, how much will I sell" still asks for the future.
 */
function futureOnlyInLeadIn(text: string, options: ParseOptions, model: ParserModel): Slots[] | undefined {
  const clauses = clausesOf(text);
  if (clauses.length < 2) return undefined;
  const read = clauses.map((c) => slotsOf(c, options, model));
  const future = read.map((s) => s.horizonDays !== undefined || inTheFuture(s.timeframe, options.today));
  if (!future.some(Boolean)) return undefined;
  const leadIn = read.every(
    (s, i) =>
      !future[i] ||
      (s.contentWords.length > 0 &&
        !hasSellerSlot(s, true) &&
        !FUTURE_ASK.test(s.topicText) &&
        !/\?\s*$/.test(clauses[i])),
  );
  if (!leadIn) return undefined;
  const rest = read.filter((_, i) => !future[i]);
  const asks =
    rest.some((s) => hasSellerSlot(s, true) || ownsTopic(s, model)) && rest.every((s) => !FUTURE_ASK.test(s.topicText));
  return asks ? rest : undefined;
}

/** A question of how to do something, other than how to use seller-ai or how the seller compares. */
const HOW_TO =
  /^(?:(?:so|ok|okay|and|but) )?how (?:do|can|could|would) (?:i|we) (?!(?:use|ask|compare|stack|do|fare|rank|stand|measure|perform|see|view|check|read|interpret|find out|tell)(?: |$))[a-z]+/;

/** A seller's word, as written or by its stem (a word class's "listings" even where its stem "list" is filler). */
function isDomainWord(word: string, model: ParserModel): boolean {
  return model.domainWords.has(word) || model.domainWords.has(stem(word));
}

/** Some of the question's own words belong to a seller's questions. */
function ownsTopic(slots: Slots, model: ParserModel): boolean {
  return slots.contentWords.some((w) => isDomainWord(w, model));
}

/** The totals' intents, whose answer a follow-up may point at for another of its figures. */
const TOTALS = new Set<Intent>(["sales_summary", "sales_comparison", "sales_trend", "advertising_summary"]);

/**
 * A follow-up that points back at a total of sales or ads ("that", "that period"), or adds to it ("and how many
 * units?"), and asks only figures of that total, with no ranking or grouping of its own: the same total in those figures.
 */
function anotherFigureOfTheTotal(asked: string, slots: Slots, previous: Understanding, model: ParserModel): boolean {
  return (
    TOTALS.has(previous.intent) &&
    // "and how many units?" after the month's profit adds a figure to the total as surely as "that" points at it.
    (POINTS_BACK.test(asked.toLowerCase()) || ADDS_ON.test(asked.toLowerCase())) &&
    slots.metrics.length > 0 &&
    slots.metrics.every((m) => listsMetric(model, previous.intent, m)) &&
    !slots.ranking &&
    slots.groupBy === undefined
  );
}

/** A metric the previous question's intent has no use for ("ACoS" after a stock-out question). */
function foreignMetric(slots: Slots, previous: Understanding, model: ParserModel): boolean {
  const allowed = model.vocab.intents[previous.intent].allowed;
  return slots.metrics.length > 0 && !!allowed && !slots.metrics.some((m) => allowed.includes(m));
}

/**
 * A question without a follow-up cue that names its own subject (a metric of
 * another intent, or one the classifier is sure belongs elsewhere) starts
 * afresh: "ACoS by campaign last week in the UK" after a stock-out question.
 */
function namesOwnSubject(
  slots: Slots,
  best: { label: string; score: number } | undefined,
  previous: Understanding,
  model: ParserModel,
): boolean {
  if (slots.followUpCue || slots.metrics.length === 0) return false;
  if (foreignMetric(slots, previous, model)) return true;
  return !!best && best.label !== "none" && best.label !== previous.intent && best.score >= OWN_SUBJECT_SCORE;
}

/** The question names (or implies) a metric that the intent answers with. */
function metricSupports(slots: Slots, label: string, model: ParserModel): boolean {
  const named = slots.metrics.length > 0 ? slots.metrics : slots.weakMetric ? [slots.weakMetric] : [];
  const spec = model.vocab.intents[label as Intent];
  return named.length > 0 && !!spec?.allowed && named.every((m) => spec.allowed!.includes(m));
}

/**
 * A question of a word or two besides its filters that the classifier is unsure of ("any changes this week?") leans
 * on the one before it.
 */
function shortAndUnsure(
  slots: Slots,
  best: { label: string; score: number } | undefined,
  previous: Understanding,
): boolean {
  if (slots.contentWords.length > 2) return false;
  if (!best || best.label === "none" || best.score < MIN_SCORE) return true;
  // Unsure of a question of another area ("who is undercutting me?" after stock-outs), it is still that question.
  return best.score < OWN_SUBJECT_SCORE && (best.label === previous.intent || sameArea(best.label, previous.intent));
}

/** Intents of one figure that a period set against another ("sessions WoW", "acos MoM") makes a comparison of. */
const COMPARED_FIGURE_INTENTS = new Set<Intent>([
  "conversion_analysis",
  "refund_analysis",
  "buy_box_share",
  "advertising_summary",
  "acos_by_campaign",
  "declining_reviews",
]);

/**
 * A figure of the account set against the period before or a year before ("sessions WoW", "refund rate MoM", "roas
 * YoY"), not broken down or ranked, is a period-over-period comparison, as "sessions this month vs last month" is.
 */
function figureOverPeriods(intent: Intent, slots: Slots, model: ParserModel): boolean {
  const comparable = model.vocab.intents.sales_comparison.allowed ?? [];
  // "the reviews of X come fewer than before", "I get less reviews than before": reviews said to fall against no
  // period of their own name the decline the reviews check looks for, not two periods side by side.
  if (intent === "declining_reviews" && slots.compareTo === "previous_period" && FEWER_SAID.test(slots.topicText))
    return false;
  return (
    slots.compareTo !== undefined &&
    COMPARED_FIGURE_INTENTS.has(intent) &&
    !slots.ranking &&
    !askedInOrder(slots) &&
    !slots.groupBy &&
    !slots.entityGroup &&
    slots.conditions.length === 0 &&
    slots.metrics.length > 0 &&
    slots.metrics.every((m) => comparable.includes(m))
  );
}

/** A figure said to fall: fewer, less, rarer or lower than it was. */
const FEWER_SAID = /(?:^| )(?:fewer|less|rarer|lower|slower)(?= |$)/;

/** Totals asked for by that word ("Q3 totals for Sports & Outdoors"). */
const TOTALS_ASKED = /(?:^| )totals(?= |$)/;

/** Buckets of time a series is drawn in. */
const TIME_BUCKETS = new Set(["day", "week", "month"]);
/** Figures whose own answer is one number or a table of rows, so that asked per day, week or month they are a trend. */
const FIGURES_DRAWN = new Set<Intent>(["conversion_analysis", "advertising_summary", "refund_analysis"]);

/**
 * A margin or profit split by a word no grouping grammar knows ("margin by subcat in the uk", "profit margin broken
 * down by segment"): the word is the question's own (a content word), not an adverb ("by far", "by now") nor a slot.
 */
function marginSplitByUnknownWord(slots: Slots): boolean {
  if (slots.groupBy !== undefined || slots.entityGroup !== undefined) return false;
  const split = MARGIN_SPLIT.exec(slots.masked);
  return split !== null && slots.contentWords.includes(split[1]) && !NOT_A_GROUPING.has(split[1]);
}
const MARGIN_SPLIT =
  /(?:^| )m_(?:profit_margin|profit) (?:(?:split|broken down|broken out|grouped|sorted) )?(?:by|per|for each|for every|across|across all|across the) ([a-z][a-z'-]*)(?= |$)/;
/** Words after "by" that say how or when, not what the margin is split into. */
const NOT_A_GROUPING = new Set(["far", "now", "then", "way", "much", "lot", "itself", "hand", "default", "comparison"]);

/** Two intents of one area (competition, inventory, advertising…), the account's commands aside. */
function sameArea(label: string, intent: Intent): boolean {
  const area = INTENT_AREAS[label as Intent];
  return area !== undefined && area !== "account" && label !== intent && area === INTENT_AREAS[intent];
}

/** Whether the question states any filter at all. */
function hasAnySlot(s: Slots): boolean {
  return [
    s.timeframe,
    s.compareTo,
    s.marketplace,
    s.groupBy,
    s.limit,
    s.showAll || undefined,
    s.sort,
    s.judgement,
    s.top || undefined,
    s.category,
    s.asin,
    s.sku,
    s.campaign,
    s.horizonDays,
    s.targetAcos,
    s.metrics.length || undefined,
    s.conditions.length || undefined,
    Object.keys(s.settings).length || undefined,
    s.comparison || undefined,
    s.detailLevel,
    s.duration,
    s.bareValue,
    s.periodBefore || undefined,
    s.settingNamed,
    s.allMarketplaces || undefined,
  ].some((v) => v !== undefined);
}

function confidenceOf(ranked: { score: number }[]): number {
  const best = ranked[0]?.score ?? 0;
  const second = ranked[1]?.score ?? 0;
  const margin = best > 0 ? (best - second) / best : 0;
  return Math.max(0.05, Math.min(0.99, 0.35 + 0.4 * Math.min(1, best / 0.6) + 0.3 * margin));
}

/**
 * What a follow-up's own words change in what it keeps: the period just before ("and the month before that?"), a
 * new length of time ("make that 4 weeks": the forward window when there was one, else the period), a new value for
 * the threshold ("make it 30").
 */
function applyFollowUpEdits(slots: Slots, base: Filters, today: string): void {
  // "how about the same day last week" after a question about one day: that day's week before.
  const kept = typeof base.timeframe === "string" ? resolveTimeframe(base.timeframe, today) : undefined;
  if (slots.sameDayBack && kept && kept.start === kept.end)
    slots.timeframe = sameDayBefore(kept.start, slots.sameDayBack);
  if (slots.periodBefore && !slots.timeframe && typeof base.timeframe === "string")
    slots.timeframe = periodBefore(base.timeframe, today) ?? slots.timeframe;
  // "and the previous month?" after October: the month before October, not the month before today.
  const unit =
    typeof base.timeframe === "string"
      ? NAMED_PERIOD_UNIT.find(([re]) => re.test(base.timeframe as string))
      : undefined;
  if (slots.previousWord && unit && slots.timeframe === unit[1])
    slots.timeframe = periodBefore(base.timeframe as string, today) ?? slots.timeframe;
  if (slots.duration) {
    const { n, unit } = slots.duration;
    if (base.horizon_days !== undefined && slots.horizonDays === undefined)
      slots.horizonDays = n * (unit === "days" ? 1 : unit === "weeks" ? 7 : 30);
    else if (!slots.timeframe) slots.timeframe = `last_${n}_${unit}`;
  }
  // "what about all products", "the refund rate of every product in Italy": no one product is kept.
  if (asksOfEveryProduct(slots)) {
    delete base.asin;
    delete base.sku;
  }
  // "now flip the order": the rows before, from the other end, unless the follow-up says which end itself.
  if (slots.reversedOrder && !slots.sort && !slots.judgement && base.sort)
    slots.sort = base.sort === "desc" ? "asc" : "desc";
  const conditions = base.conditions as Condition[] | undefined;
  if (slots.bareValue !== undefined && conditions?.length && slots.conditions.length === 0) {
    base.conditions = [{ ...conditions[0], value: slots.bareValue }, ...conditions.slice(1)];
    slots.limit = undefined;
  }
}

/**
 * Slots that change what is asked: a comparison makes a total a comparison; a time breakdown makes it a trend.
 * `kept`: the filters a follow-up keeps, which count as asked.
 */
function refineIntent(intent: Intent, slots: Slots, model: ParserModel, kept: Filters = {}): Intent {
  // A setting changes only with a value to change it to; without one the question asks what it is.
  const changes = Object.keys(slots.settings).length > 0 || slots.targetAcos !== undefined;
  // A value asked about rather than given ("is my lead time 30 days?", "have I set safety stock to 14 days?") checks
  // the setting: only a command or a statement changes it.
  const settingQuestion = intent === "update_settings" || intent === "show_settings";
  if (settingQuestion && (!changes || SETTING_CHECKED.test(slots.topicText))) return "show_settings";
  if (intent === "show_settings" && changes) return "update_settings";
  if ((intent === "sales_summary" || intent === "sales_trend") && slots.compareTo) return "sales_comparison";
  // "COGS and ad spend in Q1, how much together?": ad spend beside the cost of goods or Amazon's fees is a line of the
  // P&L, not the advertising's own total.
  if (namesCostsTogether(intent, slots.metrics, slots.groupBy ?? slots.entityGroup)) return "profit_breakdown";
  if (figureOverPeriods(intent, slots, model)) return "sales_comparison";
  // A trend of one day ("daily sales on 14 Nov", "my daily log - orders yesterday") is that day's total: a line needs
  // more than one point.
  if (intent === "sales_trend" && slots.timeframe && ONE_DAY.test(slots.timeframe)) return "sales_summary";
  // Being undercut within a period said ("who undercut me this week", "who has undercut us since Monday") is an event,
  // a price change, where "who is undercutting me" asks about prices now.
  if (intent === "competitor_pricing" && slots.timeframe && UNDERCUT_EVENT.test(slots.topicText))
    return "price_changes";
  // …and being undercut ("am I being undercut in Spain? a reseller has been pushy since September") asks how the prices
  // stand now, whatever period the story beside it names.
  if (intent === "price_changes" && BEING_UNDERCUT.test(slots.topicText) && !UNDERCUT_EVENT.test(slots.topicText))
    return "competitor_pricing";
  // What the seller should pay per click ("how much should I be paying per click on my keywords") is a bid to set.
  if (
    (intent === "advertising_summary" || intent === "acos_by_campaign" || intent === "wasted_ad_spend") &&
    slots.metrics.includes("cpc") &&
    SHOULD_PAY.test(slots.topicText)
  )
    return "bid_recommendations";
  // Keywords said to want their bid changed ("which terms want a higher bid", "could do with more bid", "should I bid
  // up") ask for the bids to set, however the seller explains it ("I'm underbidding", "they barely show"); chosen by
  // the figures of an opening ("bid more on because they convert well"), they are the openings.
  if (intent === "keyword_opportunities" && slots.metrics.length === 0 && BID_CHANGE.test(slots.topicText))
    return "bid_recommendations";
  // How the business is doing against another period is a comparison of its sales.
  if (intent === "insights" && slots.compareTo && (slots.insightType ?? "performance") === "performance")
    return "sales_comparison";
  // A comparison with nothing to compare with, asked in a trend's words ("trending up or down"), is a trend.
  if (intent === "sales_comparison" && slots.trendCue && !slots.compareTo && !slots.comparison) return "sales_trend";
  // One figure for the whole account ("refund rate overall", "account-wide ACoS") is a total, not a table.
  // Rows put in an order ("rank the whole shop by orders") or all shown are rows, however wide the set.
  const breakdown =
    slots.groupBy !== undefined ||
    slots.entityGroup !== undefined ||
    slots.ranking ||
    slots.limit !== undefined ||
    slots.sort !== undefined ||
    slots.showAll ||
    slots.conditions.length > 0;
  if ((slots.overall || slots.totalAsked) && !breakdown && OVERALL_OF[intent]) return OVERALL_OF[intent];
  const rowsWanted = slots.showAll || slots.ranking || slots.limit !== undefined || slots.sort !== undefined;
  if (intent === "advertising_summary" && slots.entityGroup === "campaign" && rowsWanted) return "acos_by_campaign";
  // How the advertising is doing ("how are sponsored products doing") is the advertising's summary.
  const adsSubject =
    slots.entityGroup === "campaign" || (slots.metrics.length > 0 && slots.metrics.every((m) => AD_METRICS.has(m)));
  if (
    intent === "insights" &&
    adsSubject &&
    (slots.insightType ?? "performance") === "performance" &&
    !slots.detailLevel
  )
    return "advertising_summary";
  // Opportunities among keywords are keyword opportunities, not the business's.
  if (intent === "insights" && slots.entityGroup === "keyword" && slots.insightType === "opportunities")
    return "keyword_opportunities";
  // Products with a loss ("which skus have negative profit") are the P&L per product, the worst first.
  if (intent === "sales_summary" && slots.entityGroup === "asin" && slots.metricSorts.profit === "asc")
    return "profit_breakdown";
  // So are products ranked by a loss said in words ("which 5 products lost the most money"): the loss, not a ranking
  // word, orders them.
  if (intent === "top_products" && slots.metrics[0] === "profit" && slots.metricSorts.profit === "asc")
    return "profit_breakdown";
  // A ranking of products by sales or profit, without a loss in its words, is a ranking, not a P&L or a total.
  // A category's products ranked ("which beauty products sell the most units") are products too.
  const categoryProducts = slots.category !== undefined && !slots.groupBy && !slots.entityGroup;
  // A metric's phrase that orders ("the least ordered items") ranks as a ranking word does.
  const ordered = slots.metrics[0] !== undefined && slots.metricSorts[slots.metrics[0]] !== undefined;
  const productRanking =
    (slots.ranking || slots.top || ordered) &&
    (slots.entityGroup === "asin" || slots.groupBy === "asin" || categoryProducts);
  if (intent === "sales_summary" && productRanking && !slots.overall) return "top_products";
  // "rank the whole range by orders", "sort everything by revenue": a ranking verb puts rows in order, and a total has
  // no rows; rows of another kind (by marketplace, by week) name their breakdown.
  if (intent === "sales_summary" && slots.orderedBy && !slots.overall && !slots.groupBy && !slots.entityGroup)
    return "top_products";
  // "What's doing best for profit", "what sold the most", "which 5 things sold the fewest units": the things that did,
  // ranked, with no noun for them or only a word for any thing.
  const whatDoes = WHAT_DOES_BEST.exec(slots.topicText);
  if (
    whatDoes &&
    !slots.overall &&
    !slots.groupBy &&
    (intent === "sales_summary" || (intent === "insights" && /(?:best|worst|most|least|fewest)$/.test(whatDoes[0])))
  )
    return "top_products";
  // One category's things ranked by margin or profit ("rank my Pet Supplies by margin") are its products, since a
  // single category has no categories to rank.
  if (
    intent === "profit_margin_by_category" &&
    categoryProducts &&
    slots.subcategory === undefined &&
    (slots.ranking || slots.top || slots.limit !== undefined)
  )
    return "top_products";
  // Kinds of products ranked by margin or profit ("which types of products leave me the best margin") are the
  // categories' margins.
  if (
    intent === "top_products" &&
    slots.entityGroup === "category" &&
    !slots.groupBy &&
    slots.category === undefined &&
    (slots.metrics[0] === "profit_margin" || slots.metrics[0] === "profit")
  )
    return "profit_margin_by_category";
  // What sells fastest in a seller's words ("flying off the shelves") ranks products by units.
  if (intent === "sales_summary" && slots.metrics[0] === "units_sold" && slots.metricSorts.units_sold && !slots.overall)
    return "top_products";
  if (
    intent === "profit_breakdown" &&
    productRanking &&
    slots.metricSorts.profit === undefined &&
    ["profit", "profit_margin", "revenue"].includes(slots.metrics[0] ?? "") &&
    slots.metrics.every((m) => !COST_METRICS.has(m))
  )
    return "top_products";
  // Profit or costs taken apart by period ("profit breakdown by month") are a P&L per period, not a trend line.
  if (
    (intent === "sales_trend" || intent === "sales_summary") &&
    slots.breakdownCue &&
    !slots.trendCue &&
    ["day", "week", "month", "quarter"].includes(slots.groupBy ?? "") &&
    (slots.metrics[0] === "profit" || COST_METRICS.has(slots.metrics[0]))
  )
    return "profit_breakdown";
  // One profit figure per day, week, month or quarter ("net profit by quarter", "profit quarter by quarter") is its
  // series, a trend: the P&L per period needs its lines asked for (a breakdown, a P&L, where the money goes, costs).
  if (
    intent === "profit_breakdown" &&
    !slots.breakdownCue &&
    ["day", "week", "month", "quarter"].includes(slots.groupBy ?? "") &&
    ["profit", "profit_margin"].includes(slots.metrics[0] ?? "") &&
    slots.metrics.every((m) => !COST_METRICS.has(m)) &&
    // "where does all my money go each month": where it goes is the P&L's lines.
    !model.classifier.classesIn(slots.masked).has("pnl")
  )
    return "sales_trend";
  // Where the money goes, asked per period ("where does all my money go each month"), is the P&L's lines per period,
  // not the money's series, unless a trend is asked in words.
  if (
    intent === "sales_trend" &&
    !slots.trendCue &&
    TIME_BUCKETS.has(slots.groupBy ?? "") &&
    (slots.metrics[0] ?? "revenue") === "revenue" &&
    model.classifier.classesIn(slots.masked).has("pnl")
  )
    return "profit_breakdown";
  // Profit against another period is a comparison; fees against another period stay a P&L.
  if (
    intent === "profit_breakdown" &&
    slots.compareTo &&
    ["profit", "revenue", "profit_margin"].includes(slots.metrics[0])
  )
    return "sales_comparison";
  // A profit figure for a period asked without its costs ("profit of the first quarter", "how much profit did we make
  // in October") is a sales total, as the development set labels it: the P&L is asked by its lines (fees, costs,
  // where the money went), by name, per period, or by products that lose money.
  if (
    intent === "profit_breakdown" &&
    ["profit", "profit_margin"].includes(slots.metrics[0] ?? "") &&
    slots.metrics.every((m) => !COST_METRICS.has(m)) &&
    !slots.breakdownCue &&
    slots.groupBy === undefined &&
    slots.entityGroup === undefined &&
    slots.metricSorts.profit === undefined &&
    slots.sort === undefined &&
    !slots.ranking &&
    !PNL_WORDS.test(slots.topicText) &&
    !model.classifier.classesIn(slots.masked).has("pnl")
  )
    return refineIntent("sales_summary", slots, model, kept);
  // Margin per category needs categories; a margin for a period alone is a total, and profit by category is per category.
  const byCategory =
    slots.category !== undefined ||
    slots.subcategory !== undefined ||
    ["category", "subcategory"].includes(slots.groupBy ?? slots.entityGroup ?? "") ||
    kept.category !== undefined ||
    ["category", "subcategory"].includes(String(kept.group_by ?? ""));
  const margin = slots.metrics[0] === "profit" || slots.metrics[0] === "profit_margin";
  // It is that total's question then, a product ranking included ("my strongest earners"), unless the margin is split
  // by a word the grammars do not know as a grouping ("margin by subcat", "margin per niche"): a table of kinds of
  // product, as the classifier hears it, never one total.
  if (
    intent === "profit_margin_by_category" &&
    !byCategory &&
    !slots.singularSuperlative &&
    !marginSplitByUnknownWord(slots)
  )
    return refineIntent("sales_summary", slots, model, kept);
  // One category's margin set against another period ("my Pet Supplies margin YTD against the same stretch of 2025",
  // "Beauty margin this month vs last month") is that figure compared, period over period: one category has no
  // categories to lay side by side.
  if (
    intent === "profit_margin_by_category" &&
    slots.compareTo !== undefined &&
    (slots.category !== undefined || slots.subcategory !== undefined) &&
    !["category", "subcategory"].includes(slots.groupBy ?? slots.entityGroup ?? "") &&
    !["category", "subcategory"].includes(String(kept.group_by ?? "")) &&
    !slots.ranking &&
    !askedInOrder(slots)
  )
    return "sales_comparison";
  // One category's totals with its margin beside the profit ("Q3 totals for Sports & Outdoors - profit, then margin",
  // "profit and margin for Pet Supplies") are that category's summary, as its profit alone is: the margin said after
  // the profit asks for no table of categories.
  if (
    intent === "profit_margin_by_category" &&
    (slots.category !== undefined || slots.subcategory !== undefined) &&
    !["category", "subcategory"].includes(slots.groupBy ?? slots.entityGroup ?? "") &&
    !["category", "subcategory"].includes(String(kept.group_by ?? "")) &&
    !slots.ranking &&
    !askedInOrder(slots) &&
    (slots.metrics[0] === "profit" || TOTALS_ASKED.test(slots.topicText))
  )
    return refineIntent("sales_summary", slots, model, kept);
  // The P&L asked by name per category ("profit and loss by category") is the P&L, not the margins; asked by name with
  // a reason after it ("break Q3's P&L out per store so I can see which one nets money"), the P&L, not a total.
  if (intent === "profit_margin_by_category" && PNL_WORDS.test(slots.topicText)) return "profit_breakdown";
  if (
    intent === "sales_summary" &&
    PNL_WORDS.test(slots.topicText) &&
    (slots.metrics.length === 0 || ["profit", "revenue"].includes(slots.metrics[0] ?? ""))
  )
    return "profit_breakdown";
  // Profit per category ("what do I keep per category after costs") is the category's margin, unless a P&L is asked.
  if (
    intent === "profit_breakdown" &&
    margin &&
    ["category", "subcategory"].includes(slots.groupBy ?? slots.entityGroup ?? "") &&
    !PNL_WORDS.test(slots.topicText)
  )
    return "profit_margin_by_category";
  if (intent === "sales_summary" && margin && ["category", "subcategory"].includes(slots.groupBy ?? ""))
    return "profit_margin_by_category";
  // How a figure moved over time, for the account rather than per product or campaign, is a trend.
  const perEntity = ["asin", "campaign", "keyword"].includes(slots.groupBy ?? slots.entityGroup ?? "");
  const trendable = model.vocab.intents.sales_trend.allowed?.includes(slots.metrics[0] ?? "revenue");
  // A figure in time buckets, the account's or one product's ("weekly conversion rate this quarter", "conversion rate by
  // day for B0…", "TACoS by month"), is drawn over time too: a figure per day, week or month of a period is its series.
  const timeBuckets = FIGURES_DRAWN.has(intent) && TIME_BUCKETS.has(slots.groupBy ?? "");
  if (
    (slots.trendCue || timeBuckets) &&
    trendable &&
    !perEntity &&
    (!slots.asin || timeBuckets) &&
    (["sales_summary", "refund_analysis", "conversion_analysis", "advertising_summary"].includes(intent) ||
      (intent === "profit_breakdown" && ["profit", "profit_margin", "revenue"].includes(slots.metrics[0] ?? "")))
  )
    return "sales_trend";
  // An advertising figure asked with nothing per campaign (no campaign word, breakdown, ranking, count or threshold)
  // is the account's figure: "attributed ad sales last week", "acos t12m".
  const perCampaign =
    ["campaign", "keyword"].includes(slots.groupBy ?? slots.entityGroup ?? "") ||
    ["campaign", "keyword"].includes(String(kept.group_by ?? "")) ||
    slots.campaign !== undefined ||
    rowsWanted ||
    slots.conditions.length > 0;
  if (intent === "acos_by_campaign" && !perCampaign) return "advertising_summary";
  // Keyword questions need keywords: an advertising figure alone ("impressions this month") is the account's.
  if (
    intent === "keyword_opportunities" &&
    slots.entityGroup !== "keyword" &&
    slots.groupBy !== "keyword" &&
    !slots.insightType &&
    slots.metrics.length > 0 &&
    slots.metrics.every((m) => AD_METRICS.has(m))
  )
    return "advertising_summary";
  // A total of advertising figures only ("ad sales in Japan this year") is the advertising's summary.
  if (intent === "sales_summary" && slots.metrics.length > 0 && slots.metrics.every((m) => AD_METRICS.has(m)))
    return "advertising_summary";
  // The account's figures that are no advertising figure, asked without a word of ads ("average profit margin across
  // the whole account"), are its sales totals.
  if (
    intent === "advertising_summary" &&
    slots.metrics.length > 0 &&
    slots.metrics.every((m) => !AD_METRICS.has(m) && !acceptsMetric(model, intent, m)) &&
    !AD_WORDS.test(slots.topicText)
  )
    return "sales_summary";
  // Advertising figures per campaign or keyword are the campaign table, not the account's totals.
  if (intent === "advertising_summary" && (slots.groupBy === "campaign" || slots.groupBy === "keyword"))
    return "acos_by_campaign";
  // Stock asked about in money ("how much cash do I have sitting in inventory") is what it is worth; stock put in order
  // by its value ("overstock by inventory value, limit 5") is still the stock question, its rows ordered.
  if (
    (intent === "inventory_levels" ||
      intent === "excess_inventory" ||
      (intent === "sales_summary" && slots.stockMoney)) &&
    slots.moneyAmount &&
    slots.conditions.length === 0 &&
    !slots.ranking &&
    !askedInOrder(slots) &&
    !slots.asin
  )
    return "inventory_value";
  // A threshold on days of supply says which way the stock question goes: too little or too much.
  const supply = slots.conditions.find((c) => c.metric === "days_of_supply");
  if (STOCK_DIRECTIONS.has(intent) && supply && supply.op !== "=")
    return supply.op.startsWith("<") ? "stockout_risk" : "excess_inventory";
  // A stock figure asked as it stands ("what are my days of supply looking like in Office"), with no running out,
  // horizon, threshold or ranking, is the stock levels.
  if (
    intent === "stockout_risk" &&
    STOCK_FIGURES.has(slots.metrics[0]) &&
    slots.horizonDays === undefined &&
    slots.conditions.length === 0 &&
    !slots.ranking &&
    !slots.sort &&
    !model.classifier.classesIn(slots.masked).has("runout")
  )
    return "inventory_levels";
  // A stock figure per product with nothing to rank it by ("days of supply for every product") is the stock levels.
  if (
    intent === "top_products" &&
    STOCK_FIGURES.has(slots.metrics[0]) &&
    !slots.ranking &&
    !slots.sort &&
    !slots.top &&
    slots.limit === undefined
  )
    return "inventory_levels";
  // A ranking of products by a conversion, refund or buy box figure is that analysis.
  if (intent === "top_products" && slots.metrics[0]) {
    for (const [other, spec] of Object.entries(model.vocab.intents))
      if (spec.ranking_metrics?.includes(slots.metrics[0])) return other as Intent;
  }
  if (intent === "sales_summary" && slots.groupBy && ["day", "week", "month", "quarter"].includes(slots.groupBy))
    return "sales_trend";
  // How a figure that an intent answers over time moved ("featured offer % by week") is that intent's question.
  if (intent === "sales_trend" && slots.metrics[0]) {
    for (const [other, spec] of Object.entries(model.vocab.intents))
      if (spec.over_time && spec.ranking_metrics?.includes(slots.metrics[0])) return other as Intent;
  }
  // A campaign named in a question about how something did is a question about that campaign's advertising.
  if (slots.campaign && CAMPAIGNLESS.has(intent)) return "acos_by_campaign";
  return intent;
}

/** Whether a period starts after today: nothing in the mirror has happened in it. */
const WHAT_DOES_BEST =
  /(?:^| )(?:what|which)(?: \d+)?(?: (?:things|stuff|ones|bits|lines))?(?:'s| is| are| was| were| has been| have been)? (?:doing|performing|selling|sold|sells|earning|earns|earned|working|converting|moving|moved|shifted) (?:the )?(?:best|worst|most|least|fewest|well|badly|poorly)(?= |$)/;
/**
 * Being undercut as something that happened ("who undercut me", "have I been undercut"); "am I being undercut", "are we
 * getting undercut" ask how the prices stand now, whatever period the story beside it names.
 */
const UNDERCUT_EVENT =
  /(?:^| )(?<!(?:being|getting) )(?:undercut|has undercut|have undercut|got undercut|was undercut|were undercut)(?= |$)/;
const BEING_UNDERCUT = /(?:^| )(?:being|getting) undercut(?= |$)/;

/**
 * A yes/no question, its verb first ("is my lead time…", "are we on a 45 day lead time", "have I set…"), and not a
 * request made politely as one ("is it possible to set…", "is it ok to change…").
 */
const SETTING_CHECKED =
  /^(?:(?:so|and|ok|okay|just|quick|question|sorry|remind me|just checking|checking) )*(?:is|are|was|were|am|have|has|did|do|does|isn't|aren't|haven't|hasn't|didn't) (?!it (?:possible|ok|okay|alright|fine|worth)|there a way)/;

/** Advice on what to pay: "should I be paying", "what ought I to pay", "how much to pay". */
const SHOULD_PAY = /(?:^| )(?:should|ought|how much to|what to|best to|optimal|ideal|right)(?= |$)/;

/** A bid to be changed: "a higher bid", "more bid", "raise the bids", "bid up", "bump my bids". */
const BID_CHANGE =
  /(?:^| )(?:(?:higher|bigger|larger|lower|smaller|more|less|increased|reduced) (?:max )?bids?|(?:raise|raising|increase|increasing|lift|lifting|bump|bumping|boost|boosting|push|pushing|lower|lowering|cut|cutting|reduce|reducing|drop|dropping|up|upping) (?:the |my |our |their |its |those |these )?(?:max )?bids?|bid (?:up|down|higher|lower|more|less)|bid(?:s|ding)? (?:increase|increases|decrease|decreases|raise|raises|bump|bumps|cut|cuts))(?= |$)/;

function inTheFuture(timeframe: string | undefined, today: string): boolean {
  const range = timeframe ? resolveTimeframe(timeframe, today) : undefined;
  return range !== undefined && range.start > today;
}

/** A shopping season or stretch named by its name ("over Christmas", "the holidays", "peak season"). */
const SEASON =
  /(?:^| )(?:christmas|xmas|the holidays|holiday (?:season|period|rush)|festive (?:season|period)|the festive|peak(?: season)?|cyber week|prime day|summer|winter|spring|autumn|back to school)(?= |$)/;
/** Words that ask about what is still to come; "will you" is a request. */
const AHEAD_TENSE =
  /(?:^| )(?:will(?! (?:you|u)(?: |$))|won't|going to|gonna|forecast|predict|projected|expect|expected)(?= |$)|[a-z]'ll(?= |$)/;

/**
 * A forecast asked for ("predict my revenue for December", "forecast my sales", "my projected profit for Q1", "a revenue
 * forecast for January", "what revenue should I expect"): a figure still to come, whatever period it names, read on the
 * masked text. A forecast only told of ("the 3PL needs it for their forecast", "a stock-out forecast for…") asks for none.
 */
const FORECAST_ASKED =
  /(?:^| )(?:predict|forecast|project)s? (?:(?:for )?(?:me|us) )?(?:my|our|the|what|how|next|this|m_[a-z_]+)(?= |$)|(?:^| )(?:projected|predicted|forecasted|forecast|expected) m_[a-z_]+|(?:^| )m_[a-z_]+ (?:forecasts?|projections?|predictions?)(?= |$)|(?:^| )(?:should|can|could|would|will|do) (?:i|we) expect(?= |$)/;

/**
 * A season asked about in the future tense ("what will my revenue be over Christmas this year", "how much am I going to
 * make this summer"): a forecast of a stretch still to come, unless the period named is over ("…last Christmas").
 */
function seasonAhead(slots: Slots, today: string): boolean {
  if (!SEASON.test(slots.topicText) || !AHEAD_TENSE.test(slots.topicText)) return false;
  const range = slots.timeframe ? resolveTimeframe(slots.timeframe, today) : undefined;
  return range === undefined || range.end >= today;
}

/** Named calendar periods, and the calendar token for "the previous one" of their kind. */
const NAMED_PERIOD_UNIT: [RegExp, string][] = [
  [/^\d{4}-\d{2}$/, "last_month"],
  [/^\d{4}-Q\d$/, "last_quarter"],
  [/^\d{4}$/, "last_year"],
];

/** Intents that have nothing to say of one campaign. */
const CAMPAIGNLESS = new Set<Intent>([
  "sales_summary",
  "sales_trend",
  "top_products",
  "insights",
  "advertising_summary",
]);

/** Stock questions that a threshold on days of supply points one way or the other. */
const STOCK_DIRECTIONS = new Set<Intent>(["inventory_levels", "stockout_risk", "excess_inventory"]);

/** Intents that look ahead (a horizon in days); the others answer from what has happened. */
const LOOKS_AHEAD = new Set<Intent>([
  "stockout_risk",
  "restock_recommendations",
  "excess_inventory",
  "inventory_levels",
  "inventory_value",
  "insights",
  "create_alert",
  "update_settings",
  "show_settings",
  "list_alerts",
  "delete_alert",
  "help",
  "refresh_data",
]);

/**
 * Intents whose answer is a plan for the range: a period ahead said with them is when the seller means to act on it,
 * not a filter of figures still to come.
 */
const PLANNED_AHEAD = new Set<Intent>(["catalog_gaps"]);

/**
 * Sales figures no intent forecasts: "what will my sales be next month" asks for a forecast, however much a stock
 * question looks ahead. Stock questions name them as a rate ("what runs out in 10 days at current sales"), beside
 * words of their own (STOCK_CLASSES).
 */
const SALES_AHEAD = new Set<Metric>(["revenue", "orders", "profit", "profit_margin"]);
/** Word classes of stock questions (concepts.json). */
const STOCK_CLASSES = new Set(["runout", "restock", "overstock", "stocklevel", "worth"]);

/** Figures no intent forecasts: costs, advertising and payouts are known once they have happened. */
const NOT_AHEAD = new Set<Metric>([
  "fees",
  "referral_fees",
  "fba_fees",
  "storage_fees",
  "cost_of_goods",
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
  "payout",
]);

/** Per-product or per-campaign analyses, and the intent that gives their figure for the whole account. */
const ONE_DAY = /^(?:\d{4}-\d{2}-\d{2}|today|yesterday)$/;
const OVERALL_OF: Partial<Record<Intent, Intent>> = {
  refund_analysis: "sales_summary",
  conversion_analysis: "sales_summary",
  // "the whole shop's margin, just the one %": the margin of everything, not of each category.
  profit_margin_by_category: "sales_summary",
  // "sales in October, all products together": the products added up, not listed.
  top_products: "sales_summary",
  acos_by_campaign: "advertising_summary",
};
/** Words that ask for the profit and loss statement itself. */
const PNL_WORDS =
  /(?:^| )(?:p&l|p & l|pnl|p and l|p n l|profit and loss|profit & loss|income statement|statement)(?= |$)/;
/** Words of advertising. */
const AD_WORDS = /(?:^| )(?:ads?|adverts?|advertising|advertised|ppc|sponsored|campaigns?|marketing)(?= |$)/;
const COST_METRICS = new Set<Metric>([
  "fees",
  "referral_fees",
  "fba_fees",
  "storage_fees",
  "cost_of_goods",
  "ad_spend",
]);

const KEPT_ACROSS_INTENTS = ["timeframe", "marketplace", "category", "subcategory", "asin", "sku", "campaign"];

/** Running out before a wait told ends: "before then", "until the next shipment arrives", "before a reorder lands". */
const BEFORE_THE_WAIT_ENDS =
  /(?:^| )(?:before|until|till|by the time|in|within|during) (?:then|that|that time|the wait|it (?:arrives|lands|gets here|comes)|(?:the |a |my |our )?(?:next )?(?:shipment|delivery|reorder|restock|order|po|container|stock|delivery)s?(?: (?:arrives|arrive|lands|land|gets here|get here|comes in|come in|comes|turns up|turn up|shows up))?)(?= |$)/;

/**
 * A lead time told beside what runs out before it is over ("our supplier needs 35 days… what runs out before then?",
 * "it takes 3 weeks for new stock to arrive, which products run out before that?"): the wait is the horizon.
 */
function leadTimeWaitedOut(slots: Slots): number | undefined {
  if (!BEFORE_THE_WAIT_ENDS.test(slots.masked)) return undefined;
  if (slots.settings.lead_time_days !== undefined) return slots.settings.lead_time_days;
  const d = slots.duration;
  if (d && TAKES_TO_ARRIVE.test(slots.masked)) return d.n * (d.unit === "days" ? 1 : d.unit === "weeks" ? 7 : 30);
  return undefined;
}
const TAKES_TO_ARRIVE = /(?:^| )(?:takes?|took|needs?|needed|is|are) __duration__ (?:for|to|until|before)(?= |$)/;

/** What a follow-up starts from: everything before, or only the scope when the intent changes. */
function carriedFilters(previous: Understanding, intent: Intent, model: ParserModel): Filters {
  const carried: Filters = {};
  // The series of the figures asked before ("the ad spend of last quarter", then "and divided by week?") draws those
  // figures: a trend keeps them when it can draw every one.
  const seriesOfSame =
    intent === "sales_trend" &&
    (previous.filters.metrics ?? []).every((m) => model.vocab.intents.sales_trend.allowed?.includes(m));
  for (const [key, value] of Object.entries(previous.filters)) {
    if (key === "date_range") continue;
    if (intent !== previous.intent && !KEPT_ACROSS_INTENTS.includes(key) && !(key === "metrics" && seriesOfSame))
      continue;
    // "will it run out?" after last month's sales: stock is asked of now, whatever period the sales were of.
    if (key === "timeframe" && intent !== previous.intent && INTENT_AREAS[intent] === "inventory") continue;
    carried[key] = structuredClone(value);
  }
  return carried;
}

/**
 * The metric of a threshold when every other metric is only shown beside its rows ("… with profit and revenue shown
 * beside it", "… showing orders too", "… plus sessions alongside").
 */
function thresholdWithExtras(slots: Slots): Metric | undefined {
  const bound = THRESHOLD_METRIC.exec(slots.masked);
  if (!bound) return undefined;
  const extras = SHOWN_BESIDE.exec(slots.masked.slice(bound.index + bound[0].length));
  if (!extras) return undefined;
  const shown = new Set(Array.from(extras[0].matchAll(/m_([a-z_]+)/g), (m) => m[1]));
  return slots.metrics.every((m) => shown.has(m)) ? (bound[1] as Metric) : undefined;
}
const THRESHOLD_METRIC = /__(?:below|above|equal)__ m_([a-z_]+)/;
const EXTRA_METRICS =
  "(?:(?:the|my|their|its) )?m_[a-z_]+(?:(?:,| and| &| plus|, and) (?:(?:the|my|their|its) )?m_[a-z_]+)*";
// "skus where net profit < 0 …, after fees and ad spend": the costs a threshold's figure is net of only say how it is
// counted, so they are no more asked than figures shown beside it.
const SHOWN_BESIDE = new RegExp(
  `(?:^| )(?:(?:showing|show|plus|alongside|together with|and also|with) ${EXTRA_METRICS} (?:shown |listed |included |displayed |)(?:beside|alongside|next to|by the side of|with) (?:it|them|that|those|each)|(?:showing|show me|alongside|together with|plus) ${EXTRA_METRICS}|(?:with|showing|plus) ${EXTRA_METRICS} (?:too|as well|also|alongside)|(?:after|net of|minus|less|deducting|once you take out|taking out|after taking out|after deducting|after paying|after all) ${EXTRA_METRICS})(?= |$)`,
);

function buildFilters(intent: Intent, slots: Slots, base: Filters, model: ParserModel, today: string): Filters {
  const spec = model.vocab.intents[intent];
  const f: Filters = { ...base };
  if (slots.timeframe) f.timeframe = slots.timeframe;
  if (slots.compareTo) f.compare_to = slots.compareTo;
  if (slots.marketplace) f.marketplace = slots.marketplace;
  else if (slots.allMarketplaces) delete f.marketplace;
  if (slots.category) f.category = slots.category;
  if (slots.subcategory) f.subcategory = slots.subcategory;
  if (slots.asin) f.asin = slots.asin;
  if (slots.sku) f.sku = slots.sku;
  if (slots.campaign) f.campaign = slots.campaign;
  if (slots.alertId) f.alert_id = slots.alertId;
  if (slots.groupBy) f.group_by = slots.groupBy;
  if (slots.limit !== undefined) f.limit = slots.limit;
  else if (slots.showAll && (spec.rankable || spec.keys?.includes("limit"))) f.limit = ALL_ROWS_LIMIT;
  else if (slots.singularSuperlative && spec.rankable && base.limit === undefined) f.limit = 1;
  if (slots.horizonDays !== undefined) f.horizon_days = slots.horizonDays;
  else if (intent === "stockout_risk") {
    const wait = leadTimeWaitedOut(slots);
    if (wait !== undefined) f.horizon_days = wait;
  }

  // Metrics: the named ones that make sense for the intent, else the intent's own.
  let named = slots.metrics;
  if (spec.bare_units && slots.bareUnits) named = named.map((m) => (m === "units_sold" ? spec.bare_units! : m));
  // "what volumes should I send in", "what quantities must I order to keep them in stock": the quantity still to send
  // is the restock quantity, whatever words of units or stock count it.
  if (intent === "restock_recommendations" && asksQuantityToSend(slots.topicText))
    named = ["restock_quantity", ...named.filter((m) => m !== "units_sold" && m !== "available_quantity")];
  // "unusual drop in units": where growth is no figure of the intent, the figure that grew or fell is the one meant.
  if (slots.growthOf && spec.allowed && !spec.allowed.includes("growth_rate"))
    named = named.map((m) => (m === "growth_rate" ? slots.growthOf! : m));
  // "listings where units_sold >= 200, sort desc": with no other figure named, the threshold's is the one put in order.
  if (named.length === 0 && spec.rankable && !base.metrics && (slots.sort || slots.limit !== undefined))
    named = slots.conditions.flatMap((c) => (c.metric ? [c.metric] : [])).slice(0, 1);
  let metrics = [...new Set(named)].filter((m) => !spec.allowed || spec.allowed.includes(m));
  if (
    metrics.length === 0 &&
    slots.weakMetric &&
    (!spec.allowed || spec.allowed.includes(slots.weakMetric)) &&
    !base.metrics
  )
    metrics = [slots.weakMetric];
  if (metrics.length > 0) {
    // The intent's own metric leads others ("page views but few sales" is about conversion), unless every metric
    // named is one the intent ranks by itself ("sessions and page views").
    // Named outright beside the others ("sessions and conversion rate"), the lead keeps the place it was said in.
    const ownRanking = metrics.every((m) => spec.ranking_metrics?.includes(m));
    if (
      spec.lead &&
      metrics.length > 1 &&
      (!ownRanking || metrics.includes(spec.lead)) &&
      !(slots.listedMetrics && metrics.includes(spec.lead))
    )
      metrics = [spec.lead, ...metrics.filter((m) => m !== spec.lead)];
    f.metrics = metrics;
  } else if (!f.metrics && spec.metrics) f.metrics = [...spec.metrics];
  if (f.metrics && spec.allowed) {
    const allowed = f.metrics.filter((m) => spec.allowed!.includes(m));
    if (allowed.length) f.metrics = allowed;
    else if (spec.metrics) f.metrics = [...spec.metrics];
    else delete f.metrics;
  }

  // "categories under 15% margin, with profit and revenue shown beside it": figures shown beside a threshold's rows
  // are extras, and the threshold's figure is still the one asked about.
  const bounded = thresholdWithExtras(slots);
  if (bounded && f.metrics && (!spec.allowed || spec.allowed.includes(bounded)))
    f.metrics = [bounded, ...f.metrics.filter((m) => m !== bounded)];

  // The order: an ordering word; else a judging word by the metric's good direction; else what the metric's phrase implies.
  const ranked = f.metrics?.[0];
  if (slots.sort) f.sort = slots.sort;
  else if (slots.judgement) {
    // Overstock is worse the more stock there is ("the worst 5" carry the most days of supply), whatever the figure's
    // good direction elsewhere.
    const lowerIsBetter =
      ranked !== undefined &&
      (model.vocab.lowerIsBetter.has(ranked) || (intent === "excess_inventory" && STOCK_RANKING_FIGURES.has(ranked)));
    f.sort = (slots.judgement === "best") !== lowerIsBetter ? "desc" : "asc";
  } else if (ranked && slots.metricSorts[ranked]) f.sort = slots.metricSorts[ranked];
  // "the most visited listings, by sessions": the superlative says which end, whichever figure ranks.
  else if (slots.superlativeSort) f.sort = slots.superlativeSort;
  else if (slots.top) f.sort = "desc";

  if (slots.conditions.length) {
    const primary: Metric | undefined = f.metrics?.[0] ?? spec.metrics?.[0];
    const conditions: Condition[] = [];
    for (const c of slots.conditions) {
      const metric = c.metric ?? primary;
      if (!metric) continue;
      // "keywords better than 15%": better is above for a conversion rate, below for an ACoS.
      const higherIsWorse = model.vocab.lowerIsBetter.has(metric);
      const op = c.judged ? ((c.judged === "worse") === higherIsWorse ? ">" : "<") : c.op;
      conditions.push({ metric, op, value: c.value });
    }
    if (conditions.length) f.conditions = conditions;
  }

  // "bids for a 30% ACoS": for bids, an ACoS figure is the target.
  if (intent === "bid_recommendations" && slots.targetAcos === undefined && slots.acosFigure !== undefined)
    f.target_acos = slots.acosFigure;
  // "bids to get ACoS under 25%": for bids, an ACoS ceiling is the target.
  if (intent === "bid_recommendations" && slots.targetAcos === undefined) {
    const ceiling = f.conditions?.find((c) => c.metric === "acos" && (c.op === "<" || c.op === "<="));
    if (ceiling) {
      f.target_acos = ceiling.value;
      f.conditions = f.conditions!.filter((c) => c !== ceiling);
      if (f.conditions.length === 0) delete f.conditions;
    }
  }
  if (intent === "update_settings") {
    f.settings = { ...slots.settings, ...(slots.targetAcos !== undefined ? { target_acos: slots.targetAcos } : {}) };
  } else if (slots.targetAcos !== undefined) f.target_acos = slots.targetAcos;
  if (spec.insight_type) {
    f.insight_type =
      slots.insightType ?? (base.insight_type as InsightType | undefined) ?? model.vocab.words.insight_type_default;
    f.detail_level = slots.detailLevel ?? (base.detail_level as DetailLevel | undefined) ?? "summary";
  }

  if (!f.timeframe && spec.timeframe) f.timeframe = spec.timeframe;
  if (!f.compare_to && spec.compare_to) f.compare_to = spec.compare_to;
  if (!f.group_by && slots.entityGroup && spec.group_by_options?.includes(slots.entityGroup))
    f.group_by = slots.entityGroup;
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
  "timeframe",
  "date_range",
  "compare_to",
  "marketplace",
  "category",
  "subcategory",
  "asin",
  "sku",
  "campaign",
  "metrics",
  "group_by",
  "limit",
  "sort",
  "conditions",
  "horizon_days",
  "target_acos",
  "settings",
  "insight_type",
  "detail_level",
  "alert_id",
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
  if (slots.metrics.length === 0)
    suggestions.push("Name a metric, e.g. revenue, units sold, profit, ACoS or days of supply.");
  if (!slots.category && catalog.categories.length)
    suggestions.push(`Name a category, e.g. "${catalog.categories.slice(0, 2).join('" or "')}".`);
  if (slots.followUpCue)
    suggestions.unshift("It reads like a follow-up: ask a whole question first, then follow up on it.");
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
    message:
      shown === ""
        ? "The question is empty."
        : `"${shown}" is not a question about your seller data that seller-ai can answer.`,
    suggestions,
  };
}
