/**
 * Sports results and matches ("who won the Black Stars match yesterday", "what was the score in the Arsenal game",
 * "did the Lakers win last night"): the world's news, whatever a team's nickname looks like ("Black Stars" reads as a
 * review rating, "the Rams" as nothing of the seller's). A match is told by a result asked of a match, a team or a
 * sport; the seller's own contests (the buy box won, stars lost, an exact match keyword) have no match or sport in them.
 *
 * Matched on topic text, where periods and catalog names are masked.
 */

/** A sport or a competition by its name: never a seller's word. */
const SPORT =
  "(?:football|soccer|cricket|rugby|tennis|basketball|baseball|hockey|ice hockey|golf|boxing|ufc|mma|f1|formula (?:1|one)|grand prix|nba|nfl|nhl|mlb|mls|ipl|fifa|uefa|afcon|olympics|olympic games|world cup|super bowl|premier league|champions league|europa league|la liga|serie a|bundesliga|ligue 1|wimbledon|the ashes|six nations|tour de france|stanley cup|world series)";
/**
 * A match by its word, not an exact, phrase or broad match of keywords, a price match or a match of figures ("match
 * up"); a team's name goes before it ("the Black Stars match", "the Arsenal game").
 */
const MATCH =
  "(?<!(?:exact|phrase|broad|price|perfect|close|keyword|search term|best|a) )(?:match|matches|game|fixture|fixtures|derby|final|finals|semi-?finals?|semi finals?|quarter-?finals?|quarter finals?|playoffs?|play-offs?|tournament|race|fight|bout|grand final|cup final|cup tie|kick-?off|kick off)";
/** A result asked: who won or lost, the score, who beat whom. */
const RESULT =
  "(?:who (?:won|win|wins|lost|lose|beat|scored|is winning|was winning|is leading|drew)|(?:what|whats|what's) (?:was |is )?the (?:score|scoreline|result|final score)|the (?:final )?(?:score|scoreline|result|results)(?: of| in| from| for)?|(?:did|do|does|will|can) (?:the )?[a-z]+(?: [a-z]+)? (?:win|lose|beat|draw|score|qualify)|(?:won|lost|drew|beat|scored|score|scores|highlights|goals)|(?:who|which team|which side) (?:is|are) playing)";

const RESULT_OF_A_MATCH = new RegExp(
  `(?:^| )${RESULT}(?: [^ ]+){0,6}? ${MATCH}(?= |$)|(?:^| )${MATCH}(?: [^ ]+){0,4}? ${RESULT}(?= |$)`,
);
const SPORT_NAMED = new RegExp(`(?:^| )${SPORT}(?= |$)`);
const OWN = /(?:^| )(?:my|our|mine|ours|__(?:category|subcategory|asin|sku|campaign)__)(?= |$)/;

/** Whether topic text asks a sports result or about a match. */
export function asksSportsResult(text: string): boolean {
  if (SPORT_NAMED.test(text)) return true;
  return RESULT_OF_A_MATCH.test(text) && !OWN.test(text);
}
