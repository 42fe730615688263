/**
 * An exchange rate asked in the seller's own words rather than as "exchange rate": a currency's rate ("the euro rate
 * for the 30th", "what was the GBP rate on Friday"), a central bank's ("the ECB rate", "the Bank of England reference
 * rate"), the rate to convert money at ("the rate for converting my supplier invoices", "what rate should I convert the
 * US invoices into pounds at") or where a currency stands ("what's the dollar at", "how's sterling doing today"). A
 * market's price of money, not a figure of the seller's, so refused even with "convert" in it, which otherwise reads as
 * the seller's conversion rate. The seller's own conversion rate ("the conversion rate of my listings", "at what rate do
 * my dog toys convert"), their figures shown in a currency ("convert my revenue to dollars") and seller-ai's own
 * reporting currency ("report in euros from now on", "which rate do your reports use") stay theirs.
 *
 * Matched on the topic text, where a currency's name reads `__currency__`.
 */

/** A currency's own rate, or a central bank's. */
const CURRENCY_OR_BANK_RATE =
  /(?:^| )(?:__currency__|ecb|european central bank|bank of england|boe|federal reserve|the fed|fed's|central bank(?:'s)?|reserve bank|bundesbank|snb|bank of japan|boj)(?: (?:exchange|fx|forex|reference|spot|mid-?market|closing|official|daily|monthly|month-?end|year-?end))* (?:rates?|fixings?|fix)(?= |$)/;

