/**
 * The size of a chart's buckets said as its granularity ("what does that look like at daily granularity?", "show it
 * at the weekly level", "monthly resolution please", "in daily grain"): a breakdown by that unit, the words the
 * grouping grammar reads ("by day"). Only the buckets change; the period asked before stays, as for "by day".
 */

import { BUCKET_UNITS } from "./bucket-remarks.js";

/** "at daily granularity", "at a weekly level", "in the monthly resolution", "with day-level detail". */
const GRANULARITY =
  /\b(?:(?:at|in|on|with|to)\s+)?(?:(?:a|the|an)\s+)?(daily|weekly|monthly|quarterly|day|week|month|quarter)(?:[\s-]+(?:by[\s-]+(?:day|week|month|quarter)))?[\s-]+(?:granularity|granular|level|resolution|grain|detail|buckets?)\b/gi;

/**
 * The granularity named first, as a report's parameter, with its value after it ("granularity = month", "grain: week",
 * "change granularity to day", "set the time buckets to weekly", "interval is monthly"): the same buckets, said as
 * "by month". The verb that changes it goes too, as "by month" alone already re-buckets the chart before.
 */
const GRANULARITY_SET =
  /\b(?:(?:change|set|switch|make|put|turn|update|move)\s+(?:the\s+|its\s+)?)?(?:granularity|grain|time[\s-]?grain|resolution|time[\s-]?buckets?|buckets?|bucket[\s-]size|interval|grouping)(?:\s*(?::=|=|:)\s*|\s+(?:(?:to|is|as|at|of|should be|now)\s+)?)(?:(?:a|the)\s+)?(daily|weekly|monthly|quarterly|days?|weeks?|months?|quarters?)\b/gi;

/** A unit as the grouping grammar reads it after "by": "daily", "days" and "day" are "day". */
function bucketUnit(unit: string): string {
  const word = unit.toLowerCase();
  return BUCKET_UNITS[word] ?? word;
}

/** The question with a granularity said in words of buckets ("by day"); other text as it is. */
export function withGranularityAsBuckets(text: string): string {
  return text
    .replace(GRANULARITY, (_all: string, unit: string) => `by ${bucketUnit(unit)}`)
    .replace(GRANULARITY_SET, (_all: string, unit: string) => `by ${bucketUnit(unit)}`);
}
