// The parser's rules over the classifier's ranking: classes of questions whose own words decide between intents the
// classifier weighs alike. parse-question.ts asks for the ranking, runs these rules on it, then decides.
import type { ParserModel } from "./parser-model.js";
import { REAL_FIGURE } from "./real-figure.js";
import { stockCostIsItsWorth, stockPerCategory } from "./stock-by-its-words.js";
import { overstayedStock } from "./overstayed-stock.js";
import type { Slots } from "./slots.js";
import { FIGURE_LOOKS_USUAL, PERIOD_LOOKS_USUAL } from "./usual-period.js";
import { namesProductsToRestock } from "./restock-first.js";
import { asksQuantityToSend } from "./quantity-to-send.js";
import { asksHowTheAccountWent } from "./account-performance.js";
import { resolveTimeframe } from "../core/timeframe.js";
import { INTENT_AREAS, type Intent, type Metric } from "../core/understanding.js";

/**
 * The classifier's ranking, reordered by the parser's rules, each a class of questions whose words say more than the
 * classifier hears in them ("which products lose money" is the P&L's, "stock that overstayed" is overstock): the
 * rules run in this order, and a later one may undo an earlier. Returns whether findings were asked openly (which
 * makes an insights answer sure enough with a lower score).
 */
export function applyRankingRules(
  ranked: { label: string; score: number }[],
  slots: Slots,
  model: ParserModel,
  question: { asked: string; today: string; previousIntent?: Intent },
): { openFindings: boolean } {
  preferCompatible(ranked, slots, model);
  if (question.previousIntent === undefined || !ALERT_INTENTS.has(question.previousIntent))
    demoteAlertIntents(ranked, slots);
  settingsHaveNoPlace(ranked, slots);
  settingAskedAsChoice(ranked, slots);
  demoteUnchangedPrices(ranked, slots);
  const openFindings = findingsAskedOpenly(ranked, slots);
  insightsOverRankingWords(ranked, slots);
  openingsOverGaps(ranked, slots, question.asked);
  feesWithoutOverstock(ranked, slots, model, question.asked);
  opportunitiesWithoutKeywords(ranked, slots);
  adsForAdEntities(ranked, slots, model);
  stockRankings(ranked, slots, model);
  wasteOverTotals(ranked, slots, model);
  burntIsSpent(ranked, slots, model);
  adSalesSaidTwice(ranked, slots);
  keywordsJudgedBadly(ranked, slots, model);
  productsOfOneCategory(ranked, slots);
  productsFilteredInOrder(ranked, slots);
  adsNeedAdWords(ranked, slots, model);
  performanceSummarised(ranked, slots);
  accountPerformanceAtDepth(ranked, slots);
  lossesOverMargins(ranked, slots, model);
  salesAskedHowTheyWent(ranked, slots);
  anomaliesOverFigures(ranked, slots);
  reviewsFallingOff(ranked, slots);
  reviewsRankedByTheirFall(ranked, slots);
  ratingFloorOnASalesRanking(ranked, slots);
  periodLooksUsual(ranked, slots);
  realFigureOverAnomalies(ranked, slots, model);
  restockToAvoidRunningOut(ranked, slots);
  stockNeededAhead(ranked, slots);
  // "what quantities do I need to ship to cover them": a quantity still to send in is the restock, not the stock held.
  if (ranked[0]?.label !== "restock_recommendations" && asksQuantityToSend(slots.topicText))
    promoteLabel(ranked, "restock_recommendations");
  deadStock(ranked, slots);
  // "the stock that has overstayed in the UK warehouse": stock that sat too long is overstock.
  if (overstayedStock(ranked[0]?.label, slots.masked)) promoteLabel(ranked, "excess_inventory");
  // "top 5 SKUs to replenish first": products ranked as the ones to restock are its recommendations, counted.
  if (ranked[0]?.label === "top_products" && namesProductsToRestock(slots.topicText))
    promoteLabel(ranked, "restock_recommendations");
  slowestMovers(ranked, slots);
  sellersRankedFromTheBottom(ranked, slots);
  noSalesInADay(ranked, slots, question.today);
  openingsWorthDoing(ranked, slots);
  missedMoneyIsAnOpening(ranked, slots);
  moreMoneyAskedHow(ranked, slots);
  alertsByTheirWords(ranked, slots);
  demotePricesUnasked(ranked, slots, model);
  gapsOverPrices(ranked, slots, model);
  gapsRankedAgainstRivals(ranked, slots, model);
  ownPricesRankedAgainstRivals(ranked, slots, model);
  kindsMissedAreGaps(ranked, slots);
  returnsRankedAreRefunds(ranked, slots, model);
  quantityHeldOfOne(ranked, slots);
  stockInMoneyWords(ranked, slots, model);
  unitsSoldAreNoStock(ranked, slots);
  offersOnOwnListing(ranked, slots);
  fillingAShipment(ranked, slots);
  // The question's own words ask what seller-ai can tell of the shop, however few of them the classifier hears as help.
  return { openFindings };
}

/** Below this classifier score a question is not understood. */
export const MIN_SCORE = 0.2;

/** The classifier is sure enough of an intent that words it does not place cannot make the question off-topic. */
export const SURE_OWN_SCORE = 0.5;

const INCIDENTAL_METRICS = new Set<Metric | undefined>(["revenue", "orders", "profit", "units_sold"]);

/** A runner-up that can use the question's metric goes first when it scores at least this share of the best. */
const COMPATIBLE_SHARE = 0.5;

/** …or this share, when the best has no use for any metric the question names. */
const FOREIGN_METRIC_SHARE = 0.3;

/**
 * Filters only a seller's question has (a period or a marketplace could be
 * about anything). `strong`: named outright, not only implied ("sell" implies
 * revenue but is said of anything).
 */
export function hasSellerSlot(s: Slots, strong: boolean): boolean {
  return (
    s.metrics.length > 0 ||
    (!strong && (s.weakMetric !== undefined || s.insightType !== undefined)) ||
    s.groupBy !== undefined ||
    s.category !== undefined ||
    s.subcategory !== undefined ||
    s.campaign !== undefined ||
    s.asin !== undefined ||
    s.sku !== undefined ||
    s.targetAcos !== undefined ||
    s.alertId !== undefined ||
    s.settingNamed !== undefined ||
    (!strong && s.compareTo !== undefined) ||
    Object.keys(s.settings).length > 0 ||
    s.conditions.some((c) => c.metric !== undefined)
  );
}

/**
 * A metric the best intent has no use for ("keywords with the worst cost per
 * click" is no keyword opportunity) lets a close runner-up that uses it go first.
 */
function preferCompatible(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const metric = slots.metrics[0];
  // Sales words ("money", "order", "sell") are said in passing too often to overrule the classifier; a loss said in
  // words ("which products are losing me money", "what's in the red") is the subject, never said in passing, unless
  // advertising loses it (ad words costing money are wasted spend).
  const loss =
    metric === "profit" &&
    slots.metricSorts.profit === "asc" &&
    INTENT_AREAS[ranked[0]?.label as Intent] !== "advertising";
  if (INCIDENTAL_METRICS.has(metric) && !loss) return;
  const accepts = (label: string) => {
    const spec = model.vocab.intents[label as Intent];
    if (spec?.keys && !spec.keys.includes("metrics") && !spec.keys.includes("conditions")) return false;
    return !spec?.allowed || spec.allowed.includes(metric);
  };
  if (!metric || ranked.length < 2 || ranked[0].label === "none" || accepts(ranked[0].label)) return;
  if (figureMeantByItsIntent(ranked[0].label, slots, model)) return;
  // A metric named outright that the best intent has no use for at all weighs more than a near runner-up's score.
  const share =
    metric !== "growth_rate" && slots.metrics.every((m) => !acceptsMetric(model, ranked[0].label, m))
      ? FOREIGN_METRIC_SHARE
      : COMPATIBLE_SHARE;
  const foreign = share === FOREIGN_METRIC_SHARE;
  const at = ranked.findIndex(
    (r) =>
      r.label !== "none" &&
      r.score >= share * ranked[0].score &&
      accepts(r.label) &&
      (!foreign || listsMetric(model, r.label, metric)),
  );
  if (at > 0) promote(ranked, at, foreign);
}

