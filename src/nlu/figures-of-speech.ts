/**
 * Everyday words that elsewhere mark a subject outside the seller's data (cooking, the news, a movie, a joke, a
 * headache, the weather), used as figures of speech about the seller's own figure ("what's cooking in my ad spend",
 * "what's the news on my refunds", "any headlines in my numbers", "my ACoS is a horror movie, what happened", "our
 * margin is a joke", "returns are giving me a headache"): the figure is the subject, and the figure of speech only
 * asks how it is doing. Said plainly ("what's going on with my ad spend", "the latest on my refunds", "the highlights
 * in my numbers", "my ACoS looks bad"), the question keeps its own figure and loses the word that would refuse it.
 *
 * Only where the thing right after "my"/"our" (or a part of the catalog) names one of the seller's figures: "what's
 * cooking in my kitchen", "any news on my flight", "my life is a horror movie" keep their words, and so do the news,
 * a recipe or a movie asked for themselves ("what's the news today", "tell me a joke about my sales").
 */

/** The seller's own thing right after a possessive: up to four words, judged by the caller. */
const OWNED = "((?:my|our) [^ ]+(?: [^ ]+){0,3}|(?:the )?__(?:category|subcategory|asin|sku|campaign)__)";

/**
 * Words for the seller's figures as a whole, beside the metrics the grammar knows ("my numbers", "our stats", "my ad
 * account", "the shop"): what a figure of speech may be about.
 */
const FIGURE_WORDS =
  /(?:^| )(?:numbers|figures|stats|statistics|data|results|performance|kpis|metrics|account|shop|store|business|brand|listings?|products?|catalog|catalogue|campaigns?|ads|keywords|dashboard|p&l|pnl|__(?:category|subcategory|asin|sku|campaign)__)(?= |$)/;

/** "what's cooking in", "anything cooking with", "what's the weather like in": how things are going there. */
const GOING_ON = new RegExp(
  `(?<![\\w])(what's|whats|what is|what|anything|something|is anything|is something)(?: (?:good|new|interesting))? (?:cooking|brewing|baking|(?:the )?weather(?: like)?) (?:(?:over )?(?:in|with|on|at|inside|for)) (?=${OWNED})`,
  "g",
);

/** "what's the news on", "any good news in", "the story with", "the headlines from": the latest there. */
const LATEST = new RegExp(
  `(?<![\\w])(?:(?:what's|whats|what is|what are|what're|is there|are there|got|have you got|do you have|give me|tell me)(?: the| any| some)?|any|some|the)(?: (?:latest|big|main|top|key|good|bad|fresh|breaking|hot|real))* (news|story|stories|headlines?|scoop|lowdown) (?:on|with|about|from|in|for|regarding|re|behind|of) (?=${OWNED})`,
  "g",
);

/** "is a horror movie", "are a joke", "has turned into a soap opera", "looks like a train wreck": said to look bad. */
const LOOKS_LIKE =
  /(?:(?<![\w])(?:is|are|was|were|has been|have been|had been|looks like|look like|looked like|feels like|feel like|felt like|is like|are like|was like|were like|reads like|read like|seems like|seem like|is turning into|are turning into|has turned into|have turned into|turned into|became|has become|have become|is becoming|are becoming)|'s)(?: (?:a|an|one|some|such a|like a|like an|a real|a total|an absolute|a complete|a proper|a bit of a|an actual|a right|one big|straight out of a|right out of a))?((?: [a-z-]+){0,2}) (?:joke|jokes|headache|headaches|movie|film|horror show|freak show|tv show|story|stories|nightmare|storm|soap opera|thriller|circus|disaster|train wreck|trainwreck|comedy|tragedy)(?![\w])/g;
/** What makes a story or a movie a happy one ("a success story", "a feel-good movie", "a fairy tale"). */
const HAPPY = /(?:^| )(?:success|feel-good|feelgood|feel good|fairy|fairytale|fairy-tale|love|happy|dream)(?= |$)/;

/** "are giving me a headache", "keep causing us nightmares": said to look bad. */
const GIVING_TROUBLE =
  /(?<![\w])(?:is|are|was|were|has been|have been|keeps?|kept) (?:giving|causing|gives|causes|gave|caused) (?:me|us)(?: (?:a|such a|a real|a massive|a huge|a big|real|massive|huge|big))? (?:headaches?|nightmares?|migraines?)(?![\w])/g;

/**
 * The text with figures of speech about the seller's own figure said plainly. `namesFigure` tells whether a phrase
 * names one of the seller's figures (a metric the grammar knows); words for the figures as a whole count too.
 */
export function withFiguresOfSpeechSaidPlainly(text: string, namesFigure: (phrase: string) => boolean): string {
  if (!FIGURATIVE.test(text)) return text;
  const ours = (phrase: string) => FIGURE_WORDS.test(phrase) || namesFigure(phrase);
  let said = text.replace(GOING_ON, (all: string, lead: string, owned: string) => {
    if (!ours(owned)) return all;
    return /^(?:anything|something|is)/.test(lead) ? "anything going on with " : "what's going on with ";
  });
  said = said.replace(LATEST, (all: string, noun: string, owned: string) => {
    if (!ours(owned)) return all;
    return /^headline/.test(noun) ? "the highlights in " : "the latest on ";
  });
  // A figure said to be a movie or a joke: the thing before the verb must be the seller's figure ("my ACoS is a horror
  // movie"), not the seller ("I'm a joke") or the world ("the news is a joke").
  const plainly = (all: string, adjectives: string, at: number, whole: string) => {
    if (!saidOfOwnFigure(whole.slice(0, at), ours)) return all;
    // "my margin's a joke": the verb run into the figure keeps a space before the plain words.
    return `${all.startsWith("'") ? " " : ""}looks ${HAPPY.test(adjectives) ? "good" : "bad"}`;
  };
  said = said.replace(LOOKS_LIKE, (all: string, adjectives: string, at: number, whole: string) =>
    plainly(all, adjectives, at, whole),
  );
  said = said.replace(GIVING_TROUBLE, (all: string, at: number, whole: string) => plainly(all, "", at, whole));
  return said;
}

/** Any word of the figures of speech, to pass over questions without one quickly. */
const FIGURATIVE =
  /cooking|brewing|baking|weather|news|stor(?:y|ies)|headline|scoop|lowdown|joke|headache|movie|film|show|nightmare|storm|soap opera|thriller|circus|disaster|wreck|comedy|tragedy|migraine/;

/**
 * Whether the words before a verb ("is a horror movie") are the seller's figure: the last few words name one, and are
 * the seller's ("my ACoS", "our refunds this month", "the Pet Supplies margin") or open the question ("ad spend is a
 * nightmare"), so that "my friend's life" or "the news" are not.
 */
function saidOfOwnFigure(before: string, ours: (phrase: string) => boolean): boolean {
  const said = before.trim().split(" ");
  const subject = said.slice(-SUBJECT_WORDS);
  const owned = said.length <= SUBJECT_WORDS || subject.some((w) => OWNER.test(w));
  return owned && ours(subject.join(" "));
}

/** How many words before the verb may say whose figure it is. */
const SUBJECT_WORDS = 5;
/** A word that makes a figure the seller's: a possessive, "the", or a part of the catalog. */
const OWNER = /^(?:my|our|the|__(?:category|subcategory|asin|sku|campaign)__)$/;
