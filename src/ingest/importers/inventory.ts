/**
 * FBA inventory reports: Manage Inventory (MYI unsuppressed), inventory
 * planning (inventory health) and restock recommendations. Each row becomes
 * the SKU's inventory snapshot for the day; restock reports also carry
 * Amazon's recommended quantity and ship date, stored beside ours.
 */
import { cell, type Columns } from "../columns.js";
import { Batch, type HandlerResult, type ImportContext, type RowHandler } from "../context.js";
import { optionalText, parseCount, parseDate, requireDate, requireText } from "../values.js";

export const MYI_FORMAT = {
  reportType: "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA",
  label: "FBA Manage Inventory, unsuppressed (TSV)",
  matches: (cols: Columns) => cols.has("sku") && cols.has("asin") && cols.has("afn-fulfillable-quantity"),
};

export const INVENTORY_PLANNING_FORMAT = {
  reportType: "GET_FBA_INVENTORY_PLANNING_DATA",
  label: "FBA inventory planning / health (TSV)",
  matches: (cols: Columns) => cols.has("snapshot-date") && cols.has("sku") && cols.has("asin") && cols.has("available"),
};

export const RESTOCK_FORMAT = {
  reportType: "GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT",
  label: "FBA restock inventory recommendations (TSV)",
  matches: (cols: Columns) => cols.has("merchant sku") && cols.has("asin") && cols.has("recommended replenishment qty"),
};

function count(cells: string[], at: number, name: string): number {
  return at < 0 ? 0 : (parseCount(cell(cells, at), name) ?? 0);
}

function sumOf(cells: string[], cols: Columns, names: string[]): number {
  return names.reduce((sum, name) => sum + count(cells, cols.find(name), name), 0);
}

interface Writers {
  snapshots: Batch;
  products: Batch;
  dates: Set<string>;
}

function writers(ctx: ImportContext): Writers {
  return {
    snapshots: new Batch(ctx.writer, "inventory_snapshots", {
      conflictColumns: ["account_id", "marketplace", "sku", "date"],
    }),
    // Inventory reports name products the catalog may not have yet; they never overwrite listing data.
    products: new Batch(ctx.writer, "products", {
      conflictColumns: ["account_id", "marketplace", "sku"],
      ignoreConflicts: true,
    }),
    dates: new Set(),
  };
}

async function done(w: Writers): Promise<HandlerResult> {
  w.products.flush();
  w.snapshots.flush();
  const dates = [...w.dates].sort();
  return { written: w.snapshots.written, periodStart: dates[0], periodEnd: dates[dates.length - 1] };
}

/** The day of a snapshot whose file has no date: the day the caller gave, else the day of the import. */
function snapshotDay(ctx: ImportContext, what: string): string {
  if (ctx.period) return ctx.period.end;
  ctx.note(
    `${what} has no date column: stored as the snapshot of ${ctx.today} (the day of the import); give the day it covers to store it as another day's.`,
  );
  return ctx.today;
}

export function myiHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const w = writers(ctx);
  const date = snapshotDay(ctx, "The Manage Inventory report");
  const at = {
    sku: cols.find("sku"),
    asin: cols.find("asin"),
    fnsku: cols.find("fnsku"),
    title: cols.find("product-name"),
    condition: cols.find("condition"),
    afnListed: cols.find("afn-listing-exists"),
    fulfillable: cols.find("afn-fulfillable-quantity"),
    mfn: cols.find("mfn-fulfillable-quantity"),
    reserved: cols.find("afn-reserved-quantity"),
    unsellable: cols.find("afn-unsellable-quantity"),
  };
  return {
    row(cells) {
      const sku = requireText(cell(cells, at.sku), "sku");
      const asin = requireText(cell(cells, at.asin), "asin");
      const marketplace = ctx.marketplaces.fallback();
      const fba = at.afnListed < 0 || !/^no$/i.test(cell(cells, at.afnListed)?.trim() ?? "");
      w.products.push({
        account_id: ctx.accountId,
        marketplace,
        sku,
        asin,
        fnsku: optionalText(cell(cells, at.fnsku)),
        title: optionalText(cell(cells, at.title)) ?? "",
        fulfillment_type: fba ? "FBA" : "FBM",
      });
      w.snapshots.push({
        account_id: ctx.accountId,
        marketplace,
        sku,
        asin,
        date,
        available: fba
          ? count(cells, at.fulfillable, "afn-fulfillable-quantity")
          : count(cells, at.mfn, "mfn-fulfillable-quantity"),
        reserved: count(cells, at.reserved, "afn-reserved-quantity"),
        inbound: sumOf(cells, cols, [
          "afn-inbound-working-quantity",
          "afn-inbound-shipped-quantity",
          "afn-inbound-receiving-quantity",
        ]),
        unfulfillable: count(cells, at.unsellable, "afn-unsellable-quantity"),
      });
      w.dates.add(date);
    },
    finish: () => done(w),
  };
}

