/**
 * Facts about Amazon's warehouses themselves: how much one can hold ("how many units can the Amazon warehouse in
 * Poland store", "what's the capacity of the FBA centre in Leipzig"), where they are ("where is Amazon's fulfilment
 * centre in Germany", "the address of the Polish warehouse", "how many warehouses does Amazon have in Spain") and when
 * they open ("what time does the FC open on Saturday", "opening hours of the UK warehouse"). The mirror holds the
 * seller's stock in them, not the buildings, so these are the world's. The seller's own stock there ("how many units do
 * I have in the Polish warehouse", "how many units are in the amazon warehouse") stays theirs: the warehouse itself
 * must be what can hold, where, or when. A warehouse of the seller's own ("my warehouse") is left out.
 *
 * Matched on the topic text, where a marketplace reads `__mkt__` ("the Polish warehouse" → "the __mkt__ warehouse").
 */

/** Words before a warehouse's noun that do not make it the seller's own ("the amazon fba __mkt__"). */
const MODIFIERS = "(?:(?!(?:my|our|your|me|us|i|we)(?: |$))[a-z_'.-]+ ){0,3}?";
const NOUN =
  "(?:warehouses?|fulfil+ment (?:cent(?:re|er)s?|warehouses?)|fcs?|distribution cent(?:re|er)s?|sort(?:ation|ing)? cent(?:re|er)s?|depots?)";
/** A warehouse as a subject, with what may name it after its noun ("in __mkt__", "near Leipzig"). */
const WAREHOUSE = `(?:the |an? |each |every |one |any |amazon's |amazons |their )?${MODIFIERS}${NOUN}(?: (?:in|at|near|outside|of) (?:the )?[a-z_'.-]+(?: [a-z_'.-]+)?)?`;

/** How much one holds: asked with "can" of the warehouse, or of its size or capacity. */
const CAPACITY = `(?:^| )how (?:many|much)(?: [a-z_]+){0,3}? (?:can|could|will|would) ${WAREHOUSE}(?: (?:hold|store|take|fit|handle|house|accommodate|receive|process|ship out|ship)(?: [^ ]+){0,4})?$|(?:^| )(?:(?:max(?:imum)? |total |storage |floor )?capacity|size|square (?:feet|foot|footage|metres|meters)|how big|how large|how huge) (?:of |is |are )?${WAREHOUSE}(?= |$)|(?:^| )${WAREHOUSE}(?:'s| s)? (?:max(?:imum)? |total |storage |floor )?(?:capacity|size|square footage)(?= |$)`;

/** Where it is: its place, address or how many there are. */
const LOCATION = `(?:^| )where(?:'s| is| are| was| were)? (?:exactly )?${WAREHOUSE}(?: (?:located|situated|based|found))?(?: (?:in|on|near|at) (?:the )?[a-z_.-]+)?(?: exactly)?$|(?:^| )(?:address(?:es)?|location|locations|postcode|post code|zip code|postal code|phone number|directions) (?:of|for|to) ${WAREHOUSE}(?= |$)|(?:^| )${WAREHOUSE}(?:'s| s)? (?:address(?:es)?|postcode|post code|zip code|postal code|phone number|location|locations)(?= |$)|(?:^| )(?:which|what) (?:city|town|country|state|region|street|area|part of [a-z_]+) (?:is|are|was) ${WAREHOUSE}(?= |$)|(?:^| )how many ${MODIFIERS}${NOUN} (?:does|do|did) amazon (?:have|run|operate|own)(?= |$)|(?:^| )how many ${MODIFIERS}${NOUN} (?:are|is) there(?= |$)|(?:^| )(?:nearest|closest) ${MODIFIERS}${NOUN}(?= |$)`;

/** When it opens. */
const HOURS = `(?:^| )(?:opening|open|closing|business|working|operating|receiving) (?:hours|times)(?: (?:of|for|at) ${WAREHOUSE})?(?= |$)|(?:^| )${WAREHOUSE}(?:'s| s)? (?:opening|closing|business|working|operating|receiving) (?:hours|times)(?= |$)|(?:^| )(?:what time|when) (?:does|do|is|are|will) ${WAREHOUSE} (?:open|close|shut|closing|opening)(?= |$)|(?:^| )(?:is|are|will) ${WAREHOUSE} (?:be )?(?:open|closed|shut)(?= |$)`;

const FACTS = new RegExp(`${CAPACITY}|${LOCATION}|${HOURS}`);
/** Hours asked alone need a warehouse or Amazon in the question. */
const ABOUT_A_WAREHOUSE = new RegExp(`(?:^| )(?:${NOUN}|amazon)(?= |$)`);
const OWN_WAREHOUSE = new RegExp(`(?:^| )(?:my|our) ${MODIFIERS}${NOUN}(?= |$)`);

/** Whether topic text asks how much an Amazon warehouse holds, where one is, or when it opens. */
export function asksWarehouseFacts(text: string): boolean {
  // The short tests first: most questions name no warehouse, and the long one need not run for them.
  return ABOUT_A_WAREHOUSE.test(text) && !OWN_WAREHOUSE.test(text) && FACTS.test(text);
}
