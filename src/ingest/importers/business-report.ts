/**
 * Seller Central Business Report CSV, "Detail Page Sales and Traffic by Child
 * Item" (or by Parent Item / by SKU): quoted cells, grouped numbers, currency
 * symbols and percentages. The file carries no dates, so the user says which
 * day (--date) or days (--period) it covers.
 */
import { cell, type Columns } from "../columns.js";
import { requirePeriod, type HandlerResult, type ImportContext, type RowHandler } from "../context.js";
import { addBuyBox, emptyTotals, writePeriodTotals, type AsinTotals } from "../period-totals.js";
import { parseCount, parseNumber, requireText } from "../values.js";

export const BUSINESS_REPORT_FORMAT = {
  reportType: "BUSINESS_REPORT_DETAIL_PAGE_SALES_AND_TRAFFIC",
  label: "Business Report: Detail Page Sales and Traffic by Child Item (CSV; needs the day it covers)",
  matches: (cols: Columns) =>
    cols.has("(child) asin", "(parent) asin") && cols.has("sessions - total", "sessions") && cols.has("units ordered"),
};

export function businessReportHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const period = requirePeriod(ctx, "A Business Report");
  const at = {
    asin: cols.find("(child) asin", "(parent) asin"),
    sessions: cols.find("sessions - total", "sessions"),
    views: cols.find("page views - total", "page views"),
    buyBox: cols.find("featured offer (buy box) percentage", "buy box percentage", "featured offer percentage"),
    units: cols.find("units ordered"),
    sales: cols.find("ordered product sales"),
    orders: cols.find("total order items"),
  };
  const name = (i: number) => cols.nameAt(i);
  const totals = new Map<string, AsinTotals>();
  return {
    row(cells) {
      const asin = requireText(cell(cells, at.asin), name(at.asin));
      // Every cell is read before anything is added, so a bad row adds nothing.
      const pageViews = parseCount(cell(cells, at.views), name(at.views)) ?? 0;
      const units = parseCount(cell(cells, at.units), name(at.units)) ?? 0;
      const revenue = parseNumber(cell(cells, at.sales), name(at.sales)) ?? 0;
      const orders = parseCount(cell(cells, at.orders), name(at.orders)) ?? 0;
      const sessions = parseCount(cell(cells, at.sessions), name(at.sessions)) ?? 0;
      const buyBox = parseNumber(cell(cells, at.buyBox), name(at.buyBox));
      const t = totals.get(asin) ?? emptyTotals();
      t.units += units;
      t.revenue += revenue;
      t.orders += orders;
      t.sessions += sessions;
      t.pageViews += pageViews;
      addBuyBox(t, buyBox, pageViews);
      totals.set(asin, t);
    },
    async finish(): Promise<HandlerResult> {
      const written = totals.size ? writePeriodTotals(ctx, ctx.marketplaces.fallback(), period, totals) : 0;
      return { written, periodStart: period.start, periodEnd: period.end };
    },
  };
}
