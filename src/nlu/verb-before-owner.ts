/**
 * A business named after its verb, as a seller writing English as a second language asks ("how much revenue makes Anker
 * on amazon.de per month", "how many units sells Zenfit a week", "how much turnover has HomeNova in Germany"): in their
 * language the verb may come before its subject, so the unknown name there owns the figure asked, as "how much revenue
 * does Anker make" says it. The mirror holds no other business's sales.
 *
 * Matched on the masked words (metrics read `m_…`, places `__mkt__`, periods `__time__` or `g_…`); the name itself must
 * be a word the parser does not know, which the caller checks.
 */

/**
 * "how much revenue makes", "how many units sells", "what revenue has", "how much sells": an amount asked, then a verb
 * of selling. A verb the parser read as a figure ("earned" reads `m_profit`) is the figure after the amount.
 */
const ASKED_THEN_VERB =
  /(?:^| )(?:how (?:much|many)|what)(?:(?: (?:m_[a-z_]+|money|units|revenue|sales|turnover)){1,2}(?: (?:makes|made|sells|sold|earns|earned|moves|moved|generates|generated|has|had|gets|got|does|did|turns over|brings in|pulls in|takes in|ships|shipped|shifts|shifted))?| (?:makes|made|sells|sold|earns|earned|moves|moved|generates|generated|turns over|brings in|pulls in|takes in|ships|shipped|shifts|shifted))$/;

/**
 * What may follow the name: the end, a place or a period ("…Anker on amazon.de", "…Zenfit a week"). Another verb after
 * it ("how much revenue has coupon brought in") makes the word a thing of the seller's, not a subject.
 */
const AFTER_NAME = /^(?:in|on|at|per|a|an|each|every|this|last|since|over|during|__mkt__|__time__|__num__|g_[a-z_]+)$/;

/** Whether said[i], a word the parser does not know, is a business named after its verb in a learner's order. */
export function namedAfterItsVerb(said: string[], i: number): boolean {
  const next = said[i + 1];
  if (next !== undefined && !AFTER_NAME.test(next)) return false;
  return ASKED_THEN_VERB.test(said.slice(0, i).join(" "));
}
