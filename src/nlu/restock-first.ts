/**
 * Products named as the ones to restock ("top 5 SKUs to replenish first", "the 10 items I should reorder first", "top
 * 3 products that need restocking"): a ranking word before them counts the reorders wanted, so the question asks for
 * restock recommendations with a limit, not a ranking of products by sales. What the products did ("top 5 products by
 * revenue", "top sellers I restocked last month") names no restock still to do and is left alone.
 */
const TO_RESTOCK =
  /(?:^| )(?:to|should (?:i|we)|(?:i|we) (?:should|must|need to|have to|ought to|gotta)|(?:need|needs|needing|want|wants|worth|due for|due)(?: a)?) (?:urgently |quickly |soonest )?(?:replenish(?:ing|ment)?|restock(?:ing)?|reorder(?:ing)?|re-order(?:ing)?|top(?:ping)? up|refill(?:ing)?|send in|sending in)(?= |$)/;

/** Whether the question's own words name products as ones still to restock. */
export function namesProductsToRestock(topicText: string): boolean {
  return TO_RESTOCK.test(topicText);
}
