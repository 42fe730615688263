/**
 * Anomalies as findings. The sales-side anomalies of one product that move
 * together (units, revenue, sessions, conversion, buy box, over overlapping
 * days, the same way) are one event, told by the metric of its driver;
 * refunds, ACoS, ad spend and price are findings of their own.
 */
import type { ListingEntry } from "../../analytics/facts/product-facts.js";
import type { Anomaly, AnomalyMetric, Direction } from "../anomalies/detect.js";
import type { AnomalyScan } from "../anomalies/scan.js";
import type { FindingDraft } from "../finding.js";
import { anomalyStake } from "../money-at-stake.js";
import { changeWords, daysWords, marketplaceWords, METRIC_WORDS, productWords, valueWords } from "../words.js";

const SALES_METRICS: readonly AnomalyMetric[] = [
  "revenue",
  "units_sold",
  "sessions",
  "conversion_rate",
  "buy_box_percentage",
];

/** The metric that tells an event, by its driver. */
const DRIVER_METRIC: Record<string, AnomalyMetric> = {
  buy_box: "buy_box_percentage",
  conversion: "conversion_rate",
  traffic: "sessions",
};

export type AnomalyKind =
  | "sales_drop"
  | "sales_spike"
  | "traffic_drop"
  | "traffic_spike"
  | "conversion_drop"
  | "conversion_rise"
  | "buy_box_loss"
  | "buy_box_gain"
  | "refund_spike"
  | "acos_spike"
  | "acos_drop"
  | "ad_spend_spike"
  | "ad_spend_drop"
  | "price_change";

function kindOf(metric: AnomalyMetric, direction: Direction): AnomalyKind {
  const up = direction === "up";
  switch (metric) {
    case "sessions":
      return up ? "traffic_spike" : "traffic_drop";
    case "conversion_rate":
      return up ? "conversion_rise" : "conversion_drop";
    case "buy_box_percentage":
      return up ? "buy_box_gain" : "buy_box_loss";
    case "refund_rate":
      return "refund_spike";
    case "acos":
      return up ? "acos_spike" : "acos_drop";
    case "ad_spend":
      return up ? "ad_spend_spike" : "ad_spend_drop";
    case "price":
      return "price_change";
    default:
      return up ? "sales_spike" : "sales_drop";
  }
}

/** Anomaly kinds that are risks (the rest are performance's trend breaks). */
export const RISK_KINDS: ReadonlySet<AnomalyKind> = new Set([
  "sales_drop",
  "traffic_drop",
  "conversion_drop",
  "buy_box_loss",
  "refund_spike",
  "acos_spike",
  "ad_spend_spike",
  "price_change",
]);

/** A product's sales-side anomalies grouped into events (overlapping days, one direction). */
export function anomalyEvents(anomalies: Anomaly[]): Anomaly[][] {
  const byProduct = new Map<string, Anomaly[]>();
  const alone: Anomaly[][] = [];
  for (const a of anomalies) {
    if (!SALES_METRICS.includes(a.metric)) {
      alone.push([a]);
      continue;
    }
    const key = `${a.marketplace}|${a.asin}|${a.direction}`;
    if (!byProduct.has(key)) byProduct.set(key, []);
    byProduct.get(key)!.push(a);
  }
  const grouped: Anomaly[][] = [];
  for (const list of byProduct.values()) {
    const sorted = list.slice().sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let current: Anomaly[] = [];
    let end = "";
    for (const a of sorted) {
      if (current.length && a.start > end) {
        grouped.push(current);
        current = [];
        end = "";
      }
      current.push(a);
      if (a.end > end) end = a.end;
    }
    if (current.length) grouped.push(current);
  }
  return [...grouped, ...alone];
}

/** The anomaly that tells an event: its driver's metric if it moved, else units, else revenue. */
export function primaryOf(event: Anomaly[]): Anomaly {
  const find = (m: AnomalyMetric) => event.find((a) => a.metric === m);
  const driven = DRIVER_METRIC[event[0].driver];
  return (driven && find(driven)) ?? find("buy_box_percentage") ?? find("units_sold") ?? find("revenue") ?? event[0];
}

const UNIT: Record<AnomalyMetric, "money" | "count" | "percent"> = {
  revenue: "money",
  units_sold: "count",
  sessions: "count",
  conversion_rate: "percent",
  buy_box_percentage: "percent",
  refund_rate: "percent",
  price: "money",
  ad_spend: "money",
  acos: "percent",
};

const DRIVER_WORDS: Record<string, string> = {
  traffic: "how many shoppers reach the listing (traffic)",
  conversion: "how many visitors buy (conversion)",
  price: "the price",
  buy_box: "the buy box",
  advertising: "advertising",
  returns: "returns",
  stock: "running out of stock",
};

