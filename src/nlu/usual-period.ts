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
  "(?:normal|usual|as usual|typical|as expected|about right|off|weird|odd|strange|unusual|abnormal|fishy|funny|wonky|dodgy|iffy|bizarre|peculiar|out of the ordinary)";

/** The period, or its numbers ("yesterday's numbers", "last week's sales"). */
const PERIOD = "__time__(?:'s| s)?(?: (?:numbers?|figures?|stats|data|results|m_[a-z_]+))?";
/** How much so ("pretty normal", "a bit off"). */
const DEGREE = "(?:(?:pretty|fairly|quite|all|kind of|kinda|more or less|mostly|a bit|a little|at all) )?";

/** The period said to look or be so ("yesterday look normal", "was last week typical", "is today looking weird"). */
export const PERIOD_LOOKS_USUAL = new RegExp(
  `(?:^| )(?:${PERIOD} (?:look|looks|looked|looking|seem|seems|seemed|seeming|feel|feels|felt|is|was|been)|(?:is|was|were) ${PERIOD}(?: (?:looking|seeming))?) (?:(?:to be|like) )?${DEGREE}${USUAL_OR_NOT}(?= |$)`,
);

/**
 * Words that judge a figure as the usual or not ("normal", "abnormal", and in everyday words "funny", "fishy", "dodgy",
 * "wonky", "iffy"): "off" or "about right" judge a guess too.
 */
const FIGURE_USUAL_OR_NOT =
  "(?:normal|usual|typical|abnormal|unusual|out of the ordinary|weird|odd|strange|funny|fishy|dodgy|wonky|iffy|bizarre|peculiar)";
/** The figure pointed at or named ("it", "that", "this level", "my refund rate", "the returns"). */
const FIGURE =
  "(?:(?:it|that|this|these|those|they)(?: (?:number|numbers|figure|figures|level|amount|count|rate))?|(?:my |our |the )?m_[a-z_]+)";

/**
 * A figure of the period asked whether it is normal ("HK-COOK-01 got many returns this week, is that normal?", "my
 * ACoS last week, it is normal level or abnormal?", "were refunds yesterday unusual?"): whether it is out of the
 * ordinary for the seller, an anomaly check of that figure, as for a period asked the same. Not whether such a figure
 * is normal for sellers or Amazon in general ("is 30% ACoS normal for sellers"), which is the world's to say, nor "is it
 * normal that…", whose "it" is no figure: the clause after it says what is asked.
 */
export const FIGURE_LOOKS_USUAL = new RegExp(
  `(?:^| )(?:${FIGURE}(?: __time__)? (?:is|was|are|were|s|looks?|looked|seems?|seemed)(?: (?:to be|like))?|(?:is|was|are|were) ${FIGURE}(?: __time__)?(?: (?:looking|seeming))?) (?:an? )?${DEGREE}${FIGURE_USUAL_OR_NOT}(?: (?:level|amount|number|one))?(?! (?:to|that|if|when|for (?:an? |the |most |other )?(?:sellers?|amazon|industry|niche|businesses|brands?|shops?|stores?)))(?= |$)|(?:^| )(?:normal|usual) or (?:not|abnormal|unusual|not normal|out of the ordinary)(?= |$)`,
);
