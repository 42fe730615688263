/**
 * Products named as the ones to restock ("top 5 SKUs to replenish first", "the 10 items I should reorder first", "top
 * 3 products that need restocking"), or ranked by how urgently they need it ("top 5 most urgent products for reorder",
 * "top 10 products by restock priority", "3 items in most urgent need of replenishment"): a ranking word before them
 * counts the reorders wanted, so the question asks for restock recommendations with a limit, not a ranking of products
 * by sales. What the products did ("top 5 products by revenue", "top sellers I restocked last month") names no restock
 * still to do and is left alone.
 */
const RESTOCKING =
  "(?:replenish(?:ing|ment)?|restock(?:ing|s)?|reorder(?:ing|s)?|re-order(?:ing|s)?|top(?:ping)? up|refill(?:ing)?|send in|sending in)";

const TO_RESTOCK = new RegExp(
  `(?:^| )(?:to|should (?:i|we)|(?:i|we) (?:should|must|need to|have to|ought to|gotta)|(?:need|needs|needing|want|wants|worth|due for|due)(?: a)?) (?:urgently |quickly |soonest )?${RESTOCKING}(?= |$)`,
);

/**
 * The urgency of a restock said of the products ranked: "most urgent … for reorder", "urgency of reordering", "restock
 * priority", "in most urgent need of restocking", "the most pressing to replenish".
 */
const RESTOCK_URGENCY = new RegExp(
  `(?:^| )(?:(?:urgent|urgently|pressing|priority|urgency|need)(?: [a-z]+){0,3}? (?:for|of|to)(?: an?| the)? ${RESTOCKING}|${RESTOCKING} (?:urgency|priority|priorities|need|needs))(?= |$)`,
);

/** Whether the question's own words name products as ones still to restock. */
export function namesProductsToRestock(topicText: string): boolean {
  return TO_RESTOCK.test(topicText) || RESTOCK_URGENCY.test(topicText);
}
