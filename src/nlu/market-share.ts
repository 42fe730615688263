/**
 * Who holds a market, asked of other businesses ("which brand holds the largest share of dog toy sales on amazon.de",
 * "who dominates the yoga mat niche", "which sellers account for most of the puzzle sales in France", "what percentage
 * of cookware sales goes to the top brands"): the split of a whole market between its sellers, which a mirror of one
 * seller's own sales cannot know. The kind of goods may be one of the catalog's ("yoga mat" reads `__subcategory__`).
 *
 * The seller's own split stays theirs: their products, categories or marketplaces sharing their own sales ("which of my
 * products has the biggest share of my sales", "which marketplace has the largest share of my revenue"), and the buy
 * box on their own listings, shared with the offers the mirror holds ("what's my share of the buy box", "who has the
 * buy box on B0…").
 *
 * Matched on topic text, where periods, marketplaces and catalog names are masked.
 */

/** Other businesses, asked who they are. */
const WHO =
  "(?:who|who's|whos|who is|who are|which (?:(?:other |rival |competing )?(?:sellers?|brands?|companies|company|businesses|business|merchants?|vendors?|manufacturers?|shops?|stores?|players?|competitors?|rivals?|retailers?)))";

/** How much of it they hold: the biggest share, the most, the bulk. */
const HOW_MUCH =
  "(?:(?:the )?(?:biggest|largest|highest|greatest|dominant|lion's|top|major|main|most) (?:share|slice|chunk|piece|portion|part|cut|percentage|proportion)|(?:the )?(?:bulk|majority|most|lion's share)|(?:a |the )?(?:big|huge|large) (?:share|slice|chunk|portion))";

/** Holding it: has, holds, takes, accounts for, wins. */
const HOLDS =
  "(?:(?:has|have|had|holds?|held|owns?|owned|controls?|controlled|commands?|takes?|took|gets?|got|captures?|captured|grabs?|grabbed|accounts? for|accounted for|makes? up|made up|wins?|won|(?:is |are )?(?:winning|taking|getting|grabbing|holding))(?: (?:currently|now|still|really|actually))?)";

/** A market, a niche or the sales of a kind of goods. */
const MARKET =
  "(?:(?:the |this |that )?(?:[a-z_&'-]+ ){0,3}?(?:market|markets|niche|niches|segment|space|vertical|industry|category|categories|sales|revenue|orders|units|__category__|__subcategory__))";

/** "Which brand holds the largest share of dog toy sales", "who has the bulk of the puzzle market". */
const HOLDS_A_SHARE = new RegExp(`^${WHO} ${HOLDS} ${HOW_MUCH}(?: of| in)? ${MARKET}(?= |$)`);

/** "Who dominates the yoga mat niche", "which brand leads the dog toy category on amazon.fr". */
const LEADS_A_MARKET = new RegExp(
  `^${WHO} (?:(?:currently|now|still|really|actually) )?(?:dominates?|dominated|(?:is |are )?dominating|leads?|led|(?:is |are )?leading|rules?|ruled|(?:is |are )?ruling|owns?|controls?|monopoli[sz]es?|corners?) ${MARKET}(?= |$)`,
);

/** "What percentage of yoga mat sales goes to the top brands", "how much of the market do the big sellers take". */
const SHARE_OF_LEADERS = new RegExp(
  `(?:^| )(?:(?:what|which|how big a|how large a) (?:percentage|percent|share|proportion|portion|part|fraction|slice|%) of|how much of) ${MARKET} (?:goes to|go to|went to|belongs to|belong to|is held by|are held by|is owned by|is controlled by|comes from|come from|do|does|did|is|are) (?:the )?(?:top|biggest|largest|leading|big|main|major|dominant|other|competing|rival)? ?(?:\\d+ |__num__ |three |five |ten )?(?:sellers?|brands?|companies|businesses|merchants?|vendors?|players?|competitors?|rivals?|retailers?)(?= |$)`,
);

/** "How are yoga mat sales split between the brands", "how is the puzzle market divided among sellers". */
const SPLIT_BETWEEN = new RegExp(
  `(?:^| )${MARKET} (?:is |are |was |were |gets |get )?(?:split|divided|shared|spread|distributed|carved up) (?:up )?(?:between|among|amongst|across) (?:the |all |all the |its |other )?(?:[a-z]+ )?(?:sellers|brands|companies|businesses|merchants|vendors|players|competitors|rivals|retailers)(?= |$)`,
);

/** The buy box or featured offer: a share the seller's own listings hold against offers the mirror sees. */
const BUY_BOX = /(?:^| )(?:buy ?box|buybox|featured offer)(?= |$)/;

/**
 * The seller's own side, said of what is shared ("of my sales", "our revenue"): a market around the seller's catalog
 * ("in my niche", "our category on amazon.de") is still a market of many sellers.
 */
const OWN_SIDE = /(?:^| )(?:my|our|mine|ours|me|us|i|we)(?= |$)/;
const OWN_MARKET =
  /(?:^| )(?:my|our) (?:(?:[a-z_&'-]+ ){0,2}?)(?:market|markets|niche|niches|segment|space|vertical|industry|category|categories)(?= |$)/g;

/** Whether topic text asks how a market is shared between other businesses. */
export function asksMarketShare(text: string): boolean {
  if (BUY_BOX.test(text)) return false;
  if (OWN_SIDE.test(text.replace(OWN_MARKET, " "))) return false;
  return (
    HOLDS_A_SHARE.test(text) || LEADS_A_MARKET.test(text) || SHARE_OF_LEADERS.test(text) || SPLIT_BETWEEN.test(text)
  );
}
