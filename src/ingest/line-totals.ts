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
  // Marketplaces, ASINs and days are numbered as they first come, and a cell is found in the row of its
  // marketplace and day, at its ASIN's number: one small map lookup per line (the ASIN's) instead of a
  // chain of maps, most of them too large to stay in the processor's cache. The rows take 4 bytes per
  // day and ASIN of the catalog (3 MB for a year of 2,000 ASINs), less than the cells' own figures.
  private readonly marketplaceIds = new Map<string, number>();
  private readonly marketplaceNames: string[] = [];
  private readonly asinIds = new Map<string, number>();
  private readonly asinNames: string[] = [];
  private readonly dateIds = new Map<string, number>();
  private readonly dateNames: string[] = [];
  /** By marketplace, then day: cell number + 1 at each ASIN's number (0: no cell yet). */
  private readonly rows: (Int32Array | undefined)[][] = [];
  private lastMarketplace = "";
  private lastMarketplaceId = -1;
  private lastDate = "";
  private lastDateId = -1;
  // The figures and key of cell n at [n], in typed arrays: no object per cell, no boxed number per addition.
  private count = 0;
  private units = new Float64Array(1024);
  /** Money summed with Neumaier's compensation, as SQLite's sum() does. */
  private revenue = new Float64Array(1024);
  private compensation = new Float64Array(1024);
  private orders = new Int32Array(1024);
  /** The run of adjacent lines of one order that last counted in the cell: an order counts once a day and ASIN. */
  private lastRun = new Float64Array(1024);
  private cellMarketplace = new Int32Array(1024);
  private cellAsin = new Int32Array(1024);
  private cellDate = new Int32Array(1024);

  /** Adds a line; `run` numbers the runs of adjacent lines of one order. */
  add(marketplace: string, asin: string, date: string, run: number, counted: boolean, quantity: number, price: number): void {
    if (marketplace !== this.lastMarketplace || this.lastMarketplaceId < 0) {
      this.lastMarketplaceId = idOf(this.marketplaceIds, this.marketplaceNames, marketplace);
      this.lastMarketplace = marketplace;
      if (this.rows.length <= this.lastMarketplaceId) this.rows.push([]);
    }
    if (date !== this.lastDate || this.lastDateId < 0) {
      this.lastDateId = idOf(this.dateIds, this.dateNames, date);
      this.lastDate = date;
    }
    const m = this.lastMarketplaceId;
    const d = this.lastDateId;
    const a = idOf(this.asinIds, this.asinNames, asin);
    const days = this.rows[m];
    let row = days[d];
    if (row === undefined || row.length <= a) {
      const wider = new Int32Array(Math.max(64, 2 ** Math.ceil(Math.log2(this.asinNames.length + 1))));
      if (row) wider.set(row);
      days[d] = row = wider;
    }
    let n = row[a] - 1;
    if (n < 0) {
      n = this.count++;
      if (n === this.units.length) this.grow();
      this.lastRun[n] = -1;
      this.cellMarketplace[n] = m;
      this.cellAsin[n] = a;
      this.cellDate[n] = d;
      row[a] = n + 1;
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
    this.cellMarketplace = wider(this.cellMarketplace);
    this.cellAsin = wider(this.cellAsin);
    this.cellDate = wider(this.cellDate);
  }

  /**
   * The sums as plain data in the daily sales' key order (marketplace, ASIN,
   * day), the keys in one string and the figures in typed arrays: cheap to
   * send to another thread, and ready to write.
   */
  toData(): OrderLineTotalsData {
    const count = this.count;
    const marketplaces = ranks(this.marketplaceNames);
    const asins = ranks(this.asinNames);
    const dates = ranks(this.dateNames);
    const order = keyOrder(count, (n) => (marketplaces[this.cellMarketplace[n]] * this.asinNames.length + asins[this.cellAsin[n]]) * this.dateNames.length + dates[this.cellDate[n]]);
    const text: string[] = new Array(count);
    const units = new Float64Array(count);
    const revenue = new Float64Array(count);
    const orders = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const n = order[i];
      text[i] = `${this.marketplaceNames[this.cellMarketplace[n]]}\t${this.asinNames[this.cellAsin[n]]}\t${this.dateNames[this.cellDate[n]]}`;
      units[i] = this.units[n];
      revenue[i] = this.revenue[n] + this.compensation[n];
      orders[i] = this.orders[n];
    }
    return { count, marketplaces: this.marketplaces, keys: text.join("\t"), units, revenue, orders };
  }

  get marketplaces(): string[] {
    return [...this.marketplaceNames];
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

/** The number of `name`, given it the next number when it is new. */
function idOf(ids: Map<string, number>, names: string[], name: string): number {
  let id = ids.get(name);
  if (id === undefined) {
    id = names.length;
    ids.set(name, id);
    names.push(name);
  }
  return id;
}

/** Each name's rank among the names sorted by their UTF-16 code units, by its number. */
function ranks(names: readonly string[]): Int32Array {
  const sorted = names.map((_, i) => i).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  const rank = new Int32Array(names.length);
  sorted.forEach((id, r) => (rank[id] = r));
  return rank;
}

/**
 * Cell numbers 0..count-1 sorted by `keyOf`, a whole number below 2^53 / 2^k
 * for the k bits a cell number takes: key and cell number are packed in one
 * float, so one numeric sort of a typed array does the work.
 */
function keyOrder(count: number, keyOf: (n: number) => number): Float64Array {
  const cells = 2 ** Math.ceil(Math.log2(count + 1));
  let largest = 0;
  for (let n = 0; n < count; n++) largest = Math.max(largest, keyOf(n));
  if ((largest + 1) * cells > Number.MAX_SAFE_INTEGER) {
    // Too many to pack exactly: the keys are compared instead.
    return Float64Array.from(Array.from({ length: count }, (_, n) => n).sort((a, b) => keyOf(a) - keyOf(b)));
  }
  const packed = new Float64Array(count);
  for (let n = 0; n < count; n++) packed[n] = keyOf(n) * cells + n;
  packed.sort();
  for (let i = 0; i < count; i++) packed[i] = packed[i] % cells;
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
