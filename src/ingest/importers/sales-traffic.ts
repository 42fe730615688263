/**
 * GET_SALES_AND_TRAFFIC_REPORT (JSON): the per-ASIN section
 * (salesAndTrafficByAsin, child ASIN or SKU granularity) goes to daily_sales
 * over the report's period. The by-date section holds account-wide totals
 * with no ASIN, which the mirror does not keep.
 */
import { SellerAiError } from "../../core/errors.js";
import { marketplaceFromText } from "../marketplaces.js";
import type { HandlerResult, ImportContext, Period } from "../context.js";
import { addBuyBox, emptyTotals, writePeriodTotals, type AsinTotals } from "../period-totals.js";
import { checkSpreadSpan, excerpt, quoted } from "../limits.js";
import { parseDate, RowError } from "../values.js";

export const SALES_TRAFFIC_FORMAT = {
  reportType: "GET_SALES_AND_TRAFFIC_REPORT",
  label: "Sales and Traffic report (JSON, by date and by ASIN or SKU)",
};

type Json = Record<string, unknown>;

function num(obj: Json | undefined, key: string, where: string): number | undefined {
  const value = obj?.[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object") return num(value as Json, "amount", `${where}.${key}`);
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new RowError(`${where}.${key}: not a number: ${quoted(JSON.stringify(value))}`);
  return value;
}

/** A metric that Amazon once spelt wrongly (browerPageViews) or that can be summed from its parts. */
function views(traffic: Json | undefined, where: string): number {
  const total = num(traffic, "pageViews", where);
  if (total !== undefined) return total;
  const browser = num(traffic, "browserPageViews", where) ?? num(traffic, "browerPageViews", where) ?? 0;
  return browser + (num(traffic, "mobileAppPageViews", where) ?? 0);
}

function sessions(traffic: Json | undefined, where: string): number {
  const total = num(traffic, "sessions", where);
  if (total !== undefined) return total;
  return (
    (num(traffic, "browserSessions", where) ?? num(traffic, "browerSessions", where) ?? 0) +
    (num(traffic, "mobileAppSessions", where) ?? 0)
  );
}

/** The member names of a Sales and Traffic report whose arrays are read entry by entry. */
const BY_ASIN = "salesAndTrafficByAsin";
const BY_DATE = "salesAndTrafficByDate";

/**
 * Reads a Sales and Traffic report as it streams (see json-stream.ts): the
 * per-ASIN entries are summed as they come, so memory holds one entry and the
 * sums per ASIN, whatever the file's size; `finish` writes them once the
 * whole report (its reportSpecification may come last) has been read.
 * `reject(where, reason)` reports a bad entry; `counted()` counts one entry read.
 */
export function salesTrafficReader(
  ctx: ImportContext,
  reject: (where: string, reason: string) => void,
  counted: () => void,
) {
  let spec: Json = {};
  let isReport = false;
  const sections = new Set<string>();
  let index = 0;
  let byDate = 0;
  let currency: string | null = null;
  const totals = new Map<string, AsinTotals>();
  const entry = (entry: unknown) => {
    const where = `salesAndTrafficByAsin[${index++}]`;
    counted();
    try {
      if (typeof entry !== "object" || entry === null) throw new RowError("not an object");
      const e = entry as Json;
      const asin =
        (typeof e.childAsin === "string" && e.childAsin) ||
        (typeof e.asin === "string" && e.asin) ||
        (typeof e.parentAsin === "string" && e.parentAsin);
      if (!asin) throw new RowError("childAsin: missing value");
      const sales = e.salesByAsin as Json | undefined;
      const traffic = e.trafficByAsin as Json | undefined;
      const money = sales?.orderedProductSales as Json | undefined;
      if (typeof money?.currencyCode === "string") currency = money.currencyCode;
      const pageViews = views(traffic, where);
      const units = num(sales, "unitsOrdered", where) ?? 0;
      const revenue = num(sales, "orderedProductSales", where) ?? 0;
      const orders = num(sales, "totalOrderItems", where) ?? 0;
      const visits = sessions(traffic, where);
      const buyBox = num(traffic, "buyBoxPercentage", where);
      const t = totals.get(asin) ?? emptyTotals();
      t.units += units;
      t.revenue += revenue;
      t.orders += orders;
      t.sessions += visits;
      t.pageViews += pageViews;
      addBuyBox(t, buyBox, pageViews);
      totals.set(asin, t);
    } catch (error) {
      if (error instanceof RowError) reject(where, error.message);
      else throw error;
    }
  };
  return {
    streamed: new Set([BY_ASIN, BY_DATE]),
    onArrayStart(key: string) {
      // JSON.parse would keep the last of two sections of one name; summing both would count twice.
      if (sections.has(key))
        throw new SellerAiError("import_rejected", `the report holds ${key} twice; it is not a report Amazon writes.`);
      sections.add(key);
      isReport = true;
    },
    onElement(key: string, value: unknown) {
      if (key === BY_ASIN) entry(value);
      else byDate++;
    },
    onMember(key: string, value: unknown) {
      if (key !== "reportSpecification" || typeof value !== "object" || value === null || Array.isArray(value)) return;
      spec = value as Json;
      if (spec.reportType === SALES_TRAFFIC_FORMAT.reportType) isReport = true;
    },
    /** Whether the object read is a Sales and Traffic report (by its type or its sections). */
    get isReport() {
      return isReport;
    },
    async finish(): Promise<HandlerResult> {
      const start = typeof spec.dataStartTime === "string" ? parseDate(spec.dataStartTime, "dataStartTime") : undefined;
      const end = typeof spec.dataEndTime === "string" ? parseDate(spec.dataEndTime, "dataEndTime") : undefined;
      const period: Period | undefined = ctx.period ?? (start && end ? { start, end } : undefined);
      if (!period)
        throw new SellerAiError(
          "usage",
          "the Sales and Traffic report has no dataStartTime/dataEndTime: say which days it covers.",
          { details: { field: "period" } },
        );
      if (!ctx.period) checkSpreadSpan(period, "the report's dataStartTime..dataEndTime");
      const ids = Array.isArray(spec.marketplaceIds)
        ? (spec.marketplaceIds as unknown[]).filter((x): x is string => typeof x === "string")
        : [];
      if (ids.length > 1 && !ctx.period)
        ctx.note(
          `the report covers ${ids.length} marketplaces together; its figures are stored under the first (${excerpt(ids[0])}).`,
        );
      if (byDate)
        ctx.note(
          `${byDate} account-wide daily totals (salesAndTrafficByDate) read but not stored: the mirror keeps figures per ASIN.`,
        );
      if (index === 0) return { written: 0, periodStart: period.start, periodEnd: period.end };
      const named = ids.map((id) => marketplaceFromText(id)?.code).find(Boolean);
      const marketplace = ctx.marketplaces.resolve(named ?? null, currency);
      const written = writePeriodTotals(ctx, marketplace, period, totals);
      return { written, periodStart: period.start, periodEnd: period.end };
    },
  };
}
