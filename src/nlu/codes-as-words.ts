/**
 * Marketplace codes that are also small words of other languages: "de" is the Spanish, French and Portuguese "of"
 * and the Dutch "the"; "au" is the French "to the". "total de sesiones el mes pasado", "chiffre d'affaires de la
 * semaine dernière", "de omzet van vorige maand" and "ventes au mois de mars" name no marketplace, while "sales in DE",
 * "de rev yday", "weekly revenue de since sept 1" and "ventas en de" do. A code in lower case stands as a word when:
 * - an article, a determiner or a possessive of those languages follows it ("de la", "de este", "de mis", "de deze"),
 *   or a month named in another language, a number, a SKU or an ASIN ("de octubre", "de 2025", "de HK-COOK-01"); or
 * - the question carries other small words of those languages ("el", "du", "van", "combien"...) and the code follows
 *   no word that takes a place ("en", "in", "for", "vs"...): a noun on either side ("total de vendas do mês").
 * - a Dutch preposition stands before it and the question holds words only Dutch has ("omzet in de winkel").
 * Either way it stays the code when what follows is what follows a code in a seller's English shorthand: a period
 * ("de last month", "de ytd", "de since sept 1"), another code ("de fr"), "vs", "and", "only", "marketplace"; or
 * nothing at all ("orders de", "de: which targets", "de?"). Written in capitals ("DE", "AU") it is always the code,
 * unless the whole question is in capitals. The word lists are in data/nlu/words.json (codes_as_words).
 */

import { readDataJson } from "../core/reference-data.js";

interface CodesAsWordsFile {
  codes_as_words: {
    codes: string[];
    words_after: string[];
    code_continuations: string[];
    place_words_before: string[];
    language_cues: string[];
    article_words_before: string[];
    article_language_cues: string[];
    article_nouns_among_continuations: string[];
  };
  months_in_other_languages?: Record<string, string[]>;
}

interface Grammar {
  codes: Set<string>;
  occurrence: RegExp;
  wordsAfter: Set<string>;
  continuations: Set<string>;
  placeWordsBefore: Set<string>;
  cues: Set<string>;
  articleWordsBefore: Set<string>;
  articleCues: Set<string>;
  articleNouns: Set<string>;
  months: Set<string>;
}

/** Lower case without accents, so "mês" and "mes", "dernière" and "derniere" read alike. */
function folded(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u2019`´]/g, "'");
}

let grammar: Grammar | undefined;
function codesAsWordsGrammar(): Grammar {
  if (grammar) return grammar;
  const words = readDataJson<CodesAsWordsFile>("nlu/words.json").codes_as_words;
  const months = readDataJson<CodesAsWordsFile>("nlu/timeframes.json").months_in_other_languages ?? {};
  const set = (list: string[]) => new Set(list.map(folded));
  grammar = {
    codes: set(words.codes),
    // The code as a whole word, not a domain's end ("amazon.de") nor part of a name ("de-luxe").
    occurrence: new RegExp(
      `(?<![\\p{L}\\p{N}.@/_'-])(?:${words.codes.join("|")})(?![\\p{L}\\p{N}_'-]|\\.\\p{L})`,
      "giu",
    ),
    wordsAfter: set(words.words_after),
    continuations: set(words.code_continuations),
    placeWordsBefore: set(words.place_words_before),
    cues: set(words.language_cues),
    articleWordsBefore: set(words.article_words_before),
    articleCues: set(words.article_language_cues),
    articleNouns: set(words.article_nouns_among_continuations),
    months: set(Object.values(months).flat()),
  };
  return grammar;
}

/** A number, a SKU or an ASIN ("2025", "HK-COOK-01", "B0BPSKIN01"): what follows "de" as "of". */
const FIGURE_OR_ID = /^(?:\d[\d.,]*|[a-z0-9]+(?:-[a-z0-9]+)+|b0[a-z0-9]{8})$/;
/** A quarter, a half year or a rolling window said short ("q3", "h1", "l30"): a period, which follows a code. */
const SHORT_PERIOD = /^(?:q[1-4]|h[12]|l\d+|\d+d|\d+w|\d+m)$/;

/**
 * The lower-case marketplace codes that stand in `question` only as words of another language, never as a code: the
 * places read from them are to be dropped. Empty when every such code in the question may be the place.
 */
export function codesStandingAsWords(question: string): Set<string> {
  const g = codesAsWordsGrammar();
  const words = new Set<string>();
  const placed = new Set<string>();
  const shouting = question === question.toUpperCase();
  let tokens: string[] | undefined;
  for (const m of question.matchAll(g.occurrence)) {
    const code = folded(m[0]);
    if (!g.codes.has(code)) continue;
    tokens ??= folded(question).match(/[\p{L}\p{N}'&-]+/gu) ?? [];
    if (isWord(m[0], question.slice(0, m.index), question.slice(m.index + m[0].length), shouting, tokens, g))
      words.add(code);
    else placed.add(code);
  }
  for (const code of placed) words.delete(code);
  return words;
}

function isWord(said: string, before: string, after: string, shouting: boolean, tokens: string[], g: Grammar): boolean {
  if (!shouting && said === said.toUpperCase()) return false;
  // Only a space between the code and the next word: "de:", "de?", "de, last month", "de/fr" end where a code stands.
  const next = /^\s+([\p{L}\p{N}'&-]+)/u.exec(after)?.[1];
  if (next === undefined) return false;
  const nextWord = folded(next).replace(/^(?:l|d)'/, "");
  const previous = /([\p{L}\p{N}'&-]+)[\s]+$/u.exec(before)?.[1];
  // "omzet in de winkel", "bestellingen in de week", "omzet in de UK": the Dutch "the" after a preposition, in a Dutch
  // question, before anything but a period said in English ("omzet in de last month" is Germany's).
  if (
    previous !== undefined &&
    g.articleWordsBefore.has(folded(previous)) &&
    (!g.continuations.has(nextWord) || g.articleNouns.has(nextWord)) &&
    tokens.some((t) => g.articleCues.has(t))
  )
    return true;
  if (g.continuations.has(nextWord) || SHORT_PERIOD.test(nextWord)) return false;
  if (g.wordsAfter.has(folded(next)) || g.wordsAfter.has(nextWord) || g.months.has(nextWord)) return true;
  if (FIGURE_OR_ID.test(nextWord)) return true;
  if (previous !== undefined && g.placeWordsBefore.has(folded(previous))) return false;
  // Set off by punctuation before it ("for 2025, de ..."): a code ahead of its own clause.
  if (previous === undefined && before.trim() !== "") return false;
  return tokens.some((t) => g.cues.has(t));
}
