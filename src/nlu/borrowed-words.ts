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
 * Beyond these, the seller's everyday words for stock, the warehouse, reordering, ads, bids, P&L, alerts, settings and
 * thanks ("Lagerbestand", "genbestille", "pujas", "avísame", "estoque de segurança", "tak") are a glossary in
 * data/nlu/words.json (borrowed_words), each put in the English word it is listed under.
 */

import { readDataJson } from "../core/reference-data.js";

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

/** Letters a seller may write without their mark that Unicode does not split into a letter and a mark. */
const UNMARKED: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", ł: "l", ı: "i", đ: "d" };

/** One letter of a glossary word as a pattern that also matches it written without its diacritic ("ã" or "a"). */
function letterPattern(letter: string): string {
  if (letter === " " || letter === "-") return "[\\s-]+";
  if (letter === "'") return "['\u2019]";
  const bare = UNMARKED[letter] ?? letter.normalize("NFD").replace(/\p{M}/gu, "");
  const escaped = letter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return bare === letter ? escaped : `(?:${escaped}|${bare})`;
}

/** A word or phrase in the seller's spelling, as its key in the glossary: lower case, without diacritics. */
function folded(word: string): string {
  return [...word.toLowerCase().normalize("NFC")]
    .map((c) => UNMARKED[c] ?? c.normalize("NFD").replace(/\p{M}/gu, ""))
    .join("")
    .replace(/[\s-]+/g, " ")
    .replace(/\u2019/g, "'");
}

type Glossary = { pattern: RegExp; english: Map<string, string> };
let glossary: Glossary | undefined;

/**
 * The glossaries of words.json as one pattern (longest words first, so a phrase wins over its first word): words
 * borrowed from another language, and the function words of a dialect of English ("gonnae", "dinnae", "abeg"), both put
 * in the English the parser reads.
 */
function borrowedGlossary(): Glossary {
  if (glossary) return glossary;
  const file = readDataJson<{ borrowed_words: Record<string, string[]>; dialect_words: Record<string, string[]> }>(
    "nlu/words.json",
  );
  const lists: Record<string, string[]> = { ...file.borrowed_words };
  for (const [word, said] of Object.entries(file.dialect_words)) lists[word] = [...(lists[word] ?? []), ...said];
  const english = new Map<string, string>();
  for (const [word, borrowed] of Object.entries(lists)) for (const b of borrowed) english.set(folded(b), word);
  const words = Object.values(lists)
    .flat()
    .sort((a, b) => b.length - a.length);
  const alternatives = words.map((w) => [...w.normalize("NFC")].map(letterPattern).join(""));
  glossary = { pattern: new RegExp(`(?<![\\p{L}\\d])(?:${alternatives.join("|")})(?![\\p{L}\\d])`, "giu"), english };
  return glossary;
}

/** The question with words borrowed from another language put in the English the parser reads. */
export function withBorrowedWords(text: string): string {
  const { pattern, english } = borrowedGlossary();
  let out = text.replace(pattern, (m) => english.get(folded(m)) ?? m);
  for (const [rewrite, replacement] of REWRITES) out = out.replace(rewrite, replacement);
  return out;
}
