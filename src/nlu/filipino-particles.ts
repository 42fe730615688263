/**
 * Taglish: Filipino sellers writing English keep the politeness of their own language. "Pa-check", "paki-show"
 * ("please check", "kindly show") ask with a verb prefix, "naman" softens the ask, "po" is respect said to the listener
 * ("Pa-check naman po the orders of …"), and "yung" is "the". None of them says what is asked; left in, "po" reads as
 * a purchase order, a word of restocking. These rewrites put the request in the English the parser reads. "PO" as a
 * purchase order stays: after a determiner or a verb of ordering ("the PO", "raise a PO", "the next PO"), before what a
 * PO has ("PO date", "PO for SO-YOGA-01", "PO in transit"), and wherever neither a Taglish word nor the start of what
 * is asked ("po the …", "po this month") stands beside it.
 */

type Rewrite = [pattern: RegExp, replacement: string | ((...groups: string[]) => string)];

/** Verbs a seller asks with after "pa-" or "paki-" without a hyphen ("pacheck", "pakishow"); "Pakistan" is no verb. */
const ASKING_VERBS = "check|show|see|look|list|send|give|count|compute|view|explain|update|tell|sum|total";

/** Words of Taglish beside which "po" is always the particle ("naman po", "po ba", "salamat po", "opo"). */
const TAGLISH_NEIGHBOURS = "naman|lang|ba|sana|pwede|puwede|yung|ung|ano|salamat|opo|sir|maam|ma'am|kuya|ate";

/** What comes before "PO" the purchase order: a determiner, or a verb that raises or places one. */
const PURCHASE_ORDER_BEFORE =
  "(?:the|a|an|my|our|your|this|that|these|those|next|new|open|first|last|each|per|every|one|another|any|no|which|what|factory|supplier|place|placing|placed|raise|raising|raised|send|sending|sent|issue|issued|cut|cutting|approve|approved|submit|submitted|create|draft|sign off|do|doing)";

/**
 * A request asked with a verb prefix: "pa-check", "pacheck", "paki-show", "paki check". The verb after a hyphen is in
 * small letters, as a word is and a SKU ("PA-MUG-01") is not.
 */
const PREFIXED_VERB = new RegExp(
  `\\b(?:[Pp]a(?:ki)?-\\s?(?=[a-z]+(?:\\s|$))|(?:[Pp]aki\\s?|[Pp]a)(?=(?:${ASKING_VERBS})\\b))`,
  "g",
);

const REWRITES: Rewrite[] = [
  // "paki-show", "pa-check naman": the prefix asks politely, as "please" does.
  [PREFIXED_VERB, "please "],
  // "naman" softens the request ("check naman the stock"): no word of it.
  [/\s*\bnaman\b/gi, ""],
  // "yung orders", "ung stock": the article; "the revenue ng PS-DOGT-01": "of".
  [/\b(?:yung|ung)\b/gi, "the"],
  [/\bng\b/gi, "of"],
  // "po" beside a Taglish word, after "please" or before what starts the thing asked ("check po the number of
  // orders", "how many po ang …"): respect, unless a determiner or a verb of ordering makes it a purchase order.
  [
    new RegExp(
      `(?<!\\b${PURCHASE_ORDER_BEFORE}\\s)\\bpo\\b(?=\\s*(?:[,.!?]|$|(?:${TAGLISH_NEIGHBOURS}|the|my|our|this|last|how|what|which|when|if|kung|ang|sa|ng)\\b))|(?<=\\b(?:please|${TAGLISH_NEIGHBOURS}|hi|hello|thanks|thank you)\\s+)\\bpo\\b(?!\\s+(?:date|number|sheet|for|to|go|goes|placed|raised|due)\\b)`,
      "gi",
    ),
    "",
  ],
];

/** The question with Filipino particles and prefixes rewritten to plain English; other text as it is. */
export function withoutFilipinoParticles(text: string): string {
  if (!/\b(?:po|naman|yung|ung|ng)\b|\bpa-|\bpaki|\bpa(?:check|show|see|look|list)\b/i.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of REWRITES)
    out = out.replace(pattern, replacement as (substring: string, ...args: unknown[]) => string);
  return out
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,.!?])/g, "$1")
    .trim();
}
