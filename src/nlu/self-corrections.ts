/**
 * A seller dictating corrects themselves mid-sentence: "the last ninety days sorry sixty days", "last week no wait
 * last month", "in the states no sorry canada", "lead time sixty days, make that fifty". What is said after the
 * correction replaces what was said before it, so the first value and the correction's words are dropped before any
 * slot is read. Only when both sides are values of the same kind (two periods, two marketplaces, two numbers, two
 * figures): "sorry to bother you, what's my revenue", "I mean it, show me ACoS" and "actually, what's my best seller"
 * correct nothing and stay as they are.
 */

import { MONTH_NAMES } from "../core/dates.js";
import { marketplaces } from "../core/reference-data.js";
import { TEEN, TEN, UNIT } from "./spoken-numbers.js";
import { escapeRegExp } from "./text.js";

/** Words that take back what was just said; "no", "oh", "um" may lead them ("no wait", "no sorry", "no I mean"). */
function correction(bareNo: boolean): string {
  const gap = "(?:[\\s,;:.!-]|\\.\\.\\.)+";
  const words = `sorry(?:[\\s,]+i\\s+mean[t]?)?|i\\s+mean[t]?|or\\s+rather|rather|actually|scratch\\s+that|make\\s+(?:that|it)|correction|wait${bareNo ? "|no|nope" : ""}`;
  // The correction may repeat the preposition of the value it replaces ("in the states, no, in Canada").
  return `${gap}(?:(?:no|nope|oh|uh|um|er|erm|wait)[\\s,.!-]+)*(?:${words})${gap}(?:(?:in|on|for|at|to|over|from|during|by)\\s+)?`;
}

const UNITS_OF_NUMBER =
  "(?:\\s*%|\\s+(?:percent|per\\s*cent|days?|weeks?|months?|years?|units?|pieces?|dollars?|pounds?|euros?))";
const DIGITS = "\\d+(?:[.,]\\d+)?";
/** A number as digits or as spoken words ("ninety", "twenty five", "a hundred"). */
const NUMBER = `(?:${DIGITS}|(?:a\\s+)?hundred|(?:${TEN})(?:[\\s-](?:${UNIT}))?|${TEEN}|${UNIT})`;

/** The months by name and short name; "may" is left out, being far more often the verb ("may I", "sales may drop"). */
const FULL_MONTHS = MONTH_NAMES.filter((m) => m !== "may");
const MONTHS = [...FULL_MONTHS, ...FULL_MONTHS.map((m) => m.slice(0, 3)), "sept"].join("|");
/** A period said by its words ("last week", "the past 30 days", "this quarter", "yesterday", "in March"). */
const PERIOD = `(?:(?:the\\s+)?(?:last|past|previous|prior|this|next|coming)(?:\\s+${NUMBER})?\\s+(?:days?|weeks?|months?|quarters?|qtrs?|years?)|yesterday|today|(?:${MONTHS})(?:\\s+\\d{4})?|q[1-4](?:\\s+\\d{4})?|\\d{4})`;

/** A ranking's word before its count, said again with the corrected count ("top 10 no sorry top 5"). */
const RANK_WORD = "(?:(?:top|best|worst|bottom)\\s+)?";

/** Figures a seller names and may correct to another ("by units sorry revenue"). */
const METRIC =
  "(?:revenue|sales|units(?:\\s+sold)?|profit|margin|orders|acos|roas|tacos|ad\\s+spend|spend|refunds?|returns|sessions|conversion(?:\\s+rate)?|page\\s+views|fees)";

/** A marketplace by its name or an alias of three letters or more ("the states", "germany", "amazon.de", "uk"). */
function marketplacePattern(): string {
  const names = new Set<string>();
  for (const m of marketplaces()) {
    for (const name of [m.name, ...m.aliases]) {
      const plain = name.toLowerCase();
      if (!plain.startsWith(".") && (plain.length >= 3 || plain === "uk")) names.add(plain);
    }
  }
  const sorted = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return `(?:(?:the\\s+)?(?:${sorted.join("|")}))`;
}

let corrections: RegExp[] | undefined;

/**
 * One pattern per kind of value: the value taken back, the correction, the value that replaces it. A bare "no" takes
 * back no figure: "listings with sessions no orders" means sessions but no orders.
 */
function correctionPatterns(): RegExp[] {
  // Built once: the marketplaces' names are read from the reference data on first use.
  corrections ??= (
    [
      [PERIOD, true],
      [marketplacePattern(), true],
      [`${RANK_WORD}${NUMBER}${UNITS_OF_NUMBER}?`, true],
      [METRIC, false],
    ] as [value: string, bareNo: boolean][]
  ).map(([value, bareNo]) => new RegExp(`\\b(${value})${correction(bareNo)}(${value})(?!\\w)`, "gi"));
  return corrections;
}

/** A number's unit at the end of what was said, and a number said alone. */
const UNIT_AT_END = new RegExp(`${UNITS_OF_NUMBER}$`, "i");
const NUMBER_ALONE = new RegExp(`^${NUMBER}$`, "i");

/** The unit a number was said with ("sixty days"), kept when the correction names only the number ("fifty"). */
function withUnitOf(taken: string, said: string): string {
  const unit = UNIT_AT_END.exec(taken)?.[0];
  if (unit === undefined || !NUMBER_ALONE.test(said)) return said;
  return said + unit;
}

/** The text with each value taken back replaced by the one said after the correction; other text as it is. */
export function withSelfCorrections(text: string): string {
  if (!/\b(?:no|sorry|mean|rather|actually|scratch|make|correction|wait)\b/i.test(text)) return text;
  let out = text;
  for (const pattern of correctionPatterns()) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, (_all, taken: string, said: string) => withUnitOf(taken, said));
  }
  return out;
}
