import { planAds, type PlantedAdKind } from "./ads.js";
import {
  ANOMALY_SERIES_KINDS,
  DEMO_ACCOUNT_ID,
  planDemo,
  priceOn,
  round1,
  type DemoPlanOptions,
  type PlantedAnomalyKind,
  type PlantedSeriesKind,
} from "./plan.js";
import {
  BUY_BOX_DROP_DAYS,
  competitorPrice,
  planCompetitors,
  PRICE_CHANGE_DAYS_BEFORE_END,
  RATING_DECLINE,
  RATING_DECLINE_DAYS,
  ratingBase,
  UNDERCUT_DAYS,
} from "./series.js";

export type DemoSituationKind = PlantedSeriesKind | PlantedAdKind | PlantedAnomalyKind | "catalog_gap";

/**
 * What an anomaly detector should report for each planted anomaly (and for
 * the sales drops and buy box drops, anomalies too): the metric it is about,
 * which way it moves, and the other metrics the same event moves.
 */
export const ANOMALY_SIGNATURES: Record<
  PlantedAnomalyKind | "sales_drop" | "buy_box_drop",
  { metric: string; direction: "up" | "down"; also: string[] }
> = {
  sales_spike: { metric: "units_sold", direction: "up", also: ["revenue", "sessions"] },
  traffic_drop: { metric: "sessions", direction: "down", also: ["units_sold", "revenue"] },
  conversion_drop: { metric: "conversion_rate", direction: "down", also: ["units_sold", "revenue"] },
  buy_box_loss: {
    metric: "buy_box_percentage",
    direction: "down",
    also: ["units_sold", "revenue", "conversion_rate"],
  },
  refund_spike: { metric: "refund_rate", direction: "up", also: [] },
  acos_spike: { metric: "acos", direction: "up", also: ["units_sold", "revenue"] },
  sales_drop: { metric: "units_sold", direction: "down", also: ["revenue", "sessions"] },
  buy_box_drop: { metric: "buy_box_percentage", direction: "down", also: ["units_sold", "revenue", "sessions"] },
};

/**
 * One planted situation. `from`/`to` bound the days it shows in (inclusive);
 * `details` carries the figures it was planted with.
 */
export interface DemoSituation {
  kind: DemoSituationKind;
  marketplace: string;
  asin?: string;
  sku?: string;
  title?: string;
  campaign?: string;
  campaign_id?: string;
  keyword?: string;
  match_type?: string | null;
  target_id?: string;
  search_term?: string;
  category?: string;
  subcategory?: string;
  seller?: string;
  from: string;
  to: string;
  details: Record<string, number | string>;
}

/** The detector's signature of an anomaly kind, as manifest details (lists as comma-separated text). */
function signature(kind: keyof typeof ANOMALY_SIGNATURES): Record<string, string> {
  const s = ANOMALY_SIGNATURES[kind];
  return { metric: s.metric, direction: s.direction, also: s.also.join(",") };
}

export interface DemoManifest {
  account_id: string;
  seed: number;
  scale: string;
  /** False for a seller generated without anomalies (`seller-ai demo --no-anomalies`). */
  anomalies: boolean;
  start: string;
  end: string;
  ads_start: string;
  situations: DemoSituation[];
}

/**
 * The planted situations of the demo seller for a seed, end date and scale,
 * worked out from the plan alone (the same plan the generator writes).
 *
 * @example
 * const manifest = demoManifest({ seed: 1, end: "2026-11-20" });
 * manifest.situations.filter((s) => s.kind === "low_stock").length; // 4
 */
