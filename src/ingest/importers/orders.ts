/**
 * All-orders flat files (GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL,
 * _BY_LAST_UPDATE_GENERAL and the archived variant): one row per order item.
 * Lines are kept in `order_lines` and daily sales are re-derived from them,
 * so cancelled lines stop counting and a later status replaces an earlier one.
 */
import { sql, type Kysely } from "kysely";
import type { Columns } from "../columns.js";
import type { HandlerResult, ImportContext, RowHandler } from "../context.js";
import { DailySums, storedRows } from "../daily-sums.js";
import {
  LINES_PER_INSERT,
  ORDER_LINE_SHAPE,
  OrderLinePacker,
  OrderLineReader,
  emptyOrderLine,
  orderColumns,
  type PackedOrderLines,
} from "../order-lines.js";
import type { BulkStatement, BulkStatements, Rebuild, RowQueue } from "../../store/backend.js";
import { dialectOf } from "../../store/dialect.js";
import { packedParameters, packedTexts, strideOf } from "../packed-rows.js";
import { recomputeSalesFromOrderLines } from "../reaggregate.js";

export const ORDERS_FORMAT = {
  reportType: "GET_FLAT_FILE_ALL_ORDERS_DATA",
  label: "All orders flat file (by order date or by last update, TSV)",
  matches: (cols: Columns) =>
    cols.has("amazon-order-id") &&
    cols.has("purchase-date") &&
    cols.has("order-status") &&
    cols.has("asin", "sku") &&
    cols.has("quantity", "quantity-purchased"),
};

const LINE_COLUMNS = [
  "account_id",
  "marketplace",
  "order_id",
  "line_key",
  "asin",
  "sku",
  "purchase_date",
  "last_updated_at",
  "order_status",
  "item_status",
  "quantity",
  "item_price",
  "currency",
  "counted",
] as const;
/** The columns of a packed line's text fields, in ORDER_LINE_SHAPE order; SKU and item status may be null. */
const TEXT_COLUMNS = [
  "order_id",
  "line_key",
  "asin",
  "sku",
  "purchase_date",
  "last_updated_at",
  "order_status",
  "item_status",
] as const;
const NULLABLE = new Set<string>(["sku", "item_status"]);
/** Whether each text field stores an empty value as null. */
const TEXT_NULLABLE = TEXT_COLUMNS.map((c) => NULLABLE.has(c));
/** The columns of its figures. */
const FIGURE_COLUMNS = ["quantity", "item_price", "counted"] as const;
const FIGURES = FIGURE_COLUMNS.length;
/** The columns of lines streamed to a loader: those shared by a batch, then its text fields, then its figures. */
const QUEUED_COLUMNS = ["account_id", "marketplace", "currency", ...TEXT_COLUMNS, ...FIGURE_COLUMNS] as const;
const BATCH = LINES_PER_INSERT;
/** The index the re-aggregation of daily sales reads (migration 0003). */
const AGGREGATE_INDEX = "order_lines_asin_date_idx";
/** Lines read before estimating the file's size and choosing how to maintain the index. */
const ESTIMATE_AFTER = 20_000;

/** What a file's lines add up to, from the reader that read them (on this thread or another). */
export interface OrderFileSummary {
  totals: DailySums;
  runs: ReadonlyMap<string, number>;
  /** Whether some order's lines may not all be adjacent (see OrderLineReader.ordersMaybeSplit). */
  ordersMaybeSplit: boolean;
  nonAmazon: number;
  period: { start?: string; end?: string };
}

export function ordersHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const reader = new OrderLineReader(orderColumns(cols), ctx.marketplaces);
  const store = new OrderLineStore(ctx, ctx.progress);
  const packer = new OrderLinePacker();
  const line = emptyOrderLine();
  return {
    reads: reader.reads,
    row(cells, _line) {
      if (!reader.read(cells, line)) return;
      if (!packer.fits(line)) store.add(packer.take());
      packer.add(line);
      if (packer.size === BATCH) store.add(packer.take());
    },
    finish: () => {
      if (packer.size > 0) store.add(packer.take());
      return store.finish({
        totals: new DailySums(reader.totals.toData()),
        runs: reader.runs,
        ordersMaybeSplit: reader.ordersMaybeSplit,
        nonAmazon: reader.nonAmazon,
        period: reader.period,
      });
    },
  };
}