/**
 * A figure the best intent answers in other terms, said as the question describes what it wants: "the products whose
 * ratings are falling fastest" ranks how the ratings fall (the falling reviews' own measure, not sales growth), and
 * "my listings get clicks but people don't buy" asks where visits fail to convert, a click on a listing being a visit
 * to it, not a paid one, when no word of advertising is said.
 */
function figureMeantByItsIntent(label: string, slots: Slots, model: ParserModel): boolean {
  if (label === "declining_reviews")
    return slots.metrics[0] === "growth_rate" && slots.metrics.some((m) => REVIEW_FIGURES.has(m));
  // Clicks beside the conversion's own figures ("clicks yet nobody purchases" names the conversion too).
  if (label !== "conversion_analysis" || slots.metrics.some((m) => m !== "clicks" && !acceptsMetric(model, label, m)))
    return false;
  if (slots.campaign || slots.entityGroup === "keyword" || slots.entityGroup === "campaign") return false;
  const classes = model.classifier.classesIn(slots.masked);
  return classes.has("convert") && !AD_CLASSES.some((c) => classes.has(c));
}

const REVIEW_FIGURES = new Set<Metric>(["review_rating", "review_count"]);

/** Word classes that put a click in advertising. */
const AD_CLASSES = ["ads", "keyword", "campaign", "waste", "bid"];

export function acceptsMetric(model: ParserModel, label: string, metric: Metric): boolean {
  const allowed = model.vocab.intents[label as Intent]?.allowed;
  return !allowed || allowed.includes(metric);
}

/** The intent lists the metric among those it answers with (an intent that lists none answers with none of them). */
export function listsMetric(model: ParserModel, label: string, metric: Metric): boolean {
  return model.vocab.intents[label as Intent]?.allowed?.includes(metric) ?? false;
}

/**
 * Settings are the account's, the same in every marketplace and for every product: a question that names a place or
 * a product ("how much spare stock do I have in Germany") asks about its stock or sales, not the settings.
 */
function settingsHaveNoPlace(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "show_settings") return;
  if (!slots.marketplace && !slots.category && !slots.asin && !slots.sku) return;
  // A setting named outright ("my safety stock in the UK") is still the setting.
  if (/(?:^| )s_/.test(slots.masked)) return;
  const at = ranked.findIndex((r) => INTENT_AREAS[r.label as Intent] !== "account" && r.label !== "none");
  if (at > 0) promote(ranked, at, false);
}

/**
 * A setting asked as a choice between two values ("are my reports set to pounds or euros?", "is my lead time 30 or 45
 * days?"): the seller asks which one holds, so it is shown, and neither value is a change.
 */
export const SETTING_CHOICE =
  /^(?:(?:so|and|ok|okay|remind me|quick one|just checking)[, ]+)*(?:is|are|am|was|were|do|does|did|have|has)(?= ).*(?:(?:__setting__ s_[a-z_]+|__target__ s_[a-z_]+|__currency__) or (?:__duration__|__currency__|__num__|\d)|(?:__num__|__duration__|\d+) or (?:__duration__|__num__) s_[a-z_]+)/;

function settingAskedAsChoice(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!SETTING_CHOICE.test(slots.masked)) return;
  slots.settings = {};
  slots.targetAcos = undefined;
  promoteLabel(ranked, "show_settings");
}

/**
 * The other sellers counted on the seller's own listing ("how many sellers are on my listing", "how many other sellers
 * offer B0…"): the competitor offers the mirror holds, not a count of the market.
 */
const OFFERS_ON_OWN_LISTING =
  /(?:^| )how many (?:other |competing |rival |different )?(?:sellers|offers|competitors|rivals)(?: are| is)?(?: there)? (?:on|selling on|offering on|sell on|selling|offer|offering|have offers on|share|sharing) (?:my|our|each of my|__asin__|__sku__)(?= |$)/;

function offersOnOwnListing(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!OFFERS_ON_OWN_LISTING.test(slots.masked)) return;
  const at = ranked.findIndex((r) => r.label === "competitor_pricing");
  if (at < 0) return;
  // The construction says what is asked, however little the classifier makes of its few words.
  const [offers] = ranked.splice(at, 1);
  ranked.unshift({ label: offers.label, score: Math.max(offers.score, ranked[0]?.score ?? 0, MIN_SCORE) });
}

/**
 * What to load on a shipment to cover a stretch ahead ("what should be on it to cover the next 90 days", "what do we put
 * in the container to last 3 months"), or on the next one sent in ("what should go into my next UK inbound shipment"):
 * how much to send in. "It" is the shipment told beside the question.
 */
const FILLING_A_SHIPMENT =
  /(?:^| )what (?:(?:should|shall|do|does|would|must|needs? to|has to|have to|ought to|can)(?: (?:i|we|you))? )?(?:go|goes|be|put|send|load|pack|ship|include|stick|fill it with|fill them with)(?: in| on| out)? (?:on|in|into|onto|inside|aboard) (?:it|them|(?:the|this|that|our|my|each|every|a|the next) (?:(?:new|next|upcoming|first|big|40ft|20ft|sea|air|inbound|fba|__mkt__) )*(?:containers?|shipments?|pallets?|trucks?|truckloads?|loads?|consignments?|boxes|cartons?|deliver(?:y|ies)|orders?|pos?))(?= |$)/;

/** A shipment still to be sent in: "my next inbound shipment", "the upcoming container". */
const SHIPMENT_TO_SEND = /(?:^| )(?:next|upcoming|inbound)(?= |$)/;

function fillingAShipment(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!FILLING_A_SHIPMENT.test(slots.masked)) return;
  if (
    slots.horizonDays === undefined &&
    !/(?:^| )(?:cover|covers|last|lasts|see us through|carry us)(?= |$)/.test(slots.masked) &&
    !SHIPMENT_TO_SEND.test(slots.masked)
  )
    return;
  const at = ranked.findIndex((r) => r.label === "restock_recommendations");
  if (at < 0) return;
  const [restock] = ranked.splice(at, 1);
  ranked.unshift({ label: restock.label, score: Math.max(restock.score, ranked[0]?.score ?? 0, MIN_SCORE) });
}

/**
 * The alert intents need the question to be about alerts: an alert word, a threshold or an alert id. Without one
 * ("stuff I should discount to get rid of"), the best intent that is not about alerts goes first.
 */
function demoteAlertIntents(ranked: { label: string; score: number }[], slots: Slots): void {
  if (slots.alertWord || slots.conditions.length > 0 || slots.alertId) return;
  const top = ranked[0]?.label;
  if (top !== "delete_alert" && top !== "list_alerts" && top !== "create_alert") return;
  const at = ranked.findIndex((r) => !ALERT_INTENTS.has(r.label));
  if (at > 0 && ranked[at].label !== "none") promote(ranked, at, false);
}

const ALERT_INTENTS = new Set(["delete_alert", "list_alerts", "create_alert"]);

/**
 * An alert's own words decide between the alert intents: asking to be told of a threshold is an alert to create
 * ("tell me when a product's rating falls below 4 stars"), whatever the threshold is about; asking to see alerts,
 * with no threshold, is the list ("show the rules that will notify me").
 */
function alertsByTheirWords(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!slots.alertWord || slots.alertId) return;
  const top = ranked[0]?.label;
  const want =
    REMOVING.test(slots.topicText) || REMOVED_AFTER.test(slots.topicText)
      ? "delete_alert"
      : // The threshold's metric may stand apart from it ("if ACoS on any campaign goes over 40%").
        slots.conditions.some((c) => c.metric !== undefined || slots.metrics.length > 0) && top !== "delete_alert"
        ? "create_alert"
        : top !== "delete_alert" &&
            slots.conditions.length === 0 &&
            (SHOWING.test(slots.topicText) || (REMINDING.test(slots.topicText) && ALERT_NOUN.test(slots.topicText))) &&
            // A figure asked beside words of watching ("what's my TACoS? … worth keeping an eye on") is that figure.
            (slots.metrics.length === 0 || ALERT_NOUN.test(slots.topicText))
          ? "list_alerts"
          : top === "stockout_risk" && slots.horizonDays === undefined && WATCHED_FROM_NOW.test(slots.topicText)
            ? "create_alert"
            : top === "create_alert" &&
                slots.conditions.length === 0 &&
                !ALERT_NOUN.test(slots.topicText) &&
                !WATCHED_FROM_NOW.test(slots.topicText) &&
                TOLD_NOW.test(slots.topicText)
              ? "stockout_risk"
              : undefined;
  if (want) promoteLabel(ranked, want);
}

