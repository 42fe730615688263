/**
 * Money said to be held in the stock by another verb than "tied up" ("how much money is frozen in Toys & Games goods",
 * "cash locked in inventory", "capital stuck in my stock", "money sunk into Pet Supplies products", "what's parked in
 * stock in pounds"): the stock's value, the words the metric grammar reads ("tied up in"). Both a word of money before
 * and a word of stock after are needed: "units stuck in inbound" is stock in transit, "money frozen in my seller
 * account" a reserve of the payouts.
 */

/** A word of money, then within the clause the verb of holding and "in"/"into". */
const HELD_MONEY =
  /\b(money|cash|capital|funds|euros|dollars|pounds)\b([^,.;:!?]{0,25}?)\b(?:frozen|locked|stuck|sunk|parked|trapped|blocked|buried|bound up|sitting idle)\s+(?:up\s+)?in(?:to)?\s+(?=[^,.;:!?]{0,40}?\b(?:goods|stock|stocks|inventory|inventories|merchandise|products|items|units|warehouse)\b)/gi;

/** The question with money held in stock said as "tied up in"; other text as it is. */
export function withMoneyInStockTiedUp(text: string): string {
  return text.replace(HELD_MONEY, (_all: string, money: string, between: string) => `${money}${between}tied up in `);
}
