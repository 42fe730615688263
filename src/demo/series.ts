import { demoCatalogVocab } from "./catalog.js";
import {
  charmPrice,
  DEMO_ACCOUNT_ID,
  priceOn,
  round1,
  round2,
  type DemoMarket,
  type DemoPlan,
  type DemoProduct,
} from "./plan.js";
import { hashString, Random } from "./random.js";
import { INVENTORY_DAILY_DAYS, OFFERS_DAILY_DAYS, OFFERS_HISTORY_DAYS } from "./scales.js";

/** Where a product's generated rows go; the caller batches them into the mirror. */
export interface SeriesSink {
  sales(row: Record<string, unknown>): void;
  inventory(row: Record<string, unknown>): void;
  review(row: Record<string, unknown>): void;
  offer(row: Record<string, unknown>): void;
}

export interface DemoCompetitor {
  sellerId: string;
  sellerName: string;
  isFba: boolean;
  shipping: number;
  /** Price factor relative to our price from a day index on. */
  segments: { fromDay: number; factor: number }[];
}

/** Days before the end date, inclusive, in which the planted undercut holds. */
export const UNDERCUT_DAYS = 20;
/** The planted competitor price change happens this many days before the end date. */
export const PRICE_CHANGE_DAYS_BEFORE_END = 3;
/** The planted buy box loss covers the last days of history. */
export const BUY_BOX_DROP_DAYS = 32;
/** The planted rating decline runs over the last 90 days. */
export const RATING_DECLINE_DAYS = 90;
export const RATING_DECLINE = 0.6;

/** A seller id like Amazon's (A + 13 characters), stable for a seller name. */
export function sellerIdFor(name: string): string {
  const a = hashString(name, 11).toString(36).toUpperCase().padStart(7, "0");
  const b = hashString(name, 29).toString(36).toUpperCase().padStart(6, "0");
  return `A${a}${b}`.slice(0, 14);
}

/**
 * The competitors on one product's listing in one marketplace and how their
 * prices move: a few changes over the year, none in the last two weeks except
 * where a situation is planted.
 *
 * @example
 * const [first] = planCompetitors(plan, plan.products[0], DEMO_MARKETS[0]);
 * competitorPrice(first, 19.99, plan.days - 1); // e.g. 22.99
 */
export function planCompetitors(plan: DemoPlan, product: DemoProduct, market: DemoMarket): DemoCompetitor[] {
  const vocab = demoCatalogVocab();
  const rng = Random.for(plan.seed, "competitors", product.asin, market.code);
  const count = rng.int(2, 4);
  const names = rng.shuffle(vocab.competitor_sellers).slice(0, count);
  const planted = plan.plantedByKey.get(`${market.code}|${product.asin}`);
  const last = plan.days - 1;
  const firstChange = Math.max(0, plan.days - OFFERS_HISTORY_DAYS);
  return names.map((sellerName, n) => {
    const isFba = rng.chance(0.7);
    const shipping = isFba ? 0 : charmPrice(4.99 * market.priceFactor);
    let factor = rng.between(1.08, 1.3);
    const segments = [{ fromDay: 0, factor }];
    for (let day = firstChange + rng.int(10, 60); day < last - 14; day += rng.int(30, 80)) {
      factor = Math.min(1.35, Math.max(1.08, factor * rng.pick([0.95, 0.97, 1.03, 1.05])));
      segments.push({ fromDay: day, factor });
    }
    if (n === 0 && planted === "competitor_price_change") {
      // Raise first so the cut stays above our price: the change is news, not an undercut.
      if (factor < 1.18) segments.push({ fromDay: last - 30, factor: 1.22 });
      const before = segments[segments.length - 1].factor;
      segments.push({ fromDay: last - PRICE_CHANGE_DAYS_BEFORE_END, factor: before - 0.09 });
    }
    if (n === 0 && planted === "competitor_undercut")
      segments.push({ fromDay: last - UNDERCUT_DAYS + 1, factor: 0.86 });
    return {
      sellerId: sellerIdFor(sellerName),
      sellerName,
      isFba: n === 0 && planted === "competitor_undercut" ? true : isFba,
      shipping: n === 0 && planted === "competitor_undercut" ? 0 : shipping,
      segments,
    };
  });
}

