import type { Metric } from "../core/understanding.js";
import { escapeRegExp, PhraseIndex, words } from "./text.js";
import { asksTheirRanking } from "./their-rankings.js";
import type { WordLists } from "./vocabulary.js";

/**
 * Questions about another seller's or company's own figures ("how many units
 * did Barkly sell", "how much revenue does HomeNova make", "my competitor's
 * conversion rate"): the mirror holds the seller's own data and, of
 * competitors, only their offers (prices and the buy box), so these ask what
 * it cannot know, however much seller vocabulary they use.
 */
export interface ThirdPartyDetector {
  /**
   * Whether normalized text (periods, places and catalog names masked) asks
   * for another party's figures. `metrics`: the metrics the question names.
   */
  asksOthersFigures(text: string, metrics: Metric[]): boolean;
}

const detectors = new WeakMap<WordLists, ThirdPartyDetector>();

/** Words that make a subject the seller's own ("my sellers"), and words that make "sellers" products ("best sellers"). */
const OWN_POSSESSIVES = new Set(["my", "our", "i", "we"]);
const PRODUCT_TERMS = new Set(["best", "top", "worst", "biggest", "fastest", "slowest", "bottom"]);

const CLAUSE_WORDS = new Set(["without", "what", "which", "when", "where", "because", "so"]);

/** Adverbs that come between "is" and its verb ("which category is actually earning the most"): no subject. */
const ADVERBS = new Set([
  "actually",
  "really",
  "currently",
  "presently",
  "still",
  "even",
  "just",
  "now",
  "also",
  "truly",
  "honestly",
  "basically",
  "mostly",
  "generally",
  "usually",
  "consistently",
  "genuinely",
  // A negation is no subject either ("which products are not selling in the UK").
  "not",
  "never",
]);
/**
 * Nor is a degree between "is" and its verb in -ing ("the ones that are barely moving", "which are hardly selling").
 * Only there: after "did" the word is a name the spelling fixer took for one ("how many units did Barkly sell").
 */
const DEGREE_ADVERBS = new Set(["barely", "hardly", "scarcely", "rarely", "seldom"]);

