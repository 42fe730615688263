/**
 * Money or clicks that brought nothing back: "keywords that spent over $20 and no orders", "terms over 30 quid but zero
 * sales", "targets with 40+ clicks and not a single order". Joined to an amount spent or a count of clicks, the orders
 * that did not come are none at all: the spend is wasted, which "with no orders" says. Without that amount, "lots of
 * clicks but no orders" or "sessions and few sales" is a low conversion rate, which the metric phrases read (they know
 * "and no orders" as a conversion rate, so this is read first).
 */

/** What was put in: an amount of money ("$20") or a count of clicks ("40 clicks", "40+ clicks"). */
const PUT_IN = String.raw`(?:\$\d+(?:\.\d+)?k?|\d+(?:\.\d+)? ?\+? (?:clicks?|taps?))`;

/** Words that say none came back: "no", "zero", "0", "not a single", "not one", "not even one". */
const NONE = String.raw`(?:no|zero|0|nil|not a single|not one|not even one|not even a single)`;

const NOTHING_IN_RETURN = new RegExp(
  String.raw`(?<![\w$])(${PUT_IN})(?: (?:on|in) (?:ads?|ppc|advertising))? (?:and|but|yet|&|n|while|with)(?: (?:got|getting|gets|had|having|has|have|brought|bringing|made|making|produced|returned|then))?(?: in)? ${NONE} (orders?|sales?|conversions?|purchases?)(?![\w])`,
  "g",
);

/** The text with an amount spent, or clicks bought, joined to none of the orders said as "with no orders". */
export function withNothingInReturn(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(NOTHING_IN_RETURN, (_all, putIn: string, noun: string) => `${putIn} with no ${noun}`);
}

/**
 * "without a single sale", "not one order", "never led to one order", "didn't bring in a single conversion": none at
 * all, no count of one (which "a single" would otherwise be, and a singular count a ranking of one row).
 */
const NOT_ONE =
  /(?<![\w])(without|not|(?:never|not|didn't|did not|don't|do not|doesn't|does not|haven't|hasn't|won't)(?: (?:even|once|ever))? (?:lead|leads|led|leading|result|results|resulted|bring|brings|brought|turn|turns|turned|convert|converts|converted|get|gets|got|getting|generate|generated|generates|produce|produced|produces)(?: (?:to|in|into|about|in to))?)(?: even)? (?:a single|one single|a solitary|one|1|a|an) (sale|order|conversion|purchase)s?(?![\w])/g;

/** The text with "without a single sale" said as "without any sales", "not one order" as "no orders". */
export function withNotASingleSaleAsNone(text: string): string {
  if (!/without|never|not|n't/.test(text)) return text;
  return text.replace(NOT_ONE, (_all, denied: string, noun: string) =>
    denied === "not" ? `no ${noun}s` : `${denied} any ${noun}s`,
  );
}
