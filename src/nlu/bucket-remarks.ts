/**
 * A reply that asks for other time buckets by remarking on them rather than by a command ("hmm, monthly buckets would
 * be easier to read", "daily would be better", "weeks might read better", "I think months would make more sense", "I'd
 * rather see it weekly"), or as the same question again ("could I get same as daily?", "the same but weekly"). The
 * whole reply is the remark (and the words a seller opens or closes one with), so it only re-buckets the chart before:
 * "better" there judges the buckets, it asks for no best rows, and a question with words of its own ("which weeks were
 * better", "weekly revenue would be nice to see") is left to be read as it stands.
 * Reads the normalised text of slots.ts (lower case, no commas).
 */
import type { GroupBy } from "../core/understanding.js";

/** Time buckets by name, plural or as an adverb ("weeks", "weekly"), as a chart is switched to them. */
export const BUCKET_UNITS: Record<string, GroupBy> = {
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

/** Words a remark may open with: "hmm", "ok" (or "vale", "bueno"), "now", "actually", "I think", "maybe". */
const OPENER =
  "(?:(?:hmm+|hm|ok|okay|k|vale|bueno|dale|yeah|yes|right|now|actually|honestly|tbh|so|but|and|though|maybe|perhaps|probably|i think|i guess|i feel like|i reckon|thinking about it|on second thought|oh|ah|nah|no|thanks|cheers|cool|nice)(?: |$))*";

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

/** Asking for it: "could I get", "can you show me", "give me", "I'd like". */
const ASKED_FOR =
  "(?:(?:(?:can|could|may|would|will) (?:i|we|you) (?:get|have|see|do|show|make|get me|show me|give me)|(?:show|give|get|do|make) (?:me|us)|i'd like|i would like|i want|we'd like|let me see|let's see|lets see)(?: (?:it|that|this|the))? )?";

/** What "the same" may name: "the same thing", "same again", "the same chart". */
const SAME =
  "(?:the )?same(?: (?:thing|one|again|chart|graph|view|trend|data|numbers|figures|report|question|but|thing but))?";

/**
 * The question before asked again in other buckets: "could I get same as daily?", "the same but weekly", "same thing
 * per day", "same again by month", "as daily please". "The same" points back at the question; only its buckets change,
 * so its period, place and figure stay. Not "same as last week" (a period) nor "daily revenue, same as before".
 */
const SAME_REBUCKETED = new RegExp(
  `^${OPENER}${ASKED_FOR}(?:${SAME} (?:(?:as|in|by|but) )?|as )(?:${UNIT}|${UNIT_AFTER_BY})${NOUN}${CLOSER}$`,
);

/** The buckets a reply remarks it would rather have, or asks the same question in, when that is all it says. */
export function bucketsPreferred(text: string): GroupBy | undefined {
  const m = REMARK.exec(text.trim()) ?? SAME_REBUCKETED.exec(text.trim());
  if (!m) return undefined;
  const unit = m.slice(1).find((g) => g !== undefined);
  return unit === undefined ? undefined : (BUCKET_UNITS[unit] ?? (unit as GroupBy));
}
