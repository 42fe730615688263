/**
 * Marketplace codes and rolling windows as sellers type them in shorthand ("bottom 3 by rev in es this qtr", "filter
 * to us", "untapped search terms us last 60"). The lower-case codes are also words ("us", "it", "be"), so one counts
 * as a place only where the word cannot stand: after a preposition that takes a place but not that word ("in es", "to
 * se"), after a verb that narrows a report to a place ("filter to us"), or as a bare token of a clipped question,
 * which has no verb for the pronoun to follow ("search terms us last 30").
 */

/** Lower-case codes read after "in", "on", "for" or "to": no English word of that spelling follows those. */
const CODES_AFTER_PREPOSITION = ["es", "se", "sa", "ie", "ae", "be"];
/** "to be", "for be": the verb, not Belgium. */
const WORD_AFTER = new Map<string, RegExp>([["be", /^to$/]]);
/** A verb that narrows a report to a place, before "to us" ("filter to us", "narrow it down to us", "switch to us"). */
const NARROWED_TO_US =
  /(?:^| )(?:filter|filtered|restrict|restricted|limit|limited|narrow|narrowed|switch|swap|change|move|cut|keep|back)(?: (?:it|that|this|them|those|everything|results|things))?(?: down)? to us(?= |$)/;
/** "in us" is the US unless money is meant ("in us dollars"). */
const IN_US = /(?:^| )in us(?! dollars?| dollar| currency| \$)(?= |$)/;
/** Codes read as a bare token of a clipped question; "it" and "be" are too often words even there. */
const BARE_CODES = ["es", "se", "sa", "ie", "ae", "us"];
/** Words after which a bare code is a word or a pronoun, never a place. */
const NOT_BEFORE_A_PLACE =
  /^(?:for|to|with|about|of|by|from|against|at|on|in|like|than|vs|versus|and|or|just|only|all)$/;

/**
 * Where a lower-case marketplace code stands in normalized `text`, and which, or undefined. `clipped`: the question
 * has no clause (no verb, no question word), as shorthand does.
 */
export function lowerCaseCodeAt(text: string, clipped: boolean): { code: string; at: number } | undefined {
  for (const m of text.matchAll(/(?:^| )(in|on|for|to) ([a-z]{2})(?= |$)/g)) {
    const code = m[2];
    if (!CODES_AFTER_PREPOSITION.includes(code) || WORD_AFTER.get(code)?.test(m[1])) continue;
    return { code, at: m.index + m[0].length - 2 };
  }
  for (const re of [NARROWED_TO_US, IN_US]) {
    const m = re.exec(text);
    if (m) return { code: "us", at: m.index + m[0].length - 2 };
  }
  if (!clipped) return undefined;
  // A bare code between the figure and its period ("search terms us __time__"), or last ("rev by campaign es").
  for (const m of text.matchAll(/(?:^| )([a-z]{2})(?= __(?:time|pop|yoy|cmptime)__|$)/g)) {
    const code = m[1];
    if (!BARE_CODES.includes(code)) continue;
    const at = m.index + m[0].length - 2;
    const before = text.slice(0, at).trim().split(" ").pop() ?? "";
    if (before === "" || NOT_BEFORE_A_PLACE.test(before)) continue;
    return { code, at };
  }
  return undefined;
}

/** Rolling windows sellers leave the unit off, in days as ad consoles label them ("L60"). */
const DAY_WINDOWS = "7|14|28|30|45|60|90|120|180|365";
/**
 * "last 60" with nothing after it, in a clipped question ("untapped search terms us last 60"): the last 60 days, as
 * "L60" is. Only the usual windows: "last 5" may be the last five rows.
 */
const WINDOW_WITHOUT_UNIT = new RegExp(
  `(?<![\\w.])(?<!the )(last|past|trailing) (${DAY_WINDOWS})(?= (?:in|on|for) [a-z.]+$|$)`,
);

/** `text` with a unitless rolling window given its days, when the question is clipped. */
export function windowInDays(text: string, clipped: boolean): string {
  return clipped ? text.replace(WINDOW_WITHOUT_UNIT, "$1 $2 days") : text;
}
