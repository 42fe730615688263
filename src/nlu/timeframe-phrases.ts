import { addDaysIso, weekdayIso } from "../core/dates.js";
import { PEOPLE_COUNTED } from "./headcounts.js";
import { escapeRegExp, PhraseIndex } from "./text.js";
import {
  addMonthsIso,
  lastDayOfMonth,
  latestMonthDay,
  latestMonthYear,
  latestQuarterYear,
  resolveTimeframe,
  ymd,
} from "../core/timeframe.js";
import type { TimeframePhrases } from "./vocabulary.js";

/**
 * The timeframe grammar over normalized text: finds the period a question
 * names and the one it is compared with, and masks both for the classifier.
 */

/** Words before "ever" that make it a frequency ("hardly ever") rather than all of time. */
const HOW_OFTEN = /(?:^| )(?:hardly|barely|rarely|scarcely|seldom|if|never|whatever|forever)\s*$/;

export interface TimeframeFound {
  /** The text with periods and comparison words replaced by feature tokens. */
  text: string;
  timeframe?: string;
  compareTo?: string;
  /** The question compares (a cue like "vs" or "year over year"), with or without a named period. */
  comparison: boolean;
  /** Every period named that is not the comparison's other side, in order, where it starts in the input text. */
  periods: { token: string; start: number }[];
}

type Kind = "time" | "yoy" | "prev" | "cue";
interface Span {
  start: number;
  end: number;
  kind: Kind;
  token?: string;
  /** The matched phrase, to tell "last year" from "the previous 7 days" as a comparison target. */
  phrase: string;
}

interface Grammar {
  dateExpr: string;
  /** What ends the text before a bare month that is a deadline ahead ("… before "). */
  deadline: RegExp;
  months: Record<string, number>;
  ordinals: Record<string, number>;
  patterns: {
    yoy: PhraseIndex<true>;
    prev: PhraseIndex<true>;
    range: RegExp;
    dayRange: RegExp;
    ofYear: RegExp;
    since: RegExp;
    sinceStartOf: RegExp;
    fromStartOf: RegExp;
    onward: RegExp;
    onDay: RegExp;
    weekdayDate: RegExp;
    monthDay: RegExp;
    sinceDay: RegExp;
    fromDay: RegExp;
    sinceAgo: RegExp;
    rolling: RegExp;
    lookingBack: RegExp;
    window: RegExp;
    wholePeriod: RegExp;
    endedOn: RegExp;
    sinceStarting: RegExp;
    fixed: PhraseIndex<string>;
    daysAgo: PhraseIndex<number>;
    ago: RegExp;
    single: RegExp;
    quarterAlone: RegExp;
    quarterElided: RegExp;
    monthList: RegExp;
    weekday: RegExp;
    dateAfterWeekday: RegExp;
    half: RegExp;
    monthHalf: RegExp;
    monthWeek: RegExp;
    season: RegExp;
    monthAlone: RegExp;
    yearAlone: RegExp;
    cue: PhraseIndex<true>;
    verb: PhraseIndex<true>;
    joiner: RegExp;
    targetYoy: RegExp;
    targetPrev: RegExp;
  };
}

/** The month each season begins in (the northern hemisphere's, as the marketplaces' calendars run). */
const SEASON_START: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };

