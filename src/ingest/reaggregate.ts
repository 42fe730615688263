/**
 * Daily sales derived from line-level records (order lines, settlement
 * refunds) are recomputed for exactly the (marketplace, ASIN, day) cells a
 * file touched, from every line stored, so re-imports and later statuses
 * correct figures instead of adding to them.
 */
import { sql } from "kysely";
import { dialectOf, type TableName } from "../store/dialect.js";
import type { ImportContext } from "./context.js";

const AFFECTED = "import_affected_cells";
/** The temporary table's key, in the order of the order-line index it is joined to: day before ASIN. */
const AFFECTED_KEY = ["marketplace", "date", "asin"] as const;

/** The (marketplace, asin, date) cells a file touched. */
export class AffectedCells {
  // marketplace -> date -> ASINs. Nested rather than one joined key: this runs for every line of a
  // file, and the lines of one order share their marketplace and day, so the last set is reused.
  private readonly cells = new Map<string, Map<string, Set<string>>>();
  private lastMarketplace = "";
  private lastDate = "";
  private last: Set<string> | undefined;
  private count = 0;

  add(marketplace: string, asin: string, date: string): void {
    let asins = this.last;
    if (asins === undefined || date !== this.lastDate || marketplace !== this.lastMarketplace) {
      let days = this.cells.get(marketplace);
      if (!days) this.cells.set(marketplace, (days = new Map()));
      asins = days.get(date);
      if (!asins) days.set(date, (asins = new Set()));
      this.last = asins;
      this.lastMarketplace = marketplace;
      this.lastDate = date;
    }
    const before = asins.size;
    asins.add(asin);
    this.count += asins.size - before;
  }

  get size(): number {
    return this.count;
  }

  /** Loads the cells into a temporary table for set-based recomputation, in its key order so inserts append. */
  async load(ctx: ImportContext): Promise<void> {
    const db = ctx.db as unknown as import("kysely").Kysely<any>;
    await dialectOf(db)
      .compactTable(
        db.schema
          .createTable(AFFECTED)
          .temporary()
          .ifNotExists()
          .addColumn("marketplace", "text", (c) => c.notNull())
          .addColumn("date", "text", (c) => c.notNull())
          .addColumn("asin", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint(`${AFFECTED}_pk`, [...AFFECTED_KEY]),
      )
      .execute();
    await db.deleteFrom(AFFECTED).execute();
    const values: string[] = [];
    const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const marketplace of [...this.cells.keys()].sort(byteOrder)) {
      const days = this.cells.get(marketplace)!;
      for (const date of [...days.keys()].sort(byteOrder)) {
        for (const asin of [...days.get(date)!].sort(byteOrder)) values.push(marketplace, date, asin);
        if (values.length >= 30_000) ctx.writer.writeValues(AFFECTED as TableName, AFFECTED_KEY, values.splice(0));
      }
    }
    ctx.writer.writeValues(AFFECTED as TableName, AFFECTED_KEY, values);
  }
}

