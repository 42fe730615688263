/**
 * A holiday ahead that stock has to last until, in a question of running out: "is it going to run out before
 * Christmas?", "will my Pet Supplies last until Black Friday", "anything selling out ahead of the holidays". The days
 * from today to the next such day are the question's horizon, as "in the next 5 weeks" is; the holiday is no period
 * looked back on, which the same name is in "sales over Black Friday last year" (named-days.ts). Dates said as days
 * ("before 12 December") are read the same way beside this, from their own words.
 */
import { daysBetweenIso } from "../core/dates.js";
import { namedDayIn } from "./named-days.js";

/** The day each holiday's name stands for, as named-days.ts names it ("the holidays" are Christmas). */
const HOLIDAYS: [RegExp, string][] = [
  [/^(?:christmas|xmas) eve$/, "christmas eve"],
  [
    /^(?:christmas|xmas)(?: day)?$|^(?:the )?(?:holidays|holiday season|festive season|festive period)$/,
    "christmas day",
  ],
  // "year's" has lost its possessive by now ("new year eve"), as any period's has.
  [/^new year(?:'?s)? eve$/, "new year's eve"],
  [/^new year(?:'?s)?(?: day)?$/, "new year's day"],
  [/^black friday$/, "black friday"],
  [/^cyber monday$/, "cyber monday"],
  [/^thanksgiving(?: day)?$/, "thanksgiving"],
  [/^boxing day$/, "boxing day"],
  [/^halloween$/, "halloween"],
  [/^valentine'?s(?: day)?$/, "valentine's day"],
];

/**
 * "before christmas", "until black friday", "in time for the holidays", "by new year's eve"; not one of a year gone by
 * ("what ran out before Christmas last year").
 */
const HOLIDAY_DEADLINE =
  /(?<![\w])(?:before|by|until|till|til|ahead of|in time for|through|thru)(?: the)? ((?:christmas|xmas)(?: eve| day)?|black friday|cyber monday|thanksgiving(?: day)?|boxing day|new year(?:'?s)?(?: eve| day)?|halloween|valentine'?s(?: day)?|holidays|holiday season|festive season|festive period)(?![\w])(?! (?:last year|(?:19|20)\d\d))/;

/** Stock lasting, besides running out ("will it last until christmas", "to see us through black friday"). */
const LASTING =
  /(?<![\w])(?:last|lasts|lasting|hold out|holds out|keep going|see (?:me|us|it) through)(?= (?:until|till|til|through|thru|up to|past|beyond|ahead of|in time for)(?![\w]))/;

/**
 * The text with a holiday that stock must last until replaced by `mark`, and the days from today to its next date;
 * undefined unless the text asks of stock running out (`runningOut`) or lasting and names such a holiday.
 */
export function holidayDeadline(
  text: string,
  today: string,
  runningOut: boolean,
  mark: string,
): { text: string; days: number } | undefined {
  if (!runningOut && !LASTING.test(text)) return undefined;
  const m = HOLIDAY_DEADLINE.exec(text);
  if (!m) return undefined;
  const name = HOLIDAYS.find(([re]) => re.test(m[1]))?.[1];
  if (!name) return undefined;
  const thisYear = Number(today.slice(0, 4));
  const thisOne = namedDayIn(name, thisYear);
  const next = thisOne && thisOne > today ? thisOne : namedDayIn(name, thisYear + 1);
  if (!next) return undefined;
  return {
    text: `${text.slice(0, m.index)}${mark}${text.slice(m.index + m[0].length)}`,
    days: daysBetweenIso(today, next),
  };
}
