/**
 * Figures Amazon shows the seller that the contract has no metric for, even asked as the seller's own ("my Account
 * Health Rating", "our order defect rate", "my IPI score"): account health and its rates (order defects, late
 * shipments, cancellations before dispatch, valid tracking), policy violations, the inventory performance index, the
 * seller's feedback score, and ad placements (top of search against product pages and the rest of search). The
 * mirror answers none of them, so they are refused rather than read as the nearest figure it has ("rating" →
 * review rating, "performance" → ACoS). The seller's review rating ("my rating", "my review rating"), a health check of
 * the account as a whole ("give me a health check on the account") and the top-of-search impression share stay theirs.
 *
 * Matched on the topic text; "pre-fulfilment" reads "pre fulfilment" there.
 */

const ACCOUNT_HEALTH = [
  "account health(?! check)(?: (?:rating|score|status|dashboard|metrics?|page))?",
  "(?:health|performance) (?:rating|score) (?:of|for|on) (?:my |our |the )?(?:seller )?account",
  "ahr",
  "order defect(?: rates?)?",
  "odr",
  "late (?:shipment|shipping|dispatch|despatch) rates?",
  "(?:pre fulfil+ment )?cancel+ation rates?",
  "valid tracking rates?",
  "vtr",
  "on time delivery rates?",
  "(?:policy|listing|ip|intellectual property|trademark|copyright|authenticity) (?:violations?|complaints?|warnings?)",
  "policy compliance",
  "(?:inventory performance index|ipi)(?: scores?)?",
  "(?:seller )?feedback (?:score|rating)s?",
  "negative feedback rates?",
  "a to z (?:guarantee )?(?:claims? )?rates?",
  "chargeback (?:claims? )?rates?",
  "(?:customer service )?dissatisfaction rates?",
];

/** Where an ad is shown, as Amazon reports it: not a figure the contract has. */
const AD_PLACEMENTS = [
  // "top of search impression share" is impression share, and being seen there ("keywords where I never show at the
  // top of search") is the seller's visibility.
  "(?<!(?:show|shows|showing|shown|appear|appears|appearing|rank|ranks|ranking|visible|be|am|are|is|get|getting) (?:up )?(?:at|on|in|to|into|onto) (?:the )?)top of (?:the )?search(?:es)?(?! impression share)",
  "rest of (?:the )?search",
  "product pages? placements?",
  // Inbound placement fees and the placement service are the seller's fees.
  "(?<!inbound |amazon's )placements?(?! (?:fees?|service|services|charges?|costs?))",
];

const UNMIRRORED = new RegExp(`(?:^| )(?:${[...ACCOUNT_HEALTH, ...AD_PLACEMENTS].join("|")})(?= |$)`);

/** Whether topic text asks a figure of account health or ad placements, which the contract has no metric for. */
export function asksUnmirroredFigure(text: string): boolean {
  return UNMIRRORED.test(text);
}
