/**
 * Merchant listings (GET_MERCHANT_LISTINGS_ALL_DATA and its _DATA /
 * _INACTIVE siblings): the catalog, one row per SKU.
 */
import { cell, type Columns } from "../columns.js";
import { Batch, type HandlerResult, type ImportContext, type RowHandler } from "../context.js";
import { optionalText, parseDate, parseNumber, requireText, RowError } from "../values.js";

export const LISTINGS_FORMAT = {
  reportType: "GET_MERCHANT_LISTINGS_ALL_DATA",
  label: "Merchant listings report (TSV)",
  matches: (cols: Columns) =>
    cols.has("seller-sku") &&
    cols.has("asin1", "asin", "product-id") &&
    cols.has("item-name", "item-description", "price"),
};

const ASIN = /^[A-Z0-9]{10}$/;

export function listingsHandler(ctx: ImportContext, cols: Columns): RowHandler<string[]> {
  const at = {
    sku: cols.find("seller-sku"),
    asin: cols.find("asin1", "asin"),
    productId: cols.find("product-id"),
    productIdType: cols.find("product-id-type"),
    title: cols.find("item-name"),
    price: cols.find("price"),
    openDate: cols.find("open-date"),
    channel: cols.find("fulfillment-channel"),
    status: cols.find("status"),
  };
  const products = new Batch(ctx.writer, "products", { conflictColumns: ["account_id", "marketplace", "sku"] });
  const marketplace = () => ctx.marketplaces.fallback();
  return {
    row(cells) {
      const sku = requireText(cell(cells, at.sku), "seller-sku");
      let asin = optionalText(cell(cells, at.asin));
      // product-id holds the ASIN when product-id-type is 1 (ASIN); otherwise a UPC/EAN.
      const productId = optionalText(cell(cells, at.productId));
      if (
        !asin &&
        productId &&
        ASIN.test(productId) &&
        (at.productIdType < 0 || cell(cells, at.productIdType)?.trim() === "1")
      )
        asin = productId;
      if (!asin) throw new RowError("asin1: missing value");
      const channel = optionalText(cell(cells, at.channel));
      const row: Record<string, unknown> = {
        account_id: ctx.accountId,
        marketplace: marketplace(),
        sku,
        asin,
        title: optionalText(cell(cells, at.title)) ?? "",
        price: parseNumber(cell(cells, at.price), "price") ?? null,
        status: optionalText(cell(cells, at.status)) ?? "Active",
        launched_on: parseDate(cell(cells, at.openDate), "open-date") ?? null,
      };
      if (channel) row.fulfillment_type = /^AMAZON/i.test(channel) ? "FBA" : "FBM";
      else row.fulfillment_type = "FBM";
      products.push(row);
    },
    async finish(): Promise<HandlerResult> {
      products.flush();
      return { written: products.written };
    },
  };
}
