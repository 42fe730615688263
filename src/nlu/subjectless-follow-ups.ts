/**
 * A follow-up that asks something new of the one product or place just asked about, without naming it: "will it run
 * out there in the next 3 weeks?", "so how many do I send in", "when should I reorder it?", "is that one overstocked?"
 * after "how many units of HK-UTEN-02 are in the UK warehouse?". It is the new question (stock-out risk, restock…), of
 * that product in that place: its subject is the one before, pointed at ("it", "there", "that one") or left unsaid
 * ("how many do I send in", "should I restock?").
 * A question of a list or of everything ("which products will run out?", "what should I restock?", "anything
 * overstocked?") names its own subject and starts afresh, as one naming a product, category or campaign does.
 */
import type { Slots } from "./slots.js";
import { INTENT_AREAS, type Intent, type Understanding } from "../core/understanding.js";

/** Pointing at the one product asked about: "it", "its", "that one", "this product", "the same item". */
const POINTS_AT_PRODUCT =
  /(?:^| )(?:it|its|that one|this one|(?:that|this|the same) (?:product|item|sku|asin|listing|one))(?= |$)/;
/** Pointing at the one product with its noun: "the same product", "that item", "this SKU". */
const POINTER_WITH_NOUN = /(?:^| )(?:that|this|the same) (?:product|item|sku|asin|listing)(?= |$)/;
/**
 * Pointing at the rows just shown: "them", "those", "these". Not "they", which is as often Amazon ("what did they pay
 * out").
 */
const POINTS_AT_ROWS = /(?:^| )(?:them|those|these)(?= |$)/;
/** Pointing at the place asked about: "there", "over there". */
const POINTS_AT_PLACE = /(?:^| )there(?= |$)/;
/** A count or amount whose noun is left unsaid: "how many do I send in", "how much should we order". */
const COUNT_LEFT_UNSAID =
  /(?:^| )how (?:many|much)(?: more)? (?:do|does|should|shall|will|would|must|can|could|to|i|we|am|are)(?= |$)/;
/** A stock verb with nothing after it: "when should I reorder?", "should we restock", "do I need to send more in". */
const VERB_LEFT_WITHOUT_OBJECT =
  /(?:^| )(?:reorder|re-order|restock|replenish|send in|send more|send more in|ship in|top up|order more)$/;
/** Words of a list or of everything: "which", "anything", "all", "products", "ones". */
const ASKS_A_LIST =
  /(?:^| )(?:which|whichever|whatever|anything|everything|any|all|every|each|products|items|skus|asins|listings|ones|lines)(?= |$)/;
/** "what" asks for a list unless it asks of the product pointed at ("what's its days of cover"). */
const WHAT = /(?:^| )what(?:'s|s)?(?= |$)/;

/**
 * Whether the question names a subject of its own: a product, category, campaign, or a kind of rows. The noun of a
 * pointer at the product before ("the same product in France", "that item") names no kind of rows.
 */
function ownSubject(slots: Slots, pointed: boolean): boolean {
  return (
    slots.sku !== undefined ||
    slots.asin !== undefined ||
    slots.category !== undefined ||
    slots.subcategory !== undefined ||
    slots.campaign !== undefined ||
    (!pointed && (slots.entityGroup !== undefined || slots.groupBy !== undefined))
  );
}

/**
 * Whether `slots` (of a question the classifier hears as `label`) asks something new of the product or place the
 * question before was about.
 */
export function asksOfTheSameThing(slots: Slots, label: string | undefined, previous: Understanding): boolean {
  const f = previous.filters;
  if (f.sku === undefined && f.asin === undefined && f.marketplace === undefined) return false;
  const text = slots.masked
    .replace(/[,.;:!?]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const atProduct = POINTS_AT_PRODUCT.test(text);
  const pointedByNoun = (f.asin !== undefined || f.sku !== undefined) && POINTER_WITH_NOUN.test(text);
  if (ownSubject(slots, pointedByNoun)) return false;
  const sameArea = label !== undefined && INTENT_AREAS[label as Intent] === INTENT_AREAS[previous.intent];
  if (ASKS_A_LIST.test(text)) return false;
  // "what quantities do I need to ship to cover them" after the products that run out in Spain: the rows shown, pointed
  // at, are the subject, in their place, for a question of the same area.
  if (sameArea && POINTS_AT_ROWS.test(text)) return true;
  if (WHAT.test(text) && !atProduct) return false;
  if (atProduct || POINTS_AT_PLACE.test(text)) return true;
  // Left unsaid, the subject is the one before only for a question of the same area ("how many do I send in" after
  // stock-out risk).
  return sameArea && (COUNT_LEFT_UNSAID.test(text) || VERB_LEFT_WITHOUT_OBJECT.test(text));
}

/** Every product named as the subject: "all products", "every item", "each of my SKUs", "across the whole catalog". */
const EVERY_PRODUCT =
  /(?:^| )(?:(?:every|all|each|across|whole|entire)(?: of)?(?: (?:my|our|the|of my|of the|your))? (?:products?|items?|skus?|asins?|listings?|catalog|catalogue|range)|g_asin)(?= |$)/;

/**
 * Whether a follow-up asks of every product rather than the one before ("what about all products", "refund rate of
 * every product in Italy", "by product"): it keeps no single product, whatever else it keeps.
 */
export function asksOfEveryProduct(slots: Slots): boolean {
  return slots.asin === undefined && slots.sku === undefined && EVERY_PRODUCT.test(slots.topicText);
}
