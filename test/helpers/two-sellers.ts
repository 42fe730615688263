/**
 * Two sellers in one mirror, for the API's workspace tests: "acme" (the
 * analytics fixture's seller, US and UK) and "zenith" (US only, its own
 * ASINs), so a test can tell whose data an answer came from.
 */
import { addDaysIso } from "../../src/core/dates.js";
import { createAccount } from "../../src/store/accounts.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { buildSmallMirror, FIXTURE_FIRST, FIXTURE_LAST, FIXTURE_TODAY } from "./small-mirror.js";

export { FIXTURE_TODAY };

export const ACME_ASINS = ["B0KNIFE001", "B0PAN00002", "B0HOSE0003"];
export const ZENITH_PRODUCTS = [
  { sku: "ZL-01", asin: "B0ZLAMP001", title: "Zenith Desk Lamp", category: "Lighting", price: 35, unit_cost: 12 },
  { sku: "ZB-01", asin: "B0ZBULB002", title: "Zenith Smart Bulb", category: "Lighting", price: 15, unit_cost: 4 },
] as const;

export async function buildTwoSellerMirror(path = ":memory:"): Promise<Mirror> {
  const mirror = await buildSmallMirror(path);
  const { db } = mirror;
  await createAccount(db, {
    id: "zenith",
    name: "Zenith",
    provider: "files",
    homeCurrency: "USD",
    createdAt: "2026-09-01T00:00:00Z",
    marketplaces: [{ code: "US", currency: "USD" }],
  });
  const load = mirror.beginBulkLoad();
  const w = load.writer;
  const days = 1 + Math.round((Date.parse(FIXTURE_LAST) - Date.parse(FIXTURE_FIRST)) / 86_400_000);
  try {
    w.write(
      "products",
      ZENITH_PRODUCTS.map((p) => ({
        account_id: "zenith",
        marketplace: "US",
        sku: p.sku,
        asin: p.asin,
        title: p.title,
        category: p.category,
        subcategory: "Lamps",
        price: p.price,
        unit_cost: p.unit_cost,
        condition: "New",
        fulfillment_type: "FBA",
      })),
    );
    w.write(
      "product_fees",
      ZENITH_PRODUCTS.map((p) => ({
        account_id: "zenith",
        marketplace: "US",
        asin: p.asin,
        referral_fee_pct: 15,
        fulfillment_fee: 3,
      })),
    );
    const sales: Record<string, unknown>[] = [];
    for (let d = 0; d < days; d++) {
      const date = addDaysIso(FIXTURE_FIRST, d);
      ZENITH_PRODUCTS.forEach((p, i) => {
        const units = 5 + ((d + i) % 3);
        sales.push({
          account_id: "zenith",
          marketplace: "US",
          asin: p.asin,
          date,
          units,
          revenue: units * p.price,
          orders: units,
          sessions: 40,
          page_views: 80,
          buy_box_pct: 100,
        });
      });
    }
    w.write("daily_sales", sales);
    load.commit();
  } catch (error) {
    load.rollback();
    throw error;
  }
  return mirror;
}
