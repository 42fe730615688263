/**
 * Young sellers' internet slang around an otherwise plain question: "ngl what did I make in October lol", "no cap I
 * need my YTD revenue for my recap tiktok", "fr fr which product sold the most 💀", "what should I restock ty". The
 * asides (ngl, tbh, lowkey, no cap, deadass, fr fr, lol, lmao, emoji…) say how the seller feels, never what is asked;
 * texting shorthand for a word ("or nah", "wbu", "tryna", "bcuz") is that word. Most of these words are English or a
 * code elsewhere ("fr" is France, "ty" this year, "mom" month over month, "wow" week over week, "bet" a wager, "cap" a
 * limit), so each is read as slang only beside the words that make it slang: "FR", "in fr", "ty vs ly", "MoM" and "cap
 * my bids" stay as they are. Single-word asides the classifier should not weigh are filler in words.json.
 */

type Rewrite = [pattern: RegExp, replacement: string | ((...groups: string[]) => string)];

/** Emoji and the joiners between them: feelings, no words. */
const EMOJI = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f)+/gu;

/**
 * Asides that only say how sure, honest or excited the seller is. Said at the start or end of the message or of a
 * clause, or between commas, they go.
 */
const ASIDE =
  "(?:ngl|not gonna lie|tbh|tbf|to be honest|lowkey|low key|highkey|high key|no cap|deadass|dead ass|istg|i swear|real talk|on god|fr fr|for real|frfr|icl|imo|imho|srsly|lol+|lmao+|lmfao|rofl|haha+|hahaha+|omg|omfg|bruh+|bro|sis|fam|bestie|periodt|ayo|yo|sksksk|ong|tho|rq|real quick)";

/** Words that open a question, so that "fr" before them is "for real", not France ("fr what's my ACoS"). */
const QUESTION_NEXT =
  "(?=\\s+(?:what|what's|whats|how|which|who|who's|why|when|where|is|are|was|were|did|do|does|can|could|i|i'm|im|my|we|u|you|need|show|tell|gimme|give)\\b)";

const REWRITES: Rewrite[] = [
  // "fr fr", "frfr": always "for real"; "fr" alone only beside other slang or opening a question ("fr what's my…"),
  // or after one ends ("…this week? fr"). "in fr", "FR", "sales fr vs de" stay France.
  [/\b(?:fr\s+fr|frfr)\b/gi, " "],
  [new RegExp(`^\\s*fr\\b${QUESTION_NEXT}`, "g"), " "],
  [
    /(?<=[?!]\s*|\b(?:ngl|tbh|lol|lmao|no cap|deadass|lowkey|highkey|like|i'm|im|srsly)\s+)fr\b(?=\s*(?:[?!.]|$))/gi,
    " ",
  ],
  [/(?<=\b(?:ngl|tbh|lowkey|highkey|no cap|deadass|srsly)\s+)fr\b/gi, " "],
  // "wait what can u do", "hold up, how much…": surprise before a question, asking nothing ("wait for the restock" is
  // no question word away).
  [
    /^\s*(?:(?:ok|okay|oh)\s+)?(?:wait+|hold (?:up|on)|hol up)\b\s*[,.!?-]*\s*(?=(?:what|what's|whats|how|which|who|who's|so|is|are|can|could|do|does|did|why|u|you)\b)/i,
    "",
  ],
  // "or nah", "or naw": "or not".
  [/\bor\s+(?:nah+|naw+|na)\b(?=\s*(?:[?!.,]|$))/gi, "or not"],
  // "wbu", "hbu": what (how) about; "tryna": trying to; "bcuz", "bcoz", "coz": because.
  [/\bwbu\b/gi, "what about"],
  [/\bhbu\b/gi, "how about"],
  [/\btryna\b/gi, "trying to"],
  [/\b(?:bcuz|bcoz|becuz|coz|cuz|bc)\b(?!\/)/gi, "because"],
  // "my mom", "mom still thinks": a mother, not month over month ("revenue MoM").
  [/\b(my|your|ur|his|her|our|their|the|a)\s+(mom|mommy|momma|moms)\b/gi, "$1 mum"],
  [
    /\bmom\b(?=\s+(?:and|&)\s+dad\b|\s+(?:still|always|never|just|really|literally)?\s*(?:thinks|says|said|asked|asks|wants|keeps|told|tells|thought)\b)/gi,
    "mum",
  ],
  // "wow, …", "wow my sales…": surprise, not week over week ("revenue WoW", "WoW revenue by day").
  [
    /^\s*wow+\b(?:\s*[,!.]+\s*|\s+(?=(?:what|what's|whats|how|which|who|is|are|was|my|i|i'm|im|we|so|ok|okay|that|this|just|can|could)\b))/i,
    "",
  ],
  // "what should I restock ty": thanks closing a question asked in words; "revenue ty vs ly" is this year.
  [
    /\s*[,!.?]?\s+(?:ty|tysm|tyvm|thx|thnx)\s*[!.]*\s*$/gi,
    (all: string, at: string, text: string) => (ASKED_IN_WORDS.test(text.slice(0, Number(at))) ? "" : all),
  ],
];

/** A clause asked in words, not a terse report line ("what should I restock", "show me…", not "revenue ty"). */
const ASKED_IN_WORDS =
  /^\W*(?:(?:ok|okay|so|and|hey|hi)\W+)*(?:what|what's|whats|how|which|who|who's|why|when|where|is|are|was|were|did|do|does|can|could|would|will|should|show|tell|give|gimme|list|pull|i|we|my|need)\b/i;

/** An aside at the start of the text or of a clause, with the mark after it. */
const LEADING_ASIDE = new RegExp(`(^|[,.;:!?]\\s*|\\s[-–—]\\s*)(?:${ASIDE}\\b\\s*[,.!:;-]*\\s*)+(?=\\S)`, "gi");
/** An aside closing the text or a clause. */
const CLOSING_ASIDE = new RegExp(`(?:\\s*[,-]?\\s*\\b${ASIDE}\\b)+\\s*(?=[,.;:!?]|$)`, "gi");

/** The question without slang asides and with texting shorthand written out; other text as it is. */
export function withoutTextingSlang(text: string): string {
  let out = text.replace(EMOJI, " ");
  for (const [pattern, replacement] of REWRITES)
    out = out.replace(pattern, replacement as (substring: string, ...args: unknown[]) => string);
  out = out.replace(LEADING_ASIDE, "$1").replace(CLOSING_ASIDE, "");
  out = out.replace(/\s{2,}/g, " ").trim();
  // Slang alone ("lol", "ngl") is all there is: it stays, to be refused as it is.
  return /[a-z]{2}/i.test(out) ? out : text;
}
