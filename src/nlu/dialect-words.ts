/**
 * English as Scots and the pidgins and creoles write it. Sellers in Glasgow, Lagos, Douala, Kingston or Singapore ask
 * in their own English: "orders the day so far", "compare last week wi the week before", "it's no selling", "Top 3
 * products wey I suppose restock quick quick", "Na which product I lose the buy box pass?", "can show or not lah". The
 * words that are no English word in another sense ("gonnae", "dinnae", "aboot", "abeg", "wey") are a glossary in
 * data/nlu/words.json (dialect_words), put in English with the borrowed words. The ones below are English words too
 * ("no", "wi" in "wi-fi", "the day" in "the day before", "pass" in "password", "na" in "NA", "dem" and "fae" as
 * names, "don", "fit", "suppose"), so each is rewritten only beside the neighbours that make it the dialect's word;
 * elsewhere it stays as it is.
 */

type Rewrite = [pattern: RegExp, replacement: string | ((...groups: string[]) => string)];

/** Scots words of time after "the": "the day" is today, "the morn" tomorrow, "the night" tonight, "the year" this year. */
const SCOTS_TIME: Record<string, string> = {
  day: "today",
  morn: "tomorrow",
  night: "tonight",
  year: "this year",
  now: "now",
};

/**
 * Words before "the day" that make it a noun of standard English ("on the day", "end of the day", "what was the day"):
 * a preposition, a verb of being or of picking, or a word that measures the day.
 */
const DAY_AS_NOUN_BEFORE =
  "on|of|for|by|per|from|to|until|till|since|during|through|throughout|over|across|into|all|in|at|about|around|within|that|which|what|whole|same|best|worst|busiest|slowest|one|each|every|end|start|rest|part|half|is|was|were|be|pick|choose|name";

/**
 * What follows "the day" as a noun ("the day before", "the day I launched", "the day with the most orders", "the day's
 * orders").
 */
const DAY_AS_NOUN_AFTER =
  "before|after|of|when|that|which|where|i|we|you|they|it|he|she|my|our|with|was|is|had|has|shift|off|job|rate|by|prior|ahead|in question|itself|and night|ago|over|on|to date|end|start";

/**
 * What follows "the day" said as a time: the end of the clause, "so far", or a word that goes on to the place, the
 * breakdown or the other side of a comparison ("orders the day on amazon.de", "the day vs yesterday"). "How the year
 * unfolded" reads a year of its own.
 */
const DAY_AS_TIME_AFTER =
  "(?=\\s*(?:[,.;:!?)]|$)|\\s+(?:so\\s+far|and|or|on|in|at|for|from|vs|versus|compared|against|then|please|only|yet|too|till|until|lah)\\b)";

/** Bare verbs of a seller's work, as Pidgin puts them after "suppose", "fit", "dey" or "don". */
const BARE_VERBS =
  "restock|reorder|order|buy|send|ship|replenish|push|promote|drop|cut|raise|lower|check|fix|put|do|stock|increase|reduce|pause|stop|run|look|sell|focus|add|remove|refill|get|show|tell|give|see|help|list|pull|find|break|explain|know|move|finish|reach|lose|make|spend|waste|cost|happen|remain|enter|arrive|come|go|land|expire";

/** What a Pidgin verb is after "don" ("e don finish" = it has run out, said of stock). */
const PARTICIPLES: Record<string, string> = {
  finish: "run out",
  sell: "sold",
  reach: "reached",
  pass: "passed",
  enter: "entered",
  arrive: "arrived",
  come: "come",
  go: "gone",
  drop: "dropped",
  increase: "increased",
  reduce: "reduced",
  expire: "expired",
  land: "landed",
  lose: "lost",
  spend: "spent",
  make: "made",
  buy: "bought",
  order: "ordered",
  cost: "cost",
  do: "done",
};

/** Words before which Scots "no" is "not" ("it's no selling", "they're no moving", "I'm no sure"). */
const NOT_WHAT =
  "selling|moving|shifting|working|going|doing|performing|converting|budging|sold|moved|shifted|getting|making|earning|sure|much|many|bad|good|great";

/** Words before "no" that keep it the determiner ("with no selling", "there's no moving stock", "yes or no"). */
const NO_AS_DETERMINER_BEFORE =
  "with|without|have|has|had|got|there's|theres|there|there\\s+(?:is|are|was|were)|is\\s+there|are\\s+there|for|any|or|and|say|said|yes|answer|if|means|mean|get|gets|make|makes|at|by|of|to|in";

/** Who a Pidgin verb has for its subject ("you fit show", "dem don sell", "I wan know"). */
const PIDGIN_SUBJECT = "i|we|you|u|dem|they|e|una|im";

