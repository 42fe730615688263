/**
 * The end a list starts from, told by that end alone: "show from the most negative", "starting with the biggest loss",
 * "begin at the lowest", "lead with the highest ones". Sellers who want losers first say where the list begins, not
 * "ascending"; the other end, unsaid, follows. "from the lowest to the highest" names both ends and is read elsewhere
 * (the end here must not be followed by "to").
 */

/** Ends that start a list from the bottom: the least, the most negative, the deepest loss. */
const LOW_END =
  "most negative|lowest|smallest|least|fewest|bottom|(?:biggest|largest|deepest|worst|heaviest) (?:loss|losses|loser|losers|m_profit)";
/** Ends that start a list from the top. */
const HIGH_END = "most positive|highest|largest|biggest|greatest|most|top";
/** What may stand after the end: the rows or the figure it is of ("the lowest ones", "the highest m_profit"). */
const AFTER_END = "(?: (?:ones?|values?|numbers?|figures?|rows?|products?|items?|listings?|m_[a-z_]+))?";
/** What may follow: the end of the request, or a word that does not make the end an adjective of something else. */
const FOLLOWED = "(?=$| (?:first|down|up|and|then|please|pls|top|bottom|only|\\d+|limit|show|list|give)(?: |$))";

const STARTING_END = new RegExp(
  `(?<![\\w])(?:from|starting (?:with|from|at)|start (?:with|from|at)|beginning (?:with|from|at)|begin (?:with|from|at)|leading with|lead with|open with)(?: the)? (?:(${LOW_END})|(${HIGH_END}))${AFTER_END}${FOLLOWED}(?! (?:to|up to|down to|through)(?: |$))`,
);

/** The order a list's named starting end gives ("from the most negative" = asc), if the request names one. */
export function startingEndOrder(text: string): "asc" | "desc" | undefined {
  const m = STARTING_END.exec(text);
  if (!m) return undefined;
  return m[1] ? "asc" : "desc";
}
