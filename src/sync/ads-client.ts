/**
 * The Amazon Ads API calls a sync uses: the advertiser's profiles and v3
 * reporting (create, poll, download the gzip JSON). Requests carry the
 * bearer token, the app's client id and, for a profile's data, its scope.
 */
import { type AmazonHttp, AmazonApiError, amazonErrorText } from "./amazon-http.js";
import type { AccessTokens } from "./lwa.js";

export interface AdsProfile {
  profileId: string;
  countryCode: string;
  currencyCode: string;
  marketplaceId?: string;
}

export interface AdsReportStatus {
  reportId: string;
  status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  url?: string | null;
  failureReason?: string | null;
}

export class AdsClient {
  constructor(
    private readonly http: AmazonHttp,
    private readonly endpoint: string,
    private readonly clientId: string,
    private readonly tokens: AccessTokens,
  ) {}

  private async call<T>(
    operation: string,
    method: "GET" | "POST",
    path: string,
    profileId?: string,
    body?: unknown,
  ): Promise<T> {
    for (let refreshed = false; ; refreshed = true) {
      const token = await this.tokens.get();
      const response = await this.http.send({
        operation,
        method,
        url: `${this.endpoint}${path}`,
        headers: {
          authorization: `Bearer ${token}`,
          "amazon-advertising-api-clientid": this.clientId,
          ...(profileId ? { "amazon-advertising-api-scope": profileId } : {}),
          ...(body === undefined ? {} : { "content-type": "application/vnd.createasyncreportrequest.v3+json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 200 && response.status < 300) return response.json<T>();
      const { code, message } = amazonErrorText(response.body);
      if (response.status === 401 && !refreshed && /expired/i.test(message)) {
        this.tokens.invalidate(token);
        continue;
      }
      throw new AmazonApiError(operation, response.status, code, message);
    }
  }

  async profiles(): Promise<AdsProfile[]> {
    const body = await this.call<Record<string, any>[]>("adsProfiles", "GET", "/v2/profiles");
    return body.map((p) => ({
      profileId: String(p.profileId),
      countryCode: String(p.countryCode ?? ""),
      currencyCode: String(p.currencyCode ?? ""),
      marketplaceId: p.accountInfo?.marketplaceStringId,
    }));
  }

  async createReport(profileId: string, request: Record<string, unknown>): Promise<string> {
    const body = await this.call<{ reportId: string }>(
      "adsCreateReport",
      "POST",
      "/reporting/reports",
      profileId,
      request,
    );
    return body.reportId;
  }

  getReport(profileId: string, reportId: string): Promise<AdsReportStatus> {
    return this.call("adsGetReport", "GET", `/reporting/reports/${encodeURIComponent(reportId)}`, profileId);
  }

  async download(url: string): Promise<Buffer> {
    const response = await this.http.send({ operation: "download", method: "GET", url });
    if (response.status !== 200) {
      const { message } = amazonErrorText(response.body);
      throw new AmazonApiError("download", response.status, "", message || "the ads report could not be downloaded");
    }
    return response.body;
  }
}