const REWRITES: Rewrite[] = [
  // "wetin you fit do for me": Pidgin English, "what can you do for me"; "wetin" alone is "what".
  [/\bwetin\s+(you|u|i|we)\s+fit\b/gi, "what can $1"],
  [/\bwetin\s+be\b/gi, "what is"],
  [/\bwetin\b/gi, "what"],
  // "how far, wetin be my sales", "how far oga!": Nigerian Pidgin's hello, before what is asked.
  [
    /^\s*how\s+far(?:\s+(?:o|oga|boss|bros|my\s+(?:guy|oga|person|broda|brother|sister)))?\s*(?:[,!?.:;-]+\s*(?=\S)|\s+(?=(?:abeg|please|make|what|show|tell|give|check)\b))/i,
    "hello, ",
  ],
  // "shey the stock don finish?", "walao, sales drop": a word that opens a Pidgin or Singlish question says nothing.
  [/^\s*(?:shey|alamak|walao|wah\s+lau|aiyo+h?|aiya+h?)\b\s*[,!.:;-]*\s*(?=\S)/i, ""],
  // "aye, and what about the UK": the Scots "yes" that acknowledges the answer before.
  [/^(\W*)aye\b(?=\s*[,.!:;-]|\s+(?:and|but|so|now|then|what|how|show|ok)\b)/i, "$1ok"],
  // "orders the day so far", "sales the year": Scots "the day" is today, "the morn" tomorrow, "the now" now, when it
  // stands as a time after what is asked; "the day before", "on the day", "the day I launched" are English.
  [
    new RegExp(
      `(?<!\\b(?:${DAY_AS_NOUN_BEFORE})\\s+)\\bthe\\s+(day|morn|night|year|now)\\b(?!\\s+(?:${DAY_AS_NOUN_AFTER})\\b)${DAY_AS_TIME_AFTER}`,
      "gi",
    ),
    (all: string, word: string, at: string, text: string) =>
      word.toLowerCase() === "now" && /\bin\s+$/i.test(text.slice(0, Number(at)))
        ? all
        : (SCOTS_TIME[word.toLowerCase()] ?? all),
  ],
  // "oot o stock", "the top five o' them": Scots "of"; a lone "o" between words is no English word.
  [/\bo['\u2019]?\s+(?=[a-z])/g, "of "],
  // "last week wi the week before", "wi' Germany": Scots "with"; "wi-fi" and "WI" are left.
  [/\b[Ww]i\b(?:['\u2019](?=\s))?(?![-\s]*fi\b|-)/g, "with"],
  // "can ye break that out", "d'ye ken": Scots "you", beside a verb; "YE" (year end) is left.
  [/\b[Dd]['\u2019]\s?ye\b/g, "do you"],
  [
    /\b(can|could|would|will|wid|do|did|have|are|were|should|if|thank|give|tell|show|let|for|to|with)\s+ye\b(?!-)/gi,
    "$1 you",
  ],
  [
    /(^|[,.;:!?]\s*|\band\s+)[Yy]e\s+(?=(?:can|could|know|ken|have|got|show|tell|give|see|do|did|sell|sold|might|will|would|should)\b)/g,
    "$1you ",
  ],
  // "I dinnae ken", "d'you ken": Scots "know"; Ken the name is written with a capital.
  [/\b(you|i|we|don't|didn't|not)\s+ken\b/gi, "$1 know"],
  // "hoo many units": Scots "how", before what "how" asks.
  [/\bhoo\s+(?=(?:many|much|long|is|are|did|does|do|far|come|often)\b)/gi, "how "],
  // "gie's a wee summary", "the wee ones": "wee" only softens ("a little").
  [/\bwee\s+(?=[a-z])/gi, ""],
  // "sales fae last month", "orders fae Germany": Scots "from"; "Fae" the name is written with a capital.
  [/\bfae\b/g, "from"],
  [/^Fae(?=\s+(?:the|last|this|my|a|an|\d)\b)/, "From"],
  // "what's sitting in Italy no selling", "it's no working": Scots "not" before a verb or adjective; "with no
  // selling", "yes or no" and "no sales" are English.
  [
    new RegExp(
      `(?<=\\b[\\w']+\\s+)(?<!\\b(?:${NO_AS_DETERMINER_BEFORE})\\s+)\\bno\\s+(?=(?:${NOT_WHAT})\\b(?!-))`,
      "gi",
    ),
    "not ",
  ],
  // "the products wey no sell", "e no reach": Pidgin "no" before a bare verb is "don't".
  [
    new RegExp(
      `(?<=\\b[\\w']+\\s+)(?<!\\b(?:${NO_AS_DETERMINER_BEFORE})\\s+)\\bno\\s+(?=(?:sell|move|reach|finish|get|make|show|work)\\b(?!-))`,
      "gi",
    ),
    "don't ",
  ],
  // "e no be small money": Pidgin "isn't".
  [/\bno\s+be\b(?!\s+(?:able|allowed)\b)/gi, "isn't"],
  // "make I see the sales", "make we check stock": Pidgin "let me", "let us".
  [/\bmake\s+[Ii]\b(?![/'\u2019])/g, "let me"],
  [/\bmake\s+we\b/gi, "let us"],
  // "Na which product…", "na this one sell pass": Pidgin "it is" that puts what is asked first says nothing; "the
  // best one na which?" asks "is"; "NA" (North America) is written in capitals.
  [
    /(^\W*|[,.;:!?]\s*|\b(?:so|and|but|please)\s+)[Nn]a\s+(?=(?:which|what|who|where|when|how|this|that|dis|dat|the|my|im|e|dem|una|your)\b)/g,
    "$1",
  ],
  [/(?<=\b(?:product|item|sku|it|e|dis|this|that|dat|what|which|who|one)\s+)na\b(?=\s+\w)/g, "is"],
  // "e don finish", "e dey for warehouse": Pidgin "it" before its verb.
  [/\b[Ee]\s+(?=(?:don|dey|no|go|fit|be|remain|reach|sell|finish|pass)\b)/g, "it "],
  // "the product dem", "all the item dem": Pidgin's plural after a noun; "dem" elsewhere is "they" before a verb and
  // "them" after one. "Dem" with a capital mid-sentence is a name.
  [/\b(product|item|sku|listing|asin|order|customer|campaign|keyword|ad|one)s?\s+dem\b/g, "$1s"],
  [/\b[Dd]em\b(?=\s+(?:dey|don|go|no|never|fit|be|don't|dont|are|were|have|sell|sold|get|still|wey)\b)/g, "they"],
  [/\bdem\b/g, "them"],
  // "you fit show me", "we fit restock": Pidgin "can".
  [new RegExp(`\\b(${PIDGIN_SUBJECT})\\s+fit\\s+(?=(?:${BARE_VERBS})\\b)`, "gi"), "$1 can "],
  // "I wan know my sales": Pidgin "want to".
  [new RegExp(`\\b(${PIDGIN_SUBJECT})\\s+wan\\s+(?=[a-z])`, "gi"), "$1 want to "],
  // "which products I suppose restock", "wetin we suppose order": Pidgin "should" before a bare verb; "I suppose so"
  // and "I suppose the sales…" are English.
  [new RegExp(`\\b(${PIDGIN_SUBJECT})\\s+suppose\\s+(?=(?:${BARE_VERBS})\\b)`, "gi"), "$1 should "],
  // "which product don finish", "wetin don sell": Pidgin's perfect, "has" and the participle.
  [
    new RegExp(`\\bdon\\s+(${Object.keys(PARTICIPLES).join("|")})\\b`, "g"),
    (_all: string, verb: string) => `has ${PARTICIPLES[verb.toLowerCase()] ?? verb}`,
  ],
  // "which product dey sell pass": Pidgin's "dey" before a verb only says it goes on; the verb alone asks it.
  [new RegExp(`\\bdey\\s+(?=(?:${BARE_VERBS})\\b)`, "gi"), ""],
  // "which product I lose the buy box pass", "wetin sell pass for Germany": Pidgin "pass" closing what is ranked is
  // "the most"; "which ones pass?", "pass the 100 mark", "password" and "boarding pass" are English.
  [
    new RegExp(
      `(\\b(?:which|what|who|that)(?:\\s+(?:${BARE_VERBS})|(?:\\s+[^\\s,.;:!?]+){2,10}?))\\s+pass\\b(?=\\s*(?:[,.;:!?]|$|(?:for|in|on|at|this|last|so\\s+far|among|of\\s+all|overall|since)\\b))`,
      "gi",
    ),
    "$1 most",
  ],
  // "restock quick quick", "sharp sharp": said twice, Pidgin's "urgently".
  [/\b(?:quick\s+quick|sharp\s+sharp|fast\s+fast|now\s+now\s+now)\b/gi, "urgently"],
  // "check am for me", "restock am": Pidgin "it" after a verb; "I am" is English.
  [
    /\b(check|show|give|send|list|restock|reorder|order|bring|put|sort|rank|break|arrange|compare|do|tell|count|total|pull|find|fix|pause|stop|increase|reduce|push|see)\s+am\b/gi,
    "$1 it",
  ],
  // "can show or not", "can anot": Singlish asks "can you" with "or not" after it, and no subject after "can".
  [
    /(\bcan\s+(?!(?:you|u|i|we|they|he|she|it)\b)[^,.;:!?]*?)\s+(?:or\s+not|anot)\b(?=\s*(?:[?.!]|$|lah|leh|ah))/gi,
    "$1",
  ],
  // "show me lah", "the sales how leh", "check am sha", "abi?": particles of Singlish and Pidgin that soften or ask
  // for agreement; "LOR" and "lei" (Romanian money) are left.
  [/\s*\b(?:lah|leh|lor|hor|sia|sha|sef|abi|o)\b(?=\s*(?:[,.;:!?]|$))/g, ""],
  [/\bliao\b/gi, "already"],
];

/** The question with the function words of Scots, the pidgins and creoles put in standard English; other text as is. */
export function withDialectWordsInEnglish(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REWRITES)
    out = out.replace(pattern, replacement as (substring: string, ...args: unknown[]) => string);
  // A word taken out leaves its spaces behind; the text is otherwise left as the seller wrote it.
  return out === text ? text : out.replace(/\s{2,}/g, " ").trim();
}