/**
 * Writes packed order lines (see OrderLinePacker): a plain insert for new
 * lines, an upsert for a batch holding a stored line; then the daily sales
 * of the file's days.
 */
export class OrderLineStore {
  // One parameter array for every full batch: the bulk path binds it before run() returns.
  private readonly params: unknown[] = new Array(1 + BATCH * strideOf(ORDER_LINE_SHAPE));
  private written = 0;
  private conflicted = false;
  /** Whether the account had no order lines in a marketplace before this file, by marketplace. */
  private readonly firstThere = new Map<string, boolean>();
  private restoreIndex: Rebuild | undefined;
  private estimated = false;
  /** Lines streaming to the engine's loader, and the batches not yet stored (the first is add() number heldFrom). */
  private queue: RowQueue | undefined;
  private held: PackedOrderLines[] = [];
  private heldFrom = 0;

  /** `progress` gives the share of the file read so far, for estimating its size. */
  constructor(
    private readonly ctx: ImportContext,
    private readonly progress: () => number,
  ) {}

  /** Writes a batch of lines (statements are prepared per batch size: full batches share one). */
  add(packed: PackedOrderLines): void {
    const { count, marketplace, currency } = packed;
    if (count === 0) return;
    const ctx = this.ctx;
    if (!this.firstThere.has(marketplace)) this.firstThere.set(marketplace, !hasLines(ctx, marketplace));
    if (this.written === 0 && !this.estimated) this.setIndexAsideWhenEmpty();
    if (this.queue || (ctx.writer.rowQueue && !this.conflicted)) {
      this.queueLines(packed);
      return;
    }
    const values = packedParameters(packed, this.params);
    // New lines (the common case) go in by a plain insert, a third cheaper than the upsert (or by the
    // engine's loader, where it has one); a batch holding a line already stored fails as a whole
    // (statement rollback) and is upserted instead.
    try {
      if (ctx.writer.copiesRows) ctx.writer.writeValues("order_lines", LINE_COLUMNS, lineValues(ctx, packed));
      else insertStatement(ctx, marketplace, currency, count).run(values);
    } catch (error) {
      if (!dialectOf(ctx.db).isPrimaryKeyConflict(error)) throw error;
      this.conflicted = true;
      upsertStatement(ctx, marketplace, currency, count).run(values);
    }
    this.written += count;
    if (!this.estimated && this.written >= ESTIMATE_AFTER) this.chooseIndexUpkeep();
  }

  /**
   * Streams lines to the engine's loader while the file is read (one load per
   * many batches), holding each batch until it is stored: a batch refused for
   * a line already stored is upserted, with every batch after it, once the
   * last line is read (settleQueue).
   */
  private queueLines(packed: PackedOrderLines): void {
    this.queue ??= this.ctx.writer.rowQueue!("order_lines", QUEUED_COLUMNS);
    this.queue.addPacked([this.ctx.accountId, packed.marketplace, packed.currency], packed, TEXT_NULLABLE, FIGURES);
    this.held.push(packed);
    const stored = this.queue.stored() - this.heldFrom;
    if (stored > 0) {
      this.held.splice(0, stored);
      this.heldFrom += stored;
    }
    this.written += packed.count;
    if (!this.estimated && this.written >= ESTIMATE_AFTER) this.chooseIndexUpkeep();
  }

  /** Waits for the queued lines; the batches refused for a stored line, and those after them, are upserted. */
  private settleQueue(): void {
    const queue = this.queue;
    if (!queue) return;
    this.queue = undefined;
    const { refused } = queue.finish();
    const held = this.held;
    this.held = [];
    if (!refused) return;
    if (!dialectOf(this.ctx.db).isPrimaryKeyConflict(refused.error)) throw refused.error;
    this.conflicted = true;
    for (const packed of held.slice(refused.at - this.heldFrom))
      upsertStatement(this.ctx, packed.marketplace, packed.currency, packed.count).run(packedParameters(packed));
  }

