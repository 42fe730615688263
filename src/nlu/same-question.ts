/**
 * "Same question" said of a place, a period or a part of the catalog: the question before, asked there. "same question
 * for amazon.co.uk", "what about Germany, same question", "ask the same for last week", "the same question for Pet
 * Supplies". The words the seller wraps it in may be of another language or none the parser knows ("Kalau for
 * amazon.co.uk gimana? Same question", "sa Germany naman, same question po", "für Frankreich bitte, same question"):
 * they only say how the seller talks, so they neither make it a question about seller-ai ("question" is no request for
 * help) nor a new one. A figure, rows or a threshold said beside it ("same for profit", "same by category") are edits
 * read elsewhere, not this.
 */
import type { Slots } from "./slots.js";

/**
 * The same question asked again: "same question", "same query", "ask (me) the same", "the same thing for", "same
 * again". Not "the same period", "same day last week", which are periods.
 */
const SAME_ASKED =
  /(?:^| )(?:(?:the )?same (?:question|query|q)|(?:ask|asking|answer|run|check|do) (?:me |it |that )?(?:the )?same(?: thing| one)?|(?:the )?same(?: thing| one)? (?:for|in|on|about|but for|but in)|same again)(?= |$)/;

/** Whether the reply asks the question before again of the place, period or part of the catalog it names. */
export function asksTheSameQuestionOf(slots: Slots): boolean {
  const text = slots.masked
    .replace(/[,.;:!?()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const scope =
    slots.marketplace !== undefined ||
    slots.allMarketplaces ||
    slots.timeframe !== undefined ||
    slots.category !== undefined ||
    slots.subcategory !== undefined ||
    slots.campaign !== undefined ||
    slots.sku !== undefined ||
    slots.asin !== undefined;
  return (
    scope &&
    SAME_ASKED.test(text) &&
    slots.metrics.length === 0 &&
    slots.groupBy === undefined &&
    slots.entityGroup === undefined &&
    slots.conditions.length === 0
  );
}

/** A count of periods said in words or digits: "two", "3", "a couple of", "a few". */
const COUNT =
  "(?:\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty|sixty|ninety|(?:a )?couple(?: of)?|(?:a )?few)";

/**
 * "the same two months", "those same 3 weeks", "the same couple of days", "same 30 days": a count of periods said with
 * "same" points back at the period asked before, as "the same period" does; it is no new period of that length counted
 * back from today.
 */
const SAME_COUNTED = new RegExp(
  `\\b(?:(?:the|those|these|that|this)\\s+)?(?:very\\s+|exact\\s+)?same\\s+${COUNT}\\s+(?:days?|weeks?|months?|quarters?|years?)\\b`,
  "gi",
);

/** The question with a counted "same" period said as "the same period" ("Canada for the same two months?"). */
export function withSamePeriodSaidPlainly(text: string): string {
  return text.replace(SAME_COUNTED, "the same period");
}
