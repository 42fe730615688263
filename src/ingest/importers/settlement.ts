/**
 * Settlement V2 flat files (GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE[_V2]):
 * every line is kept in `settlement_transactions` (a settlement imported again
 * replaces its lines). From them come the fees per unit of each product
 * (referral fee as a share of the item price, FBA fulfilment fee per unit)
 * and the refunds per product and day. SKUs map to ASINs through the catalog.
 */
import { sql, type Kysely } from "kysely";
import { cell, type Columns } from "../columns.js";
import { Batch, PeriodTracker, type HandlerResult, type ImportContext, type RowHandler } from "../context.js";
import { AffectedCells, recomputeRefundsFromSettlements } from "../reaggregate.js";
import { optionalText, parseCount, parseDate, parseNumber, requireText } from "../values.js";

export const SETTLEMENT_FORMAT = {
  reportType: "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE",
  label: "Settlement report V2 flat file (TSV)",
  matches: (cols: Columns) =>
    cols.has("settlement-id") && cols.has("transaction-type") && cols.has("posted-date", "posted-date-time"),
};

const FULFILMENT_FEES = ["FBAPerUnitFulfillmentFee", "FBAPerOrderFulfillmentFee", "FBAWeightBasedFee"];

export function settlementHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const at = {
    id: cols.find("settlement-id"),
    start: cols.find("settlement-start-date"),
    end: cols.find("settlement-end-date"),
    deposit: cols.find("deposit-date"),
    total: cols.find("total-amount"),
    currency: cols.find("currency"),
    type: cols.find("transaction-type"),
    order: cols.find("order-id"),
    adjustment: cols.find("adjustment-id"),
    marketplace: cols.find("marketplace-name"),
    posted: cols.find("posted-date", "posted-date-time"),
    sku: cols.find("sku"),
    quantity: cols.find("quantity-purchased"),
    priceType: cols.find("price-type"),
    priceAmount: cols.find("price-amount"),
    feeType: cols.find("item-related-fee-type"),
    feeAmount: cols.find("item-related-fee-amount"),
    others: [
      "shipment-fee-amount",
      "order-fee-amount",
      "misc-fee-amount",
      "other-fee-amount",
      "direct-payment-amount",
      "other-amount",
    ].map((n) => [n, cols.find(n)] as const),
  };
  const lines = new Batch(ctx.writer, "settlement_transactions", {
    conflictColumns: ["account_id", "settlement_id", "line_no"],
  });
  const db = ctx.db as unknown as Kysely<any>;
  const remove = db
    .deleteFrom("settlement_transactions")
    .where("account_id", "=", "?")
    .where("settlement_id", "=", "?")
    .compile();
  const removeStatement = ctx.statements.prepare(remove.sql);
  // The header line (period, deposit date, total) is what was paid: kept per settlement for payouts.
  const header = db
    .insertInto("settlements")
    .values({
      account_id: "?",
      settlement_id: "?",
      start_date: "?",
      end_date: "?",
      deposit_date: "?",
      total_amount: "?",
      currency: "?",
    })
    .onConflict((oc) =>
      oc.columns(["account_id", "settlement_id"]).doUpdateSet((eb) => ({
        start_date: eb.ref("excluded.start_date"),
        end_date: eb.ref("excluded.end_date"),
        deposit_date: eb.ref("excluded.deposit_date"),
        total_amount: eb.ref("excluded.total_amount"),
        currency: eb.ref("excluded.currency"),
      })),
    )
    .compile();
  const headerStatement = ctx.statements.prepare(header.sql);
  const cleared = new Set<string>();
  const period = new PeriodTracker();
  const affected = new AffectedCells();
  const skuToAsin = new Map<string, string>();
  const unknownSkus = new Set<string>();
  let currency: string | null = null;
  let lineNo = 0;
  let settlementPeriod: { start?: string; end?: string } = {};
  const pendingRefundSkus: { marketplace: string; sku: string; date: string }[] = [];

  return {
    row(cells) {
      const settlementId = requireText(cell(cells, at.id), "settlement-id");
      if (!cleared.has(settlementId)) {
        // The file is the whole settlement: lines stored by an earlier import of it are replaced.
        removeStatement.run(ctx.accountId, settlementId);
        cleared.add(settlementId);
      }
      currency = optionalText(cell(cells, at.currency)) ?? currency;
      const start = parseDate(cell(cells, at.start), "settlement-start-date");
      const end = parseDate(cell(cells, at.end), "settlement-end-date");
      if (start && end) settlementPeriod = { start, end };
      const total = parseNumber(cell(cells, at.total), "total-amount");
      if (total !== undefined) {
        const deposit = parseDate(cell(cells, at.deposit), "deposit-date") ?? null;
        headerStatement.run(ctx.accountId, settlementId, start ?? null, end ?? null, deposit, total, currency);
      }
      const type = optionalText(cell(cells, at.type));
      const posted = parseDate(cell(cells, at.posted), "posted-date") ?? null;
      const sku = optionalText(cell(cells, at.sku));
      const marketplaceText = optionalText(cell(cells, at.marketplace));
      const marketplace = marketplaceText || sku ? ctx.marketplaces.resolve(marketplaceText, currency) : null;
      const priceAmount = parseNumber(cell(cells, at.priceAmount), "price-amount") ?? null;
      const feeAmount = parseNumber(cell(cells, at.feeAmount), "item-related-fee-amount") ?? null;
      let other: number | null = null;
      for (const [name, position] of at.others) {
        const value = position >= 0 ? parseNumber(cell(cells, position), name) : undefined;
        if (value !== undefined) other = (other ?? 0) + value;
      }
      const priceType = optionalText(cell(cells, at.priceType));
      lines.push({
        account_id: ctx.accountId,
        settlement_id: settlementId,
        line_no: ++lineNo,
        marketplace,
        transaction_type: type,
        order_id: optionalText(cell(cells, at.order)),
        adjustment_id: optionalText(cell(cells, at.adjustment)),
        sku,
        posted_date: posted,
        quantity: parseCount(cell(cells, at.quantity), "quantity-purchased") ?? null,
        price_type: priceType,
        price_amount: priceAmount,
        fee_type: optionalText(cell(cells, at.feeType)),
        fee_amount: feeAmount,
        other_amount: other,
        currency,
      });
      if (posted) period.add(posted);
      if (type === "Refund" && priceType === "Principal" && sku && marketplace && posted)
        pendingRefundSkus.push({ marketplace, sku, date: posted });
    },
    async finish(): Promise<HandlerResult> {
      lines.flush();
      await loadCatalog(ctx, skuToAsin);
      for (const r of pendingRefundSkus) {
        const asin = skuToAsin.get(`${r.marketplace}\t${r.sku}`);
        if (asin) affected.add(r.marketplace, asin, r.date);
      }
      const skus = await db
        .selectFrom("settlement_transactions")
        .select(["marketplace", "sku"])
        .distinct()
        .where("account_id", "=", ctx.accountId)
        .where("settlement_id", "in", [...cleared])
        .where("sku", "is not", null)
        .execute();
      for (const s of skus) if (!skuToAsin.has(`${s.marketplace}\t${s.sku}`)) unknownSkus.add(s.sku);
      if (unknownSkus.size) {
        const list = [...unknownSkus].slice(0, 5).join(", ");
        ctx.note(
          `${unknownSkus.size} SKU(s) are not in the catalog (${list}${unknownSkus.size > 5 ? ", …" : ""}): their lines are kept, and their fees and refunds count once a listings report names them.`,
        );
      }
      const fees = await writeFees(ctx, [...cleared]);
      await recomputeRefundsFromSettlements(ctx, affected);
      return {
        written: lines.written + fees,
        periodStart: settlementPeriod.start ?? period.start,
        periodEnd: settlementPeriod.end ?? period.end,
      };
    },
  };
}