  // Into an empty table every file at least doubles the lines: the index goes before the first of them,
  // instead of after the first few thousand, when asking would wait for those still loading.
  private setIndexAsideWhenEmpty(): void {
    if (storedRows(this.ctx, "order_lines", 1) > 0) return;
    this.estimated = true;
    this.restoreIndex = this.ctx.writer.suspendIndex(AGGREGATE_INDEX);
  }

  // A file that at least doubles the stored lines is loaded without the aggregation index, which is
  // rebuilt once at the end: maintaining it line by line costs more than building it from sorted keys.
  private chooseIndexUpkeep(): void {
    this.estimated = true;
    const share = this.progress();
    if (share <= 0) return;
    const expected = Math.ceil(this.written / share);
    if (storedRows(this.ctx, "order_lines", this.written + expected) - this.written < expected)
      this.restoreIndex = this.ctx.writer.suspendIndex(AGGREGATE_INDEX);
  }

  /**
   * Brings the aggregation index back if it was set aside, once the last line
   * is written: called as soon as the reader says so, while it sums up the
   * file, else by finish().
   */
  linesDone(): void {
    this.settleQueue();
    this.rebuildIndex();
  }

  private rebuildIndex(options?: { wait?: boolean }): void {
    this.restoreIndex?.(options);
    this.restoreIndex = undefined;
  }

  /** Writes the daily sales of the file's days, after linesDone(). */
  async finish(file: OrderFileSummary): Promise<HandlerResult> {
    const ctx = this.ctx;
    this.settleQueue();
    if (file.nonAmazon)
      ctx.note(`${file.nonAmazon} Non-Amazon (multi-channel fulfilment) lines skipped: they are not Amazon sales.`);
    // A file that brings a marketplace's first lines, no line twice and every order in one run holds
    // all the lines of its days: its own sums are the daily sales. Otherwise the touched days are
    // recomputed from every stored line.
    const totals = file.totals;
    // With no line stored twice and every order in one run, the runs are the distinct orders; when the
    // reader cannot rule out a split order, the stored orders are counted.
    const own =
      !this.conflicted &&
      totals.marketplaces.every(
        (m) =>
          this.firstThere.get(m) === true && (!file.ordersMaybeSplit || distinctOrders(ctx, m) === file.runs.get(m)),
      );
    // Loaded sums need no index of the lines: it is built while they are made, after the load's questions
    // to the server (which would wait for it).
    if (own && ctx.writer.copiesRows) await totals.load(ctx, () => this.rebuildIndex({ wait: false }));
    else {
      this.rebuildIndex();
      if (own) totals.write(ctx);
      else await recomputeSalesFromOrderLines(ctx, totals.affected());
    }
    return { written: this.written, periodStart: file.period.start, periodEnd: file.period.end };
  }
}

/** Packed lines as rows of LINE_COLUMNS, one flat list of values, for a writer that copies rows in. */
function lineValues(ctx: ImportContext, packed: PackedOrderLines): unknown[] {
  const texts = packedTexts(packed);
  const stride = strideOf(ORDER_LINE_SHAPE);
  const values: unknown[] = [];
  for (let r = 0; r < packed.count; r++) {
    const row: Record<string, unknown> = {
      account_id: ctx.accountId,
      marketplace: packed.marketplace,
      currency: packed.currency,
    };
    TEXT_COLUMNS.forEach((c, k) => {
      const text = texts[r * TEXT_COLUMNS.length + k];
      row[c] = NULLABLE.has(c) && text === "" ? null : text;
    });
    FIGURE_COLUMNS.forEach((c, k) => {
      const n = packed.numbers[r * stride + ORDER_LINE_SHAPE.texts + 1 + k];
      row[c] = Number.isNaN(n) ? null : n;
    });
    for (const c of LINE_COLUMNS) values.push(row[c]);
  }
  return values;
}

const statements = new WeakMap<BulkStatements, Map<string, BulkStatement>>();

