/**
 * The sandbox seller's data written out as Amazon's report documents, in the
 * layouts Amazon uses (and seller-ai's importers read): all-orders and
 * settlement V2 flat files, merchant listings, FBA inventory (MYI) and
 * restock recommendations, the Sales and Traffic JSON, and Sponsored Products
 * v3 report rows.
 */
import { addDaysIso, daysBetweenIso } from "../../core/dates.js";
import { spreadCount, spreadMoney } from "../../ingest/spread.js";
import type { SandboxMarketplace, SandboxSeller } from "./sandbox-seller.js";

const ORDER_COLUMNS =
  "amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\tsales-channel\torder-channel\tship-service-level\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\titem-price\titem-tax\tshipping-price\tshipping-tax\tgift-wrap-price\tgift-wrap-tax\titem-promotion-discount\tship-promotion-discount\tship-city\tship-state\tship-postal-code\tship-country\tpromotion-ids\tcpf\tis-business-order\tpurchase-order-number\tprice-designation\tsignature-confirmation-recommended";
const LISTING_COLUMNS =
  "item-name\titem-description\tlisting-id\tseller-sku\tprice\tquantity\topen-date\timage-url\titem-is-marketplace\tproduct-id-type\tzshop-shipping-fee\titem-note\titem-condition\tzshop-category1\tzshop-browse-path\tzshop-storefront-feature\tasin1\tasin2\tasin3\twill-ship-internationally\texpedited-shipping\tzshop-boldface\tproduct-id\tbid-for-featured-placement\tadd-delete\tpending-quantity\tfulfillment-channel\tmerchant-shipping-group\tstatus";
const MYI_COLUMNS =
  "sku\tfnsku\tasin\tproduct-name\tcondition\tyour-price\tmfn-listing-exists\tmfn-fulfillable-quantity\tafn-listing-exists\tafn-warehouse-quantity\tafn-fulfillable-quantity\tafn-unsellable-quantity\tafn-reserved-quantity\tafn-total-quantity\tper-unit-volume\tafn-inbound-working-quantity\tafn-inbound-shipped-quantity\tafn-inbound-receiving-quantity\tafn-researching-quantity\tafn-reserved-future-supply\tafn-future-supply-buyable";
const RESTOCK_COLUMNS =
  "Country\tProduct Name\tFNSKU\tMerchant SKU\tASIN\tCondition\tSupplier\tSupplier part no.\tCurrency code\tPrice\tSales last 30 days\tUnits Sold Last 30 Days\tTotal Units\tInbound\tAvailable\tFC transfer\tFC Processing\tCustomer Order\tUnfulfillable\tWorking\tShipped\tReceiving\tFulfilled by\tTotal Days of Supply (including units from open shipments)\tDays of Supply at Amazon Fulfillment Network\tAlert\tRecommended replenishment qty\tRecommended ship date\tRecommended action\tUnit storage size";
const SETTLEMENT_COLUMNS =
  "settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tmerchant-order-id\tadjustment-id\tshipment-id\tmarketplace-name\tshipment-fee-type\tshipment-fee-amount\torder-fee-type\torder-fee-amount\tfulfillment-id\tposted-date\torder-item-code\tmerchant-order-item-id\tmerchant-adjustment-item-id\tsku\tquantity-purchased\tprice-type\tprice-amount\titem-related-fee-type\titem-related-fee-amount\tmisc-fee-amount\tother-fee-amount\tother-fee-reason-description\tdirect-payment-type\tdirect-payment-amount\tother-amount";

const SALES_CHANNEL: Record<string, string> = {
  US: "Amazon.com",
  UK: "Amazon.co.uk",
  DE: "Amazon.de",
  FR: "Amazon.fr",
  IT: "Amazon.it",
  ES: "Amazon.es",
  CA: "Amazon.ca",
  MX: "Amazon.com.mx",
  JP: "Amazon.co.jp",
};

/** Settlements close every 14 days, counted from this Monday. */
const SETTLEMENT_EPOCH = "2020-01-06";
const SETTLEMENT_DAYS = 14;

