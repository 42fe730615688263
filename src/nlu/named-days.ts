/**
 * Shopping days named by their name ("Black Friday last year", "on Cyber Monday", "Boxing Day 2024"): each is one
 * calendar day, rewritten as its date ("november 28 2025") so the period grammar reads it as any other day.
 * Without a year, the latest one that has begun by today is meant, as "in March" means the latest March, unless the
 * question asks about it in the future tense.
 */
import { MONTH_NAMES } from "../core/dates.js";

/** US Thanksgiving: the fourth Thursday of November, as [month index, day]. */
function thanksgiving(year: number): [number, number] {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
  return [10, firstThursday + 21];
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
];

const NAMED_DAY = new RegExp(
  `(?<![\\w])(${DAYS.map(([re]) => re.source).join("|")})(?: (last year|this year|(?:19|20)\\d\\d))?(?![\\w])`,
  "g",
);

/** Words that ask about a day still to come; "will you" is a request, not the future. */
const AHEAD = /(?<![\w'])(?:will(?! (?:you|u)\b)|won't|going to|gonna|upcoming|coming|next)(?![\w'])|\w'll(?![\w])/;

/** The text with every named day replaced by its date, given today's date (YYYY-MM-DD). */
export function withNamedDays(text: string, today: string): string {
  if (!/friday|monday|thanksgiving|christmas|xmas|boxing|new year|valentine|halloween/.test(text)) return text;
  const thisYear = Number(today.slice(0, 4));
  return text.replace(NAMED_DAY, (_all, name: string, when: string | undefined) => {
    const dateIn = DAYS.find(([re]) => new RegExp(`^(?:${re.source})$`).test(name))![1];
    const on = (y: number) => {
      const [m, d] = dateIn(y);
      const date = new Date(Date.UTC(y, m, d));
      return { date, iso: date.toISOString().slice(0, 10) };
    };
    let year = when === "last year" ? thisYear - 1 : when && /^\d/.test(when) ? Number(when) : thisYear;
    if (!when && on(year).iso > today) year -= 1;
    // Asked in the future tense ("what will my revenue be on Black Friday"), the next one is meant: a forecast.
    if (!when && AHEAD.test(text) && on(year).iso < today) year += 1;
    const { date } = on(year);
    return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()} ${date.getUTCFullYear()}`;
  });
}
