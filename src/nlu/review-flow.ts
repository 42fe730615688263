/**
 * Reviews said to slow down, dry up or tail off count how many come in, not their stars: "reviews on B0… are they
 * slowing down", "have reviews for my dog toys tailed off", "the puzzle's reviews, have they dried up?". The words
 * between the reviews and the verb (a product, "are they", "for my") do not change what slows. Reviews that get worse
 * or better ("reviews getting worse") are the rating, and stay so.
 */

/** A verb of reviews coming in more slowly (or faster again). */
const FLOW =
  "(?:slow(?:s|ed|ing)? down|slow(?:ed|ing)|dr(?:y|ies|ied|ying) up|tail(?:s|ed|ing)? off|taper(?:s|ed|ing)?(?: off)?|peter(?:s|ed|ing)? out|trickl(?:e|es|ed|ing)(?: in)?|stall(?:s|ed|ing)?|dwindl(?:e|es|ed|ing)|thin(?:s|ned|ning)? out|fizzl(?:e|es|ed|ing) out|stopped coming(?: in)?|pick(?:s|ed|ing)? up|sp(?:eed|eeds|ed|eeding) up)";

/**
 * "reviews", then up to eight words of the same clause that name no rating and end no sentence, then a verb of flow. The
 * reviews already counted ("new reviews", "review count") are left as they are.
 */
const REVIEWS_FLOWING = new RegExp(
  `(?<![\\w])(?<!new )reviews((?: (?!(?:__stop__|__ask__|__lead__|ratings?|stars?|scores?|rated|rating)(?: |$))[^ ]+){0,8}) ${FLOW}(?![\\w])`,
  "g",
);

/** The text with reviews said to flow named as new reviews, the count of them. */
export function withReviewFlowAsCount(text: string): string {
  if (!text.includes("reviews")) return text;
  return text.replace(REVIEWS_FLOWING, (all) => `new ${all}`);
}