export function inventoryPlanningHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const w = writers(ctx);
  const at = {
    date: cols.find("snapshot-date"),
    sku: cols.find("sku"),
    asin: cols.find("asin"),
    fnsku: cols.find("fnsku"),
    title: cols.find("product-name"),
    marketplace: cols.find("marketplace"),
    currency: cols.find("currency"),
    available: cols.find("available"),
    reserved: cols.find("reserved-quantity"),
    inbound: cols.find("inbound-quantity"),
    unfulfillable: cols.find("unfulfillable-quantity"),
  };
  return {
    row(cells) {
      const date = requireDate(cell(cells, at.date), "snapshot-date");
      const sku = requireText(cell(cells, at.sku), "sku");
      const asin = requireText(cell(cells, at.asin), "asin");
      const marketplace = ctx.marketplaces.resolve(cell(cells, at.marketplace), optionalText(cell(cells, at.currency)));
      w.products.push({
        account_id: ctx.accountId,
        marketplace,
        sku,
        asin,
        fnsku: optionalText(cell(cells, at.fnsku)),
        title: optionalText(cell(cells, at.title)) ?? "",
      });
      const inbound =
        at.inbound >= 0
          ? count(cells, at.inbound, "inbound-quantity")
          : sumOf(cells, cols, ["inbound-working", "inbound-shipped", "inbound-received"]);
      w.snapshots.push({
        account_id: ctx.accountId,
        marketplace,
        sku,
        asin,
        date,
        available: count(cells, at.available, "available"),
        reserved: count(cells, at.reserved, "reserved-quantity"),
        inbound,
        unfulfillable: count(cells, at.unfulfillable, "unfulfillable-quantity"),
      });
      w.dates.add(date);
    },
    finish: () => done(w),
  };
}

export function restockHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const w = writers(ctx);
  const date = snapshotDay(ctx, "The restock recommendations report");
  const at = {
    country: cols.find("country", "marketplace"),
    currency: cols.find("currency code", "currency"),
    sku: cols.find("merchant sku"),
    asin: cols.find("asin"),
    fnsku: cols.find("fnsku"),
    title: cols.find("product name"),
    available: cols.find("available"),
    inbound: cols.find("inbound"),
    unfulfillable: cols.find("unfulfillable"),
    qty: cols.find("recommended replenishment qty"),
    shipDate: cols.find("recommended ship date"),
  };
  return {
    row(cells) {
      const sku = requireText(cell(cells, at.sku), "Merchant SKU");
      const asin = requireText(cell(cells, at.asin), "ASIN");
      const marketplace = ctx.marketplaces.resolve(cell(cells, at.country), optionalText(cell(cells, at.currency)));
      const shipText = cell(cells, at.shipDate)?.trim() ?? "";
      // "none" / "--" mean Amazon recommends no shipment.
      const shipDate = /^(none|n\/a|-+)?$/i.test(shipText)
        ? null
        : (parseDate(shipText, "Recommended ship date") ?? null);
      w.products.push({
        account_id: ctx.accountId,
        marketplace,
        sku,
        asin,
        fnsku: optionalText(cell(cells, at.fnsku)),
        title: optionalText(cell(cells, at.title)) ?? "",
      });
      w.snapshots.push({
        account_id: ctx.accountId,
        marketplace,
        sku,
        asin,
        date,
        available: count(cells, at.available, "Available"),
        reserved: sumOf(cells, cols, ["FC transfer", "FC Processing", "Customer Order"]),
        inbound:
          at.inbound >= 0
            ? count(cells, at.inbound, "Inbound")
            : sumOf(cells, cols, ["Working", "Shipped", "Receiving"]),
        unfulfillable: count(cells, at.unfulfillable, "Unfulfillable"),
        amazon_recommended_qty: count(cells, at.qty, "Recommended replenishment qty"),
        amazon_recommended_date: shipDate,
      });
      w.dates.add(date);
    },
    finish: () => done(w),
  };
}
