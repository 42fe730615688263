/**
 * An opinion on a way of doing business in general ("is dropshipping still worth it in 2027", "should I start private
 * label", "can you still make money with retail arbitrage", "is Amazon FBA dead", "wholesale or private label, which
 * is better"): a judgement on the market and the future, which no mirror of one seller's account holds, however a
 * learner opens it ("šta misliš,", "what do you think,") and whatever year it names. "Worth" there is not what stock is
 * worth and "profitable" not the seller's profit.
 *
 * The seller's own things judged the same way ("is my yoga mat still worth stocking", "is the auto campaign worth it",
 * "is FBA worth it for my dog toys") name no business model or name their own catalog, and stay theirs.
 *
 * Matched on topic text, where periods and catalog names are masked.
 */

/** Ways of doing business on or beside Amazon, said as a whole. */
const MODEL =
  "(?:drop ?shipping|drop-shipping|dropship|private label(?:l?ing)?|private-label(?:l?ing)?|white label(?:l?ing)?|retail arbitrage|online arbitrage|arbitrage|wholesale|wholesaling|reselling|flipping|print on demand|print-on-demand|amazon fba|fba|amazon kdp|kdp|merch by amazon|amazon merch|amazon affiliates?|affiliate marketing|e-?commerce|selling on amazon|amazon selling|an amazon (?:business|store|shop)|an? (?:fba|online|e-?commerce|ecom) (?:business|store|shop)|being an amazon seller|amazon as a (?:business|career|side hustle)|side hustles?)";

/** What is judged of it: worth, money, a future, a fashion. */
const JUDGEMENT =
  "(?:worth it|worth doing|worth the (?:effort|time|money|risk|hassle)|worth (?:starting|trying|getting into|going into|a try|a shot)|(?:still )?profitable|lucrative|a good (?:idea|business|option|choice|investment|way to make money)|a bad idea|viable|dead|dying|finished|saturated|oversaturated|over-saturated|too competitive|a scam|legit|sustainable|the future|still a thing|still alive|worth it anymore|easy money|passive income|make sense)";

/** What follows the judgement when it describes the seller's goods instead ("dead stock", "dying listings"). */
const GOODS_AFTER = "(?! (?:stock|inventory|units?|listings?|products?|items?|skus?|asins?|weight|capital))";

/** "Is dropshipping still worth it", "is Amazon FBA really dead in 2027". */
const MODEL_JUDGED = new RegExp(
  `(?:^| )(?:is|are|isn't|aren't|will|would|does|do) (?:doing |starting |running |an? |the )?${MODEL} (?:(?:still|even|really|actually|honestly|truly|now|already|going to be|gonna be|be|become|becoming|getting|in __time__|__time__) )*${JUDGEMENT}${GOODS_AFTER}(?= |$)`,
);

/**
 * The same judgement with the way of business named first, as a statement offered for agreement or a topic then asked
 * of ("do you think private label is still profitable", "would you say wholesale is worth it in 2028", "retail
 * arbitrage, is that even worth it anymore"). The words between name nothing of the seller's goods or figures ("FBA
 * stock is dead" is their stock), and the seller's own way of selling ("my FBA is profitable?") or goods kept in it
 * ("units in FBA") are theirs.
 */
const SELLER_THINGS =
  "(?:stock|inventory|units?|listings?|products?|items?|skus?|asins?|fees?|sales|orders?|revenue|profits?|margins?|costs?|prices?|returns?|refunds?|ads?|campaigns?|shipments?|inbound|removals?|warehouses?|check-?in|receiving)";
const MODEL_SAID_TO_BE = new RegExp(
  `(?:^| )(?<!(?:my|our|in|at|to|into|from|via|through|for|of|with) )${MODEL} (?:(?!${SELLER_THINGS}(?: |$))[a-z'_]+ ){0,4}?${JUDGEMENT}${GOODS_AFTER}(?= |$)`,
);

/** "Is it still worth starting an Amazon business", "is it profitable to do wholesale". */
const IT_WORTH_MODEL = new RegExp(
  `(?:^| )is it (?:(?:still|even|really|actually) )*(?:worth|profitable|a good idea|too late|smart|wise)(?: it)? (?:to )?(?:start|starting|get into|getting into|go into|going into|try|trying|do|doing|begin|beginning|launch|launching|build|building|open|opening)? ?(?:(?:with|in|into) )?${MODEL}(?= |$)`,
);

