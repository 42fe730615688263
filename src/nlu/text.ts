/**
 * Text helpers for the parser: one normal form for questions, example
 * sentences and vocabulary phrases, so all three compare alike.
 */

const ASCII = /^[\x00-\x7f]*$/;
/**
 * Text already in the normal form, as nearly every vocabulary phrase is: lower-case words of letters, digits and
 * underscores (an apostrophe inside a word too), single spaces. No replacement below changes it, and one test is
 * cheaper than them all for the thousands of phrases the slot grammars index at start-up.
 */
const NORMAL = /^[a-z0-9_]+(?:'[a-z0-9_]+)*(?: [a-z0-9_]+(?:'[a-z0-9_]+)*)*$/;

/**
 * Lower case, plain quotes, no sentence punctuation, single spaces; keeps what
 * slots need (`%`, `$`, `&`, dots inside domains, `-` and `/` inside words).
 *
 * @example normalizeText("Top 5 products on Amazon.co.uk?") // "top 5 products on amazon.co.uk"
 */
const MONTH_NAME =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const MONTH_DASH_MONTH = new RegExp(`(?<![a-z])(${MONTH_NAME})-(?=${MONTH_NAME}(?![a-z]))`, "g");

/** A question word with "'d" before its subject ("how'd we", "what'd I", "where'd the sales"): "did", not "would". */
const DID_AFTER_QUESTION_WORD =
  /(?<![a-z])(how|what|where|when|why|who)'d (?=(?:we|i|you|u|they|it|my|our|the|sales|revenue|orders|units)(?![a-z]))/g;

const PERIOD_TOKEN =
  /(?<![a-z0-9_])(?:(?:last|this)_(?:\d+_)?(?:days?|weeks?|months?|quarter|year)|year_to_date|all_time)(?![a-z0-9_])/;
const PERIOD_TOKENS = new RegExp(PERIOD_TOKEN.source, "g");

