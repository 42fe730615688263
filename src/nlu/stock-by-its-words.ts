import type { Metric } from "../core/understanding.js";
import type { Slots } from "./slots.js";

/**
 * The stock asked about in words the classifier hears as money. A table of categories leans it to their margins
 * ("show the remains of stock by category", "inventory per category"), and "cost" to the P&L ("how much costs my
 * stock in Pet Supplies?", "what does my inventory cost"). Neither asks for a profit or a fee: the first is the stock
 * on hand per category, the second what the stock is worth. Each rule says which stock question is meant, or nothing.
 */

/** The stock itself, as sellers (and learners: "remains", "leftovers", "rest of the stock") name it. */
const STOCK_NOUN =
  /(?:^| )(?:stock|stocks|inventory|inventories|goods|merchandise|remains|remainders?|leftovers|residues|rest of (?:the |my |our )?stock)(?= |$)/;

/** Classes of the stock's state, and the stock question each asks; none of them is stock on hand. */
const STATE_QUESTIONS: [cls: string, intent: string][] = [
  ["overstock", "excess_inventory"],
  ["runout", "stockout_risk"],
  ["restock", "restock_recommendations"],
  ["worth", "inventory_value"],
];

/**
 * Stock per category or subcategory with no figure of profit named ("the remains of stock by category", "stock per
 * subcategory in the UK"): the stock question its words name, the stock on hand when they name no state of it. A
 * margin, a profit or any money named keeps the margins ("which category earns most from its stock").
 */
export function stockPerCategory(top: string | undefined, slots: Slots, classes: Set<string>): string | undefined {
  if (top !== "profit_margin_by_category") return undefined;
  if (slots.groupBy !== "category" && slots.groupBy !== "subcategory") return undefined;
  if (slots.metrics.length > 0 || slots.weakMetric !== undefined || classes.has("pnl")) return undefined;
  if (!STOCK_NOUN.test(slots.topicText.toLowerCase())) return undefined;
  if (slots.stockMoney) return "inventory_value";
  return STATE_QUESTIONS.find(([cls]) => classes.has(cls))?.[1] ?? "inventory_levels";
}

/**
 * "How much costs my stock", "how much cost my inventory in Germany", "what does my stock cost", "how much is my stock
 * costing": the stock's cost is what it is worth. What keeping, storing or shipping it costs, or a fee named, is the
 * P&L's ("what does my stock cost me in storage fees", "how much does storing my stock cost").
 */
export function stockCostIsItsWorth(top: string | undefined, slots: Slots): string | undefined {
  if (top === "inventory_value" || top === undefined) return undefined;
  const text = slots.topicText.toLowerCase();
  // "at purchase price", "at cost": how the worth is counted; "how much money costs …", "… in money": the amount
  // asked, as money.
  const amountAsMoney =
    /(?:^| )(?:how much money|in (?:money|cash)(?: terms)?|in (?:monetary|money|cash) terms)(?= |$)/.test(text);
  if (slots.metrics.some((m) => !WORTH_FIGURES.has(m) && !(m === "revenue" && amountAsMoney))) return undefined;
  if (!STOCK_COST.test(text) || COST_OF_KEEPING.test(text)) return undefined;
  return "inventory_value";
}

const WORTH_FIGURES = new Set<Metric>(["inventory_value", "cost_of_goods", "price"]);

/** The stock as the thing that costs, in a learner's order ("how much costs my stock") or a native one. */
const STOCK_COST =
  /(?:^| )(?:how much (?:money )?(?:costs?|is costing|are costing) (?:all (?:of )?)?(?:my|our|the)(?: whole| entire| current)? (?:stock|inventory|goods|merchandise)|(?:what|how much) (?:does|do|did) (?:all (?:of )?)?(?:my|our|the)(?: whole| entire| current)? (?:stock|inventory|goods|merchandise)(?: [a-z0-9_-]+){0,3} cost|how much (?:is|are) (?:all (?:of )?)?(?:my|our|the)(?: whole| entire| current)? (?:stock|inventory|goods|merchandise)(?: [a-z0-9_-]+){0,3} costing)(?= |$)/;

/** What holding, storing or moving the stock costs, or a fee or a period of its running cost. */
const COST_OF_KEEPING =
  /(?:^| )(?:to (?:store|keep|hold|ship|send|move|insure)|storing|keeping|holding|storage|shipping|fees?|per (?:day|week|month|year)|each (?:day|week|month|year)|a (?:day|week|month|year)|monthly|weekly|yearly|every (?:day|week|month|year))(?= |$)/;
