/**
 * Another business's own ranking of what sells ("my competitor's best selling ASIN in dog toys", "the top 5 products of
 * my main rival", "which ASIN sells best for my competitors", "what do rivals sell the most"): the mirror holds the
 * seller's own sales and, of competitors, only their offers on the seller's listings, so which of their products sell
 * best is theirs to know. A ranking of the seller's own said beside competitors ("competitor prices on my best
 * sellers", "my top sellers vs competitors", "competitor price changes on top sellers") stays the seller's: the
 * ranking belongs to the party only when nothing but a possessive, a word for their goods or "of/for/by" stands between.
 */

/** A ranking of what sells, however said. */
const RANKING =
  "(?:best ?sell(?:ing|ers?)|best-selling|top ?sell(?:ing|ers?)|top-selling|most popular|most sold|hottest|best performing|top performing|biggest sellers?|most successful|(?:top|number one|no 1|1|top \\d+|\\d+ best) (?:products?|listings?|asins?|items?|skus?|sellers?|lines?)|(?:sells?|sold|selling|moves?|moving) (?:the )?(?:best|most)(?! (?:cheap|cheaply|cheaper|aggressively|low|below|under)))";

/** Words that may stand between the party and its ranking ("my competitor's main best seller", "rivals' 3 top…"). */
const MODIFIERS = "(?:(?:main|closest|biggest|current|own|new|latest|\\d+) )*";

/** Their goods, then a verb of selling in the superlative ("my competitor's listings, which is selling the most"). */
const GOODS =
  "(?:(?:products?|listings?|asins?|items?|skus?|range|lines?|stuff|catalog(?:ue)?) (?:(?:is|are|that|which) )*)?";

/** A ranking said right after its owner ("…'s best selling ASIN", "rivals most popular listings"). */
const AFTER_OWNER = new RegExp(`^(?:'s?|s')? ${MODIFIERS}${GOODS}${RANKING}(?= |$)`);

/**
 * A ranking said before its owner ("the top 5 products of my main competitor", "which ASIN sells best for my rival"),
 * not the seller's own ranking ("my top sellers for…").
 */
const BEFORE_OWNER = new RegExp(
  `(?:^| )(?<!(?:my|our) )${RANKING}(?: [a-z_]+){0,3}? (?:of|for|from|by|at|among) (?:(?:my|our|the|a|an|that|this|those|these|main|closest|biggest|top|other|some|one|of) )*$`,
);

/**
 * Their goods named and owned before a superlative verb ("which product of my competitor sells the most", "the ASIN
 * from my rival that is selling best").
 */
const GOODS_OF_OWNER =
  /(?:^| )(?:products?|listings?|asins?|items?|skus?) (?:of|from|by) (?:(?:my|our|the|a|that|this|main|closest|biggest) )*$/;
const SELLS_MOST =
  /^ (?:(?:that|which|is|are|has|have) )*(?:sells?|sold|selling|moves?|moving) (?:the )?(?:best|most)(?= |$)/;

/**
 * What may follow the owner of a ranking said before it: the end, a place, a period or a clause about it ("…of my
 * rival in Germany", "…for the brand that outranks me"). A noun after it makes the party a word of what is ranked by
 * ("best sellers by competitor price", "my top sellers for competitor analysis"): the seller's own ranking.
 */
const OWNER_ENDS =
  /^(?:$| (?:in|on|at|across|for|during|over|this|last|right|now|today|currently|these|since|that|who|which|whose|is|are|was|were|has|have|had|and|or|vs|versus|__[a-z]+__|g_[a-z_]+)(?: |$))/;

/** What the party sells most, said with it as the subject ("what do my competitors sell the most", "rivals move best"). */
const THEY_SELL_MOST =
  /^ (?:(?:do|does|did|is|are|were|was|currently|really|actually) )*(?:sell|sells|sold|selling|move|moves|moving)(?: (?:it|them))? (?:the )?(?:best|most)(?= |$)(?! (?:cheap|cheaply|cheaper|aggressively|low|below|under))/;

/**
 * Whether text (normalized, catalog names masked) asks another party's ranking of what sells. `parties`: where the
 * text names other businesses ("my competitor", "the brand that outranks me"), as character offsets.
 */
export function asksTheirRanking(text: string, parties: { start: number; end: number }[]): boolean {
  for (const party of parties) {
    const after = text.slice(party.end);
    if (AFTER_OWNER.test(after) || THEY_SELL_MOST.test(after)) return true;
    const before = text.slice(0, party.start);
    if (BEFORE_OWNER.test(before) && OWNER_ENDS.test(after)) return true;
    if (GOODS_OF_OWNER.test(before) && SELLS_MOST.test(after)) return true;
  }
  return false;
}