/**
 * Being told each time something happens from now on ("let me know whenever anything runs out", "email me as soon as
 * PS-1 goes out of stock") is an alert; "tell me if X will run out" and "tell me when X runs out" ask now.
 */
const WATCHED_FROM_NOW =
  /(?:^| )(?:whenever|as soon as|every time|each time|any time|anytime|the moment|the minute|the second) (?!(?:[^ ]+ ){0,6}?(?:will|would|is going to|are going to|gonna)(?= |$))/;

/** "tell me if X will run out", "tell me when B0… runs out": asked now, with no word of watching from now on. */
const TOLD_NOW =
  /(?:^| )tell (?:me|us) (?:if|when|whether) (?:[^ ]+ ){0,6}?(?:runs?|ran|sells?|sold|goes|go|gonna|will|is going to|are going to)(?: [^ ]+){0,2} out(?= |$)/;

const ALERT_NOUN = /(?:^| )(?:alerts?|notifications?|reminders?|rules?|warnings?|triggers?|watchlist)(?= |$)/;

const REMOVING =
  /^(?:please )?(?:delete|remove|kill|cancel|turn off|switch off|stop|quit|disable|clear|wipe|scrap|ditch|get rid of|drop(?! (?:me|us) )|mute|silence|bin|nuke|no more|no longer|(?:you )?(?:don't need to|do not need to|needn't|don't|do not|no need to) (?:tell|warn|remind|ping|notify|alert|bother|email|message) me)\b/;

/** An alert named as what is removed: a pronoun for the one described, or a few words and an alert noun. */
const ALERT_OBJECT =
  "(?:it|them|that(?: one)?|this(?: one)?|those|these|(?:(?:all|every|each|both) (?:of )?)?(?:(?:the|my|our|those|these|that|this) )?(?:[a-z-]+ ){0,3}?(?:alerts?|notifications?|warnings?|reminders?|rules?|alarms?))";

/**
 * Removing asked after the alert is described ("the one I made with refund rate above 8%, can you take it away?", "my
 * ACoS warning, kill it") or with a particle ("take the notifications away", "all my alerts away please", "switch it
 * off"): "away", "off", "get rid of", "throw out" and "drop" an alert all delete it. The verb must take the alert (or a
 * pronoun for it) as its object, so that a figure dropping or a listing removed in an alert's condition stays one.
 */
const REMOVED_AFTER = new RegExp(
  `(?:^| )(?:(?:delete|remove|cancel|disable|deactivate|scrap|ditch|erase|drop|kill|bin|nuke|stop|get rid of|do away with|throw (?:out|away)|take (?:out|away|off|down)|turn off|switch off|shut off) ${ALERT_OBJECT}|(?:take|throw|put|clear|get|turn|switch|shut|do) ${ALERT_OBJECT} (?:away|off|out)|(?:alerts?|notifications?|warnings?|reminders?|alarms?)(?: all| of them| too)? (?:away|gone|off))(?= |$)`,
);

/** "Remind me which warnings you have": of alerts when it names them, and otherwise perhaps of a setting. */
const REMINDING =
  /^(?:please )?(?:(?:can|could|would|will) you (?:please )?)?(?:remind|tell) me(?: again)?(?: of)? (?:which|what|the|my)\b/;

// Asked politely ("could you run me through the notifications I've set") too, and as whether one is already set ("did I
// already set up an alert for low stock?", "do we have a warning on ACoS?"): with no threshold that asks what is set.
const SHOWING =
  /^(?:please )?(?:(?:can|could|would|will) you (?:please )?)?(?:run me through|walk me through|go through|go over|pull up|bring up|show|list|display|view|see|which|what|do i have|have i|did i|do we have|have we|did we|are there|is there|any|tell me which|have i got|let me see|(?:i'd|i would) like to see|i want to see)\b/;

/**
 * Competitors asked about without a word of prices ("how do I stack up against other sellers") is how the seller
 * does against them, an insight, not what they charge.
 */
function demotePricesUnasked(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const top = ranked[0]?.label;
  if ((top !== "competitor_pricing" && top !== "price_changes" && top !== "catalog_gaps") || slots.priceWord) return;
  if (slots.insightType !== "competitor_analysis" || slots.asin || slots.sku) return;
  // Nor is it what they sell and the seller does not, when it asks where the seller stands ("where do I stand against
  // rivals") or at what depth (only insights have one), with no word of gaps.
  if (model.classifier.classesIn(slots.masked).has("gap")) return;
  if (top === "catalog_gaps" && slots.detailLevel === undefined && !STANDING.test(slots.topicText)) return;
  // Competitor prices need a word of prices: without one, whatever the classifier's doubt, the question is the insight.
  promoteLabel(ranked, "insights");
}

/** Where the seller stands against others: "where do I stand", "how do we stack up", "how do I measure up". */
const STANDING =
  /(?:^| )(?:where (?:do|does|did) (?:i|we|my business|my brand) (?:stand|sit|rank)|how (?:do|does|did) (?:i|we|my business|my brand) (?:stack up|measure up|shape up|compare|fare|rank)|how (?:am i|are we) (?:doing|faring|placed))(?= |$)/;

/**
 * How much of one product there is somewhere ("how many of B0… are sitting at amazon.de", "how much of SKU-1 is held
 * in the UK right now"), or what the seller has got sitting somewhere ("what have I actually got sitting at FBA"),
 * asks for the stock on hand: "sitting" there is where it is, not that it does not move, unless how long it has sat is
 * said ("… for more than 90 days", "… too long").
 */
function quantityHeldOfOne(ranked: { label: string; score: number }[], slots: Slots): void {
  const top = ranked[0]?.label;
  // The stock's worth heard in "sitting" without a word of money ("SO-YOGA-01 units sitting in the warehouse?").
  const worthUnasked = top === "inventory_value" && !slots.moneyAmount && !slots.stockMoney;
  if (top !== "excess_inventory" && top !== "sales_summary" && !worthUnasked) return;
  const heldThere =
    QUANTITY_OF_ONE.test(slots.masked) ||
    (WHAT_IS_HELD.test(slots.masked) && slots.conditions.length === 0 && !HELD_TOO_LONG.test(slots.masked)) ||
    (slots.bareUnits && UNITS_HELD.test(slots.masked) && !HELD_TOO_LONG.test(slots.masked)) ||
    (HOW_MANY_THERE.test(slots.masked) && slots.conditions.length === 0 && !HELD_TOO_LONG.test(slots.masked)) ||
    (UNITS_SITTING_THERE.test(slots.masked) &&
      (slots.asin !== undefined || slots.sku !== undefined || /(?:^| )how (?:much|many)(?= |$)/.test(slots.masked)) &&
      slots.conditions.length === 0 &&
      !HELD_TOO_LONG.test(slots.masked) &&
      !HELD_IDLE.test(slots.masked));
  if (!heldThere) return;
  promoteLabel(ranked, "inventory_levels");
}

const QUANTITY_OF_ONE =
  /(?:^| )how (?:much|many)(?: m_units_sold| m_available_quantity| units| stock| inventory)? of (?:(?:my|the|our) )?(?:__asin__|__sku__) (?:(?:is|are) (?:sitting|held|stored|kept|left|there)|(?:do|have|did) (?:i|we) (?:have|got|hold))(?= |$)/;

/**
 * How many of what was asked about are somewhere ("and how many of those are sitting in Australia?", "how many are
 * lying around at amazon.de"): the stock there, pointed back at or left unsaid.
 */
const HOW_MANY_THERE =
  /(?:^| )how (?:much|many)(?: m_units_sold| m_available_quantity| units| stock| inventory)?(?: of (?:those|these|them|it|that))? (?:is|are) (?:(?:still|currently|actually|now) )?(?:sitting|held|stored|kept|parked|lying around|lying|left) (?:at|in) __mkt__(?= |$)/;

const WHAT_IS_HELD =
  /(?:^| )(?:what|how much|how many)(?: m_available_quantity| units| stock| inventory)? (?:have|do|did) (?:i|we)(?: (?:actually|really|currently|still|even|now))? (?:got|have|hold)(?: (?:actually|really|currently|still|now))? (?:sitting|held|stored|kept|parked) (?:at|in)(?= |$)/;

/** Units the seller holds ("physical units we're holding", "units I've got on hand", "units we keep per category"). */
const UNITS_HELD =
  /(?:^| )(?:physical m_units_sold|m_units_sold (?:that )?(?:we're|we are|i'm|i am|we|i|we've|i've|we have|i have) (?:holding|hold|held|got|keeping|keep|kept|storing|store|stored|sitting on))(?= |$)/;

/**
 * Units of one product, or a count of units, somewhere ("HK-UTEN-02 units sitting in fba?", "units of B0… parked at the
 * warehouse", "how many stock is sitting in Germany"): how many there are, unless how long or how idle is said ("just
 * sitting" is idle).
 */
const UNITS_SITTING_THERE =
  /(?:^| )(?:m_units_sold|m_available_quantity|units|stock|inventory)(?: of (?:my |the |our )?(?:__sku__|__asin__))?(?: (?:that )?(?:is|are))?(?: (?:still|currently|actually|now|all))? (?:sitting|held|stored|kept|parked|lying around|lying) (?:at|in) (?:fba|__mkt__|(?:the |my |our |amazon's |amazons |an? )?(?:fba |amazon |__mkt__ )?(?:warehouses?|fc|fcs|fulfil?ment cent(?:er|re)s?))(?= |$)/;

/** Stock that sits idle by its age or its state ("aged units sitting in FBA", "dead stock lying in the warehouse"). */
const HELD_IDLE =
  /(?:^| )(?:aged|ageing|aging|old|older|oldest|stale|dead|idle|dusty|dust|forever|slow|excess|surplus|overstock|overstocked)(?= |$)/;

/**
 * How long stock has sat, or that it does not sell: "for 90 days", "since June", "too long", "that isn't selling". "For"
 * before a product, a part of the catalog or a marketplace only names it ("stock sitting in FBA for B0…", "what do I
 * have sitting in FBA for Office Products").
 */
const HELD_TOO_LONG =
  /(?:^| )(?:since|for(?! (?:__asin__|__sku__|__category__|__subcategory__|__mkt__)(?: |$))|longer|too long|ages|unsold|__duration__|not|isn't|aren't|hasn't|haven't|won't|doesn't|don't|never)(?= |$)/;

/** The stock asked in words the classifier hears as money (stock-by-its-words.ts): the stock question meant. */
function stockInMoneyWords(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const top = ranked[0]?.label;
  const wanted =
    stockPerCategory(top, slots, model.classifier.classesIn(slots.masked)) ?? stockCostIsItsWorth(top, slots);
  if (wanted) promoteLabel(ranked, wanted);
}

/**
 * Units said with a word of selling ("how many units went out the door", "how many units sold in week 44") are a sales
 * total, however much "how many units" alone sounds like stock on hand, unless a figure of the stock is asked too.
 */
function unitsSoldAreNoStock(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "inventory_levels" || !slots.soldSaid) return;
  if (slots.metrics.some((m) => STOCK_FIGURES.has(m))) return;
  promoteLabel(ranked, "sales_summary");
}

/**
 * Holes or gaps in the seller's range set against rivals ("any gaps in my kitchen range next to what competitors
 * offer") are the catalog gaps: without a word of prices, the rivals are there for what they sell.
 */
function gapsOverPrices(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const top = ranked[0]?.label;
  if ((top !== "competitor_pricing" && top !== "price_changes") || slots.priceWord) return;
  if (!model.classifier.classesIn(slots.masked).has("gap")) return;
  promoteLabel(ranked, "catalog_gaps");
}

/**
 * Gaps in the seller's range set against other sellers, then ranked ("gaps in my Pet Supplies range versus other
 * sellers, top 5 by their revenue"): the ranking orders the gaps by what the others sell there, not the seller's
 * products.
 */
function gapsRankedAgainstRivals(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (ranked[0]?.label !== "top_products") return;
  // Gaps said of the catalog ("top 3 catalog gaps by revenue", "the 5 biggest product gaps by units", "rank the gaps in
  // my lineup by sales") are gaps ranked with no rival named: a figure there ranks gaps, not the seller's products.
  const rivals = RANGE_GAP.test(slots.topicText) && model.classifier.classesIn(slots.masked).has("competitor");
  if (rivals || CATALOG_GAP.test(slots.masked)) promoteLabel(ranked, "catalog_gaps");
}

/**
 * Kinds of products the seller is missing out on ("any subcategories in Office I'm missing out on?", "which niches are
 * we missing", "product types I'm missing in Toys"): what is missed is a part of the range, so the gap in the catalog,
 * not openings in general ("what opportunities am I missing out on" stays findings).
 */
function kindsMissedAreGaps(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "insights" || slots.insightType !== "opportunities") return;
  if (!KINDS_MISSED.test(slots.topicText) || KINDS_OF_OPENING.test(slots.topicText)) return;
  promoteLabel(ranked, "catalog_gaps");
}

/** A kind of product, then the seller missing it: "subcategories … I'm missing out on", "niches we are missing". */
const KINDS_MISSED =
  /(?:^| )(?:sub ?categor(?:y|ies)|categor(?:y|ies)|niches?|segments?|product (?:types?|lines?|kinds?)|(?:types?|kinds?|sorts?) of (?:products?|items?))(?: [^ ]+){0,5}? (?:(?:am i|are we|i'm|im|i am|we're|we are|i|we)(?: still| currently| totally| completely)? )?(?:missing|lacking)(?= |$)/;

/** Openings named outright beside the kind ("opportunities in categories I'm missing" stays findings). */
const KINDS_OF_OPENING = /(?:^| )(?:opportunit(?:y|ies)|openings?|wins?|money|potential|upside)(?= |$)/;

/**
 * Products ranked by how much came back ("which items came back the most", "what got sent back most in January",
 * "the 5 most returned products"): returns ranked are refunds by product, not a sales ranking, when no sales figure is
 * named.
 */
function returnsRankedAreRefunds(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (ranked[0]?.label !== "top_products" || slots.metrics.some((m) => m !== "refund_rate")) return;
  if (slots.weakMetric !== undefined && slots.weakMetric !== "refund_rate") return;
  if (!model.classifier.classesIn(slots.masked).has("return")) return;
  promoteLabel(ranked, "refund_analysis");
}

/**
 * Products ranked by where the seller's price stands against rivals ("top 3 products where I'm cheapest compared to the
 * competition", "the 5 listings where competitors undercut me most", "which 5 items am I most overpriced on"): the prices set against theirs, counted, not a
 * ranking by sales. A sales figure named ranks by it ("top 5 products by revenue where I'm cheaper than rivals").
 */
function ownPricesRankedAgainstRivals(
  ranked: { label: string; score: number }[],
  slots: Slots,
  model: ParserModel,
): void {
  if (ranked[0]?.label !== "top_products" || !slots.priceWord) return;
  if (slots.metrics.some((m) => !PRICE_FIGURES.has(m))) return;
  const classes = model.classifier.classesIn(slots.masked);
  if (!(classes.has("competitor") || PRICED_AGAINST_OTHERS.test(slots.topicText)) || classes.has("gap")) return;
  promoteLabel(ranked, "competitor_pricing");
}

/**
 * A price that is only too high or too low against someone else's ("which 5 items am I most overpriced on", "where am I
 * underpriced"): the rivals are meant though none is named.
 */
const PRICED_AGAINST_OTHERS = /(?:^| )(?:over-?priced|under-?priced|over-?pricing|under-?pricing)(?= |$)/;

const PRICE_FIGURES = new Set<Metric>(["price", "buy_box_percentage"]);

/** A gap of the catalog by name: "catalog gaps", "product gaps", "gaps in my range", "holes in our lineup". */
const CATALOG_GAP =
  /(?:^| )(?:(?:catalog|catalogue|product|products|range|assortment|line up|lineup|listing|listings|portfolio|category|categories|niche|niches) (?:gaps?|holes?)|(?:gaps?|holes?) in (?:my|our|the) (?:catalog|catalogue|range|assortment|line up|lineup|listings|portfolio|offering|product range|__category__|__subcategory__))(?= |$)/;

/** A gap or a hole named as such, or what the seller is missing; "range" or "missing" alone are said of much else. */
const RANGE_GAP =
  /(?:^| )(?:gaps?|holes?|white ?space|(?:am i|are we|i'm|im|i am|we're|we are) (?:still |currently )?missing)(?= |$)/;

/**
 * Price changes need a change, or a period for one: competitor prices asked without either ("competitor pricing",
 * "what are rivals charging for dog toys") are today's prices against the seller's.
 */
function demoteUnchangedPrices(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "price_changes" || slots.changeWord || slots.timeframe) return;
  promoteLabel(ranked, "competitor_pricing", false);
}

/**
 * Keywords and campaigns are advertising's: a ranking of them ("top 20 money-losing search terms") is no product
 * ranking, and the best advertising intent goes first.
 */
function adsForAdEntities(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const adEntity = slots.entityGroup === "keyword" || slots.entityGroup === "campaign";
  // Money lost by a campaign or its targets ("money pits in Dog Toys - Exact", "targets bleeding money") is ad spend
  // wasted, not a P&L of products.
  const top = ranked[0]?.label;
  if (
    (adEntity || slots.campaign) &&
    (top === "profit_breakdown" || top === "top_products") &&
    model.classifier.classesIn(slots.masked).has("waste")
  ) {
    const waste = ranked.findIndex((r) => r.label === "wasted_ad_spend");
    if (waste > 0) {
      promote(ranked, waste);
      return;
    }
  }
  // Keywords or campaigns ranked ("keywords with the lowest ROAS", "top 3 campaigns by spend") are rows of their own,
  // not the account's one total.
  const ranking = slots.sort || slots.limit !== undefined || /(?:^| )__rank__(?= |$)/.test(slots.masked);
  if (top === "advertising_summary" && adEntity && ranking) {
    const rows = ranked.findIndex((r) => r.label === "acos_by_campaign");
    if (rows > 0) promote(ranked, rows);
    return;
  }
  if (top !== "top_products" || !adEntity) return;
  const at = ranked.findIndex(
    (r) => model.vocab.intents[r.label as Intent] && INTENT_AREAS[r.label as Intent] === "advertising",
  );
  if (at > 0) promote(ranked, at);
}

/**
 * Products ranked by a state of their stock and no metric ("5 most overstocked products", "the items closest to
 * running out"), or by a figure of the stock ("overstock by inventory value, top 5"), are that stock question with a
 * limit or an order, not a sales ranking nor the stock's worth.
 */
function stockRankings(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (!rankedByStockState(ranked[0]?.label, slots)) return;
  const classes = model.classifier.classesIn(slots.masked);
  // With no state named, products put in order by how much stock they hold ("available units for every product,
  // lowest first", "top 5 by days of supply") are the stock levels in that order.
  const levelsInOrder =
    ranked[0]?.label === "top_products" && slots.metrics.length > 0 && slots.metrics.every((m) => STOCK_FIGURES.has(m));
  // "listings carrying more than 120 days of supply - the worst 5": a threshold on the stock names its state too,
  // too much of it above and too little below.
  const bound = slots.conditions.find((c) => c.metric !== undefined && STOCK_FIGURES.has(c.metric));
  const want =
    classes.has("overstock") || bound?.op.startsWith(">")
      ? "excess_inventory"
      : classes.has("runout") || bound?.op.startsWith("<")
        ? "stockout_risk"
        : levelsInOrder
          ? "inventory_levels"
          : undefined;
  if (want) promoteLabel(ranked, want);
}

/** Figures of the stock itself: a stock question may be ranked by them ("overstock by inventory value"). */
export const STOCK_RANKING_FIGURES = new Set<Metric>(["days_of_supply", "available_quantity", "inventory_value"]);

/**
 * Whether a question the classifier reads as a ranking or a stock figure may be a stock question ranked: products
 * ranked with no metric, or stock ranked by a figure of the stock ("slow movers by days_of_supply, limit 5",
 * "overstocked SKUs ranked by inventory value"), where the state named says which stock question it is.
 */
function rankedByStockState(top: string | undefined, slots: Slots): boolean {
  if (top === "top_products" && slots.metrics.length === 0) return true;
  return (
    (top === "top_products" || top === "inventory_value" || top === "inventory_levels") &&
    (slots.ranking || askedInOrder(slots)) &&
    slots.metrics.length > 0 &&
    slots.metrics.every((m) => STOCK_RANKING_FIGURES.has(m))
  );
}

/** Rows asked in an order or a number of them ("desc", "limit 5", "ranked by"). */
export function askedInOrder(slots: Slots): boolean {
  return slots.sort !== undefined || slots.limit !== undefined || slots.top;
}

/**
 * Keywords ranked the wrong way for growth ("which keywords have a high ACoS", "keywords with the lowest ROAS") are
 * how they perform, campaign data by keyword: opportunities are keywords that do well and could get more.
 */
/**
 * One product asked of a category ("in my kitchen range, which product has the thinnest margin") ranks products
 * within it: the category is the filter, not the breakdown.
 */
function productsOfOneCategory(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "profit_margin_by_category" || slots.groupBy) return;
  if (slots.entityGroup !== "asin" || !(slots.category || slots.subcategory)) return;
  promoteLabel(ranked, "top_products");
}

/**
 * Products kept by a threshold on a figure and put in order ("products where revenue > 5000 this month, sorted desc",
 * "listings with over 200 units sold, top 10"): rows of products ranked, not the shop's one total, which has no rows
 * to keep or sort. So are products kept above a profit floor, best first ("skus where profit > 300 order by profit
 * desc"): the P&L ranks products only by what they lose.
 */
function productsFilteredInOrder(ranked: { label: string; score: number }[], slots: Slots): void {
  const top = ranked[0]?.label;
  if (slots.entityGroup !== "asin" || !askedInOrder(slots)) return;
  if (!slots.conditions.some((c) => c.metric !== undefined)) return;
  const bestFirst = slots.sort === "desc" && slots.conditions.every((c) => c.op.startsWith(">"));
  if (top === "sales_summary" || (top === "profit_breakdown" && bestFirst)) promoteLabel(ranked, "top_products");
}

/**
 * The advertising summary needs a word of advertising (an ad metric, ads, a campaign, keywords): "how's the French
 * store performing overall" is the business's performance, however often "overall" comes with ads.
 */
function adsNeedAdWords(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (ranked[0]?.label !== "advertising_summary") return;
  if (slots.metrics.some((m) => AD_METRICS.has(m) || m === "impression_share") || slots.campaign || slots.entityGroup)
    return;
  const classes = model.classifier.classesIn(slots.masked);
  if (["ads", "campaign", "keyword", "bid", "waste", "visibility"].some((c) => classes.has(c))) return;
  const at = ranked.findIndex((r) => r.label !== "none" && INTENT_AREAS[r.label as Intent] !== "advertising");
  if (at > 0) promote(ranked, at, false);
}

const AD_COST_METRICS = new Set<Metric>(["acos", "tacos", "roas", "cpc"]);

function keywordsJudgedBadly(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (ranked[0]?.label !== "keyword_opportunities" || slots.insightType === "opportunities") return;
  const metric = slots.metrics[0];
  // Only a measure of what ads cost: low conversion or visibility is how an opportunity is described.
  if (!metric || !slots.sort || slots.metrics.length > 1 || !AD_COST_METRICS.has(metric)) return;
  const worse = model.vocab.lowerIsBetter.has(metric) ? "desc" : "asc";
  if (slots.sort !== worse) return;
  promoteLabel(ranked, "acos_by_campaign");
}

/**
 * Words of where the money goes ("what is squeezing my margin", "where did my profit go") ask for the P&L, whatever
 * margin or profit they name: a margin per category says how much is left, not what took the rest.
 */
function lossesOverMargins(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const top = ranked[0]?.label;
  if (top !== "profit_margin_by_category" && top !== "sales_summary" && top !== "top_products") return;
  if (slots.groupBy || slots.entityGroup || slots.limit !== undefined) return;
  if (!model.classifier.classesIn(slots.masked).has("pnl")) return;
  promoteLabel(ranked, "profit_breakdown");
}

/** Money said to go on the ads: "on ads", "into PPC", "on our campaigns", "on ad spend". */
const MONEY_ON_ADS =
  /(?:^| )(?:on|in|into|for|through) (?:my |our |the |amazon |sponsored )*(?:ads?|adverts?|advertising|ppc|campaigns?|m_ad_spend)(?= |$)/;

/**
 * Advertising asked about in words of waste ("how much did I waste on ads") is the wasted spend, not the totals. Money
 * said to go on ads for nothing ("how much money did we burn on ads without an order") is the ads' money too, so the
 * store's sales totals are no answer either.
 */
function wasteOverTotals(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  const top = ranked[0]?.label;
  const classes = model.classifier.classesIn(slots.masked);
  const adTotals = top === "advertising_summary" || top === "acos_by_campaign";
  const storeTotals = top === "sales_summary" && MONEY_ON_ADS.test(slots.masked);
  if ((!adTotals && !storeTotals) || !classes.has("waste")) return;
  const at = ranked.findIndex((r) => r.label === "wasted_ad_spend");
  if (at > 0 && (storeTotals || ranked[at].score >= COMPATIBLE_SHARE * ranked[0].score)) promote(ranked, at);
}

/**
 * The sales the ads brought, named first, with "sales" said again after ("my advertising bring how much sales in
 * October"): the second is the same figure, so the question is the ads' and not the store's total.
 */
const AD_SALES_THEN_ASKED = /(?:^| )m_ad_sales (?:[a-z]+ ){0,2}how (?:much|many) (?:in )?m_revenue(?= |$)/;

function adSalesSaidTwice(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "sales_summary" || !AD_SALES_THEN_ASKED.test(slots.masked)) return;
  if (!slots.metrics.every((m) => m === "ad_sales" || m === "revenue")) return;
  promoteLabel(ranked, "advertising_summary");
}

/**
 * An amount asked of the ads in a slang verb of spending ("how much did we burn on PPC last week", "how much have I
 * blown on ads") is the ad spend, unless other words still say it went to waste ("… on ads that never converted").
 */
function burntIsSpent(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (ranked[0]?.label !== "wasted_ad_spend") return;
  const spent = slots.masked.replace(AMOUNT_BURNT_ON_ADS, "$1spent$2");
  if (spent === slots.masked || model.classifier.classesIn(spent).has("waste")) return;
  promoteLabel(ranked, "advertising_summary");
}

const AMOUNT_BURNT_ON_ADS =
  /((?:^| )how much(?: m_revenue| money| cash)? (?:did|have|has|do) (?:we|i) )(?:burn|burned|burnt|blow|blew|blown)((?: through)?(?: on| into)? (?:m_ad_spend|ads|adverts|advertising)(?= |$))/;

/**
 * A change called out of the ordinary ("unusual drops in ad spend", "any odd dips in units", "strange swings in
 * sessions"), or anomalies named as such ("anomaly scan on revenue and orders"), asks what is unusual, whatever figure
 * it names: an anomaly, not that figure's total or trend.
 */
function anomaliesOverFigures(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!FIGURE_INTENTS.has(ranked[0]?.label)) return;
  if (!UNUSUAL_CHANGE.test(slots.masked) && !SOMETHING_HAPPENING.test(slots.masked)) return;
  promoteLabel(ranked, "anomalies");
}

/**
 * Reviews said to fall off ("has the review count dropped off on anything", "ratings tailed off on any product") are the
 * decline the reviews check finds, not an anomaly: only a word of the unusual ("weird drop") makes it one.
 */
function reviewsFallingOff(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "anomalies" || slots.metrics.length === 0) return;
  if (!slots.metrics.every((m) => m === "review_count" || m === "review_rating")) return;
  if (!FALLING_OFF.test(slots.masked) || UNUSUAL_CHANGE.test(slots.masked) || SOMETHING_HAPPENING.test(slots.masked))
    return;
  promoteLabel(ranked, "declining_reviews");
}

