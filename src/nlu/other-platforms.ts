/**
 * Another selling platform (Etsy, eBay, Shopify…) named only as the seller's background: a seller new to Amazon
 * compares what they ask for with what they knew there ("visits per day, like the graph on the Etsy stats page",
 * "sold count, as eBay calls it") or tells where they come from ("I'm coming from Shopify, what was my revenue this
 * week?"). The question is still about their Amazon data, so the mention is taken out before the platform's name
 * makes it sound like a question about that platform. A question asked of the platform's own figures ("how much did
 * my eBay shop make", "compare my Etsy shop with Amazon") keeps its name and stays out of domain: only the mention in
 * one of the shapes below goes.
 */

/** The platforms a seller comes to Amazon from, possessive or not. */
const PLATFORM =
  "(?:etsy|e-?bay|shopify|woo ?commerce|walmart|tiktok shop|depop|vinted|poshmark|mercari)(?:'s|s'|\u2019s)?";

/** What of the platform a comparison points at, after its name ("the Etsy stats page", "like eBay does"). */
const ITS_PART =
  "(?:\\s+(?:stats?|statistics|analytics|insights|dashboards?|pages?|apps?|seller hub|shop manager|admin|reports?|graphs?|charts?|screens?|view|used to|does|did|do|shows?|showed|has|had|gives?|gave|it|them|too|as well))*";

/** Words between a comparison and the platform ("like the graph I had on", "as it was on", "the way they show it on"). */
const FILLER =
  "(?:(?:the|a|an|one|ones|old|same|i|we|it|they|them|what|how|is|was|were|are|had|have|has|did|do|does|used to|use to|get|got|see|saw|show|shows|showed|shown|give|gives|gave|there|back|graphs?|charts?|stats?|statistics|pages?|views?|reports?|dashboards?|numbers|figures|screens?|apps?|analytics|insights|tabs?|sections?)\\s+){0,6}?";

/** A word that opens a comparison: "like" not said as a wish ("I'd like"), "as" not in "as well as" or "as opposed to". */
const COMPARING =
  "(?:(?:just|kind of|sort of|a bit|pretty much|much|exactly) )?(?:(?<!\\b(?:i'd|we'd|you'd|i|we|you|they|would|do|don't|dont|want|wants|should)\\s)like|same as|the same as|similar to|the way|(?<!\\b(?:well|such|so)\\s)as(?= (?:on|in|at|with|i|we|it|they)\\b))";

/**
 * A comparison with how the platform shows it ("like the graph on the Etsy stats page", "the way Shopify does it", "same
 * as on eBay", "similar to Etsy's dashboard"), or what the platform calls it ("as eBay calls it", "in Etsy speak"): the
 * form the answer may take, with a comma or an opening bracket before it.
 */
const COMPARED_WITH_PLATFORM = new RegExp(
  `\\s*[,(]?\\s*\\b${COMPARING}\\s+${FILLER}(?:(?:on|in|at|from|with|via)\\s+(?:the\\s+|my\\s+|our\\s+|an?\\s+)?)?${PLATFORM}\\b${ITS_PART}\\s*\\)?` +
    `|\\s*[,(]?\\s*\\b(?:that's |thats |which is |it's |its )?(?:what|as|how) ${PLATFORM} (?:calls?|called|names?|named|labels?|labelled|labeled) (?:it|them|this|that|(?:[\\w'-]+\\s*){1,3}(?=\\)|[,.;:!?]|$))\\b\\s*\\)?` +
    `|\\s*[,(]?\\s*\\b(?:in|to use) ${PLATFORM} (?:terms|speak|lingo|language|jargon|words)\\b\\s*\\)?`,
  "gi",
);

/** Where one clause ends and the next starts: a stop, a comma or colon, or a dash between words. */
const CLAUSE_BREAK = /(?<=[.!?;:,])\s+(?=\S)|\s+[-–—]+\s+/;

/** A clause that names a platform. */
const NAMES_PLATFORM = new RegExp(`\\b${PLATFORM}(?=[\\s.,!?;:)]|$)`, "i");

/**
 * The seller's past or origin on the platform, told as a statement ("I used to sell on Etsy", "coming over from eBay",
 * "on Shopify I'd check it every morning", "before Amazon I was on Etsy for years").
 */
const BACKGROUND =
  /\b(?:used to|use to|previously|formerly|in the past|back (?:when|then|on|in)|before (?:amazon|this|now|that|(?:i|we) (?:came|moved|switched|started|joined))|(?:came|come|comes|coming|moved|move|moving|switched|switch|switching|migrated|migrating|transitioned|transitioning|crossed|crossing|graduated|graduating)(?: over| across)? (?:from|off)|(?:new|newer|fresh) to (?:amazon|fba|selling on amazon)|years (?:on|of selling on|selling on|with)|(?:i|we)(?:'ve| have|'d| had)? (?:was|were|been|started|began|started out|begun) (?:\w+ ){0,2}?(?:on|with|at)|(?:i|we)(?:'d| would) (?:always |usually |just )?(?:look|check|see|get|watch|track)|(?:i|we) (?:sold|ran|had|got|saw|tracked|checked|watched|looked at|could see|could check|always|usually)|^(?:(?:so|and|but|well|ok|okay)\s+)?(?:back |over )?(?:on|at|with) (?:etsy|e-?bay|shopify|woo ?commerce|walmart|tiktok shop|depop|vinted|poshmark|mercari)\b)/i;

/** A clause that asks or bids: a question word, a request, or a question mark. */
const ASKS =
  /\?|\b(?:how|what|what's|whats|which|who|where|why|can you|could you|would you)\b|^(?:(?:so|and|but|ok|okay|now)\s+)?(?:please\s+|pls\s+)?(?:show|tell|give|pull|list|compare|check|add|sum|total|get|fetch|find)\b/i;

/** Where one sentence ends and the next starts. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=\S)/;

/**
 * The text without the platform's name where it is only the seller's background; the text itself otherwise. A
 * sentence of its own that only tells ("On Etsy it was just the listing fee.") is left whole: the sentence that asks
 * is read apart from it later, as any story told before a question is.
 */
export function withoutPlatformBackground(text: string): string {
  if (!NAMES_PLATFORM.test(text)) return text;
  const compared = text
    .replace(COMPARED_WITH_PLATFORM, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
  const kept = /[a-z]/i.test(compared) ? compared : text;
  const sentences = kept.split(SENTENCE_BREAK);
  return sentences
    .map((sentence) => (sentences.length === 1 || ASKS.test(sentence) ? withoutBackgroundClauses(sentence) : sentence))
    .join(" ");
}

/** An asking sentence without its clauses that only tell the seller's past on the platform. */
function withoutBackgroundClauses(sentence: string): string {
  const clauses = sentence.split(CLAUSE_BREAK);
  const told = (c: string) => NAMES_PLATFORM.test(c) && BACKGROUND.test(c) && !ASKS.test(c);
  const asking = clauses.filter((c) => !told(c));
  if (asking.length === clauses.length || !asking.some((c) => /[a-z]/i.test(c))) return sentence;
  return asking.join(" ");
}
