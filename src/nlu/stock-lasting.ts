/**
 * How long the seller's stock lasts, asked per product or of a part of the stock ("how many days will each pet
 * supplies product last at the current rate", "how long will my stock of yoga mats hold out", "how many weeks is
 * every SKU in the UK going to last"): the days of supply of what is named, read as "days of supply of …" so the
 * grammars that already read that figure, its catalog scope and its "each product" rows read it here too.
 *
 * Only the seller's own stock lasts in this sense: the thing that lasts must be named as stock or as products ("my
 * stock", "each product", "the units", "every SKU") after a word that makes it theirs or picks each of it ("my",
 * "the", "each"), or be picked one by one from the seller's own ("each of my dog toys"). What lasts for anyone ("how
 * long does a yoga mat last", "how many days will the battery last", "how long will the sale last") is left as it is.
 */

/** "how many days", "how many more weeks", "how long": a length of time asked. */
const LENGTH_ASKED = "how (?:many (?:more )?(?:days|weeks|months)|long)(?: more)?";
/** The verb before the thing that lasts ("will", "is … going to", "does"). */
const AUX = "(?:will|would|does|do|is|are|can|could)";
/** What the thing does: lasts, holds out, keeps going, sees the seller through. */
const LASTS = "(?:(?:be )?(?:going to|gonna) )?(?:last|hold out|hold up|keep going|see (?:me|us) through)";

const STOCK_LASTING = new RegExp(`\\b${LENGTH_ASKED} ${AUX} ([^.?!,;:]{1,80}?) ${LASTS}\\b`, "gi");

/**
 * Stock said to be enough for a length asked, as a learner may ask how long it lasts ("every product stock is enough
 * for how many days?", "for how many weeks is my inventory enough?", "for how many days my stock is enough?", the
 * verb left after the thing): the thing starts at a word that makes it the seller's or picks each of it, as
 * OWNED_OR_EACH reads it.
 */
const THING_OWNED = "((?:each|every|all|my|our|the|current|remaining)\\b[^.?!,;:]{0,60}?)";
const ENOUGH_FOR_LENGTH = new RegExp(
  `\\b${THING_OWNED} (?:is|are|will be|would be|stays|remains) enough(?: for)? ${LENGTH_ASKED}\\b|\\b(?:for )?${LENGTH_ASKED} (?:is|are|will|would) ${THING_OWNED} (?:be |stay |remain )?enough\\b|\\b(?:for )?${LENGTH_ASKED} ${THING_OWNED} (?:is|are|will be|would be|stays|remains) enough\\b`,
  "gi",
);

/**
 * The same asked in a learner's order, the verb after the thing ("for how many days my stock of X will last?", "how
 * long my inventory is going to last"): the thing starts as THING_OWNED reads it.
 */
const STOCK_LASTING_UNINVERTED = new RegExp(
  `\\b(?:for )?${LENGTH_ASKED} ${THING_OWNED} (?:will|would|can|could|is going to|are going to|is gonna|are gonna) ${LASTS}\\b`,
  "gi",
);

/** The thing that lasts starts by making it the seller's, or by picking each of it. */
const OWNED_OR_EACH =
  /^(?:(?:each|every|all|any)(?: (?:of|one of))?(?: (?:my|our|the|these|those))?|my|our|the|these|those|this|that|current|remaining|what's left of (?:my|our|the))\b/i;
/** …and is named as stock or as products. */
const STOCK_NOUN =
  /\b(?:stock|inventory|units?|products?|items?|skus?|asins?|listings?|lines?|supply|supplies|goods)\b/i;

/** …or is each of the seller's own things, which are products whatever they are called ("each of my dog toys"). */
const EACH_OF_OWN = /^(?:each|every one|every single one) of (?:my|our)\b/i;

/** The whole stock and nothing more ("my units", "the remaining stock"): its days of supply need no scope after them. */
const WHOLE_STOCK = /^(?:my|our|the|these|those)?\s*(?:current|remaining)?\s*(?:stock|inventory|units?|supply)$/i;

/** The text with each question of how long the seller's stock lasts asked as that stock's days of supply. */
export function withStockLastingAsSupply(text: string): string {
  if (!/\bhow (?:many|long)\b/i.test(text)) return text;
  return text
    .replace(STOCK_LASTING, asSupply)
    .replace(STOCK_LASTING_UNINVERTED, asSupply)
    .replace(ENOUGH_FOR_LENGTH, (all, first?: string, second?: string, third?: string) =>
      asSupply(all, first ?? second ?? third ?? ""),
    );
}

/** The days of supply of the thing that lasts, when it is the seller's stock; the words as they were otherwise. */
function asSupply(all: string, thing: string): string {
  if (!OWNED_OR_EACH.test(thing) || !(STOCK_NOUN.test(thing) || EACH_OF_OWN.test(thing))) return all;
  // "of my remaining units" would name the units on hand as a second figure; the whole stock is the default.
  return WHOLE_STOCK.test(thing.trim()) ? "days of supply" : `days of supply of ${thing}`;
}