function recommendationFor(kind: AnomalyKind, driver: string, who: string, where: string, a: Anomaly): string {
  if (driver === "stock")
    return `Restock ${who} in ${where} now: it has no stock left, and every day out of stock loses its sales and rank.`;
  switch (kind) {
    case "buy_box_loss":
      return `Check who holds the buy box on ${who} in ${where} and why (a lower landed price, your stock, your seller metrics); match the price if your margin allows.`;
    case "conversion_drop":
      return `Visitors still reach ${who} in ${where} but fewer buy: check its price against competitors, its reviews and whether the listing lost images or content.`;
    case "traffic_drop":
      return `Fewer shoppers reach ${who} in ${where}: check its search rank and whether its ads stopped or lost impressions.`;
    case "sales_drop":
      return driver === "buy_box"
        ? `Win back the buy box on ${who} in ${where}: check the landed price of the offer that holds it.`
        : driver === "conversion"
          ? `Check ${who}'s listing in ${where} (price, reviews, content): visitors buy less than usual.`
          : driver === "price"
            ? `Check whether the price change on ${who} in ${where} was meant: it moved with the fall in sales.`
            : `Check ${who}'s search rank and ads in ${where}: fewer shoppers reach the listing.`;
    case "sales_spike":
    case "traffic_spike":
    case "conversion_rise":
      return `Make sure stock of ${who} in ${where} covers the faster pace, and find out what lifted it (a deal, a mention, a competitor out of stock) to repeat it.`;
    case "buy_box_gain":
      return `You hold the buy box on ${who} in ${where} more than usual: check whether your price leaves margin on the table.`;
    case "refund_spike":
      return `Read the recent returns and reviews of ${who} in ${where}: refunds ran at ${valueWords(a.observed, "percent")} against the usual ${valueWords(a.expected, "percent")}; look for a bad batch or a misleading listing.`;
    case "acos_spike":
      return `Review the search terms and bids advertising ${who} in ${where}: ACoS ran at ${valueWords(a.observed, "percent")} against the usual ${valueWords(a.expected, "percent")}; cut terms that spend without selling.`;
    case "acos_drop":
      return `Ads on ${who} in ${where} are selling better than usual: consider raising bids or budgets while ACoS is low.`;
    case "ad_spend_spike":
      return `Check budgets and bids on the campaigns advertising ${who} in ${where}: spend ran well above its usual level.`;
    case "ad_spend_drop":
      return `Check whether the campaigns advertising ${who} in ${where} paused or ran out of budget: spend fell well below its usual level.`;
    case "price_change":
      return `Confirm the price of ${who} in ${where}: it sold at ${a.observed} on average against the usual ${a.expected}; undo it if it was not meant.`;
  }
}

function followUpFor(a: Anomaly, where: string): string {
  switch (a.metric) {
    case "conversion_rate":
      return `conversion rate of ${a.asin} in ${where} last 30 days`;
    case "refund_rate":
      return `refund rate of ${a.asin} in ${where} last 30 days`;
    case "buy_box_percentage":
      return `daily buy box percentage of ${a.asin} in ${where} last 30 days`;
    case "acos":
      return `daily acos of ${a.asin} in ${where} last 30 days`;
    case "ad_spend":
      return `daily ad spend of ${a.asin} in ${where} last 30 days`;
    case "sessions":
      return `daily sessions of ${a.asin} in ${where} last 30 days`;
    case "revenue":
    case "price":
      return `daily revenue of ${a.asin} in ${where} last 30 days`;
    default:
      return `daily units of ${a.asin} in ${where} last 30 days`;
  }
}

function metricSentence(a: Anomaly, currency: string): string {
  const unit = UNIT[a.metric];
  const c = unit === "money" ? currency : undefined;
  return `${METRIC_WORDS[a.metric]} ${valueWords(a.observed, unit, c)} against ${valueWords(a.expected, unit, c)} expected (${valueWords(a.expected_low, unit, c)} to ${valueWords(a.expected_high, unit, c)}, ${changeWords(a.change_pct)})`;
}

function confidenceOf(score: number): number {
  return 0.5 + Math.min(0.49, 0.07 * Math.max(0, Math.abs(score) - 3));
}

