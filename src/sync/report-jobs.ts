/**
 * What a sync asks Amazon for, and how each answer is fetched: the reports
 * by type and window (incremental from each type's cursor, with an overlap
 * for late updates), the Reports API's create → poll → document → download
 * cycle, and the Ads API's v3 report cycle.
 */
import { addDaysIso, daysBetweenIso } from "../core/dates.js";
import { SellerAiError } from "../core/errors.js";
import type { Period } from "../ingest/context.js";
import type { AdsClient } from "./ads-client.js";
import type { HttpTiming } from "./amazon-http.js";
import type { CreateReportSpec, SpApiClient } from "./spapi-client.js";

/** The data sets a connection may be granted. */
export const DATA_SCOPES = ["orders", "inventory", "financial", "advertising", "catalog", "pricing"] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const SALES_TRAFFIC = "GET_SALES_AND_TRAFFIC_REPORT";
export const ALL_ORDERS = "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL";
export const MYI = "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA";
export const RESTOCK = "GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT";
export const LISTINGS = "GET_MERCHANT_LISTINGS_ALL_DATA";
export const SETTLEMENT = "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE";

/** How far back a first sync reaches, and how much of the last window each later sync fetches again. */
export const HISTORY = {
  /** Sales and traffic, one report per marketplace and day. */
  salesDays: 1096,
  /** Orders (order-level lines); older days keep Sales and Traffic's daily figures. */
  ordersDays: 30,
  /** Sponsored Products reports reach back 95 days at Amazon. */
  adsDays: 94,
  /** Reports Amazon lists are kept 90 days. */
  listedDays: 89,
  overlap: { sales: 3, orders: 2, ads: 7, settlements: 1 },
  /** Amazon's longest window for the all-orders report, and the Ads API's. */
  ordersWindow: 30,
  adsWindow: 31,
} as const;

export const ADS_REPORTS = {
  spCampaigns: {
    groupBy: ["campaign"],
    columns: [
      "date",
      "campaignId",
      "campaignName",
      "campaignStatus",
      "campaignBudgetAmount",
      "campaignBudgetType",
      "campaignBudgetCurrencyCode",
      "topOfSearchImpressionShare",
      "impressions",
      "clicks",
      "cost",
      "purchases7d",
      "sales7d",
      "unitsSoldClicks7d",
    ],
  },
  spTargeting: {
    groupBy: ["targeting"],
    columns: [
      "date",
      "campaignId",
      "campaignName",
      "adGroupId",
      "adGroupName",
      "keywordId",
      "keyword",
      "keywordType",
      "matchType",
      "targeting",
      "keywordBid",
      "topOfSearchImpressionShare",
      "campaignBudgetCurrencyCode",
      "impressions",
      "clicks",
      "cost",
      "purchases7d",
      "sales7d",
      "unitsSoldClicks7d",
    ],
  },
  spSearchTerm: {
    groupBy: ["searchTerm"],
    columns: [
      "date",
      "campaignId",
      "campaignName",
      "adGroupId",
      "adGroupName",
      "keywordId",
      "keyword",
      "keywordType",
      "matchType",
      "targeting",
      "searchTerm",
      "campaignBudgetCurrencyCode",
      "impressions",
      "clicks",
      "cost",
      "purchases7d",
      "sales7d",
      "unitsSoldClicks7d",
    ],
  },
  spAdvertisedProduct: {
    groupBy: ["advertiser"],
    columns: [
      "date",
      "campaignId",
      "campaignName",
      "adGroupId",
      "adGroupName",
      "advertisedAsin",
      "advertisedSku",
      "campaignBudgetCurrencyCode",
      "impressions",
      "clicks",
      "cost",
      "purchases7d",
      "sales7d",
      "unitsSoldClicks7d",
    ],
  },
} as const;
export type AdsReportType = keyof typeof ADS_REPORTS;

export type JobPhase = "requested" | "processing" | "downloading";

/** A report document fetched: its bytes as downloaded and whether they are gzip. */
export interface FetchedDocument {
  body: Buffer;
  gzip: boolean;
  /** Amazon's id of the report, for the run's source. */
  reportId: string;
  /** The report's own data window, when it has one (snapshots: the day they show). */
  dataEnd?: string;
}

export type FetchOutcome =
  | { kind: "document"; document: FetchedDocument }
  | { kind: "no_data"; reportId: string }
  | { kind: "fatal"; reportId: string; reason: string };

/** One report of a sync. */
export interface ReportJob {
  /** e.g. "Sales and Traffic US 2026-11-19". */
  label: string;
  reportType: string;
  /** The cursor this job moves: the report type and marketplace ("" for account-wide). */
  cursor: { reportType: string; marketplace: string; position: number; dataEnd: string } | undefined;
  marketplace?: string;
  period?: Period;
  /** Whether the import writes daily rows the running totals summarise. */
  rolledUp: boolean;
  fetch(onPhase: (phase: JobPhase) => void): Promise<FetchOutcome>;
}

