/**
 * The running sales totals of an account's first sales, made from the file's
 * own daily sums as they are loaded, in the layout the engine keeps (see
 * rollups.ts), and loaded by the engine's loader in the file's transaction.
 * The server then neither computes them nor inserts them row by row; the
 * rebuild after the file finds them marked (loaded-totals.ts) and keeps them.
 *
 * Only where those sums are the whole of the account's sales totals: no
 * stored daily sales (the caller knows), no running totals in the table, no
 * ad rows of the account (the sales totals sum its ad products' too, and the
 * other rollups' days would stretch the totals' last day).
 */
import type { Kysely } from "kysely";
import { addDaysIso } from "../core/dates.js";
import type { BulkWriter, Rebuild } from "./backend.js";
import { dialectOf, type TableName } from "./dialect.js";
import { markTotalsLoaded } from "./loaded-totals.js";
import { keptTotalDays, ROLLUPS, SALES_ROLLUP } from "./rollups.js";

/** The columns the totals give; the others (refunds, traffic, ads) stay at their default, 0, as the sums of a file's rows are. */
const COLUMNS = ["account_id", "grain", "period", "marketplace", "asin", "units", "revenue", "orders", "days"] as const;
/** Rows handed to the loader at a time. */
const ROWS_PER_ADD = 5_000;
const TOTALS = SALES_ROLLUP.rollup as TableName;

export interface FirstSalesTotals {
  /** One day's sums of a product, as stored in the daily sales; in their key order (marketplace, product, day). */
  add(marketplace: string, asin: string, date: string, units: number, revenue: number, orders: number): void;
  /**
   * Sums the totals' rows from the days added (no database: the server may load the days meanwhile).
   * After the last add(), before load().
   */
  sum(): void;
  /** Loads the totals and marks them loaded with the file (before the file's run is recorded). */
  load(): Promise<void>;
}

/**
 * A builder of the account's first sales totals, when the writer can load
 * them (an engine with a loader) and they are the whole of them; else undefined.
 * The caller has found no daily sales stored, in this transaction. The
 * totals' key is set aside here, before the caller queues other work on the
 * server: setting it aside waits for the server.
 */
export async function firstSalesTotals(
  db: Kysely<any>,
  writer: BulkWriter,
  accountId: string,
): Promise<FirstSalesTotals | undefined> {
  if (!writer.rowQueue || !writer.suspendKey) return undefined;
  if ((await db.selectFrom(SALES_ROLLUP.rollup).select("account_id").limit(1).execute()).length > 0) return undefined;
  for (const spec of ROLLUPS)
    for (const source of spec.sources) {
      if (source.table === "daily_sales") continue;
      const some = await db.selectFrom(source.table).select("date").where("account_id", "=", accountId).limit(1);
      if ((await some.execute()).length > 0) return undefined;
    }
  // The key goes until the rows are in: building it from them costs a fraction of keeping it row by row.
  const restoreKey = writer.suspendKey(TOTALS, { empty: true });
  return new TotalsBuilder(db, writer, accountId, restoreKey);
}

class TotalsBuilder implements FirstSalesTotals {
  // The cells, flat; each product's (a key) from keyStarts[k] to keyStarts[k + 1].
  private readonly dates: string[] = [];
  private readonly units: number[] = [];
  private readonly revenue: number[] = [];
  private readonly orders: number[] = [];
  private readonly keyStarts: number[] = [];
  private readonly keyMarketplaces: string[] = [];
  private readonly keyAsins: string[] = [];
  private first = "";
  private last = "";
  /** The totals' rows, once summed. */
  private rows: SummedRows | undefined;

  constructor(
    private readonly db: Kysely<any>,
    private readonly writer: BulkWriter,
    private readonly accountId: string,
    private readonly restoreKey: Rebuild | undefined,
  ) {}

