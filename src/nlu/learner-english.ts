/**
 * English written as a second language. Sellers who think in Italian, Spanish, German or Polish carry over their own
 * word order and prepositions: "my sells" for sales, "better of the month before" and "respect the previous 30 days"
 * for "than" and "compared to", "since two months" for the last two months, "day for day"
 * for a daily breakdown, "the products with less sales" for the fewest, "I sell good". Each rule below rewrites one
 * such family of phrasings to the English the parser's grammars already read, before anything else reads the
 * question; what a native speaker writes is left as it is. ("Where goes my money" and "remains little" are words of
 * the profit and loss class in concepts.json: the classifier reads them as they stand.)
 */

import { withBorrowedWords, withForeignMonthNames } from "./borrowed-words.js";
import { withDialectWordsInEnglish } from "./dialect-words.js";
import { withDottedDatesInWords } from "./dotted-dates.js";
import { withoutFilipinoParticles } from "./filipino-particles.js";
import { withSelfCorrections } from "./self-corrections.js";

/** Words of a period that may follow a comparison's joining word ("respect the previous 30 days", "of last month"). */
const PERIOD_NEXT =
  "(?=(?:the\\s+|a\\s+)?(?:previous|prior|preceding|past|last|same|yesterday|today|this|day|week|month|quarter|year|period|one before|\\d{4}|q[1-4]|jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b)";

/** A count of periods ("two months", "3 weeks"); "a few" is left out, the grammars read no period from it. */
const COUNT =
  "(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a couple|couple of)";

/**
 * Comparative words after which "of" means "than" in a learner's English ("better of the month before"). "More of"
 * and "less of" are left out: a native speaker says them too ("show more of last month").
 */
const COMPARATIVES = "better|worse|higher|lower|bigger|smaller|greater";

/** Words that make "less"/"more" a comparison after all ("less sales than in March", "more orders vs last year"). */
const COMPARED_IN_CLAUSE = /^[^,.;:!?]*\b(?:than|then|compared?|versus|vs|against|respect|before|ago)\b/i;

/** Words that make "fewer" or "more" a change over time ("fewer new reviews lately", "more returns these days"). */
const MOVED_IN_CLAUSE =
  /^[^,.;:!?]*\b(?:lately|recently|of late|these days|nowadays|anymore|any more|than before|new)\b/i;

/** Two things set side by side before "more"/"less" ("did September or October make more profit"): a comparison. */
const CHOICE_BEFORE = /\b(?:or|between|two)\b[^,.;:!?]*$/i;

/** Figures a list of products is ranked by, as a learner names them after "less" or "more". */
// Figures said in two words ("page views") first, so the whole figure is taken.
const RANKED_FIGURES =
  "page views|page visits|product views|listing views|ad sales|ad spend|sales|sells|orders|units|pieces|revenue|profit|money|returns|reviews|sessions|views|visits|clicks|impressions|conversions|traffic";

/** Things a seller's figures are ranked over, as a learner names them before "with more". */
const RANKED_THINGS =
  "products?|items?|skus?|asins?|listings?|articles?|categor(?:y|ies)|subcategor(?:y|ies)|campaigns?|keywords?|marketplaces?|countr(?:y|ies)|ones?";

/**
 * Short adjectives a learner grades with "more" and "most", as Romance languages grade every adjective ("más barato",
 * "el más barato"), with their own comparative and superlative ("cheaply" has no superlative of its own here).
 */
const DEGREES: Record<string, [comparative: string, superlative?: string]> = {
  cheap: ["cheaper", "cheapest"],
  cheaply: ["cheaper"],
  low: ["lower", "lowest"],
  high: ["higher", "highest"],
  big: ["bigger", "biggest"],
  small: ["smaller", "smallest"],
  fast: ["faster", "fastest"],
  slow: ["slower", "slowest"],
  good: ["better", "best"],
  bad: ["worse", "worst"],
};