/** Units, revenue and orders of the touched cells, from the counted order lines. */
export async function recomputeSalesFromOrderLines(ctx: ImportContext, cells: AffectedCells): Promise<number> {
  if (cells.size === 0) return 0;
  await cells.load(ctx);
  const db = ctx.db as unknown as import("kysely").Kysely<any>;
  const { round } = dialectOf(db);
  const result = await db
    .insertInto("daily_sales")
    .columns(["account_id", "marketplace", "asin", "date", "units", "revenue", "orders"])
    .expression(
      db
        .selectFrom(`${AFFECTED} as a`)
        .leftJoin("order_lines as l", (join) =>
          join
            .on("l.account_id", "=", ctx.accountId)
            .onRef("l.marketplace", "=", "a.marketplace")
            .onRef("l.asin", "=", "a.asin")
            .onRef("l.purchase_date", "=", "a.date"),
        )
        // Cancelled lines are left out in the sums rather than in the join: a condition on `counted`
        // in the join would steer SQLite to the primary key instead of the (asin, date) index.
        .select([
          sql.val(ctx.accountId).as("account_id"),
          "a.marketplace",
          "a.asin",
          "a.date",
          sql`coalesce(sum(case when l.counted = 1 then l.quantity end), 0)`.as("units"),
          round(sql`coalesce(sum(case when l.counted = 1 then l.item_price end), 0)`, 2).as("revenue"),
          sql`count(distinct case when l.counted = 1 then l.order_id end)`.as("orders"),
        ])
        // SQLite needs a WHERE before ON CONFLICT in INSERT … SELECT to parse the upsert.
        .where(sql<boolean>`true`)
        // In the temporary table's key order: SQLite then groups as it scans, without sorting.
        .groupBy(["a.marketplace", "a.date", "a.asin"]),
    )
    .onConflict((oc) =>
      oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({
        units: sql.ref("excluded.units"),
        revenue: sql.ref("excluded.revenue"),
        orders: sql.ref("excluded.orders"),
      }),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Units, revenue and orders of every day of some marketplaces, summed from
 * the account's order lines there in one statement: when a file brought a
 * marketplace's first lines, an engine with its own loader (PostgreSQL's
 * COPY) sums them where they lie faster than it takes the file's own sums
 * row by row. The figures are those recomputeSalesFromOrderLines gives.
 */
export async function sumSalesOfMarketplaces(ctx: ImportContext, marketplaces: readonly string[]): Promise<number> {
  if (marketplaces.length === 0) return 0;
  const db = ctx.db as unknown as import("kysely").Kysely<any>;
  const { round } = dialectOf(db);
  // With no daily sales of these marketplaces stored, no row can conflict: a plain insert spares checking
  // each row's key before inserting it (and works while an empty table's key is set aside).
  const stored = await db
    .selectFrom("daily_sales")
    .select(sql.lit(1).as("one"))
    .where("account_id", "=", ctx.accountId)
    .where("marketplace", "in", [...marketplaces])
    .limit(1)
    .executeTakeFirst();
  const insert = db
    .insertInto("daily_sales")
    .columns(["account_id", "marketplace", "asin", "date", "units", "revenue", "orders"])
    .expression(
      db
        .selectFrom("order_lines as l")
        .select([
          "l.account_id",
          "l.marketplace",
          "l.asin",
          "l.purchase_date",
          sql`coalesce(sum(case when l.counted = 1 then l.quantity end), 0)`.as("units"),
          round(sql`coalesce(sum(case when l.counted = 1 then l.item_price end), 0)`, 2).as("revenue"),
          sql`count(distinct case when l.counted = 1 then l.order_id end)`.as("orders"),
        ])
        .where("l.account_id", "=", ctx.accountId)
        .where("l.marketplace", "in", [...marketplaces])
        .groupBy(["l.account_id", "l.marketplace", "l.asin", "l.purchase_date"]),
    );
  const result = await (stored
    ? insert.onConflict((oc) =>
        oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({
          units: sql.ref("excluded.units"),
          revenue: sql.ref("excluded.revenue"),
          orders: sql.ref("excluded.orders"),
        }),
      )
    : insert
  ).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Refund units and amounts of the touched cells, from the stored settlement refunds. */
export async function recomputeRefundsFromSettlements(ctx: ImportContext, cells: AffectedCells): Promise<number> {
  if (cells.size === 0) return 0;
  await cells.load(ctx);
  const db = ctx.db as unknown as import("kysely").Kysely<any>;
  const { round } = dialectOf(db);
  // From each cell to its products' SKUs to their refund lines of the day, each step an index seek, where
  // joining the cells to every refund line of the account made each settlement's import slower than the
  // one before. A refund's principal rows carry the refunded amount (negative) and, in most files, no
  // quantity: each refunded item line then counts as one unit.
  const result = await db
    .insertInto("daily_sales")
    .columns(["account_id", "marketplace", "asin", "date", "refund_units", "refund_amount"])
    .expression(
      db
        .selectFrom(`${AFFECTED} as a`)
        .leftJoin("products as p", (join) =>
          join
            .on("p.account_id", "=", ctx.accountId)
            .onRef("p.marketplace", "=", "a.marketplace")
            .onRef("p.asin", "=", "a.asin"),
        )
        .leftJoin("settlement_transactions as t", (join) =>
          join
            .onRef("t.account_id", "=", "p.account_id")
            .onRef("t.marketplace", "=", "p.marketplace")
            .onRef("t.sku", "=", "p.sku")
            .onRef("t.posted_date", "=", "a.date")
            .on("t.transaction_type", "=", "Refund")
            .on("t.price_type", "=", "Principal"),
        )
        .select([
          sql.val(ctx.accountId).as("account_id"),
          "a.marketplace",
          "a.asin",
          "a.date",
          sql<number>`coalesce(sum(case when t.account_id is null then null when t.quantity is null or t.quantity = 0 then 1 else abs(t.quantity) end), 0)`.as(
            "refund_units",
          ),
          round(sql`coalesce(sum(-t.price_amount), 0)`, 2).as("refund_amount"),
        ])
        .where(sql<boolean>`true`)
        .groupBy(["a.marketplace", "a.date", "a.asin"]),
    )
    .onConflict((oc) =>
      oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({
        refund_units: sql.ref("excluded.refund_units"),
        refund_amount: sql.ref("excluded.refund_amount"),
      }),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
