/**
 * A hope about the answer, said after the request ("profit per quarter of 2025, inshallah it grew", "sales last
 * month - hopefully they went up", "units this week. I hope it's better", "ojalá haya subido", "semoga naik"): how
 * the seller feels about the figure to come, which the figure answers. Its words ("grew", "went up", "better") would
 * otherwise read as a growth figure asked or a ranking, so the clause goes and the request before it is asked as it
 * stands. A hope that asks something of seller-ai ("hopefully you can split it by week") or holds what the request
 * lacks (a number, a comparison, a breakdown: "hopefully more than in March") is left to be read.
 */

/** Words that say a hope, in English and in the seller's own language. */
const HOPE =
  "(?:hopefully|hopefuly|hopfully|i hope|we hope|i'm hoping|im hoping|i am hoping|we're hoping|we are hoping|hoping|hope|let's hope|lets hope|let us hope|fingers crossed|inshallah|insha'?allah|in ?sha'? ?allah|inşallah|insyaallah|insya'? ?allah|ojal[aá]|oxal[aá]|tomara|speriamo|spero|j'esp[eè]re|hoffentlich|semoga|mudah-mudahan|moga-moga)";

/**
 * The hope set off from the request by a mark, or by a space alone when what is hoped for has a subject ("… inshallah
 * it grew"): the words to the end of the message, asking nothing of seller-ai and holding nothing the request lacks.
 */
const HOPE_LAST = new RegExp(
  `(?:\\s*[,;:.!?(\\-–—]+\\s*|\\s+(?:and|but|so)\\s+|\\s+(?=${HOPE},?\\s+(?:that\\s+)?(?:it|it's|its|they|they're|things|we|we're|i|i'm|the|my|our|sales|numbers|profit|revenue|this|that)\\b))${HOPE}\\b(?![^?]*\\b(?:you|u|than|then|vs|versus|compared|against|by|per|each|every|split|only|just|show|tell|give|send)\\b)(?![^?]*\\d)[^?]*[.!?)]*\\s*$`,
  "i",
);

/** The text without a hope said after the request; something else must be asked before it. */
export function withoutHopeAfterRequest(text: string): string {
  const hope = HOPE_LAST.exec(text);
  return hope && /[a-z]{3}/i.test(text.slice(0, hope.index)) ? text.slice(0, hope.index) : text;
}