/**
 * Products ranked by how fast their rating or review flow falls ("top 5 listings whose stars are dropping fastest", "the
 * 3 products losing rating quickest"): the growth ranked is the reviews' decline, which the reviews check measures, not
 * a sales ranking; a rating that rises fastest stays a growth ranking.
 */
function reviewsRankedByTheirFall(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "top_products" || slots.metrics[0] !== "growth_rate") return;
  if (!slots.metrics.slice(1).every((m) => REVIEW_FIGURES.has(m))) return;
  if (slots.metrics.length < 2 && !REVIEWS_FALLING.test(slots.masked)) return;
  if ((slots.metricSorts.growth_rate ?? slots.sort) !== "asc") return;
  promoteLabel(ranked, "declining_reviews");
}

/**
 * The reviews themselves said to fall, with no figure of theirs named ("which product's reviews are dropping quickest",
 * "listings losing reviews fastest"): the plain word "reviews" is no metric, but it is what falls, as "ratings" is.
 */
const REVIEWS_FALLING =
  /(?:^| )(?:(?:reviews|ratings|stars) (?:(?:are|is|were|was|have|has|have been|has been|keep|keeps) )?m_growth_rate|m_growth_rate (?:(?:in|on|of) )?(?:reviews|ratings|stars))(?= |$)/;