/** Words for the stock itself, whose "finishing" or "ending" is its running out. */
const STOCK_NOUNS = "stocks?|inventory|inventories|units|supply|supplies|goods|pieces";

/** What follows "end"/"finish" when something other than the stock ends ("ends up", "ends the year", "end of"). */
const NOT_STOCK_ENDING = "(?!\\s+(?:up|of|the|my|our|with|at|on|date|balance)\\b)";

/** What follows "end"/"finish" when it has an object of its own ("ending this year", "end their budget"). */
const NOTHING_ELSE_ENDED =
  "(?!\\s+(?:up|of|the|this|that|these|those|a|an|my|our|your|its|their|his|her|with|at|on|date|balance)\\b)";

type Rewrite = [pattern: RegExp, replacement: string | ((...groups: string[]) => string)];

const REWRITES: Rewrite[] = [
  // "my sells", "the sells of last month", "total sells": after a determiner, "sells" is the noun, sales.
  [/\b(my|our|your|the|total|of|daily|weekly|monthly|yearly)\s+sells\b/gi, "$1 sales"],
  [/^sells(?=\s+(?:of|in|on|for|from|during|by|per|are|were|was|is|went|go|going)\b)/i, "sales"],
  // "better or worse of the month before", "higher of last year": "of" after a comparative is "than".
  [new RegExp(`\\b(${COMPARATIVES})\\s+of\\s+${PERIOD_NEXT}`, "gi"), "$1 than "],
  // "up or down respect the previous 30 days", "with respect to last week", "confronted with last month", "in
  // confront of March": the other side of a comparison.
  [
    new RegExp(
      `\\b(?:(?:in|with)\\s+)?(?:respect|confront(?:ed|ing)?)(?:\\s+(?:to|of|at|for|with))?\\s+${PERIOD_NEXT}`,
      "gi",
    ),
    "compared to ",
  ],
  // "the products with less sales", "which items have more orders", "which items make fewer orders": without a
  // comparison in the clause, the fewest and the most, a ranking. ("Get more reviews" is left as it is: the count of
  // reviews coming in.)
  [
    new RegExp(
      `\\b(with|have|has|had|having|make|makes|made|do|does|did)\\s+(?:the\\s+)?(less|fewer|more)\\s+(${RANKED_FIGURES})\\b`,
      "gi",
    ),
    (all: string, verb: string, amount: string, figure: string, at: string, text: string) =>
      COMPARED_IN_CLAUSE.test(text.slice(Number(at) + all.length)) || CHOICE_BEFORE.test(text.slice(0, Number(at)))
        ? all
        : `${verb} the ${amount.toLowerCase() === "more" ? "most" : "least"} ${figure}`,
  ],
  // "the product with more chiffre d'affaires", "which campaign with less cliques", "the category with more margen":
  // after a thing that is ranked, "with more" or "with less" picks the most or the least of whatever figure follows,
  // in the seller's own word for it too (the figure's name is read later, so no list of figures here). "Products with
  // more than 10 units", "with less of 10 units" (a learner's "than") and "more units than last month" compare
  // and stay; so does a figure that moved ("products with
  // less and less reviews", "with fewer new reviews lately"), which is a change, not a ranking.
  [
    new RegExp(
      `\\b(${RANKED_THINGS})\\s+(with|having)\\s+(?:the\\s+)?(less|fewer|more)\\b(?=\\s+[a-z])(?!\\s+(?:than|and|or|of\\s+\\d+)\\b)`,
      "gi",
    ),
    (all: string, thing: string, verb: string, amount: string, at: string, text: string) =>
      COMPARED_IN_CLAUSE.test(text.slice(Number(at) + all.length)) ||
      CHOICE_BEFORE.test(text.slice(0, Number(at))) ||
      MOVED_IN_CLAUSE.test(text.slice(Number(at) + all.length))
        ? all
        : `${thing} ${verb} the ${amount.toLowerCase() === "more" ? "most" : "least"}`,
  ],
  // "the 3 products that sold less units", "which items sell fewer", "the ones selling more orders": products said to
  // sell less or more, with no comparison in the clause, are ranked from the fewest or the most. The products (or a
  // relative word) must come first: "are we selling less units" asks how the seller's business moved.
  [
    new RegExp(
      `\\b(that|which|who|products?|items?|skus?|asins?|listings?|ones)\\s+(sell|sells|sold|selling)\\s+(?:the\\s+)?(less|fewer|more)\\b(?:\\s+(${RANKED_FIGURES})\\b)?`,
      "gi",
    ),
    (all: string, who: string, verb: string, amount: string, figure: string | undefined, at: string, text: string) =>
      COMPARED_IN_CLAUSE.test(text.slice(Number(at) + all.length)) || CHOICE_BEFORE.test(text.slice(0, Number(at)))
        ? all
        : `${who} ${verb} the ${amount.toLowerCase() === "more" ? "most" : "least"}${figure ? ` ${figure}` : ""}`,
  ],
  // "the products that leave me more profit", "which items bring us more sales": a ranking by the most, as "make".
  [
    new RegExp(
      `\\b(?:leave|leaves|left|bring|brings|brought)\\s+(?:me|us)\\s+(?:the\\s+)?more\\s+(${RANKED_FIGURES})\\b`,
      "gi",
    ),
    (all: string, figure: string, at: string, text: string) =>
      COMPARED_IN_CLAUSE.test(text.slice(Number(at) + all.length)) ? all : `make me the most ${figure}`,
  ],
  // "which ASINs are giving me maximum profit", "the items that bring minimum sales", "products with max orders": the
  // most or the least of a figure something gives, as "maximum" and "minimum" say it in Romance languages ("massimo
  // profitto"). A limit set on a figure ("maximum ACoS of 30%", "set min margin to 10") stays a limit: no verb of
  // giving comes before it there.
  [
    new RegExp(
      `\\b(giving|give|gives|gave|given|bring|brings|bringing|brought|making|make|makes|made|earning|earn|earns|earned|generating|generate|generates|generated|getting|get|gets|got|with|having|have|has|had|leaving|leave|leaves|left|do|does|did)(\\s+(?:me|us))?\\s+(?:the\\s+)?(maximum|max|minimum|min)\\s+(${RANKED_FIGURES}|margin|margins)\\b(?!\\s*(?:of\\s+|at\\s+|under\\s+|over\\s+|below\\s+|above\\s+)?[\\d$£€])`,
      "gi",
    ),
    (all: string, verb: string, to: string | undefined, amount: string, figure: string, at: string, text: string) =>
      COMPARED_IN_CLAUSE.test(text.slice(Number(at) + all.length))
        ? all
        : `${verb}${to ?? ""} the ${amount.toLowerCase().startsWith("max") ? "most" : "least"} ${figure}`,
  ],
  // "the product that more profit gave me", "which item more sales has brought us": the object before the verb, as
  // Romance and Slavic word order puts it ("que más beneficio me dio"), is the most of that figure.
  [
    new RegExp(
      `\\b(that|which)\\s+(?:the\\s+)?(more|less|fewer)\\s+(${RANKED_FIGURES}|margin)\\s+(?:(?:has|have|had)\\s+)?(gave|give|gives|given|made|make|makes|brought|bring|brings|left|leave|leaves|earned|earns|generated|generates)(?:\\s+(me|us))?\\b`,
      "gi",
    ),
    (
      all: string,
      who: string,
      amount: string,
      figure: string,
      verb: string,
      to: string | undefined,
      at: string,
      text: string,
    ) =>
      COMPARED_IN_CLAUSE.test(text.slice(Number(at) + all.length))
        ? all
        : `${who} ${verb}${to ? ` ${to}` : ""} the ${amount.toLowerCase() === "more" ? "most" : "least"} ${figure}`,
  ],
  // "when I must place the order of X", "when we should reorder": a question asked without putting the verb first, as
  // most languages ask it ("cuándo debo hacer el pedido"), is the question "when should I".
  [/^(\W*)when\s+(i|we)\s+(?:must|should|shall|have\s+to|need\s+to|got\s+to|gotta)\s+/i, "$1when should $2 "],
  // "selling more cheap than me", "more low than last month", "more good": "more" before a short adjective, as Romance
  // languages build every comparative ("más barato", "plus bas"), is that adjective's own comparative.
  [
    new RegExp(`\\bmore\\s+(${Object.keys(DEGREES).join("|")})\\b`, "gi"),
    (_all: string, word: string) => DEGREES[word.toLowerCase()]?.[0] ?? word,
  ],
  // "where I am the most cheap", "the most low margin": "most" before a short adjective, as Romance languages build
  // every superlative ("el más barato", "le plus bas"), is that adjective's own superlative.
  [
    new RegExp(
      `\\bmost\\s+(${Object.keys(DEGREES)
        .filter((w) => DEGREES[w][1] !== undefined)
        .join("|")})\\b`,
      "gi",
    ),
    (_all: string, word: string) => DEGREES[word.toLowerCase()]?.[1] ?? word,
  ],
  // "the less sold products", "the fewer ordered items", "the more selling items": the least and the most.
  [/\bthe\s+(?:less|fewer)\s+(sold|selling|ordered|bought)\b/gi, "the least $1"],
  [/\bthe\s+more\s+(sold|selling|ordered|bought)\b/gi, "the most $1"],
  // "I sell good", "the kitchen line goes good": the adverb, well.
  [/\b(sell|sells|sold|selling|go|goes|going|went)\s+(?:very\s+)?good\b/gi, "$1 well"],
  // "day for day", "week per week": a breakdown by that unit.
  [/\b(day|week|month|quarter|year)\s+(?:for|per)\s+\1\b/gi, "by $1"],
  // "better for week, not for day", "divided for month": "for" before a bare unit is "by" (a length has an article or
  // a number: "for a week", "for 3 days"). "For month of October", "for week of 3 November", "for month October": the
  // one month or week named after it, as "for the month of October" is, not a breakdown.
  [
    /\bfor\s+(day|week|month|quarter)\b(?![\s-]*(?:\d|one|two|three|four|five|six|seven|end|start|off|trading|of)\b)(?!\s+(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b)/gi,
    "by $1",
  ],
  // "which product I should start selling?", "how much I can order", "when we should restock": a direct question in
  // the word order of an indirect one, as a learner asks it; read as "which product should I …". Only where the
  // question opens (the message or a sentence of it): "tell me which product I should restock" is already English.
  [
    /(^|[.!?]\s+)((?:which|what|where|when|how)(?:\s+(?!(?:i|we|that|who|which)\b)[a-z]+){0,3}?)\s+(i|we)\s+(should|can|could|must|shall)\b/gi,
    "$1$2 $4 $3",
  ],
  // "in month October", "for month October", "in month of May": a learner's month named after the word "month", which
  // English leaves out; the month alone is the period.
  [
    /\b(in|for|during)\s+(?:the\s+)?month\s+(?:of\s+)?(?=(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b)/gi,
    "$1 ",
  ],
  // "trimestre" (Spanish, French, Italian) is a quarter of the year, not a school term: "the last trimester".
  [/\btrimesters?\b/gi, (all: string) => (/s$/i.test(all) ? "quarters" : "quarter")],
  // "under 40 unit", "below 50 pcs", "20 pieces": a count of units, however a learner or a warehouse writes it.
  [/\b(\d+)\s*(?:units?|pcs|pc|pieces|piece|nos)\b(?!\s+(?:of\s+)?(?:wise|price|cost|margin|economics))/gi, "$1 units"],
  // "how much units in each", "how much orders came": "much" before things counted one by one is a learner's "many",
  // as in many languages one word asks both; the count is asked, not an amount of money.
  [/\bhow\s+much\s+(units|pieces|pcs|items|orders|sessions|reviews|listings|products|skus|asins)\b/gi, "how many $1"],
  // "how many unit", "how many piece already": the count asked is of units, said in the singular as a learner does.
  [/\bhow\s+many\s+(?:unit|piece|pc|pcs|nos)\b(?!s)/gi, "how many units"],
  // "advertisements", "adverts", "advertisement spend": the seller's ads, by their long or British names.
  [/\badverti[sz]ements\b|\badverts\b/gi, "ads"],
  [/\badverti[sz]ement\b|\badvert\b/gi, "ad"],
  // "publicity" (French "publicité", Spanish "publicidad", Dutch "publiciteit") is advertising.
  [/\bpublicity\b/gi, "advertising"],
  // "the transition of sessions", "transition of my sales" (Japanese 推移): how the figure moved, its trend.
  [/\btransitions?\s+of\b/gi, "trend of"],
  // "the 3 articles which sell the best", "the article with more ventas" (French "article", Dutch "artikel"):
  // products, when counted, picked or ranked. An article about something or one someone said is writing.
  [
    /\b(\d{1,3}|the|my|our|top|best|which|what)\s+article(s?)\b(?!\s+(?:about|on|i|we|you|says?|said|in\s+the)\b)/gi,
    "$1 product$2",
  ],
  // "the total sales value": the value of what was sold is revenue (the stock's value is "inventory value").
  [/\bsales\s+value\b(?!\s+of\s+(?:my\s+|our\s+|the\s+)?(?:inventory|stock))/gi, "sales"],
  // "devolutions", "a devolution": the Spanish and Portuguese word for a return, carried over.
  [/\bdevolutions\b/gi, "returns"],
  [/\bdevolution\b/gi, "return"],
  // "brake down the worth by category", "brake it down by month": the verb is "break down" (a brake stops a car).
  [/\bbrake(s?)\s+(?=(?:(?:it|them|this|that|these|those)\s+)?down\b)/gi, "break$1 "],
  // "which items go finish", "the serum go run out soon": Pidgin and Caribbean "go" before a verb is its future, "will".
  [/(?<!\b(?:let's|lets|to|and|or|i|we)\s+)\bgo\s+(?=(?:finish|run\s+out|sell\s+out|end)\b)/gi, "will "],
  // "what is in danger to finish in the next 40 days", "which items risk to end", "products at risk to be finished"
  // (Italian "a rischio di finire", Spanish "en peligro de acabarse", German "droht auszugehen"): what is in danger of
  // finishing is stock at risk of running out, whatever is named before it; what else ends ("at risk of ending the
  // year in the red") is left as it is.
  [
    new RegExp(
      `\\b(?:in danger|at risk|in risk|danger|risks?|risking|at the risk|in the danger)\\s+(?:to|of)\\s+(?:be\\s+)?(?:finish|finishing|finished|end|ending|ended|terminate|terminating|exhaust|exhausted)\\b${NOTHING_ELSE_ENDED}`,
      "gi",
    ),
    "at risk of running out",
  ],
  // "is there danger that stock of X in Germany is finishing", "my inventory ends in 3 weeks?", "the units will finish
  // soon": stock that "finishes" or "ends" (Italian "finisce", Spanish "se acaba", Polish "kończy się") runs out. The
  // stock is named first in the clause; what ends of something else ("ends up", "ends the year", "finishing the
  // books") is left as it is.
  [
    new RegExp(
      `\\b(${STOCK_NOUNS})\\b([^,.;:!?]{0,60}?)\\b(?:(?:(is|are|was|were)\\s+)?(finishing|ending)|(finishes|ends)|((?:will|going to|gonna|about to|could|might|may)\\s+(?:soon\\s+)?)(?:be\\s+)?(?:finish|end|finished|ended))\\b${NOT_STOCK_ENDING}`,
      "gi",
    ),
    (
      _all: string,
      stock: string,
      between: string,
      be: string | undefined,
      ing: string | undefined,
      ends: string | undefined,
      will: string | undefined,
    ) => {
      if (ing) return `${stock}${between}${be ? `${be} ` : ""}running out`;
      if (ends) return `${stock}${between}runs out`;
      return `${stock}${between}${will}run out`;
    },
  ],
  // "will B0… be finished in stock", "is X going to be finished from the inventory": the product "finished in stock"
  // (Spanish "agotado en stock", Italian "finito in magazzino") is out of it, the stock named after the verb.
  [
    /\b((?:will|going\s+to|gonna|about\s+to|could|might|may)\s+(?:soon\s+)?)(?:be\s+)?(?:finish|finished|end|ended)\s+(?:in|of|from)\s+(?:the\s+|my\s+|our\s+)?(?:stock|inventory|warehouse)\b/gi,
    "$1run out of stock",
  ],
  [
    /\b(is|are|was|were)\s+(?:already\s+)?(?:finished|ended)\s+(?:in|of|from)\s+(?:the\s+|my\s+|our\s+)?(?:stock|inventory|warehouse)\b/gi,
    "$1 out of stock",
  ],
  // "which items will finish before 2 weeks", "what runs out before 10 days": running out "before" a length of time
  // (French "avant deux semaines", Pidgin "before two weeks") is within it; "before 12 December" names a day and "2
  // weeks ago" is past, so neither is touched.
  [
    /\b(finish|finishes|finishing|finished|end|ends|ending|run\s+out|runs\s+out|running\s+out|sell\s+out|sells\s+out|selling\s+out|stock\s+out|be\s+gone|out\s+of\s+stock)\s+before\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a)\s+(days?|weeks?|months?)\b(?!\s+(?:ago|back|earlier)\b)/gi,
    "$1 within $2 $3",
  ],
  // "since begin of September", "from the begin of the year" (German "seit Beginn", Dutch "sinds begin"): the noun is
  // "the beginning", which the period grammar reads.
  [/\b(?:the\s+)?begin\s+of\b/gi, "the beginning of"],
  // "the product that more sells", "which more sold", "what product more sells" (Spanish "que más vende", Italian "che
  // vende di più"): the verb after "more" ranks by it, "sells the most"; "the more sold products" are the most sold.
  // "sells more than" is a comparison and stays.
  [
    /\b(that|which|who|(?:products?|items?|articles?|listings?|skus?|asins?))\s+more\s+(sells?|sold|earns?|earned)\b(?!\s+than\b)/gi,
    "$1 $2 the most",
  ],
  [/\bthe\s+more\s+sold\b(?!\s+than\b)/gi, "the most sold"],
  // "since two months", "since 3 weeks" (the time that has passed): the last two months, the last three weeks.
  // "since 3 months ago", "since two weeks back" name the day that far back, as "since March 1" names one: written
  // with digits ("since 3 months ago") for the period grammar to read as the range from that day through today. A
  // point named before or after another is left to the period grammar ("since two months before launch").
  [
    new RegExp(
      `\\bsince\\s+${COUNT}\\s+(days?|weeks?|months?|years?)(\\s+(?:ago|back))?\\b(?!\\s+(?:ago|back|before|earlier|prior))`,
      "gi",
    ),
    (_all: string, n: string, unit: string, ago: string | undefined) => {
      const one = /^(?:a|an|one|1)$/i.test(n);
      if (ago) return `since ${countOf(n)} ${unit.replace(/s$/i, "")}${one ? "" : "s"} ago`;
      // One unit is the rolling one just past ("since one month" = the past month, as long as a month).
      return one ? `in the past ${unit.replace(/s$/i, "")}` : `in the last ${/couple/i.test(n) ? "2" : n} ${unit}`;
    },
  ],
  // "the ACoS target I want it 22%", "lead time, we need it at 30 days": a setting named first and taken up again by a
  // pronoun, as Greek, Italian or Spanish put the thing first ("il target lo voglio al 22%"), is the setting's new value.
  [
    /\b((?:target\s+acos|acos\s+(?:target|goal)|lead\s*times?|safety\s+stock(?:\s+days)?|(?:home\s+|default\s+|base\s+|reporting\s+)?currency)\s*[,:-]?\s*(?:i|we)(?:'d|\s+would)?\s+(?:want|need|like|prefer|wish))\s+(?:it|this|that|them)\b/gi,
    "$1",
  ],
  // "what bids for reaching ACoS 22%", "bids for to arrive to 20% acos", "for have ACoS 22%", "pour atteindre", "para
  // llegar a": a goal said with "for" and the verb (Romance "para", "pour", "per"; Slavic "za", "dla"), as English says
  // it with "to". Only a goal with a figure in the same clause: "thanks for having me" is no goal.
  [
    /\bfor\s+(?:to\s+)?(?:(arrive|arriving)\s+(?:at|to)\b|(reach|reaching|hit|hitting|achieve|achieving|obtain|obtaining|attain|attaining|get|getting|have|having|land|landing|bring|bringing|keep|keeping)\b)(?=[^,.;:!?]*(?:%|\bpercent\b|\bacos\b|\btacos\b|\broas\b))/gi,
    (_all: string, arrive: string | undefined, verb: string | undefined) =>
      `to ${arrive ? "reach" : (GOAL_VERBS[(verb ?? "").toLowerCase()] ?? verb)}`,
  ],
  // "France? same product", "in Italy, same item": "same" without its article, as languages without articles say it,
  // points at the one product asked about, as "the same product" does; no list of products is asked.
  [
    /(?<!\b(?:the|this|that|these|those|a|an|my|our|your|its|their|exact|very|exactly)\s+)\bsame\s+(product|item|sku|asin|listing|article)\b(?!s)/gi,
    "the same $1",
  ],
];

/**
 * A goal's verb as English puts it after "to": "reaching" is "reach"; "arriving at", "obtaining" or "having" an ACoS is
 * reaching it ("for have ACoS 22%" reads as the goal "to reach ACoS 22%").
 */
const GOAL_VERBS: Record<string, string> = {
  reaching: "reach",
  hitting: "hit",
  achieving: "achieve",
  obtain: "reach",
  obtaining: "reach",
  attain: "reach",
  attaining: "reach",
  getting: "get",
  have: "reach",
  having: "reach",
  landing: "land",
  bringing: "bring",
  keeping: "keep",
};

/** The words of a count of periods, as digits ("two" = 2, "a couple of" = 2, "an" = 1). */
const COUNT_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** A count as digits. */
function countOf(n: string): number {
  return /couple/i.test(n) ? 2 : (COUNT_WORDS[n.toLowerCase()] ?? Number(n));
}

/** The question with a learner's phrasings rewritten to the English the parser reads; other text as it is. */
export function withLearnerPhrasings(text: string): string {
  // A Filipino seller's politeness ("pa-check naman po …") goes first: the rules below read what it asks.
  // "in Jänner", "since março": a month named in the seller's own language is put in English, before the dates below.
  // "from 5. November", "5.11.2026": a European seller's day-first dates, in the words the period grammar reads.
  // Words borrowed from the seller's own language ("raro", "actualize") are put in English first.
  // Scots, Pidgin and Singlish function words ("gonnae", "wi", "the day", "wey", "lah") are put in standard English.
  // "last week no wait last month", "in the states sorry canada": a value taken back mid-sentence goes first, so no
  // rule below reads it.
  let out = withDialectWordsInEnglish(
    withBorrowedWords(
      withDottedDatesInWords(withForeignMonthNames(withoutFilipinoParticles(withSelfCorrections(text)))),
    ),
  );
  for (const [pattern, replacement] of REWRITES) {
    pattern.lastIndex = 0;
    if (pattern.test(out)) {
      pattern.lastIndex = 0;
      out = out.replace(pattern, replacement as (substring: string, ...args: unknown[]) => string);
    }
  }
  return out;
}
