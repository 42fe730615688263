/**
 * Daily sales summed from an order file's own lines as they stream by. When
 * the lines of a marketplace are the first the account has there, these sums
 * are the daily figures, and writing them spares re-reading a million lines
 * through the index; otherwise the touched cells are recomputed from every
 * stored line (see reaggregate.ts).
 */
import { sql, type Kysely } from "kysely";
import type { BulkStatement, BulkStatements } from "../store/backend.js";
import { dialectOf } from "../store/dialect.js";
import { firstSalesTotals, type FirstSalesTotals } from "../store/first-sales-totals.js";
import type { ImportContext } from "./context.js";
import { CELL_SHAPE, type DailyCell, type OrderLineTotalsData } from "./line-totals.js";
import { packedParameters, packedTexts, strideOf } from "./packed-rows.js";
import { AffectedCells, sumSalesOfMarketplaces } from "./reaggregate.js";

/** A file's daily sums, ready to write (from OrderLineTotals.toData, made on this thread or another). */
export class DailySums {
  constructor(readonly data: OrderLineTotalsData) {}

  get marketplaces(): string[] {
    return this.data.marketplaces;
  }

  /** The cells, in the daily sales' key order. */
  cells(): DailyCell[] {
    const cells: DailyCell[] = [];
    this.forEachCell((marketplace, asin, date, units, revenue, orders) =>
      cells.push({ marketplace, asin, date, units, revenue, orders }),
    );
    return cells;
  }

  /**
   * Reads the packed cells once for every reader: `visit` gets each cell's key and figures, in the daily
   * sales' key order (no object per cell), and `batchDone` is called after each packed batch.
   */
  private forEachCell(
    visit: (marketplace: string, asin: string, date: string, units: number, revenue: number, orders: number) => void,
    batchDone?: () => void,
  ): void {
    const stride = strideOf(CELL_SHAPE);
    for (const batch of this.data.batches) {
      const texts = packedTexts(batch);
      const numbers = batch.numbers;
      for (let i = 0; i < batch.count; i++) {
        const figures = CELL_SHAPE.texts + 1 + i * stride;
        visit(
          texts[3 * i],
          texts[3 * i + 1],
          texts[3 * i + 2],
          numbers[figures],
          numbers[figures + 1],
          numbers[figures + 2],
        );
      }
      batchDone?.();
    }
  }

  /** The touched cells, for recomputing them from every stored line. */
  affected(): AffectedCells {
    const affected = new AffectedCells();
    for (const cell of this.cells()) affected.add(cell.marketplace, cell.asin, cell.date);
    return affected;
  }

  /**
   * Writes the sums as the daily sales of their cells (units, revenue to the
   * cent and orders; the other figures of a stored day are kept).
   */
  write(ctx: ImportContext): number {
    const count = this.data.count;
    if (count === 0) return 0;
    // Writing at least as many days as are stored, the day index is quicker rebuilt than maintained.
    const restore = storedRows(ctx, "daily_sales", 2 * count) < count ? ctx.writer.suspendIndex(DAY_INDEX) : undefined;
    let params: unknown[] | undefined;
    let written = 0;
    for (const batch of this.data.batches) {
      params = packedParameters(batch, params);
      written += upsertStatement(ctx, batch.count).run(params).changes;
    }
    restore?.();
    return written;
  }

  /**
   * Writes the same figures for an engine that loads rows faster than it
   * takes them in statements (PostgreSQL's COPY). Into a table without daily
   * sales the sums go in as they are, loaded, with the key built once after
   * them; otherwise they are summed from the stored order lines of the file's
   * marketplaces, which hold only the file's lines, in one statement.
   * `started` is called once what needs the server's answer is asked, before
   * the rows are made: what it queues on the server (an index rebuild) is
   * then built while this thread makes them.
   */
  async load(ctx: ImportContext, started?: () => void): Promise<number> {
    const count = this.data.count;
    if (count === 0) {
      started?.();
      return 0;
    }
    // Counted once: whether the load doubles the table, and whether the table is empty.
    const stored = storedRows(ctx, "daily_sales", 2 * count);
    const restore = stored < count ? ctx.writer.suspendIndex(DAY_INDEX) : undefined;
    // Set aside only when the table is empty: no stored row can then share a key with a loaded one.
    const restoreKey = stored === 0 ? ctx.writer.suspendKey?.("daily_sales", { empty: true }) : undefined;
    // The account's first sales: its running totals are these sums run on, made and loaded here too.
    const totals = restoreKey
      ? await firstSalesTotals(ctx.db as unknown as Kysely<any>, ctx.writer, ctx.accountId)
      : undefined;
    started?.();
    if (!restoreKey) {
      const written = await sumSalesOfMarketplaces(ctx, this.marketplaces);
      restore?.();
      return written;
    }
    const written = this.loadRows(ctx, totals);
    // Built while this thread formats the totals' rows, which load after them.
    restoreKey({ wait: false });
    restore?.({ wait: false });
    await totals?.load();
    return written;
  }

