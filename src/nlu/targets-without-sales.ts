/**
 * Ad targets said to have brought no sale by a verb denied ("keywords that haven't produced a single sale since
 * August", "search terms which never generated any orders", "targets that didn't make one sale last month", "which
 * keywords haven't sold anything"): keywords bought with ad money that returned nothing are the wasted spend, which
 * "keywords with no sales" says in the words the waste class knows. Left as they are, the denied verb reads as a count
 * of zero units ("haven't made any sales") or stock that does not sell ("haven't sold anything"), and the keywords as
 * keywords to grow. Only ad targets are read so: products that haven't sold are slow stock, and campaigns are ranked
 * by their ACoS.
 */

/** What the seller bids on: keywords, search terms, targets. */
const TARGETS =
  "(keywords?|kws?|search terms?|search queries|queries|customer search terms|targets|targeting|asin targets|product targets|auto targets)";

/**
 * Where the targets run, said between them and the clause ("keywords in the UK that…", "search terms on the Dog Toys
 * campaign which…"): a few words, none of them the seller's products, whose own sales the clause would be about.
 */
const WHERE =
  "((?: (?!(?:products?|items?|asins?|skus?|listings?|goods|stock)(?: |$))[^ ]+){1,5}? (?:that|which|who)|(?: (?:that|which|who))?)";

/** A verb of bringing sales back, denied ("haven't produced", "never got", "didn't lead to", "have not yet made"). */
const DENIED =
  "(?:(?:haven't|havent|have not|hasn't|hasnt|has not|didn't|didnt|did not|don't|dont|do not|doesn't|doesnt|does not|never|have never|has never|had never|still haven't|still have not|still hasn't)(?: (?:yet|even|ever|once|actually|really))?) (?:produced?|produces|producing|made|make|makes|generated?|generates|got|get|gets|gotten|brought(?: in)?|bring(?: in)?|brings(?: in)?|driven|drove|drive|drives|delivered|deliver|delivers|returned|return|returns|led to|lead to|leads to|resulted in|result in|results in|earned|earn|earns|converted into|convert into|sold|sell|sells)";

/** None of what they were bought for: "a single sale", "any orders", "one conversion", "anything". */
const NOTHING =
  "(?:(?:even )?(?:a single|one single|a solitary|one|1|any|a|an|even one) (?:sales?|orders?|conversions?|purchases?)|anything|a thing|a penny|a cent|a dime)(?: (?:at all|whatsoever))?";

const TARGETS_WITHOUT_SALES = new RegExp(`(?<![\\w])${TARGETS}${WHERE} ${DENIED} ${NOTHING}(?![\\w])`, "g");

/** The text with ad targets that brought no sale said as "… with no sales". */
export function withTargetsWithoutSales(text: string): string {
  if (!/n't|nt |not |never/.test(text)) return text;
  return text.replace(
    TARGETS_WITHOUT_SALES,
    (_all, targets: string, where: string) =>
      // The place kept, the clause's word dropped: "keywords in the uk with no sales".
      `${targets}${where.replace(/ (?:that|which|who)$/, "")} with no sales`,
  );
}
