/**
 * Dates written day first with a dot, as German, Czech, Polish, Scandinavian and other European sellers write them:
 * the ordinal dot after the day ("5. November", "the 5. of November", "from 1. to 15. October") and the all-number
 * date ("5.11.", "5.11.2026", "05.11.26"). Each is rewritten to the day and month name the period grammar reads ("5
 * November 2026"), so "from 5. November until today" is a range like "from 5 November until today". A decimal ("4.5
 * stars", "ACoS of 22.5") is never a date: an all-number date needs its closing dot or its year, and a day and month
 * that exist.
 */

import { MONTH_NAMES } from "../core/dates.js";

/** A month by name or its usual shortening ("Nov", "Sept"). */
const MONTH_NAME =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

/** The ordinal dot after a day before a month named ("5. November", "the 5. of Nov"): the dot goes. */
const ORDINAL_DOT = new RegExp(`(?<![\\w.])([12]?\\d|3[01])\\.(\\s+(?:of\\s+)?${MONTH_NAME})(?![a-z])`, "gi");

/** "from 1. to 15. October": a day with its ordinal dot before "to", "until" or "-" and a second day. */
const ORDINAL_DOT_BEFORE_RANGE = /(?<![\w.])([12]?\d|3[01])\.(?=\s*(?:to|until|till|through|thru|-|–)\s+\d{1,2}\.)/gi;

/** "5.11.2026", "05.11.26": day, month and year, each after a dot. */
const WITH_YEAR = /(?<![\w.,$€£])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\w.%])/g;

/**
 * "from 5.11. until today", "since 1.10.": day and month with the closing dot, after a word that leads to a date
 * ("my ACoS was 5.11. Why?" ends a sentence on a decimal).
 */
const WITHOUT_YEAR =
  /(?<=(?:^|\s)(?:from|since|on|until|till|to|through|thru|between|and|after|before|by|starting|-)\s+)(\d{1,2})\.(\d{1,2})\.(?=\s|$|[,;:!?)])/gi;

/** The date the day-first numbers name, in words; undefined when no such day exists. */
function inWords(day: string, month: string, year: string | undefined): string | undefined {
  const d = Number(day);
  const m = Number(month);
  if (d < 1 || d > 31 || m < 1 || m > 12) return undefined;
  const y = year === undefined ? "" : ` ${year.length === 2 ? `20${year}` : year}`;
  return `${d} ${MONTH_NAMES[m - 1]}${y}`;
}

/** The question with its dotted day-first dates written as the period grammar reads them; other text as it is. */
export function withDottedDatesInWords(text: string): string {
  if (!text.includes(".")) return text;
  return text
    .replace(WITH_YEAR, (all, day: string, month: string, year: string) => inWords(day, month, year) ?? all)
    .replace(WITHOUT_YEAR, (all, day: string, month: string) => inWords(day, month, undefined) ?? all)
    .replace(ORDINAL_DOT_BEFORE_RANGE, "$1")
    .replace(ORDINAL_DOT, "$1$2");
}
