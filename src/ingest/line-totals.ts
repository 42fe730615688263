/**
 * Daily sales summed from an order file's own lines as they stream by. When
 * the lines of a marketplace are the first the account has there, these sums
 * are the daily figures, and writing them spares re-reading a million lines
 * through the index; otherwise the touched cells are recomputed from every
 * stored line (see reaggregate.ts).
 */
import type Database from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { AffectedCells } from "./reaggregate.js";
import type { ImportContext } from "./context.js";

const COLUMNS = ["account_id", "marketplace", "asin", "date", "units", "revenue", "orders"] as const;
const BATCH = 500;
/** Bound values per day: the account is written into the statement. */
const WIDTH = COLUMNS.length - 1;

/** A file's daily sums as plain data, in the daily sales' key order (see OrderLineTotals.toData). */
export interface OrderLineTotalsData {
  count: number;
  /** The marketplaces of the cells. */
  marketplaces: string[];
  /** marketplace, ASIN and day of each cell, TAB-separated. */
  keys: string;
  units: Float64Array;
  /** Revenue, its rounding errors compensated. */
  revenue: Float64Array;
  orders: Int32Array;
}

/** The (marketplace, ASIN, day) cells of an order file with the units, revenue and orders of their counted lines. */
export class OrderLineTotals {
  // marketplace -> date -> ASIN -> cell number; the lines of one order share marketplace and day.
  private readonly cells = new Map<string, Map<string, Map<string, number>>>();
  private lastMarketplace = "";
  private lastDate = "";
  private last: Map<string, number> | undefined;
  // The figures of cell n at [n], in typed arrays: no object per cell, no boxed number per addition.
  private count = 0;
  private units = new Float64Array(1024);
  /** Money summed with Neumaier's compensation, as SQLite's sum() does. */
  private revenue = new Float64Array(1024);
  private compensation = new Float64Array(1024);
  private orders = new Int32Array(1024);
  /** The run of adjacent lines of one order that last counted in the cell: an order counts once a day and ASIN. */
  private lastRun = new Float64Array(1024);
  private readonly keys: { marketplace: string; asin: string; date: string }[] = [];

  /** Adds a line; `run` numbers the runs of adjacent lines of one order. */
  add(marketplace: string, asin: string, date: string, run: number, counted: boolean, quantity: number, price: number): void {
    let asins = this.last;
    if (asins === undefined || date !== this.lastDate || marketplace !== this.lastMarketplace) {
      let days = this.cells.get(marketplace);
      if (!days) this.cells.set(marketplace, (days = new Map()));
      asins = days.get(date);
      if (!asins) days.set(date, (asins = new Map()));
      this.last = asins;
      this.lastMarketplace = marketplace;
      this.lastDate = date;
    }
    let n = asins.get(asin);
    if (n === undefined) {
      n = this.count++;
      if (n === this.units.length) this.grow();
      this.lastRun[n] = -1;
      asins.set(asin, n);
      this.keys.push({ marketplace, asin, date });
    }
    if (!counted) return;
    this.units[n] += quantity;
    const before = this.revenue[n];
    const sum = before + price;
    this.compensation[n] += Math.abs(before) >= Math.abs(price) ? before - sum + price : price - sum + before;
    this.revenue[n] = sum;
    if (this.lastRun[n] !== run) {
      this.orders[n]++;
      this.lastRun[n] = run;
    }
  }

  private grow(): void {
    const size = this.units.length * 2;
    const wider = <A extends Float64Array | Int32Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(size);
      b.set(a);
      return b;
    };
    this.units = wider(this.units);
    this.revenue = wider(this.revenue);
    this.compensation = wider(this.compensation);
    this.orders = wider(this.orders);
    this.lastRun = wider(this.lastRun);
  }

  /**
   * The sums as plain data in the daily sales' key order (marketplace, ASIN,
   * day), the keys in one string and the figures in typed arrays: cheap to
   * send to another thread, and ready to write.
   */
  toData(): OrderLineTotalsData {
    const keys = this.keys;
    const order = keyOrder(keys);
    const count = keys.length;
    const text: string[] = new Array(count);
    const units = new Float64Array(count);
    const revenue = new Float64Array(count);
    const orders = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const n = order[i];
      const k = keys[n];
      text[i] = `${k.marketplace}\t${k.asin}\t${k.date}`;
      units[i] = this.units[n];
      revenue[i] = this.revenue[n] + this.compensation[n];
      orders[i] = this.orders[n];
    }
    return { count, marketplaces: this.marketplaces, keys: text.join("\t"), units, revenue, orders };
  }

  get marketplaces(): string[] {
    return [...this.cells.keys()];
  }
}