  /**
   * Loads every cell as a row (without conflicts: the writer loads them by COPY), revenue rounded to the
   * cent, handing each to `totals` as stored, and sums the totals while the last rows load. Queued where
   * the writer can, so that the server loads one part while the next is formatted.
   */
  private loadRows(ctx: ImportContext, totals?: FirstSalesTotals): number {
    const queue = ctx.writer.rowQueue?.("daily_sales", SUM_COLUMNS);
    const values: unknown[] = [];
    let written = 0;
    this.forEachCell(
      (marketplace, asin, date, units, revenue, orders) => {
        const cents = roundedToCents(revenue);
        values.push(ctx.accountId, marketplace, asin, date, units, cents, orders);
        totals?.add(marketplace, asin, date, units, cents, orders);
      },
      () => {
        if (queue) queue.add(values.splice(0));
        // A load per LOAD_VALUES values: the text of a million fields at once would double the memory.
        else if (values.length >= LOAD_VALUES)
          written += ctx.writer.writeValues("daily_sales", SUM_COLUMNS, values.splice(0));
      },
    );
    if (!queue) {
      written += ctx.writer.writeValues("daily_sales", SUM_COLUMNS, values);
      totals?.sum();
      return written;
    }
    totals?.sum();
    const { refused } = queue.finish();
    if (refused) throw refused.error;
    return this.data.count;
  }
}

/** Values per load of the file's sums (10,000 rows). */
const LOAD_VALUES = 70_000;
const SUM_COLUMNS = ["account_id", "marketplace", "asin", "date", "units", "revenue", "orders"] as const;

/**
 * `value` rounded to the cent as the engines' round(value, 2) does: PostgreSQL reads the double as a decimal
 * of 15 digits, rounds halves away from zero and reads the result back as the nearest double.
 */
export function roundedToCents(value: number): number {
  // Below a billion, the 15 digits the server reads and the double times 100 differ by under a thousandth
  // of a cent: away from a half cent by more than that, both round to the same cent, so the double is
  // rounded as it is (most sums lie close to a whole cent). Near a half cent, the digits decide.
  const scaled = Math.abs(value) * 100;
  if (scaled < 1e11 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-3) {
    const rounded = Math.round(scaled) / 100;
    return value < 0 && rounded !== 0 ? -rounded : rounded;
  }
  const digits = Math.abs(value).toPrecision(15);
  const point = digits.indexOf(".");
  // In exponent form a number is below a millionth (no cent) or past fifteen digits (no fraction).
  if (digits.includes("e")) return Math.abs(value) < 1 ? 0 : Number(value.toPrecision(15));
  if (point < 0 || digits.length - point - 1 <= 2) return Number(value.toPrecision(15)) || 0;
  const cents =
    BigInt(digits.slice(0, point) + digits.slice(point + 1, point + 3)) + (digits[point + 3] >= "5" ? 1n : 0n);
  const rounded = Number(cents) / 100;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The index of daily_sales by day (migration 0001). */
const DAY_INDEX = "daily_sales_date_idx";

/**
 * How many rows `table` holds, counting no further than `limit`: enough to
 * tell whether a load at least doubles it, without counting a large table.
 */
export function storedRows(ctx: ImportContext, table: "daily_sales" | "order_lines", limit: number): number {
  const db = ctx.db as unknown as Kysely<any>;
  const query = db
    .selectFrom(db.selectFrom(table).select(sql.lit(1).as("one")).limit(limit).as("t"))
    .select((eb) => eb.fn.countAll().as("n"))
    .compile();
  return Number((ctx.statements.prepare(query.sql).get(...query.parameters) as { n: number }).n);
}

const statements = new WeakMap<BulkStatements, Map<string, BulkStatement>>();

/** An upsert of `count` packed cells' units, revenue (rounded to the cent by SQLite, like the recomputation) and orders. */
function upsertStatement(ctx: ImportContext, count: number): BulkStatement {
  let cache = statements.get(ctx.statements);
  if (!cache) statements.set(ctx.statements, (cache = new Map()));
  const key = JSON.stringify([ctx.accountId, count]);
  let statement = cache.get(key);
  if (statement) return statement;
  const db = ctx.db as unknown as Kysely<any>;
  const cells = dialectOf(db).packedSource(db, count, CELL_SHAPE);
  const query = db
    .insertInto("daily_sales")
    .columns(["account_id", "marketplace", "asin", "date", "units", "revenue", "orders"])
    .expression(
      cells.from.select([
        sql.lit(ctx.accountId).as("account_id"),
        cells.text(0).as("marketplace"),
        cells.text(1).as("asin"),
        cells.text(2).as("date"),
        cells.figure(0).as("units"),
        dialectOf(db).round(cells.figure(1), 2).as("revenue"),
        cells.figure(2).as("orders"),
      ]),
    )
    .onConflict((oc) =>
      oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({
        units: sql.ref("excluded.units"),
        revenue: sql.ref("excluded.revenue"),
        orders: sql.ref("excluded.orders"),
      }),
    );
  statement = ctx.statements.prepare(query.compile().sql);
  cache.set(key, statement);
  return statement;
}