/** Words that put a question in the future: what will happen, not what happened. */
const FUTURE_TENSE =
  /(?:^| )(?:will|won't|gonna|going to|going up|going down|be (?:putting|raising|increasing|changing|going|rising|cutting))(?= |$)/;

/** A past tense beside it ("how much will I get… I mean how much did I get in October") asks what happened. */
const PAST_TENSE = /(?:^| )(?:did|was|were|had|got|went)(?= |$)/;

const grammars = new WeakMap<TimeframePhrases, Grammar>();

function grammar(p: TimeframePhrases, cues: string[], verbs: string[]): Grammar {
  const cached = grammars.get(p);
  if (cached) return cached;
  const alt = (list: string[]) =>
    [...list]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|");
  const MONTH = `(?:${alt(Object.keys(p.months))})`;
  const ORD = "(?:st|nd|rd|th)?";
  // A day's number after its month, unless it counts people ("since September, 2 buyers said…"); said as an ordinal
  // ("March 3rd, customers…") it is the day.
  // "from the 2nd quarter", "since the 3rd week": an ordinal before a unit counts that unit; it is no day of the month.
  const NOT_A_DAY = "(?! (?:quarter|half|week|month)s?(?![\\w]))";
  // "for the 2nd time", "the 3rd best seller": an ordinal before what it counts or ranks is no day of the month.
  const NOT_COUNTED =
    "(?! (?:times?|place|best|worst|biggest|largest|most|highest|lowest|top|one|ones|product|item|sku|listing|campaign|store|market|page|row|position|spot|rank|year|day)s?(?![\\w]))";
  const DAY_END = `(?:(?:st|nd|rd|th)|(?! ${PEOPLE_COUNTED}))(?!\\d)`;
  // What may introduce a day's number: its weekday, "the" ("monday the 3rd", "the 9th").
  const WEEKDAY = `(?:(?:${alt(Object.keys(p.weekdays))}),? )?(?:the )?`;
  // A month in ISO form ("2026-09"), as reports write it; not the start of a day or of a year span ("2025-2026").
  const isoMonth = String.raw`(?:19|20)\d{2}-(?:0[1-9]|1[0-2])(?![\d-])`;
  const forms = [
    String.raw`\d{4}-\d{2}-\d{2}`,
    isoMonth,
    `${MONTH} \\d{1,2}${DAY_END}(?:,? \\d{4})?`,
    `\\d{1,2}${ORD} (?:of )?${MONTH}(?:,? \\d{4})?`,
    `${MONTH}(?: of)?,? \\d{4}`,
    String.raw`q[1-4](?:(?: of)?,? |-)\d{4}`,
    String.raw`\d{4}[ -]q[1-4]`,
    String.raw`q[1-4]`,
    // "from the second quarter to the third quarter": a quarter by its ordinal ("last quarter" is the calendar token).
    `(?:the )?(?:${alt(Object.keys(p.quarter_ordinals).filter((o) => o !== "last"))}) quarter(?:(?: of)?,? \\d{4})?`,
    MONTH,
    String.raw`(?:19|20)\d{2}`,
  ];
  const dateExpr = `(?:${forms.join("|")})`;
  const flags = (list: string[]) => new PhraseIndex(list.map((x) => [x, true] as const));
  const B = "(?<![\\w.])";
  const E = "(?![\\w])";
  const prefixes = alt(p.rolling_prefixes);
  const units = alt(Object.keys(p.units));
  const ordinals = alt(Object.keys(p.quarter_ordinals));
  // Said alone, "last" is the period before ("this quarter vs last"), not the fourth quarter.
  const counted = alt(Object.keys(p.quarter_ordinals).filter((o) => o !== "last"));
  const g: Grammar = {
    dateExpr,
    deadline: new RegExp(`(?:^| )(?:${alt(p.deadline_words)}) $`),
    months: p.months,
    ordinals: p.quarter_ordinals,
    patterns: {
      yoy: flags(p.same_period_last_year_standalone),
      prev: flags(p.previous_period_standalone),
      range: new RegExp(
        `${B}(from |between )?(${dateExpr}) (to|until|till|through|thru|and|-|\\.\\.) (${dateExpr}|today|now|date)${E}|${B}(\\d{4}-\\d{2}-\\d{2})\\.\\.(\\d{4}-\\d{2}-\\d{2})${E}`,
        "g",
      ),
      // Days of one month: "between 1 and 15 october", "october 1 to 15", "1-15 oct 2025", each day maybe introduced by
      // its weekday or "the" ("monday the 3rd to friday the 7th of august last year").
      dayRange: new RegExp(
        `${B}(from |between )?(?:${WEEKDAY}(\\d{1,2})${ORD} ?(to|until|till|through|thru|and|-) ?${WEEKDAY}(\\d{1,2})${ORD} (?:of )?(${MONTH})|(${MONTH}) (\\d{1,2})${ORD} ?(to|until|till|through|thru|and|-) ?(\\d{1,2})${ORD})(?:,? (\\d{4}|last year|this year))?${E}`,
        "g",
      ),
      // A quarter or month of last or this year: "Q4 last year", "march of this year", "last year q2".
      ofYear: new RegExp(
        `${B}(?:(?:the )?(?:q([1-4])|(${ordinals}) quarter|(${MONTH})),? (?:of )?(last|this) year|(last|this) year (?:q([1-4])|(${MONTH})))${E}`,
        "g",
      ),
      // "since 3 months ago", "since 2 weeks ago": the day that far back (written with digits by the learner-English
      // rules), from which the range runs through today, as "since March 1" does.
      sinceAgo: new RegExp(`${B}since (\\d{1,3}) (day|week|month|year)s? ago${E}`, "g"),
      // "since the 1st": a day of this month (of last month when it is still to come).
      sinceDay: new RegExp(`${B}since (?:${SPOKEN_FILLER})?(?:the )?(\\d{1,2})${ORD}${E}${NOT_A_DAY}`, "g"),
      // "from 1 november", "from the 3rd": a day with no end said runs through today, as "since" it does ("from 1
      // november to 10 november" is a range, claimed before). A month or a year alone ("revenue from October") is that
      // period, a day only when its date is said.
      fromDay: new RegExp(
        `${B}from (?:${SPOKEN_FILLER})?(?:the )?(?:(\\d{4}-\\d{2}-\\d{2}|${MONTH} \\d{1,2}${ORD}(?!\\d)(?:,? \\d{4})?|\\d{1,2}${ORD} (?:of )?${MONTH}(?:,? \\d{4})?)|(\\d{1,2})(?:st|nd|rd|th)${NOT_A_DAY})${E}(?!,? (?:to|until|till|through|thru|and|-|\\.\\.|up to|(?:last|this|next) year|of (?:last|this|next) (?:month|year))${E})`,
        "g",
      ),
      // "on the 18th": that day of this month (of last month when it is still to come); the suffix is needed. Said as
      // the subject ("the 17th wasn't as bad", "how the 3rd went"), "the" alone introduces it.
      onDay: new RegExp(
        `${B}(?:on (?:the )?|(?<=(?:vs|versus|against|than|to|with|beat|beats|outsold|trail|trailed) )(?<!(?:q[1-4]|quarter),? (?:vs|versus|against|than|to|with) )the |the (?=\\d{1,2}(?:st|nd|rd|th) (?:was|wasn't|wasnt|is|isn't|went|looked|felt|seemed|did|didn't|had|hasn't|has|came|turned|ended|compare|compared|beat|lost|outsold|trailed|vs|versus)${E}))(\\d{1,2})(?:st|nd|rd|th)${E}${NOT_A_DAY}(?!,? (?:of )?${MONTH}${E})`,
        "g",
      ),
      // A weekday with its day of the month, as calendars and diaries name a day ("Wednesday the 11th", "wed 11th", "on
      // Tuesday, the 3rd", "Tuesday 3/11"): that date. The weekday only confirms which one (and whether "3/11" is
      // written day first or month first); a month named after it is read as the date it names ("Friday 13 November").
      weekdayDate: new RegExp(
        `${B}(?<!(?:since|from|starting|until|till|to|through|thru) )(?:(?:on|for) )?(${alt(Object.keys(p.weekdays))}),? (?:(?:the )?(\\d{1,2})(?:st|nd|rd|th)|the (\\d{1,2})|(\\d{1,2})/(\\d{1,2}))${E}(?!/)${NOT_A_DAY}${NOT_COUNTED}(?!,? (?:of )?${MONTH}${E})(?: of (this|last|the) month${E})?`,
        "g",
      ),
      // A day of the month said on its own ("for the 11th", "the 3rd of this month", "the 9th of last month"): that
      // day of the month named, or the latest such day that has begun ("on the 18th" is read the same way below).
      monthDay: new RegExp(
        `${B}(?:(?:(?:on|for) )?(?:the )?(\\d{1,2})(?:st|nd|rd|th) of (this|last|the) month|for the (\\d{1,2})(?:st|nd|rd|th)${NOT_A_DAY}${NOT_COUNTED}(?!,? (?:of )?${MONTH}${E}))${E}`,
        "g",
      ),
      // "going back to the start of 2025", "all the way back to March", "take it back to May": from then until today,
      // as "since" is. A word said in passing may come between ("since like october first", "since um the 3rd").
      since: new RegExp(
        `${B}(?:since|starting|starting from|as of|beginning|(?:going|go|take it|taking it|bring it|push it|extend it|stretch it|dating|reaching|all the way) back to) (?:${SPOKEN_FILLER})?(?:the )?(?:start of |beginning of )?(${dateExpr}|${alt(Object.keys(p.fixed))})${E}`,
        "g",
      ),
      // "since the start of the year", "from the beginning of this month", "take it back to the start of the year":
      // the running calendar period, as "this year" or "this month" is (no date is named, so no explicit range). The
      // day began at midnight: "since midnight", "since 12am", "since the day started" are today.
      // The period's start may also be told as an event: "since the quarter started", "since this month began", "since
      // the new year kicked off", "since quarter start" are the running period, as "since the start of the quarter" is.
      // Learners drop the noun's ending: "from begin of the year" is the start of the year.
      sinceStartOf: new RegExp(
        `${B}(?:since|from|as of|(?:going|go|take it|taking it|bring it|push it|extend it|stretch it|dating|reaching|all the way) back to) (?:(?:the )?(?:start|beginning|begin|first day) of (?:the |this )?(year|quarter|month|week|day)|(?:the start of |the beginning of )?today|(?:midnight|12 ?am)(?: last night| this morning| today)?|the day (?:began|started|opened|kicked off)|(?:the |this )?(?:new |current )?(year|quarter|month|week) (?:(?:has|had|was|got) )?(?:started|start|began|begun|kicked off|kick off|kickoff|opened|got going|got underway|rolled over|turned over|ticked over))${E}(?! (?:before|prior|ago))`,
        "g",
      ),
      // "from the start of September", "from the beginning of 2025", "from the first day of last month": from that
      // day, with no end said, through today, as "since the start of September" is. An end said after it ("from the
      // start of September to mid October") leaves the phrase to the other readings.
      fromStartOf: new RegExp(
        `${B}from (?:${SPOKEN_FILLER})?(?:the )?(?:very )?(?:start|beginning|first day|1st day|first|1st) of (?:the month of )?(${dateExpr}|${alt(Object.keys(p.fixed))})${E}(?!,? (?:to|until|till|through|thru|and|-|\\.\\.|up to|(?:the )?(?:end|middle|close) of)${E})`,
        "g",
      ),
      // "from 2026-08-15 onward", "march onwards", "Q3 and beyond": from the start of that date until today.
      onward: new RegExp(
        `${B}(?:(?:from|starting|starting from) )?(?:the )?(?:start of |beginning of )?(${dateExpr}) (?:onwards?|forwards?|and (?:beyond|after|later|since))${E}`,
        "g",
      ),
      rolling: new RegExp(`${B}(?:the )?(?:${prefixes}) (\\d+) (${units})${E}`, "g"),
      // "going back 6 months", "looking back over the past 8 weeks", "reaching back 90 days": the length of time behind
      // today the figures should cover, as "the last 6 months" is. Said with a verb of reaching back, the number is a
      // span, not one day ("6 months ago").
      lookingBack: new RegExp(
        `${B}(?:going|go|goes|looking|look|reaching|reach|stretching|stretch|counting|count|rolling|dating) back(?: (?:over|across|through|for))?(?: (?:the|my|our))?(?: (?:${prefixes}))? (\\d+) (${units})${E}`,
        "g",
      ),
      // "a 60-day window", "over a 12 week span": a window of that length just before today, as "the last 60 days".
      // A threshold's number is not one ("below a 30 day period of supply").
      window: new RegExp(
        `${B}(?<!(?:below|under|above|over|than|least|most|to|of|exceeds?) )(\\d+) (${units}) (?:${alt(p.window_nouns)})${E}`,
        "g",
      ),
      // The whole calendar period just over, said as such: "the previous calendar month", "the last full quarter",
      // "the most recent complete week", "the month just gone", "the calendar year that has just ended".
      wholePeriod: new RegExp(
        `${B}(?:the )?(?:(?:last|previous|prior|preceding|past|most recent|latest|recent) (?:(?:full|complete|completed|whole|finished|closed|entire) (?:calendar )?|calendar )(week|month|quarter|year)|(?:(?:full|complete|whole|calendar) )?(week|month|quarter|year) (?:just gone|just passed|just ended|just finished|just closed|that(?: has| is|'s|s)? just (?:ended|finished|closed|gone)|that (?:ended|finished|closed)))${E}`,
        "g",
      ),
      // A period named by its last day, as accounts name them: "the quarter ended September 30", "the month ending
      // 31 October", "month-end October", "the year that ended December 31, 2025".
      endedOn: new RegExp(
        `${B}(?:the )?(?:(?:calendar|fiscal|financial|full|whole|accounting) )?(week|month|quarter|year)(?:(?: that| which)?(?: has| had| just)? (?:ended|ending|ends|closed|closing|closes|finished|finishing)| end(?:ed|ing)?)(?: on| in)? (?:the )?(${dateExpr})${E}`,
        "g",
      ),
      // Since the seller or the product began, with no date said: "since I first listed it", "since we launched",
      // "since the listing went live", "from day one" are all of time ("since we launched in March" is from March, and
      // so is "since we launched there in March" or "since we opened in Spain on 2 May": the place said between).
      sinceStarting: new RegExp(
        `${B}(?:since (?:(?:i|we|it|they|the (?:product|products|listing|listings|item|items|store|shop|account|brand|business|asin|sku)) (?:(?:first|originally|initially|was|were|have|has|had|got) ){0,2}(?:listed|launched|started|began|opened|went live|went on sale|came out|created|set up|joined|signed up|put (?:it|them) (?:up|live|on sale))(?: (?:it|them|selling|trading|out|up|on amazon))?|(?:the )?(?:launch|listing|inception|day one|day 1|the (?:very )?(?:start|beginning|first day))(?! (?:went|was|were|is|got|came|has|had|launched|started|opened))|records began)|from (?:day one|day 1|launch|inception|the (?:very )?(?:start|beginning|first day)))${E}(?! (?:it |them )?(?:there |here |(?:in|on|into) (?:the )?[a-z.&'-]+(?: [a-z.&'-]+)? )?(?:(?:in|on|during|back in|around|from|at the (?:start|end) of|of) (?:the )?(?:${dateExpr}|early|late|mid)|last|this)${E})(?! (?:until|till|to|through) (?!now|today|date|the present))`,
        "g",
      ),
      fixed: new PhraseIndex(Object.entries(p.fixed)),
      daysAgo: new PhraseIndex(Object.entries(p.days_ago)),
      ago: new RegExp(`${B}(\\d{1,3}) days? ago${E}`, "g"),
      single: new RegExp(
        `${B}(?:(\\d{4}-\\d{2}-\\d{2})|${isoMonth}|(${MONTH}) (\\d{1,2})${DAY_END}(?:,? (\\d{4}))?|(\\d{1,2})${ORD} (?:of )?(${MONTH})(?:,? (\\d{4}))?|(${MONTH})(?: of)?,? (\\d{4})|q([1-4])(?:(?: of)?,? |-)(\\d{4})|(\\d{4})[ -]q([1-4])|(?:the )?(${ordinals}) quarter(?: of)?,? (\\d{4}))${E}`,
        "g",
      ),
      // Also a weekday's figures said as its own: "Thursday's numbers", "how were monday's sales"; and a weekday up to
      // today ("Monday to today", "tuesday through now"), as "since" it.
      weekday: new RegExp(
        `${B}(?:(?:(since|starting|from)|(on|last|this|past)) (${alt(Object.keys(p.weekdays))})${E}|(${alt(Object.keys(p.weekdays))})'s? (?=(?:${alt(p.day_figures)})${E})|(${alt(Object.keys(p.weekdays))}) (?:to|through|thru|till|until|up to) (?:today|now)${E})`,
        "g",
      ),
      // A weekday that only introduces a date ("Friday 13 November", "on Tuesday, March 3rd"): the date is the day.
      dateAfterWeekday: new RegExp(`^,? (?:the )?(?:\\d{1,2}${ORD} (?:of )?${MONTH}|${MONTH} \\d{1,2}${ORD})${E}`),
      // "over the summer", "next spring", "winter 2025": a season's three months ("fall" only after next, last or this).
      season: new RegExp(
        `${B}(?:(next|coming|last|this|the|over the|during the|in the|through the) (spring|summer|autumn|winter|fall)|(spring|summer|autumn|winter) (\\d{4}))${E}`,
        "g",
      ),
      half: new RegExp(`${B}(?:the |in the |in )?(${alt(Object.keys(p.halves))})(?: of)?,?(?: (\\d{4}))?${E}`, "g"),
      // Half of a month, not of a year: "the first half of November" (1st to 15th), "2nd half of last month"
      // (16th to the month's end), "first half of oct 2025".
      monthHalf: new RegExp(
        `${B}(?:the |in the |in )?(${alt(Object.keys(p.halves))}) (?:of )?(?:(this|last|the) month|(${MONTH})(?:,? (\\d{4}))?)${E}`,
        "g",
      ),
      // A week of a named month, counted from its first day: "the first week of November", "2nd week of Oct 2025".
      // "Last week of" needs the month after it, so "last week" alone stays the calendar week.
      monthWeek: new RegExp(
        `${B}(?:the |in the |in |during the |over the )?(${alt(Object.keys(p.month_weeks))}) (?:of|in) (?:(this|last|the) month|(${MONTH})(?:,? (\\d{4}))?)${E}`,
        "g",
      ),
      quarterAlone: new RegExp(`${B}(?:q([1-4])|(?:the )?(${ordinals}) quarter)${E}`, "g"),
      monthList: new RegExp(`${B}${MONTH}(?:,? ${MONTH})+,? (?:and|&) ${MONTH}(?:,? (\\d{4}))?${E}`, "g"),
      quarterElided: new RegExp(
        `(?<=(?:q[1-4]|quarter),? (?:vs|v|versus|against|compared to|compared with|to|and|than|over) )(?:the )?(${counted})(?![\\w])(?! (?:quarter|half|week|month|year|day|time|place|best|worst|biggest|largest|most|highest|lowest|top|one|product|item|sku|listing|campaign|store|market)s?(?: |$))`,
        "g",
      ),
      // A comparison word before the month ("September vs August") stays free to be read as the comparison's cue.
      monthAlone: new RegExp(
        `${B}(?:(${alt(p.month_prepositions.filter((w) => !COMPARING_PREPOSITIONS.has(w)))}) |(?<=(?:^| )(${alt([...COMPARING_PREPOSITIONS])}) )|)(${MONTH})${E}`,
        "g",
      ),
      // A year alone, not a count ("2025 units", "1999 orders"), unless a word says it is a year ("full year 2025
      // units sold", "the whole of 2025 orders"). "2025 ordered product sales" is a year: "ordered" is no count noun.
      // The words that say so are the period's own ("in whole year 2025", "the full year 2024", "year 2023").
      yearAlone: new RegExp(
        `${B}(?:(?:the )?(?:(?:whole|full|entire|complete|calendar) )?year (?:of )?)?((?:19|20)\\d{2})(?:(?<=(?:year|whole of|all of|fy) \\d{4})|(?! ?(?:%|percent|\\$|(?:units?|orders?|days?|weeks?|dollars)(?![\\w]))))${E}`,
        "g",
      ),
      cue: flags(cues),
      verb: flags(verbs),
      joiner: /(?<![\w.])(?:to|with|and)(?![\w])/g,
      // Spoken fillers may stand before the other side: "versus like the seven days before that".
      targetYoy: new RegExp(
        `^ ?(?:${SPOKEN_FILLER})?(?:in |for |during )?(?:the |that of |those of )?(?:${alt(p.same_period_last_year)})${E}`,
      ),
      // Also "the 30 days before", "the 30 before", "the previous 30": as long a stretch just before.
      targetPrev: new RegExp(
        `^ ?(?:${SPOKEN_FILLER})?(?:in |for |during )?(?:the |that of )?(?:${alt(p.previous_period)}|(?:previous|prior|preceding) \\d{1,3}(?: (?:${units}))?|\\d{1,3}(?: (?:${units}))? (?:before|prior|earlier)(?: that| it| then)?)${E}`,
      ),
    },
  };
  grammars.set(p, g);
  return g;
}

/**
 * Finds the timeframe (and comparison period) in normalized text.
 *
 * @example
 * findTimeframes("sales this month vs last month", "2026-11-21", phrases, cues, verbs)
 * // { timeframe: "this_month", compareTo: "last_month", comparison: true, text: "sales __time__ __vs__ __cmptime__" }
 */
export function findTimeframes(
  text: string,
  today: string,
  p: TimeframePhrases,
  cues: string[],
  verbs: string[],
  sentenceStarts: number[] = [],
): TimeframeFound {
  const g = grammar(p, cues, verbs);
  const spans: Span[] = [];
  // A period is said within one sentence: "up on last year? Q3 units" is last year, then Q3, never Q3 of last year.
  const free = (start: number, end: number) =>
    spans.every((s) => end <= s.start || start >= s.end) && !sentenceStarts.some((b) => b > start && b < end);
  const claim = (re: RegExp, fn: (m: RegExpExecArray) => Omit<Span, "start" | "end" | "phrase"> | undefined) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0] === "") {
        re.lastIndex++;
        continue;
      }
      if (!free(start, end)) continue;
      const found = fn(m);
      if (found) spans.push({ ...found, start, end, phrase: m[0] });
    }
  };
  const claimPhrases = <V>(index: PhraseIndex<V>, fn: (value: V) => Omit<Span, "start" | "end" | "phrase">) => {
    for (const m of index.find(text))
      if (free(m.start, m.end)) spans.push({ ...fn(m.value), start: m.start, end: m.end, phrase: m.phrase });
  };
  let changeFromTo = false;
  const verbAt = g.patterns.verb.find(text)[0]?.start ?? Infinity;
  const hasVerb = (before: number) => verbAt < before;
  // The grammar's regular expressions only run where they could match.
  const tokens = text.split(" ");
  const hasDigit = /\d/.test(text);
  const hasMonth = tokens.some((t) => g.months[t] !== undefined);
  const hasQuarter = tokens.includes("quarter") || /(?<![\w])q[1-4](?![\w])/.test(text);
  const hasDateish = hasMonth || hasQuarter || /\d{4}/.test(text);

  claimPhrases(g.patterns.yoy, () => ({ kind: "yoy", token: "same_period_last_year" }));
  claimPhrases(g.patterns.prev, () => ({ kind: "prev", token: "previous_period" }));
  if (hasDateish && /(?:^| )(?:week|month|quarter|year) /.test(text))
    claim(g.patterns.endedOn, (m) => {
      const named = dateExpr(m[2], today, g);
      return named && periodEndingOn(m[1], named.end);
    });
  // "over July, August and September": three or more months in a row, listed, are the span they cover.
  if (hasMonth)
    claim(g.patterns.monthList, (m) => {
      const listed = m[0].split(" ").filter((t) => g.months[t] !== undefined);
      const consecutive = listed.every((t, i) => i === 0 || g.months[t] === (g.months[listed[i - 1]] % 12) + 1);
      // "May, June and July 2025": a year said once, at the end, is the last month's.
      const year = m[1] ? ` ${m[1]}` : "";
      const first = consecutive ? dateExpr(listed[0] + year, today, g) : undefined;
      const last = first && dateExpr(listed[listed.length - 1] + year, today, g);
      if (!first || !last) return undefined;
      // Months said without a year are the latest run of them that is over by now (as "march to june" is).
      const months = listed.length - 1;
      const start = last.end < first.start || year ? addMonthsIso(last.start, -months) : first.start;
      return { kind: "time", token: `${start}..${last.end}` };
    });
  if (hasDateish)
    claim(g.patterns.range, (m) => {
      if (m[5]) return m[5] <= m[6] ? { kind: "time", token: `${m[5]}..${m[6]}` } : undefined;
      const [, lead, left, sep, right] = m;
      // "2025 and 2026 to date", "Q3 through Q4 so far": a range whose end is cut at today.
      const toDate = SO_FAR_AFTER.test(text.slice(m.index + m[0].length));
      // "compare March to April" is a comparison, and "Q3 and Q2" a list: only a range when worded as one.
      if (sep === "and" && (lead !== "between " || hasVerb(m.index)) && !toDate) return undefined;
      if ((sep === "to" || sep === "through") && !lead && hasVerb(m.index)) return undefined;
      // "did profit improve from Q2 to Q3": a change from one period to the other, not a range.
      if (lead === "from " && sep === "to" && CHANGE_VERB.test(text.slice(0, m.index).replace(GOODS_MOVED, ""))) {
        changeFromTo = true;
        return undefined;
      }
      // "march-may 2025", "1 november to 31 december 2025": a year said once, at the end, is both sides'.
      const year = /\d{4}/.test(left) ? undefined : /\d{4}/.exec(right)?.[0];
      let a = dateExpr(year ? `${left} ${year}` : left, today, g);
      const b = /^(today|now|date)$/.test(right) ? { start: today, end: today } : dateExpr(right, today, g);
      if (!a || !b) return undefined;
      // "1 december to 31 january 2026": across the new year, the start is in the year before.
      if (year && a.start > b.end) a = dateExpr(`${left} ${Number(year) - 1}`, today, g) ?? a;
      // "march to june" with no years: the range ends at the latest June on or after the start.
      let start = a.start;
      let end = b.end;
      const shift = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
      if (end < start && !/\d{4}/.test(right)) {
        end = shift(end, 1);
        // "November to February" across the new year: the latest such span that is over by now.
        if (end > today && !/\d{4}/.test(left)) [start, end] = [shift(start, -1), shift(end, -1)];
      }
      if (end < start) return undefined;
      if (toDate && end > today && start <= today) end = today;
      return { kind: "time", token: `${start}..${end}` };
    });
  if (hasMonth && hasDigit)
    claim(g.patterns.dayRange, (m) => {
      const [, lead, d1, sep1, d2, month1, month2, e1, sep2, e2, year] = m;
      const sep = sep1 ?? sep2;
      if (sep === "and" && lead !== "between ") return undefined;
      const month = g.months[month1 ?? month2];
      const first = Number(d1 ?? e1);
      const last = Number(d2 ?? e2);
      const thisYear = Number(today.slice(0, 4));
      const y = !year
        ? latestMonthYear(month, today)
        : /^\d/.test(year)
          ? Number(year)
          : thisYear - (year === "last year" ? 1 : 0);
      const start = ymd(y, month, first);
      const end = ymd(y, month, last);
      if (!resolveTimeframe(start, today) || !resolveTimeframe(end, today) || end < start || start > today)
        return undefined;
      return { kind: "time", token: `${start}..${end < today ? end : today}` };
    });
  if (tokens.includes("year") && (hasMonth || hasQuarter))
    claim(g.patterns.ofYear, (m) => {
      const [, q1, ordinal, month1, which1, which2, q2, month2] = m;
      const year = Number(today.slice(0, 4)) - ((which1 ?? which2) === "last" ? 1 : 0);
      const quarter = (q1 ?? q2) ? Number(q1 ?? q2) : ordinal ? p.quarter_ordinals[ordinal] : undefined;
      if (quarter) return { kind: "time", token: `${year}-Q${quarter}` };
      const month = g.months[month1 ?? month2];
      return month ? { kind: "time", token: `${year}-${String(month).padStart(2, "0")}` } : undefined;
    });
  if (/(?:since|from|as of|back to)/.test(text))
    claim(g.patterns.sinceStartOf, (m) => ({ kind: "time", token: RUNNING_PERIOD[m[1] ?? m[2] ?? "day"] }));
  if (tokens.includes("from"))
    claim(g.patterns.fromStartOf, (m) => {
      const phrase = m[1];
      // "from the start of 2025", as "from 28 November 2025": a year gone by, named, is what the figure is of.
      if (Number(/\d{4}/.exec(phrase)?.[0] ?? today.slice(0, 4)) < Number(today.slice(0, 4))) return undefined;
      const fixed = p.fixed[phrase];
      const range = fixed ? resolveTimeframe(fixed, today) : dateExpr(phrase, today, g);
      if (!range || range.start > today) return undefined;
      return { kind: "time", token: range.start === today ? "today" : `${range.start}..${today}` };
    });
  if (/(?:onward|forward|beyond|and after|and later|and since)/.test(text))
    claim(g.patterns.onward, (m) => {
      const range = dateExpr(m[1], today, g);
      return range && range.start <= today ? { kind: "time", token: `${range.start}..${today}` } : undefined;
    });
  if (hasDigit && tokens.includes("since") && tokens.includes("ago"))
    claim(g.patterns.sinceAgo, (m) => {
      const n = Number(m[1]);
      const unit = m[2];
      const start =
        unit === "day"
          ? addDaysIso(today, -n)
          : unit === "week"
            ? addDaysIso(today, -7 * n)
            : addMonthsIso(today, unit === "year" ? -12 * n : -n);
      return n >= 1 ? { kind: "time", token: `${start}..${today}` } : undefined;
    });
  if (/(?:since|starting|as of|beginning|back to)/.test(text))
    claim(g.patterns.since, (m) => {
      const phrase = m[1];
      const fixed = p.fixed[phrase];
      const range = fixed ? resolveTimeframe(fixed, today) : dateExpr(phrase, today, g);
      if (!range || range.start > today) return undefined;
      // "since this morning": from today's start to today is today.
      if (range.start === today) return { kind: "time", token: "today" };
      return { kind: "time", token: `${range.start}..${today}` };
    });
  if (hasDigit && tokens.includes("since"))
    claim(g.patterns.sinceDay, (m) => {
      const start = dayOfThisOrLastMonth(Number(m[1]), today);
      return resolveTimeframe(start, today) ? { kind: "time", token: `${start}..${today}` } : undefined;
    });
  if (hasDigit && tokens.includes("from"))
    claim(g.patterns.fromDay, (m) => {
      // "the order count from 28 November 2025": a day of a year gone by, named with it, is the day the figure is of.
      if (m[1] && Number(/\d{4}/.exec(m[1])?.[0] ?? today.slice(0, 4)) < Number(today.slice(0, 4))) return undefined;
      const start = m[1] ? dateExpr(m[1], today, g)?.start : dayOfThisOrLastMonth(Number(m[2]), today);
      if (!start || !resolveTimeframe(start, today) || start > today) return undefined;
      return { kind: "time", token: start === today ? "today" : `${start}..${today}` };
    });
  if (hasDigit && tokens.some((t) => p.weekdays[t] !== undefined))
    claim(g.patterns.weekdayDate, (m) => {
      const [, name, suffixed, after, first, second, which] = m;
      const weekday = p.weekdays[name];
      const day = suffixed ?? after;
      // "3/11": day first or month first, whichever falls on the weekday (the later when both do).
      const date = day
        ? dayOnWeekday(Number(day), weekday, today, which)
        : [
            dayOnWeekday(Number(first), weekday, today, undefined, Number(second)),
            dayOnWeekday(Number(second), weekday, today, undefined, Number(first)),
          ]
            .filter((d) => d !== undefined)
            .sort()
            .at(-1);
      return date ? { kind: "time", token: date } : undefined;
    });
  if (hasDigit && (tokens.includes("month") || tokens.includes("for")))
    claim(g.patterns.monthDay, (m) => {
      const [, day, which, forDay] = m;
      const date = dayOnWeekday(Number(day ?? forDay), undefined, today, which);
      return date ? { kind: "time", token: date } : undefined;
    });
  if (hasDigit && (tokens.includes("on") || tokens.includes("the")))
    claim(g.patterns.onDay, (m) => {
      const day = String(Number(m[1])).padStart(2, "0");
      let date = `${today.slice(0, 8)}${day}`;
      if (date > today) date = `${addMonthsIso(`${today.slice(0, 8)}01`, -1).slice(0, 8)}${day}`;
      return resolveTimeframe(date, today) ? { kind: "time", token: date } : undefined;
    });
  if (tokens.some((t) => p.weekdays[t.replace(/'s?$/, "")] !== undefined)) {
    claim(g.patterns.weekday, (m) => {
      const [, from, on, said, owner, spanned] = m;
      const name = said ?? owner ?? spanned;
      const since = from ?? spanned;
      if (g.patterns.dateAfterWeekday.test(text.slice(m.index + m[0].length))) return undefined;
      // The latest such day: today counts for "since", not for "last".
      let date = addDaysIso(today, -((weekdayIso(today) - p.weekdays[name] + 7) % 7));
      if (on === "last" && date === today) date = addDaysIso(date, -7);
      return { kind: "time", token: since ? `${date}..${today}` : date };
    });
  }
  if (tokens.some((t) => SEASON_START[t] !== undefined))
    claim(g.patterns.season, (m) => {
      const [, which, name1, name2, year] = m;
      const name = name1 ?? name2;
      if (name === "fall" && !/^(?:next|coming|last|this)$/.test(which ?? "")) return undefined;
      const first = SEASON_START[name];
      // The season of a year begins in that year (winter 2025: December 2025 to February 2026).
      let y = year ? Number(year) : latestMonthYear(first, today);
      const startOf = (at: number) => ymd(at, first, 1);
      const endOf = (at: number) => addDaysIso(addMonthsIso(startOf(at), 3), -1);
      if (!year && (which === "next" || which === "coming")) y = startOf(y) > today ? y : y + 1;
      else if (!year && which === "last" && endOf(y) >= today) y--;
      return { kind: "time", token: `${startOf(y)}..${endOf(y)}` };
    });
  // The month a part of one is of: named (the latest that has begun, unless a year is said), or this or last month.
  const monthOf = (which?: string, monthName?: string, yearText?: string): [number, number] => {
    if (monthName) {
      const month = g.months[monthName];
      return [yearText ? Number(yearText) : latestMonthYear(month, today), month];
    }
    const first = which === "last" ? addMonthsIso(`${today.slice(0, 8)}01`, -1) : `${today.slice(0, 8)}01`;
    const [y, month] = first.split("-").map(Number);
    return [y, month];
  };
  if (tokens.includes("week")) {
    claim(g.patterns.monthWeek, (m) => {
      const [, name, which, monthName, yearText] = m;
      const [y, month] = monthOf(which, monthName, yearText);
      const week = p.month_weeks[name];
      const end = lastDayOfMonth(y, month);
      const start = week > 0 ? ymd(y, month, 1 + (week - 1) * 7) : addDaysIso(end, -6);
      const last = week > 0 ? ymd(y, month, week * 7) : end;
      if (start > today) return undefined;
      return { kind: "time", token: `${start}..${last < today ? last : today}` };
    });
  }
  if (tokens.some((t) => t === "half" || /^h[12]$/.test(t))) {
    claim(g.patterns.monthHalf, (m) => {
      const [, name, which, monthName, yearText] = m;
      const [y, month] = monthOf(which, monthName, yearText);
      const start = ymd(y, month, p.halves[name] === 1 ? 1 : 16);
      const last = p.halves[name] === 1 ? ymd(y, month, 15) : lastDayOfMonth(y, month);
      if (start > today) return undefined;
      return { kind: "time", token: `${start}..${last < today ? last : today}` };
    });
    claim(g.patterns.half, (m) => {
      const half = p.halves[m[1]];
      const [ty, tm] = today.split("-").map(Number);
      const year = m[2] ? Number(m[2]) : half === 1 || tm >= 7 ? ty : ty - 1;
      return { kind: "time", token: half === 1 ? `${year}-01-01..${year}-06-30` : `${year}-07-01..${year}-12-31` };
    });
  }
  const rolling = (m: RegExpExecArray): Omit<Span, "start" | "end" | "phrase"> | undefined => {
    const n = Number(m[1]);
    const unit = p.units[m[2]];
    if (n < 1 || n > 3650) return undefined;
    if (unit === "years") return { kind: "time", token: `last_${n * 12}_months` };
    return { kind: "time", token: `last_${n}_${unit}` };
  };
  if (hasDigit) claim(g.patterns.lookingBack, rolling);
  if (hasDigit) claim(g.patterns.rolling, rolling);
  if (hasDigit) claim(g.patterns.window, rolling);
  if (/since|from/.test(text)) claim(g.patterns.sinceStarting, () => ({ kind: "time", token: "all_time" }));
  if (/week|month|quarter|year/.test(text))
    claim(g.patterns.wholePeriod, (m) => ({ kind: "time", token: `last_${m[1] ?? m[2]}` }));
  // One day counted back from today, before "yesterday" can take part of "the day before yesterday".
  claimPhrases(g.patterns.daysAgo, (n) => ({ kind: "time", token: addDaysIso(today, -n) }));
  if (hasDigit && tokens.includes("ago"))
    claim(g.patterns.ago, (m) => {
      const n = Number(m[1]);
      return n >= 1 && n <= 3650 ? { kind: "time", token: addDaysIso(today, -n) } : undefined;
    });
  for (const m of g.patterns.fixed.find(text)) {
    // "Hardly ever", "rarely ever": how often, not since when ("ads hardly ever show up for").
    if (m.phrase === "ever" && HOW_OFTEN.test(text.slice(0, m.start))) continue;
    if (free(m.start, m.end))
      spans.push({ kind: "time", token: m.value, start: m.start, end: m.end, phrase: m.phrase });
  }
  if (hasDateish)
    claim(g.patterns.single, (m) => {
      const range = dateExpr(m[0].replace(/^the /, ""), today, g);
      return range ? { kind: "time", token: range.token } : undefined;
    });
  if (hasQuarter)
    claim(g.patterns.quarterAlone, (m) => {
      const q = m[1] ? Number(m[1]) : p.quarter_ordinals[m[2]];
      return { kind: "time", token: `${latestQuarterYear(q, today)}-Q${q}` };
    });
  // "the third quarter against the second": the other side said by its ordinal alone is a quarter too.
  if (hasQuarter)
    claim(g.patterns.quarterElided, (m) => {
      const q = p.quarter_ordinals[m[1]];
      return { kind: "time", token: `${latestQuarterYear(q, today)}-Q${q}` };
    });
  if (hasMonth)
    claim(g.patterns.monthAlone, (m) => {
      const [, own, comparing, name] = m;
      const prep = own ?? comparing;
      // "may" alone is a verb, unless a comparison follows it ("May against April").
      const compared = /^ (?:vs|versus|against|compared|v)(?: |$)/.test(text.slice(m.index + m[0].length));
      if (!prep && !compared && p.months_needing_preposition.includes(name)) return undefined;
      // "where to push before January", "clear them out by March": a deadline still ahead is when something must be
      // done, not the period asked about; "what did we sell before March" still asks of the past.
      if (!prep && g.deadline.test(text.slice(0, m.index)) && !PAST_TENSE.test(text)) return undefined;
      const month = p.months[name];
      let year = latestMonthYear(month, today);
      // "last November" in November is the one a year before; in December it is the one just over.
      if (prep === "last" && year === Number(today.slice(0, 4)) && month === Number(today.slice(5, 7))) year--;
      // "next October", "the coming March": the month still to come, which holds nothing yet.
      // A month in a question about what will happen ("are fees going up in january"): the one still to come.
      if (
        prep === "next" ||
        prep === "coming" ||
        (FUTURE_TENSE.test(text) && !PAST_TENSE.test(text) && prep !== "last")
      )
        year = Number(today.slice(0, 4)) + (month > Number(today.slice(5, 7)) ? 0 : 1);
      return { kind: "time", token: `${year}-${String(month).padStart(2, "0")}` };
    });
  if (/\d{4}/.test(text)) claim(g.patterns.yearAlone, (m) => ({ kind: "time", token: m[1] }));
  claimPhrases(g.patterns.cue, () => ({ kind: "cue" }));
  const times = () => spans.filter((s) => s.kind === "time").sort((a, b) => a.start - b.start);
  // "compare X to Y" / "X with Y": the joiner is a cue only after a comparison verb and a first period.
  if (hasVerb(text.length)) {
    // Without a first period ("compare that with the previous 30"), or when the only one follows the joiner
    // ("compare it to September"), after the verb itself.
    const first = times()[0];
    const joinedFirst =
      first && first.start > verbAt && /(?:^| )(?:to|with|and) $/.test(text.slice(verbAt, first.start));
    const from = first && !joinedFirst ? first.end : verbAt;
    claim(g.patterns.joiner, (m) => (m.index >= from ? { kind: "cue" } : undefined));
    // "how different is this week from last week", "does October differ from September": after a word of difference
    // "from" joins the other side, as "to" does after "compare".
    if (DIFFERENCE.test(text)) claim(FROM_JOINER, (m) => (m.index >= from ? { kind: "cue" } : undefined));
  }

  let compareTo: string | undefined;
  const targets = new Set<Span>();
  for (const cue of spans.filter((s) => s.kind === "cue").sort((a, b) => a.start - b.start)) {
    if (compareTo) break;
    const rest = text.slice(cue.end);
    const next = times().find((s) => s.start >= cue.end && BETWEEN_CUE_AND_PERIOD.test(text.slice(cue.end, s.start)));
    // "that single day rather than the whole week": a period set aside is neither compared with nor asked for.
    if (next && cue.phrase === "than" && RATHER_BEFORE.test(text.slice(0, cue.start))) {
      spans.splice(spans.indexOf(next), 1);
      continue;
    }
    if (next) {
      targets.add(next);
      compareTo = next.token;
      // "against the same stretch of 2025": the same dates a year earlier.
      const lastYear = String(Number(today.slice(0, 4)) - 1);
      if (compareTo === lastYear && /(?:^| )same /.test(text.slice(cue.end, next.start)))
        compareTo = "same_period_last_year";
      continue;
    }
    let m = g.patterns.targetYoy.exec(rest);
    if (m) {
      spans.push({
        kind: "yoy",
        token: "same_period_last_year",
        start: cue.end,
        end: cue.end + m[0].length,
        phrase: m[0],
      });
      compareTo = "same_period_last_year";
      continue;
    }
    m = g.patterns.targetPrev.exec(rest);
    if (m) {
      spans.push({ kind: "prev", token: "previous_period", start: cue.end, end: cue.end + m[0].length, phrase: m[0] });
      compareTo = "previous_period";
    }
  }
  // "this quarter than last", "this month vs last": the same kind of period, the one before.
  if (!compareTo) {
    const main = times()[0];
    const previous = main && ELLIPTIC_PREVIOUS[main.token ?? ""];
    const cue = spans.find((s) => s.kind === "cue" && s.start >= (main?.end ?? Infinity));
    const m = cue && previous ? /^ ?(?:the )?last(?: one)?(?=$| [^\d])/.exec(text.slice(cue.end)) : null;
    if (cue && m && previous) {
      const span: Span = { kind: "time", token: previous, start: cue.end, end: cue.end + m[0].length, phrase: m[0] };
      spans.push(span);
      targets.add(span);
      compareTo = previous;
    }
  }
  // A cue that leads to no period ("less than 10", "priced against") is no comparison word.
  const weakCues = new Set(["than", "against", "v", "to", "with", "and", "next to"]);
  const strongCue = spans.some((s) => s.kind === "cue" && !weakCues.has(s.phrase));
  for (let i = spans.length - 1; i >= 0; i--) {
    const s = spans[i];
    if (
      s.kind === "cue" &&
      !spans.some(
        (t) =>
          t !== s &&
          t.start >= s.end &&
          t.start - s.end <= 16 &&
          (targets.has(t) || t.kind === "yoy" || t.kind === "prev"),
      )
    )
      spans.splice(i, 1);
  }
  // "improve from the second quarter to the third": the two periods read one by one, joined as a change from one
  // to the other.
  if (!changeFromTo && times().length === 2) {
    const [first, second] = times();
    changeFromTo =
      /(?:^| )from $/.test(text.slice(0, first.start)) &&
      /^ (?:to|into|until|till) $/.test(text.slice(first.end, second.start).replace(/ the $/, " ")) &&
      CHANGE_VERB.test(text.slice(0, first.start).replace(GOODS_MOVED, ""));
  }
  // "improve from Q2 to Q3": the later period against the earlier one.
  if (!compareTo && changeFromTo && times().length === 2) {
    const [earlier] = times();
    targets.add(earlier);
    compareTo = earlier.token;
  }
  const main = times().find((s) => !targets.has(s));
  let timeframe = main?.token;
  // "is it up or down vs last month": only the other side named, and it is a calendar period just over, so the
  // question weighs the one still running against it.
  if (!timeframe && compareTo && targets.size) timeframe = RUNNING_AFTER[compareTo];
  // "this October vs last October": the same month or quarter named on both sides is the one a year before.
  if (compareTo && compareTo === timeframe && /^\d{4}-(?:\d{2}|Q\d)$/.test(compareTo)) {
    // "October against October a year ago": said as a year back, it is the same period last year.
    const target = [...targets][0];
    const yearBack =
      target && spans.some((s) => s.kind === "yoy" && s.start >= target.end && s.start <= target.end + 1);
    compareTo = yearBack ? "same_period_last_year" : `${Number(compareTo.slice(0, 4)) - 1}${compareTo.slice(4)}`;
  }
  if (compareTo && targets.size) {
    const target = [...targets][0];
    if (compareTo === "last_year") compareTo = "same_period_last_year";
    // "October against October last year", "Q3 vs Q3 of last year": the period just named, a year earlier, is the
    // same period last year (a year said as a number, "October 2025", stays that period).
    // "November so far vs November 2025, same days": a year said as a number too, when the same days are asked for.
    else if (
      timeframe &&
      (/(?:^| )last year(?: |$)/.test(target.phrase) || SAME_DAYS_AFTER.test(text.slice(target.end))) &&
      /^\d{4}-(?:\d{2}|Q\d)$/.test(timeframe) &&
      compareTo === `${Number(timeframe.slice(0, 4)) - 1}${timeframe.slice(4)}`
    )
      compareTo = "same_period_last_year";
    // "last week v the prior week", "the last 30 days against the previous 30": the other side said as the same
    // period again is the one before it, never the same period twice.
    else if (
      compareTo === timeframe ||
      (/^last_\d+_/.test(compareTo) && /^(?:the )?(?:previous|prior|preceding)/.test(target.phrase))
    )
      compareTo = "previous_period";
  }
  // "last year compared with the year before": a whole year before a whole year is the period before.
  const yearBefore = spans.find(
    (s) =>
      (s.kind === "yoy" || targets.has(s)) && /(?:year before|previous year|prior year|preceding year)/.test(s.phrase),
  );
  if (compareTo === "same_period_last_year" && yearBefore && timeframe && /^(?:last_year|\d{4})$/.test(timeframe))
    compareTo = "previous_period";
  // "this month against the month before", "this week vs the week before": the unit before a running one of the same
  // unit is the calendar period just over, which has a name of its own ("this month vs last month").
  const running = timeframe !== undefined ? RUNNING_UNIT[timeframe] : undefined;
  if (
    compareTo === "previous_period" &&
    running &&
    spans.some((s) => s.kind === "prev" && new RegExp(`(?:^| )${running} before(?: |$)`).test(s.phrase))
  )
    compareTo = ELLIPTIC_PREVIOUS[timeframe!];
  // "compare March and April": after a comparison verb, a second period with no cue of its own is the other side.
  if (!compareTo && hasVerb(text.length) && times().length === 2) {
    const [, second] = times();
    targets.add(second);
    compareTo = second.token;
  }
  // "did France do better in August or July": a comparative weighs one of two periods joined by "or" against the other.
  // "October orders or September orders, which one was more?": the figure may be said again before the other one.
  if (!compareTo && times().length === 2 && COMPARATIVE.test(text)) {
    const [first, second] = times();
    if (CHOICE_JOINER.test(text.slice(first.end, second.start))) {
      targets.add(second);
      compareTo = second.token;
    }
  }
  // "last quarter profit and the quarter before it, which one bigger?", "was profit higher last month or the month
  // before?": a comparative choosing between a period and the one before it weighs the one against the other.
  if (!compareTo && times().length === 1 && COMPARATIVE.test(text)) {
    const [main] = times();
    const joined = JOINED_BEFORE_OTHER_SIDE.exec(text.slice(main.end));
    const start = main.end + (joined?.[0].length ?? 0);
    const m = joined ? g.patterns.targetPrev.exec(text.slice(start)) : null;
    if (m) {
      spans.push({ kind: "prev", token: "previous_period", start, end: start + m[0].length, phrase: m[0] });
      compareTo = "previous_period";
    }
  }
  // "did profit grow q3 over q2", "October over September": a period over another is weighed against it, as
  // "2025 over 2024" growth is.
  if (!compareTo && times().length === 2) {
    const [first, second] = times();
    if (/^ over (?:the |in )?$/.test(text.slice(first.end, second.start))) {
      targets.add(second);
      compareTo = second.token;
    }
    // "improved this quarter on last quarter", "up in October on September": British "on" weighs a period against the
    // one before it of the same unit; any other period after "on" ("this week on Monday") narrows instead.
    else if (/^,? on (?:the )?$/.test(text.slice(first.end, second.start)) && earlierOfSameUnit(first, second)) {
      targets.add(second);
      compareTo = second.token;
    }
  }
  if (!compareTo) compareTo = spans.find((s) => s.kind === "yoy" || s.kind === "prev")?.token;
  const comparison = compareTo !== undefined || strongCue || hasVerb(text.length);
  const periods = times()
    .filter((s) => !targets.has(s) && s.token !== undefined)
    .map((s) => ({ token: s.token!, start: s.start }));

  const mask = (s: Span) =>
    s.kind === "cue"
      ? "__vs__"
      : s.kind === "yoy"
        ? "__yoy__"
        : s.kind === "prev"
          ? "__pop__"
          : targets.has(s)
            ? "__cmptime__"
            : "__time__";
  let out = "";
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    out += `${text.slice(at, s.start)} ${mask(s)} `;
    at = s.end;
  }
  out += text.slice(at);
  return { text: out.replace(/\s+/g, " ").trim(), timeframe, compareTo, comparison, periods };
}

/** Like for like said after the other side of a comparison: ", same days", "on the same dates", "like for like". */
const SAME_DAYS_AFTER = /^,? (?:(?:on|for|over) )?(?:the )?(?:same (?:days|dates|stretch|point)|like for like)(?![\w])/;

/** Words said in passing before the other side of a comparison ("vs like last week", "against say the month before"). */
const SPOKEN_FILLER = "(?:like|maybe|say|just|basically|um|uh|erm) ";

/** "rather" just before "than": what follows is set aside, not compared with. */
const RATHER_BEFORE = /(?:^| )rather $/;

/**
 * Verbs of a change from one period to another; "up or down from September to October" asks for one too, and so does
 * "get better" or "got worse from the second quarter to the third".
 */
const CHANGE_VERB =
  /(?<![\w])(?:(?:up or down|down or up|higher or lower|better or worse)|(?:get|gets|got|gotten|getting|become|became|becoming|grow|grew|grown) (?:any |much |a lot |a bit |even )?(?:better|worse|higher|lower|bigger|smaller|stronger|weaker)|improve[ds]?|improving|worsen(?:ed|s|ing)?|deteriorat(?:e|ed|es|ing)|recover(?:ed|s|ing)?|grow|grew|grown|growing|increase[ds]?|increasing|decrease[ds]?|decreasing|drop(?:ped|s)?|fall|fell|fallen|rise|rose|risen|change[ds]?|changing|go(?:ne)? (?:up|down)|went (?:up|down)|move[ds]?|jump(?:ed|s)?|climb(?:ed|s)?|decline[ds]?|shift(?:ed|s)?)(?![\w])/;

/** Goods shifted or moved are goods sold ("units shifted", "how many did we move"), not a change between periods. */
const GOODS_MOVED =
  /(?<![\w])(?:(?:units?|items?|pieces|pcs|products?|stock|goods|inventory)(?: (?:have|has|had|did|do|we|i|you|they|we've|i've|been|were|was|got|actually|managed to))*|how many(?: [a-z'&]+){0,4}?) (?:shift(?:ed|s)?|move[ds]?)(?![\w])/g;

/**
 * What may stand between a comparison word and the period it compares with: "than last month", "than the same
 * month", "than they were last month", "than what we did in October", "compared to how it went last year".
 */
/**
 * Words of difference, which compare one period with another as "compare" does: "the difference of this week with last
 * week", "this week so with last week, how different?" (a learner's order), "how does October differ from September".
 */
const DIFFERENCE = /(?:^| )(?:difference|differences|different|differ|differs|differed|differing)(?= |$)/;
/** "From" joining the other side of a difference (the words of difference are comparison verbs in words.json too). */
const FROM_JOINER = /(?<![\w.])from(?![\w])/g;

const BETWEEN_CUE_AND_PERIOD =
  /^ ?(?:(?:like|maybe|say|just) )?(?:(?:what |how )?(?:it|they|we|i|you|things|those|these|that|sales|revenue|business) (?:was|were|did|had|made|sold|got|looked|managed|performed|went|are|is|do|does)(?: in| during| for| over)? )?(?:the |that of |those of |same period |in )?(?:same (?:period|stretch|time|days?|dates?|weeks?|months?|quarters?|window|point) (?:of |in )?)?$/;

/** Comparative words that weigh one period against another ("better in August or July"). */
const COMPARATIVE = /(?:^| )(?:better|worse|more|less|higher|lower|bigger|smaller|stronger|weaker)(?= |$)/;
/**
 * "or", "and" between two periods offered as a choice, with the figure said again on either side ("October orders or
 * September orders", "profit in October or profit in September").
 */
const CHOICE_JOINER = /^ (?:[a-z&'_]+ ){0,2}?(?:or|and) (?:(?:the |my |our )?[a-z&'_]+ )?(?:in |during |for )?$/;
/** The same before the other side said as the period before ("profit and", "or"): up to that side. */
const JOINED_BEFORE_OTHER_SIDE = /^,? (?:[a-z&'_]+ ){0,2}?(?:or|and)(?= )/;

/** Prepositions before a month that also say it is the other side of a comparison ("vs August", "to April"). */
const COMPARING_PREPOSITIONS = new Set(["vs", "v", "versus", "to", "and", "than", "against"]);

/** The running calendar period of each unit, from its first day through today. */
const RUNNING_PERIOD: Record<string, string> = {
  week: "this_week",
  month: "this_month",
  quarter: "this_quarter",
  year: "year_to_date",
  day: "today",
};

/** Words after a period that cut it at today ("2025 and 2026 to date"). */
const SO_FAR_AFTER = /^ (?:so far|to date|until now|till now|up to now|until today|till today|up to today)(?![\w])/;

/** A calendar period just over → the one running now, which a comparison with it alone is about. */
const RUNNING_AFTER: Record<string, string> = {
  last_week: "this_week",
  last_month: "this_month",
  last_quarter: "this_quarter",
};

/**
 * The second period is the same unit as the first, earlier: "this quarter" and "last quarter", "October" and
 * "September", "2026" and "2025".
 */
function earlierOfSameUnit(first: Span, second: Span): boolean {
  const [a, b] = [first.token ?? "", second.token ?? ""];
  if (RUNNING_UNIT[a] || a === "year_to_date") return b === `last_${RUNNING_UNIT[a] ?? "year"}`;
  const shape = (t: string) => t.replace(/\d/g, "9");
  return /^\d{4}(?:-\d{2}|-Q[1-4])?$/.test(a) && shape(a) === shape(b) && b < a;
}

/** A running calendar period → the unit it runs over ("this month" → "month"). */
const RUNNING_UNIT: Record<string, string> = { this_week: "week", this_month: "month", this_quarter: "quarter" };

/** A running calendar period → the one before it, for "this quarter than last". */
const ELLIPTIC_PREVIOUS: Record<string, string> = {
  this_week: "last_week",
  this_month: "last_month",
  this_quarter: "last_quarter",
  year_to_date: "same_period_last_year",
};

/**
 * The period of one unit that ends on a day: the calendar month, quarter or year when the day closes one ("the quarter
 * ended September 30" = 2026-Q3), else the dates of that length ending on it ("the quarter ending August 31" of a
 * fiscal calendar = June 1 to August 31).
 */
function periodEndingOn(unit: string, end: string): Omit<Span, "start" | "end" | "phrase"> {
  const [y, mo] = end.split("-").map(Number);
  const closesMonth = end === lastDayOfMonth(y, mo);
  if (closesMonth && unit === "month") return { kind: "time", token: end.slice(0, 7) };
  if (closesMonth && unit === "quarter" && mo % 3 === 0) return { kind: "time", token: `${y}-Q${mo / 3}` };
  if (closesMonth && unit === "year" && mo === 12) return { kind: "time", token: String(y) };
  const after = addDaysIso(end, 1);
  const start =
    unit === "week" ? addDaysIso(end, -6) : addMonthsIso(after, unit === "year" ? -12 : unit === "quarter" ? -3 : -1);
  return { kind: "time", token: `${start}..${end}` };
}

interface DateExprResult {
  start: string;
  end: string;
  token: string;
}

/** One date expression (a day, month, quarter or year) as its token and dates. */
function dateExpr(expr: string, today: string, g: Grammar): DateExprResult | undefined {
  const e = expr.trim();
  const monthOf = (name: string) => g.months[name];
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(e))) {
    const range = resolveTimeframe(e, today);
    return range ? { ...range, token: e } : undefined;
  }
  const day = (month: number, d: number, year?: string): DateExprResult | undefined => {
    const date = year ? ymd(Number(year), month, d) : latestMonthDay(month, d, today);
    if (!date || !resolveTimeframe(date, today)) return undefined;
    return { start: date, end: date, token: date };
  };
  if ((m = /^([a-z]+) (\d{1,2})(?:st|nd|rd|th)?(?:,? (\d{4}))?$/.exec(e)) && monthOf(m[1]))
    return day(monthOf(m[1]), Number(m[2]), m[3]);
  if ((m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)(?:,? (\d{4}))?$/.exec(e)) && monthOf(m[2]))
    return day(monthOf(m[2]), Number(m[1]), m[3]);
  const month = (y: number, mo: number): DateExprResult => ({
    start: ymd(y, mo, 1),
    end: lastDayOfMonth(y, mo),
    token: `${y}-${String(mo).padStart(2, "0")}`,
  });
  if ((m = /^([a-z]+)(?: of)?,? (\d{4})$/.exec(e)) && monthOf(m[1])) return month(Number(m[2]), monthOf(m[1]));
  if ((m = /^(\d{4})-(\d{2})$/.exec(e))) return month(Number(m[1]), Number(m[2]));
  const quarter = (y: number, q: number): DateExprResult => {
    const range = resolveTimeframe(`${y}-Q${q}`, today)!;
    return { ...range, token: `${y}-Q${q}` };
  };
  if ((m = /^q([1-4])(?:(?: of)?,? |-)(\d{4})$/.exec(e))) return quarter(Number(m[2]), Number(m[1]));
  if ((m = /^(\d{4})[ -]q([1-4])$/.exec(e))) return quarter(Number(m[1]), Number(m[2]));
  if ((m = /^(?:the )?([a-z0-9]+) quarter(?: of)?,? (\d{4})$/.exec(e))) {
    return g.ordinals[m[1]] ? quarter(Number(m[2]), g.ordinals[m[1]]) : undefined;
  }
  if ((m = /^q([1-4])$/.exec(e))) return quarter(latestQuarterYear(Number(m[1]), today), Number(m[1]));
  if ((m = /^(?:the )?([a-z0-9]+) quarter$/.exec(e)) && g.ordinals[m[1]] && m[1] !== "last")
    return quarter(latestQuarterYear(g.ordinals[m[1]], today), g.ordinals[m[1]]);
  if (monthOf(e)) return month(latestMonthYear(monthOf(e), today), monthOf(e));
  if ((m = /^((?:19|20)\d{2})$/.exec(e))) return { start: `${m[1]}-01-01`, end: `${m[1]}-12-31`, token: m[1] };
  return undefined;
}

/**
 * The date of a day of the month (1-31) said with its weekday or alone, given today: in the month `which` names ("this"
 * or "the": this month, "last": the month before), else the latest such day that has begun, going back month by month
 * to the one that falls on the weekday when one is said (within a year). With `month` (1-12), only that month's day,
 * and only when it falls on the weekday. Undefined when no such day is found.
 */
function dayOnWeekday(
  day: number,
  weekday: number | undefined,
  today: string,
  which?: string,
  month?: number,
): string | undefined {
  if (day < 1 || day > 31) return undefined;
  const thisMonth = `${today.slice(0, 8)}01`;
  const dayOf = (first: string) => {
    const date = `${first.slice(0, 8)}${String(day).padStart(2, "0")}`;
    return resolveTimeframe(date, today) ? date : undefined;
  };
  if (which) return dayOf(which === "last" ? addMonthsIso(thisMonth, -1) : thisMonth);
  let latest: string | undefined;
  for (let back = 0; back <= 12; back++) {
    const first = addMonthsIso(thisMonth, -back);
    if (month !== undefined && Number(first.slice(5, 7)) !== month) continue;
    const date = dayOf(first);
    if (!date || date > today) continue;
    if (weekday === undefined || weekdayIso(date) === weekday) return date;
    latest ??= date;
  }
  return month === undefined ? latest : undefined;
}

/** The day of this month, or of last month when this month's is still to come ("since the 25th" on the 21st). */
function dayOfThisOrLastMonth(day: number, today: string): string {
  const thisMonth = today.slice(0, 8);
  const start = `${thisMonth}${String(day).padStart(2, "0")}`;
  return start > today ? `${addMonthsIso(`${thisMonth}01`, -1).slice(0, 8)}${String(day).padStart(2, "0")}` : start;
}
