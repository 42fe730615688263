import type { Metric } from "../core/understanding.js";
import { escapeRegExp, PhraseIndex, words } from "./text.js";
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
]);

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

/**
 * What another seller does in advertising, said after them ("which keywords is my competitor bidding on", "are rivals
 * advertising on yoga mats"): the mirror holds the seller's own ads only.
 */
const THEIR_AD_VERB =
  /^(?:(?:is|are|was|were|do|does|did|also|currently|now|still|all|even) ){0,2}(?:(?:rank|ranks|ranking|ranked) (?:on|for|at|in)|bid|bids|bidding|bidded|advertise|advertises|advertised|advertising|targeting|targets|running ads|run ads|runs ads|spending on (?:ads|ppc|advertising))(?= |$)/;
/** Their advertising as a possession ("my competitor's keywords", "rivals' PPC campaigns"). */
const THEIR_AD_THINGS =
  /^(?:[a-z]+ )?(?:keywords?|search terms?|bids?|campaigns?|ads|adverts|ad spend|ppc|advertising|sponsored)(?= |$)/;
/** What a subject holds, asked of it ("how many reviews does my competitor's yoga mat have"). */
/**
 * The market's leader named by its rank ("the top ranked spatula listing", "the number one yoga mat seller"), in a
 * question that says nothing of the seller's own: someone else's listing, whose traffic or sales are not mirrored.
 */
const MARKET_LEADER =
  /(?:^| )the (?:(?:top|highest|best|number one|no 1|#1) (?:ranked|ranking|rated)|number one|no 1|#1|market leading|leading)(?: [a-z]+){0,3} (?:listing|listings|seller|sellers|product|products|brand|brands|asin|asins)(?= |$)/;
const OWN_WORD = /(?:^| )(?:my|our|i|we|i'm|we're|me|us|mine|ours)(?= |$)/;

const HOLDS = new RegExp(`(?:^| )(?:${AUXILIARIES}) ((?:[^ ]+ ){1,5}?)(?:have|has|hold|show|carry)(?= |$)`, "g");

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
    `(?:^| )(?:(?:${AUXILIARIES}) ((?:[^ ]+ ){1,6}?)(?:${verbs})|(?:${BE}) ((?:[^ ]+ ){1,6}?)(?:${progressive}))(?= |$)`,
    "g",
  );
  const own = new Set(w.own_subjects ?? []);
  const others = new PhraseIndex((w.third_party_nouns ?? []).map((n) => [n, true] as const));
  const theirs = new Set<Metric>(w.third_party_metrics ?? []);
  const heads = new Set(w.third_party_heads ?? []);
  const detector: ThirdPartyDetector = {
    asksOthersFigures(text: string, metrics: Metric[]): boolean {
      if (MARKET_LEADER.test(text) && !OWN_WORD.test(text)) return true;
      for (const o of others.find(text)) {
        const rest = text.slice(o.end).replace(/^' /, " ").trimStart();
        const possessive = /'s?$/.test(o.phrase) || text.slice(o.end).startsWith("'");
        if (THEIR_AD_VERB.test(rest) || (possessive && THEIR_AD_THINGS.test(rest))) return true;
      }
      // A figure that another party's thing holds: their reviews, rating or stock are not in the mirror.
      HOLDS.lastIndex = 0;
      for (let m = HOLDS.exec(text); m; m = HOLDS.exec(text))
        if (others.find(m[1]).length > 0 && metrics.some((x) => !theirs.has(x))) return true;
      const asksAmount =
        /(?:^| )(?:how (?:much|many)|what did)(?= |$)/.test(text) || metrics.some((m) => !theirs.has(m));
      if (!asksAmount) return false;
      // "how many units did Barkly sell", "how much do my competitors make".
      subjectVerb.lastIndex = 0;
      for (let m = subjectVerb.exec(text); m; m = subjectVerb.exec(text)) {
        const subject = (m[1] ?? m[2]).trim();
        // A link word or a clause of the seller's ends a subject: "keywords are just eating budget without bringing
        // in sales" and "does amazon keep out of what I sell" have none.
        if (words(subject).some((t, i) => LINKS.has(t) || CLAUSE_WORDS.has(t) || (i > 0 && OWN_POSSESSIVES.has(t))))
          continue;
        // What Amazon takes in fees or pays out is the seller's own money ("what did amazon take in referral fees").
        if (AMAZON.test(subject) && metrics.some((x) => AMAZONS_SHARE.has(x))) continue;
        if (others.find(subject).length > 0) return true;
        // "how are sales doing", "is my margin making progress": a figure of the seller's as the subject.
        if (metricPhrases.find(subject).some((x) => x.value.metric !== null)) continue;
        const said = words(subject).filter((t) => !ADVERBS.has(t));
        if (said.length === 0) continue;
        const first = said[0];
        // "yoga mat sellers", "other brands": a head noun for other businesses, unless the seller's own or a
        // product term ("my sellers", "the best sellers").
        const head = said.at(-1)!;
        const before = said.at(-2) ?? "";
        if (heads.has(head) && !OWN_POSSESSIVES.has(first) && !PRODUCT_TERMS.has(before)) return true;
        // Masked slots ("__asin__", "g_asin" for "each product") and numbers are the seller's own things.
        if (!/^(?:__|[gms]_|\d)/.test(first) && !own.has(first)) return true;
      }
      // "my competitor's conversion rate", "rivals' sales": a figure of theirs that is not an offer.
      for (const o of others.find(text)) {
        const rest = text.slice(o.end + 1);
        const next = words(rest);
        // A name or a description may come between ("my competitor Anker's monthly sales"), but not the seller's own.
        for (const skip of [0, 1, 2, 3, 4, 5]) {
          if (next.slice(0, skip).some((t) => OWN_POSSESSIVES.has(t) || LINKS.has(t))) break;
          const at = next.slice(0, skip).join(" ").length + (skip > 0 ? 1 : 0);
          const metric = metricPhrases.at(rest, at)?.value.metric;
          if (metric && !theirs.has(metric)) return true;
          if (metric) break;
        }
      }
      return false;
    },
  };
  detectors.set(w, detector);
  return detector;
}
