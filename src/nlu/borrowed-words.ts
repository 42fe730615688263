/**
 * Words a seller carries into English from their own language, each rewritten to the English word the parser's
 * grammars and classifier already read:
 * - "unusual" said as Spanish and Italian "raro"/"extraño"/"strano", German "seltsam"/"komisch", French "bizarre" or
 *   "étrange", Polish "dziwne": "is something raro happening with my ad spend" asks what is strange, an anomaly;
 * - "refresh" said as Spanish "actualizar" (and as it is asked: "actualizá", "actualiza", "actualicen"), Russian written
 *   in Latin letters "obnovi", German "aktualisieren", French "actualiser", Czech "aktualizovat", written
 *   "actualize"/"actualise", or as "renew": "actualize my data, prosím" asks for the data to be fetched again. Only
 *   before the seller's data ("my data", "the numbers", "the figures"), so "renew a subscription" stays as it is.
 * - "competitors" said as French "concurrents"/"la concurrence", Italian "concorrenti"/"la concorrenza", Spanish
 *   "competencia", German "Konkurrenz"/"Konkurrenten", written "concurrents" or "the concurrence": "where am I the most
 *   cheap compared to the concurrence" sets the seller's prices against the competition. "Concurrent" alone is English
 *   ("concurrent sessions") and stays as it is.
 * - Indonesian "ada" ("there is") opening a question or a clause asks whether there is any ("ada alert baru?").
 * - "lager" (German, Dutch and Nordic for the stock): the seller's own lager whose worth or level is asked, and what is
 *   "on lager", is their stock; "lager sales" stays the beer.
 * Months named in another language ("Jänner", "março", "październik") are put in English by `withForeignMonthNames`,
 * from timeframes.json, before the day-first dates are read.
 * "Please" in another language ("por favor", "svp", "bitte") is a courtesy, taken out with the others in courtesies.ts.
 * Beyond these, the seller's everyday words for stock, the warehouse, reordering, ads, bids, P&L, alerts, settings and
 * thanks ("Lagerbestand", "genbestille", "pujas", "avísame", "estoque de segurança", "tak") are a glossary in
 * data/nlu/words.json (borrowed_words), each put in the English word it is listed under.
 */

import { readDataJson } from "../core/reference-data.js";

type Rewrite = [pattern: RegExp, replacement: string];

/** What a refresh is done to: the seller's data and its figures, in English or said on in Spanish ("los datos"). */
const DATA_NOUNS =
  "(?=(?:(?:my|our|the|all(?: the| my)?|your)\\s+)?(?:data|numbers|figures|stats|dashboard|reports?|information|info)\\b|(?:(?:los|mis|nuestros|todos los)\\s+)?(?:datos|n[uú]meros)\\b)";

