/**
 * Reading the lines of an all-orders flat file, apart from storing them: the
 * reading is pure (no database), so it runs the same on the importing thread
 * and on a worker thread that reads a large file while the importing thread
 * writes what was read.
 */
import { cell, type Columns } from "./columns.js";
import { PeriodTracker, type MarketplaceResolver } from "./context.js";
import { OrderLineTotals } from "./line-totals.js";
import { RowPacker, type PackedRows, type RowShape } from "./packed-rows.js";
import { optionalText, parseCount, parseNumber, requireDate, requireText, RowError, utcInstant } from "./values.js";

/** Positions of the columns an order line is read from (-1 for an absent column). */
export interface OrderColumns {
  order: number;
  purchase: number;
  updated: number;
  status: number;
  channel: number;
  sku: number;
  asin: number;
  itemStatus: number;
  quantity: number;
  currency: number;
  price: number;
}

/** The positions of the order-line columns in a file's header. */
export function orderColumns(cols: Columns): OrderColumns {
  return {
    order: cols.find("amazon-order-id"),
    purchase: cols.find("purchase-date"),
    updated: cols.find("last-updated-date"),
    status: cols.find("order-status"),
    channel: cols.find("sales-channel"),
    sku: cols.find("sku"),
    asin: cols.find("asin"),
    itemStatus: cols.find("item-status"),
    quantity: cols.find("quantity", "quantity-purchased"),
    currency: cols.find("currency"),
    price: cols.find("item-price"),
  };
}

/** One order line as stored (the account aside). */
export interface OrderLine {
  marketplace: string;
  orderId: string;
  lineKey: string;
  asin: string;
  sku: string | null;
  date: string;
  updated: string;
  status: string;
  itemStatus: string | null;
  quantity: number;
  price: number;
  currency: string | null;
  counted: 0 | 1;
}

/**
 * Timestamps compared as UTC instants, so "-07:00" and "+00:00" forms order
 * correctly. Rows of one order share their timestamps: the last one is kept.
 */
function instantOf(): (text: string | undefined) => string | undefined {
  let lastText: string | undefined;
  let lastValue: string | undefined;
  return (text) => {
    if (text === lastText) return lastValue;
    lastText = text;
    const t = text?.trim();
    if (!t) return (lastValue = undefined);
    return (lastValue = utcInstant(t) ?? t);
  };
}

/**
 * Reads order lines one by one and keeps what the file as a whole says: the
 * daily sums of its lines, its days, the runs of adjacent lines of one order
 * by marketplace, the lines of other shops skipped.
 *
 * @example
 * const reader = new OrderLineReader(orderColumns(cols), resolver);
 * const line = emptyOrderLine();
 * if (reader.read(cells, line)) store(line); // false: a Non-Amazon line, skipped
 */
export class OrderLineReader {
  readonly totals = new OrderLineTotals();
  readonly period = new PeriodTracker();
  /** Runs of adjacent lines of one order, by marketplace: its distinct orders when no order is split. */
  readonly runs = new Map<string, number>();
  /** Multi-channel fulfilment lines of other shops, skipped. */
  nonAmazon = 0;
  /** Orders whose runs have been seen: one seen again starts a second run of its lines. */
  private readonly ordersSeen = new OrderSet();

  private run = 0;
  private runOrder = "";
  private runMarketplace = "";
  private readonly updatedInstant = instantOf();
  private readonly purchaseInstant = instantOf();
  // Occurrences of a SKU within the current order: rows of one order are adjacent in Amazon's files.
  private currentOrder = "";
  // The SKUs (else ASINs) of the current order and how often each came: an order has a few lines, so a
  // short list searched from the start costs less than a map; a map takes over for a long order.
  private readonly seenKeys: string[] = [];
  private readonly seenCounts: number[] = [];
  /** How many of seenKeys belong to the current order (the rest are left over from earlier ones). */
  private seen = 0;
  private seenMap: Map<string, number> | undefined;
  private lastChannel: string | null | undefined;
  private lastCurrency: string | null | undefined;
  private lastMarketplace = "";
  private otherShop = false;
  private lastStatus: string | undefined;
  private lastItemStatus: string | null | undefined;
  private lastCancelled = false;

  constructor(
    private readonly at: OrderColumns,
    /** Tells each line's marketplace, and records those used. */
    readonly resolver: MarketplaceResolver,
  ) {}

