/**
 * Replies that only edit the question just answered, so they ask it again with the edit, whatever their few words
 * sound like on their own:
 * - a correction of what was said ("I meant last week", "sorry, I meant the UK", "no, I meant units", "oops, meant
 *   to say profit"): the question before, with the period, place or figure put right. "I meant to ask …" brings a
 *   question of its own and is no correction.
 * - a new figure to rank by, said bare ("by profit", "hmm, by units then?", "ranked by margin") or as a supposition
 *   ("and if we count by profit?", "going by orders?"): the list before, ranked by it, where "by profit" alone would
 *   sound like the profit and loss.
 * - another figure for the same question, and nothing else ("switch the metric to profit", "k now do profit", "units
 *   this time", "make it margin", "same for orders"): the comparison, trend, ranking or total before, of that figure,
 *   where "now do profit" alone would sound like the profit and loss. A reply with words of its own ("now show my
 *   fees for October") asks a new question.
 * - a new order or breakdown of the rows, and nothing else ("rank them from the worst", "best first", "divide it by
 *   marketplace", "split that up per category"): the question before, re-sorted or broken down, where "rank … worst"
 *   alone would sound like the worst products and "divide it by marketplace" like a sales total.
 * All read the masked text of slots.ts (figures as m_<metric>, periods and places as __time__, __mkt__).
 */

/** Words a seller opens a correction with: "no", "sorry", "oops", "actually", "my bad". */
const OPENER =
  "(?:(?:no|nope|nah|sorry|soz|oops|whoops|oh|ah|argh|err|erm|um|uh|hmm+|actually|wait|ugh|my bad|my mistake|apologies)(?: |-)+)*";

/** "I meant …", "I actually meant …", "meant to say …": a correction, not "I meant to ask …", a question of its own. */
const CORRECTION = new RegExp(
  `^${OPENER}(?:i (?:actually |really |obviously )?)?meant(?: to (?:say|type|write|put))?(?! to )(?= |$)`,
);

/** Words a seller opens a reply with before the figure: "ok", "k", "now", "and", "right then". */
const REPLY_OPENER_WORDS =
  "ok|okay|k|kk|ok so|alright|right|cool|great|thanks|ta|nice|perfect|now|and|so|then|also|hmm+|next";
const REPLY_OPENER = `(?:(?:${REPLY_OPENER_WORDS})(?: |$))*`;

/**
 * The ranking put as a supposition or a way of counting: "(and) if we count by profit?", "what if I rank them by
 * units", "counting by margin", "going by orders", "measured by ROAS" (or "if we look at profit"): the same list, ranked
 * by that figure.
 */
const RANKED_IF =
  "(?:(?:(?:and|so|but|what|ok|okay) )*if (?:we|i|you|u|one) (?:count|counted|go|went|rank|ranked|sort|sorted|order|ordered|measure|measured|judge|judged|calculate|calculated|compute|computed|look|looked|do|did)(?: (?:it|them|this|that|those|the list|things|instead))?(?: at it| at them)? |(?:counting|counted|going|measured|measuring|judged|judging|calculated|computed|ranking|sorting|ordering)(?: (?:it|them))? )";

/**
 * "by profit", "ok, by units then", "sorted by margin instead", "great, now rank them by ROAS": only a figure to rank
 * the list by, after the words a reply opens with, or with the ranking put as a supposition.
 */
const BY_FIGURE_ALONE = new RegExp(
  `^(?:(?:${REPLY_OPENER_WORDS}|hm|actually|rather) )*(?:(?:(?:sorted|ranked|ordered|sort|rank|order|sort them|rank them|order them) |${RANKED_IF})?(?:by|in terms of|based on)|(?:(?:and|so|but|what|ok|okay) )*if (?:we|i|you|u) look(?:ed)? at) (?:the |my |their |its )?m_[a-z_]+(?: (?:instead|now|then|please|too|this time|first))*$`,
);