const REWRITES: Rewrite[] = [
  // "au mois d'octobre", "au mois de mars": the French "in the month of" (its "au" no place, codes-as-words.ts).
  [/\b(?:au|pendant le|durant le) mois d(?:e\s+|['\u2019]\s*)/gi, "in the month of "],
  [
    /\b(?:raro|rara|raros|raras|extra[ñn]o|extra[ñn]a|extra[ñn]os|strano|strana|strane|strani|seltsam|seltsames|komisch|komisches|bizarre|[ée]trange|dziwne|dziwnego|dziwny)\b/gi,
    "strange",
  ],
  [/\b(?:(?:the|my|our|la|le)\s+)?(?:concurrence|concorrenza|competencia|konkurrenz)\b/gi, "the competition"],
  // "what is our lager worth", "the lager levels", "value of the whole lager", "on lager" (German, Dutch and Nordic
  // "Lager" is the stock or the warehouse): the seller's own lager whose worth or level is asked is their stock, as
  // is what is "on lager"; any other lager ("lager sales", "a lager worth 3 euros") is the beer.
  [
    /\b(my|our|the|your|whole|entire|total|complete)\s+lager\b(?=\s+(?:(?:is|was)\s+)?(?:worth|value|valuation|levels?|count|quantity|quantities)\b)/gi,
    "$1 stock",
  ],
  [/\b((?:value|worth|valuation)\s+of\s+(?:my|our|the|your)\s+(?:whole\s+|entire\s+)?)lager\b/gi, "$1stock"],
  [/\b(?:on|auf|op|p[åa])\s+lager\b/gi, "in stock"],
  [/\b(?:concurrents|concorrenti|concurrentes|competidores|konkurrenten)\b/gi, "competitors"],
  // Indonesian "ada" ("there is") opening a question asks whether there is any: "ada alert baru?", "ada price drop di
  // Jerman?". Only where it opens the message or a clause, so the name "Ada" inside a sentence stays as it is.
  [/(?<=^|[,;:!?]\s*)ada\b(?!['\u2019])/gim, "any"],
  [
    new RegExp(
      `\\b(?:actuali[sz]e|actuali[sz]ar|actuali[zc](?:[aá]|ame|ámelos|alos|en|e|ad)|actualiser|aktualisieren|aktualizovat|aktualizuj|obnovi|obnovite|obnovit|renew)\\s+${DATA_NOUNS}`,
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
export function folded(word: string): string {
  return [...word.toLowerCase().normalize("NFC")]
    .map((c) => UNMARKED[c] ?? c.normalize("NFD").replace(/\p{M}/gu, ""))
    .join("")
    .replace(/[\s-]+/g, " ")
    .replace(/\u2019/g, "'");
}

type Glossary = { pattern: RegExp; english: Map<string, string> };
let glossary: Glossary | undefined;

/** Lists of words under the English each stands for, as one pattern (longest words first) and a map to the English. */
function glossaryOf(lists: Record<string, string[]>): Glossary {
  const english = new Map<string, string>();
  for (const [word, borrowed] of Object.entries(lists)) for (const b of borrowed) english.set(folded(b), word);
  const words = Object.values(lists)
    .flat()
    .sort((a, b) => b.length - a.length);
  const alternatives = words.map((w) => [...w.normalize("NFC")].map(letterPattern).join(""));
  return { pattern: new RegExp(`(?<![\\p{L}\\d])(?:${alternatives.join("|")})(?![\\p{L}\\d])`, "giu"), english };
}

/**
 * The glossaries of words.json as one pattern (a phrase wins over its first word): words borrowed from another
 * language, and the function words of a dialect of English ("gonnae", "dinnae", "abeg"), both put in the English the
 * parser reads.
 */
function borrowedGlossary(): Glossary {
  if (glossary) return glossary;
  const file = readDataJson<{ borrowed_words: Record<string, string[]>; dialect_words: Record<string, string[]> }>(
    "nlu/words.json",
  );
  const lists: Record<string, string[]> = { ...file.borrowed_words };
  for (const [word, said] of Object.entries(file.dialect_words)) lists[word] = [...(lists[word] ?? []), ...said];
  glossary = glossaryOf(lists);
  return glossary;
}

/** Prepositions of a month that join things of any kind, so no month is known by them alone. */
const JOINING_ANY = new Set(["of", "for", "and", "vs", "versus"]);

/** "the month of" said before a month's name in French, Spanish, Portuguese and Italian ("au mois de mars"). */
const MONTH_OF_IN_OTHER_LANGUAGES = "(?:mois|mes|m[eê]s|mese) (?:de|di|d'|d\u2019)";

/** A day or a year after a month's name: "mars 3", "mai 2025". */
const DATE_AFTER = /^\.?\s+\d/;

type MonthNames = { glossary: Glossary; besideADate: Set<string>; dateWordBefore: RegExp };
let monthNames: MonthNames | undefined;

/** The months of other languages in timeframes.json, with those that are months only beside a word of a date. */
function foreignMonthNames(): MonthNames {
  if (monthNames) return monthNames;
  const file = readDataJson<{
    months_in_other_languages: Record<string, string[]>;
    months_beside_a_date: string[];
    month_prepositions: string[];
  }>("nlu/timeframes.json");
  monthNames = {
    glossary: glossaryOf(file.months_in_other_languages),
    besideADate: new Set(file.months_beside_a_date.map(folded)),
    // "in mars", "since mayo", "the beginning of mai", "15 mars", "15. mai". Words that join any two things ("of",
    // "for", "and", "vs") are left out: "sales of mayo", "revenue for Mars and Snickers" name products.
    dateWordBefore: new RegExp(
      `(?:\\b(?:${file.month_prepositions.filter((w) => !JOINING_ANY.has(w)).join("|")}|(?:start|beginning|end|middle|half|week) of|${MONTH_OF_IN_OTHER_LANGUAGES})|\\b\\d{1,2}\\.?)\\s+$`,
      "i",
    ),
  };
  return monthNames;
}

/**
 * The question with months named in another language ("Jänner", "março", "października") in English. A name that is
 * also a word of English ("Mars", "mayo") is a month only beside a word of a date.
 */
export function withForeignMonthNames(text: string): string {
  const { glossary: months, besideADate, dateWordBefore } = foreignMonthNames();
  return text.replace(months.pattern, (name: string, at: number) => {
    const key = folded(name);
    const month = months.english.get(key);
    if (month === undefined) return name;
    if (!besideADate.has(key)) return month;
    const besideDate = dateWordBefore.test(text.slice(0, at)) || DATE_AFTER.test(text.slice(at + name.length));
    return besideDate ? month : name;
  });
}

/** The question with words borrowed from another language put in the English the parser reads. */
export function withBorrowedWords(text: string): string {
  const { pattern, english } = borrowedGlossary();
  let out = text.replace(pattern, (m) => english.get(folded(m)) ?? m);
  for (const [rewrite, replacement] of REWRITES) out = out.replace(rewrite, replacement);
  return out;
}
