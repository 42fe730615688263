/**
 * Amounts written with a word or letter that multiplies them, as sellers write round figures: "50k" and "50 k" are
 * 50,000, "2 million" 2,000,000, and in Indian English "1 lakh" (or "lac") 100,000, "2.5 lakh" 250,000 and "1 crore"
 * 10,000,000 ("alert me if sales fall below 1 lakh", "ad spend over 50k rupees"). Left as they are, the number before
 * the word is the whole amount ("below 1"), which reads as a rate rather than money. Written out as digits, the
 * threshold grammar reads them as any other amount. Matched on the normalized text once number words are digits.
 * "m" alone is left: "3m" may be three months as well as three million.
 */

/** What each word multiplies its number by. */
const MULTIPLIERS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  lakh: 100_000,
  lakhs: 100_000,
  lac: 100_000,
  lacs: 100_000,
  crore: 10_000_000,
  crores: 10_000_000,
  cr: 10_000_000,
  million: 1_000_000,
  millions: 1_000_000,
  mn: 1_000_000,
  mil: 1_000_000,
  billion: 1_000_000_000,
  bn: 1_000_000_000,
};

/**
 * A number and its multiplier, run in or apart ("50k", "2.5 lakh", "$1.2 million"); "k" and "cr" only run in or after
 * a money sign, where no other word can be meant ("5 k" may be a typo, "3 cr" a course).
 */
const MULTIPLIED =
  /(?<![\w.])(\$?)(\d+(?:\.\d+)?)(?:(k|cr|mn|bn)|\s?(thousand|lakhs?|lacs?|crores?|millions?|mil|billion))(?![\w%])/g;

/**
 * What stands before an amount that is a threshold ("below", "over 50k", "less than 1 lakh", "> 2k"). Only there is the
 * amount written out: elsewhere a round figure in digits reads as a year ("about 2k in revenue" is no year 2000).
 */
const THRESHOLD_BEFORE =
  /(?:^|\s)(?:below|under|over|above|beyond|than|exceeds?|exceeding|past|cross(?:es|ed)?|reach(?:es)?|hits?|tops?|least|most|[<>]=?|=)\s(?:(?:rs\.?|inr|usd|eur|gbp|aed|rupees?)\s)?$/;

/** The text with every threshold said with a multiplier written out in digits ("below 50k" → "below 50000"). */
export function withAmountsMultipliedOut(text: string): string {
  if (!/\d\s?(?:k|cr|mn|bn|thousand|lakh|lac|crore|mil|billion)/.test(text)) return text;
  return text.replace(
    MULTIPLIED,
    (all, sign: string, n: string, glued: string | undefined, word: string | undefined, at: number) => {
      if (!THRESHOLD_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return all;
      const value = Number(n) * (MULTIPLIERS[glued ?? word ?? ""] ?? 1);
      return Number.isFinite(value) && value !== Number(n) ? `${sign}${Math.round(value)}` : all;
    },
  );
}
