/**
 * Amounts of money as sellers write them: "US$20", "A$15", "CA$ 40", "€20", "20€", "£30", "USD 50", "EUR20". Each is
 * read as "$20", the one form of an amount the threshold grammar reads ("spent over $20"), before anything else reads
 * the question: left as they are, "US$20" is no number (and its "US" a marketplace), and "€20" loses its sign in
 * normalizing, so "over €20" is a bare number. The currency says how the seller counts the money, never which
 * marketplace is asked about, nor which currency to show. An amount named by its currency's name after it ("20
 * dollars", "twenty quid") is read with the currency names once number words are digits (`withAmountsInCurrency`).
 */

/** A dollar sign with its country's letters run in ("US$", "A$", "AU$", "C$", "CA$", "NZ$", "HK$", "S$", "R$", "MX$"). */
const COUNTRY_DOLLAR = /(?<![\w$])(?:us|u\.s\.|usd|a|au|aud|c|ca|cad|nz|hk|s|sg|r|mx|mex)\$ ?(?=\d)/gi;

/** A currency's own sign before the amount ("€20", "£ 30", "¥500", "₹999"). */
const SIGN_BEFORE = /[€£¥₹₺] ?(?=\d)/g;

/** A currency's own sign after the amount ("20€", "30 £"), as much of Europe writes it. */
const SIGN_AFTER = /(?<![\w.,])(\d[\d,]*(?:\.\d+)?k?) ?[€£¥₹₺]/g;

/**
 * The ISO code of a marketplace's currency before the amount ("USD 50", "EUR20"). "TRY" only in capitals: "try 20
 * days" is the verb.
 */
const CODE_BEFORE = /(?<![\w$])(?:(?:usd|eur|gbp|cad|aud|mxn|brl|sek|pln|jpy|sgd|inr|aed|sar|egp)|TRY) ?(?=\d)/gi;

/** The question with every amount written with its currency's sign or code read as a dollar amount ("$20"). */
export function withMoneySignedAmounts(text: string): string {
  if (!/[$€£¥₹₺]|[a-z]{3} ?\d/i.test(text)) return text;
  return text
    .replace(COUNTRY_DOLLAR, "$")
    .replace(SIGN_BEFORE, "$")
    .replace(SIGN_AFTER, "$$$1")
    .replace(CODE_BEFORE, (code: string) => (code.trim() === "try" ? code : "$"));
}

/** The number a currency's name follows ("20 dollars", "15.50 euros"), read off the end of the text before the name. */
const AMOUNT_BEFORE_NAME = /(?:^| )(\d+(?:\.\d+)?k?) $/;

/**
 * The currency names of the (normalized) text, each with the amount it counts when a number stands just before it:
 * "over 20 dollars", "30 quid", "15 euros" are the amounts "$20", "$30", "$15" (the span taking the number in); a
 * currency named alone ("revenue in euros") says how to show the figures, "__currency__".
 */
export function withAmountsInCurrency<T extends { start: number; end: number }>(
  text: string,
  currencies: readonly T[],
): { start: number; end: number; value: string; phrase: string }[] {
  return currencies.map((m) => {
    const amount = AMOUNT_BEFORE_NAME.exec(text.slice(0, m.start));
    if (!amount) return { start: m.start, end: m.end, value: "__currency__", phrase: text.slice(m.start, m.end) };
    const start = m.start - amount[0].length + (amount[0].startsWith(" ") ? 1 : 0);
    return { start, end: m.end, value: `$${amount[1]}`, phrase: text.slice(start, m.end) };
  });
}
