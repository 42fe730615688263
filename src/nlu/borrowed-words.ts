/**
 * Words a seller carries into English from their own language, each rewritten to the English word the parser's
 * grammars and classifier already read:
 * - "unusual" said as Spanish and Italian "raro"/"extraño"/"strano", German "seltsam"/"komisch", French "bizarre" or
 *   "étrange", Polish "dziwne": "is something raro happening with my ad spend" asks what is strange, an anomaly;
 * - "refresh" said as Spanish "actualizar", German "aktualisieren", French "actualiser", Czech "aktualizovat", written
 *   "actualize"/"actualise", or as "renew": "actualize my data, prosím" asks for the data to be fetched again. Only
 *   before the seller's data ("my data", "the numbers", "the figures"), so "renew a subscription" stays as it is.
 * - "competitors" said as French "concurrents"/"la concurrence", Italian "concorrenti"/"la concorrenza", Spanish
 *   "competencia", German "Konkurrenz"/"Konkurrenten", written "concurrents" or "the concurrence": "where am I the most
 *   cheap compared to the concurrence" sets the seller's prices against the competition. "Concurrent" alone is English
 *   ("concurrent sessions") and stays as it is.
 * "Please" in another language ("por favor", "svp", "bitte") is a courtesy, taken out with the others in courtesies.ts.
 */

type Rewrite = [pattern: RegExp, replacement: string];

/** What a refresh is done to: the seller's data and its figures. */
const DATA_NOUNS =
  "(?=(?:(?:my|our|the|all(?: the| my)?|your)\\s+)?(?:data|numbers|figures|stats|dashboard|reports?|information|info)\\b)";

const REWRITES: Rewrite[] = [
  [
    /\b(?:raro|rara|raros|raras|extra[ñn]o|extra[ñn]a|extra[ñn]os|strano|strana|strane|strani|seltsam|seltsames|komisch|komisches|bizarre|[ée]trange|dziwne|dziwnego|dziwny)\b/gi,
    "strange",
  ],
  [/\b(?:(?:the|my|our|la|le)\s+)?(?:concurrence|concorrenza|competencia|konkurrenz)\b/gi, "the competition"],
  [/\b(?:concurrents|concorrenti|concurrentes|competidores|konkurrenten)\b/gi, "competitors"],
  [
    new RegExp(
      `\\b(?:actuali[sz]e|actuali[sz]ar|actualiser|aktualisieren|aktualizovat|aktualizuj|renew)\\s+${DATA_NOUNS}`,
      "gi",
    ),
    "refresh ",
  ],
];

/** The question with words borrowed from another language put in the English the parser reads. */
export function withBorrowedWords(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement);
  return out;
}
