/**
 * When a shopping day or holiday falls ("when is Prime Day", "is Cyber Monday on the 30th", "what date is Boxing Day",
 * "does Black Friday fall on the 27th this year", "how many days until Christmas"): the calendar's, not the seller's
 * data. The day named as the period of a figure ("sales on Black Friday", "how did Black Friday go", "is Black Friday
 * revenue up") stays the seller's: only the day's own date is asked here, so the day must be what "when" or "what
 * date" asks of, or be said to be on a date, in a month or on a weekday, with nothing of the seller's after it.
 *
 * Read on each sentence as written (normalized), before the period grammar turns the named days into dates.
 */
import { normalizeText } from "./text.js";

/** Shopping days and holidays by name, with Amazon's own events. */
const DAY_NAME =
  "(?:black friday|cyber monday|cyber week(?:end)?|cyber five|green monday|small business saturday|super saturday|thanksgiving(?: day)?|christmas(?: eve| day)?|xmas(?: eve| day)?|boxing day|new year'?s(?: eve| day)?|valentine'?s(?: day)?|halloween|easter(?: sunday| monday)?|good friday|mother'?s day|father'?s day|singles'? day|(?:amazon )?prime (?:big deal )?days?|prime early access(?: sale)?|big deal days|labou?r day|memorial day|presidents'? day|independence day|(?:the )?(?:4th|fourth) of july|super bowl(?: sunday)?|(?:chinese|lunar) new year|diwali|ramadan|eid|st patrick'?s day|back to school)";
/** The day with what may come around its name ("the next Prime Day", "this year's Black Friday sale"). */
const DAY = `(?:the |this year'?s |next year'?s |(?:19|20)\\d\\d )?(?:next |upcoming |coming |(?:19|20)\\d\\d )?${DAY_NAME}(?: (?:sale|sales event|event|deals? event|weekend))?`;

const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const WEEKDAY = "(?:mon|tues|wednes|thurs|fri|satur|sun)day";
const ORDINAL = "(?:\\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|last)";
/** A date a day may be said to fall on ("the 27th", "27 november", "november 27th", "a friday", "the weekend"). */
const DATE = `(?:(?:the )?${ORDINAL}(?: of ${MONTH})?|${ORDINAL} ${MONTH}|${MONTH}(?: (?:the )?${ORDINAL})?|(?:a |the )?${WEEKDAY}|(?:a |the )?weekend|(?:a |the )?weekday|(?:the )?(?:first|second|third|fourth|last) week(?: of ${MONTH})?|in (?:19|20)\\d\\d)`;
/** What may close the question: the year it is asked of, or where. */
const AROUND = `(?: (?:this|next|last) year| in (?:19|20)\\d\\d| (?:19|20)\\d\\d| again| exactly| (?:in|on|for) (?:the )?(?:us|uk|usa|europe|germany|france|italy|spain|amazon(?:\\.[a-z.]+)?))*`;
const CLOSE = `${AROUND}$`;
/** What a day does on the calendar ("start", "fall", "kick off"). */
const FALLS =
  "(?:start|starts|begin|begins|end|ends|finish|finishes|fall|falls|land|lands|happen|happens|take place|takes place|kick off|kicks off|go live|goes live|run|runs|come|comes|arrive|arrives|open|opens|close|closes)";

const WHEN_ASKED = new RegExp(
  `(?:^| )(?:when|when's|whens|what time|(?:what|which) (?:date|dates|day|days|week|weekend)(?: of the (?:week|month|year))?|on (?:what|which) (?:date|day))(?: exactly)? (?:is|are|was|were|will|does|do|did|'s)? ?(?:be )?${DAY}(?: (?:be|is|are))?(?: ${FALLS}(?: (?:on|in))?)?${CLOSE}`,
);
const ON_A_DATE = new RegExp(
  `(?:^| )(?:is|are|was|were|will|does|did|do)(?: the)? ${DAY}${AROUND} (?:(?:be|fall|land|start|begin|happen|take place) )?(?:on |in |at )?${DATE}(?: or (?:on |in )?${DATE})?${CLOSE}`,
);
const DATE_OF = new RegExp(
  `(?:^| )(?:(?:the )?dates? (?:of|for) ${DAY}|${DAY}(?: (?:19|20)\\d\\d)? (?:date|dates|start date|end date))${CLOSE}`,
);
const COUNTDOWN = new RegExp(
  `(?:^| )(?:how (?:many|much) (?:more )?(?:days|weeks|time)(?: (?:is|are))?(?: (?:left|remaining|to go))?|how long(?: is it)?|countdown) (?:until|till|til|to|before) ${DAY}${CLOSE}`,
);

/** Any of the days named at all. */
const NAMES_A_DAY = new RegExp(`(?:^| )${DAY_NAME}(?= |$)`);

/** Whether a sentence of the question asks when a shopping day or holiday falls. */
export function asksWhenADayFalls(question: string): boolean {
  // Most questions name no such day: the one small test spares them the four long ones.
  if (!NAMES_A_DAY.test(normalizeText(question))) return false;
  return question
    .split(/[?!;]+|\.(?:\s|$)/)
    .map((s) => normalizeText(s))
    .some((s) => WHEN_ASKED.test(s) || ON_A_DATE.test(s) || DATE_OF.test(s) || COUNTDOWN.test(s));
}
