import { daysBetweenIso, MONTH_NAMES, parseIsoDate } from "../core/dates.js";

/**
 * A day ahead that stock has to last until, in a question of running out: "which products will be out of stock
 * before 12 December", "what sells out by Dec 5th", "until the 3rd of January when the container lands", or the day a
 * shipment is due told beside it ("My container is due to land on 12 December. Which products will run out before it
 * arrives?"). The days from today to that day are the question's horizon, counted as "in the next 21 days" is; the
 * date is no period looked back on (said alone, "12 December" would be the latest one gone).
 */

/** A month's name, whole or cut short. */
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
/** A day of a month, with its ordinal's letters ("12", "5th"). */
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
/** A day and month in either order, with a year if one is said: "12 december", "dec 5th", "the 3rd of january 2027". */
const DATE = `(?:the )?(?:${DAY} (?:of )?${MONTH}|${MONTH} (?:the )?${DAY})(?:,? ((?:19|20)\\d\\d))?`;

/**
 * The day stock must last until: after "before", "by", "until", "ahead of" ("before 12 december"), or as the day a
 * delivery is due ("due to land on 12 december", "arrives dec 12", "eta 12th december", "landing at felixstowe on the
 * 3rd of january").
 */
const DEADLINE = new RegExp(
  "(?<![\\w])(?:" +
    "(?:before|by|until|till|til|up to|through|ahead of)(?: the end of)?" +
    "|(?:arrives?|arriving|arrival|lands?|landing|land|docks?|docking|due|expected|delivered|delivery|eta|gets? (?:in|here)|comes? in|checked in|(?:be )?back in stock)(?: (?:in|at|into) [a-z]+)?(?: (?:on|by|around|for|about))?" +
    `) ${DATE}(?![\\w])`,
  "g",
);

/** Words of stock running out or lasting, without which a date ahead is no horizon ("sales before 12 december"). */
const STOCK_LASTING =
  /(?<![\w])(?:run(?:s|ning)? (?:out|dry|low)|ran out|sell(?:s|ing)? out|sold out|stock(?:s|ing)? ?out|out of stock|oos|(?:will|to) last|lasts?(?: me)? (?:until|till|through)|see (?:me|us) through|tide (?:me|us) over|hold out|cover(?:ed)? (?:until|till|me|us))(?![\w])/;

/** How far ahead a day said without its year may lie: "before 12 November" said on 21 November is the one gone by. */
const MOST_DAYS_AHEAD = 183;

/**
 * The next day that is `month`/`day` after today, or the day in `year` when one is said; undefined when it is not
 * ahead, or (said without a year) more than half a year ahead.
 */
function nextDate(month: number, day: number, year: number | undefined, today: string): string | undefined {
  const on = (y: number) => `${y}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const thisYear = Number(today.slice(0, 4));
  const iso = year !== undefined ? on(year) : on(thisYear) > today ? on(thisYear) : on(thisYear + 1);
  if (!parseIsoDate(iso) || iso <= today) return undefined;
  return year === undefined && daysBetweenIso(today, iso) > MOST_DAYS_AHEAD ? undefined : iso;
}

/**
 * The text with a deadline ahead replaced by `mark`, and its days from today; undefined when the text asks of no
 * stock running out or lasting, or names no day ahead.
 */
export function stockDeadline(text: string, today: string, mark: string): { text: string; days: number } | undefined {
  if (!STOCK_LASTING.test(text)) return undefined;
  let days: number | undefined;
  const out = text.replace(DEADLINE, (all, d1?: string, m1?: string, m2?: string, d2?: string, y?: string) => {
    const name = (m1 ?? m2 ?? "").slice(0, 3);
    const month = MONTH_NAMES.findIndex((n) => n.startsWith(name));
    const date = nextDate(month, Number(d1 ?? d2), y ? Number(y) : undefined, today);
    if (days !== undefined || date === undefined) return all;
    days = daysBetweenIso(today, date);
    return mark;
  });
  return days === undefined ? undefined : { text: out, days };
}
