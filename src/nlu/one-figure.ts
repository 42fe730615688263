/**
 * One figure for the whole shop, told by what the seller turns down or counts rather than by a word of "overall"
 * (those are data/nlu/words.json's overall_words):
 * - rows turned down: "not per product", "not by article", "not for each SKU", "not broken down by campaign", "no
 *   breakdown", "not product by product": the seller wants the figure once, for everything;
 * - "one" said of the figure, not of a row: "just the one %", "only one number", "a single figure" ask for one total,
 *   where "just the one, please" or "which one product" pick one row of a ranking.
 */

/** Nouns of a figure itself: "one %", "a single number", "one total". */
export const FIGURE_NOUN = "(?:%|percent|percentage|number|figure|total|sum|value|rate|amount|result)";

/** After "one" or "1": a figure's noun, so the one is a total, not a row ("just the one %"). */
export const ONE_FIGURE_AFTER = new RegExp(`^ ${FIGURE_NOUN}(?![\\w])`);

/** The rows a figure could be split into. */
const ROW_NOUNS =
  "(?:products?|articles?|items?|skus?|asins?|listings?|variations?|variants?|campaigns?|keywords?|categor(?:y|ies)|marketplaces?|markets?|countries|country|stores?|shops?)(?: separately| individually| one by one)?";

/**
 * Rows turned down: "not per product", "not by article", "not for each SKU", "not each listing separately", "not split
 * by campaign", "not broken down", "no breakdown", "not product by product", "not category by category", "without a breakdown per item". Buckets
 * of time turned down ("not by day") are other buckets, not one figure.
 */
const ROWS_TURNED_DOWN = new RegExp(
  `(?<![\\w])(?:(?:not|rather than|instead of|without)(?: (?:a|the|any))? (?:(?:broken (?:down|out)|itemi[sz]ed)(?: (?:by|per|for each|into) ${ROW_NOUNS})?|(?:split(?: up| out)?|separated|listed|shown) (?:by|per|for each|into) ${ROW_NOUNS}|(?:by|per|for each|for every|each|individual) ${ROW_NOUNS}|breakdown(?: (?:by|per|for each) ${ROW_NOUNS})?|(product|item|sku|asin|article|listing|variation|campaign|keyword|category|store|shop|market|marketplace|country) by \\1)|no (?:breakdown|per[- ](?:product|item|sku|asin|article) (?:breakdown|split|numbers|figures)))(?![\\w])`,
  "g",
);

/**
 * The question without the rows it turns down, and whether it turned any down, so that the figure is asked once for
 * everything ("how many sessions in France, only the total, not per article"). Run on the normalised question before
 * its breakdown words are read, so a row turned down is not read as the rows asked for.
 */
export function takeRowsTurnedDown(text: string): { text: string; turnedDown: boolean } {
  const left = text.replace(ROWS_TURNED_DOWN, " ");
  return { text: left, turnedDown: left !== text };
}

/**
 * A verb that lists rows just before the set it lists: "rank the whole shop by orders", "sort everything in the whole
 * store by revenue", "break down the whole business by category". The set is then the rows' scope, not one figure.
 */
const LISTED_BEFORE =
  /(?:^| )(?:rank|sort|order|list|break down|split|compare)(?: (?:everything|all|all products|all items|the products|the items|every product|every item) (?:in|across|of|from))? $/;

/** Whether the overall phrase starting at `start` is the set a listing verb ranks or splits ("rank the whole shop"). */
export function listedWhole(text: string, start: number): boolean {
  return LISTED_BEFORE.test(text.slice(0, start));
}

/**
 * A figure asked as one total of the whole shop by the words around it, read after its metric is put as `m_<metric>`:
 * - "total" said of the figure itself: "total sessions", "my total page views", "the total number of visits", "total
 *   count of sessions", and in the seller's own language before "de", "des", "do", "di" ("total de sesiones", "total
 *   des sessions", "total de sessões", as "total of sessions"). ("Sessions - Total", Amazon's column name, puts "total"
 *   after the figure, and says nothing.)
 * - a count the seller or the whole shop got: "how many sessions did I get", "how many page views did our store have",
 *   "how many visits have we had". Counted for a product, a listing or a category, the figure stays that one's. Only
 *   traffic is counted so: "how many refunds did I have" asks about the refunds themselves (refund_analysis).
 * Kept apart from the overall words: a total said beside a ranking ("which product had the highest total sales") ranks.
 */
const TOTAL_OF_FIGURE =
  /(?:^| )(?:total)(?: (?:number|count|amount|sum|figure))?(?: (?:of|de|des|do|dos|da|das|di|dei|delle|van))?(?: (?:the|my|our|all(?: (?:the|my|our))?|mis|mes|meus|minhas|mijn|onze|las|los|les|de))? m_[a-z_]+(?= |$)/;
const TRAFFIC = "m_(?:sessions|page_views)";
const SHOP_SUBJECT = "(?:i|we|you|(?:my|our|the)(?: (?:whole|entire|own))? (?:shop|store|account|business|brand|site))";
const SHOP_COUNT = new RegExp(
  `(?:^| )how many ${TRAFFIC}(?: (?:and|&|\\+) ${TRAFFIC})? (?:did|do|does|have|has|had) ${SHOP_SUBJECT}(?: (?:got|gotten|get|gets|had|have|receive|received|pull|pulled|pulled in|draw|drew|attract|attracted|bring in|brought in))?(?= |$)`,
);

/**
 * Whether the question (with its metrics as `m_<metric>`) asks its figure as one total of the whole shop; a count the
 * seller got (`shopCount`) only when no product, listing or category narrows what was counted.
 */
export function totalOfFigureAsked(text: string, narrowed: boolean): boolean {
  return TOTAL_OF_FIGURE.test(text) || (!narrowed && SHOP_COUNT.test(text));
}