/**
 * Products ranked by a sales figure with a floor on their rating ("top 8 revenue earners, but only listings rated 4 stars
 * or better"): the rating only filters the ranking; a rating that falls, or falls below a bound, is the reviews check.
 */
function ratingFloorOnASalesRanking(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "declining_reviews" || !INCIDENTAL_METRICS.has(slots.metrics[0])) return;
  if (!askedInOrder(slots) && !slots.ranking) return;
  const floors = slots.conditions.filter((c) => c.metric === "review_rating");
  if (floors.length === 0 || !floors.every((c) => c.op.startsWith(">"))) return;
  promoteLabel(ranked, "top_products");
}

const FALLING_OFF =
  /(?:^| )(?:dropp?(?:ed|ing|s)?|fall(?:en|ing|s)?|fell|tail(?:ed|ing|s)?|trail(?:ed|ing|s)?|dwindl(?:ed|ing|es)|slid(?:ing)?|slipp?(?:ed|ing)) (?:off|away|down)(?= |$)/;

/**
 * "Is something happening with my ad spend", "anything going on with sessions?": something unnamed said to happen to a
 * figure asks whether it is out of the ordinary; "what is happening with my sales" asks for the figure itself. So does a
 * figure "doing something funny" or "funny business" in it, in everyday words.
 */