function cached(ctx: ImportContext, key: string, build: () => string): BulkStatement {
  let cache = statements.get(ctx.statements);
  if (!cache) statements.set(ctx.statements, (cache = new Map()));
  let statement = cache.get(key);
  if (!statement) cache.set(key, (statement = ctx.statements.prepare(build())));
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
  return ctx.statements.prepare(query.sql).get(...query.parameters) !== undefined;
}

/** How many distinct orders the account has in a marketplace. */
function distinctOrders(ctx: ImportContext, marketplace: string): number {
  const db = ctx.db as unknown as Kysely<any>;
  // Grouped in the primary key's order, so SQLite counts as it scans.
  const query = db
    .selectFrom(
      db
        .selectFrom("order_lines")
        .select("order_id")
        .where("account_id", "=", ctx.accountId)
        .where("marketplace", "=", marketplace)
        .groupBy("order_id")
        .as("o"),
    )
    .select((eb) => eb.fn.countAll().as("n"))
    .compile();
  return Number((ctx.statements.prepare(query.sql).get(...query.parameters) as { n: number }).n);
}

/** The lines of a packed batch as rows of order_lines, the shared columns written in as literals. */
function packedRows(ctx: ImportContext, marketplace: string, currency: string | null, count: number) {
  const db = ctx.db as unknown as Kysely<any>;
  const source = dialectOf(db).packedSource(db, count, ORDER_LINE_SHAPE);
  const values: Record<string, unknown> = {
    account_id: sql.lit(ctx.accountId),
    marketplace: sql.lit(marketplace),
    currency: sql.lit(currency),
    ...Object.fromEntries(TEXT_COLUMNS.map((c, k) => [c, source.text(k, NULLABLE.has(c))])),
    ...Object.fromEntries(FIGURE_COLUMNS.map((c, k) => [c, source.figure(k)])),
  };
  return source.from.select(LINE_COLUMNS.map((c) => sql`${values[c]}`.as(c)));
}

/** A plain insert of `count` packed order lines of one marketplace and currency. */
function insertStatement(
  ctx: ImportContext,
  marketplace: string,
  currency: string | null,
  count: number,
): BulkStatement {
  return cached(ctx, statementKey("insert", ctx, marketplace, currency, count), () => {
    const db = ctx.db as unknown as Kysely<any>;
    return db
      .insertInto("order_lines")
      .columns([...LINE_COLUMNS])
      .expression(packedRows(ctx, marketplace, currency, count))
      .compile().sql;
  });
}

function statementKey(
  kind: string,
  ctx: ImportContext,
  marketplace: string,
  currency: string | null,
  count: number,
): string {
  return JSON.stringify([kind, ctx.accountId, marketplace, currency, count]);
}

/**
 * An upsert of `count` packed order lines where a stored line is replaced only
 * by one updated at the same time or later, so importing an older file after
 * a newer one does not bring back a stale status.
 */
function upsertStatement(
  ctx: ImportContext,
  marketplace: string,
  currency: string | null,
  count: number,
): BulkStatement {
  return cached(ctx, statementKey("upsert", ctx, marketplace, currency, count), () =>
    upsertSql(ctx, marketplace, currency, count),
  );
}

function upsertSql(ctx: ImportContext, marketplace: string, currency: string | null, count: number): string {
  const db = ctx.db as unknown as Kysely<any>;
  const updated = LINE_COLUMNS.filter((c) => !["account_id", "marketplace", "order_id", "line_key"].includes(c));
  const query = db
    .insertInto("order_lines")
    .columns([...LINE_COLUMNS])
    .expression(packedRows(ctx, marketplace, currency, count))
    .onConflict((oc) =>
      oc
        .columns(["account_id", "marketplace", "order_id", "line_key"])
        .doUpdateSet(Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])))
        .where((eb) =>
          eb.and([
            eb(sql.ref("excluded.last_updated_at"), ">=", sql.ref("order_lines.last_updated_at")),
            // A line stored as it is read again is left alone: rewriting it would only churn the index.
            eb.or(updated.map((c) => eb(sql.ref(`excluded.${c}`), "is distinct from", sql.ref(`order_lines.${c}`)))),
          ]),
        ),
    );
  return query.compile().sql;
}