/** Findings from a scan's anomalies, optionally only some kinds. */
export function anomalyDrafts(
  scan: AnomalyScan,
  catalog: Map<string, ListingEntry>,
  currencyOf: (marketplace: string) => string,
  keep: (kind: AnomalyKind) => boolean,
  comprehensive: boolean,
): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const event of anomalyEvents(scan.anomalies)) {
    const primary = primaryOf(event);
    const kind = kindOf(primary.metric, primary.direction);
    if (!keep(kind)) continue;
    const listing = catalog.get(`${primary.marketplace}|${primary.asin}`);
    const currency = currencyOf(primary.marketplace);
    const who = productWords(primary.asin, listing?.title);
    const where = marketplaceWords(primary.marketplace);
    const revenue = event.find((a) => a.metric === "revenue");
    const impact = revenue?.money_impact ?? primary.money_impact;
    const start = event.reduce((m, a) => (a.start < m ? a.start : m), primary.start);
    const end = event.reduce((m, a) => (a.end > m ? a.end : m), primary.end);
    const others = event.filter((a) => a !== primary);
    const verb = primary.direction === "up" ? "rose" : "fell";
    const size = primary.change_pct === null ? "" : ` ${valueWords(Math.abs(primary.change_pct), "percent")}`;
    const title = `${METRIC_WORDS[primary.metric][0].toUpperCase()}${METRIC_WORDS[primary.metric].slice(1)} of ${who} ${verb}${size} in ${where} ${primary.ongoing ? `since ${primary.start}` : daysWords(primary.start, primary.end)}`;
    const summary =
      `${who} in ${where} ${daysWords(primary.start, primary.end)}: ${metricSentence(primary, currency)}` +
      (others.length ? `, with ${others.map((a) => metricSentence(a, currency)).join("; ")}` : "") +
      (SALES_METRICS.includes(primary.metric)
        ? `; likely driver: ${DRIVER_WORDS[primary.driver] ?? primary.driver}`
        : "") +
      ".";
    const table = event.map((a) => ({
      id: a.id,
      metric: a.metric,
      direction: a.direction,
      start: a.start,
      end: a.end,
      observed: a.observed,
      expected: a.expected,
      expected_low: a.expected_low,
      expected_high: a.expected_high,
      change_pct: a.change_pct,
      score: a.score,
      driver: a.driver,
      money_impact: a.money_impact,
    }));
    drafts.push({
      kind,
      title,
      summary,
      stake: anomalyStake(impact, revenue ? "revenue" : primary.metric),
      currency,
      confidence: confidenceOf(primary.score),
      evidence: {
        metric: primary.metric,
        observed: primary.observed,
        expected: primary.expected,
        expected_low: primary.expected_low,
        expected_high: primary.expected_high,
        unit: UNIT[primary.metric],
        ...(UNIT[primary.metric] === "money" ? { currency } : {}),
        period: { start: primary.start, end: primary.end },
        compared_with: primary.baseline,
        score: primary.score,
        details: {
          anomaly_id: primary.id,
          driver: primary.driver,
          ongoing: primary.ongoing,
          money_impact: primary.money_impact,
          also: others.map((a) => ({ metric: a.metric, observed: a.observed, expected: a.expected, score: a.score })),
        },
      },
      entities: {
        asin: primary.asin,
        ...(listing?.sku ? { sku: listing.sku } : {}),
        ...(listing?.title ? { title: listing.title } : {}),
        marketplace: primary.marketplace,
        ...(listing?.category ? { category: listing.category } : {}),
      },
      recommendation: recommendationFor(kind, primary.driver, who, where, primary),
      follow_up: followUpFor(primary, where),
      identity: [primary.marketplace, primary.asin, primary.metric, primary.direction, start],
      ...(comprehensive
        ? {
            evidence_table: table,
            chart: anomalyChart(table, `${who} in ${where}, ${daysWords(start, end)}`),
          }
        : {}),
    });
  }
  return drafts;
}

/** Observed against expected (with its band) for each metric of an event, as a Vega-Lite layered bar chart. */
function anomalyChart(rows: Record<string, unknown>[], title: string): Record<string, unknown> {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title,
    data: {
      values: rows.map((r) => ({
        metric: r.metric,
        observed: r.observed,
        expected: r.expected,
        low: r.expected_low,
        high: r.expected_high,
      })),
    },
    facet: { field: "metric", type: "nominal", title: null },
    resolve: { scale: { y: "independent" } },
    spec: {
      layer: [
        {
          mark: { type: "rule", strokeWidth: 8, opacity: 0.3 },
          encoding: { y: { field: "low", type: "quantitative" }, y2: { field: "high" } },
        },
        {
          mark: { type: "tick", thickness: 2 },
          encoding: { y: { field: "expected", type: "quantitative", title: "expected" } },
        },
        {
          mark: { type: "point", filled: true, size: 80, color: "#d62728" },
          encoding: { y: { field: "observed", type: "quantitative", title: "observed" } },
        },
      ],
    },
  };
}
