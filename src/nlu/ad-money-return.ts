/**
 * What one unit of the seller's ad money brings back, asked in everyday words ("what did one dollar of ad spend bring in
 * last month", "how much does each euro I put into advertising return", "sales per pound of PPC", "for every buck on
 * ads, how much did we get back", "what's my return on each euro of advertising"): the return on ad spend, ROAS, which
 * is exactly the sales per unit of money spent on ads. Said so, the question names ROAS in the words the metric
 * grammar reads ("roas"). Left as it is, "spend" after "did one dollar of ad" reads as another party's verb, "return" as
 * the seller's returns, and the sum as the ad spend itself.
 *
 * The unit of money must be the ads' ("a dollar of ad spend", "each ad dollar", "every pound we put into PPC"): a unit
 * of other money ("ad spend per dollar of sales", which is ACoS, or "revenue per dollar of stock") is left alone.
 * Matched on the slot text, where a currency's name reads `__currency__` and "1 dollar" reads "$1".
 */

/** Where ad money goes, said as the words the seller uses for their ads. */
const ADS =
  "(?:my |our |the )?(?:ad spend|ads spend|ad budget|ads budget|ads?|advertising|ppc|sponsored (?:products|ads|brands)|campaigns?|marketing)";

/** A unit of money said before how it went into ads ("one dollar", "each euro", "every buck", "$1"). */
const UNIT = "(?:(?:one|each|every|a|a single|1|per) (?:__currency__|bucks?|quid|cents?)|\\$1(?:\\.00)?)";
/** A unit of ad money said with the ads first ("each ad dollar", "every PPC euro"). */
const AD_UNIT = "(?:one|each|every|a|a single|1|per) (?:ad|ads|advertising|ppc|marketing) (?:__currency__|bucks?|quid)";
/** How the unit went into ads: "of ad spend", "spent on ads", "I put into advertising", "we throw at PPC". */
const INTO_ADS = `(?:of|in|on|for|into|towards|spent on|spent in|put into|put in|put on|invested in|going into|that goes into|that went into|thrown at|(?:that )?(?:i|we|you) (?:put|spend|spent|pour|poured|sink|sank|invest|invested|throw|threw|drop|dropped|chuck|chucked)(?: (?:in|into|on|at|towards))?) ${ADS}`;
/** One unit of ad money, however said. */
const UNIT_OF_AD_MONEY = `(?:${AD_UNIT}|${UNIT} ${INTO_ADS})`;

/** What the money brings back, said by a verb. */
const RETURNS =
  "(?:(?:bring|brings|brought|bringing)(?: (?:in|back|home))?|return|returns|returned|generate|generates|generated|earn|earns|earned|make|makes|made|(?:get|gets|got|getting)(?: (?:me|us))? back|produce|produces|produced|yield|yields|yielded|drive|drives|drove|driven|deliver|delivers|delivered|turn into|turns into|turned into)(?: (?:me|us|for me|for us|back|in return))?";
/** What is asked for: an amount, of sales or money if said. */
const ASKED =
  "(?:what|how much|how many(?: __currency__)?)(?: (?:of |in )?(?:money|revenue|sales|cash|income|ad sales))?";
/** An auxiliary, as a question puts it before its subject. */
const AUX = "(?:did|does|do|has|have|will|would|is|was|can|could)";

const SAID = [
  // "what did one dollar of ad spend bring in", "how much revenue does each ad dollar generate"
  `${ASKED} ${AUX} ${UNIT_OF_AD_MONEY} (?:(?:actually|really|even|usually|typically|on average) )?${RETURNS}`,
  // "sales per dollar of ad spend", "my return on each euro of advertising", "revenue from every buck we put into ads"
  `(?:sales|revenue|returns?|money|income|ad sales|turnover)(?: back)? (?:per|for each|for every|for one|for a|from each|from every|from one|from a|on each|on every|on one|on a|out of each|out of every) (?:(?:ad|ads|advertising|ppc|marketing) (?:__currency__|bucks?|quid)|(?:__currency__|bucks?|quid|cents?) ${INTO_ADS})`,
  // "how much do I make back per pound spent on ads", "how much do we get for every euro on PPC"
  `how much (?:do|did|does|have|will|would|can) (?:i|we|you|it|they) (?:make|get|earn|take|bring|see|gain)(?: (?:back|in))? (?:per|for each|for every|from each|from every|on each|on every|out of each|out of every|for one|for a|for 1) (?:(?:ad|ads|advertising|ppc|marketing) (?:__currency__|bucks?|quid)|(?:__currency__|bucks?|quid|cents?) ${INTO_ADS})`,
  // "for every dollar on PPC, how much did I get back", "for each euro of ad spend what do we make"
  `for (?:each|every|one|a|1) (?:(?:ad|ads|advertising|ppc|marketing) (?:__currency__|bucks?|quid)|(?:__currency__|bucks?|quid|cents?) ${INTO_ADS}) ${ASKED} ${AUX} (?:i|we|you|it|they) (?:make|get|earn|take|bring|see|gain)(?: (?:back|in))?`,
];
const AD_MONEY_RETURN = new RegExp(`(?<![\\w])(?:${SAID.join("|")})(?![\\w])`, "g");

/** The text with the return on one unit of ad money said as ROAS. */
export function withAdMoneyReturnAsRoas(text: string): string {
  if (!/__currency__|\$1|bucks?|quid|cents?/.test(text)) return text;
  return text.replace(AD_MONEY_RETURN, (said: string) =>
    /^(?:what|how)/.test(said) || /^for /.test(said) ? "what is the roas" : "roas",
  );
}
