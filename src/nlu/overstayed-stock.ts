/**
 * Stock said to have stayed too long where it is: "the stock that has overstayed in the UK warehouse", "products that
 * have outstayed their welcome at FBA", "what has sat there too long", "anything gathering dust in Germany". That is
 * stock that does not move, excess inventory, however much "stock" and "warehouse" beside it sound like the stock on
 * hand or "which products" like a ranking. How long it has sat has to be said: "units sitting in FBA" is where they
 * are, not that they stay.
 */

/** Intents the classifier hears in such a question when it leans on "stock", "warehouse" or "products". */
const HEARD_INSTEAD = new Set<string | undefined>([
  "inventory_levels",
  "inventory_value",
  "top_products",
  "sales_summary",
]);

/** Staying too long, in masked text: overstaying, outstaying a welcome, sitting too long or for ages, gathering dust. */
const STAYED_TOO_LONG =
  /(?:^| )(?:overstay(?:ed|ing|s)?|outstay(?:ed|ing|s)?|(?:past|beyond) (?:its|their) welcome|(?:gathering|collecting|gathered|collected|gather|collect|gathers|collects) (?:dust|cobwebs)|(?:stayed|staying|stays|stay|sat|sitting|sits|been|lying|lain|kept|parked|stuck)(?: [^ ]+){0,4}? (?:too long|forever|for ever|for ages|longer than (?:it|they) should(?: have)?))(?= |$)/;

/** Whether the question asks for stock that stayed too long where the classifier heard `top` first. */
export function overstayedStock(top: string | undefined, masked: string): boolean {
  return HEARD_INSTEAD.has(top) && STAYED_TOO_LONG.test(masked);
}
