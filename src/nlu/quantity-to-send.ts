/**
 * A quantity the seller still has to send or order ("what quantities do I need to ship to cover them", "how many units
 * should we send in for those", "how much stock do I have to reorder", "how many to ship to Spain"): the restock
 * recommendations, not the stock held now ("how many units do I have") nor what was sold ("how many units did we ship
 * last month", "how many do we ship a week"). What makes it a restock is the need or duty before the verb of sending
 * ("need to", "have to", "should", "must") or the bare infinitive ("how many to send"): the quantity is still to come.
 */

/**
 * Words that ask for a quantity, with what it counts ("how many units of each", "how much more stock"): only words of
 * stock, so that "how much it costs to ship" stays a fee and "how many days do I need to ship" a lead time.
 */
const QUANTITY =
  "(?:how many|how much|what (?:quantity|quantities|qty|qtys|amount|amounts|number|numbers|volume|volumes)|what kind of (?:quantity|quantities|numbers|volume))" +
  "(?: (?:more|extra|additional|new|fresh|units?|items?|pieces|pcs|stock|inventory|cases|cartons|boxes|pallets|of (?:them|those|these|each|it|every one)|each|per (?:sku|product|item|asin)|exactly|roughly|approximately|about|in total))*";

/** The need or duty that puts the sending ahead: "do I need to", "should we", "we have to", "to". */
const STILL_TO_DO =
  "(?:(?:(?:do|does|would|will|'ll) )?(?:i|we|you) (?:need to|needs to|have to|has to|ought to|gotta|got to|should|must|want to)|(?:should|shall|must|ought|would|need|do i need to|do we need to) (?:i|we|you)(?: to)?(?: be)?|to)";

/** Verbs of sending or ordering stock in. */
const SEND =
  "(?:ship|ships|shipping|send|sending|order|ordering|reorder|reordering|re-order|restock|restocking|replenish|replenishing|top up|buy|purchase|bring in|get in|get over|move|transfer|push|put in|load)";

const QUANTITY_TO_SEND = new RegExp(`(?:^| )${QUANTITY} ${STILL_TO_DO} ${SEND}(?= |$)`);

/**
 * "what quantities do I need to cover them", "how many will we need for those": a quantity needed for the products or
 * stretch the question points at, which is what to send in for them.
 */
const QUANTITY_NEEDED_FOR = new RegExp(
  `(?:^| )${QUANTITY} (?:(?:do|does|would|will|'ll) )?(?:i|we) (?:need|require)(?: [a-z]+)? (?:to cover|to last|to keep up|to avoid|for (?:them|those|these|each|it|that|all of them))(?= |$)`,
);

/** Whether the question asks how much stock is still to send in or order. */
export function asksQuantityToSend(topicText: string): boolean {
  return QUANTITY_TO_SEND.test(topicText) || QUANTITY_NEEDED_FOR.test(topicText);
}