  /** How many lines of the current order came before with this SKU (else ASIN); counts this one. */
  private occurrence(base: string): number {
    if (this.seenMap) {
      const n = this.seenMap.get(base) ?? 0;
      this.seenMap.set(base, n + 1);
      return n;
    }
    const keys = this.seenKeys;
    for (let slot = 0; slot < this.seen; slot++) if (keys[slot] === base) return this.seenCounts[slot]++;
    if (this.seen < 32) {
      keys[this.seen] = base;
      this.seenCounts[this.seen++] = 1;
    } else {
      this.seenMap = new Map(keys.map((k, i) => [k, this.seenCounts[i]]));
      this.seenMap.set(base, 1);
    }
    return 0;
  }

  /**
   * False when every order's lines were adjacent, so the runs of each
   * marketplace count its distinct orders; true when some order may have
   * come back after other orders (then only counting them tells).
   */
  get ordersMaybeSplit(): boolean {
    return this.ordersSeen.repeatedMaybe;
  }

  /** The cell positions `read` looks at. */
  get reads(): number[] {
    return Object.values(this.at);
  }

  /**
   * Reads a row into `line`; false for a line that is not an Amazon sale.
   * Throws RowError for a malformed row, and the resolver's error when the
   * marketplace cannot be told.
   */
  read(cells: readonly string[], line: OrderLine): boolean {
    const at = this.at;
    const orderId = requireText(cell(cells, at.order), "amazon-order-id");
    const purchaseText = cell(cells, at.purchase);
    const date = requireDate(purchaseText, "purchase-date");
    const asin = requireText(cell(cells, at.asin), "asin");
    const sku = optionalText(cell(cells, at.sku));
    const quantity = parseCount(cell(cells, at.quantity), "quantity");
    if (quantity === undefined) throw new RowError("quantity: missing value");
    const price = parseNumber(cell(cells, at.price), "item-price") ?? 0;
    const status = requireText(cell(cells, at.status), "order-status");
    const itemStatus = optionalText(cell(cells, at.itemStatus));
    const currency = optionalText(cell(cells, at.currency));
    const channel = optionalText(cell(cells, at.channel));
    // Lines of a file share a handful of channels and statuses: their readings are remembered.
    if (channel !== this.lastChannel || currency !== this.lastCurrency) {
      // Multi-channel fulfilment orders from other shops are not Amazon sales.
      this.otherShop = channel !== null && /^non-amazon/i.test(channel);
      this.lastMarketplace = this.otherShop ? "" : this.resolver.resolve(channel, currency);
      this.lastChannel = channel;
      this.lastCurrency = currency;
    }
    if (this.otherShop) {
      this.nonAmazon++;
      return false;
    }
    const marketplace = this.lastMarketplace;
    if (orderId !== this.currentOrder) {
      this.currentOrder = orderId;
      this.seen = 0;
      this.seenMap = undefined;
    }
    const base = sku ?? asin;
    const occurrence = this.occurrence(base);
    if (status !== this.lastStatus || itemStatus !== this.lastItemStatus) {
      this.lastCancelled = /cancel/i.test(status) || (itemStatus !== null && /cancel/i.test(itemStatus));
      this.lastStatus = status;
      this.lastItemStatus = itemStatus;
    }
    const cancelled = this.lastCancelled;
    if (orderId !== this.runOrder || marketplace !== this.runMarketplace) {
      this.run++;
      this.runOrder = orderId;
      this.runMarketplace = marketplace;
      this.runs.set(marketplace, (this.runs.get(marketplace) ?? 0) + 1);
      this.ordersSeen.add(marketplace, orderId);
    }
    this.totals.add(marketplace, asin, date, this.run, !cancelled, quantity, price);
    this.period.add(date);
    line.marketplace = marketplace;
    line.orderId = orderId;
    line.lineKey = `${base}#${occurrence}`;
    line.asin = asin;
    line.sku = sku;
    line.date = date;
    line.updated = this.updatedInstant(cell(cells, at.updated)) ?? this.purchaseInstant(purchaseText) ?? date;
    line.status = status;
    line.itemStatus = itemStatus;
    line.quantity = quantity;
    line.price = price;
    line.currency = currency;
    line.counted = cancelled ? 0 : 1;
    return true;
  }
}

/**
 * Whether an order was seen before, in fixed memory whatever the file's
 * size: a blocked Bloom filter (2^17 blocks of 512 bits, 6 probes in one
 * block, so one cache line per order), where "no" is certain and "maybe",
 * rare while the filter holds under a million orders, only means counting
 * the stored orders instead.
 */
export class OrderSet {
  private static readonly BLOCKS = 1 << 17;
  private static readonly PROBES = 6;
  private bits: Int32Array | undefined;
  /** Whether an order added may have been added before. */
  repeatedMaybe = false;

