/**
 * An agency's own chores for the client it runs an account for: an invoice raised or sent ("invoice the client for
 * October's management fee", "send Acme an invoice for the retainer"), a client billed or charged ("bill my client for
 * PPC management", "charge the client our management fee"). seller-ai reads the account's data and keeps no invoices,
 * so each is an order it cannot carry out (out-of-domain.ts joins it to its other account actions, which must open the
 * request). What Amazon charged or billed ("what did Amazon bill me in October", "fees for October") is asked, not done.
 */

/** Who an agency bills: its client, by a word or a name. */
const BILLED =
  "(?:(?:the|my|our|this|that|each|every|all|all the|all my|all our) )?(?:clients?|client's|customers?|accounts?|brands?|(?!(?:me|us|myself|it|them|more|less|extra|higher|lower|back|up|off)(?: |$))[a-z]+)";
/** What an agency bills for. */
const AGENCY_FEE =
  "(?:management|agency|retainer|retainers|consulting|consultancy|service|services|setup|set up|monthly|ppc|account management|commission|performance|success|hourly|advisory) (?:fees?|charges?|costs?|invoices?|bills?)|retainers?|(?:management|agency) (?:work|services)|hours worked";

/** An invoice or bill raised, sent or chased, or a client invoiced, billed or charged for the agency's work. */
export const INVOICE_ACTION = `(?:(?:invoice|bill|re-?invoice|rebill|charge) ${BILLED} (?:for|with|on|at|the|our|my|a|an|\\d|__currency__)|(?:invoice|bill|charge|collect) (?:the |my |our |this |that |a |an )?(?:[^ ]+ ){0,3}?(?:${AGENCY_FEE})|(?:send|raise|issue|create|make|draw up|prepare|generate|draft|write|write up|produce|e-?mail|chase|submit|put together|knock up|fire off|send out) (?!(?:me|us|myself)(?: |$))(?:[^ ]+ ){0,4}?(?:invoices?|bills?|billing statements?)(?! (?:alerts?|reports?))(?= |$))`;