/** Where a currency stands now ("what's the dollar at", "how is the euro doing", "what's sterling trading at"). */
const CURRENCY_STANDING =
  /(?:^| )(?:what's|what is|what was|where's|where is|where was|how's|how is|how was|how much is) (?:the )?__currency__ (?:at|doing|trading|sitting|looking|worth(?! of))(?= |$)/;

/** Money converted between currencies: its object is money, not the listings or sessions that convert into orders. */
const CONVERT_MONEY =
  /(?:^| )(?:convert|converts|converting|converted|conversion of) (?:[^ ]+ ){0,5}?(?:invoices?|bills?|payments?|receipts?|expenses?|money|cash|amounts?|transactions?|__currency__)(?= |$)/;
/** A rate asked of such a conversion: "the rate for/to convert…", "at what rate…", "which rate…". */
const RATE_ASKED = /(?:^| )rates?(?= |$)/;

/** Asked of seller-ai's own reports or settings ("which rate do your reports use"): its setting, not the market's. */
const OWN_SETTING =
  /(?:^| )(?:reports?|settings?|dashboards?|seller-?ai)(?= |$)|(?:^| )(?:you|it|u) (?:use|uses|used|using|apply|applies|convert)(?= |$)|(?:^| )(?:do|does|did) (?:you|it|u)(?= |$)/;

/**
 * Currencies by their nicknames ("the loonie", "the quid", "the greenback", "the kiwi dollar") or by names and codes of
 * currencies no marketplace uses ("yuan", "the Swiss franc", "NZD"), which the slot grammar leaves unmasked: where a
 * rate is asked they are currencies like any other. Read only by the rate questions below, so "bang for the buck" or
 * "how many bucks did I make" stay what they are.
 */
const CURRENCY_NICKNAMES =
  /(?<=^| )(?:loonies?|toonies?|quid|greenbacks?|bucks?|kiwi dollars?|kiwi|nz dollars?|new zealand dollars?|hong kong dollars?|yuan|renminbi|rmb|swiss francs?|francs?|rand|roubles?|rubles?|baht|ringgit|rupiah|krone|kroner|danish krone|norwegian krone|shekels?|naira|forint|koruna|hryvnias?|dinars?|nzd|chf|cny|hkd|zar|krw|nok|dkk|czk|huf|ils|thb|myr|idr|ngn|(?:uzbek|kyrgyz|kirghiz) (?:sum|som|soum)s?|soums?|tenge|lari|drams?|manats?|somoni|tugriks?|togrogs?|kips?|kyats?|riels?|dong|cedis?|birr|kwacha|dalasis?|leones?|ariary|kwanza|bolivars?|bolivares|guaranis?|quetzales|quetzals?|lempiras?|cordobas?|gourdes?|leks?|denars?|kunas?|lei|leu|leva|lev|afghanis?|hryvnya|grivnas?|rufiyaa|ngultrum|nakfa|shillings?|uzs|kzt|gel|amd|azn|kgs|tjs|tmt|mnt|lak|mmk|khr|vnd|ghs|etb|zmw|mwk|ves|pyg|gtq|hnl|bam|mkd|rsd|uah|byn|mdl|afn)(?= |$)/g;

/** The topic text with currencies' nicknames and other currencies read as currencies (`__currency__`). */
export function withCurrencyNicknames(text: string): string {
  return text.replace(CURRENCY_NICKNAMES, "__currency__");
}

/**
 * A currency said to trade, or to move as a market price does ("what's the loonie trading at", "the quid has been
 * weak lately", "is the greenback getting stronger"): the currency is the subject, with an article or a question
 * before it, so "my sales in dollars are up" is the seller's sales.
 */
const CURRENCY_MOVES =
  /(?:^| )(?:(?:the|a|one) __currency__ (?:is |was |has been |been )?(?:(?:currently|now|still) )?(?:trading|trades|traded|changing hands)|(?:is|was|has|will|why is|why has|why did|did) (?:the )?__currency__ (?:been |going to |gonna )?(?:getting |going |still )?(?:stronger|weaker|strong|weak|up|down|rising|falling|dropping|crashing|gaining|losing ground|strengthening|weakening|recovering|rallying|tanking))(?= |$)/;

/**
 * Counts of the seller's own that one unit of money may buy ("how many clicks is one dollar of ad spend getting me",
 * "how many units per dollar"): figures of theirs, not a currency counted against another.
 */
const SELLER_COUNTS =
  "(?:units?|orders?|sales|clicks?|impressions?|sessions?|views?|page views|visits?|items?|pieces?|pcs|products?|listings?|reviews?|returns?|refunds?|conversions?|customers?|buyers?|days?|weeks?|months?|m_[a-z_]+)";
/**
 * A currency counted in units of another, its name whatever it is ("how many sum is one dollar", "how many tenge do I
 * get for a euro", "one dollar, how many manat?"): only money is counted against one unit of money. The name need not
 * be known: a learner writes their own country's currency, often a plain English word ("sum", "won", "mark"), so it is
 * only read so in this shape.
 */
const UNITS_FOR_ONE = new RegExp(
  `(?:^| )how (?:many|much) (?!${SELLER_COUNTS}(?= ))[a-z']+ (?:is|are|for|to|in|buys?|gets?|makes?|equals?|(?:do|would|will|can|could) (?:i|you|we|one) (?:get|buy|receive) (?:for|with)|you get for) (?:a|one|1|__num__|the) __currency__(?! (?:of|in|on|spent|worth)(?: |$))(?= |$)|(?:^| )(?:a|one|1|__num__) __currency__ (?:is |equals |=|makes |gets (?:you |me )?)?how many (?!${SELLER_COUNTS}(?= ))[a-z']+(?= |$)`,
);
/**
 * The price of one unit of money itself, with only a day or a bank after it ("how much is one dollar today at the bank",
 * "what is a euro worth in the bank today", "how much is 1 pound right now"): the market's rate. A unit of the seller's
 * own money ("one dollar of ad spend", "a euro of revenue") goes on to name it.
 */
const ONE_UNIT_PRICED =
  /(?:^| )(?:how much|what) (?:is|'s|was|would be|will be) (?:a|one|1|__num__|the) __currency__(?: (?:worth|going for|selling for|trading at|(?:at|in) (?:the |a |my )?banks?|__time__|today|now|right now|currently|at the moment|these days))*$/;
/** What a bank gives or asks for a unit of money ("how much does the bank give for one euro", "what do banks pay for a dollar"). */
const BANK_PRICE =
  /(?:^| )(?:the |a |my )?banks? (?:gives?|pays?|buys?|sells?|offers?|charges?|wants?|asks?)(?: (?:you|me|us))? (?:for|per) (?:a|one|1|__num__|the) __currency__(?= |$)/;

/** Whether topic text asks the market's exchange rate in words other than "exchange rate". */
export function asksExchangeRate(topic: string): boolean {
  if (OWN_SETTING.test(topic)) return false;
  const text = withCurrencyNicknames(topic);
  if (CURRENCY_OR_BANK_RATE.test(text) || CURRENCY_STANDING.test(text) || CURRENCY_MOVES.test(text)) return true;
  if (UNITS_FOR_ONE.test(text) || ONE_UNIT_PRICED.test(text) || BANK_PRICE.test(text)) return true;
  return CONVERT_MONEY.test(text) && RATE_ASKED.test(text);
}

/** An amount of money as the topic text has it: a number, with a currency before or after ("$750", "500 __currency__"). */
const AMOUNT = "(?:\\$|__currency__ )?\\d[\\d,.]*k?(?: __currency__)?";
/**
 * An amount of money changed into another currency ("convert €500 to sterling", "what's 300 dollars in euros", "500 eur
 * to gbp", "how many yen would I get for £1,200"): arithmetic on the market's rate, whoever asks it done ("can you
 * convert…"). The seller's figures shown in a currency ("convert my revenue to dollars") name no amount.
 */
const AMOUNT_CONVERTED = new RegExp(
  [
    `(?:^| )(?:convert|converting|change|changing|exchange|exchanging|swap|turn|translate) ${AMOUNT} (?:to|into|in|for) (?:a |the )?__currency__`,
    `(?:^| )(?:what's|whats|what is|what are|how much is|how much are|how much would|what would) ${AMOUNT} (?:[a-z]+ ){0,2}?(?:in|to|into) __currency__`,
    `(?:^| )how (?:much|many) __currency__ (?:[a-z']+ ){0,4}?(?:for|is|are|from|makes?) ${AMOUNT}(?= |$)`,
    `^${AMOUNT} (?:to|in|into) __currency__`,
  ].join("|"),
);

/** Whether topic text asks an amount of money converted into another currency. */
export function asksAmountConverted(text: string): boolean {
  return AMOUNT_CONVERTED.test(withCurrencyNicknames(text));
}
