/**
 * What the seller means to do, told beside the question: money set aside for a time ahead ("I have some budget left
 * over for December", "there's extra ad money for Q1", "we've got $2k to spend in January") or a push they intend
 * ("I want to scale up in December", "planning to spend more on ads next month", "hoping to go big over Christmas").
 * Its period is when the plan will be carried out, which has not happened: never the period asked about. Said in the
 * present tense, its month ("for December") is read by the period grammar as the latest one that has begun, so it has
 * to be known as a plan to be set aside. Ad spend the seller has had ("I have ad spend of $500 in December") is a figure,
 * no money still to spend.
 */

const WE = "(?:i|we|i'm|im|we're|i am|we are|i've|ive|we've|i'll|we'll|i'd|we'd)";
/** Words that may open the clause without changing what it says. */
const LEAD = "(?:(?:so|and|but|also|just|because|cos|cause|as|since|plus|fyi|btw)[, ]+)*";

/** Money the seller still has to spend: "budget", "ad money", "cash", "$2k". */
const MONEY =
  "(?:(?:ad|ads|ppc|marketing|advertising|promo|promotion|spare|extra|leftover|left ?over|unused|unspent|more) )*(?:budget|money|cash|funds|dollars|quid|euros|pounds)";

/** What may stand between having and the money: how much of it, and what kind. */
const AMOUNT =
  "(?:(?:some|a bit of|a little|a lot of|loads of|lots of|plenty of|a chunk of|an extra|extra|more|spare|leftover|unused|unspent|the|a|an|[$£€]?\\d[\\d,.]*k?|of) )*";

/** A sum of money said by its number ("$2k", "500 euros", "3000"), with what it is for after it. */
const SUM = "(?:[$£€]?\\d[\\d,.]*k?(?: (?:dollars|euros|pounds|quid|bucks))?)";

/** A push the seller intends to make with their money or stock. */
const PUSH =
  "(?:spend|spending|scale|scaling|push|pushing|invest|investing|ramp up|ramping up|pour|pouring|throw|throwing|double down|doubling down|go harder|go big|going big|put more|putting more|up (?:my|our|the) (?:bids|budget|spend)|raise (?:my|our|the) (?:bids|budget)|boost (?:my|our|the) (?:bids|budget|spend))";

/** The seller's plan ahead, at the start of a lowered clause. */
export const PLAN_AHEAD = new RegExp(
  `^${LEAD}(?:` +
    // "I have some budget left over for December", "we've got $2k to spend", "there's extra ad money for Q1"
    `(?:${WE} (?:(?:still|also|now|finally|actually) )?(?:have|has|got|have got|'ve got|will have|'ll have)|(?:i|we) (?:(?:still|also) )?(?:have|got)|there(?:'s| is| are|s| will be|'ll be)) (?:${AMOUNT}${MONEY}|${SUM} (?:to spend|to play with|to burn|to invest|to put|to throw|left to spend|spare))` +
    // "I want to scale up in December", "planning to spend more on ads next month", "hoping to go big over Christmas"
    `|(?:${WE} )?(?:want to|wanna|plan to|planning to|going to|gonna|hoping to|hope to|looking to|aiming to|about to|intend to|would like to|'d like to) ${PUSH}` +
    `)(?= |$)`,
);