/**
 * The figure's parameter named with its new value, as a report's settings are written ("metric = profit", "metric:
 * profit", "set metric profit", "use the metric profit"): report-syntax.ts has already dropped the "=".
 */
const METRIC_PARAMETER =
  "(?:(?:set|switch|change|swap|use|make)(?: the)? )?(?:metric|metrics|measure|kpi)(?: (?:to|as|is|should be|now))?";

/** Ways to say "the same question, of this figure": "switch the metric to", "now do", "make it", "same for", "try". */
const SWAP_VERB = `(?:(?:switch|change|swap|flip|turn|set)(?: (?:the )?(?:metric|figure|measure|kpi|number|numbers|it|that|this|them))? (?:to|over to)|${METRIC_PARAMETER}|(?:can you |could you |please |let's |lets )?(?:do|run|redo|try)(?: it| that| the same)?(?: (?:for|with|on|in))?|make (?:it|that|this|them)|(?:the )?same (?:thing |one |again |question )?(?:for|with|in)|let's see|lets see)`;

/** One figure or two ("profit", "the units and orders"), with what may come before them. */
const FIGURES = "(?:(?:the |my |our )?m_[a-z_]+)(?: (?:and|&|plus) (?:the |my |our )?m_[a-z_]+)?";

/** What may close the reply: "now", "please", "this time", "instead", "too". */
const SWAP_TAIL = "(?: (?:now|please|pls|plz|this time|next|instead|then|too|as well|for a change|rather))*";

/**
 * Only a figure to ask the same question of: a swapping verb before it ("now do profit", "switch the metric to
 * profit", "metric = profit") or a word that makes it a turn of the same question after it ("profit this time", "do
 * profit now", "profit as the metric").
 */
const FIGURE_SWAPPED = new RegExp(
  `^${REPLY_OPENER}(?:${SWAP_VERB} ${FIGURES}${SWAP_TAIL}|${FIGURES} (?:this time|now|next|for a change|instead)${SWAP_TAIL}|(?:use |go with |take )?${FIGURES} as (?:the )?(?:metric|measure|kpi)${SWAP_TAIL})$`,
);