const SOMETHING_HAPPENING =
  /(?:^| )(?:(?:something|anything)(?: strange| weird| odd| funny| wrong| fishy| dodgy)? (?:happening|happened|going on|up|off) (?:with|to|in)|(?:doing|done|did|does) (?:something|anything) (?:funny|weird|odd|strange|fishy|dodgy)|(?:funny|monkey) business)(?= |$)/;

/**
 * A period asked whether it looks normal ("yesterday look normal to you?", "did last week seem off"), or a figure of it
 * ("got many returns this week, it is normal level or abnormal?"): an anomaly check of that period, the period and
 * its judgement together saying what is asked, however few other words there are.
 */
function periodLooksUsual(ranked: { label: string; score: number }[], slots: Slots): void {
  if (slots.timeframe === undefined) return;
  // "HK-COOK-01 got many returns this week, is that normal?": a figure of the period, asked the same.
  const figureAsked = slots.metrics.length > 0 && FIGURE_LOOKS_USUAL.test(slots.masked);
  if (!PERIOD_LOOKS_USUAL.test(slots.masked) && !figureAsked) return;
  if (!promoteLabel(ranked, "anomalies")) return;
  ranked[0].score = Math.max(ranked[0].score, MIN_SCORE);
}

/**
 * The real figure asked after one quoted from elsewhere ("…pulled about 400 orders off the app. Can you give me the
 * real number so we're not working off a screenshot?"): that figure, from the intent that answers with it, not an
 * anomaly ("off" there is where the quote came from, not something amiss).
 */
function realFigureOverAnomalies(ranked: { label: string; score: number }[], slots: Slots, model: ParserModel): void {
  if (ranked[0]?.label !== "anomalies" || slots.metrics.length === 0 || !REAL_FIGURE.test(slots.topicText)) return;
  const at = ranked.findIndex(
    (r) =>
      r.label !== "none" &&
      r.label !== "anomalies" &&
      r.label !== "insights" &&
      INTENT_AREAS[r.label as Intent] !== "account" &&
      slots.metrics.every((m) => listsMetric(model, r.label, m)),
  );
  if (at > 0) promote(ranked, at);
}

/**
 * An order placed so as not to run out ("when should the PO go out so we don't stock out", "how much to send in so
 * that I never sell out") is a restock: running out is what it avoids, not what is asked.
 */
