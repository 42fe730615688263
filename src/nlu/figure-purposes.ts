/**
 * What a figure is wanted for, said at the end of a stated need ("need the Q3 order count for the partner email",
 * "gotta have last week's revenue for the investor deck", "the UK refunds for my accountant's report please"): the
 * email, deck or report it goes into is where the seller puts the answer, not part of what is asked. Its words ("partner",
 * "email") would otherwise sound like mail sent to someone, which seller-ai does not do.
 */

/** A document or occasion a figure goes into. */
const DOCUMENT =
  "(?:e-?mails?|mails?|reports?|decks?|slides?|slide deck|presentation|update|updates|newsletter|memo|call|meeting|catch-?up|board pack|pack|spreadsheet|sheet|doc|document|pitch|proposal|recap|briefing)";

/** "for the partner email", "for my accountant's report", "for tomorrow's board meeting", at the end of the text. */
const FOR_A_DOCUMENT = new RegExp(
  `\\s+for\\s+(?:the|my|our|a|an|this|that|next|tomorrow's|monday's|friday's|weekly|monthly)\\s+(?:[a-z'-]+\\s+){0,2}?${DOCUMENT}\\s*([?.!]*)\\s*$`,
  "i",
);

/** The text without the document a figure is wanted for; other text as it is. Something must be asked before it. */
export function withoutFigurePurpose(text: string): string {
  const purpose = FOR_A_DOCUMENT.exec(text);
  if (!purpose || !/[a-z]{3}/i.test(text.slice(0, purpose.index))) return text;
  return `${text.slice(0, purpose.index)}${purpose[1] ?? ""}`;
}
