/**
 * A price another shop asks for goods that are not the seller's ("how much is Argos charging for air fryers this
 * week", "Currys' price for kettles", "what's the price of toasters at John Lewis"): the mirror holds competitors'
 * offers only on the seller's own listings, so another retailer's shelf price for a kind of goods the seller does not
 * list is the world's. The seller's own goods keep it theirs, however the shop is named ("who is undercutting my air
 * fryer", "what is BarkCo charging on my yoga mat", "competitor prices on B0…"), and so does a price asked with no goods
 * named ("what is BarkCo charging": their offer on the seller's listings).
 *
 * Matched on the masked words (metrics read `m_…`, catalog names `__…__`); which words the parser does not know is
 * the caller's to say.
 */

/** The seller's own side or one of their catalog's things: the price is then on their listing. */
const SELLERS_OWN = /^(?:my|our|i|we|me|us|mine|ours|i'm|we're|__(?:asin|sku|category|subcategory|campaign)__)$/;

/**
 * A price asked: "charging" and "price" read `m_price`; "cost" is said of goods ("how much do air fryers cost"), and so
 * is what a shop asks or wants for them.
 */
const PRICE_ASKED =
  /(?:^| )(?:m_price|cost|costs|costing|(?:going|go|goes|sell|sells|selling|asking|ask|asks|want|wants|wanting) for)(?= |$)/;

/** Goods named after a price or a verb of selling ("…for air fryers", "…of toasters", "selling kettles at"). */
const GOODS_NAMED =
  /(?:^| )(?:(?:for|of) (?:(?:a|an|the|their|its|his|her|these|those|new|cheap) )*|(?:selling|sell|sells|m_price) (?:(?:a|an|the|their) )*)(?!(?:for|of|at|on|in|by|to|me|us|it|them|sale|less|more|now|today|this|that|what|how|much|many)(?: |$))[a-z][a-z0-9'-]*/;
/** Goods as what costs ("how much do air fryers cost"). */
const GOODS_COST =
  /(?:^| )how much (?:do|does|is|are|would|will) (?!(?:i|we|you|it|they)(?: |$))[a-z][a-z0-9'-]* (?:[a-z0-9'-]+ )?cost(?: |$)/;

/** Words that ask a shop what it charges with it as the subject ("is Argos charging", "does Currys sell"). */
const AUXILIARY = /^(?:is|are|was|were|does|do|did|will)$/;
const PRICE_VERB = /^(?:m_price|selling|sell|sells|asking|ask|asks|charge|charges|want|wants|wanting)$/;
/** Words that put a shop as the place of the price ("…at Currys", "…on Argos"). */
const AT_SHOP = /^(?:at|from|on|in)$/;
/** What may end a sentence after the shop: a period or a place. */
const CLOSING = /^(?:__time__|__mkt__|g_[a-z_]+|now|today|currently|right|atm)$/;

/**
 * Whether the masked words ask what a shop the parser does not know charges for goods that are not the seller's.
 * `unknown`: whether the parser does not know a word, as a shop's name.
 */
export function pricedElsewhere(said: string[], unknown: (word: string) => boolean): boolean {
  if (said.some((t) => SELLERS_OWN.test(t))) return false;
  const text = said.join(" ");
  if (!PRICE_ASKED.test(text) || !(GOODS_NAMED.test(text) || GOODS_COST.test(text))) return false;
  const named = (i: number) => i >= 0 && i < said.length && unknown(said[i]) && /^[a-z][a-z0-9'&.-]{2,}$/.test(said[i]);
  return said.some((_, i) => {
    if (!named(i)) return false;
    // The shop as the subject of its price, in one or two words ("is Argos charging", "is John Lewis selling").
    for (const start of [i - 1, i - 2])
      if (
        AUXILIARY.test(said[start] ?? "") &&
        PRICE_VERB.test(said[i + 1] ?? "") &&
        (start === i - 1 || said[i - 1] !== "the")
      )
        return true;
    // The shop first, owning the price ("Argos price for air fryers", "what's Currys price on kettles").
    if (said[i + 1] === "m_price" && (i === 0 || /^(?:what's|whats|what|is|the)$/.test(said[i - 1]))) return true;
    // The shop as the place, last in the sentence ("the price of air fryers at Currys", "… cost on Argos now").
    if (AT_SHOP.test(said[i - 1] ?? "") && said.slice(i + 1).every((t) => CLOSING.test(t))) return true;
    return false;
  });
}
