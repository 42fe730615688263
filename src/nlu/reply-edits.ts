/**
 * Replies that only edit the question just answered, so they ask it again with the edit, whatever their few words
 * sound like on their own:
 * - a correction of what was said ("I meant last week", "sorry, I meant the UK", "no, I meant units", "oops, meant
 *   to say profit"): the question before, with the period, place or figure put right. "I meant to ask …" brings a
 *   question of its own and is no correction.
 * - a new figure to rank by, said bare ("by profit", "hmm, by units then?", "ranked by margin"): the list before,
 *   ranked by it, where "by profit" alone would sound like the profit and loss.
 * Both read the masked text of slots.ts (figures as m_<metric>, periods and places as __time__, __mkt__).
 */

/** Words a seller opens a correction with: "no", "sorry", "oops", "actually", "my bad". */
const OPENER =
  "(?:(?:no|nope|nah|sorry|soz|oops|whoops|oh|ah|argh|err|erm|um|uh|hmm+|actually|wait|ugh|my bad|my mistake|apologies)(?: |-)+)*";

/** "I meant …", "I actually meant …", "meant to say …": a correction, not "I meant to ask …", a question of its own. */
const CORRECTION = new RegExp(
  `^${OPENER}(?:i (?:actually |really |obviously )?)?meant(?: to (?:say|type|write|put))?(?! to )(?= |$)`,
);

/** "by profit", "ok, by units then", "sorted by margin instead": only a figure to rank the list by. */
const BY_FIGURE_ALONE =
  /^(?:(?:ok|okay|so|right|now|then|hmm+|hm|actually|rather) )*(?:(?:sorted|ranked|ordered|sort|rank|order|sort them|rank them|order them) )?by (?:the |my |their |its )?m_[a-z_]+(?: (?:instead|now|then|please|too|this time|first))*$/;

/** The masked text with its punctuation as spaces, so openers and figures read as words. */
function plain(masked: string): string {
  return masked
    .replace(/[,.;:!?()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the reply corrects what the question before said ("I meant last week"). */
export function correctsTheQuestionBefore(masked: string): boolean {
  return CORRECTION.test(plain(masked));
}

/** Whether the reply only names a figure to rank the rows before by ("by profit"). */
export function reranksByAFigure(masked: string): boolean {
  return BY_FIGURE_ALONE.test(plain(masked));
}
