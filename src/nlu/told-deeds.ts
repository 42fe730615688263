/**
 * What the seller did, told in a clause before what they ask and closed by a comma or a dash ("We switched prep
 * centers in the summer - chart monthly orders for the past 6 months", "I changed the main image back in September,
 * how did conversion go over the past 90 days?", "we've moved to a new 3PL in August - weekly orders for the last 3
 * months?"): the story of why the seller asks. Its period is when the deed was done; when the clause after it names a
 * period of its own, that one is the period asked. A story whose period is the only one ("We ran a promo in October -
 * how did it do?") still gives the question its period: nothing else names one.
 *
 * Not a deed: a wish or a question of the seller's own in the past tense ("I wanted to see October", "I was
 * wondering…"), which asks. A month or a day number right after the comma or dash goes on the same list or range
 * ("we launched in March, April and May", "ran it 1 - 7 November"), so the clause does not end there.
 */

/** Verbs in the past tense, or their participles after "I've", that never end in -ed. */
const IRREGULAR_PAST =
  "sent|sold|got|gotten|had|made|put|bought|paid|spent|ran|run|took|taken|gave|given|did|done|redid|redone|set|began|begun|lost|won|saw|seen|built|rebuilt|cut|hit|let|went|gone|brought|threw|thrown|kept|left|held|split|shut|quit|wrote|written|rewrote|rewritten|found|chose|chosen|drew|drawn|fell|grew|grown|been";

/** A past tense that only asks or wishes, not a deed told. */
const NOT_A_DEED =
  "(?:need|wanted|needed|wondered|hoped|liked|loved|preferred|meant|asked|requested|expected|guessed|figured|reckoned|used)";

/** The opening of the seller's own deed: "we switched", "I've raised", "so we just launched". */
const DEED_OPENING = `(?:(?:so|and|but|well|ok|okay|yeah|right|also|fyi|heads up)[, ]+)*(?:i|we)(?:'ve| have| had)?(?: (?:just|already|only|finally|recently|also|actually|originally|first|then|since|quietly|accidentally))* (?!${NOT_A_DEED}\\b)(?:[a-z]{3,}ed|${IRREGULAR_PAST})\\b`;

/** Month names (English, as the question is read), so a list or range of months is not cut at its comma. */
const MONTH_NEXT =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b";

/**
 * A deed told at the start of the text up to the comma or dash that closes it; `$1` is the clause. Said in one run with
 * "and" ("We switched prep centers in the summer and I want to know if it hurt us - chart…"), the clause runs to the
 * first comma or dash.
 */
export const TOLD_DEED_CLAUSE = new RegExp(
  `^(\\s*${DEED_OPENING}[^,;:.?!]*?)(?:,|\\s+[-–—]+)\\s+(?!\\d|${MONTH_NEXT})(?=\\S)`,
  "i",
);
