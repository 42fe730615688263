/**
 * A tag question closing a question ("and how many units, no?", "revenue went up, right?", "same for Germany, yeah?",
 * "profit in the UK, na?"): the speaker only checks they are understood, as Spanish "¿no?", Hindi "na?" or English
 * "right?" do. The tag asks nothing of its own and is dropped, so that "no" is no negation and "right" no direction.
 * A choice put to the reader ("did it go up, yes or no?") has no comma before its last word and stays as it is.
 */

/** The tag after a comma (or a dash) at the very end, with its question mark. */
const TAG_QUESTION =
  /\s*[,–—-]\s*(?:no|right|yeah|yes|yea|na|naa|nah|ne|eh|huh|ok|okay|correct|isn't it|is it not|innit|don't you think|no\?\s*right|true)\s*\?+\s*$/i;

/** The question without a closing tag question; other text as it is. Something must be asked before the tag. */
export function withoutTagQuestion(text: string): string {
  const tag = TAG_QUESTION.exec(text);
  if (!tag || !/[a-z]/i.test(text.slice(0, tag.index))) return text;
  return `${text.slice(0, tag.index)}?`;
}