  add(marketplace: string, asin: string, date: string, units: number, revenue: number, orders: number): void {
    const k = this.keyAsins.length - 1;
    if (k < 0 || this.keyAsins[k] !== asin || this.keyMarketplaces[k] !== marketplace) {
      this.keyStarts.push(this.dates.length);
      this.keyMarketplaces.push(marketplace);
      this.keyAsins.push(asin);
    }
    this.dates.push(date);
    this.units.push(units);
    this.revenue.push(revenue);
    this.orders.push(orders);
    if (this.first === "" || date < this.first) this.first = date;
    if (date > this.last) this.last = date;
  }

  sum(): void {
    const rows = new SummedRows();
    this.rows = rows;
    if (this.dates.length === 0) return;
    const { first, last } = this;
    const engine = dialectOf(this.db).engine;
    const emit = (grain: "A" | "C", day: string, marketplace: string, asin: string, sums: Sums) =>
      rows.add(grain, day, marketplace, asin, sums);
    // In the key's order (grain A before C, then day, marketplace, product): the key is then built from
    // rows its sort finds already sorted, which it checks before sorting.
    this.perMarketplace(keptTotalDays(SALES_ROLLUP, engine, first, last, true), emit);
    this.perProduct(keptTotalDays(SALES_ROLLUP, engine, first, last), emit);
  }

  async load(): Promise<void> {
    if (!this.rows) this.sum();
    const rows = this.rows!;
    const { first, last } = this;
    this.rows = undefined;
    if (rows.count > 0) {
      const queue = this.writer.rowQueue!(TOTALS, COLUMNS);
      for (let at = 0; at < rows.count; at += ROWS_PER_ADD)
        queue.add(rows.values(this.accountId, at, Math.min(rows.count, at + ROWS_PER_ADD)));
      const { refused } = queue.finish();
      if (refused) throw refused.error;
    }
    this.restoreKey?.();
    if (rows.count > 0) await markTotalsLoaded(this.db, this.accountId, { first, last });
  }

  /**
   * Each product's totals (grain C) on each kept day from the first on or
   * after its first sale: a day's sales count toward the first kept day on
   * or after it. Summed per kept day first, then run on, as the server's
   * rebuild sums them; rows go out day by day, as it writes them (a day's
   * totals, read together, lie on neighbouring pages), each day's in key order.
   */
  private perProduct(days: readonly string[], emit: Emit): void {
    const numbers = dayNumbers(days, this.first);
    const keys = this.keyAsins.length;
    // Per key, its kept days' sums, flat: key k's from groupStarts[k] to groupStarts[k + 1].
    const groupDay: number[] = [];
    const groups: Sums[] = [];
    const groupStarts: number[] = [];
    for (let k = 0; k < keys; k++) {
      groupStarts.push(groups.length);
      const end = k + 1 < keys ? this.keyStarts[k + 1] : this.dates.length;
      for (let i = this.keyStarts[k]; i < end; i++) {
        const n = numbers.get(this.dates[i])!;
        const g = groups.length - 1;
        if (g < groupStarts[k] || groupDay[g] !== n) {
          groupDay.push(n);
          groups.push({ units: 0, revenue: 0, orders: 0, days: 0 });
        }
        addTo(groups[groups.length - 1], this.units[i], this.revenue[i], this.orders[i]);
      }
    }
    groupStarts.push(groups.length);
    const running: Sums[] = Array.from({ length: keys }, () => ({ units: 0, revenue: 0, orders: 0, days: 0 }));
    const next = groupStarts.slice(0, keys);
    for (let n = 0; n < days.length; n++)
      for (let k = 0; k < keys; k++) {
        // Not sold yet by this day: no totals.
        if (groupDay[groupStarts[k]] > n) continue;
        const g = next[k];
        if (g < groupStarts[k + 1] && groupDay[g] === n) {
          const sums = groups[g];
          addTo(running[k], sums.units, sums.revenue, sums.orders, sums.days);
          next[k] = g + 1;
        }
        emit("C", days[n], this.keyMarketplaces[k], this.keyAsins[k], running[k]);
      }
  }