/** A file's daily sums, ready to write (from OrderLineTotals.toData, made on this thread or another). */
export class DailySums {
  constructor(readonly data: OrderLineTotalsData) {}

  get marketplaces(): string[] {
    return this.data.marketplaces;
  }

  /** The touched cells, for recomputing them from every stored line. */
  affected(): AffectedCells {
    const affected = new AffectedCells();
    const fields = this.data.count === 0 ? [] : this.data.keys.split("\t");
    for (let i = 0; i < fields.length; i += 3) affected.add(fields[i], fields[i + 1], fields[i + 2]);
    return affected;
  }

  /**
   * Writes the sums as the daily sales of their cells (units, revenue to the
   * cent and orders; the other figures of a stored day are kept).
   */
  write(ctx: ImportContext): number {
    const totals = this.data;
    const count = totals.count;
    if (count === 0) return 0;
    const fields = totals.keys.split("\t");
    // Writing at least as many days as are stored, the day index is quicker rebuilt than maintained.
    const restore = storedRows(ctx, "daily_sales", 2 * count) < count ? ctx.writer.suspendIndex(DAY_INDEX) : undefined;
    const params: unknown[] = new Array(BATCH * WIDTH);
    let written = 0;
    for (let start = 0; start < count; start += BATCH) {
      const end = Math.min(count, start + BATCH);
      if (end - start < BATCH) params.length = (end - start) * WIDTH;
      let p = 0;
      for (let i = start; i < end; i++) {
        params[p++] = fields[3 * i];
        params[p++] = fields[3 * i + 1];
        params[p++] = fields[3 * i + 2];
        params[p++] = totals.units[i];
        params[p++] = totals.revenue[i];
        params[p++] = totals.orders[i];
      }
      written += upsertStatement(ctx, end - start).run(params).changes;
    }
    restore?.();
    return written;
  }
}

/**
 * Cell numbers sorted by (marketplace, ASIN, day): each key part is replaced
 * by its rank among the distinct values, and rank and cell number packed in
 * one float, so one numeric sort of a typed array does the work.
 */
function keyOrder(keys: readonly { marketplace: string; asin: string; date: string }[]): Float64Array {
  const rank = (pick: (k: (typeof keys)[number]) => string) => {
    const distinct = [...new Set(keys.map(pick))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { of: new Map(distinct.map((v, i) => [v, i])), size: distinct.length };
  };
  const marketplaces = rank((k) => k.marketplace);
  const asins = rank((k) => k.asin);
  const dates = rank((k) => k.date);
  const cells = 2 ** Math.ceil(Math.log2(keys.length + 1));
  const packed = new Float64Array(keys.length);
  const keyOf = (k: (typeof keys)[number]) => (marketplaces.of.get(k.marketplace)! * asins.size + asins.of.get(k.asin)!) * dates.size + dates.of.get(k.date)!;
  if (marketplaces.size * asins.size * dates.size * cells > Number.MAX_SAFE_INTEGER) {
    // Too many to pack exactly: the keys are compared instead.
    const order = Array.from({ length: keys.length }, (_, n) => n).sort((a, b) => keyOf(keys[a]) - keyOf(keys[b]));
    return Float64Array.from(order);
  }
  keys.forEach((k, n) => {
    packed[n] = keyOf(k) * cells + n;
  });
  packed.sort();
  for (let i = 0; i < packed.length; i++) packed[i] = packed[i] % cells;
  return packed;
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
  return Number((ctx.sqlite.prepare(query.sql).get(...query.parameters) as { n: number }).n);
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** An upsert of `count` days' units, revenue (rounded to the cent by SQLite, like the recomputation) and orders. */
function upsertStatement(ctx: ImportContext, count: number): Database.Statement {
  let cache = statements.get(ctx.sqlite);
  if (!cache) statements.set(ctx.sqlite, (cache = new Map()));
  const key = JSON.stringify([ctx.accountId, count]);
  let statement = cache.get(key);
  if (statement) return statement;
  const db = ctx.db as unknown as Kysely<any>;
  const row = { account_id: sql.lit(ctx.accountId), marketplace: null, asin: null, date: null, units: null, revenue: sql`round(${null}, 2)`, orders: null };
  const query = db
    .insertInto("daily_sales")
    .columns([...COLUMNS])
    .values(Array.from({ length: count }, () => row))
    .onConflict((oc) =>
      oc.columns(["account_id", "marketplace", "asin", "date"]).doUpdateSet({
        units: sql.ref("excluded.units"),
        revenue: sql.ref("excluded.revenue"),
        orders: sql.ref("excluded.orders"),
      }),
    );
  statement = ctx.sqlite.prepare(query.compile().sql);
  cache.set(key, statement);
  return statement;
}
