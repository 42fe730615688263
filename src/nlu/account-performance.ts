/**
 * How the whole account did, asked at a depth ("the comprehensive version of how the account performed last month",
 * "in depth: how did my shop do in September", "a full write-up of how the store did in October"): the performance
 * findings at that depth. Only the insights answer comes in depths (contract: detail_level), so the depth word says a
 * write-up of the business is wanted, not its revenue total. Without a depth ("how did we do in Q4") it stays the sales
 * total, and a figure named ("how did we do on revenue, in detail") keeps that figure's own answer.
 */

/** The business as a whole: the seller's shop, store, account, brand, or "we" and "I" ("things" could be anything's). */
const WHOLE = "(?:(?:the|my|our|this) (?:shop|store|storefront|business|account|company|brand|amazon business)|i|we)";

/** Verbs of how it went. */
const WENT =
  "(?:do|did|done|doing|perform|performed|performing|go|went|gone|going|fare|fared|faring|get on|got on|gotten on)";

/** "how did the account perform", "how the store did", "how we fared", "how we have done". */
const HOW_IT_WENT = new RegExp(
  `(?:^| )how (?:(?:did|does|do|has|have|had|is|are|was|were) ${WHOLE} ${WENT}|${WHOLE} (?:has |have |had |is |are |was |were )?${WENT})(?= |$)`,
);

/** Whether the question asks how the whole business went. */
export function asksHowTheAccountWent(topicText: string): boolean {
  return HOW_IT_WENT.test(topicText);
}
