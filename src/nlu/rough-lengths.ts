/**
 * A rough length of time said in passing ("the courier needs a day or two", "customs adds two or three days", "it
 * takes a week or so to arrive"): how long something takes beside the question, never how many rows to show nor a
 * threshold. Read as "a few days" (or weeks, months), which the parser already hears as an amount said in passing.
 * A period asked about ("the last day or two", "over the next two or three weeks") is left to the period grammar.
 */

const SMALL = "(?:one|two|three|four|five|six|seven|eight|nine|ten|[1-9]|1[0-9])";
const UNIT = "(day|week|month)";
/** Words that make a rough length a period of the question ("last", "next", "within", "over the"). */
const ASKED_PERIOD = "(?<!(?:last|past|next|coming|within|over|the|these|those) )";
const ROUGH_LENGTH = new RegExp(
  [
    // "a day or two", "a week or so", "one day or two"
    `${ASKED_PERIOD}(?<![\\w])(?:a|an|one) ${UNIT} or (?:two|so|2)(?![\\w])`,
    // "two or three days", "1 or 2 weeks", "a couple of days", "a couple days"
    `${ASKED_PERIOD}(?<![\\w])(?:${SMALL} or ${SMALL}|a couple(?: of)?) ${UNIT}s(?![\\w])`,
  ].join("|"),
  "g",
);

/** Normalized `text` with each rough length said in passing as "a few" of its unit. */
export function roughLengthsAsFew(text: string): string {
  if (!/ or | couple/.test(text)) return text;
  return text.replace(ROUGH_LENGTH, (_all, one?: string, many?: string) => `a few ${one ?? many}s`);
}