export function normalizeText(text: string): string {
  if (
    NORMAL.test(text) &&
    !text.includes("'ll") &&
    !text.includes("'s got") &&
    !text.includes("'d ") &&
    !PERIOD_TOKEN.test(text)
  )
    return text;
  // NFKD leaves ASCII as it is; skipping it there spares a process the ICU normaliser's set-up. Accents go with their
  // marks, so a name written in its own language ("Türkiye", "España", "México") reads as it does without them.
  return (
    (ASCII.test(text) ? text : withoutAccents(text))
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`´]/g, "'")
      .replace(/[\u201c\u201d"]/g, " ")
      .replace(/[\u2013\u2014]/g, " - ")
      .replace(/(\d),(\d{3})\b/g, "$1$2")
      // "8-week", "30-day", "4-star": a length or a rating written as one word is the number and its unit.
      .replace(/(\d)-(days?|weeks?|months?|years?|stars?)(?![a-z])/g, "$1 $2")
      // "the over-40%-ACoS alert", "an under-10%-margin line": a threshold written as one word is its bound, value
      // and metric.
      .replace(/(?<![a-z])(over|under|above|below)-(?=\d)/g, "$1 ")
      .replace(/(\d%)-(?=[a-z])/g, "$1 ")
      // "jun-aug", "march-may": a range of months keeps its dash, which the period grammar reads as "to".
      .replace(MONTH_DASH_MONTH, "$1 - ")
      // "re-order", "re-stocking", "re-fill": the British and the learner's hyphen in the verbs of restocking joins
      // them, or the dash below would part "re-order" into "re" and "order" (an order count) and lose the restock.
      .replace(/(?<![a-z])re-(?=order|stock|fill|plenish|suppl)/g, "re")
      // Letters of any script stay ("выручка", "Германия", "საფრანგეთი"): a seller writing in their own alphabet names
      // a figure or a marketplace the vocabulary knows in that alphabet too. A dash between letters parts two words.
      .replace(/(\p{L})-(?=\p{L})/gu, "$1 ")
      // Where Latin letters or digits meet another script a word ends, as in "JP站" (the JP store) or "США2".
      .replace(/(?<=[a-z0-9])(?=\p{L})(?!\p{Script=Latin})|(?<=\p{L})(?<!\p{Script=Latin})(?=[a-z0-9])/gu, " ")
      .replace(/[^\p{L}\p{M}0-9_%$&'./+<>=\s-]/gu, " ")
      // "timeframe=last month", "sort=desc", "type=risks": a parameter and its worded value are two words, as
      // "timeframe: last month" is (a number after "=" is left to the threshold grammar: "acos=30").
      .replace(/([a-z_]) ?= ?(?=[a-z])/g, "$1 ")
      // A period written as the contract's token ("last_7_days", "this_month", "year_to_date"): its words.
      .replace(PERIOD_TOKENS, (t) => t.replace(/_/g, " "))
      .replace(/(^|\s)'+|'+(?=\s|$)/g, "$1 ")
      // "what'll", "that'll", "it'll": "will" after any word, as the parser knows it written out.
      .replace(/([a-z])'ll(?![a-z])/g, "$1 will")
      // "how'd we do", "what'd I make", "where'd sales go": a question word's "'d" before who did it is "did".
      .replace(DID_AFTER_QUESTION_WORD, "$1 did ")
      // "which category's got the best margin", "what's got the most stock": "has" before "got", never a possessive.
      .replace(/([a-z])'s (got|gotten)(?![a-z])/g, "$1 has $2")
      .replace(/\.+(?=\s|$)/g, " ")
      .replace(/(^|\s)-+(?=\s|$)/g, "$1 - ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * Letters that carry their accent in the letter itself, not in a mark apart: the plain letter they are read as.
 * Azerbaijani "ə" ("Türkiyə", "Almaniyada") is a letter of its own, no mark to drop: read as the "e" sellers type for
 * it on a keyboard without one ("Turkiye").
 */
const UNMARKED_LETTERS: Record<string, string> = {
  ł: "l",
  Ł: "L",
  ø: "o",
  Ø: "O",
  ß: "ss",
  ı: "i",
  đ: "d",
  Đ: "D",
  ə: "e",
  Ə: "E",
};

/** Compatibility forms folded ("ﬁ", "²") and accent marks dropped ("é" → "e"). */
function withoutAccents(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁøØßıđĐəƏ]/g, (c) => UNMARKED_LETTERS[c]);
}

/** Escapes a phrase for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Irregular verb forms → their base form, so that "sold", "went" and "spent" teach what "sell", "go" and "spend"
 * do (and the other way round): sellers tell the same thing in any tense.
 */
const IRREGULAR = new Map<string, string>(
  Object.entries({
    sold: "sell",
    went: "go",
    goes: "go",
    gone: "go",
    ran: "run",
    spent: "spend",
    made: "make",
    took: "take",
    taken: "take",
    brought: "bring",
    bought: "buy",
    fell: "fall",
    fallen: "fall",
    rose: "rise",
    risen: "rise",
    drove: "drive",
    driven: "drive",
    threw: "throw",
    thrown: "throw",
    ate: "eat",
    eaten: "eat",
    got: "get",
    gotten: "get",
    gave: "give",
    given: "give",
    paid: "pay",
    sent: "send",
    lost: "lose",
    kept: "keep",
    grew: "grow",
    grown: "grow",
    shrank: "shrink",
    shrunk: "shrink",
    sank: "sink",
    sunk: "sink",
    began: "begin",
    begun: "begin",
    earnt: "earn",
    swung: "swing",
    dealt: "deal",
    built: "build",
    chose: "choose",
    chosen: "choose",
    broke: "break",
    broken: "break",
    wrote: "write",
    written: "write",
    held: "hold",
    stood: "stand",
    shipped: "ship",
    shipping: "ship",
  }),
);

/**
 * A light English stemmer: enough to make "stocking", "stocks" and "stock" one feature, and every form of a verb
 * one ("change", "changed", "changing"; "sold" and "sell").
 */
export function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return stem(irregular);
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if ((w.endsWith("ies") || w.endsWith("ied")) && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("ly") && w.length > 4) w = w.slice(0, -2);
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[aeiouls]/.test(w.at(-1)!)) w = w.slice(0, -1);
  // A base form's silent e goes, as it does before -ed and -ing ("move", "moved", "moving": "mov").
  else if (w.length > 3 && w.endsWith("e") && !w.endsWith("ee")) w = w.slice(0, -1);
  return w;
}

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein with adjacent
 * transpositions), stopping early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (width > ROW_CAPACITY) return Math.abs(a.length - b.length) + (a === b ? 0 : max + 1);
  // Three rolling rows: the one before last is needed for transpositions.
  let before = ROWS[0];
  let last = ROWS[1];
  let row = ROWS[2];
  for (let j = 0; j < width; j++) last[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    const spare = before;
    before = last;
    last = row;
    row = spare;
  }
  return last[b.length];
}

/** Words longer than this are compared only for equality. */
const ROW_CAPACITY = 64;
const ROWS = [new Int32Array(ROW_CAPACITY), new Int32Array(ROW_CAPACITY), new Int32Array(ROW_CAPACITY)];

/** Word tokens of normalized text. */
export function words(text: string): string[] {
  return text.split(" ").filter((w) => w !== "");
}

/** A phrase found in text: character offsets, the phrase and its value. */
export interface PhraseMatch<V> {
  start: number;
  end: number;
  phrase: string;
  value: V;
}

/**
 * Whole-word phrase lookup over normalized text (words separated by single
 * spaces): longest phrase first, left to right, without overlaps. A map
 * lookup per word window, much cheaper than one regular expression with
 * hundreds of alternatives.
 */
export class PhraseIndex<V> {
  private readonly map = new Map<string, V>();
  /** First word of each phrase → the most words a phrase starting with it has. */
  private readonly firstWords = new Map<string, number>();
  /** The phrases, until the first lookup indexes them: a question looks for some kinds of phrase, not all. */
  private entries: Iterable<readonly [string, V]> | undefined;

  /** Indexes `entries` on the first lookup; they must not change before it. */
  constructor(entries: Iterable<readonly [string, V]>) {
    this.entries = entries;
  }

  private index(): void {
    if (this.entries === undefined) return;
    for (const [phrase, value] of this.entries) {
      const key = normalizeText(phrase);
      if (key === "" || this.map.has(key)) continue;
      this.map.set(key, value);
      // The first word and the number of words, counted rather than split: splitting each of the ~60,000 metric
      // phrases into an array cost ~70 ms of a one-shot process's start-up, most of it in the garbage collector.
      const space = key.indexOf(" ");
      const first = space < 0 ? key : key.slice(0, space);
      let words = 1;
      for (let at = space; at >= 0; at = key.indexOf(" ", at + 1)) words++;
      const most = this.firstWords.get(first);
      if (most === undefined || most < words) this.firstWords.set(first, words);
    }
    this.entries = undefined;
  }

  get(phrase: string): V | undefined {
    this.index();
    return this.map.get(phrase);
  }

  /** All matches in `text`, longest first at each word, left to right. */
  find(text: string): PhraseMatch<V>[] {
    this.index();
    const found: PhraseMatch<V>[] = [];
    if (this.map.size === 0 || text === "") return found;
    const tokens = text.split(" ");
    let offset = 0;
    for (let i = 0; i < tokens.length; offset += tokens[i].length + 1, i++) {
      const most = this.firstWords.get(tokens[i]);
      if (most === undefined) continue;
      for (let n = Math.min(most, tokens.length - i); n >= 1; n--) {
        const phrase = n === 1 ? tokens[i] : tokens.slice(i, i + n).join(" ");
        const value = this.map.get(phrase);
        if (value === undefined) continue;
        found.push({ start: offset, end: offset + phrase.length, phrase, value });
        // Skip the words the phrase took (the loop's step adds the last one).
        for (let k = 1; k < n; k++) offset += tokens[i + k - 1].length + 1;
        i += n - 1;
        break;
      }
    }
    return found;
  }

  /** The match that starts at character `offset`, if any. */
  at(text: string, offset: number): PhraseMatch<V> | undefined {
    this.index();
    const tokens = text.slice(offset).split(" ");
    const most = this.firstWords.get(tokens[0]);
    for (let n = Math.min(most ?? 0, tokens.length); n >= 1; n--) {
      const phrase = tokens.slice(0, n).join(" ");
      const value = this.map.get(phrase);
      if (value !== undefined) return { start: offset, end: offset + phrase.length, phrase, value };
    }
    return undefined;
  }
}

/** The text with typographic apostrophes (‘ ’), as phones and word processors type them, made straight ('). */
export function straightApostrophes(text: string): string {
  return text.replace(/[‘’]/g, "'");
}
