/**
 * Advice on timing a product's start in the market, or on when the market buys ("when's the best season to launch a
 * gadget on amazon", "which month is best for bringing out a new puzzle", "when do people buy the most board games",
 * "when does demand for garden furniture peak", "what sells best in winter on amazon", "cuál es la mejor época para
 * lanzar un producto"): a judgement of the market and of a product that has no past yet, which no mirror of one
 * seller's account holds. The mirror only knows what the seller has sold: "when do my kitchen products sell best",
 * "when did my dog toys peak last year" and "which of my products sold best last December" are their own history, and
 * "when is the best time to reorder" or "when should I send stock in" ask for restock advice. Those name no launch and
 * no market, and stay the seller's.
 *
 * Matched on topic text, where periods, marketplaces and catalog names are masked and accents are taken off, so the
 * kind of goods named ("a __category__ gadget") does not make the launch the seller's.
 */

/** A time to be chosen: "the best season", "a good month", "the right moment of the year". */
const WHEN_CHOSEN =
  "(?:best|ideal|right|optimal|perfect|smartest|good|better|great|wisest|most profitable) (?:time|times|season|seasons|month|months|week|day|period|moment|quarter|window|time of (?:the )?year)";

/** Starting to sell something new: a launch, a release, a first listing. */
const LAUNCH =
  "(?:launch|launching|relaunch|relaunching|release|releasing|introduce|introducing|debut|debuting|bring out|bringing out|roll out|rolling out|put out|putting out|come out with|coming out with|go live with|going live with|start selling|starting to sell|starting selling|begin selling|beginning to sell|enter|entering|get into|getting into|break into|breaking into)";

/**
 * What is launched when it is advertising or a promotion of the seller's ("launch the Black Friday campaign", "roll out
 * a coupon"): their ads, not a product new to the market.
 */
const NOT_ADVERTISING =
  "(?! (?:[a-z_'-]+ ){0,3}?(?:campaigns?|__campaign__|ads?|adverts?|advertising|ppc|sponsored|deals?|lightning deals?|promotions?|promos?|coupons?|discounts?|sales?|offers?)(?: |$))";

/** Selling or listing a kind of goods, asked in general ("the best month to sell swimwear"). */
const SELL =
  "(?:sell|selling|list|listing)(?! (?:off|out|through|down|up|more|my|our|__sku__|__asin__|excess|old|aged|dead|slow|remaining|surplus|leftover|extra|it|them|these|those|that|this)(?: |$))";

/**
 * "When's the best season to launch", "what's the ideal time of year for launching", "which month is best for
 * bringing out", "is __time__ a good month to start selling", "best season to sell swimwear".
 */
const BEST_TIME_TO_LAUNCH = new RegExp(
  `(?:^| )(?:(?:the |a )?${WHEN_CHOSEN}(?: of (?:the )?year)?|(?:what|which) (?:time of (?:the )?year|season|seasons|months?|quarter|week|period) (?:is|are|would be|will be|'s) (?:the )?(?:best|ideal|right|optimal|good|better|smartest|most profitable)) (?:(?:to|for|in which to|in which) )(?:[a-z]+ ){0,2}?(?:${LAUNCH}|${SELL})(?= |$)${NOT_ADVERTISING}`,
);

/** "When should I launch", "when would you release", "when is it best to bring out", "when to launch". */
const WHEN_TO_LAUNCH = new RegExp(
  `(?:^| )when(?:'s| is)? (?:(?:should|shall|could|would|do|can|must|ought) (?:i|we|you|one|sellers?|people) (?:best |ideally |really )?|(?:is|'s) it (?:best|smart|wise|better|ideal) to |to |(?:is|'s) (?:a |the )?(?:good|best|right|ideal) (?:time|moment) to )(?:(?:try|plan|aim) to )?${LAUNCH}(?= |$)${NOT_ADVERTISING}`,
);

/** People in general, shopping: not one seller's buyers ("people", "shoppers", "consumers", "everyone"). */
const PEOPLE =
  "(?:people|most people|shoppers|consumers|folks|everyone|everybody|families|parents|households|amazon shoppers|online shoppers|__mkt__ shoppers|americans|brits|germans)";
const BUYING =
  "(?:buy|shop for|shop|search for|look for|order|purchase|spend (?:the )?most on|stock up on|start buying|start shopping for|want)";

/** "When do people buy the most board games", "what time of year do shoppers buy kitchen gadgets". */
const WHEN_PEOPLE_BUY = new RegExp(
  `(?:^| )(?:when|what time of (?:the )?year|which months?|what months?|which season|what season|what time|at what time of (?:the )?year) (?:do|does|are|is|will|would) (?:${PEOPLE}) (?:usually |typically |generally |mostly |most often |normally |actually |really )?${BUYING}(?= |$)`,
);