const AMAZON = /^(?:amazon|amazon's|amazons)$/;
/** The seller's money that Amazon takes or pays: asked of Amazon, still the seller's own figures. */
const AMAZONS_SHARE = new Set<Metric>(["fees", "referral_fees", "fba_fees", "storage_fees", "payout"]);

/** Words that end the phrase about another party and start another ("their prices vs my sales"). */
const LINKS = new Set(["vs", "versus", "than", "and", "or", "to", "with", "against", "compared", "but", "while"]);

/** Auxiliaries that open a question about what a subject did ("how many did X sell"). */
const AUXILIARIES = "does|did|do|will|would|can|could";
/**
 * Forms of "be" open one too, but only before a verb in -ing ("how much is Barkly making"): before a bare verb
 * the words between are no subject ("which campaigns are wasting ad spend" is about the seller's own spend).
 */
const BE = "is|are|was|were";
const AUXILIARY = new RegExp(`^(?:${AUXILIARIES}|${BE})$`);

/**
 * What another seller does in advertising, said after them ("which keywords is my competitor bidding on", "are rivals
 * advertising on yoga mats"): the mirror holds the seller's own ads only.
 */
const THEIR_AD_VERB =
  /^(?:(?:is|are|was|were|do|does|did|also|currently|now|still|all|even) ){0,2}(?:(?:rank|ranks|ranking|ranked) (?:on|for|at|in)|bid|bids|bidding|bidded|advertise|advertises|advertised|advertising|targeting|targets|target|running ads|run ads|runs ads|spending on (?:ads|ppc|advertising)|(?:pay|pays|paying|paid) (?:for|on|per click))(?= |$)/;
/** Their advertising as a possession ("my competitor's keywords", "rivals' PPC campaigns"). */
const THEIR_AD_THINGS =
  /^(?:[a-z]+ )?(?:keywords?|search terms?|bids?|campaigns?|ads|adverts|ad spend|ppc|advertising|sponsored)(?= |$)/;
/** Ad things named right after their owner, with no word between ("competitors campaigns"). */
const BARE_AD_THINGS =
  /^(?:keywords?|search terms?|bids?|campaigns?|ads|adverts|ad spend|ppc|advertising|acos|tacos|roas)(?= |$)/;
/** Ad things asked before the party that has them ("which campaigns are my competitors…", "what acos do rivals…"). */
const AD_THING_ASKED =
  /(?:^| )(?:keywords?|search terms?|bids?|campaigns?|ads|adverts|ad spend|budgets?|acos|tacos|roas) (?:are|is|do|does|did|have|has|were|was) (?:(?:my|our|the|those|these|other|main|biggest|closest) )*$/;
/** What the party does with them. */
const THEIR_AD_USE =
  /^(?:(?:currently|usually|all|even|also|still) )?(?:running|run|runs|using|use|uses|bidding on|bid on|targeting|target|targets|getting|get|gets|got|seeing|see|have|has|had|spending|spend|paying|pay|hitting|hit|at)(?= |$)/;
/** What a subject holds, asked of it ("how many reviews does my competitor's yoga mat have"). */
/**
 * The market's leader named by its rank ("the top ranked spatula listing", "the number one yoga mat seller", "the #1
 * ranked listing in yoga mats"), in a question that says nothing of the seller's own: someone else's listing, whose
 * traffic or sales are not mirrored. Ranked so, the kind of goods may be one of the catalog's ("yoga mat" reads
 * `__subcategory__`); "the leading Toys & Games products" are the seller's own best.
 */
const MARKET_LEADER =
  /(?:^| )the (?:(?:top|highest|best|number one|no 1|#1|1) (?:ranked|ranking|rated)(?: [a-z_]+){0,3}|(?:number one|no 1|#1|market leading|leading)(?: [a-z]+){0,3}) (?:listing|listings|seller|sellers|product|products|brand|brands|asin|asins)(?= |$)/;
/**
 * The leader of a niche, even the seller's own ("the top seller in my yoga mat niche", "the biggest brand in our
 * space"): a niche is the market around the catalog, so its top seller is another business, where "my top seller" is
 * the seller's own best product.
 */
const NICHE_LEADER =
  /(?:^| )(?<!(?:my|our) )(?:top|best|biggest|leading|largest|number one|no 1|#1) (?:[a-z]+ )?(?:sellers?|brands?|players?|merchants?|vendors?) (?:in|of|on) (?:my|our|the|this|that) (?:[^ ]+ ){0,3}?(?:niche|space|segment|vertical|industry)(?= |$)/;
/** A figure asked of a pronoun without an auxiliary ("how much he sells", "how many units they move"). */
const PRONOUN_AMOUNT = /(?:^| )how (?:much|many)(?: [a-z_]+){0,2}? (?:they|he|she) ([a-z]+)(?= |$)/g;
/**
 * What the seller lacks of another's range, said after it ("…that I'm missing", "…that I'm not", "…and we don't carry", "…where I have
 * nothing listed", "…and we've got none"): their sales only show where the seller's gap is.
 */
const THEIR_RANGE =
  /(?:^| )(?:that|which|but|and|what|where|while|whereas) (?:i|we|they|i'm|we're|i've|we've|my shop|my store|my catalog|our catalog|my range|our range)(?: (?:just|simply|still|currently|yet))? (?:missing|lack|lacks|don't|dont|do not|haven't|havent|have not|am missing|are missing|aren't|never|(?:am |are )?not(?! (?:sure|certain|clear|aware|happy|convinced|keen)(?: |$))|(?:(?:have|has|got|sell|carry|list|stock|offer) )?(?:nothing|none|zero|no (?:listings?|products?|items?|skus?|stock|presence|range)))(?= |$)/;
/**
 * Gaps in the seller's own range asked of directly ("gaps in my range vs competitors, top 5 by revenue", "what am I
 * missing that rivals sell"): the others' sales there rank the gaps, as THEIR_RANGE's do.
 */
const RANGE_GAPS =
  /(?:^| )(?:(?:gaps?|holes?|white ?space) in (?:my|our|the)|(?:am i|are we|i'm|im|i am|we're|we are) (?:still |currently )?missing)(?= |$)/;
/** An amount that orders a list rather than being asked: "ranked by how much revenue", "sorted by how many units". */
const RANKED_BY_AMOUNT =
  /(?:^| )(?:(?:ranked|sorted|ordered|listed|rank|sort|order|list) )?by how (?:much|many)(?= |$)/g;
const OWN_WORD = /(?:^| )(?:my|our|i|we|i'm|we're|me|us|mine|ours)(?= |$)/;
/**
 * The top seller of a kind of goods asked what it earns as a rate ("how much does the top seller in yoga mats make a
 * month", "what does the biggest seller of dog beds turn over a year", "the best seller in puzzles, what's its monthly
 * revenue", "the largest dog bed shop on amazon.de, what's their yearly turnover"), or in the present with no period
 * ("how much does the largest seller in dog toys earn"): a business's income. The kind of goods may come before the
 * seller ("the biggest yoga mat seller"), which then is a business, as "the seller of" one is. "My top seller" is a product, and so is "the top seller in Pet Supplies last month", asked of a period.
 */
const RANKED_SELLER =
  /(?:^| )the (?:top|best|biggest|largest|leading|dominant|most successful|number one|no 1|#1|top selling|best selling|top-selling|best-selling) (?:seller (?:in|of|for|on) |(?:(?!(?:my|our|own|selling|of)(?: |$))[a-z_&'-]+ ){1,3}?(?:seller|shop|store|merchant|brand|company|business|retailer|vendor)(?= |$))/;
const EARNED =
  /(?:^| )(?:make|makes|making|made|earn|earns|earning|turn over|turns over|turning over|turned over|gross|grosses|grossing|brought in|bring in|brings in|pull in|pulls in|take in|takes in|revenue|turnover|income|sales|sell|sells|shift|shifts|move|moves)(?= |$)/;
const AS_A_RATE =
  /(?:^| )(?:(?:a|per|each|every) (?:day|week|month|year)|daily|weekly|monthly|yearly|annually|annual|g_(?:day|week|month))(?= |$)/;
const IN_THE_PRESENT = /(?:^| )(?:does|do)(?= |$)/;

/** An amount asked ("how much", "what does it turn over", "the revenue of the…"), not a row picked ("what's the best…"). */
const AMOUNT_ASKED =
  /(?:^| )(?:how (?:much|many)|what (?:does|do|did)|what(?:'s| is| are| was) (?:their|its|his|her)|(?:revenue|turnover|income|sales|earnings) (?:of|for) the)(?= |$)/;

/** Whether text asks what the market's top seller of a kind of goods earns (see RANKED_SELLER). */
function asksLeaderEarnings(text: string): boolean {
  if (!RANKED_SELLER.test(text) || OWN_WORD.test(text)) return false;
  if (!AMOUNT_ASKED.test(text) || !EARNED.test(text)) return false;
  return AS_A_RATE.test(text) || (IN_THE_PRESENT.test(text) && !/__time__/.test(text));
}

/**
 * A seller found on the seller's own listing ("the top seller on my yoga mat listing", "the merchant on our __asin__
 * page"): another offer on it, whose sales are not mirrored, though "my top seller" alone is a product.
 */
const ON_OWN_LISTING =
  /(?:^| )(?:sellers?|merchants?|vendors?|winners?|holders?)(?: (?:on|of|for) (?:my|our|the|this|that) (?:[^ ]+ ){0,3}?(?:listings?|pages?|offers?|__asin__|__sku__))(?= |$)/;

/**
 * Words that end the head of a subject and start what describes it: a clause ("the brand that's outranking our
 * puzzle", "the competitor that keeps beating us"), a place next to the seller ("the seller above me") or a market
 * ("the number one seller in dog toys"). A party described against the seller or a market is another party, whatever
 * seller words the description holds.
 */
const RELATIVES = new Set([
  "that",
  "who",
  "which",
  "that's",
  "who's",
  "whose",
  "above",
  "below",
  "ahead",
  "beating",
  "outranking",
  "outselling",
  "undercutting",
  // What they do to the seller's goods ("the seller copying my desk organiser", "the brand cloning our yoga mat").
  "copying",
  "cloning",
  "hijacking",
  "piggybacking",
  "counterfeiting",
  "ripping",
  "knocking",
  // A participle clause of what it sells ("the other guy selling the same yoga mat as me").
  "selling",
  "carrying",
  "stocking",
  "offering",
  // Holding what the seller competes for ("the seller holding the buy box on my listing").
  "holding",
  "winning",
  "owning",
  // A place said of the seller with a word before it ("the seller ranked just above me", "the brand right below us").
  "ranked",
  "ranking",
  "sitting",
  "placed",
  "listed",
  "just",
  "right",
  "directly",
  "immediately",
]);
/**
 * Words that describe a business by the goods it stands behind ("the seller with the orange yoga mats", "the brand
 * behind those bamboo boards"): another party, whatever of the seller's catalog the goods name.
 */
const WARES = new Set(["with", "behind"]);
/** Ranks that set a business apart from the rest of its market ("the top yoga mat brand", "the number one seller"). */
const RANKS = new Set(["top", "1", "#1", "leading", "biggest", "largest", "dominant", "main"]);
const PREPOSITIONS = new Set(["in", "on", "for", "at", "across"]);
/** Nouns for a business, singular or plural; a singular one ("the brand") is the seller's own unless described. */
const PARTY_NOUNS = new Set([
  "seller",
  "sellers",
  "brand",
  "brands",
  "company",
  "companies",
  "vendor",
  "vendors",
  "merchant",
  "merchants",
  "business",
  "businesses",
  "shop",
  "shops",
  "store",
  "stores",
  "guy",
  "guys",
  "competitor",
  "competitors",
  "rival",
  "rivals",
  // Named by what they did to the seller's listing ("the copycat who cloned my yoga mat", "the hijacker on my puzzle").
  "copycat",
  "copycats",
  "hijacker",
  "hijackers",
  "counterfeiter",
  "counterfeiters",
]);
const DETERMINERS = new Set(["the", "a", "an", "that", "this", "another", "one"]);

/**
 * Another business named by a description or a rank, not by a word for competitors ("the seller above me in dog
 * toys", "the top yoga mat seller", "the brand that's outranking our puzzle"): whether `said[i]` is the head noun of
 * one. `heads`: nouns that name other businesses with a rank or a market alone ("the number one seller in dog toys").
 */
function describedParty(said: string[], i: number, heads: Set<string>): boolean {
  const noun = said[i];
  if (!PARTY_NOUNS.has(noun)) return false;
  // Its noun phrase: back to a determiner, without the seller's own possessive or a product's rank ("the best sellers").
  let start = i - 1;
  while (start >= 0 && i - start <= 4 && !DETERMINERS.has(said[start])) {
    if (OWN_POSSESSIVES.has(said[start]) || LINKS.has(said[start])) return false;
    start--;
  }
  if (start < 0 || !DETERMINERS.has(said[start])) return false;
  // "the top sellers", "the best 3 sellers": the seller's own products, by a rank of theirs.
  if (PRODUCT_TERMS.has(said[i - 1] ?? "")) return false;
  const between = said.slice(start + 1, i);
  if (between.some((t, k) => PRODUCT_TERMS.has(t) && /^\d/.test(between[k + 1] ?? ""))) return false;
  const next = said[i + 1] ?? "";
  if (RELATIVES.has(next) || WARES.has(next)) return true;
  // Ranked in a market ("the top dog toy brand", "the number one seller in puzzles"), or named as businesses of one
  // ("the yoga mat sellers").
  const market = between.length > 1 || PREPOSITIONS.has(next);
  return market && (heads.has(noun) || between.some((t) => RANKS.has(t)));
}

/** Where the text's described parties stand ("the brand that outranks me"), as the offsets of their head nouns. */
function describedSpans(said: string[], heads: Set<string>): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let at = 0;
  said.forEach((t, i) => {
    if (describedParty(said, i, heads)) spans.push({ start: at, end: at + t.length });
    at += t.length + 1;
  });
  return spans;
}

/** Amazon's advertising programmes, which the seller runs ("sponsored products", "sponsored brands"). */
const AD_PROGRAMME = /^sponsored (?:products?|brands?|display|video|ads)$/;
/** Words that open a description of where another party sells ("the competitor on my yoga mat"). */
const DESCRIBING = new Set(["on", "in", "for", "at", "selling", "with", "from"]);
/** Auxiliaries and adverbs between a party said first and its verb ("a rival is making", "they have been selling"). */
const THEIR_AUXILIARIES =
  /^(?:(?:is|are|was|were|has|have|had|been|does|did|do|will|also|currently|now|still|really|actually|probably) )+/;

/**
 * Their selling said by its price against the seller's ("are the competitors selling cheaper than me", "the other
 * sellers offering it for less than us", "selling at a lower price than me"): their offers, which the mirror holds,
 * not their sales.
 */
const PRICED_AGAINST_OWN =
  /^ (?:(?:it|them|this|that|these|those|the same(?: [a-z]+){0,2}|[a-z_]+) )?(?:cheaper|for less|at (?:a )?(?:lower|cheaper|better) prices?|(?:at |for )?(?:a )?lower(?: prices?)?|less expensive|more cheaply|below|under|undercutting)(?: (?:than|then|to|compared to))? (?:me|us|my|our|mine|ours|i|we)(?= |$)/;

/**
 * Nouns a figure is shown as ("the sales numbers", "revenue figures", "unit data") or kept over time as ("the order
 * history", "the sales trend"): the figure itself.
 */
const FIGURE_NOUNS =
  / (?:numbers|number|nos|figures|figure|data|stats|statistics|totals?|volumes?|counts?|results|history|histories|trends?|records?|logs?|track record|breakdown|over time)$/;
/** Words that give a figure to the party after them ("the revenue of…", "sales figures for…", "units sold by…"). */
const FIGURE_OWNED_BY = /^(?:of|for|from|by)$/;

/** What another business pays for its goods ("is the top toy seller paying their supplier"): its costs, not mirrored. */
const THEIR_COSTS = /^(?:pay|pays|paying|paid|spend|spends|spending)(?= |$)/;

/**
 * Another business by its name, said after a word for one ("the revenue of the seller KitchenPro", "a brand called
 * Zenfit"): the word after the noun is a name unless it is a word of the question's own ("the seller in Italy", "the
 * brand overall"). Stores, shops and companies are left out: "the store" is often the seller's own.
 */
const NAMED_PARTY =
  /(?:^| )(?:the|a|another|that|this) (?:seller|brand|vendor|merchant|competitor|rival)(?: (?:called|named))? ([a-z][a-z0-9'&.-]*)(?= |$)/g;
const NOT_A_NAME = new Set([
  ...LINKS,
  ...CLAUSE_WORDS,
  ...RELATIVES,
  ...OWN_POSSESSIVES,
  "in",
  "on",
  "for",
  "at",
  "of",
  "from",
  "by",
  "across",
  "over",
  "into",
  "as",
  "is",
  "was",
  "are",
  "were",
  "has",
  "have",
  "had",
  "does",
  "did",
  "do",
  "will",
  "would",
  "can",
  "could",
  "should",
  "overall",
  "total",
  "itself",
  "alone",
  "only",
  "level",
  "wide",
  "side",
  "account",
  "name",
  "names",
  "page",
  "pages",
  "central",
  "fees",
  "fee",
  "rating",
  "ratings",
  "feedback",
  "performance",
  "health",
  "dashboard",
  "portal",
  "registry",
  "story",
  "s",
  "'s",
]);
/** A business pointed at, as an owner ("that seller's", "this other brand's", "another vendor's"). */
const POINTED_PARTY =
  /(?:^| )(?:that|this|another|the other|that other|this other|some other) (?:[a-z]+ )?(?:seller|brand|vendor|merchant|shop|store|company|business|competitor|rival|guy)'s(?= |$)/;
/**
 * What a subject earns, asked with "what" in the present ("what does Zenfit rake in a month", "what do rivals gross"):
 * an amount asked, as "how much" asks it ("rake in" is read as "brought in" by then). Verbs of selling are left out: "what
 * do competitors sell" asks for their range.
 */
const EARNINGS_ASKED =
  /(?:^| )what (?:does|do|is|are) (?:[^ ]+ ){1,4}?(?:make|making|earn|earning|gross|grossing|turn over|turning over|bring in|bringing in|brought in|take in|taking in|pull in|pulling in|haul in|hauling in|rack up|racking up|generate|generating)(?= |$)/;
const HOLDS = new RegExp(`(?:^| )(?:${AUXILIARIES}) ((?:[^ ]+ ){1,7}?)(?:have|has|hold|show|carry)(?= |$)`, "g");

export function thirdPartyDetector(
  w: WordLists,
  metricPhrases: PhraseIndex<{ metric: Metric | null }>,
): ThirdPartyDetector {
  const known = detectors.get(w);
  if (known) return known;
  const alt = (list: string[]) =>
    [...list]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|");
  const verbs = alt(w.third_party_verbs ?? []);
  // The subject: one to six words between the auxiliary and the verb ("is the number one yoga mat seller moving").
  const progressive = alt((w.third_party_verbs ?? []).filter((v) => /ing(?: |$)/.test(v)));
  const subjectVerb = new RegExp(
    // "what's Anker spending": "is" said inside "what's" opens the subject too.
    `(?:^| )(?:(?:${AUXILIARIES}) ((?:[^ ]+ ){1,6}?)(?:${verbs})|(?:${BE}|what's) ((?:[^ ]+ ){1,6}?)(?:${progressive}))(?= |$)`,
    "g",
  );
  const own = new Set(w.own_subjects ?? []);
  const theirVerb = new RegExp(`^(?:${verbs})(?= |$)`);
  const others = new PhraseIndex((w.third_party_nouns ?? []).map((n) => [n, true] as const));
  const theirs = new Set<Metric>(w.third_party_metrics ?? []);
  const heads = new Set(w.third_party_heads ?? []);
  /**
   * Whether text ends in a figure the mirror keeps only for the seller ("the revenue", "the sales numbers", "unit sales
   * data"), so that a party named after it ("…of the other seller") owns a figure that is not an offer.
   */
  const endsInTheirFigure = (before: string): boolean => {
    const head = before.trimEnd().replace(FIGURE_NOUNS, "");
    return metricPhrases.find(head).some((x) => x.end === head.length && x.value.metric && !theirs.has(x.value.metric));
  };
  /** Whether the words after a verb of change begin one of their offers' figures (" their prices", " the buy box"). */
  const changesOffers = (after: string): boolean => {
    const object = after.replace(/^ (?:(?:their|the|its|his|her|any|all|of) )*/, "");
    const metric = metricPhrases.at(object, 0)?.value.metric;
    return metric !== undefined && metric !== null && theirs.has(metric);
  };
  /** A verb of theirs whose object is one of their offers' figures ("move their prices", "changed the buy box"). */
  const movesOffers = (rest: string): boolean => {
    if (PRICED_AGAINST_OWN.test(rest.replace(theirVerb, ""))) return true;
    const after = rest.replace(theirVerb, "").replace(/^ (?:(?:their|the|its|his|her|any|all|of) )*/, "");
    const metric = metricPhrases.at(after, 0)?.value.metric;
    return metric !== undefined && metric !== null && theirs.has(metric);
  };
  /** The words with their first verb made bare when that makes it one of theirs ("turns over" → "turn over"). */
  const bareVerb = (said: string): string => {
    const m = /^([a-z]+?)(e?)s(?= |$)/.exec(said);
    if (!m) return said;
    const rest = said.slice(m[0].length);
    for (const bare of [m[1], `${m[1]}${m[2]}`, `${m[1]}e`])
      if (theirVerb.test(`${bare}${rest}`)) return `${bare}${rest}`;
    return said;
  };
  const detector: ThirdPartyDetector = {
    asksOthersFigures(text: string, metrics: Metric[]): boolean {
      if (MARKET_LEADER.test(text) && !OWN_WORD.test(text)) return true;
      if (asksLeaderEarnings(text)) return true;
      if (NICHE_LEADER.test(text)) return true;
      // What another seller sells that the seller lacks ("what are competitors selling that I'm missing", "product
      // types rivals carry and we don't"): their range, which the catalog gaps answer, not their figures.
      // An amount that only orders the gaps ("ranked by how much revenue they're doing") asks no figure of theirs.
      if (
        (THEIR_RANGE.test(text) || RANGE_GAPS.test(text)) &&
        !/(?:^| )how (?:much|many)(?= |$)/.test(text.replace(RANKED_BY_AMOUNT, " "))
      )
        return false;
      // A party described by a rank or a clause, then what it does in advertising ("the seller above me in dog toys
      // is targeting", "the top yoga mat seller is bidding on").
      const said = words(text);
      // "my competitor's best selling ASIN", "the top products of the brand that outranks me": their ranking of what
      // sells, named by a word for competitors or described.
      if (asksTheirRanking(text, [...others.find(text), ...describedSpans(said, heads)])) return true;
      for (let i = 0; i < said.length; i++) {
        if (!describedParty(said, i, heads)) continue;
        // "how much did the shop that keeps undercutting our cookware sell": what it sold, after an auxiliary.
        let opener = i - 1;
        while (opener >= 0 && !DETERMINERS.has(said[opener])) opener--;
        // "the sales numbers of the seller who keeps beating us": a figure of theirs owned by the party described.
        if (FIGURE_OWNED_BY.test(said[opener - 1] ?? "") && endsInTheirFigure(said.slice(0, opener - 1).join(" ")))
          return true;
        // Asked with an auxiliary before it, or as an indirect question ("tell me how much the biggest seller in pet
        // supplies earns").
        const asked =
          AUXILIARY.test(said[opener - 1] ?? "") ||
          (/^(?:much|many)$/.test(said[opener - 1] ?? "") && said[opener - 2] === "how");
        // A description may run long before the verb ("did the seller holding the buy box on my listing earn").
        for (let j = i + 1; j <= i + (asked ? 10 : 7) && j < said.length; j++) {
          // "with" right after the party opens its description ("the seller with the orange yoga mats"), no link.
          if (LINKS.has(said[j]) && !(j === i + 1 && WARES.has(said[j]))) break;
          const rest = said.slice(j).join(" ");
          if (THEIR_AD_VERB.test(rest)) return true;
          // "did the other sellers on my puzzle move their prices": a verb of theirs on their offers moves prices, which
          // the mirror holds, not their sales.
          if (asked && (theirVerb.test(rest) || THEIR_COSTS.test(rest)) && !movesOffers(rest)) return true;
        }
      }
      for (const o of others.find(text)) {
        const rest = text.slice(o.end).replace(/^' /, " ").trimStart();
        // "my competitors' campaigns" loses its apostrophe in normalizing: a plural right before their ad things owns them.
        const possessive =
          /'s?$/.test(o.phrase) ||
          text.slice(o.end).startsWith("'") ||
          (/s$/.test(o.phrase) && BARE_AD_THINGS.test(rest));
        if (THEIR_AD_VERB.test(rest) || (possessive && THEIR_AD_THINGS.test(rest))) return true;
        // Their ad things asked first ("which campaigns are my competitors running", "what ACoS do rivals get").
        if (AD_THING_ASKED.test(text.slice(0, o.start)) && THEIR_AD_USE.test(rest)) return true;
        // Described by where it sells first ("the competitor on my puzzle pays for", "rivals in dog toys bid on"): what
        // it does in advertising follows the description.
        const next = words(rest);
        // …or a figure of theirs asked as an amount ("what the main competitor on our yoga mat turns over", "how much
        // the rival in dog toys makes"): their sales, not their offers.
        const amountAsked = /(?:^| )(?:what|how (?:much|many))(?: [^ ]+){0,3} $/.test(text.slice(0, o.start));
        if (DESCRIBING.has(next[0] ?? ""))
          for (let k = 2; k <= 6 && k < next.length; k++) {
            if (LINKS.has(next[k - 1])) break;
            const after = next.slice(k).join(" ");
            if (THEIR_AD_VERB.test(after)) return true;
            const verbAfter = bareVerb(after.replace(THEIR_AUXILIARIES, ""));
            if (amountAsked && theirVerb.test(verbAfter) && !movesOffers(verbAfter)) return true;
          }
        // Said in the order of a statement, as an indirect question does ("what margin a competitor is getting", "how
        // much my competitor makes"): a figure of theirs that is not an offer.
        // A name may stand between the party and its verb ("how much my competitor Anker sell"): the verb after it. A
        // figure there is no name ("competitor price moves" is their price moving).
        const named = /^([a-z][a-z0-9'&.-]*) (?=[a-z])/.exec(rest);
        const afterName =
          named &&
          !theirVerb.test(bareVerb(rest)) &&
          metricPhrases.at(rest, 0) === undefined &&
          !heads.has(named[1]) &&
          !NOT_A_NAME.has(named[1]) &&
          !own.has(named[1]) &&
          !/^(?:__|[gms]_)/.test(named[1])
            ? rest.slice(named[0].length)
            : rest;
        const verb = bareVerb(afterName.replace(THEIR_AUXILIARIES, ""));
        const amountBefore = /(?:^| )how (?:much|many) (?:[^ ]+ ){1,3}$/.test(text.slice(0, o.start));
        // The verb before the party, as a question may put it ("how much sells my competitor", "how many units moves
        // the rival").
        const verbFirst =
          /(?:^| )how (?:much|many)(?: [^ ]+)?? ([a-z]+) (?:(?:my|our|the|a|that|this|main|biggest|closest) ){0,2}$/.exec(
            text.slice(0, o.start),
          );
        if (
          verbFirst &&
          theirVerb.test(
            verbFirst[1].replace(/^([a-z]+?)e?s$/, (all, bare: string) =>
              theirVerb.test(bare) ? bare : theirVerb.test(`${bare}e`) ? `${bare}e` : all,
            ),
          )
        )
          return true;
        if (theirVerb.test(verb) && !movesOffers(verb) && (amountBefore || metrics.some((x) => !theirs.has(x))))
          return true;
      }
      // "that seller's monthly revenue", "the other brand's margin": a business pointed at, owning a figure that is not
      // an offer.
      if (metrics.some((x) => !theirs.has(x)) && POINTED_PARTY.test(text)) return true;
      // "the revenue of the seller KitchenPro": a business by its name, and a figure of it that is not an offer.
      if (metrics.some((x) => !theirs.has(x)))
        for (const m of text.matchAll(NAMED_PARTY))
          if (!NOT_A_NAME.has(m[1]) && !/^(?:__|[gms]_|\d)/.test(m[1]) && !own.has(m[1])) return true;
      // A figure that another party's thing holds: their reviews, rating or stock are not in the mirror.
      HOLDS.lastIndex = 0;
      for (let m = HOLDS.exec(text); m; m = HOLDS.exec(text))
        if (others.find(m[1]).length > 0 && metrics.some((x) => !theirs.has(x))) return true;
      const asksAmount =
        /(?:^| )(?:how (?:much|many)|what did)(?= |$)/.test(text) ||
        EARNINGS_ASKED.test(text) ||
        metrics.some((m) => !theirs.has(m));
      if (!asksAmount) return false;
      // "how much does the top seller on my yoga mat listing make": a figure of theirs said right after them.
      const onListing = ON_OWN_LISTING.exec(text);
      if (onListing) {
        const verb = bareVerb(
          text
            .slice(onListing.index + onListing[0].length)
            .trim()
            .replace(THEIR_AUXILIARIES, ""),
        );
        if (theirVerb.test(verb) && !movesOffers(verb)) return true;
      }
      // "the seller with the red yoga mat, how much he sells": the pronoun's figure asked without an auxiliary, as a
      // seller writing in a second language may; the pronoun is still the party described before it.
      for (const m of text.matchAll(PRONOUN_AMOUNT)) {
        const before = words(text.slice(0, m.index));
        const verb = bareVerb(text.slice(m.index + m[0].length - m[1].length));
        if (
          theirVerb.test(verb) &&
          !movesOffers(verb) &&
          (others.find(text.slice(0, m.index)).length > 0 || before.some((_, k) => describedParty(before, k, heads)))
        )
          return true;
      }
      // "how many units did Barkly sell", "how much do my competitors make".
      subjectVerb.lastIndex = 0;
      for (let m = subjectVerb.exec(text); m; m = subjectVerb.exec(text)) {
        const subject = (m[1] ?? m[2]).trim();
        // "how many units did the brand that's outranking our puzzle sell", "is the number one seller in dog toys
        // moving": a party described, whatever of the seller's its description names.
        // "my competitor is doing great - how much did they sell": a pronoun after another party is that party.
        // So is one after a party described ("the seller who keeps beating me - how much revenue do they make").
        if (/^(?:they|he|she)$/.test(subject)) {
          const before = words(text.slice(0, m.index));
          if (others.find(text.slice(0, m.index)).length > 0 || before.some((_, k) => describedParty(before, k, heads)))
            return true;
        }
        const subjectWords = words(subject);
        if (subjectWords.some((_, i) => i <= 3 && describedParty(subjectWords, i, heads))) return true;
        // A link word or a clause of the seller's ends a subject: "keywords are just eating budget without bringing
        // in sales" and "does amazon keep out of what I sell" have none.
        if (words(subject).some((t, i) => LINKS.has(t) || CLAUSE_WORDS.has(t) || (i > 0 && OWN_POSSESSIVES.has(t))))
          continue;
        // What Amazon takes in fees or pays out is the seller's own money ("what did amazon take in referral fees").
        if (AMAZON.test(subject) && metrics.some((x) => AMAZONS_SHARE.has(x))) continue;
        if (others.find(subject).length > 0) return true;
        // "how are sales doing", "is my margin making progress": a figure of the seller's as the subject.
        if (metricPhrases.find(subject).some((x) => x.value.metric !== null)) continue;
        const said = words(subject).filter((t) => !ADVERBS.has(t) && !(m[2] !== undefined && DEGREE_ADVERBS.has(t)));
        if (said.length === 0) continue;
        const first = said[0];
        // "yoga mat sellers", "other brands": a head noun for other businesses, unless the seller's own or a
        // product term ("my sellers", "the best sellers").
        // The seller's own ad programmes ("what did sponsored brands bring in"): no business, though named by one.
        if (AD_PROGRAMME.test(said.join(" "))) continue;
        const head = said.at(-1)!;
        const before = said.at(-2) ?? "";
        if (heads.has(head) && !OWN_POSSESSIVES.has(first) && !PRODUCT_TERMS.has(before)) return true;
        // Masked slots ("__asin__", "g_asin" for "each product") and numbers are the seller's own things.
        if (!/^(?:__|[gms]_|\d)/.test(first) && !own.has(first)) return true;
      }
      // "my competitor's conversion rate", "rivals' sales": a figure of theirs that is not an offer.
      for (const o of others.find(text)) {
        // Said the other way round: "the conversion rate of my rivals", "what drives sales for the competitor", "the
        // return rate on my competitor's yoga mat".
        const before = /(?:^| )(?:for|of|from|on) (?:(?:the|my|our|a|that|this|main|biggest|closest|top) ){0,2}$/.exec(
          text.slice(0, o.start),
        );
        if (before && endsInTheirFigure(text.slice(0, before.index))) return true;
        const rest = text.slice(o.end + 1);
        const next = words(rest);
        // A name or a description may come between ("my competitor Anker's monthly sales"), but not the seller's own.
        for (const skip of [0, 1, 2, 3, 4, 5]) {
          if (next.slice(0, skip).some((t) => OWN_POSSESSIVES.has(t) || LINKS.has(t))) break;
          const at = next.slice(0, skip).join(" ").length + (skip > 0 ? 1 : 0);
          const found = metricPhrases.at(rest, at);
          const metric = found?.value.metric;
          // "other sellers dropping their prices": a change said of their offers, which the mirror holds.
          if (metric && !theirs.has(metric) && !changesOffers(rest.slice(found!.end))) return true;
          if (metric) break;
        }
      }
      return false;
    },
  };
  detectors.set(w, detector);
  return detector;
}
