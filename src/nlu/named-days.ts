/**
 * Shopping days named by their name ("Black Friday last year", "on Cyber Monday", "Boxing Day 2024"): each is one
 * calendar day, rewritten as its date ("november 28 2025") so the period grammar reads it as any other day.
 * Without a year, the latest one that has begun by today is meant, as "in March" means the latest March, unless the
 * question asks about it in the future tense.
 */
import { addDaysIso, MONTH_NAMES, parseIsoDate, weekdayIso } from "../core/dates.js";

/** US Thanksgiving: the fourth Thursday of November, as [month index, day]. */
function thanksgiving(year: number): [number, number] {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
  return [10, firstThursday + 21];
}

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month, as [month index, day]; `nth` 0 is the last. */
function nthWeekday(month: number, weekday: number, nth: number): (year: number) => [number, number] {
  return (year) => {
    if (nth === 0) {
      const last = new Date(Date.UTC(year, month + 1, 0));
      return [month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)];
    }
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return [month, 1 + ((weekday - first + 7) % 7) + 7 * (nth - 1)];
  };
}

/** Each named day's date in a year, as [month index, day] (a day past the month's end rolls into the next). */
const DAYS: [RegExp, (year: number) => [number, number]][] = [
  [/black friday/, (y) => [10, thanksgiving(y)[1] + 1]],
  [/cyber monday/, (y) => [10, thanksgiving(y)[1] + 4]],
  [/thanksgiving(?: day)?/, thanksgiving],
  [/christmas eve/, () => [11, 24]],
  [/christmas day|xmas day/, () => [11, 25]],
  [/boxing day/, () => [11, 26]],
  [/new year'?s eve/, () => [11, 31]],
  [/new year'?s day/, () => [0, 1]],
  [/valentine'?s day/, () => [1, 14]],
  [/halloween/, () => [9, 31]],
  // The public holidays of the marketplaces' countries that fall on a fixed day or a fixed weekday of a month.
  [/labou?r day/, nthWeekday(8, 1, 1)],
  [/memorial day/, nthWeekday(4, 1, 0)],
  [/presidents'? day/, nthWeekday(1, 1, 3)],
  [/independence day|fourth of july|4th of july/, () => [6, 4]],
  [/canada day/, () => [6, 1]],
  [/remembrance day|veterans'? day|armistice day/, () => [10, 11]],
  [/singles'? day/, () => [10, 11]],
  [/st\.? patrick'?s day|saint patrick'?s day/, () => [2, 17]],
];

/** Each named day's pattern as the whole of a name, compiled once, with its date in a year. */
const DAYS_BY_WHOLE_NAME = DAYS.map(([re, dateIn]) => [new RegExp(`^(?:${re.source})$`), dateIn] as const);

/** The date in a year of the day a name names ("christmas day", "black friday"), as [month index, day]. */
function dateOfNamedDay(name: string): ((year: number) => [number, number]) | undefined {
  return DAYS_BY_WHOLE_NAME.find(([whole]) => whole.test(name))?.[1];
}

/** The ISO date of the named day (as DAYS names it: "christmas day", "black friday") in `year`; undefined if unnamed. */
export function namedDayIn(name: string, year: number): string | undefined {
  const dateIn = dateOfNamedDay(name);
  if (!dateIn) return undefined;
  const [m, d] = dateIn(year);
  return new Date(Date.UTC(year, m, d)).toISOString().slice(0, 10);
}

const NAMED_DAY = new RegExp(
  `(?<![\\w])(?:(?:the )?week of )?(${DAYS.map(([re]) => re.source).join("|")})( week)?(?: (last year|this year|(?:19|20)\\d\\d))?(?![\\w])`,
  "g",
);

/**
 * A shopping day named as an occasion, not as the day asked about: the stretch around it ("the pre-Black Friday
 * lull", "post-Christmas returns"), a season or a plan named after it ("the Black Friday rush", "the Christmas Day
 * deals"), or what is made ready for it ("before I raise budgets for Black Friday", "prepping stock for Cyber Monday").
 */
const OCCASION_BEFORE =
  /(?:(?<![\w])(?:pre|post)|(?<![\w])(?:prep|prepping|prepare|preparing|ready|readying|gear(?:ing)? up|stock(?:ing)? up|budgets?|budgeting|bids?|bidding|plan|planning|rais(?:e|ing)|boost(?:ing)?|ramp(?:ing)? up)(?: [a-z'&$%0-9]+){0,3}? for) $/;
const OCCASION_AFTER =
  /^ (?:rush|lull|slowdown|slump|lead up|run up|build up|ramp|frenzy|madness|push|prep|preparations?|season|period|deals?|promos?|promotions?|campaigns?|budgets?|bids?|plans?|planning)(?![\w])/;

/** Each named day's name, as one alternation. */
const NAMES = DAYS.map(([re]) => re.source).join("|");
/** A year said after a named day: "last year", "this year", "2024". */
const YEAR_SAID = "(?:last year|this year|(?:19|20)\\d\\d)";
/**
 * "Black Friday to Cyber Monday last year": a span between two named days with the year said once, at the end, is of
 * that year on both sides (as "1 to 15 October 2025" is).
 */
const SPAN_YEAR_AFTER = new RegExp(
  `^ (?:to|through|thru|till|until|and|-) (?:${NAMES})(?: week)? (${YEAR_SAID})(?![\\w])`,
);
/** What a named day's stretch is called after its name: "Black Friday weekend", "the Cyber Monday sale". */
const OCCASION_WORD = "(?:week|weekend|sale|sales|deals|event|period|rush)";
/** A date said in words or numbers: "nov 28", "28 november 2025", "11/28". */
const DATE_SAID =
  "(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?(?: (?:to|through|thru|till|until|and|-) \\d{1,2}(?:st|nd|rd|th)?)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\\d{1,2}/\\d{1,2}|\\d{4}-\\d{2}-\\d{2})";
/**
 * Named days (or a span between two) followed straight away by the dates the seller gives for them ("over Black
 * Friday to Cyber Monday last year, Nov 28 to Dec 1 2025", "the Black Friday weekend, 27 to 30 November 2025"):
 * the dates said are the period, so the names give way to them.
 */
const NAMES_THEN_DATES = new RegExp(
  `(?<![\\w])(?:(?:the )?week of )?(?:${NAMES})(?: ${OCCASION_WORD})?(?: ${YEAR_SAID})?(?: (?:to|through|thru|till|until|and|-) (?:${NAMES})(?: ${OCCASION_WORD})?(?: ${YEAR_SAID})?)? (?=(?:(?:ie|i e|that is|aka|so|which was|which is|i mean|from|between) )?${DATE_SAID}(?![\\w]))`,
  "g",
);
/** Where sentences end in the text, as the slot reader marks them. */
const SENTENCE_MARK = /__(?:stop|ask|lead)__/g;

/** The sentence of `text` around offset `at`. */
function sentenceAt(text: string, at: number): string {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(SENTENCE_MARK)) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= at) {
      end = m.index;
      break;
    }
  }
  return text.slice(start, end);
}

/** Words that ask about a day still to come; "will you" is a request, not the future. */
const AHEAD = /(?<![\w'])(?:will(?! (?:you|u)\b)|won't|going to|gonna|upcoming|coming|next)(?![\w'])|\w'll(?![\w])/;

/** The text with every named day replaced by its date, given today's date (YYYY-MM-DD). */
export function withNamedDays(text: string, today: string): string {
  // Only a word that one of the named days holds lets the long pattern run ("day" alone would let nearly every
  // question through: "today", "30 days").
  if (
    !/friday|monday|thanksgiving|christmas|xmas|boxing|new year|valentine|halloween|labou?r|memorial|president|independence|july|canada day|remembrance|veteran|armistice|single|patrick/.test(
      text,
    )
  )
    return text;
  const thisYear = Number(today.slice(0, 4));
  const named = text.replace(NAMES_THEN_DATES, "");
  return named.replace(
    NAMED_DAY,
    (all, name: string, week: string | undefined, whenSaid: string | undefined, at: number) => {
      const after = named.slice(at + all.length);
      if (!week && !all.startsWith("week") && (OCCASION_BEFORE.test(named.slice(0, at)) || OCCASION_AFTER.test(after)))
        return all;
      const when = whenSaid ?? SPAN_YEAR_AFTER.exec(after)?.[1];
      const dateIn = dateOfNamedDay(name)!;
      const on = (y: number) => {
        const [m, d] = dateIn(y);
        const date = new Date(Date.UTC(y, m, d));
        return { date, iso: date.toISOString().slice(0, 10) };
      };
      let year = when === "last year" ? thisYear - 1 : when && /^\d/.test(when) ? Number(when) : thisYear;
      if (!when && on(year).iso > today) year -= 1;
      // Asked in the future tense ("what will my revenue be on Black Friday"), the next one is meant: a forecast.
      // The future is read in the day's own sentence: "for next weekend" told before it is no forecast of the day.
      if (!when && AHEAD.test(sentenceAt(named, at)) && on(year).iso < today) year += 1;
      const { date, iso } = on(year);
      const said = (d: Date) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()} ${d.getUTCFullYear()}`;
      // "Black Friday week", "the week of Christmas Day": the week (Monday to Sunday) the day falls in.
      if (week || /^(?:the )?week/.test(all)) {
        const monday = addDaysIso(iso, -weekdayIso(iso));
        return `${said(parseIsoDate(monday)!)} to ${said(parseIsoDate(addDaysIso(monday, 6))!)}`;
      }
      return said(date);
    },
  );
}

/** A date as said in brackets: "Sept 7", "7 September", "Nov 11th, 2026", "9/7". */
const BRACKETED_DATE =
  "(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.? \\d{1,2}(?:st|nd|rd|th)?(?:,? \\d{4})?|\\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?(?:,? \\d{4})?|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?)";
/** A word of the day's name: no word of time, which would open the period itself, and no domain ("amazon.com"). */
const NAME_WORD = "(?!(?:since|from|after|starting|as|on|until|till|through|in|at)\\b)[a-z'&]+";
/**
 * A day named by what happened on it, with its date in brackets, after a word of time ("since Labour Day (Sept 7)",
 * "from the relaunch (Oct 3)", "on Prime Day (July 8th)"): the date the seller gave is the day meant, so the name
 * gives way to it and the period grammar reads "since Sept 7" as it reads it anywhere.
 */
const NAME_THEN_DATE = new RegExp(
  `(?<![\\w])(since|from|after|starting(?: from)?|as of|on|until|till|through) (?:(?:the|our|my|a) )?(?:${NAME_WORD} ){0,3}${NAME_WORD} ?\\((?:on |i\\.?e\\.? |aka |=)?(${BRACKETED_DATE})\\)`,
  "gi",
);

/** The question (as written, brackets and all) with a named day dated in brackets read as its date. */
export function withBracketedDates(question: string): string {
  return question.includes("(") ? question.replace(NAME_THEN_DATE, "$1 $2") : question;
}
