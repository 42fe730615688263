/**
 * Advice on whether to move into a niche or a category the seller does not sell in yet ("is it worth getting into the
 * pet niche next year", "should we branch out into the garden category", "would it make sense to expand into the
 * baby market", "thinking of venturing into toys, good idea?", "lohnt es sich, in die Baby-Nische einzusteigen"): a
 * judgement of a market and of a future the seller has no sales in, which no mirror of their account holds. What
 * competitors sell that the seller does not ("which categories am I missing that competitors sell") is counted in the
 * mirror (catalog gaps), and how a category the seller already moved into did ("how did the baby category do since we
 * expanded into it") is their own history: neither asks whether to go in.
 *
 * Matched on topic text, where periods, marketplaces and catalog names are masked and accents are taken off ("ça"
 * and "de" then read as marketplaces, "nicho" as "niche").
 */

/** Asking for a judgement: worth it, a good idea, should I. */
const ADVICE =
  "(?:is it (?:(?:still|even|really|actually|now) )*(?:worth(?: it)?|worthwhile|a good idea|a smart (?:idea|move)|a wise (?:idea|move)|smart|wise|sensible|profitable|too late|a mistake|risky)|(?:would|will|does|could) it (?:(?:be|make sense|pay off|pay|work out)(?: [a-z]+)?)|(?:should|shall|could|must) (?:i|we)(?: (?:still|really|actually|maybe|perhaps|now))?|(?:do|would) you (?:think|reckon|recommend|suggest|advise)(?: (?:that|i|we|me|us|should))*|worth (?:it|my while|our while|the risk)|(?:good|bad|smart|great) idea|(?:i'm|im|i am|we're|were|we are) (?:(?:thinking|thinking about|thinking of|considering|planning|planning on|planning to|contemplating|toying with the idea of|looking at|looking to|keen on|tempted to))|(?:thinking|considering|planning|contemplating)(?: about| of| on| to)?)";

/** Moving into a new market. */
const ENTER =
  "(?:get|getting|go|going|break|breaking|expand|expanding|branch out|branching out|branch|branching|move|moving|venture|venturing|jump|jumping|dive|diving|diversify|diversifying|step|stepping|dip (?:my|our) toes?|dipping (?:my|our) toes?) into|(?:enter|entering|start selling in|starting to sell in|start selling into|launch in|launching in|launch into|launching into|add|adding|open up|opening up)";

/** A market named as such, or a masked category. */
const MARKET_WORD =
  "(?:niches?|markets?|categor(?:y|ies)|space|spaces|verticals?|segments?|sectors?|__category__|__subcategory__)";

/** "…worth getting into the baby niche", "should we branch out into the garden category", "expand into __category__". */
const ENTERING = new RegExp(
  `(?:^| )${ADVICE} (?:[a-z_'-]+ ){0,3}?(?:to )?(?:${ENTER}) (?:(?:a|an|the|this|that|new|another|whole|entire|other) )*(?:[a-z_&'-]+ ){0,3}?${MARKET_WORD}(?= |$)`,
);

/** The same questions in the seller's other languages ("vale la pena entrar en el nicho", "in die Nische einsteigen"). */
const IN_OTHER_LANGUAGES = new RegExp(
  `(?:^| )(?:(?:vale la pena|merece la pena|conviene|deberia|es buena idea)(?: [a-z]+){0,3} (?:entrar|meterme|meternos|expandirme|expandirnos|lanzarme|lanzarnos)(?: [a-z_]+){0,4} (?:nicho|mercado|categoria|sector|${MARKET_WORD})|(?:lohnt es sich|lohnt sich|sollte ich|sollten wir)(?: [a-z_-]+){0,6} (?:nische|markt|kategorie|branche|${MARKET_WORD})(?: [a-z_]+){0,2} (?:einsteigen|einzusteigen|expandieren|gehen|eintreten|einzutreten)|(?:(?:ca|__mkt__) vaut (?:le coup|la peine)|est-ce une bonne idee|devrais-je|dois-je)(?: [a-z']+){0,3} (?:de |__mkt__ )?(?:me lancer|nous lancer|entrer|investir|se lancer)(?: [a-z_']+){0,4} (?:niche|marche|categorie|secteur|${MARKET_WORD})|(?:vale la pena|conviene|dovrei)(?: [a-z']+){0,3} (?:entrare|lanciarmi|espandermi)(?: [a-z_']+){0,4} (?:nicchia|mercato|categoria|settore|${MARKET_WORD}))(?= |$)`,
);

/** Said of what already happened: the seller's own history. */
const PAST = /(?:^| )(?:was|were|did|didn't|had|has been|have been|worked|went|since (?:i|we))(?= |$)/;

/** Whether topic text asks whether the seller should move into a niche or category they do not sell in. */
export function asksEnteringAMarket(text: string): boolean {
  return (ENTERING.test(text) || IN_OTHER_LANGUAGES.test(text)) && !PAST.test(text);
}