async function loadCatalog(ctx: ImportContext, map: Map<string, string>): Promise<void> {
  const rows = await ctx.db
    .selectFrom("products")
    .select(["marketplace", "sku", "asin"])
    .where("account_id", "=", ctx.accountId)
    .execute();
  for (const r of rows) map.set(`${r.marketplace}\t${r.sku}`, r.asin);
}

/** Fees per product these settlements sold, from every stored settlement line of it (sales only, not refunds). */
async function writeFees(ctx: ImportContext, settlements: string[]): Promise<number> {
  if (settlements.length === 0) return 0;
  const db = ctx.db as unknown as Kysely<any>;
  const isOrder = sql`t.transaction_type = 'Order'`;
  const rows = (await db
    .selectFrom("settlement_transactions as t")
    .innerJoin("products as p", (join) =>
      join
        .onRef("p.account_id", "=", "t.account_id")
        .onRef("p.marketplace", "=", "t.marketplace")
        .onRef("p.sku", "=", "t.sku"),
    )
    .where("t.account_id", "=", ctx.accountId)
    // The products these settlements sold, each in its own marketplace: the fees of a product they hold no
    // sale of are unchanged (refunds do not count), so the rows written are the same whatever settlements
    // were imported before (an SKU listed in three marketplaces is not counted again for the others).
    .where((eb) =>
      eb(
        eb.refTuple("t.marketplace", "t.sku"),
        "in",
        eb
          .selectFrom("settlement_transactions as s")
          .select(["s.marketplace", "s.sku"])
          .where("s.account_id", "=", ctx.accountId)
          .where("s.settlement_id", "in", settlements)
          .where("s.transaction_type", "=", "Order")
          .where("s.sku", "is not", null),
      ),
    )
    .select([
      "t.marketplace",
      "p.asin",
      sql<number | null>`sum(case when ${isOrder} and t.price_type = 'Principal' then t.price_amount end)`.as(
        "principal",
      ),
      sql<number | null>`sum(case when ${isOrder} and t.price_type = 'Principal' then t.quantity end)`.as("units"),
      sql<number | null>`sum(case when ${isOrder} and t.fee_type = 'Commission' then -t.fee_amount end)`.as(
        "commission",
      ),
      sql<
        number | null
      >`sum(case when ${isOrder} and t.fee_type in (${sql.join(FULFILMENT_FEES)}) then -t.fee_amount end)`.as(
        "fulfilment",
      ),
    ])
    .groupBy(["t.marketplace", "p.asin"])
    .execute()) as {
    marketplace: string;
    asin: string;
    principal: number | null;
    units: number | null;
    commission: number | null;
    fulfilment: number | null;
  }[];
  const both: Record<string, unknown>[] = [];
  const referralOnly: Record<string, unknown>[] = [];
  const fulfilmentOnly: Record<string, unknown>[] = [];
  for (const r of rows) {
    const base = { account_id: ctx.accountId, marketplace: r.marketplace, asin: r.asin };
    const referral =
      r.principal && r.principal > 0 && r.commission !== null
        ? Math.round((r.commission / r.principal) * 10000) / 100
        : undefined;
    const fulfilment =
      r.units && r.units > 0 && r.fulfilment !== null ? Math.round((r.fulfilment / r.units) * 100) / 100 : undefined;
    if (referral !== undefined && fulfilment !== undefined)
      both.push({ ...base, referral_fee_pct: referral, fulfillment_fee: fulfilment, updated_at: ctx.nowIso });
    else if (referral !== undefined) referralOnly.push({ ...base, referral_fee_pct: referral, updated_at: ctx.nowIso });
    else if (fulfilment !== undefined)
      fulfilmentOnly.push({ ...base, fulfillment_fee: fulfilment, updated_at: ctx.nowIso });
  }
  const options = { conflictColumns: ["account_id", "marketplace", "asin"] };
  // One write per row shape: a fee the settlement does not show keeps its stored value.
  for (const shaped of [both, referralOnly, fulfilmentOnly]) ctx.writer.write("product_fees", shaped, options);
  return both.length + referralOnly.length + fulfilmentOnly.length;
}
