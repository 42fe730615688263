/**
 * What a figure is wanted for, said at the end of a stated need ("need the Q3 order count for the partner email",
 * "gotta have last week's revenue for the investor deck", "the UK refunds for my accountant's report please"): the
 * email, deck or report it goes into is where the seller puts the answer, not part of what is asked. Its words ("partner",
 * "email") would otherwise sound like mail sent to someone, which seller-ai does not do. So is a filing the figure goes
 * into ("total settlements for 2025, need the figure for the tax return", "for my accountant"): the seller's own total,
 * not how to file ("how do I do my tax return" stays refused). Said first, as the occasion an agency or team asks for
 * ("For Tuesday's client call, what were…", "ahead of the QBR:", "for the client deck -") or as a heading closed by a
 * colon ("Daily client check-in: order count for yesterday"), it is no part of the question either.
 */

/**
 * A document or occasion a figure goes into, or a post on social media ("for my year recap tiktok", "for my insta
 * story", "for the group chat"): where the seller shows the figure, not what is asked.
 */
export const DOCUMENT =
  "(?:e-?mails?|mails?|reports?|decks?|slides?|slide deck|presentation|update|updates|newsletter|memo|call|meeting|catch-?up|check[- ]?in|board pack|pack|spreadsheet|sheet|doc|document|pitch|proposal|recap|briefing|qbr|review|sync|stand-?up|posts?|story|stories|reels?|videos?|tiktoks?|tweets?|threads?|vlogs?|captions?|group ?chats?|gc|insta|ig)";

/** A filing or the person who makes it: "the tax return", "the VAT filing", "my accountant", "the year-end accounts". */
const FILING =
  "(?:(?:tax|vat|gst|sales tax|income tax|corporation tax|self-assessment|self assessment) (?:returns?|filings?|submissions?)|vat filing|filing|year-end accounts|annual accounts|accounts|books|accountants?|bookkeepers?)";

/**
 * An application the figure goes with, or the lender it goes to: "the loan application", "my mortgage paperwork", "the
 * bank", "the lender". The seller's figure sent with it, not a question about borrowing ("should I take out a loan").
 */
const APPLICATION =
  "(?:(?:(?:bank|business) )?(?:loan|mortgage|credit|finance|financing|funding|grant|visa|lease|tenancy|rental|overdraft|insurance|bank) (?:applications?|paperwork|forms?|requests?)|(?:bank |business )?(?:loan|mortgage|overdraft)|bank|lender|lenders|underwriters?)";

/** Whose or when: "the", "my", "tomorrow's", "Tuesday's", "next week's". */
export const DOCUMENT_OWNER =
  "(?:the|my|our|a|an|this|that|next|tomorrow's|today's|(?:mon|tues|wednes|thurs|fri|satur|sun)day's|next week's|this week's|weekly|monthly|quarterly)";

/**
 * "for the partner email", "for my accountant's report", "for tomorrow's board meeting", "with the loan application",
 * "for the bank", at the end of the text or before a last clause that only narrows the figure or says when it is due
 * ("…for the tax return, all marketplaces combined", "…for my accountant - UK only", "…with the loan application, due
 * Wednesday?"): that clause is kept.
 */
const FOR_A_DOCUMENT = new RegExp(
  `\\s+(?:for\\s+(?:${DOCUMENT_OWNER}\\s+(?:[a-z'-]+\\s+){0,2}?${DOCUMENT}|(?:${DOCUMENT_OWNER}\\s+)?(?:${FILING}|${APPLICATION}))|(?:with|to go with|alongside|to attach to)\\s+(?:${DOCUMENT_OWNER}\\s+)?${APPLICATION})\\s*([?.!]*)(?:\\s*$|(?=(?:,|\\s+[-–—])\\s+[^,.;:!?]+[?.!]*$))`,
  "i",
);

/** "need the figure", "I need it", said before the purpose: the need, with nothing of its own asked. */
const NEED_BEFORE =
  /\s*(?:[-–—,;:]\s*)(?:i |we )?(?:need|needs|needed|'ll need|will need)(?: (?:the|that|this|those|these) (?:figure|figures|number|numbers|total|totals)| it| them)?\s*$/i;

/** "For Tuesday's client call, …", "Ahead of the QBR: …", "Before tomorrow's team meeting - …", at the start. */
const FOR_A_DOCUMENT_FIRST = new RegExp(
  `^\\s*(?:for|ahead of|before|prepping for|preparing for|prep for)\\s+${DOCUMENT_OWNER}\\s+(?:[a-z'-]+\\s+){0,2}?${DOCUMENT}\\s*[,:;\\-–—]\\s*(?=\\S)`,
  "i",
);

/** Who or when an occasion is, named in a heading: "Daily client check-in:", "Monday team stand-up:", "QBR prep:". */
const OCCASION_WORD =
  "(?:daily|weekly|monthly|quarterly|morning|evening|end-of-day|eod|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?|client|clients|client's|team|board|investor|partner|agency|account|internal|quick)";

/** A heading naming the occasion, closed by a colon: "Daily client check-in: order count for yesterday". */
const OCCASION_HEADING = new RegExp(`^\\s*(?:${OCCASION_WORD}\\s+){0,3}${DOCUMENT}(?:\\s+prep)?\\s*:\\s*(?=\\S)`, "i");

/**
 * A month, quarter or year named in the occasion ("For the October fee review - what did they pay that month?") is
 * the period the question goes on to point at, so the occasion stays.
 */
const PERIOD_NAMED =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|q[1-4]|(?:19|20)\d\d|year-end|half-year)\b/i;

/** The text without the document a figure is wanted for; other text as it is. Something must be asked beside it. */
export function withoutFigurePurpose(text: string): string {
  const first = FOR_A_DOCUMENT_FIRST.exec(text) ?? OCCASION_HEADING.exec(text);
  const rest =
    first && !PERIOD_NAMED.test(first[0]) && /[a-z]{3}/i.test(text.slice(first[0].length))
      ? text.slice(first[0].length)
      : text;
  const purpose = FOR_A_DOCUMENT.exec(rest);
  if (!purpose || !/[a-z]{3}/i.test(rest.slice(0, purpose.index))) return rest;
  const before = rest.slice(0, purpose.index);
  const asked = before.replace(NEED_BEFORE, "");
  const after = rest.slice(purpose.index + purpose[0].length);
  return `${/[a-z]{3}/i.test(asked) ? asked : before}${purpose[1] ?? ""}${after}`;
}
