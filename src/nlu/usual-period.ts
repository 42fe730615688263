/**
 * A period asked, in passing, whether it looks as it should ("yesterday look normal to you?", "did last week seem off",
 * "is this week looking usual so far", "was October weird?", "yesterday's numbers look normal?"): whether anything in
 * it is unusual, an anomaly check of that period, however few words of the seller's it has.
 *
 * The period must be what looks normal or not (masked as `__time__`, alone or with its numbers): "is it normal to feel
 * tired today" and "does the weather look normal today" ask about something else, and stay so.
 */

/** Words that say the period is as expected, or not. */
const USUAL_OR_NOT =
  "(?:normal|usual|as usual|typical|as expected|about right|off|weird|odd|strange|unusual|abnormal|fishy|funny|wonky|out of the ordinary)";

/** The period, or its numbers ("yesterday's numbers", "last week's sales"). */
const PERIOD = "__time__(?:'s| s)?(?: (?:numbers?|figures?|stats|data|results|m_[a-z_]+))?";
/** How much so ("pretty normal", "a bit off"). */
const DEGREE = "(?:(?:pretty|fairly|quite|all|kind of|kinda|more or less|mostly|a bit|a little|at all) )?";

/** The period said to look or be so ("yesterday look normal", "was last week typical", "is today looking weird"). */
export const PERIOD_LOOKS_USUAL = new RegExp(
  `(?:^| )(?:${PERIOD} (?:look|looks|looked|looking|seem|seems|seemed|seeming|feel|feels|felt|is|was|been)|(?:is|was|were) ${PERIOD}(?: (?:looking|seeming))?) (?:(?:to be|like) )?${DEGREE}${USUAL_OR_NOT}(?= |$)`,
);
