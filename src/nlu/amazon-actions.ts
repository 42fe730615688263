/**
 * Things done on Amazon's side or to buyers rather than asked of the mirror: a review answered in public or taken
 * down, aged stock liquidated or disposed of, a carrier booked to collect parcels, listings moved between FBA and FBM,
 * created or closed. seller-ai reads the account's data
 * and acts on none of it, so each is an order it cannot carry out (out-of-domain.ts joins them to its other account
 * actions, which must open the request). They are matched on normalized text, where "response" reads "respond" and
 * "collection" reads "collecting".
 */

/** seller-ai's own alerts and reports named after the thing ("delete the review alert") stay its own. */
const NOT_SELLER_AI = "(?! (?:alerts?|notifications?|warnings?|reports?|settings?|summary))";
/** An answer edited ("remove the 1-star reviews from that list") is a question, not an act on Amazon. */
const NOT_AN_ANSWER = "(?!.* (?:list|lists|table|ranking|results?|answer|chart|graph|output|view)(?: |$))";

/**
 * A public reply put under a review ("post a public response to the angry review", "leave a comment under the 1-star
 * review"), or a review deleted, hidden or flagged ("delete the bad review a customer wrote", "get the 1-star review
 * taken down", "take that review down"): done on Amazon by the seller, or not at all.
 */
const REVIEW_ACTION =
  "(?:(?:post|write|leave|add|put|publish|submit|draft|type) (?:a |an |the |my |our |some )?(?:(?:public|quick|short|polite|nice|official|personal|proper|seller) )*(?:respond|responses?|repl(?:y|ies)|comments?|answers?|rebuttal) (?:to|under|on|below|beneath|for) (?:[^ ]+ ){0,5}?(?:reviews?|ratings?|feedback)|(?:delete|remove|take down|get rid of|hide|report|flag|dispute|erase) (?:the |this |that |these |those |a |all |all the |my |our )?(?:[^ ]+ ){0,4}?(?:reviews?|ratings?|feedback)|(?:take|get|have) (?:the |this |that |these |those |a |all |all the |my |our )?(?:[^ ]+ ){0,4}?(?:reviews?|ratings?|feedback) (?:down|removed|deleted|taken down|off))(?= |$)" +
  NOT_SELLER_AI +
  NOT_AN_ANSWER;

/**
 * Stock sold off, destroyed or given away ("liquidate the aged stock through FBA Liquidations", "dispose of the
 * unsellable units", "set up a liquidation order"): an order placed in Seller Central. "Which stock should I
 * liquidate" asks the mirror, so the verb must open the request.
 */
const STOCK_DISPOSAL_ACTION =
  "(?:(?:liquidate|dispose of|destroy|donate|scrap|junk) (?:(?!(?:alerts?|reports?|list|summary)(?: |$))[^ ]+ ){0,6}?(?:stock|inventory|units?|items?|products?|goods|__subcategory__s?|__category__|__sku__|__asin__|it|them)|(?:create|set up|setup|start|request|book|submit|open|place|make) (?:a |an |the |my )?(?:new )?(?:fba )?(?:liquidation|disposal)s?(?: orders?)?)(?= |$)";

/**
 * A carrier booked to collect parcels ("schedule a UPS collection for tomorrow's returns", "book a pickup with
 * FedEx"): arranged with the carrier, not asked of the mirror.
 */
const CARRIER_PICKUP_ACTION =
  "(?:schedule|book|arrange|order|request|set up|organi[sz]e|call) (?:a |an |the |my |our )?(?:(?:ups|fedex|dhl|usps|dpd|evri|hermes|royal mail|parcelforce|gls|carrier|courier|amazon partnered carrier|freight|next day|same day|daily) )*(?:pick-?ups?|pick ups?|collect(?:ion|ions|ing)|courier)(?= |$)";

/** How goods reach buyers: by Amazon (FBA) or by the seller (FBM), in the words sellers use for either. */
const FULFILMENT_CHANNEL =
  "(?:fba|fbm|mfn|afn|sfp|(?:merchant|self|seller) fulfil+(?:ed|ment)(?: prime)?|fulfil+ed by (?:amazon|the merchant|merchant|the seller|seller|me|us|myself|ourselves)|amazon fulfil+(?:ed|ment)|prime by sellers?)";

/**
 * Listings moved from one way of fulfilment to the other ("convert all my SKUs from FBA to FBM", "switch the yoga mats
 * over to merchant fulfilled", "change the fulfilment channel on the dog toys", "make the puzzle FBM"): changed in Seller Central. Asked as
 * advice ("should I switch to FBM") it does not open the request, so stays a question.
 */
const FULFILMENT_SWITCH_ACTION = `(?:(?:convert|switch|change|move|migrate|turn|flip|transfer|swap|shift|put|take|make) (?:[^ ]+ ){0,6}?(?:(?:from|off|out of) ${FULFILMENT_CHANNEL} )?(?:over |back |across )?(?:to|into|onto|on to|over to) ${FULFILMENT_CHANNEL}(?= |$)|(?:convert|switch|change|update|set|swap|flip) (?:the |my |our |its |their )?(?:[^ ]+ ){0,4}?fulfil+ment (?:channels?|methods?|types?|options?|settings?)(?= |$)|make (?:(?!(?:me|us|a list|lists?|reports?|tables?|charts?|summary|of)(?: |$))[^ ]+ ){1,5}?${FULFILMENT_CHANNEL}(?: (?:only|instead|from now on|going forward|for me|please|pls|thanks))*$)`;

/**
 * A listing created, closed, deleted or brought back ("delete the listing for B0…", "create a new listing for the
 * puzzle", "close my old yoga mat listings", "relist the dog toy"): done in Seller Central. An answer edited ("remove
 * the listings with no sales from that table") is a question.
 */
const LISTING_LIFECYCLE_ACTION =
  "(?:(?:delete|remove|close|close down|deactivate|reactivate|inactivate|take down|archive|create|publish|set up|duplicate|clone|relist) (?:a |an |the |my |our |this |that |these |those |all |all my |all the )?(?:new |old |duplicate |inactive |dead )?(?:(?!(?:list|lists|report|table|summary|alerts?|of)(?: |$))[^ ]+ ){0,3}?listings?(?! (?:counts?|reports?|alerts?|summary|table|data|quality|views?|sessions?|traffic|performance))|relist (?:[^ ]+ ){1,4}?)(?= |$)" +
  NOT_SELLER_AI +
  NOT_AN_ANSWER;

/** The families above, as one alternation for the account-action pattern. */
export const AMAZON_SIDE_ACTION = `${REVIEW_ACTION}|${STOCK_DISPOSAL_ACTION}|${CARRIER_PICKUP_ACTION}|${FULFILMENT_SWITCH_ACTION}|${LISTING_LIFECYCLE_ACTION}`;
