/**
 * A whole figure with some of its parts given in brackets as examples: "total fees (referral, FBA, all of it)", "my
 * costs (e.g. shipping, storage)", "Amazon charges (including referral and FBA etc.)". The brackets say what the whole
 * holds, not which part to show, so the seller asks for the whole figure. A few words may stand between the figure and
 * its brackets ("fees on the UK account (referral, FBA, all of it)"). A bracketed list with no mark of examples
 * ("fees (referral and FBA)") may be a choice of parts and is left to the other readings.
 */

/** Words that open a list of examples. */
const EXAMPLES_OPEN = String.raw`(?:e\.? ?g\.?|eg|i\.? ?e\.?|like|such as|incl\.?|including|includes|inc\.?|say)`;
/** Words that close a list by taking in the rest. */
const EVERYTHING_CLOSE = String.raw`(?:all of (?:it|them|that|those)|all (?:in|together|included)|everything(?: else)?|the lot|the whole lot|etc\.?|and so on|and the rest|whatever(?: else)?|any(?: and all)?|all the (?:rest|others?)|every(?: single)? one)`;

const WHOLE_WITH_EXAMPLES = new RegExp(
  String.raw`\b((?:fees|costs|charges|expenses)(?:\s+[^\s()]+){0,5}?)\s*\(\s*(?:${EXAMPLES_OPEN}\b[^()]*|[^()]*?\b${EVERYTHING_CLOSE})\s*[.!]?\s*\)`,
  "gi",
);

/** The question with a whole figure's bracketed examples left out ("fees (referral, FBA, all of it)" → "fees"). */
export function withoutPartsAsExamples(text: string): string {
  return text.includes("(") ? text.replace(WHOLE_WITH_EXAMPLES, "$1") : text;
}