/** The masked text with its punctuation as spaces, so openers and figures read as words. */
function plain(masked: string): string {
  return masked
    .replace(/[,.;:!?()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the reply corrects what the question before said ("I meant last week"). */
export function correctsTheQuestionBefore(masked: string): boolean {
  return CORRECTION.test(plain(masked));
}

/** Whether the reply only names a figure to rank the rows before by ("by profit"). */
export function reranksByAFigure(masked: string): boolean {
  return BY_FIGURE_ALONE.test(plain(masked));
}

/** Whether the reply only asks the question before again of another figure ("now do profit", "units this time"). */
export function swapsTheFigure(masked: string): boolean {
  return FIGURE_SWAPPED.test(plain(masked));
}

/**
 * What a reply may say it swaps: a part of the catalog, a place, a product, a campaign or the period. Not the currency
 * or a target, which are settings ("switch the currency to euros"), nor the figure, read above. A period unit needs its
 * article ("change the month to October"), as "revenue moved week to week" is a trend.
 */
const SWAPPED_FILTER =
  "(?:(?:the\\s+|my\\s+|that\\s+|this\\s+)?(?:category|categories|sub-?category|sub category|department|product line|marketplace|market|country|store|site|region|product|asin|sku|item|listing|campaign|period|timeframe|time frame|time period|date range|dates)|(?:the|that|this)\\s+(?:month|week|year|quarter))";

/** "swap the category to", "switch the marketplace over to", "change the product filter from X to": the filter named. */
const FILTER_SWAP = new RegExp(
  `\\b(swap|switch|change|move|flip|update|set|put)\\s+${SWAPPED_FILTER}(?:\\s+filter)?(?:\\s+from\\s+[^,.;:!?]+?)?\\s+(?:over\\s+)?(?:to|into)\\s+`,
  "gi",
);

/** "swap the category for Home & Kitchen", "replace the marketplace with France": the new one given another way. */
const FILTER_REPLACED = new RegExp(
  `\\b(?:swap|switch|replace|exchange)\\s+${SWAPPED_FILTER}(?:\\s+filter)?\\s+(?:for|with)\\s+`,
  "gi",
);

/** "change it from October to November", "switch that from the UK to Germany": the old one named on its way out. */
const SWAPPED_FROM = /\b(swap|switch|change|move|flip)\s+(it|that|this)\s+from\s+[^,.;:!?]+?\s+(?:over\s+)?to\s+/gi;

/**
 * A reply that swaps one filter of the question before for another, with the filter's name said ("swap the category
 * to Home & Kitchen", "change the marketplace to Germany", "switch it from Pet Supplies to Toys & Games"): written as
 * "switch it to Home & Kitchen", which asks the question before of the new one. The name only says which filter
 * changes: "category" asks for no rows by category, and the old one named after "from" is no longer asked about.
 */
export function withFilterSwapSaidPlainly(text: string): string {
  if (!/\b(?:swap|switch|change|move|flip|update|set|put|replace|exchange)\b/i.test(text)) return text;
  return text
    .replace(FILTER_SWAP, (_all, verb: string) => `${verb} it to `)
    .replace(FILTER_REPLACED, "switch it to ")
    .replace(SWAPPED_FROM, (_all, verb: string, it: string) => `${verb} ${it} to `);
}

/** The ends rows may be ranked from: "the worst", "best", "the lowest", "highest", "the top", "the bottom". */
const END = "(?:worst|best|lowest|highest|biggest|smallest|largest|top|bottom|most|least|weakest|strongest|poorest)";

/**
 * Only the order of the rows before, said by the end to start from: "rank them from the worst", "sort those from the
 * highest", "could you order them best first", "put the worst ones on top", "from worst to best please". The figure and
 * rows stay; the ranking word decides the order by the figure's good direction ("the worst" ACoS is the highest).
 */
const REORDERED = new RegExp(
  `^${REPLY_OPENER}(?:(?:can|could|would|will) you |please |pls |just |now )*(?:(?:rank|re-?rank|sort|re-?sort|order|re-?order|arrange|list|put|line up)(?: (?:them|those|these|it|that|this|the (?:list|rows|results|table|ones|lot)))?(?: (?:up|again))?(?: (?:from|starting (?:from|with)|beginning with|with))? (?:the )?${END}(?: (?:ones?|performers?))?(?: (?:first|on top|at the top|down|up))?(?: to (?:the )?${END})?|(?:from )?(?:the )?${END}(?: ones?)? (?:first|on top|at the top)|from (?:the )?${END}(?: ones?)?(?: to (?:the )?${END})?)${SWAP_TAIL}$`,
);

/** Whether the reply only re-orders the rows before from one end ("rank them from the worst", "best first"). */
export function reordersTheRows(masked: string): boolean {
  return REORDERED.test(plain(masked.replace(/(?:^| )__rank__(?= |$)/g, "")));
}

/**
 * Only a new breakdown of the answer before: "divide it by marketplace", "split that up by category", "break the total
 * down per country", "could you cut it by week". Whatever the question before was (payouts, fees, a total), it is
 * asked again in those rows; the verb says how, it asks nothing of its own.
 */
const REGROUPED = new RegExp(
  `^${REPLY_OPENER}(?:(?:can|could|would|will) you |please |pls |just |now )*(?:divide|split|break|cut|slice|segment|separate|group|bucket|chop|partition)(?: (?:it|that|this|them|those|these|the (?:total|totals|number|numbers|figure|figures|result|results|answer|amount|amounts|sum|payout|payouts|money)))?(?: (?:up|down|out|apart))?(?: (?:by|per|across|into|over|between|among))? g_[a-z_]+${SWAP_TAIL}$`,
);

/** Whether the reply only asks for the answer before broken down into new rows ("divide it by marketplace"). */
export function regroupsTheRows(masked: string): boolean {
  return REGROUPED.test(plain(masked));
}
