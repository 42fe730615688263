/**
 * A whole figure with some of its parts given in brackets as examples: "total fees (referral, FBA, all of it)", "my
 * costs (e.g. shipping, storage)", "Amazon charges (including referral and FBA etc.)". The brackets say what the whole
 * holds, not which part to show, so the seller asks for the whole figure. A few words may stand between the figure and
 * its brackets ("fees on the UK account (referral, FBA, all of it)"). A bracketed list with no mark of examples
 * ("fees (referral and FBA)") may be a choice of parts and is left to the other readings.
 */

import { readDataJson } from "../core/reference-data.js";

/** Words that open a list of examples. */
const EXAMPLES_OPEN = String.raw`(?:e\.? ?g\.?|eg|i\.? ?e\.?|like|such as|incl\.?|including|includes|inc\.?|say)`;
/** Words that close a list by taking in the rest. */
const EVERYTHING_CLOSE = String.raw`(?:all of (?:it|them|that|those)|all (?:in|together|included)|everything(?: else)?|the lot|the whole lot|etc\.?|and so on|and the rest|whatever(?: else)?|any(?: and all)?|all the (?:rest|others?)|every(?: single)? one)`;

const WHOLE_WITH_EXAMPLES = new RegExp(
  String.raw`\b((?:fees|costs|charges|expenses)(?:\s+[^\s()]+){0,5}?)\s*\(\s*(?:${EXAMPLES_OPEN}\b[^()]*|[^()]*?\b${EVERYTHING_CLOSE})\s*[.!]?\s*\)`,
  "gi",
);

/**
 * The same list without brackets, after the whole and a mark or a word of examples: "all the fees I paid, referral and
 * FBA and everything", "fees in total last year, including FBA and referral", "Amazon fees such as referral and
 * storage", "my fees: referral, FBA, the lot". Unbracketed, only the fees' own parts (words.json `fee_parts`) make the
 * list, so the words after it stay the question's ("fees including FBA for last month"); and the parts must be said as
 * examples ("including", "such as") or closed by the rest ("and everything", "all of them"). A part asked alone
 * ("referral fees last month") or a choice of parts ("fees: referral or FBA?") is left to the other readings.
 */
let wholeWithListedParts: RegExp | undefined;

function wholeWithListedPartsPattern(): RegExp {
  if (wholeWithListedParts) return wholeWithListedParts;
  const parts = readDataJson<{ fee_parts: string[] }>("nlu/words.json")
    .fee_parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[ -]/g, "[\\s-]+"))
    .sort((a, b) => b.length - a.length);
  const part = String.raw`(?:(?:the|all|other|amazon(?:'s)?)\s+)*(?:${parts.join("|")})(?:\s+(?:fees?|charges?|costs?|surcharges?))?`;
  const joint = String.raw`(?:\s*[,&+/]\s*(?:and\s+|plus\s+)?|\s+(?:and|plus|n)\s+)`;
  const list = String.raw`${part}(?:${joint}${part})*`;
  const close = String.raw`(?:${joint}|\s+)${EVERYTHING_CLOSE}`;
  wholeWithListedParts = new RegExp(
    String.raw`\b((?:fees|costs|charges|expenses)(?:\s+[^\s,;:()]+){0,6}?)\s*(?:[,;:]|\s[-–—])?\s*(?:${EXAMPLES_OPEN}\s+${list}(?:${close})?|${list}${close})(?![\w])`,
    "gi",
  );
  return wholeWithListedParts;
}

/** The question with a whole figure's examples left out ("fees (referral, FBA, all of it)" → "fees"). */
export function withoutPartsAsExamples(text: string): string {
  const bracketsOut = text.includes("(") ? text.replace(WHOLE_WITH_EXAMPLES, "$1") : text;
  return /\b(?:fees|costs|charges|expenses)\b/i.test(bracketsOut)
    ? bracketsOut.replace(wholeWithListedPartsPattern(), "$1")
    : bracketsOut;
}