export interface PollOptions {
  timing: HttpTiming;
  /** The first wait before asking for a report's status, doubled per poll up to `maxMs`. */
  initialMs: number;
  maxMs: number;
  /** Gives up on a report still processing after waiting this long for it (ms). */
  timeoutMs: number;
}

/** Splits start..end into windows of at most `days` days, in order. */
export function windows(start: string, end: string, days: number): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (let s = start; s <= end; s = addDaysIso(s, days)) {
    const e = addDaysIso(s, days - 1);
    out.push({ start: s, end: e < end ? e : end });
  }
  return out;
}

/** Where an incremental window starts: the cursor's day less the overlap, never before `floor`. */
export function incrementalStart(cursorEnd: string | undefined, overlapDays: number, floor: string): string {
  if (!cursorEnd) return floor;
  const from = addDaysIso(cursorEnd.slice(0, 10), -(overlapDays - 1));
  return from > floor ? from : floor;
}

/** createReport → getReport until done → getReportDocument → download. */
export async function fetchSpReport(
  sp: SpApiClient,
  spec: CreateReportSpec,
  poll: PollOptions,
  onPhase: (phase: JobPhase) => void,
): Promise<FetchOutcome> {
  const reportId = await sp.createReport(spec);
  onPhase("requested");
  let waited = 0;
  let wait = poll.initialMs;
  for (;;) {
    await poll.timing.sleep(wait);
    waited += wait;
    const info = await sp.getReport(reportId);
    if (info.processingStatus === "DONE") {
      if (!info.reportDocumentId) throw new SellerAiError("failure", `report ${reportId} is DONE without a document.`);
      onPhase("downloading");
      return {
        kind: "document",
        document: { ...(await downloadSpDocument(sp, info.reportDocumentId)), reportId, dataEnd: info.dataEndTime },
      };
    }
    if (info.processingStatus === "CANCELLED") return { kind: "no_data", reportId };
    if (info.processingStatus === "FATAL")
      return { kind: "fatal", reportId, reason: `Amazon could not produce report ${reportId} (FATAL)` };
    onPhase("processing");
    if (waited > poll.timeoutMs)
      throw new SellerAiError(
        "failure",
        `report ${reportId} was still ${info.processingStatus} after ${Math.round(poll.timeoutMs / 1000)} s.`,
      );
    wait = Math.min(poll.maxMs, wait * 2);
  }
}

/** A listed report's document (settlements, which Amazon makes on its own schedule). */
export async function downloadSpDocument(
  sp: SpApiClient,
  documentId: string,
): Promise<{ body: Buffer; gzip: boolean }> {
  const doc = await sp.getReportDocument(documentId);
  const body = await sp.download(doc.url);
  const gzip = doc.compressionAlgorithm === "GZIP";
  if (gzip && !(body[0] === 0x1f && body[1] === 0x8b))
    throw new SellerAiError("failure", `report document ${documentId} says GZIP but is not gzip data.`);
  return { body, gzip };
}

/** An Ads API v3 report: create, poll until COMPLETED, download the gzip JSON. */
export async function fetchAdsReport(
  ads: AdsClient,
  profileId: string,
  type: AdsReportType,
  window: { start: string; end: string },
  poll: PollOptions,
  onPhase: (phase: JobPhase) => void,
): Promise<FetchOutcome> {
  const spec = ADS_REPORTS[type];
  const reportId = await ads.createReport(profileId, {
    name: `seller-ai ${type} ${window.start}..${window.end}`,
    startDate: window.start,
    endDate: window.end,
    configuration: {
      adProduct: "SPONSORED_PRODUCTS",
      groupBy: spec.groupBy,
      columns: spec.columns,
      reportTypeId: type,
      timeUnit: "DAILY",
      format: "GZIP_JSON",
    },
  });
  onPhase("requested");
  let waited = 0;
  let wait = poll.initialMs;
  for (;;) {
    await poll.timing.sleep(wait);
    waited += wait;
    const status = await ads.getReport(profileId, reportId);
    if (status.status === "COMPLETED" && status.url) {
      onPhase("downloading");
      const body = await ads.download(status.url);
      return { kind: "document", document: { body, gzip: body[0] === 0x1f && body[1] === 0x8b, reportId } };
    }
    if (status.status === "FAILED")
      return {
        kind: "fatal",
        reportId,
        reason: `the Ads API could not produce report ${reportId} (${status.failureReason ?? "FAILED"})`,
      };
    onPhase("processing");
    if (waited > poll.timeoutMs)
      throw new SellerAiError(
        "failure",
        `ads report ${reportId} was still ${status.status} after ${Math.round(poll.timeoutMs / 1000)} s.`,
      );
    wait = Math.min(poll.maxMs, wait * 2);
  }
}

/** Days from `start` to `end` inclusive (0 when end is before start). */
export function dayCount(start: string, end: string): number {
  return end < start ? 0 : daysBetweenIso(start, end) + 1;
}
