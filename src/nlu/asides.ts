/**
 * What a seller says in passing beside the question while working through their own numbers: a subject put aside
 * before the next one, and a figure they quote back from their sheet. Neither asks anything of the data: the request
 * decides the intent and its filters.
 */

/** Words that may open a remark without changing it ("right", "ok", "got it"). */
const OPENER = "(?:(?:ok|okay|right|so|and|fine|cool|great|thanks|got it|hmm|alright)[,.!\\s]+)*";
/** The subject named, a few words at most ("the returns", "that refund stuff", "my ads"). */
const SUBJECT = "(?:the |that |those |these |this |my |our |all the |all that )?(?:[a-z'&-]+ ){0,2}?[a-z'&-]+";
/** For how long it is put aside. */
const FOR_NOW = "(?:for now|for the moment|for a (?:sec|second|bit|minute|moment)|for later|(?:till|until) later)";

/**
 * A subject put aside before the next question, up to the stop, colon, comma or dash after it ("Right, parking the
 * returns for now.", "let's leave the ads there -", "enough about refunds:", "shelving the stock question,"): the
 * question after it starts afresh and keeps nothing of the subject parked. A filter let go of ("forget the UK, what
 * about Germany") is no subject put aside: it has to be said to wait.
 */
export const SUBJECT_PARKED = new RegExp(
  `^\\s*${OPENER}(?:(?:let's |let us |i'll |we'll |i'm |we're |i am |we are )?(?:` +
    // "parking the returns for now", "shelve the ad stuff"
    `(?:park|parking|shelve|shelving) ${SUBJECT}(?: ${FOR_NOW})?` +
    // "leaving the returns aside", "put the refunds on hold for now", "forget the ads for a minute"
    `|(?:leave|leaving|set|setting|put|putting|forget|forgetting) ${SUBJECT} (?:(?:aside|to one side|on hold|on the back burner|there)(?: ${FOR_NOW})?|${FOR_NOW})` +
    `)|(?:enough|that's enough) (?:about|of|on) ${SUBJECT}(?: ${FOR_NOW})?` +
    `|(?:moving on|move on|let's move on) from ${SUBJECT})\\s*[:;.!?,\\-–—]+\\s*(?=\\S)`,
  "i",
);

/**
 * A figure the seller quotes back from what they already have ("I've got Yoga Mats - Broad at about 48%", "my sheet
 * says Pet Supplies is around 22%", "I make it roughly 1,200 units"): a first-person sentence that tells a number it
 * holds. The campaign, category or product it names is where the seller's own figure stands, not a scope of the
 * question asked beside it.
 */
export const QUOTED_FIGURE = new RegExp(
  `^${OPENER}(?:(?:i|we)(?:'ve| have)? got|(?:i|we) have|(?:i|we)(?:'ve| have)? (?:noted|written down|jotted down|put down|pencilled in|penciled in|recorded|logged)|(?:i|we) (?:wrote|jotted|put) down|(?:i|we) make it|(?:i|we)(?:'ve| have)? (?:worked out|calculated|estimated)|(?:my|our) (?:own )?(?:spreadsheet|sheet|tab|numbers|figures|notes|records|books|tracker|report)(?: (?:has|have|had|says|said|shows|showed|puts|put|gives|gave))?)\\b[^?]*?\\d`,
  "i",
);

/**
 * The seller's own guess of the answer ("I think it's Beauty & Personal Care at about 35%", "my bet is Yoga Mats -
 * Broad", "probably the puzzles", "I reckon Pet Supplies"): like a quoted figure, the campaign, category or product it
 * names is a row the seller expects on top of the ranking asked beside it, to be checked, not a scope of the question.
 */
export const SELLERS_GUESS = new RegExp(
  "\\b(?:" +
    // "I think it's…", "I suspect that's…": a belief said of the answer ("I think my sales dropped" is no guess).
    "(?:i|we) (?:think|believe|suspect|expect|assume|figure) (?:it's|its|it is|it was|it'll be|it will be|that's|that it's|the (?:answer|winner|top one|best one|worst one) is)" +
    // "I reckon Pet Supplies", "I'd say the yoga mat", "I bet it's the puzzle".
    "|(?:i|we) (?:reckon|bet)|(?:i|we)(?:'d| would) (?:guess|say|bet)" +
    "|(?:i'm|i am|we're|we are) (?:guessing|betting|pretty sure it's|fairly sure it's|sure it's)" +
    // "my bet is…", "my money's on…", "my gut says…".
    "|(?:my|our) (?:bet|guess|money|hunch|gut|instinct)(?:'s| is| says| would be| was| goes)" +
    "|(?:it's|its|it is|that's) (?:probably|likely|most likely)" +
    ")\\b" +
    // "probably Pet Supplies, right?": a guess that opens its sentence.
    `|^${OPENER}(?:probably|likely|most likely)\\b`,
  "i",
);

/** A question that points back at what the quote named ("what was it last month", "is that right"). */
export const QUOTE_BACK_REFERENCE =
  /\b(?:it|its|it's|that one|this one|(?:that|this|the same) (?:campaign|category|product|item|sku|asin|listing|marketplace|figure)|my figure)\b/i;

/**
 * A sentence told beside the question that waves off what it names ("Yoga Mats - Broad is already switched off, so
 * never mind that one", "I already know the puzzles are fine, so don't worry about those"): the campaign, category or
 * product it names is left out by the seller, never the scope of the question asked.
 */
export const NAME_WAVED_OFF =
  /\b(?:never ?mind|(?:don't|dont|do not|no need to) worry about|(?:you can |feel free to )?(?:skip|ignore|leave out|forget about)|no need to (?:check|look at|include|bother with)) (?:that one|this one|those ones|those|these|them|that|it)\b|\bleave (?:that one|this one|those|them|it) out\b/i;

/**
 * The question before dropped in a few words, up to the stop, comma or dash after them ("Ok leave it.", "forget it,",
 * "never mind that -", "drop that.", "nvm."): what follows is asked afresh when it is a question of its own ("Ok leave
 * it. Tell me the refund rate of every product in Italy"), keeping nothing of the product or place dropped. Only a
 * pronoun is dropped so: "forget the UK, what about Germany" lets go of a filter, and "leave it out" is read elsewhere.
 */
export const QUESTION_DROPPED = new RegExp(
  `^\\s*${OPENER}(?:(?:let's |let us |just |you can |please )?(?:leave|forget|drop|skip|scrap|ditch|ignore|park|forget about|never ?mind|nevermind|don't worry about|dont worry about|no need for) (?:it|that|this|that one|this one|them|those)(?: (?:then|now|for now|please|pls|anyway|actually))*|never ?mind|nevermind|nvm|forget it|scratch that|not important|no matter)\\s*[:;.!?,\\-–—]+\\s*(?=\\S)`,
  "i",
);
