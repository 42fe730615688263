/**
 * Money the seller took, counted in their currency's units ("how many dollars did I make today", "how many euros have
 * we taken this week", "how many bucks came in yesterday", "how many grand did the shop do in October"): an amount of
 * the seller's own money, which "how much money" says in the words the metric grammar reads. Left as a count of a
 * currency it names no figure, and reads like an exchange rate. A currency counted against another ("how many dollars
 * is a euro", "how many pounds do I get for 100 dollars") is the market's rate and stays as it is: a second currency
 * after the first, or "is"/"for"/"in" straight after it, never reads as the seller's money.
 *
 * Matched on the slot text, where a currency's name reads `__currency__`; nicknames ("bucks", "quid") and "grand" are
 * no currency names there, so they are named here.
 */

/** A unit of money counted: a currency's name, a nickname, or thousands ("grand", "k"). */
const UNIT = "(?:__currency__|bucks?|quid|grand|k)";

/** What the seller's own money does next: an auxiliary and the business as subject, or money coming in. */
const SELLERS_MONEY = [
  "(?:did|do|does|have|has|had|will|would|are|were|was|is) (?:i|we|you|u|my|our|the (?:shop|store|business|account|brand|company)|it|they)",
  "(?:i|we|you) (?:made|make|earned|earn|took|take|did|pulled|brought|raked|grossed|turned)",
  "(?:came|come|comes|coming|rolled|rolling|flowed|flowing|poured|pouring) in",
  "(?:went|go|goes|going) (?:in|into) (?:my|our|the)",
].join("|");

const COUNTED = new RegExp(`(?:^| )how many ${UNIT} (?=(?:${SELLERS_MONEY})(?= |$))`, "g");

/** The text with money counted in a currency's units ("how many dollars did I make") said as "how much money". */
export function withMoneyCountedInCurrency(text: string): string {
  if (!text.includes("how many")) return text;
  return text.replace(COUNTED, (all: string, at: number, whole: string) =>
    // A second currency later ("how many dollars did one euro fetch") counts one against the other: a rate.
    /__currency__|\$\d/.test(whole.slice(at + all.length)) ? all : `${all.startsWith(" ") ? " " : ""}how much money `,
  );
}
