/**
 * Daily sales summed from an order file's own lines as they stream by (see
 * daily-sums.ts for writing them). Pure: a reading worker thread runs it.
 */
import { RowPacker, type PackedRows, type RowShape } from "./packed-rows.js";

/** Cells per packed batch, and per insert. */
const BATCH = 500;
/** A packed cell: marketplace, ASIN, day; units, revenue (its rounding errors compensated), orders. */
export const CELL_SHAPE: RowShape = { texts: 3, figures: 3 };

/** A file's daily sums as plain data, in the daily sales' key order (see OrderLineTotals.toData). */
export interface OrderLineTotalsData {
  count: number;
  /** The marketplaces of the cells. */
  marketplaces: string[];
  /** The cells, packed in batches of at most BATCH. */
  batches: PackedRows[];
}

/** One cell of a file's daily sums. */
export interface DailyCell {
  marketplace: string;
  asin: string;
  date: string;
  units: number;
  revenue: number;
  orders: number;
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
  add(
    marketplace: string,
    asin: string,
    date: string,
    run: number,
    counted: boolean,
    quantity: number,
    price: number,
  ): void {
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
   * day), packed in batches ready to write: cheap to send to another thread.
   */
  toData(): OrderLineTotalsData {
    const count = this.count;
    const marketplaces = ranks(this.marketplaceNames);
    const asins = ranks(this.asinNames);
    const dates = ranks(this.dateNames);
    const order = keyOrder(
      count,
      (n) =>
        (marketplaces[this.cellMarketplace[n]] * this.asinNames.length + asins[this.cellAsin[n]]) *
          this.dateNames.length +
        dates[this.cellDate[n]],
    );
    const packer = new RowPacker(CELL_SHAPE);
    const batches: PackedRows[] = [];
    const texts: string[] = ["", "", ""];
    const figures = [0, 0, 0];
    for (let i = 0; i < count; i++) {
      const n = order[i];
      texts[0] = this.marketplaceNames[this.cellMarketplace[n]];
      texts[1] = this.asinNames[this.cellAsin[n]];
      texts[2] = this.dateNames[this.cellDate[n]];
      figures[0] = this.units[n];
      figures[1] = this.revenue[n] + this.compensation[n];
      figures[2] = this.orders[n];
      packer.add(texts, figures);
      if (packer.size === BATCH) batches.push(packer.take());
    }
    if (packer.size > 0) batches.push(packer.take());
    return { count, marketplaces: this.marketplaces, batches };
  }

  get marketplaces(): string[] {
    return [...this.marketplaceNames];
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
  for (let r = 0; r < sorted.length; r++) rank[sorted[r]] = r;
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