/** A competitor's price on a day, given ours: above ours by at least one unit unless the factor says otherwise. */
export function competitorPrice(competitor: DemoCompetitor, ourPrice: number, day: number): number {
  let factor = competitor.segments[0].factor;
  for (const s of competitor.segments) if (s.fromDay <= day) factor = s.factor;
  const price = charmPrice(ourPrice * factor);
  return factor >= 1 ? Math.max(price, round2(ourPrice + 1)) : Math.min(price, round2(ourPrice - 1));
}

/** The rating a product shows in a marketplace at the start of a planted decline. */
export function ratingBase(product: DemoProduct, planted: string | undefined): number {
  return planted === "rating_decline" ? Math.max(product.rating, 4.4) : product.rating;
}

/**
 * Generates one product's daily history in one marketplace: sales and
 * traffic, inventory, reviews and competitor offers.
 *
 * @param adUnits units sold through ads per day of the ads window, or undefined when not advertised
 * @example
 * generateSeries(plan, plan.products[0], DEMO_MARKETS[0], undefined, { sales: push, inventory: push, review: push, offer: push });
 */
export function generateSeries(
  plan: DemoPlan,
  product: DemoProduct,
  market: DemoMarket,
  adUnits: Int32Array | undefined,
  sink: SeriesSink,
): void {
  const n = plan.days;
  const last = n - 1;
  const key = `${market.code}|${product.asin}`;
  const planted = plan.plantedByKey.get(key);
  const rng = Random.for(plan.seed, "series", product.asin, market.code);
  const first = Math.max(0, product.launchDay);
  const season = plan.season[product.categoryIndex];
  const level = product.baseUnits * market.volume;
  const endFactor = product.priceChanges.reduce((f, c) => f * c.factor, 1);

  // Expected organic units per day.
  const mean = new Float64Array(n);
  let priceFactor = 1;
  let change = 0;
  for (let i = first; i < n; i++) {
    while (change < product.priceChanges.length && product.priceChanges[change].day <= i)
      priceFactor *= product.priceChanges[change++].factor;
    const trend = Math.exp((product.growthPerYear * (i - last)) / 365);
    const ramp = product.launchDay >= 0 ? Math.min(1, 0.15 + (i - product.launchDay) / 75) : 1;
    mean[i] = level * trend * season[i] * ramp * (endFactor / priceFactor) ** 1.3;
  }
  // Ads ran before the ad reports begin too: lift the earlier organic level by the share ads add later.
  if (adUnits) {
    let adTotal = 0;
    let organicTotal = 0;
    for (let i = plan.adsStartDay; i < n; i++) {
      adTotal += adUnits[i - plan.adsStartDay];
      organicTotal += mean[i];
    }
    const lift = organicTotal > 0 ? 1 + adTotal / organicTotal : 1;
    for (let i = first; i < plan.adsStartDay; i++) mean[i] *= lift;
  }

  const units = new Int32Array(n);
  const buyBox = new Float64Array(n);
  const dates = plan.dates;
  const accountId = DEMO_ACCOUNT_ID;
  const marketplace = market.code;
  const asin = product.asin;
  priceFactor = 1;
  change = 0;
  const anomaly = plan.anomalyByKey.get(key);
  let visits: Random | undefined;
  for (let i = first; i < n; i++) {
    const price = priceOn(product, market, i);
    const odd = anomaly && i >= anomaly.fromDay && i <= anomaly.toDay ? anomaly : undefined;
    let bb = Math.min(100, 93 + 7 * rng.next());
    if (planted === "buy_box_drop" && i > last - BUY_BOX_DROP_DAYS) bb = 48 + 14 * rng.next();
    // A lost buy box or a conversion fall costs sales, not visits: sessions follow the units there would have been.
    let conversionEffect = 1;
    if (odd?.kind === "buy_box_loss") {
      const usual = bb;
      bb = odd.factor - 5 + 10 * ((bb - 93) / 7);
      conversionEffect = (0.55 + (0.45 * bb) / 96) / (0.55 + (0.45 * usual) / 96);
    }
    let m = mean[i] * (0.55 + (0.45 * bb) / 96);
    if (planted === "sales_drop" && i >= plan.salesDrop.fromDay) m *= plan.salesDrop.factor;
    if (odd?.kind === "sales_spike" || odd?.kind === "traffic_drop") m *= odd.factor;
    if (odd?.kind === "conversion_drop") {
      m *= odd.factor;
      conversionEffect = odd.factor;
    }
    const organic = rng.poisson(m);
    const fromAds = adUnits && i >= plan.adsStartDay ? adUnits[i - plan.adsStartDay] : 0;
    const u = organic + fromAds;
    units[i] = u;
    buyBox[i] = round1(bb);
    const orders = u > 0 ? Math.max(1, u - rng.poisson(u * 0.06)) : 0;
    const refundRate = product.refundRate * (odd?.kind === "refund_spike" ? odd.factor : 1);
    const refundUnits = Math.min(u, rng.poisson(u * refundRate));
    // Where only conversion fell, visitors come as before: drawn apart (their own stream), so the rest stays as it was.
    const visitors =
      conversionEffect === 1
        ? u
        : (visits ??= Random.for(plan.seed, "visits", key)).poisson(m / conversionEffect) + fromAds;
    const sessions = Math.round((visitors / product.conversion) * (0.85 + 0.3 * rng.next())) + rng.poisson(1.5);
    sink.sales({
      account_id: accountId,
      marketplace,
      asin,
      date: dates[i],
      units: u,
      revenue: round2(u * price),
      orders,
      refund_units: refundUnits,
      refund_amount: round2(refundUnits * price),
      sessions,
      page_views: Math.round(sessions * (1.2 + 0.35 * rng.next())),
      buy_box_pct: buyBox[i],
    });
  }

  writeInventory(plan, product, market, planted, units, first, rng, sink);
  writeReviews(plan, product, market, planted, units, first, rng, sink);
  writeOffers(plan, product, market, buyBox, first, rng, sink);
}