/** "When does demand for garden furniture peak", "peak season for swimwear", "when is demand highest for puzzles". */
const DEMAND_PEAKS =
  /(?:^| )(?:when|what time of (?:the )?year|which months?|what months?|which season|what season) (?:does|do|is|will) (?:the )?(?:market |consumer |customer )?demand (?:for (?:[a-z_&'-]+ ){1,4}?)?(?:peak|peaks|highest|strongest|biggest|greatest|the highest|at its (?:peak|highest)|pick up|picks up|spike|spikes|surge|surges|take off|ramp up|start)(?= |$)|(?:^| )(?:when is |what is |what's |which is )(?:the )?(?:peak|high|busiest|best) (?:selling )?season (?:for|of) (?!(?:my|our|me|us)(?: |$))/;

/**
 * What sells best, said of Amazon as a whole ("what sells best in winter on amazon"). Amazon with a country ("on Amazon
 * France") is the seller's own store there.
 */
const SELLS_BEST_ON_AMAZON =
  /(?:^| )(?:sells?|selling) (?:the )?(?:best|most|well|better)(?= |$)(?:.* )?on amazon(?! __mkt__)(?= |$)|(?:^| )on amazon(?: [a-z_]+){0,4} (?:sells?|selling) (?:the )?(?:best|most|well|better)(?= |$)/;

/**
 * A season or a time of year asked about ("in winter", "at Easter", "when"): what makes a ranking of Amazon as a whole a
 * question of the market's seasons. Without one ("which products sell best on amazon") it is left to the rules for
 * market rankings. A masked period is no season: "since the start of the week" and "in the summer" both read as one,
 * and the first is the seller's own history.
 */
const SEASON =
  /(?:^| )(?:when|spring|summer|autumn|fall|winter|christmas|xmas|easter|halloween|valentine's|valentines|mother's day|father's day|back to school|the holidays|holiday season|seasons?|seasonally|time of (?:the )?year|which months?|what months?)(?= |$)/;

/** The same questions in the seller's other languages ("mejor época para lanzar", "bester Zeitpunkt zum Launchen"). */
const IN_OTHER_LANGUAGES =
  /(?:^| )(?:(?:mejor|buen|buena) (?:epoca|momento|moment|mes|temporada|estacion)(?: del ano)? para (?:lanzar|sacar|vender|empezar a vender|introducir)|cuando (?:lanzar|deberia lanzar|es mejor lanzar|conviene lanzar)|(?:(?:beste[nrs]?|gute[nrs]?|richtige[nrs]?) (?:zeit|zeitpunkt|monat|saison|jahreszeit)|welche[rsn]? (?:zeit|zeitpunkt|monat|saison|jahreszeit))(?: [a-z]+){0,8} (?:launchen|launch|starten|einfuhren|auf den markt bringen|rausbringen|herausbringen|verkaufen)|wann(?: [a-z]+){0,8} (?:launchen|launch|einfuhren|auf den markt bringen|rausbringen|herausbringen)|(?:meilleur|bon) (?:moment|mois|periode|saison)(?: de l'annee)? pour (?:lancer|vendre|sortir|commercialiser)|quand (?:lancer|faut-il lancer|dois-je lancer)|(?:miglior|migliore|buon) (?:periodo|momento|mese|stagione)(?: dell'anno)? per (?:lanciare|vendere|introdurre))(?= |$)/;

/** Said of what already happened: the seller's own history, which the mirror holds. */
const PAST = /(?:^| )(?:was|were|did|didn't|had|has been|have been|worked|went)(?= |$)/;

/** The seller's own side, whose history the mirror holds. */
const OWN =
  /(?:^| )(?:my|our|me|i've|we've|mine|ours|mein|meine|meinen|meiner|unser|unsere|mi|mis|nuestro|nuestros|mon|ma|mes|notre|nos|mio|miei|mie|nostro|nostri)(?= |$)/;

/** Whether topic text asks when to start selling something new, or when the market at large buys. */
export function asksMarketTiming(text: string): boolean {
  // A launch or a first listing has no past in the mirror, whoever's product it is ("when should I launch my new mat"),
  // unless it is asked of the seller's past ("what was the best month for launching products last year").
  const launch = BEST_TIME_TO_LAUNCH.test(text) || WHEN_TO_LAUNCH.test(text) || IN_OTHER_LANGUAGES.test(text);
  if (launch && !PAST.test(text)) return true;
  // When the market buys is the seller's own history once their side is named ("when does demand for my mats peak").
  if (OWN.test(text)) return false;
  if (WHEN_PEOPLE_BUY.test(text) || DEMAND_PEAKS.test(text)) return true;
  // What sold best is the seller's own history ("which toys sold best on amazon last Christmas").
  return SELLS_BEST_ON_AMAZON.test(text) && SEASON.test(text) && !PAST.test(text);
}