function restockToAvoidRunningOut(ranked: { label: string; score: number }[], slots: Slots): void {
  const top = ranked[0]?.label;
  if (top !== "stockout_risk" && top !== "excess_inventory" && top !== "catalog_gaps" && top !== "none") return;
  if (!ORDER_WORDS.test(slots.topicText) || !AVOIDING_RUNOUT.test(slots.topicText)) return;
  const at = ranked.findIndex((r) => r.label === "restock_recommendations");
  if (at <= 0) return;
  promote(ranked, at);
  // An order and its purpose together say what is asked, however little the rest of the words do.
  ranked[0].score = Math.max(ranked[0].score, MIN_SCORE);
}

/**
 * The stock needed to cover a stretch ahead ("how much stock do I need to cover the next 90 days", "how many units will
 * we need to last the next 60 days") is what to reorder for it, not what is held now nor whether it runs out.
 */
function stockNeededAhead(ranked: { label: string; score: number }[], slots: Slots): void {
  const top = ranked[0]?.label;
  if (top !== "inventory_levels" && top !== "stockout_risk" && top !== "excess_inventory" && top !== "none") return;
  if (slots.horizonDays === undefined || !STOCK_NEEDED_AHEAD.test(slots.masked)) return;
  const at = ranked.findIndex((r) => r.label === "restock_recommendations");
  if (at <= 0) return;
  promote(ranked, at);
  // The need and its stretch together say what is asked, however little the rest of the words do.
  ranked[0].score = Math.max(ranked[0].score, MIN_SCORE);
}

const STOCK_NEEDED_AHEAD =
  /(?:^| )(?:how much|how many|what)(?: [a-z_]+){0,3} (?:do|does|will|would|should|shall|'ll)(?: i| we)? (?:need|require)(?: to (?:cover|last|get (?:me|us) through|see (?:me|us) through|carry (?:me|us) through))? __horizon__(?= |$)/;

const ORDER_WORDS =
  /(?:^| )(?:po|pos|purchase orders?|orders?|reorders?|reordering|restock|restocking|replenish|send in|ship in|top up|place|placed)(?= |$)/;

const AVOIDING_RUNOUT =
  /(?:^| )so(?: that)? (?:i|we|it|they|you) (?:don't|dont|do not|won't|wont|will not|never|can't) (?:end up )?(?:run|running|stock|stocking|sell|selling|go|going) (?:out|dry|low)(?= |$)/;

const FIGURE_INTENTS = new Set<string | undefined>([
  "sales_summary",
  "sales_trend",
  "sales_comparison",
  "advertising_summary",
  "conversion_analysis",
  "refund_analysis",
]);

// Peaks and falls asked about together ("any spikes or drops yesterday", "there is some peak or fall of sessions?", as a
// seller writing English as a second language asks it) are the figure's outliers either way, not its level.
const UNUSUAL_CHANGE =
  /(?:^| )(?:(?:unusual|unusually|weird|strange|odd|abnormal|anomalous|unexpected|unexpectedly|irregular|surprising|sudden|out of the ordinary)(?: [a-z]+)? (?:drops?|dips?|spikes?|peaks?|jumps?|falls?|swings?|changes?|movements?|moves|surges?|rises?|plunges?|shifts?)|(?:spikes?|peaks?|jumps?|surges?) (?:or|and|and or) (?:drops?|dips?|falls?|plunges?|crashes)|(?:drops?|dips?|falls?|plunges?|crashes) (?:or|and|and or) (?:spikes?|peaks?|jumps?|surges?)|anomaly|anomalies)(?= |$)/;

/**
 * A ranking word about the business's own concerns ("top priorities", "biggest risks"), with no products or metric
 * to rank, asks for insights.
 */
/**
 * Products that sold nothing over a period ("which SKUs haven't sold a single unit in 60 days", "listings with zero
 * units sold since August") are stock that does not move, excess inventory, not a sales figure or its trend.
 */
function deadStock(ranked: { label: string; score: number }[], slots: Slots): void {
  // "SKUs that still have stock but units_sold = 0": stock said beside the zero only says it is there, unsold.
  if (!SALES_FIGURES.has(ranked[0]?.label) && ranked[0]?.label !== "inventory_levels") return;
  if (!slots.conditions.some(soldNothing)) return;
  promoteLabel(ranked, "excess_inventory");
}

/** A threshold that keeps only what sold nothing: "units_sold = 0", "orders < 1", "sales <= 0". */
function soldNothing(c: Slots["conditions"][number]): boolean {
  if (c.metric !== "units_sold" && c.metric !== "orders" && c.metric !== "revenue") return false;
  return ((c.op === "=" || c.op === "<=") && c.value === 0) || (c.op === "<" && c.value === 1);
}

/**
 * "the 5 slowest movers", "slowest-moving stock": what moves slowest is the stock that sits, ranked, however the
 * superlative leans to a sales ranking ("my slowest sellers" stays one).
 */
function slowestMovers(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!SALES_FIGURES.has(ranked[0]?.label) || !SLOWEST_MOVERS.test(slots.topicText)) return;
  promoteLabel(ranked, "excess_inventory");
}

const SLOWEST_MOVERS = /(?:^| )(?:slowest|least) (?:movers?|moving (?:stock|inventory|lines|units))(?= |$)/;

/**
 * Nothing sold of one thing within a day or two ("Spain hasn't sold a single B0… today?", "did the puzzle sell nothing
 * yesterday"): that day's sales figure, not overstock, which needs weeks without sales to tell.
 */
function noSalesInADay(ranked: { label: string; score: number }[], slots: Slots, today: string): void {
  if (ranked[0]?.label !== "excess_inventory" || !slots.timeframe) return;
  const range = resolveTimeframe(slots.timeframe, today);
  if (!range || Date.parse(range.end) - Date.parse(range.start) > 86_400_000) return;
  if (!slots.asin && !slots.sku) return;
  promoteLabel(ranked, "sales_summary");
}

const SALES_FIGURES = new Set<string | undefined>(["sales_summary", "sales_trend", "sales_comparison", "top_products"]);

/**
 * Sellers ranked by a superlative ("my slowest sellers", "the weakest sellers in Germany") are the sales ranking from
 * the bottom: "slow sellers" and "slow movers" without one are the stock that does not move.
 */
function sellersRankedFromTheBottom(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "excess_inventory" || !RANKED_SELLERS.test(slots.masked)) return;
  promoteLabel(ranked, "top_products");
}

const RANKED_SELLERS =
  /(?:^| )[a-z]+ __rank__ (?:__num__ )?(?:sellers|selling (?:products|items|skus|asins|listings))(?= |$)/;

/**
 * Openings or dangers "worth" doing something about ("any quick wins worth grabbing", "risks worth fixing first") are
 * the business's insights: worth before a deed is deserving it, no money's worth of stock.
 */
function openingsWorthDoing(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "inventory_value" || !slots.insightType || slots.insightType === "performance") return;
  if (slots.metrics.length > 0 || !WORTH_DOING.test(slots.topicText)) return;
  const at = ranked.findIndex((r) => r.label === "insights");
  if (at <= 0) return;
  promote(ranked, at);
  // Nor is that "worth" a figure to show.
  if (slots.weakMetric === "inventory_value") slots.weakMetric = undefined;
}

/** "worth" before a deed, not an amount: "worth grabbing", "worth a look", "worth the hassle". */
const WORTH_DOING =
  /(?:^| )worth (?:[a-z]+ing|a (?:look|try|shot|punt)|the (?:effort|hassle|faff|bother|trouble))(?= |$)/;

/**
 * How to make more money, asked as a way ("how can I win more money in Spain", "what could we do to earn more profit"),
 * is an opening of the business, however the classifier weighs the figure it names: no total and no ranking is asked.
 */
function moreMoneyAskedHow(ranked: { label: string; score: number }[], slots: Slots): void {
  const top = ranked[0]?.label;
  if (top !== "sales_summary" && top !== "top_products" && top !== "profit_breakdown") return;
  if (slots.insightType !== "opportunities" || slots.limit !== undefined || !MORE_MONEY_HOW.test(slots.topicText))
    return;
  promoteLabel(ranked, "insights");
}

/** "how can I win more money", "what could we do to earn more profit", "how to make more cash". */
const MORE_MONEY_HOW =
  /(?:^| )(?:how|what) (?:(?:can|could|should|do|would|might|must) (?:i|we)|to)(?: do to)? (?:win|make|earn|gain|get|bring in|generate) more (?:money|sales|profit|profits|revenue|cash)(?= |$)/;

