/**
 * The report formats `seller-ai import` reads, recognised from content only:
 * header names for delimited files, structure for JSON.
 */
import type { Columns } from "./columns.js";
import type { HandlerResult, ImportContext, RowHandler } from "./context.js";
import {
  importOrdersOffThread,
  orderLinesWorkerScript,
  type OffThreadFile,
  type OffThreadHooks,
} from "./order-lines-off-thread.js";
import { ADS_CONSOLE_FORMAT, ADS_JSON_FORMAT, adsConsoleHandler, adsJsonHandler } from "./importers/ads.js";
import { BUSINESS_REPORT_FORMAT, businessReportHandler } from "./importers/business-report.js";
import { COST_SHEET_FORMAT, costSheetHandler } from "./importers/cost-sheet.js";
import {
  INVENTORY_PLANNING_FORMAT,
  MYI_FORMAT,
  RESTOCK_FORMAT,
  inventoryPlanningHandler,
  myiHandler,
  restockHandler,
} from "./importers/inventory.js";
import { LISTINGS_FORMAT, listingsHandler } from "./importers/listings.js";
import { ORDERS_FORMAT, ordersHandler } from "./importers/orders.js";
import { SALES_TRAFFIC_FORMAT, salesTrafficReader } from "./importers/sales-traffic.js";
import { SETTLEMENT_FORMAT, settlementHandler } from "./importers/settlement.js";

export interface FormatInfo {
  /** Amazon's report type (or our name for files Amazon has no type for). */
  reportType: string;
  label: string;
}

export interface DelimitedFormat extends FormatInfo {
  matches(cols: Columns): boolean;
  handler(ctx: ImportContext, cols: Columns): RowHandler<string[]>;
  /** For a TAB-separated file large enough: reading it on a worker thread while this one stores it. */
  offThread?: {
    /** The worker's script, undefined where none can be started. */
    script(): URL | undefined;
    run(ctx: ImportContext, file: OffThreadFile, hooks: OffThreadHooks, script: URL): Promise<HandlerResult>;
  };
}

/** Checked in order: the first whose columns match reads the file. */
export const DELIMITED_FORMATS: readonly DelimitedFormat[] = [
  {
    ...ORDERS_FORMAT,
    handler: ordersHandler,
    offThread: { script: orderLinesWorkerScript, run: importOrdersOffThread },
  },
  { ...SETTLEMENT_FORMAT, handler: settlementHandler },
  { ...RESTOCK_FORMAT, handler: restockHandler },
  { ...INVENTORY_PLANNING_FORMAT, handler: inventoryPlanningHandler },
  { ...MYI_FORMAT, handler: myiHandler },
  { ...LISTINGS_FORMAT, handler: listingsHandler },
  { ...BUSINESS_REPORT_FORMAT, handler: businessReportHandler },
  { ...ADS_CONSOLE_FORMAT, handler: adsConsoleHandler },
  { ...COST_SHEET_FORMAT, handler: costSheetHandler },
];

export const JSON_FORMATS = {
  salesTraffic: { ...SALES_TRAFFIC_FORMAT, reader: salesTrafficReader },
  ads: { ...ADS_JSON_FORMAT, handler: adsJsonHandler },
};

/** Every format, for the error that lists what we read. */
export function knownFormats(): FormatInfo[] {
  return [JSON_FORMATS.salesTraffic, ...DELIMITED_FORMATS, JSON_FORMATS.ads].map(({ reportType, label }) => ({
    reportType,
    label,
  }));
}

export function delimitedFormatFor(cols: Columns): DelimitedFormat | undefined {
  return DELIMITED_FORMATS.find((f) => f.matches(cols));
}
