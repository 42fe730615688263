/**
 * All-orders flat files (GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL,
 * _BY_LAST_UPDATE_GENERAL and the archived variant): one row per order item.
 * Lines are kept in `order_lines` and daily sales are re-derived from them,
 * so cancelled lines stop counting and a later status replaces an earlier one.
 */
import type Database from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { cell, type Columns } from "../columns.js";
import { PeriodTracker, type HandlerResult, type ImportContext, type RowHandler } from "../context.js";
import { OrderLineTotals } from "../line-totals.js";
import { recomputeSalesFromOrderLines } from "../reaggregate.js";
import { optionalText, parseCount, parseNumber, requireDate, requireText, RowError, utcInstant } from "../values.js";

export const ORDERS_FORMAT = {
  reportType: "GET_FLAT_FILE_ALL_ORDERS_DATA",
  label: "All orders flat file (by order date or by last update, TSV)",
  matches: (cols: Columns) => cols.has("amazon-order-id") && cols.has("purchase-date") && cols.has("order-status") && cols.has("asin", "sku") && cols.has("quantity", "quantity-purchased"),
};

const LINE_COLUMNS = [
  "account_id", "marketplace", "order_id", "line_key", "asin", "sku", "purchase_date", "last_updated_at",
  "order_status", "item_status", "quantity", "item_price", "currency", "counted",
] as const;
const BATCH = 500;
/** The index the re-aggregation of daily sales reads (migration 0003). */
const AGGREGATE_INDEX = "order_lines_asin_date_idx";
/** Lines read before estimating the file's size and choosing how to maintain the index. */
const ESTIMATE_AFTER = 20_000;

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

