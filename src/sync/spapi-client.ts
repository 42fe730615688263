/**
 * The Selling Partner API operations a sync uses: Sellers, Reports
 * 2021-06-30 (with the document download) and Product Pricing's batch of
 * item offers. Each request carries the access token in x-amz-access-token.
 */
import { SellerAiError } from "../core/errors.js";
import { type AmazonHttp, AmazonApiError, amazonErrorText } from "./amazon-http.js";
import type { AccessTokens } from "./lwa.js";

export type ProcessingStatus = "IN_QUEUE" | "IN_PROGRESS" | "DONE" | "CANCELLED" | "FATAL";

export interface ReportInfo {
  reportId: string;
  reportType: string;
  dataStartTime?: string;
  dataEndTime?: string;
  createdTime: string;
  processingStatus: ProcessingStatus;
  reportDocumentId?: string;
  marketplaceIds?: string[];
}

export interface ReportDocumentInfo {
  reportDocumentId: string;
  url: string;
  compressionAlgorithm?: "GZIP";
}

export interface CreateReportSpec {
  reportType: string;
  marketplaceIds: string[];
  dataStartTime?: string;
  dataEndTime?: string;
  reportOptions?: Record<string, string>;
}

const USER_AGENT = "seller-ai/0.1 (Language=TypeScript; Platform=Node.js)";

export class SpApiClient {
  constructor(
    private readonly http: AmazonHttp,
    private readonly endpoint: string,
    private readonly tokens: AccessTokens,
  ) {}

  private async call<T>(operation: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    for (let refreshed = false; ; refreshed = true) {
      const token = await this.tokens.get();
      const response = await this.http.send({
        operation,
        method,
        url: `${this.endpoint}${path}`,
        headers: {
          "x-amz-access-token": token,
          "user-agent": USER_AGENT,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 200 && response.status < 300) return response.json<T>();
      const { code, message } = amazonErrorText(response.body);
      // An access token that expired early: fetch a new one once, then give up.
      if ((response.status === 403 || response.status === 401) && !refreshed && /expired/i.test(message)) {
        this.tokens.invalidate(token);
        continue;
      }
      throw new AmazonApiError(operation, response.status, code, message);
    }
  }

  async marketplaceParticipations(): Promise<{ marketplaceId: string; countryCode: string; currency: string }[]> {
    const body = await this.call<{ payload?: Record<string, any>[] }>(
      "getMarketplaceParticipations",
      "GET",
      "/sellers/v1/marketplaceParticipations",
    );
    return (body.payload ?? [])
      .filter((p) => p.participation?.isParticipating !== false)
      .map((p) => ({
        marketplaceId: String(p.marketplace?.id ?? ""),
        countryCode: String(p.marketplace?.countryCode ?? ""),
        currency: String(p.marketplace?.defaultCurrencyCode ?? ""),
      }));
  }

  async createReport(spec: CreateReportSpec): Promise<string> {
    const body = await this.call<{ reportId?: string }>("createReport", "POST", "/reports/2021-06-30/reports", spec);
    if (!body.reportId) throw new SellerAiError("failure", "Amazon createReport answered without a reportId.");
    return body.reportId;
  }

  getReport(reportId: string): Promise<ReportInfo> {
    return this.call("getReport", "GET", `/reports/2021-06-30/reports/${encodeURIComponent(reportId)}`);
  }

  /** Every report of the types created since the instant (all pages). */
  async getReports(reportTypes: string[], createdSince: string, marketplaceIds?: string[]): Promise<ReportInfo[]> {
    const out: ReportInfo[] = [];
    let nextToken: string | undefined;
    do {
      const q = new URLSearchParams(
        nextToken
          ? { nextToken }
          : {
              reportTypes: reportTypes.join(","),
              processingStatuses: "DONE",
              createdSince,
              pageSize: "100",
              ...(marketplaceIds?.length ? { marketplaceIds: marketplaceIds.join(",") } : {}),
            },
      );
      const body = await this.call<{ reports?: ReportInfo[]; nextToken?: string }>(
        "getReports",
        "GET",
        `/reports/2021-06-30/reports?${q}`,
      );
      out.push(...(body.reports ?? []));
      nextToken = body.nextToken;
    } while (nextToken);
    return out;
  }

  getReportDocument(documentId: string): Promise<ReportDocumentInfo> {
    return this.call("getReportDocument", "GET", `/reports/2021-06-30/documents/${encodeURIComponent(documentId)}`);
  }

  /** Downloads a document from its pre-signed URL (no credentials: the URL is the permission). */
  async download(url: string): Promise<Buffer> {
    const response = await this.http.send({ operation: "download", method: "GET", url });
    if (response.status !== 200)
      throw new AmazonApiError("download", response.status, "", "the report document could not be downloaded");
    return response.body;
  }

  /** Competitor offers of up to 20 ASINs of one marketplace. */
  async itemOffersBatch(marketplaceId: string, asins: string[]): Promise<Record<string, any>[]> {
    const body = await this.call<{ responses?: Record<string, any>[] }>(
      "getItemOffersBatch",
      "POST",
      "/batches/products/pricing/v0/itemOffers",
      {
        requests: asins.map((asin) => ({
          uri: `/products/pricing/v0/items/${asin}/offers`,
          method: "GET",
          MarketplaceId: marketplaceId,
          ItemCondition: "New",
          CustomerType: "Consumer",
        })),
      },
    );
    return body.responses ?? [];
  }
}
