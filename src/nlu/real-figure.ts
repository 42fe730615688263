/**
 * The real figure asked after one quoted from elsewhere ("My VA pulled about 400 orders … off the app on her phone. Can
 * you give me the real number so we're not working off a screenshot?", "my partner reckons we did around 3k in
 * Germany last month, what's the actual figure?"): the figure the seller quoted, from the data, not whether anything
 * about it is unusual. Where the quote came from ("off the app", "working off a screenshot") only says why the seller
 * asks.
 */

/** The real, actual or correct figure, asked for. */
export const REAL_FIGURE =
  /\b(?:real|actual|correct|exact|true|proper|accurate|official|precise|genuine) (?:number|numbers|figure|figures|total|totals|count|amount|tally)\b/i;

/**
 * A number said as an estimate before the figure it counts ("about 400 orders", "roughly 120 units sold"): the figure's
 * rough size as someone quoted it, never how many rows to show.
 */
export const ESTIMATE_BEFORE = /(?:^| )(?:about|around|roughly|approximately|approx|nearly|almost|circa|some|like|~) $/;