/** Days of supply at the end date by situation: a few days, a comfortable range, or far too much. */
function targetSupplyDays(planted: string | undefined, rng: Random): number {
  if (planted === "low_stock") return rng.between(4, 9);
  if (planted === "overstock") return rng.between(230, 380);
  return rng.between(35, 110);
}

/**
 * Inventory is worked out backwards from the stock wanted at the end date:
 * going back in time stock grows by what was sold, and when it would exceed a
 * cap a shipment must have arrived that day.
 */
function writeInventory(
  plan: DemoPlan,
  product: DemoProduct,
  market: DemoMarket,
  planted: string | undefined,
  units: Int32Array,
  first: number,
  rng: Random,
  sink: SeriesSink,
): void {
  const n = plan.days;
  const last = n - 1;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + units[i];
  const avg30 = Math.max(0.2, (prefix[n] - prefix[n - 30]) / 30);
  const rateAt = (i: number) => {
    const from = Math.max(first, i - 29);
    return Math.max(0.3, (prefix[i + 1] - prefix[from]) / (i + 1 - from));
  };
  const capDays = rng.between(100, 130);
  const leadDays = rng.int(21, 35);
  const available = new Int32Array(n);
  const inboundDiff = new Float64Array(n + 1);
  let stock = Math.round(avg30 * targetSupplyDays(planted, rng));
  for (let i = last; i >= first; i--) {
    available[i] = stock;
    let before = stock + units[i];
    const noRestock = planted === "overstock" && i > last - 14;
    if (!noRestock && i > first && before > rateAt(i) * capDays) {
      const low = Math.round(rateAt(i) * rng.between(6, 18));
      const received = before - low;
      before = low;
      inboundDiff[Math.max(first, i - leadDays)] += received;
      inboundDiff[i] -= received;
    }
    stock = before;
  }
  // A shipment on its way at the end for part of the normal catalog.
  if (planted === undefined && rng.chance(0.4)) {
    const pending = Math.round(avg30 * rng.between(30, 60));
    inboundDiff[last - rng.int(3, 15)] += pending;
  }
  let inbound = 0;
  for (let i = first; i < n; i++) {
    inbound += inboundDiff[i];
    const daily = i > last - INVENTORY_DAILY_DAYS;
    if (!daily && (last - i) % 7 !== 0) continue;
    const avail = available[i];
    sink.inventory({
      account_id: DEMO_ACCOUNT_ID,
      marketplace: market.code,
      sku: product.sku,
      asin: product.asin,
      date: plan.dates[i],
      available: avail,
      reserved: Math.round(avail * rng.between(0.01, 0.05)),
      inbound: Math.max(0, Math.round(inbound)),
      unfulfillable: rng.chance(0.25) ? rng.int(1, 3) : 0,
    });
  }
}