  /**
   * Each marketplace's totals over its products (grain A, the product ''), on
   * every day from its first sale: each day's sums in the stored order, then run on.
   */
  private perMarketplace(days: readonly string[], emit: Emit): void {
    const numbers = dayNumbers(days, this.first);
    const byMarketplace = new Map<string, Sums[]>();
    for (let k = 0; k < this.keyAsins.length; k++) {
      const marketplace = this.keyMarketplaces[k];
      let sums = byMarketplace.get(marketplace);
      if (!sums) byMarketplace.set(marketplace, (sums = []));
      const end = k + 1 < this.keyAsins.length ? this.keyStarts[k + 1] : this.dates.length;
      for (let i = this.keyStarts[k]; i < end; i++) {
        const n = numbers.get(this.dates[i])!;
        sums[n] ??= { units: 0, revenue: 0, orders: 0, days: 0 };
        addTo(sums[n], this.units[i], this.revenue[i], this.orders[i]);
      }
    }
    const marketplaces = [...byMarketplace.keys()].sort();
    const running = marketplaces.map(() => ({ units: 0, revenue: 0, orders: 0, days: 0 }));
    const started = marketplaces.map(() => false);
    for (let n = 0; n < days.length; n++)
      marketplaces.forEach((marketplace, m) => {
        const sums = byMarketplace.get(marketplace)![n];
        if (sums) {
          started[m] = true;
          addTo(running[m], sums.units, sums.revenue, sums.orders, sums.days);
        }
        if (started[m]) emit("A", days[n], marketplace, "", running[m]);
      });
  }
}

/**
 * Summed totals' rows, held between summing them and loading them: their
 * figures in one typed array, so that a few hundred thousand rows are not as
 * many objects for the garbage collector to move.
 */
class SummedRows {
  count = 0;
  private readonly grains: string[] = [];
  private readonly days: string[] = [];
  private readonly marketplaces: string[] = [];
  private readonly asins: string[] = [];
  private figures = new Float64Array(4 * 4096);

  add(grain: "A" | "C", day: string, marketplace: string, asin: string, sums: Sums): void {
    const n = this.count++;
    this.grains.push(grain);
    this.days.push(day);
    this.marketplaces.push(marketplace);
    this.asins.push(asin);
    if (4 * n === this.figures.length) {
      const wider = new Float64Array(2 * this.figures.length);
      wider.set(this.figures);
      this.figures = wider;
    }
    const f = this.figures;
    f[4 * n] = sums.units;
    f[4 * n + 1] = sums.revenue;
    f[4 * n + 2] = sums.orders;
    f[4 * n + 3] = sums.days;
  }

  /** Rows `from` to `to` as values of COLUMNS. */
  values(accountId: string, from: number, to: number): unknown[] {
    const values = new Array<unknown>((to - from) * COLUMNS.length);
    const f = this.figures;
    let v = 0;
    for (let n = from; n < to; n++) {
      values[v++] = accountId;
      values[v++] = this.grains[n];
      values[v++] = this.days[n];
      values[v++] = this.marketplaces[n];
      values[v++] = this.asins[n];
      values[v++] = f[4 * n];
      values[v++] = f[4 * n + 1];
      values[v++] = f[4 * n + 2];
      values[v++] = f[4 * n + 3];
    }
    return values;
  }
}

interface Sums {
  units: number;
  revenue: number;
  orders: number;
  /** Days with sales (a daily row counts one). */
  days: number;
}

type Emit = (grain: "A" | "C", day: string, marketplace: string, asin: string, sums: Sums) => void;

function addTo(sums: Sums, units: number, revenue: number, orders: number, days = 1): void {
  sums.units += units;
  sums.revenue += revenue;
  sums.orders += orders;
  sums.days += days;
}

/** Each calendar day from `first` to the last kept day, numbered by the first kept day on or after it (0, 1, …). */
function dayNumbers(days: readonly string[], first: string): Map<string, number> {
  const numbers = new Map<string, number>();
  let date = first;
  days.forEach((day, n) => {
    for (; date <= day; date = addDaysIso(date, 1)) numbers.set(date, n);
  });
  return numbers;
}