function money(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2);
}

/** A stable number from text, for ids that must not change between runs. */
function hashNumber(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** GET_SALES_AND_TRAFFIC_REPORT for one marketplace over start..end (child ASIN totals for the whole range). */
export async function salesAndTrafficDocument(
  seller: SandboxSeller,
  market: SandboxMarketplace,
  start: string,
  end: string,
): Promise<string> {
  const rows = await seller.dailySales(market.code, start, end);
  const byAsin = new Map<
    string,
    {
      units: number;
      revenue: number;
      orders: number;
      sessions: number;
      views: number;
      bb: number;
      bbViews: number;
      bbAny: boolean;
    }
  >();
  const byDate = new Map<string, { units: number; revenue: number; orders: number; sessions: number; views: number }>();
  for (const r of rows) {
    const a = byAsin.get(r.asin) ?? {
      units: 0,
      revenue: 0,
      orders: 0,
      sessions: 0,
      views: 0,
      bb: 0,
      bbViews: 0,
      bbAny: false,
    };
    a.units += r.units;
    a.revenue += r.revenue;
    a.orders += r.orders;
    a.sessions += r.sessions;
    a.views += r.page_views;
    if (r.buy_box_pct !== null) {
      a.bb += r.buy_box_pct * r.page_views;
      a.bbViews += r.page_views;
      a.bbAny = true;
    }
    byAsin.set(r.asin, a);
    const d = byDate.get(r.date) ?? { units: 0, revenue: 0, orders: 0, sessions: 0, views: 0 };
    d.units += r.units;
    d.revenue += r.revenue;
    d.orders += r.orders;
    d.sessions += r.sessions;
    d.views += r.page_views;
    byDate.set(r.date, d);
  }
  const amount = (n: number) => ({ amount: Math.round(n * 100) / 100, currencyCode: market.currency });
  const report = {
    reportSpecification: {
      reportType: "GET_SALES_AND_TRAFFIC_REPORT",
      reportOptions: { dateGranularity: "DAY", asinGranularity: "CHILD" },
      dataStartTime: start,
      dataEndTime: end,
      marketplaceIds: [market.marketplaceId],
    },
    salesAndTrafficByDate: [...byDate].map(([date, d]) => ({
      date,
      salesByDate: { orderedProductSales: amount(d.revenue), unitsOrdered: d.units, totalOrderItems: d.orders },
      trafficByDate: { pageViews: d.views, sessions: d.sessions },
    })),
    salesAndTrafficByAsin: [...byAsin].map(([asin, a]) => ({
      parentAsin: asin,
      childAsin: asin,
      salesByAsin: { unitsOrdered: a.units, orderedProductSales: amount(a.revenue), totalOrderItems: a.orders },
      trafficByAsin: {
        sessions: a.sessions,
        pageViews: a.views,
        ...(a.bbAny ? { buyBoxPercentage: a.bbViews > 0 ? Math.round((a.bb / a.bbViews) * 100) / 100 : 0 } : {}),
      },
    })),
  };
  return JSON.stringify(report);
}

/**
 * GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL over the days start..end: one shipped line per
 * order, the day's units and sales split over its orders so they add up to the day's figures.
 */
export async function allOrdersDocument(
  seller: SandboxSeller,
  markets: readonly SandboxMarketplace[],
  start: string,
  end: string,
): Promise<string> {
  const lines: string[] = [ORDER_COLUMNS];
  for (const market of markets) {
    const products = await seller.products(market.code);
    const byAsin = new Map(products.map((p) => [p.asin, p]));
    const rows = await seller.dailySales(market.code, start, end);
    for (const r of rows) {
      if (r.units <= 0) continue;
      const orders = Math.max(1, Math.min(r.orders, r.units));
      const quantities = spreadCount(r.units, orders);
      const prices = spreadMoney(r.revenue, orders);
      const product = byAsin.get(r.asin);
      const base = hashNumber(`${market.code}${r.asin}${r.date}`);
      for (let i = 0; i < orders; i++) {
        const n = (base + i * 7919) >>> 0;
        const orderId = `${100 + (n % 900)}-${String(n % 9_999_991).padStart(7, "0")}-${String((hashNumber(r.date) + i) % 9_999_991).padStart(7, "0")}`;
        const minute = (i * 37) % 1380;
        const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00+00:00`;
        const updated = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:30+00:00`;
        lines.push(
          [
            orderId,
            "",
            `${r.date}T${time}`,
            `${r.date}T${updated}`,
            "Shipped",
            "Amazon",
            SALES_CHANNEL[market.code] ?? `Amazon.${market.code.toLowerCase()}`,
            "",
            "Standard",
            product?.title ?? "",
            product?.sku ?? "",
            r.asin,
            "Shipped",
            String(quantities[i]),
            market.currency,
            money(prices[i]),
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            market.countryCode,
            "",
            "",
            "false",
            "",
            "",
            "false",
          ].join("\t"),
        );
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** GET_MERCHANT_LISTINGS_ALL_DATA for one marketplace. */
export async function listingsDocument(seller: SandboxSeller, market: SandboxMarketplace): Promise<string> {
  const products = await seller.products(market.code);
  const channel = market.region === "eu" ? "AMAZON_EU" : market.region === "fe" ? "AMAZON_FE" : "AMAZON_NA";
  const lines = [LISTING_COLUMNS];
  for (const p of products) {
    const cells = new Array(29).fill("");
    cells[0] = p.title;
    cells[2] = `${market.code}${p.sku}`.replace(/[^A-Z0-9]/gi, "").slice(0, 12);
    cells[3] = p.sku;
    cells[4] = p.price === null ? "" : money(p.price);
    cells[6] = p.launched_on ? `${p.launched_on} 08:00:00 UTC` : "";
    cells[8] = "y";
    cells[9] = "1";
    cells[12] = "11";
    cells[16] = p.asin;
    cells[22] = p.asin;
    cells[26] = p.fulfillment_type === "FBA" ? channel : "DEFAULT";
    cells[27] = "Migrated Template";
    cells[28] = p.status;
    lines.push(cells.join("\t"));
  }
  return `${lines.join("\n")}\n`;
}

/** GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA: the newest snapshot on or before `day`, and its date. */
export async function inventoryDocument(
  seller: SandboxSeller,
  market: SandboxMarketplace,
  day: string,
): Promise<{ text: string; date: string | null }> {
  const { date, rows } = await seller.inventory(market.code, day);
  const lines = [MYI_COLUMNS];
  for (const r of rows) {
    const total = r.available + r.reserved + r.unfulfillable + r.inbound;
    lines.push(
      [
        r.sku,
        r.fnsku ?? "",
        r.asin,
        r.title,
        "New",
        r.price === null ? "" : money(r.price),
        "No",
        "",
        "Yes",
        String(r.available + r.reserved + r.unfulfillable),
        String(r.available),
        String(r.unfulfillable),
        String(r.reserved),
        String(total),
        "0.1",
        "0",
        String(r.inbound),
        "0",
        "0",
        "0",
        "0",
      ].join("\t"),
    );
  }
  return { text: `${lines.join("\n")}\n`, date };
}

/** GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT: Amazon's restock advice with the same snapshot. */
export async function restockDocument(
  seller: SandboxSeller,
  market: SandboxMarketplace,
  day: string,
): Promise<{ text: string; date: string | null }> {
  const { date, rows } = await seller.inventory(market.code, day);
  const lines = [RESTOCK_COLUMNS];
  for (const r of rows) {
    const cells = new Array(30).fill("");
    cells[0] = market.countryCode === "GB" ? "UK" : market.countryCode;
    cells[1] = r.title;
    cells[2] = r.fnsku ?? "";
    cells[3] = r.sku;
    cells[4] = r.asin;
    cells[5] = "New";
    cells[8] = market.currency;
    cells[9] = r.price === null ? "" : money(r.price);
    cells[12] = String(r.available + r.inbound + r.reserved);
    cells[13] = String(r.inbound);
    cells[14] = String(r.available);
    cells[18] = String(r.unfulfillable);
    cells[22] = "Amazon";
    cells[26] = r.amazon_recommended_qty === null ? "0" : String(r.amazon_recommended_qty);
    cells[27] = r.amazon_recommended_date ?? "none";
    cells[28] = r.amazon_recommended_qty ? "Create shipping plan" : "No action required";
    lines.push(cells.join("\t"));
  }
  return { text: `${lines.join("\n")}\n`, date };
}

export interface SettlementPeriod {
  id: string;
  marketplace: string;
  start: string;
  /** The last day included. */
  end: string;
  /** When Amazon makes the report available: two days after the period. */
  created: string;
}

/** The settlement periods of a marketplace that closed within start..end (by availability day). */
export function settlementPeriods(
  market: SandboxMarketplace,
  firstDay: string,
  availableBy: string,
): SettlementPeriod[] {
  const periods: SettlementPeriod[] = [];
  const offset = Math.ceil(daysBetweenIso(SETTLEMENT_EPOCH, firstDay) / SETTLEMENT_DAYS);
  for (let k = Math.max(0, offset); ; k++) {
    const start = addDaysIso(SETTLEMENT_EPOCH, k * SETTLEMENT_DAYS);
    const end = addDaysIso(start, SETTLEMENT_DAYS - 1);
    const created = addDaysIso(end, 2);
    if (created > availableBy) break;
    periods.push({
      id: String(20_000_000_000 + (hashNumber(`${market.code}${start}`) % 9_000_000_000)),
      marketplace: market.code,
      start,
      end,
      created,
    });
  }
  return periods;
}

/**
 * GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE for one period: per product, the period's sales (principal,
 * commission, FBA fee, posted on the period's last day) and each day's refunds, which the importer turns
 * into fees and daily refund figures.
 */
export async function settlementDocument(
  seller: SandboxSeller,
  market: SandboxMarketplace,
  period: SettlementPeriod,
): Promise<string> {
  const rows = await seller.dailySales(market.code, period.start, period.end);
  const products = await seller.products(market.code);
  const skuOf = new Map(products.map((p) => [p.asin, p.sku]));
  const fees = new Map((await seller.fees(market.code)).map((f) => [f.asin, f]));
  const channel = SALES_CHANNEL[market.code] ?? `Amazon.${market.code.toLowerCase()}`;
  const body: string[] = [];
  let total = 0;
  const line = (cells: Record<number, string>) => {
    const out = new Array(33).fill("");
    out[0] = period.id;
    for (const [i, v] of Object.entries(cells)) out[Number(i)] = v;
    body.push(out.join("\t"));
  };
  const sales = new Map<string, { units: number; revenue: number }>();
  for (const r of rows) {
    const sku = skuOf.get(r.asin);
    if (!sku) continue;
    const s = sales.get(r.asin) ?? { units: 0, revenue: 0 };
    s.units += r.units;
    s.revenue += r.revenue;
    sales.set(r.asin, s);
    if (r.refund_units > 0) {
      const orderId = `S${hashNumber(`${market.code}${r.asin}${r.date}`)}`;
      total -= r.refund_amount;
      line({
        6: "Refund",
        7: orderId,
        9: `R${orderId.slice(1)}`,
        11: channel,
        16: "AFN",
        17: `${r.date}T12:00:00+00:00`,
        21: sku,
        22: String(r.refund_units),
        23: "Principal",
        24: money(-r.refund_amount),
      });
    }
  }
  for (const [asin, s] of sales) {
    if (s.units <= 0) continue;
    const fee = fees.get(asin);
    const commission = -Math.round(s.revenue * (fee?.referral_fee_pct ?? 15)) / 100;
    const fba = -Math.round((fee?.fulfillment_fee ?? 0) * s.units * 100) / 100;
    total += s.revenue + commission + fba;
    const orderId = `S${hashNumber(`${market.code}${asin}${period.id}`)}`;
    const common = {
      6: "Order",
      7: orderId,
      11: channel,
      16: "AFN",
      17: `${period.end}T12:00:00+00:00`,
      21: skuOf.get(asin)!,
      22: String(s.units),
    };
    line({ ...common, 23: "Principal", 24: money(s.revenue) });
    line({ ...common, 25: "Commission", 26: money(commission) });
    line({ ...common, 25: "FBAPerUnitFulfillmentFee", 26: money(fba) });
  }
  const head = new Array(33).fill("");
  head[0] = period.id;
  head[1] = `${period.start}T00:00:00+00:00`;
  head[2] = `${addDaysIso(period.end, 1)}T00:00:00+00:00`;
  head[3] = `${period.created}T00:00:00+00:00`;
  head[4] = money(total);
  head[5] = market.currency;
  return `${[SETTLEMENT_COLUMNS, head.join("\t"), ...body].join("\n")}\n`;
}

export const ADS_REPORT_TYPES = ["spCampaigns", "spTargeting", "spSearchTerm", "spAdvertisedProduct"] as const;
export type AdsReportType = (typeof ADS_REPORT_TYPES)[number];

const AD_TABLE: Record<
  AdsReportType,
  "ad_campaign_daily" | "ad_target_daily" | "ad_search_term_daily" | "ad_product_daily"
> = {
  spCampaigns: "ad_campaign_daily",
  spTargeting: "ad_target_daily",
  spSearchTerm: "ad_search_term_daily",
  spAdvertisedProduct: "ad_product_daily",
};

/** Sponsored Products v3 report rows (timeUnit DAILY) for one profile over startDate..endDate. */
export async function adsReportRows(
  seller: SandboxSeller,
  market: SandboxMarketplace,
  reportType: AdsReportType,
  start: string,
  end: string,
): Promise<Record<string, unknown>[]> {
  const structure = await seller.adStructure(market.code);
  const rows = await seller.adDaily(AD_TABLE[reportType], market.code, start, end);
  return rows.map((r) => {
    const campaign = structure.campaigns.get(String(r.campaign_id));
    const group = r.ad_group_id === undefined ? undefined : structure.groups.get(String(r.ad_group_id));
    const out: Record<string, unknown> = {
      date: r.date,
      campaignId: Number(r.campaign_id),
      campaignName: campaign?.name ?? "",
    };
    if (reportType === "spCampaigns") {
      out.campaignStatus = campaign?.state ?? "ENABLED";
      out.campaignBudgetAmount = campaign?.daily_budget ?? null;
      out.campaignBudgetType = "DAILY";
      out.topOfSearchImpressionShare = r.top_of_search_is ?? null;
    } else {
      out.adGroupId = Number(r.ad_group_id);
      out.adGroupName = group?.name ?? "";
    }
    if (reportType === "spTargeting" || reportType === "spSearchTerm") {
      const target = structure.targets.get(String(r.target_id));
      const matchType =
        target?.kind === "auto"
          ? "TARGETING_EXPRESSION_PREDEFINED"
          : target?.kind === "product_target"
            ? "TARGETING_EXPRESSION"
            : (target?.match_type ?? "EXACT");
      out.keywordId = Number(r.target_id);
      out.keyword = target?.text ?? "";
      out.targeting = target?.text ?? "";
      out.keywordType = matchType;
      out.matchType = matchType;
      out.keywordBid = target?.bid ?? null;
      if (reportType === "spTargeting") out.topOfSearchImpressionShare = r.top_of_search_is ?? null;
      if (reportType === "spSearchTerm") out.searchTerm = r.search_term;
    }
    if (reportType === "spAdvertisedProduct") {
      out.advertisedAsin = r.asin;
      out.advertisedSku = r.sku ?? null;
    }
    out.impressions = r.impressions;
    out.clicks = r.clicks;
    out.cost = r.spend;
    out.purchases7d = r.orders;
    out.sales7d = r.sales;
    out.unitsSoldClicks7d = r.units;
    out.campaignBudgetCurrencyCode = market.currency;
    return out;
  });
}