/** Ratings wander a little in the past and hold steady over the last months, except where a decline is planted. */
function writeReviews(
  plan: DemoPlan,
  product: DemoProduct,
  market: DemoMarket,
  planted: string | undefined,
  units: Int32Array,
  first: number,
  rng: Random,
  sink: SeriesSink,
): void {
  const n = plan.days;
  const last = n - 1;
  const base = ratingBase(product, planted);
  let count =
    product.launchDay < 0 ? Math.round(-product.launchDay * product.baseUnits * market.volume * 0.012) + 3 : 0;
  for (let i = first; i < n; i++) {
    count += rng.poisson(units[i] * 0.012);
    if (count === 0) continue;
    const daily = i > last - plan.scale.reviewDailyDays;
    if (!daily && (last - i) % 7 !== 0) continue;
    const settle = Math.min(1, Math.max(0, (last - 120 - i) / 60));
    let rating = base + 0.15 * Math.sin((2 * Math.PI * i) / 420 + product.ratingPhase) * settle;
    if (planted === "rating_decline" && i > last - RATING_DECLINE_DAYS)
      rating = base - (RATING_DECLINE * (i - (last - RATING_DECLINE_DAYS + 1))) / (RATING_DECLINE_DAYS - 1);
    sink.review({
      account_id: DEMO_ACCOUNT_ID,
      marketplace: market.code,
      asin: product.asin,
      date: plan.dates[i],
      rating: Math.min(5, Math.max(1, round1(rating))),
      review_count: count,
    });
  }
}

function writeOffers(
  plan: DemoPlan,
  product: DemoProduct,
  market: DemoMarket,
  buyBox: Float64Array,
  first: number,
  rng: Random,
  sink: SeriesSink,
): void {
  const competitors = planCompetitors(plan, product, market);
  const n = plan.days;
  const last = n - 1;
  const from = Math.max(first, n - OFFERS_HISTORY_DAYS);
  for (let i = from; i < n; i++) {
    const daily = i > last - OFFERS_DAILY_DAYS;
    if (!daily && (last - i) % 7 !== 0) continue;
    const ours = priceOn(product, market, i);
    const prices = competitors.map((c) => competitorPrice(c, ours, i));
    // We hold the buy box most of the time; when we lose it, the cheapest landed offer has it.
    let winner = -1;
    if (rng.next() * 100 >= buyBox[i]) {
      let best = Infinity;
      competitors.forEach((c, k) => {
        if (prices[k] + c.shipping < best) {
          best = prices[k] + c.shipping;
          winner = k;
        }
      });
    }
    competitors.forEach((c, k) => {
      sink.offer({
        account_id: DEMO_ACCOUNT_ID,
        marketplace: market.code,
        asin: product.asin,
        date: plan.dates[i],
        seller_id: c.sellerId,
        seller_name: c.sellerName,
        price: prices[k],
        shipping: c.shipping,
        is_fba: c.isFba ? 1 : 0,
        is_buy_box_winner: k === winner ? 1 : 0,
      });
    });
  }
}
