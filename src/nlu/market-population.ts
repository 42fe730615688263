/**
 * How many people a country or Amazon as a whole has as shoppers ("how many Australians shop on Amazon each month",
 * "what share of French shoppers order online", "how many shoppers are there on amazon.de"): a statistic of the
 * market, which no mirror of one seller's account holds. A country's people are said by their name, which reads as a
 * marketplace ("Australians" → __mkt__), or as people in it. With the seller's own side or catalog in the question
 * ("how many customers ordered from me", "how many Germans bought my yoga mats") the people are the seller's buyers,
 * counted by their orders.
 *
 * Matched on topic text, where periods, marketplaces and catalog names are masked.
 */

/** Words for people counted as a population, not as one seller's buyers. */
const PEOPLE =
  "(?:people|persons|folks|shoppers|consumers|customers|buyers|households|homes|adults|families|users|members|prime members|prime subscribers|subscribers|residents|citizens|internet users)";
/** A count asked, as a number or a share. */
const COUNT_ASKED =
  "(?:how many|(?:what|which) (?:percentage|percent|proportion|share|fraction|portion|number|%) of|(?:the )?(?:number|percentage|proportion|share) of)";
/** Nationals whose name does not read as a marketplace. */
const NATIONALS = "(?:brits|britons|yanks|aussies|kiwis|canucks|europeans)";
/** A country's people: "Australians", "French shoppers", "people in Germany", "households across the UK". */
const COUNTRY_PEOPLE = `(?:(?:__mkt__|${NATIONALS})(?: ${PEOPLE})?|${PEOPLE} (?:in|from|living in|across|throughout) (?:the )?__mkt__)`;
/** Adverbs between them and what they do. */
const ADVERBS = "(?:(?:actually|really|regularly|still|now|typically|usually|even|already|ever|currently) )?";
/** Going to a shop at all ("shop on Amazon", "use Amazon", "have Prime"), which says nothing of one seller's goods. */
const SHOPPING =
  "(?:shop|shops|use|uses|have|has|own|owns|are|is|live|visit|visits|browse|browses|subscribe|subscribes|pay for|sign up)";
/** Buying said of a channel as a whole ("buy online", "order from Amazon"): a market habit, not an order of the seller's. */
const BUYING_THROUGH =
  "(?:buy|buys|order|orders|purchase|purchases|spend|spends)(?: [a-z]+){0,3}? (?:online|on the internet|on (?:amazon|__mkt__)|from amazon|through amazon|via amazon)";

const COUNTRY_SHOPPERS = new RegExp(
  `(?:^| )${COUNT_ASKED} (?:the )?${COUNTRY_PEOPLE} ${ADVERBS}(?:${SHOPPING}|${BUYING_THROUGH})(?= |$)`,
);
/** People counted where they shop ("how many shoppers are there on amazon.de", "how many buyers does amazon.it get"). */
const SHOPPERS_THERE = new RegExp(
  `(?:^| )${COUNT_ASKED} (?:(?:active|monthly|daily|weekly|registered|paying|unique|total|online) )*${PEOPLE} (?:are there (?:in|on|at|across) (?:the )?(?:amazon|__mkt__)|(?:does|do|did) (?:the )?(?:amazon|__mkt__)(?: [a-z]+)? (?:have|has|get|gets|serve|attract))(?= |$)`,
);
const OWN = /(?:^| )(?:my|our|me|i|we|us|mine|ours|__(?:category|subcategory|asin|sku|campaign)__)(?= |$)/;

/** Whether topic text counts the shoppers of a country or of Amazon as a whole. */
export function asksMarketPopulation(text: string): boolean {
  if (OWN.test(text)) return false;
  return COUNTRY_SHOPPERS.test(text) || SHOPPERS_THERE.test(text);
}