export function demoManifest(options: DemoPlanOptions): DemoManifest {
  const plan = planDemo(options);
  const last = plan.days - 1;
  const date = (day: number) => plan.dates[day];
  const situations: DemoSituation[] = [];
  const products = new Map(plan.products.map((p) => [p.asin, p]));

  for (const s of plan.planted) {
    const product = products.get(s.asin)!;
    const market = plan.markets.find((m) => m.code === s.marketplace)!;
    const base = { kind: s.kind, marketplace: s.marketplace, asin: s.asin, sku: product.sku, title: product.title };
    const ourPrice = priceOn(product, market, last);
    switch (s.kind) {
      case "rating_decline": {
        const from = ratingBase(product, s.kind);
        situations.push({
          ...base,
          from: date(last - RATING_DECLINE_DAYS + 1),
          to: plan.end,
          details: { rating_from: round1(from), rating_to: round1(from - RATING_DECLINE) },
        });
        break;
      }
      case "low_stock":
        situations.push({
          ...base,
          from: date(last - 29),
          to: plan.end,
          details: {
            max_days_of_supply: 14,
            basis: "available on the end date / average daily units over the last 30 days",
          },
        });
        break;
      case "overstock":
        situations.push({
          ...base,
          from: date(last - 29),
          to: plan.end,
          details: {
            min_days_of_supply: 180,
            basis: "available on the end date / average daily units over the last 30 days",
          },
        });
        break;
      case "competitor_undercut": {
        const rival = planCompetitors(plan, product, market)[0];
        situations.push({
          ...base,
          seller: rival.sellerName,
          from: date(last - UNDERCUT_DAYS + 1),
          to: plan.end,
          details: {
            seller_id: rival.sellerId,
            competitor_price: competitorPrice(rival, ourPrice, last),
            our_price: ourPrice,
            currency: market.currency,
          },
        });
        break;
      }
      case "buy_box_drop":
        situations.push({
          ...base,
          from: date(last - 29),
          to: plan.end,
          details: {
            compared_with_from: date(last - 59),
            compared_with_to: date(last - 30),
            buy_box_pct_before: 96,
            buy_box_pct_after: 55,
            started: date(last - BUY_BOX_DROP_DAYS + 1),
            ...signature("buy_box_drop"),
          },
        });
        break;
      case "competitor_price_change": {
        const rival = planCompetitors(plan, product, market)[0];
        const changedOn = last - PRICE_CHANGE_DAYS_BEFORE_END;
        situations.push({
          ...base,
          seller: rival.sellerName,
          from: date(changedOn),
          to: date(changedOn),
          details: {
            seller_id: rival.sellerId,
            price_before: competitorPrice(rival, ourPrice, changedOn - 1),
            price_after: competitorPrice(rival, ourPrice, changedOn),
            currency: market.currency,
          },
        });
        break;
      }
      case "sales_drop":
        situations.push({
          ...base,
          from: date(plan.salesDrop.fromDay),
          to: plan.end,
          details: { expected_units_factor: plan.salesDrop.factor, ...signature("sales_drop") },
        });
        break;
    }
  }

  for (const a of plan.anomalies) {
    const product = products.get(a.asin)!;
    const factor: Record<string, number> =
      a.kind === "buy_box_loss"
        ? { buy_box_pct_around: a.factor }
        : a.kind === "acos_spike"
          ? { ad_orders_lost_share: a.factor }
          : a.kind === "refund_spike"
            ? { refund_rate_factor: a.factor }
            : { expected_units_factor: a.factor };
    situations.push({
      kind: a.kind,
      marketplace: a.marketplace,
      asin: a.asin,
      sku: product.sku,
      title: product.title,
      from: date(a.fromDay),
      to: date(a.toDay),
      details: { ...factor, ...signature(a.kind) },
    });
  }

  for (const gap of plan.gapSubcategories) {
    for (const market of plan.markets) {
      situations.push({
        kind: "catalog_gap",
        marketplace: market.code,
        category: gap.category,
        subcategory: gap.subcategory,
        from: plan.end,
        to: plan.end,
        details: {},
      });
    }
  }

  const ads = planAds(plan);
  for (const p of ads.planted) {
    const base = {
      kind: p.kind,
      marketplace: p.campaign.marketplace,
      campaign: p.campaign.name,
      campaign_id: p.campaign.id,
      from: date(last - 29),
      to: plan.end,
    };
    if (p.kind === "high_acos_campaign" || p.kind === "low_acos_campaign") {
      situations.push({ ...base, details: { planned_acos_pct: Math.round(p.campaign.acos * 1000) / 10 } });
    } else if (p.kind === "keyword_opportunity") {
      situations.push({
        ...base,
        keyword: p.target!.text,
        match_type: p.target!.matchType,
        target_id: p.target!.id,
        details: {
          planned_conversion_pct: Math.round(p.target!.terms[0].cvr * 1000) / 10,
          planned_top_of_search_is: Math.round(p.target!.topOfSearch * 10) / 10,
        },
      });
    } else {
      situations.push({
        ...base,
        keyword: p.target!.text,
        target_id: p.target!.id,
        search_term: p.searchTerm,
        details: { min_clicks_30d: 15, orders: 0 },
      });
    }
  }
  return {
    account_id: DEMO_ACCOUNT_ID,
    seed: plan.seed,
    scale: plan.scale.name,
    anomalies: plan.anomalies.length > 0 || plan.planted.some((s) => ANOMALY_SERIES_KINDS.includes(s.kind)),
    start: plan.start,
    end: plan.end,
    ads_start: plan.dates[plan.adsStartDay],
    situations,
  };
}
