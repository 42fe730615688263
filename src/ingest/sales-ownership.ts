/**
 * Which report gives a day's sales figures, whatever order the reports are
 * imported in (a sync imports them as they arrive; files come in any
 * order), so that a mirror's daily sales depend on what was imported and
 * never on when:
 *
 * - Units, revenue and orders of a (marketplace, ASIN, day) for which order
 *   lines are stored come from those lines, whatever status they have
 *   (a cancelled line makes the cell the lines' too, with nothing counted):
 *   lines are exact, follow later statuses and cancellations, and are what
 *   order-level questions are answered from.
 * - Reports of per-ASIN totals (Sales and Traffic, Business Reports) give
 *   units, revenue and orders only to the cells without order lines (a sync
 *   fetches order lines for the last 30 days only: older days keep Sales and
 *   Traffic's figures), and always give the traffic: sessions, page views
 *   and the Buy Box percentage, which no order line carries.
 * - Refunds come from settlements alone (see reaggregate.ts).
 *
 * The order importers write every cell their lines touch (daily-sums.ts,
 * reaggregate.ts); the per-ASIN importers ask here which of their cells the
 * lines own (period-totals.ts).
 */
import type { Kysely } from "kysely";
import type { BulkStatement, BulkStatements } from "../store/backend.js";
import type { ImportContext, Period } from "./context.js";

/** The ownership query, prepared once per connection: a sync asks it for each of thousands of daily reports. */
const prepared = new WeakMap<BulkStatements, BulkStatement>();

/** The cells of a marketplace within `period` whose sales figures belong to stored order lines, as `asin\tdate`. */
export function cellsOwnedByOrderLines(ctx: ImportContext, marketplace: string, period: Period): Set<string> {
  const db = ctx.db as unknown as Kysely<any>;
  // Day first: the order lines' (purchase_date, asin, account_id, marketplace, …) index covers the query.
  const query = db
    .selectFrom("order_lines")
    .select(["purchase_date", "asin"])
    .distinct()
    .where("purchase_date", ">=", period.start)
    .where("purchase_date", "<=", period.end)
    .where("account_id", "=", ctx.accountId)
    .where("marketplace", "=", marketplace)
    .compile();
  let statement = prepared.get(ctx.statements);
  if (!statement) prepared.set(ctx.statements, (statement = ctx.statements.prepare(query.sql)));
  const rows = statement.all(...query.parameters) as { purchase_date: string; asin: string }[];
  return new Set(rows.map((r) => cellKey(r.asin, r.purchase_date)));
}

export function cellKey(asin: string, date: string): string {
  return `${asin}\t${date}`;
}
