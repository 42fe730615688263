/**
 * Per-ASIN totals for a span of days (Sales and Traffic by ASIN, Business
 * Reports) written to daily_sales. One day lands as is; several days are
 * spread evenly over the period (counts by largest remainder, money in
 * cents), so any range covering the period adds up to the report's figures,
 * except on the days whose units, revenue and orders come from order lines
 * (see sales-ownership.ts), which take only the traffic.
 */
import { Batch, type ImportContext, type Period } from "./context.js";
import { cellKey, cellsOwnedByOrderLines } from "./sales-ownership.js";
import { daysOf, spreadCount, spreadMoney } from "./spread.js";

export interface AsinTotals {
  units: number;
  revenue: number;
  orders: number;
  sessions: number;
  pageViews: number;
  /** Buy Box percentage weighted by page views (sum of pct × views), with the views it weighs. */
  buyBoxWeighted: number;
  buyBoxViews: number;
  buyBoxSimple: number | null;
}

export function emptyTotals(): AsinTotals {
  return {
    units: 0,
    revenue: 0,
    orders: 0,
    sessions: 0,
    pageViews: 0,
    buyBoxWeighted: 0,
    buyBoxViews: 0,
    buyBoxSimple: null,
  };
}

export function addBuyBox(t: AsinTotals, pct: number | undefined, views: number): void {
  if (pct === undefined) return;
  t.buyBoxWeighted += pct * views;
  t.buyBoxViews += views;
  t.buyBoxSimple = pct;
}

/** Writes the totals of every ASIN of one marketplace over `period`; returns rows written. */
export function writePeriodTotals(
  ctx: ImportContext,
  marketplace: string,
  period: Period,
  totals: ReadonlyMap<string, AsinTotals>,
): number {
  const days = daysOf(period);
  const n = days.length;
  if (n > 1) ctx.note(`figures per ASIN cover ${period.start}..${period.end}: spread evenly over its ${n} days.`);
  const key = { conflictColumns: ["account_id", "marketplace", "asin", "date"] };
  const batch = new Batch(ctx.writer, "daily_sales", key);
  // Cells whose sales belong to order lines: the traffic only (the lines' figures are kept, or written later).
  const trafficOnly = new Batch(ctx.writer, "daily_sales", key);
  const owned = cellsOwnedByOrderLines(ctx, marketplace, period);
  for (const [asin, t] of totals) {
    const units = spreadCount(t.units, n);
    const revenue = spreadMoney(t.revenue, n);
    const orders = spreadCount(t.orders, n);
    const sessions = spreadCount(t.sessions, n);
    const views = spreadCount(t.pageViews, n);
    const buyBox = t.buyBoxViews > 0 ? Math.round((t.buyBoxWeighted / t.buyBoxViews) * 100) / 100 : t.buyBoxSimple;
    days.forEach((date, i) => {
      const cell = { account_id: ctx.accountId, marketplace, asin, date };
      const traffic = { sessions: sessions[i], page_views: views[i], buy_box_pct: buyBox };
      if (owned.has(cellKey(asin, date))) trafficOnly.push({ ...cell, ...traffic });
      else batch.push({ ...cell, units: units[i], revenue: revenue[i], orders: orders[i], ...traffic });
    });
  }
  batch.flush();
  trafficOnly.flush();
  return batch.written + trafficOnly.written;
}
