/**
 * Where one sentence of a question ends and the next starts. Normalizing drops the stops, so a figure named at the
 * start of one sentence ("…the other sellers on B0…? Sales on it have been slow") reads as if it belonged to the
 * last words of the sentence before; joining the sentences with "and" keeps them apart for the readers that look at
 * neighbouring words.
 */

/**
 * A sentence break: a stop, a question mark or a colon, a dash between words, or a comma after the "please" that closes
 * a request ("the restock list for Germany please, the courier adds a few days").
 */
export const SENTENCE_BREAK = /(?<=[.!?;:])\s+(?=\S)|\s+[-–—]+\s+|(?<=\b(?:please|pls|plz)),\s+/i;

/** The text's sentences joined by "and", a word no phrase runs across; undefined when it has only one sentence. */
export function sentencesLinked(text: string): string | undefined {
  const sentences = text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => /[a-z]/i.test(s));
  return sentences.length < 2 ? undefined : sentences.join(" and ");
}
