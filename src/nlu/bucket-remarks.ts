/**
 * A reply that asks for other time buckets by remarking on them rather than by a command: "hmm, monthly buckets would
 * be easier to read", "daily would be better", "weeks might read better", "I think months would make more sense", "I'd
 * rather see it weekly". The whole reply is the remark (and the words a seller opens or closes one with), so it only
 * re-buckets the chart before: "better" there judges the buckets, it asks for no best rows, and a question with words
 * of its own ("which weeks were better", "weekly revenue would be nice to see") is left to be read as it stands.
 * Reads the normalised text of slots.ts (lower case, no commas).
 */
import type { GroupBy } from "../core/understanding.js";

/** Time buckets by name, plural or as an adverb. */
const UNITS: Record<string, GroupBy> = {
  days: "day",
  daily: "day",
  weeks: "week",
  weekly: "week",
  months: "month",
  monthly: "month",
  quarters: "quarter",
  quarterly: "quarter",
};
const UNIT = "(days|weeks|months|quarters|daily|weekly|monthly|quarterly)";
/** After "by" or "per", the unit is singular ("I'd prefer it by month"). */
const UNIT_AFTER_BY = "(?:by|per) (day|week|month|quarter)";

/** Words a remark may open with: "hmm", "ok", "actually", "I think", "maybe". */
const OPENER =
  "(?:(?:hmm+|hm|ok|okay|k|yeah|yes|right|actually|honestly|tbh|so|but|and|though|maybe|perhaps|probably|i think|i guess|i feel like|i reckon|thinking about it|on second thought|oh|ah|nah|no|thanks|cheers|cool|nice)(?: |$))*";

/** What the buckets may be called: "monthly buckets", "a weekly view", "the daily chart". */
const NOUN =
  "(?: (?:buckets?|view|chart|graph|breakdown|bars|columns|grouping|granularity|intervals|periods|totals|numbers|figures|points|split|version|basis|one))?";

/** How the remark judges them: "would be easier", "might read better", "would make more sense", "is clearer". */
const JUDGED =
  " (?:(?:would|might|will|could|may|should|'d|probably|is|are|would probably|might actually|would actually|would honestly) )*(?:(?:be|read|reads|look|looks|work|works|make|makes) )?(?:(?:a lot|lots|much|way|far|a bit|a little|even|so much|definitely) )?(?:better|easier|clearer|nicer|simpler|cleaner|neater|more readable|more useful|less noisy|smoother|more sense|preferable|ideal)(?: to (?:read|see|follow|digest|scan|compare|understand|look at|spot|eyeball|take in)(?: (?:trends?|it|them|the trend|patterns))?)?";

/** A wish for them: "I'd rather see it weekly", "I'd prefer it by month", "I'd like them monthly". */
const WISHED = `(?:i'd|i would|we'd|we would|i|we) (?:prefer|rather|like|love)(?: to)?(?: (?:see|have|view|get|look at))?(?: (?:it|them|this|that|these|those|the (?:chart|trend|graph|numbers|figures|data)))?(?: (?:as|in))? (?:${UNIT}|${UNIT_AFTER_BY})`;

/** What may close the remark: "instead", "I think", "tbh", "please". */
const CLOSER = "(?: (?:instead|i think|tbh|honestly|imo|for me|for this|please|pls|though|then|now|really))*";

const REMARK = new RegExp(
  `^${OPENER}(?:(?:(?:the|a|an) )?(?:${UNIT}|${UNIT_AFTER_BY})${NOUN}${JUDGED}|${WISHED})${CLOSER}$`,
);

/** The buckets a reply remarks it would rather have, when that remark is all it says. */
export function bucketsPreferred(text: string): GroupBy | undefined {
  const m = REMARK.exec(text.trim());
  if (!m) return undefined;
  const unit = m.slice(1).find((g) => g !== undefined);
  return unit === undefined ? undefined : (UNITS[unit] ?? (unit as GroupBy));
}
