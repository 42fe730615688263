/**
 * Seller terms as a voice assistant writes them down. Dictation software does not know Amazon's acronyms, so it
 * spells them letter by letter ("t a c o s", "f b a fees") or writes the English words they sound like ("a cost" for
 * ACoS, "row as" for ROAS, "skew" for SKU, "by box" for the buy box), and it writes "to" or "too" for the number two
 * ("the last to weeks"). Each is put back in the seller's word before anything else reads the question. The sound-alikes
 * that are also plain English ("a cost", "skew", "by box") are read as the term only where nothing else makes sense:
 * beside a percent, a target, bids, an alert, a campaign, or after a determiner no English noun phrase doubles ("my a
 * cost"). Spoken domains ("amazon dot c a") are read by the marketplace grammar once their letters are joined here.
 */

type Rewrite = [pattern: RegExp, replacement: string];

/** Seller acronyms a dictation may spell out, longest first so "t a c o s" is not read as "t" and "a c o s". */
const SPELLED_ACRONYMS = ["tacos", "acos", "roas", "asin", "fba", "fbm", "cpc", "ctr", "sku", "ppc", "bsr"];

/** "a c o s", "a.c.o.s", "s k u s": the letters of an acronym apart, with its plural. */
function spelled(acronym: string): Rewrite {
  const letters = [...acronym].join("[ .]+");
  return [new RegExp(`(?<![\\w.])${letters}\\.?(?: ?'?(s))?(?![\\w])`, "gi"), `${acronym}$1`];
}

/** Words before "a cost" that make it a figure, never a price: a possessive, a figure's qualifier, a list of figures. */
const BEFORE_ACOS =
  "my|our|your|their|the|target|targeted|max|maximum|average|avg|overall|total|blended|campaign|campaigns|ad|ads|advertising|highest|lowest|best|worst|same|current|daily|weekly|monthly";
/** Joining words before "a cost" that join it to another figure ("roas and a cost"), unless a price follows. */
const JOINING_ACOS = "and|vs|versus|by|per";
/**
 * Words after "a cost" that make it the figure: a goal, a threshold, a percent, a breakdown. "Of" alone does not ("at
 * a cost of $5"): only "of" and a number with no money sign.
 */
const AFTER_ACOS =
  "target|targets|goal|goals|percent|percentage|%|alert|alerts|threshold|limit|over|above|under|below|exceeds|goes|went|gets|hits|climbs|rises|crosses|passes|reaches|by|per|trend|last|this|to\\s+(?:\\d|[a-z]+\\s+(?:percent|%))|of\\s+\\d[\\d.]*\\s*(?:%|percent)|at\\s+\\d|\\d";
/** Words before "a cost" that keep it English ("at a cost of", "what a cost", "such a cost"). */
const NOT_ACOS_BEFORE = "at|what|such|quite|with|without|extra|an|huge|high|big|small|low";

/** Words before "skew" that make it a noun, the SKU ("the skew", "per skew"), not the verb ("to skew the numbers"). */
const BEFORE_SKU = "the|this|these|those|each|every|per|by|my|our|which|one|top|worst|best|same|whose|single|\\d+";

/** Words beside "by box" that make it the buy box ("lost the by box", "by box percentage"), not "sorted by box". */
const BEFORE_BUY_BOX = "the|my|our|of|lost|won|win|wins|lose|loses|losing|winning|own|owning|owned|have|has|had|hold";
const AFTER_BUY_BOX = "%|percent|percentage|share|rate|win|wins|winner|winners|ownership|price|prices|eligibility";

/** Units of a period after which "to" or "too" can only be the number two ("the last to weeks"). */
const PERIOD_UNITS = "days|weeks|months|quarters|years";

