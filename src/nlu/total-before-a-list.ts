/**
 * "Total" before a list of figures totals each of them: "total ACoS and TACoS for October" asks for ACoS and TACoS over
 * the whole account, not for TACoS twice. Alone, "total ACoS" is TACoS (metrics.json); only with TACoS named beside it in
 * the same list does the seller plainly mean the two figures, each in total.
 */

/** TACoS by its names: "TACoS", "T-ACoS", "total advertising cost of sales". */
const TACOS = "(?:t-?acos|total advertising cost of sales)";

/** "total ACoS and TACoS", "the total ACoS & TACoS", "total ACoS, TACoS", "total ACoS plus TACoS". */
const TOTAL_ACOS_BESIDE_TACOS = new RegExp(
  `\\btotal\\s+(acos\\s*(?:,|&|\\+|and|plus|as well as|vs\\.?|versus)\\s*${TACOS})\\b`,
  "gi",
);

/** The question with "total" before a list holding ACoS and TACoS said of both ("ACoS and TACoS"). */
export function withTotalOfEachFigure(text: string): string {
  return text.replace(TOTAL_ACOS_BESIDE_TACOS, "$1");
}