  // The hashes' state after the last marketplace (and a TAB): lines come from one marketplace at a time.
  private lastMarketplace: string | undefined;
  private seed1 = 0;
  private seed2 = 0;

  add(marketplace: string, orderId: string): void {
    const bits = (this.bits ??= new Int32Array(OrderSet.BLOCKS * 16));
    // Three FNV-1a style hashes of marketplace and order: one picks the block, two the bits in it.
    if (marketplace !== this.lastMarketplace) {
      let s1 = 0x811c9dc5;
      let s2 = 0x9747b28c;
      for (let i = 0; i < marketplace.length; i++) {
        const c = marketplace.charCodeAt(i);
        s1 = Math.imul(s1 ^ c, 0x01000193);
        s2 = Math.imul(s2 ^ c, 0x5bd1e995);
      }
      this.seed1 = Math.imul(s1 ^ 9, 0x01000193);
      this.seed2 = Math.imul(s2 ^ 9, 0x5bd1e995);
      this.lastMarketplace = marketplace;
    }
    let h1 = this.seed1;
    let h2 = this.seed2;
    for (let i = 0; i < orderId.length; i++) {
      const c = orderId.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    }
    // Multiplying alone leaves the low bits depending on the low bits only: mixed before use.
    h1 = mix(h1);
    h2 = mix(h2);
    const h3 = mix(h2 ^ 0x27d4eb2f);
    const base = (h1 & (OrderSet.BLOCKS - 1)) * 16;
    let present = true;
    for (let k = 0; k < OrderSet.PROBES; k++) {
      // Nine bits per probe, three probes from each hash: all 32 bits of h2 tell the pattern apart.
      const bit = ((k < 3 ? h2 : h3) >>> (9 * (k % 3))) & 511;
      const word = base + (bit >>> 5);
      const flag = 1 << (bit & 31);
      if ((bits[word] & flag) === 0) {
        present = false;
        bits[word] |= flag;
      }
    }
    if (present) this.repeatedMaybe = true;
  }
}

/** MurmurHash3's 32-bit finaliser: every bit of the result depends on every bit of `h`. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A line record to read into (one is reused for every line). */
export function emptyOrderLine(): OrderLine {
  return {
    marketplace: "",
    orderId: "",
    lineKey: "",
    asin: "",
    sku: null,
    date: "",
    updated: "",
    status: "",
    itemStatus: null,
    quantity: 0,
    price: 0,
    currency: null,
    counted: 1,
  };
}

/** Order lines of one marketplace and currency packed for storing (see packed-rows.ts). */
export interface PackedOrderLines extends PackedRows {
  marketplace: string;
  currency: string | null;
}

/** Lines per packed batch and per insert, wherever the lines are read. */
export const LINES_PER_INSERT = 500;

/** A packed order line: order id, line key, ASIN, SKU, date, updated, status, item status; quantity, price, counted. */
export const ORDER_LINE_SHAPE: RowShape = { texts: 8, figures: 3 };

/** Packs lines that share a marketplace and currency; `fits` says whether a line can join them. */
export class OrderLinePacker {
  private readonly rows = new RowPacker(ORDER_LINE_SHAPE);
  // One record of each kind, refilled for every line.
  private readonly texts: (string | null)[] = new Array<string | null>(ORDER_LINE_SHAPE.texts).fill(null);
  private readonly figures: number[] = new Array<number>(ORDER_LINE_SHAPE.figures).fill(0);
  private marketplace = "";
  private currency: string | null = null;

  get size(): number {
    return this.rows.size;
  }

  /** Whether `line` can join the lines packed so far. */
  fits(line: OrderLine): boolean {
    return this.rows.size === 0 || (line.marketplace === this.marketplace && line.currency === this.currency);
  }

  add(line: OrderLine): void {
    if (this.rows.size === 0) {
      this.marketplace = line.marketplace;
      this.currency = line.currency;
    }
    const t = this.texts;
    t[0] = line.orderId;
    t[1] = line.lineKey;
    t[2] = line.asin;
    t[3] = line.sku;
    t[4] = line.date;
    t[5] = line.updated;
    t[6] = line.status;
    t[7] = line.itemStatus;
    const f = this.figures;
    f[0] = line.quantity;
    f[1] = line.price;
    f[2] = line.counted;
    this.rows.add(t, f);
  }

  /** The lines packed so far; the packer starts over empty. */
  take(): PackedOrderLines {
    return { marketplace: this.marketplace, currency: this.currency, ...this.rows.take() };
  }
}
