/**
 * The size of a chart's buckets said as its granularity ("what does that look like at daily granularity?", "show it
 * at the weekly level", "monthly resolution please", "in daily grain"): a breakdown by that unit, the words the
 * grouping grammar reads ("by day"). Only the buckets change; the period asked before stays, as for "by day".
 */

import { BUCKET_UNITS } from "./bucket-remarks.js";

/** "at daily granularity", "at a weekly level", "in the monthly resolution", "with day-level detail". */
const GRANULARITY =
  /\b(?:(?:at|in|on|with|to)\s+)?(?:(?:a|the|an)\s+)?(daily|weekly|monthly|quarterly|day|week|month|quarter)(?:[\s-]+(?:by[\s-]+(?:day|week|month|quarter)))?[\s-]+(?:granularity|granular|level|resolution|grain|detail|buckets?)\b/gi;

/** The question with a granularity said in words of buckets ("by day"); other text as it is. */
export function withGranularityAsBuckets(text: string): string {
  return text.replace(
    GRANULARITY,
    (_all: string, unit: string) => `by ${BUCKET_UNITS[unit.toLowerCase()] ?? unit.toLowerCase()}`,
  );
}