export function ordersHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const at = {
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
  const statement = upsertStatement(ctx, BATCH);
  // One parameter array for every full batch: better-sqlite3 binds it before run() returns.
  const params: unknown[] = new Array(BATCH * LINE_COLUMNS.length);
  let filled = 0;
  let pending = 0;
  let written = 0;
  let nonAmazon = 0;
  const totals = new OrderLineTotals();
  // Whether the account had no order lines in a marketplace before this file, by marketplace; and the
  // runs of adjacent lines of one order there, which match its distinct orders when no order is split.
  const firstThere = new Map<string, boolean>();
  const runs = new Map<string, number>();
  let run = 0;
  let runOrder = "";
  let runMarketplace = "";
  let conflicted = false;
  const updatedInstant = instantOf();
  const purchaseInstant = instantOf();
  const period = new PeriodTracker();
  // Occurrences of a SKU within the current order: rows of one order are adjacent in Amazon's files.
  let currentOrder = "";
  const seen = new Map<string, number>();
  let lastChannel: string | null | undefined;
  let lastCurrency: string | null | undefined;
  let lastMarketplace = "";
  let otherShop = false;
  let lastStatus: string | undefined;
  let lastItemStatus: string | null | undefined;
  let lastCancelled = false;

  // A file that at least doubles the stored lines is loaded without the aggregation index, which is
  // rebuilt once at the end: maintaining it line by line costs more than building it from sorted keys.
  let restoreIndex: (() => void) | undefined;
  let estimated = false;
  const chooseIndexUpkeep = () => {
    estimated = true;
    const share = ctx.progress();
    if (share <= 0) return;
    const expected = Math.ceil(written / share);
    if (storedLines(ctx, written + expected) - written < expected) restoreIndex = ctx.writer.suspendIndex(AGGREGATE_INDEX);
  };

  const insert = insertStatement(ctx, BATCH);
  const flush = () => {
    if (pending === 0) return;
    // New lines (the common case) go in by a plain insert, a third cheaper than the upsert; a batch
    // holding a line already stored fails as a whole (statement rollback) and is upserted instead.
    const values = pending === BATCH ? params : params.slice(0, filled);
    try {
      (pending === BATCH ? insert : insertStatement(ctx, pending)).run(values);
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_CONSTRAINT_PRIMARYKEY") throw error;
      conflicted = true;
      (pending === BATCH ? statement : upsertStatement(ctx, pending)).run(values);
    }
    written += pending;
    filled = 0;
    pending = 0;
    if (!estimated && written >= ESTIMATE_AFTER) chooseIndexUpkeep();
  };

  return {
    reads: Object.values(at),
    row(cells, _line) {
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
      if (channel !== lastChannel || currency !== lastCurrency) {
        // Multi-channel fulfilment orders from other shops are not Amazon sales.
        otherShop = channel !== null && /^non-amazon/i.test(channel);
        lastMarketplace = otherShop ? "" : ctx.marketplaces.resolve(channel, currency);
        if (!otherShop && !firstThere.has(lastMarketplace)) firstThere.set(lastMarketplace, !hasLines(ctx, lastMarketplace));
        lastChannel = channel;
        lastCurrency = currency;
      }
      if (otherShop) {
        nonAmazon++;
        return;
      }
      const marketplace = lastMarketplace;
      if (orderId !== currentOrder) {
        currentOrder = orderId;
        seen.clear();
      }
      const base = sku ?? asin;
      const occurrence = seen.get(base) ?? 0;
      seen.set(base, occurrence + 1);
      if (status !== lastStatus || itemStatus !== lastItemStatus) {
        lastCancelled = /cancel/i.test(status) || (itemStatus !== null && /cancel/i.test(itemStatus));
        lastStatus = status;
        lastItemStatus = itemStatus;
      }
      const cancelled = lastCancelled;
      const updated = updatedInstant(cell(cells, at.updated)) ?? purchaseInstant(purchaseText) ?? date;
      params[filled++] = ctx.accountId;
      params[filled++] = marketplace;
      params[filled++] = orderId;
      params[filled++] = `${base}#${occurrence}`;
      params[filled++] = asin;
      params[filled++] = sku;
      params[filled++] = date;
      params[filled++] = updated;
      params[filled++] = status;
      params[filled++] = itemStatus;
      params[filled++] = quantity;
      params[filled++] = price;
      params[filled++] = currency;
      params[filled++] = cancelled ? 0 : 1;
      pending++;
      if (orderId !== runOrder || marketplace !== runMarketplace) {
        run++;
        runOrder = orderId;
        runMarketplace = marketplace;
        runs.set(marketplace, (runs.get(marketplace) ?? 0) + 1);
      }
      totals.add(marketplace, asin, date, run, !cancelled, quantity, price);
      period.add(date);
      if (pending === BATCH) flush();
    },
    async finish(): Promise<HandlerResult> {
      flush();
      restoreIndex?.();
      if (nonAmazon) ctx.note(`${nonAmazon} Non-Amazon (multi-channel fulfilment) lines skipped: they are not Amazon sales.`);
      // A file that brings a marketplace's first lines, no line twice and every order in one run holds
      // all the lines of its days: its own sums are the daily sales. Otherwise the touched days are
      // recomputed from every stored line.
      const own = !conflicted && totals.marketplaces.every((m) => firstThere.get(m) === true && distinctOrders(ctx, m) === runs.get(m));
      if (own) totals.write(ctx);
      else await recomputeSalesFromOrderLines(ctx, totals.affected());
      return { written, periodStart: period.start, periodEnd: period.end };
    },
  };
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function cached(ctx: ImportContext, key: string, build: () => string): Database.Statement {
  let cache = statements.get(ctx.sqlite);
  if (!cache) statements.set(ctx.sqlite, (cache = new Map()));
  let statement = cache.get(key);
  if (!statement) cache.set(key, (statement = ctx.sqlite.prepare(build())));
  return statement;
}

/** Whether the account has order lines in a marketplace. */
function hasLines(ctx: ImportContext, marketplace: string): boolean {
  const query = (ctx.db as unknown as Kysely<any>)
    .selectFrom("order_lines")
    .select(sql.lit(1).as("one"))
    .where("account_id", "=", ctx.accountId)
    .where("marketplace", "=", marketplace)
    .limit(1)
    .compile();
  return ctx.sqlite.prepare(query.sql).get(...query.parameters) !== undefined;
}

/** How many distinct orders the account has in a marketplace. */
function distinctOrders(ctx: ImportContext, marketplace: string): number {
  const db = ctx.db as unknown as Kysely<any>;
  // Grouped in the primary key's order, so SQLite counts as it scans.
  const query = db
    .selectFrom(
      db.selectFrom("order_lines").select("order_id").where("account_id", "=", ctx.accountId).where("marketplace", "=", marketplace).groupBy("order_id").as("o"),
    )
    .select((eb) => eb.fn.countAll().as("n"))
    .compile();
  return Number((ctx.sqlite.prepare(query.sql).get(...query.parameters) as { n: number }).n);
}

/** How many order lines are stored, counting no further than `limit`. */
function storedLines(ctx: ImportContext, limit: number): number {
  const db = ctx.db as unknown as Kysely<any>;
  const query = db
    .selectFrom(db.selectFrom("order_lines").select(sql.lit(1).as("one")).limit(limit).as("l"))
    .select((eb) => eb.fn.countAll().as("n"))
    .compile();
  return Number((ctx.sqlite.prepare(query.sql).get(...query.parameters) as { n: number }).n);
}

/** A plain insert of `count` order lines. */
function insertStatement(ctx: ImportContext, count: number): Database.Statement {
  return cached(ctx, `insert:${count}`, () => {
    const placeholder = Object.fromEntries(LINE_COLUMNS.map((c) => [c, null]));
    return (ctx.db as unknown as Kysely<any>).insertInto("order_lines").values(Array.from({ length: count }, () => placeholder)).compile().sql;
  });
}

/**
 * An upsert of `count` order lines where a stored line is replaced only by one
 * updated at the same time or later, so importing an older file after a newer
 * one does not bring back a stale status.
 */
function upsertStatement(ctx: ImportContext, count: number): Database.Statement {
  return cached(ctx, `upsert:${count}`, () => upsertSql(ctx, count));
}

function upsertSql(ctx: ImportContext, count: number): string {
  const placeholder = Object.fromEntries(LINE_COLUMNS.map((c) => [c, null]));
  const db = ctx.db as unknown as Kysely<any>;
  const updated = LINE_COLUMNS.filter((c) => !["account_id", "marketplace", "order_id", "line_key"].includes(c));
  const query = db
    .insertInto("order_lines")
    .values(Array.from({ length: count }, () => placeholder))
    .onConflict((oc) =>
      oc
        .columns(["account_id", "marketplace", "order_id", "line_key"])
        .doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])))
        .where((eb) =>
          eb.and([
            eb(sql.ref("excluded.last_updated_at"), ">=", sql.ref("order_lines.last_updated_at")),
            // A line stored as it is read again is left alone: rewriting it would only churn the index.
            eb.or(updated.map((c) => eb(sql.ref(`excluded.${c}`), "is not", sql.ref(`order_lines.${c}`)))),
          ]),
        ),
    );
  return query.compile().sql;
}
