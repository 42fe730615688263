/**
 * A new subject announced ("ok unrelated, …", "side question: …", "off topic - …", "different thing: …"): the seller
 * says the question is not about the one before, so it keeps nothing of it (no place, period or ranking), however
 * much it reads like a follow-up ("what about refunds this month").
 */

/** The announcements that can stand anywhere in the question ("…, different question, …"). */
const ANNOUNCEMENT =
  "(?:a |on a |on |one |a quick |quick |another |totally |completely |entirely |slightly |somewhat |kinda |kind of )?" +
  "(?:(?:different|diff|separate|unrelated|new|another|other|side|random|off topic|off-topic) " +
  "(?:thing|question|topic|subject|matter|note|q|query)(?: entirely| altogether)?" +
  // "one" only after a word that says it is apart: "another one" may be one more of the rows shown.
  "|(?:side|random|unrelated|different|separate) one" +
  "|(?:change|changing|switch|switching) (?:of )?(?:topics?|subjects?|gears|tack)" +
  "|something (?:else|different) (?:entirely|altogether)|moving on|on (?:another|a different|a separate|an unrelated) note" +
  "|new question|off topic|off-topic)";

/** A new subject announced anywhere in the question. */
export const NEW_SUBJECT = new RegExp(`(?:^|[\\s,.;:!?-])${ANNOUNCEMENT}(?=[\\s,.;:!?-]|$)`);

/**
 * A new subject announced before the question, up to the stop, colon, dash or "but" after it ("Other question:", "new
 * topic -", "totally unrelated but …"). "Unrelated" alone only labels a question there, first: said later it is
 * asked of something ("are the refunds unrelated to the price change").
 */
export const NEW_SUBJECT_LABEL = new RegExp(
  "^\\s*(?:(?:ok|okay|right|so|and|also|now|hey|btw|oh|alright)[,\\s]+)*" +
    `(?:${ANNOUNCEMENT}|(?:totally |completely |entirely |slightly |somewhat |kinda |kind of |quick(?:ly)? )?unrelated(?: to (?:that|this|the above|all that|the last one|what you said))?|nothing to do with (?:that|this|the above|all that))` +
    "(?:\\s*[:;.!?,\\-–—]+\\s*(?:but\\s+)?|\\s+but\\s+|,?\\s+but[,\\s]+)(?=\\S)",
  "i",
);