const REWRITES: Rewrite[] = [
  ...SPELLED_ACRONYMS.map(spelled),
  // "t a cos", "tea cos", "t a cost", "t acos": TACoS; the sound-alikes of ACoS are no English words, but "a cost".
  [/(?<![\w])(?:t|tee|tea)[ .]+(?:a[ .]*)?(?:cos|coss|cost|kos|acos)(?![\w])/gi, "tacos"],
  [/(?<![\w])(?:a|ay)[ .]+(?:cos|coss|kos|koss)(?![\w])/gi, "acos"],
  [new RegExp(`(?<=(?:^|\\s)(?:${BEFORE_ACOS})\\s+)a\\s+cost(?![\\w])`, "gi"), "acos"],
  [
    new RegExp(
      `(?<=(?:^|\\s)(?:${JOINING_ACOS})\\s+)a\\s+cost(?![\\w])(?!\\s+(?:of|for|that|which|to)(?![\\w]))`,
      "gi",
    ),
    "acos",
  ],
  [
    new RegExp(`(?<!(?:^|\\s)(?:${NOT_ACOS_BEFORE})\\s+)(?<![\\w])a\\s+cost(?=\\s+(?:${AFTER_ACOS})(?![\\w]))`, "gi"),
    "acos",
  ],
  // "get my bids to twenty percent a cost": a percent's figure named after it.
  [/(?<=(?:percent|%)\s+)a\s+cost(?![\w])/gi, "acos"],
  // "row as", "roe as", "ro as": ROAS wherever a figure may stand (no English phrase puts "row" before "as" there).
  [
    /(?<=(?:^|\s)(?:my|our|your|the|and|vs|versus|by|what's|whats|target|average|avg|overall|blended|total|campaign|ad|best|worst|highest|lowest)\s+)(?:row|roe|ro)\s+as(?![\w])/gi,
    "roas",
  ],
  [
    /(?<![\w])(?:row|roe|ro)\s+as(?=\s+(?:and|target|goal|percent|%|over|above|under|below|by|per|last|this|\d)(?![\w])|\s*[?.!]*$)/gi,
    "roas",
  ],
  // "the skew is SO-YOGA-01", "units per skew": the SKU.
  [new RegExp(`(?<=(?:^|\\s)(?:${BEFORE_SKU})\\s+)skew(s?)(?![\\w])`, "gi"), "sku$1"],
  [/(?<![\w])skew(s?)(?=\s+(?:number|numbers|code|codes|id|ids)(?![\w])|\s+[a-z]{1,5}[- ]\w*\d)/gi, "sku$1"],
  // "lost the by box", "by box percentage", "bye box": the buy box.
  [new RegExp(`(?<=(?:^|\\s)(?:${BEFORE_BUY_BOX})\\s+)(?:by|bye|bi)\\s+box(es)?(?![\\w])`, "gi"), "buy box$1"],
  [new RegExp(`(?<![\\w])(?:by|bye|bi)\\s+box(es)?(?=\\s+(?:${AFTER_BUY_BOX})(?![\\w]))`, "gi"), "buy box$1"],
  [/(?<![\w])bye\s+box(es)?(?![\w])/gi, "buy box$1"],
  // "the last to weeks", "past too months", "to weeks ago": the number two.
  [
    new RegExp(
      `(?<=(?:^|\\s)(?:last|past|next|previous|prior|trailing|coming|first|these|those|over|within|in)\\s+)(?:to|too)(?=\\s+(?:${PERIOD_UNITS})(?![\\w]))`,
      "gi",
    ),
    "two",
  ],
  [new RegExp(`(?<![\\w])(?:to|too)(?=\\s+(?:${PERIOD_UNITS})\\s+(?:ago|back)(?![\\w]))`, "gi"), "two"],
  // "amazon dot c a", "dot co dot u k": a domain's letters spelled are one label, for the marketplace grammar.
  [/(?<=(?:^|\s)dot\s+)([a-z])\s+([a-z])(?![\w])/gi, "$1$2"],
];

/** The question with a dictation's spellings of seller terms put back; other text as it is. */
export function withDictatedSellerTerms(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement);
  return out;
}
