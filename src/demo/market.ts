import { addDaysIso } from "../core/dates.js";
import { demoCatalogVocab } from "./catalog.js";
import {
  charmPrice,
  DEMO_ACCOUNT_ID,
  demoAsin,
  priceOn,
  round2,
  type DemoMarket,
  type DemoPlan,
  type DemoProduct,
} from "./plan.js";
import { Random } from "./random.js";

/** Competitor listings per subcategory we sell, and per subcategory only competitors sell. */
const LISTINGS_PER_SUBCATEGORY = 6;
const LISTINGS_PER_GAP = 8;

/**
 * Competitor products in the demo seller's market (every subcategory we sell,
 * plus the planted gaps: subcategories with competitor listings and none of ours).
 */
export function marketCatalogRows(plan: DemoPlan): Record<string, unknown>[] {
  const vocab = demoCatalogVocab();
  const rows: Record<string, unknown>[] = [];
  const ours = new Set(plan.products.map((p) => p.asin));
  let serial = 0;
  for (const market of plan.markets) {
    for (const category of vocab.categories) {
      const groups = [
        ...category.subcategories.map((s) => ({ sub: s, gap: false })),
        ...category.gap_subcategories.map((s) => ({ sub: s, gap: true })),
      ];
      for (const { sub, gap } of groups) {
        const rng = Random.for(plan.seed, "market", market.code, sub.name);
        const count = gap ? LISTINGS_PER_GAP : LISTINGS_PER_SUBCATEGORY;
        for (let k = 0; k < count; k++) {
          let asin = demoAsin(plan.seed + 7919, 1_000_000 + serial++);
          while (ours.has(asin)) asin = demoAsin(plan.seed + 7919, 1_000_000 + serial++);
          const brand = rng.pick(vocab.competitor_brands);
          rows.push({
            account_id: DEMO_ACCOUNT_ID,
            marketplace: market.code,
            asin,
            title: `${brand} ${rng.pick(sub.stems)} - ${rng.pick(vocab.variants)}`,
            brand,
            seller_name: rng.pick(vocab.competitor_sellers),
            category: category.name,
            subcategory: sub.name,
            price: charmPrice(rng.between(sub.price[0], sub.price[1]) * market.priceFactor),
            estimated_monthly_sales: Math.round(rng.between(gap ? 600 : 150, gap ? 4_000 : 2_500) * market.volume),
            updated_at: plan.end,
          });
        }
      }
    }
  }
  return rows;
}

/**
 * Daily rates into USD over the history (GBP and EUR wander around their usual
 * level; USD is 1). They do not depend on the seed: rates are shared by every
 * account in the mirror.
 */
export function currencyRateRows(plan: DemoPlan): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const market of plan.markets) {
    const rng = Random.for(0, "fx", market.currency, plan.start);
    let drift = 0;
    for (let i = 0; i < plan.days; i++) {
      const date = addDaysIso(plan.start, i);
      let rate = 1;
      if (market.currency !== "USD") {
        drift = drift * 0.995 + rng.gauss() * 0.002;
        rate = Math.round(market.usdRate * (1 + drift + 0.03 * Math.sin(i / 90)) * 10_000) / 10_000;
      }
      rows.push({ currency: market.currency, quote: "USD", date, rate });
    }
  }
  return rows;
}

/** Product rows (one per marketplace) with the price on the end date and unit cost in local currency. */
export function productRows(plan: DemoPlan): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const market of plan.markets) {
    for (const p of plan.products) {
      rows.push({
        account_id: DEMO_ACCOUNT_ID,
        marketplace: market.code,
        sku: p.sku,
        asin: p.asin,
        fnsku: p.fnsku,
        title: p.title,
        brand: p.brand,
        category: p.category,
        subcategory: p.subcategory,
        condition: "New",
        fulfillment_type: "FBA",
        price: priceOn(p, market, plan.days - 1),
        unit_cost: round2(p.unitCostUsd / market.usdRate),
        lead_time_days: null,
        status: "Active",
        launched_on: addDaysIso(plan.start, p.launchDay),
      });
    }
  }
  return rows;
}

/** Fees per unit: referral percentage and the FBA fee in local currency. */
export function feeRows(plan: DemoPlan): Record<string, unknown>[] {
  return plan.markets.flatMap((market) =>
    plan.products.map((p) => ({
      account_id: DEMO_ACCOUNT_ID,
      marketplace: market.code,
      asin: p.asin,
      referral_fee_pct: p.referralPct,
      fulfillment_fee: fulfilmentFee(p, market),
      updated_at: plan.end,
    })),
  );
}

/** The FBA fee per unit of a product in a marketplace, in its currency: the fee table's, and what settlements charge. */
export function fulfilmentFee(product: DemoProduct, market: DemoMarket): number {
  return round2((product.fbaFeeUsd / market.usdRate) * (market.code === "US" ? 1 : 1.08));
}