/**
 * Money the seller is missing ("how much cash am I leaving on the table", "what quick profits could I go after") is an
 * opening of the business, not the figure it names; gaps in the range and keywords are openings of their own.
 */
function missedMoneyIsAnOpening(ranked: { label: string; score: number }[], slots: Slots): void {
  const top = ranked[0]?.label;
  if (!slots.missedMoney || top === "insights" || top === "catalog_gaps" || top === "keyword_opportunities") return;
  promoteLabel(ranked, "insights");
}

/** Opportunities asked of no keyword ("where can I grow") are the business's, an insight. */
function opportunitiesWithoutKeywords(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "keyword_opportunities" || slots.insightType !== "opportunities") return;
  if (slots.entityGroup === "keyword" || slots.groupBy === "keyword" || slots.metrics.length > 0) return;
  const at = ranked.findIndex((r) => r.label === "insights");
  if (at > 0 && ranked[at].score >= COMPATIBLE_SHARE * ranked[0].score) promote(ranked, at, false);
}

/** An ask opened on nothing in particular ("anything…", "is there anything…", "any…"). */
const OPEN_ASK = /^(?:(?:so|and|ok|okay|but|right) )?(?:anything|any|is there anything|are there any)(?= |$)/;

/**
 * Findings of a kind asked for openly, about nothing named ("anything risky I should know about", "anything I should
 * be worried about?"): the insights of that kind, when the classifier is sure of nothing else.
 */
function findingsAskedOpenly(ranked: { label: string; score: number }[], slots: Slots): boolean {
  if (!slots.insightType || !OPEN_ASK.test(slots.topicText)) return false;
  if (hasSellerSlot(slots, true) || slots.weakMetric !== undefined || slots.entityGroup !== undefined) return false;
  if (ranked[0]?.label !== "none" && (ranked[0]?.score ?? 0) >= SURE_OWN_SCORE) return false;
  return promoteLabel(ranked, "insights");
}

function insightsOverRankingWords(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "top_products" || !slots.insightType) return;
  // A metric ranks products, unless the question is about openings or dangers ("which openings could boost my profits").
  if (slots.metrics.length > 0 && slots.insightType === "performance") return;
  if (slots.entityGroup || slots.groupBy || slots.category || slots.asin || slots.limit !== undefined) return;
  promoteLabel(ranked, "insights");
}

/**
 * A summary of how the business performed, with no figure named ("quick performance summary for Canada last month", "a
 * short overview of the UK in October"): the performance findings in brief, whatever place or period narrows them; a
 * summary of one figure ("a quick summary of sales") stays that figure's total.
 */
function performanceSummarised(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "sales_summary" || slots.insightType !== "performance" || !slots.detailLevel) return;
  if (slots.metrics.length > 0 || slots.weakMetric !== undefined || slots.compareTo || slots.comparison) return;
  if (slots.entityGroup || slots.groupBy || slots.limit !== undefined || slots.ranking) return;
  promoteLabel(ranked, "insights");
}

/**
 * Sales asked how they went ("how did sales go in Mexico", "how are orders going this week", "how have sales gone since
 * June"): the sales' total for the period, not where the money went; costs asked the same way ("how did fees go") stay
 * the breakdown. "Sales go" holds a word of where the money goes, so this is read after it.
 */
function salesAskedHowTheyWent(ranked: { label: string; score: number }[], slots: Slots): void {
  if (ranked[0]?.label !== "profit_breakdown" || !SALES_ASKED_HOW_THEY_WENT.test(slots.masked)) return;
  if (slots.compareTo || slots.comparison || slots.groupBy || slots.ranking) return;
  // "how did my money go" still asks where it went.
  if (MONEY_SAID.test(slots.topicText)) return;
  promoteLabel(ranked, "sales_summary");
}

const MONEY_SAID = /(?:^| )(?:money|cash)(?= |$)/;

const SALES_ASKED_HOW_THEY_WENT =
  /(?:^| )how (?:did|do|does|is|are|was|were|has|have|had) (?:(?:my|our|the|your) )?(?:m_revenue|m_units_sold|m_orders) (?:go|goes|going|gone|went)(?= |$)/;

/**
 * How the whole account went, asked at a depth ("the comprehensive version of how the account performed last month",
 * "in depth: how did my shop do in September"): the performance findings at that depth, whatever the classifier makes
 * of the few words around it; a figure, a ranking or rows named keep their own answer.
 */
function accountPerformanceAtDepth(ranked: { label: string; score: number }[], slots: Slots): void {
  if (!slots.detailLevel || !asksHowTheAccountWent(slots.topicText)) return;
  if (slots.metrics.length > 0 || slots.weakMetric !== undefined || slots.compareTo || slots.comparison) return;
  if (slots.entityGroup || slots.groupBy || slots.limit !== undefined || slots.ranking) return;
  if (!promoteLabel(ranked, "insights")) return;
  // The depth and the whole account together say what is asked, however little the rest of the words do.
  ranked[0].score = Math.max(ranked[0].score, MIN_SCORE);
}

/**
 * Openings the seller is "missing" ("quick wins I'm missing", "what opportunities am I missing out on", "any openings
 * in pet supplies we're missing") are findings of that kind, a category named only saying where; only a question about
 * what is sold (categories, product types, competitors' ranges) is a catalog gap.
 */
function openingsOverGaps(ranked: { label: string; score: number }[], slots: Slots, text: string): void {
  if (ranked[0]?.label !== "catalog_gaps" || slots.insightType !== "opportunities") return;
  if (slots.groupBy || slots.entityGroup || GAP_NOUNS.test(text) || RANGE_GAP_NAMED.test(text)) return;
  promoteLabel(ranked, "insights");
}

const GAP_NOUNS =
  /\b(?:categor(?:y|ies)|product types?|types? of products?|niches?|ranges?|competitors?|rivals?|others?|sell(?:s|ing)?|sold|stock|carry|offer)\b/i;

/** A gap named as such ("gaps in pet supplies", "white space in beauty"): the range's, whatever else is said. */
const RANGE_GAP_NAMED = /\b(?:gaps?|holes?|white ?space)\b/i;

/**
 * A fee's amount asked without a word of overstock ("storage fees are killing me, what have they added up to this
 * year?") is a line of the P&L: the fee alone does not make the stock excess.
 */
function feesWithoutOverstock(
  ranked: { label: string; score: number }[],
  slots: Slots,
  model: ParserModel,
  text: string,
): void {
  if (ranked[0]?.label !== "excess_inventory" || slots.metrics.length === 0) return;
  if (!slots.metrics.every((m) => FEE_METRICS.has(m)) || slots.groupBy || slots.entityGroup) return;
  if (!FEE_AMOUNT.test(text) || STOCK_HELD.test(text) || model.classifier.classesIn(slots.masked).has("overstock"))
    return;
  promoteLabel(ranked, "profit_breakdown");
}

const FEE_METRICS = new Set<Metric>(["fees", "referral_fees", "fba_fees", "storage_fees"]);

// An amount asked of the fee ("what did warehouse storage cost me in October"), and the stock it may be said of.
const FEE_AMOUNT =
  /\b(?:add(?:ed|s)? up|c[ao]me to|totall?(?:ed|ing)?|how much|(?:cost|costs|costing|charged?|charges|charging) (?:me|us))\b/i;

const STOCK_HELD = /\b(?:inventory|stock|units?|products?|items?|skus?|asins?|selling|sold|sell)\b/i;

/** Puts `label` first when it is ranked but not first (see `promote`); whether it is ranked at all. */
export function promoteLabel(ranked: { label: string; score: number }[], label: string, sure = true): boolean {
  const at = ranked.findIndex((r) => r.label === label);
  if (at > 0) promote(ranked, at, sure);
  return at >= 0;
}

/**
 * Puts the label at `at` first. A rule that does so because of the question's own words makes the label as sure as the
 * one it displaces; one that only sets the first aside (`sure` false) leaves its score.
 */
function promote(ranked: { label: string; score: number }[], at: number, sure = true): void {
  const [moved] = ranked.splice(at, 1);
  ranked.unshift({ label: moved.label, score: sure ? Math.max(moved.score, ranked[0]?.score ?? 0) : moved.score });
}

/** Figures of the stock held now. */
export const STOCK_FIGURES = new Set<Metric | undefined>(["days_of_supply", "available_quantity"]);

export const AD_METRICS = new Set<Metric>([
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
  "clicks",
  "impressions",
  "ctr",
  "cpc",
]);