/** "Should I start dropshipping", "should we get into private label", "should I quit my job for FBA". */
const SHOULD_START_MODEL = new RegExp(
  `(?:^| )(?:should|shall|would you|do you think) (?:i|we) (?:(?:still|even|really|actually) )*(?:start|begin|try|get into|go into|switch to|move to|move into|jump into|learn|do|pick|choose|quit my job (?:for|to do|and do|to start)|leave my job (?:for|to do|to start)) (?:with |doing |selling |into )?${MODEL}(?= |$)`,
);

/** "Can you still make money with online arbitrage", "is there any money left in dropshipping". */
const MONEY_IN_MODEL = new RegExp(
  `(?:^| )(?:(?:can|could) (?:you|one|i|we|anyone|people) (?:still |really |actually )?(?:make|earn) (?:good |real |any |decent )?(?:money|a living|an income|profit)|is there (?:still |any |really )*(?:money|profit) (?:left )?) (?:with|from|in|doing|by|through) ${MODEL}(?= |$)`,
);

/** "Dropshipping or private label, which is better", "is wholesale better than arbitrage". */
const MODELS_COMPARED = new RegExp(
  `(?:^| )${MODEL} (?:or|vs|versus|__vs__|compared to|better than|worse than|more profitable than) (?:doing )?${MODEL}(?= |$)`,
);

/** An opinion asked of it ("what do you think of dropshipping", "your opinion on private label"). */
const OPINION_OF_MODEL = new RegExp(
  `(?:^| )(?:what do you think|what's your (?:take|view|opinion)|what is your (?:take|view|opinion)|your (?:thoughts|opinion|take|view)|thoughts) (?:on|of|about) ${MODEL}(?= |$)`,
);

/**
 * Whether it still works at all ("does dropshipping still work", "can private label really make money",
 * "arbitrage still works in 2027?"): a judgement of its future, where "how does FBA work" asks how it is done.
 */
const STILL_WORKS = new RegExp(
  `(?:^| )(?:does|do|will|can|could|would) ${MODEL} (?:still|even|really|actually|honestly|ever) (?:work|make money|make sense|pay)(?= |$)|(?:^| )(?<!(?:my|our|in|at|to|into|from|via|through|for|of|with) )${MODEL} (?:still )?(?:works?|working) (?:anymore|any more|these days|nowadays|in __time__|__time__)(?= |$)`,
);

/**
 * The seller's own catalog named, or the seller's own goods ("for my dog toys", "for my products"): then "worth it" is
 * their stock or profit judged, and FBA their own fees.
 */
const OWN_GOODS =
  /__(?:category|subcategory|asin|sku|campaign)__|(?:^| )(?:my|our) (?:products?|listings?|items?|skus?|asins?|catalog|range|stock|inventory|goods|line)(?= |$)/;

/**
 * Said in the past ("was FBA profitable last month", "did wholesale work out for us in Q3"): how the seller's own way of
 * selling did, which their figures show, not a judgement of its future.
 */
const IN_THE_PAST = new RegExp(
  `(?:^| )(?:was|were|did) (?:(?:switching to|moving to|going|doing|the|an?|our|my) )?${MODEL}(?= |$)|(?:^| )${MODEL} (?:was|were|has been|have been|had been|paid off|worked|did)(?= |$)`,
);

/** Whether topic text asks an opinion on a way of doing business in general. */
export function asksAboutBusinessModel(text: string): boolean {
  if (OWN_GOODS.test(text) || IN_THE_PAST.test(text)) return false;
  return (
    MODEL_JUDGED.test(text) ||
    MODEL_SAID_TO_BE.test(text) ||
    IT_WORTH_MODEL.test(text) ||
    SHOULD_START_MODEL.test(text) ||
    MONEY_IN_MODEL.test(text) ||
    STILL_WORKS.test(text) ||
    MODELS_COMPARED.test(text) ||
    OPINION_OF_MODEL.test(text)
  );
}
