import { INTENTS, METRICS } from "../core/understanding.js";

/**
 * Questions written as a report's parameters rather than in words: the API's own identifiers ("units_sold",
 * "days_of_supply", "lead_time_days") and `key=value` pairs ("metric=profit, limit=3"). Each is put back into the
 * words a seller would say, so the rest of the parser reads it as it reads a spoken question.
 */

/** The settings' keys, said as the parser knows the settings ("lead time = 50", "safety stock days = 14"). */
const SETTING_WORDS: Record<string, string> = {
  lead_time_days: "lead time",
  safety_stock_days: "safety stock days",
  target_acos: "target acos",
};

/** The contract's filter keys written with underscores: said as words ("group_by" = "group by"). */
const FILTER_KEYS = ["group_by", "date_range", "compare_to", "horizon_days", "insight_type", "detail_level"];

/**
 * Every identifier read as words: metric names ("profit_margin" = "profit margin"), intents named as a report
 * ("top_products" = "top products"), setting and filter keys.
 */
const SPOKEN_IDENTIFIERS = new Map<string, string>([
  ...[...METRICS, ...INTENTS, ...FILTER_KEYS]
    .filter((m) => m.includes("_"))
    .map((m): [string, string] => [m, m.replace(/_/g, " ")]),
  ...Object.entries(SETTING_WORDS),
]);

/**
 * A word of letters joined by underscores, standing alone: not part of an alert id ("alert_7f3a"), a SKU with digits
 * or a placeholder the parser writes itself ("__mkt__").
 */
const SNAKE_WORD = /(?<![\w])[a-z]+(?:_[a-z]+)+(?![\w])/gi;

/** A timeframe or comparison token as the API writes it ("last_30_days", "year_to_date", "same_period_last_year"). */
const PERIOD_TOKEN =
  /(?<![\w])(?:(?:last|this|past|next)_(?:\d+_)?(?:days?|weeks?|months?|quarters?|years?)|year_to_date|all_time|previous_period|same_period_last_year)(?![\w])/gi;

/** Two metrics as the API names them joined by a slash, a report's pair of columns ("units_sold/orders", "acos/roas"). */
const METRIC_PAIR = new RegExp(
  `(?<![\\w/])(${[...METRICS].sort((a, b) => b.length - a.length).join("|")})/(?=(?:${METRICS.join("|")})(?![\\w/]))`,
  "gi",
);

/**
 * A setting's name with its value after a colon, as a settings form is written ("lead time: 45 days", "target acos:
 * 20", "currency: GBP"): the colon sets the value, as "=" does, where after other words it ends a clause that only
 * sets the scene. A question after the colon ("lead time: is it 30 days?") sets nothing.
 */
const SETTING_COLON =
  /(?<![\w])(lead ?times?(?: days)?|safety stock(?: days)?|target acos|acos target|currency)\s*:\s*(?=[$£€]?\d|[a-z]{3}\s*(?:[,;.!]|$))/gi;

/** An equals sign between a name and a value ("limit=3", "acos = 40"), with the name's last word. */
const BOUND_BY_EQUALS = /([a-z]+)\s*=\s*(?=[\w$£€.-])/gi;

/**
 * A query's "order by" straight after a threshold's value ("units_sold > 100 order by units_sold desc"): the sort, not
 * "100 orders". A value is never followed by one "order" in words, so only the query's clause is read here.
 */
const ORDER_BY_AFTER_VALUE = /(?<=\d\s*%?\s*,?\s+)order by(?=\s)/gi;

/**
 * The question with report identifiers, `key=value` pairs and settings given after a colon said in words. After a parameter's name ("limit=3",
 * "sort=desc", "metric=profit") the "=" goes, leaving the name and its value as a seller says them ("limit 3"); after
 * any other name (a metric, a setting) it stays, spaced, as the threshold or the value it sets ("acos = 40").
 */
export function spokenReportSyntax(text: string, parameterKeys: ReadonlySet<string>): string {
  if (!/[_=:/]|\d\s*%?\s*,?\s+order by/i.test(text)) return text;
  return text
    .replace(ORDER_BY_AFTER_VALUE, "sorted by")
    .replace(METRIC_PAIR, "$1 and ")
    .replace(SNAKE_WORD, (word) => SPOKEN_IDENTIFIERS.get(word.toLowerCase()) ?? word)
    .replace(PERIOD_TOKEN, (token) => token.replace(/_/g, " "))
    .replace(SETTING_COLON, "$1 = ")
    .replace(BOUND_BY_EQUALS, (_, name: string) => (parameterKeys.has(name.toLowerCase()) ? `${name} ` : `${name} = `));
}
