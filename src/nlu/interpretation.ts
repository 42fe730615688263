import { marketplaceByCode } from "../core/reference-data.js";
import type { ParserModel } from "./parser-model.js";
import { describeTimeframe } from "../core/timeframe.js";
import { ALL_ROWS_LIMIT, type Metric, type Understanding } from "../core/understanding.js";

const ARTICLE_NAMES: Record<string, string> = { US: "the US", UK: "the UK", AE: "the UAE", NL: "the Netherlands" };
const OPS: Record<string, string> = { ">": "above", ">=": "at least", "<": "below", "<=": "at most", "=": "equal to" };
const PERCENT_METRICS = new Set<Metric>([
  "acos",
  "tacos",
  "profit_margin",
  "refund_rate",
  "conversion_rate",
  "buy_box_percentage",
  "ctr",
  "impression_share",
  "growth_rate",
]);

const GROUP_NOUNS: Partial<Record<string, string>> = {
  keyword: "keywords",
  campaign: "campaigns",
  category: "categories",
  subcategory: "subcategories",
};

const INSIGHT_TYPES: Record<string, string> = {
  performance: "Performance insights",
  opportunities: "Opportunities",
  risks: "Risks",
  competitor_analysis: "Competitor analysis",
};

const capitalise = (text: string) => (text.match(/^[a-z]/) ? text[0].toUpperCase() + text.slice(1) : text);

/** A marketplace code in words: "the US", "Germany". */
export function marketplaceName(code: string): string {
  return ARTICLE_NAMES[code] ?? marketplaceByCode(code)?.name ?? code;
}

/**
 * One English sentence saying what will be answered.
 *
 * @example describeUnderstanding(u, model) // "Top 5 products by revenue in the US, last 30 days"
 */
export function describeUnderstanding(u: Understanding, model: ParserModel): string {
  const f = u.filters;
  const spec = model.vocab.intents[u.intent];
  const label = (m: Metric) => model.metricLabels[m] ?? m;
  if (u.intent === "update_settings") {
    const parts = Object.entries(f.settings ?? {}).map(([key, value]) =>
      key === "target_acos"
        ? `target ACoS to ${value}%`
        : key === "currency"
          ? `currency to ${value}`
          : `${key.replace(/_days$/, "").replace(/_/g, " ")} to ${value} days`,
    );
    return parts.length ? `Set ${parts.join(" and ")}` : "Show or change your settings";
  }
  if (u.intent === "help" || u.intent === "refresh_data")
    return spec.label + (f.marketplace ? ` in ${marketplaceName(f.marketplace)}` : "");

  let head: string;
  const metric = f.metrics?.[0];
  const every = f.limit === ALL_ROWS_LIMIT;
  if (u.intent === "top_products" || (u.intent === "acos_by_campaign" && (f.limit !== undefined || f.sort))) {
    const direction = every ? "All" : f.sort === "asc" ? "Bottom" : "Top";
    const plural =
      (f.group_by && spec.group_by_options?.includes(f.group_by) ? GROUP_NOUNS[f.group_by] : undefined) ?? spec.noun!;
    const noun = f.limit === 1 ? plural.replace(/ies$/, "y").replace(/s$/, "") : plural;
    head = `${direction}${f.limit !== undefined && f.limit !== 1 && !every ? ` ${f.limit}` : ""} ${noun}${metric ? ` by ${label(metric)}` : ""}`;
    if (every && f.sort) head += f.sort === "asc" ? ", lowest first" : ", highest first";
  } else if (u.intent === "create_alert") {
    head = "Alert me";
  } else if (u.intent === "insights") {
    head = INSIGHT_TYPES[f.insight_type ?? "performance"] ?? spec.label;
    if (f.detail_level && f.detail_level !== "summary") head += ` (${f.detail_level})`;
  } else if (u.intent === "delete_alert") {
    const which = (f.metrics ?? []).map(label).join(", ");
    head = f.alert_id
      ? `Delete the alert ${f.alert_id}`
      : every
        ? `Delete all ${which ? `${which} ` : ""}alerts`
        : `Delete the ${which ? `${which} ` : ""}alerts`;
  } else if (u.intent === "profit_breakdown" && f.metrics?.length && (f.metrics[0] !== "profit" || !f.group_by)) {
    head = capitalise(f.metrics.map(label).join(", "));
  } else {
    const names = (f.metrics ?? []).map(label).join(", ");
    if (/\{metrics\}/i.test(spec.label)) {
      head = spec.label.replace("{metrics}", names || "sales").replace("{Metrics}", capitalise(names || "sales"));
    } else {
      head = spec.label;
      if (names && !spec.label.toLowerCase().includes(label(f.metrics![0]).toLowerCase())) head += ` (${names})`;
    }
  }
  // "Refund rates by product" asked by category is by category, not by product and then by category.
  if (f.group_by && f.group_by !== "asin") head = head.replace(/ by product\b/, "");
  const parts = [head];
  const groupWords = `by ${f.group_by === "asin" ? "product" : f.group_by}`;
  const said = head.toLowerCase();
  if (f.group_by && !said.includes(groupWords) && !said.includes(GROUP_NOUNS[f.group_by] ?? groupWords))
    parts.push(groupWords);
  if (spec.rankable && f.limit !== undefined && !/^(Top|Bottom|All)/.test(head))
    parts.push(every ? "(all)" : `(${f.sort === "asc" ? "bottom" : "top"} ${f.limit})`);
  else if (spec.rankable && f.limit === undefined && u.intent === "profit_breakdown" && f.group_by && f.sort === "asc")
    parts.push("(lowest profit first)");
  if (f.category) parts.push(`in ${f.category}`);
  if (f.subcategory && f.subcategory !== f.category) parts.push(`(${f.subcategory})`);
  if (f.campaign) parts.push(`for campaign "${f.campaign}"`);
  if (f.asin) parts.push(`for ${f.asin}`);
  if (f.sku) parts.push(`for SKU ${f.sku}`);
  if (f.marketplace) parts.push(`in ${marketplaceName(f.marketplace)}`);
  if (f.conditions?.length) {
    const said = f.conditions.map(
      (c) =>
        `${label(c.metric)} ${OPS[c.op]} ${c.value}${PERCENT_METRICS.has(c.metric) ? "%" : c.metric === "days_of_supply" ? " days" : ""}`,
    );
    parts.push(`${u.intent === "create_alert" ? "when" : "where"} ${said.join(" and ")}`);
  }
  if (f.horizon_days !== undefined) parts.push(`over the next ${f.horizon_days} days`);
  if (f.target_acos !== undefined) parts.push(`for a ${f.target_acos}% ACoS target`);
  let sentence = parts.join(" ");
  if (f.timeframe) sentence += `, ${describeTimeframe(f.timeframe)}`;
  if (f.compare_to) sentence += ` compared with ${describeTimeframe(f.compare_to)}`;
  return sentence;
}
