/**
 * A stand-in for Amazon on loopback that speaks its protocols: Login with
 * Amazon (consent redirects and the token endpoint), the Selling Partner API
 * (Sellers, Reports 2021-06-30 with document downloads, Product Pricing
 * batches) and the Amazon Ads API (profiles, v3 reporting). It checks every
 * request's credentials, enforces per-operation usage plans with 429s and
 * x-amzn-RateLimit-Limit, keeps reports IN_PROGRESS for a while, and can be
 * told to fail: FATAL reports, 500s, expired access tokens, a revoked grant.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { addDaysIso, daysBetweenIso, isoDate } from "../../core/dates.js";
import { SPAPI_USAGE_PLANS, TokenBucket } from "../token-bucket.js";
import {
  ADS_REPORT_TYPES,
  adsReportRows,
  allOrdersDocument,
  inventoryDocument,
  listingsDocument,
  restockDocument,
  salesAndTrafficDocument,
  settlementDocument,
  settlementPeriods,
  type AdsReportType,
  type SettlementPeriod,
} from "./report-documents.js";
import type { SandboxMarketplace, SandboxSeller } from "./sandbox-seller.js";

export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  /** The SP-API application id shown on the consent page. */
  applicationId: string;
}

export const SANDBOX_CREDENTIALS: SandboxCredentials = {
  clientId: "amzn1.application-oa2-client.sandbox0000000000000000",
  clientSecret: "sandbox-client-secret",
  applicationId: "amzn1.sp.solution.sandbox-0000-0000-0000-000000000000",
};

export interface SandboxOptions {
  seller: SandboxSeller;
  credentials?: SandboxCredentials;
  /** The sandbox's clock: its UTC date is "today" for the data it shows. Default: the system clock. */
  clock?: () => Date;
  /** Milliseconds clock for usage plans and processing time (default performance.now). */
  timer?: () => number;
  /** Multiplies every documented rate (1: Amazon's own plans). Bursts stay as documented. */
  rateScale?: number;
  /** A report answers IN_PROGRESS to this many getReport calls before it is done (default 1). */
  processingPolls?: number;
  /** And at least this long (default 0 ms). */
  processingMs?: number;
  /** Reports' history: settlements and other listed reports are kept this many days (Amazon: 90). */
  retentionDays?: number;
  /** How far back Sponsored Products reports reach (Amazon: 95 days). */
  adsRetentionDays?: number;
}

interface Report {
  reportId: string;
  reportType: string;
  marketplaceIds: string[];
  dataStartTime: string;
  dataEndTime: string;
  createdTime: string;
  createdAt: number;
  pollsLeft: number;
  status: "IN_QUEUE" | "IN_PROGRESS" | "DONE" | "CANCELLED" | "FATAL";
  documentId?: string;
  processingEndTime?: string;
  render: () => Promise<{ text: string; empty: boolean }>;
  scheduled?: boolean;
}

interface Document {
  body: Buffer;
  gzip: boolean;
  signature: string;
}

interface AdsReport {
  reportId: string;
  profileId: string;
  body: Record<string, unknown>;
  createdAt: number;
  pollsLeft: number;
  status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  documentId?: string;
  failureReason?: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

const REPORT_TYPES = new Set([
  "GET_SALES_AND_TRAFFIC_REPORT",
  "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL",
  "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA",
  "GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT",
  "GET_MERCHANT_LISTINGS_ALL_DATA",
]);
const SETTLEMENT = "GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE";
const ACCESS_TOKEN_SECONDS = 3600;
const CODE_SECONDS = 300;

function spapiError(status: number, code: string, message: string, details = ""): HttpError {
  return new HttpError(status, { errors: [{ code, message, details }] });
}

/** The sandbox: start() listens on loopback; the fault switches are for tests and trials. */
export class SandboxServer {
  readonly credentials: SandboxCredentials;
  readonly seller: SandboxSeller;
  /** Requests received per operation, for tests. */
  readonly calls = new Map<string, number>();
  /** Every problem the sandbox found with a request's credentials, for tests. */
  readonly authFailures: string[] = [];

  private server?: Server;
  private baseUrl = "";
  private readonly clock: () => Date;
  private readonly timer: () => number;
  private readonly rateScale: number;
  private readonly processingPolls: number;
  private readonly processingMs: number;
  private readonly retentionDays: number;
  private readonly adsRetentionDays: number;
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly codes = new Map<string, { refreshToken: string; expires: number; kind: "spapi" | "ads" }>();
  private readonly refreshTokens = new Map<string, { kind: "spapi" | "ads"; revoked: boolean }>();
  private readonly accessTokens = new Map<string, { kind: "spapi" | "ads"; expires: number }>();
  private readonly reports = new Map<string, Report>();
  private readonly documents = new Map<string, Document>();
  private readonly adsReports = new Map<string, AdsReport>();
  private readonly failures = new Map<string, { status: number; left: number }>();
  private readonly fatal: ((type: string, start: string, marketplace: string) => boolean)[] = [];
  private settlementReports?: { day: string; reports: Report[] };
  private counter = 0;
  /** Days the sandbox's calendar was moved forward (POST /sandbox/advance). */
  private advancedMs = 0;

  constructor(options: SandboxOptions) {
    this.seller = options.seller;
    this.credentials = options.credentials ?? SANDBOX_CREDENTIALS;
    const base = options.clock ?? (() => new Date());
    this.clock = () => new Date(base().getTime() + this.advancedMs);
    this.timer = options.timer ?? (() => performance.now());
    this.rateScale = options.rateScale ?? 1;
    this.processingPolls = options.processingPolls ?? 1;
    this.processingMs = options.processingMs ?? 0;
    this.retentionDays = options.retentionDays ?? 90;
    this.adsRetentionDays = options.adsRetentionDays ?? 95;
  }

  /** Listens on 127.0.0.1 (a free port unless given); resolves with the base URL. */
  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        if (process.env.SANDBOX_DEBUG) console.error("sandbox error", error);
        if (!res.headersSent) send(res, 500, { errors: [{ code: "InternalFailure", message: String(error) }] });
        else res.destroy();
      });
    });
    // Clients keep connections open between calls: close idle ones after they would (as load balancers do).
    this.server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    return this.baseUrl;
  }

  get url(): string {
    return this.baseUrl;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  // Fault switches.

  /** The next `count` calls of `operation` answer `status` (500 InternalFailure, 503...). */
  failNext(operation: string, count = 1, status = 500): void {
    this.failures.set(operation, { status, left: count });
  }

  /** Reports matching the predicate end FATAL instead of DONE. */
  failReports(predicate: (reportType: string, dataStart: string, marketplace: string) => boolean): void {
    this.fatal.push(predicate);
  }

  /** Ends every failure asked for. */
  clearFaults(): void {
    this.failures.clear();
    this.fatal.length = 0;
  }

  /** Every access token issued so far expires now; refreshing gives new ones. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expires = 0;
  }

  /** The seller removed the app's authorisation: refresh tokens stop working. */
  revokeRefreshTokens(): void {
    for (const token of this.refreshTokens.values()) token.revoked = true;
  }

  count(operation: string): number {
    return this.calls.get(operation) ?? 0;
  }

  // Dispatch.

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.baseUrl);
    const path = url.pathname;
    const method = req.method ?? "GET";
    try {
      const body = method === "POST" ? await readBody(req) : "";
      let m: RegExpExecArray | null;
      if (method === "GET" && path === "/") return send(res, 200, this.describe());
      if (method === "POST" && path === "/sandbox/advance") {
        // Not Amazon's: moves the sandbox's calendar on, so the next sync finds a new day.
        const days = Number((parseJson(body) as { days?: unknown }).days ?? 1);
        if (!Number.isInteger(days) || days < 1 || days > 366)
          throw spapiError(400, "InvalidInput", "days must be 1 to 366");
        this.advancedMs += days * 86_400_000;
        return send(res, 200, this.describe());
      }
      if (method === "GET" && path === "/apps/authorize/consent") return this.consent(url, res);
      if (method === "GET" && path === "/ap/oa") return this.adsConsent(url, res);
      if (method === "POST" && path === "/auth/o2/token") return send(res, 200, this.token(req, body));
      if (method === "GET" && (m = /^\/documents\/([\w-]+)$/.exec(path))) return await this.download(m[1], url, res);
      if (method === "GET" && path === "/sellers/v1/marketplaceParticipations")
        return await this.spapi(req, res, "getMarketplaceParticipations", () => this.participations());
      if (method === "POST" && path === "/reports/2021-06-30/reports")
        return await this.spapi(req, res, "createReport", () => this.createReport(parseJson(body)), 202);
      if (method === "GET" && path === "/reports/2021-06-30/reports")
        return await this.spapi(req, res, "getReports", () => this.getReports(url));
      if (method === "GET" && (m = /^\/reports\/2021-06-30\/reports\/([\w-]+)$/.exec(path))) {
        const id = m[1];
        return await this.spapi(req, res, "getReport", () => this.getReport(id));
      }
      if (method === "GET" && (m = /^\/reports\/2021-06-30\/documents\/([\w-]+)$/.exec(path))) {
        const id = m[1];
        return await this.spapi(req, res, "getReportDocument", () => this.getReportDocument(id));
      }
      if (method === "POST" && path === "/batches/products/pricing/v0/itemOffers")
        return await this.spapi(req, res, "getItemOffersBatch", () => this.itemOffersBatch(parseJson(body)));
      if (method === "GET" && path === "/v2/profiles")
        return await this.ads(req, res, "adsProfiles", false, () => this.profiles());
      if (method === "POST" && path === "/reporting/reports")
        return await this.ads(req, res, "adsCreateReport", true, (profile) => this.adsCreate(profile, parseJson(body)));
      if (method === "GET" && (m = /^\/reporting\/reports\/([\w-]+)$/.exec(path))) {
        const id = m[1];
        return await this.ads(req, res, "adsGetReport", true, (profile) => this.adsGet(profile, id));
      }
      throw spapiError(404, "NotFound", `no resource ${method} ${path}`);
    } catch (error) {
      if (error instanceof HttpError) return send(res, error.status, error.body, error.headers);
      throw error;
    }
  }

  private describe() {
    return {
      sandbox: "seller-ai Amazon sandbox",
      seller: this.seller.sellingPartnerId,
      marketplaces: this.seller.marketplaces.map((m) => m.code),
      today: this.today(),
      history: `${this.seller.firstDay}..${this.seller.visibleEnd(this.today())}`,
      client_id: this.credentials.clientId,
      application_id: this.credentials.applicationId,
    };
  }

  private today(): string {
    return isoDate(this.clock());
  }

  private bucket(operation: string): TokenBucket {
    let bucket = this.buckets.get(operation);
    if (!bucket) {
      const plan = SPAPI_USAGE_PLANS[operation] ?? { rate: 1, burst: 1 };
      bucket = new TokenBucket(plan.rate * this.rateScale, plan.burst, this.timer());
      this.buckets.set(operation, bucket);
    }
    return bucket;
  }

  /** Counts the call, applies its usage plan and any failure asked for. */
  private admit(operation: string): Record<string, string> {
    this.calls.set(operation, (this.calls.get(operation) ?? 0) + 1);
    const bucket = this.bucket(operation);
    const headers = { "x-amzn-RateLimit-Limit": String(bucket.rate), "x-amzn-RequestId": randomUUID() };
    if (!bucket.tryTake(this.timer())) {
      this.calls.set(`429 ${operation}`, (this.calls.get(`429 ${operation}`) ?? 0) + 1);
      throw new HttpError(
        429,
        {
          errors: [
            { code: "QuotaExceeded", message: "You exceeded your quota for the requested resource.", details: "" },
          ],
        },
        headers,
      );
    }
    const failure = this.failures.get(operation);
    if (failure && failure.left > 0) {
      failure.left--;
      throw new HttpError(
        failure.status,
        {
          errors: [
            { code: "InternalFailure", message: "We encountered an internal error. Please try again.", details: "" },
          ],
        },
        headers,
      );
    }
    return headers;
  }

  private checkAccessToken(token: string | undefined, kind: "spapi" | "ads", where: string): void {
    const known = token ? this.accessTokens.get(token) : undefined;
    if (!token || !known || known.kind !== kind) {
      this.authFailures.push(`${where}: ${token ? "unknown access token" : "no access token"}`);
      throw kind === "spapi"
        ? spapiError(
            403,
            "Unauthorized",
            "Access to requested resource is denied.",
            "The access token you provided is revoked, malformed or invalid.",
          )
        : new HttpError(401, { code: "UNAUTHORIZED", details: "Not authorized to access this advertiser" });
    }
    if (known.expires <= this.clock().getTime()) {
      this.authFailures.push(`${where}: expired access token`);
      throw kind === "spapi"
        ? spapiError(
            403,
            "Unauthorized",
            "Access to requested resource is denied.",
            "The access token you provided has expired.",
          )
        : new HttpError(401, { code: "UNAUTHORIZED", details: "The access token you provided has expired." });
    }
  }

  private async spapi(
    req: IncomingMessage,
    res: ServerResponse,
    operation: string,
    work: () => unknown,
    status = 200,
  ): Promise<void> {
    this.checkAccessToken(header(req, "x-amz-access-token"), "spapi", operation);
    const headers = this.admit(operation);
    send(res, status, await work(), headers);
  }

  private async ads(
    req: IncomingMessage,
    res: ServerResponse,
    operation: string,
    needsProfile: boolean,
    work: (profile: SandboxMarketplace | undefined) => unknown,
  ): Promise<void> {
    const auth = /^Bearer (\S+)$/.exec(header(req, "authorization") ?? "");
    this.checkAccessToken(auth?.[1], "ads", operation);
    if (header(req, "amazon-advertising-api-clientid") !== this.credentials.clientId) {
      this.authFailures.push(`${operation}: wrong or missing Amazon-Advertising-API-ClientId`);
      throw new HttpError(401, {
        code: "UNAUTHORIZED",
        details: "Amazon-Advertising-API-ClientId is missing or invalid",
      });
    }
    let profile: SandboxMarketplace | undefined;
    if (needsProfile) {
      profile = this.seller.marketplaceByProfile(header(req, "amazon-advertising-api-scope") ?? "");
      if (!profile) {
        this.authFailures.push(`${operation}: wrong or missing Amazon-Advertising-API-Scope`);
        throw new HttpError(401, {
          code: "UNAUTHORIZED",
          details: "Amazon-Advertising-API-Scope is missing or not a profile of this advertiser",
        });
      }
    }
    const headers = this.admit(operation);
    if (headers && res) {
      // The Ads API says when to come back, not what the plan is.
      delete (headers as Record<string, string>)["x-amzn-RateLimit-Limit"];
    }
    send(res, 200, await work(profile), headers);
  }

  // Login with Amazon.

  private consent(url: URL, res: ServerResponse): void {
    const appId = url.searchParams.get("application_id");
    const state = url.searchParams.get("state");
    const redirect = url.searchParams.get("redirect_uri");
    if (appId !== this.credentials.applicationId) {
      sendHtml(res, 400, "Unknown application_id.");
      return;
    }
    if (!state || !redirect) {
      sendHtml(res, 400, "state and redirect_uri are required.");
      return;
    }
    const code = this.issueCode("spapi");
    const target = new URL(redirect);
    target.searchParams.set("state", state);
    target.searchParams.set("selling_partner_id", this.seller.sellingPartnerId);
    target.searchParams.set("spapi_oauth_code", code);
    res.writeHead(302, { location: target.toString() }).end();
  }

  private adsConsent(url: URL, res: ServerResponse): void {
    const clientId = url.searchParams.get("client_id");
    const redirect = url.searchParams.get("redirect_uri");
    const state = url.searchParams.get("state");
    if (clientId !== this.credentials.clientId) {
      sendHtml(res, 400, "Unknown client_id.");
      return;
    }
    if (url.searchParams.get("response_type") !== "code" || !redirect || !state) {
      sendHtml(res, 400, "response_type=code, redirect_uri and state are required.");
      return;
    }
    if (url.searchParams.get("scope") !== "advertising::campaign_management") {
      sendHtml(res, 400, "scope must be advertising::campaign_management.");
      return;
    }
    const target = new URL(redirect);
    target.searchParams.set("code", this.issueCode("ads"));
    target.searchParams.set("scope", "advertising::campaign_management");
    target.searchParams.set("state", state);
    res.writeHead(302, { location: target.toString() }).end();
  }

  private issueCode(kind: "spapi" | "ads"): string {
    const code = `ANsandbox${randomBytes(12).toString("hex")}`;
    const refreshToken = `Atzr|${randomBytes(32).toString("base64url")}`;
    this.refreshTokens.set(refreshToken, { kind, revoked: false });
    this.codes.set(code, { refreshToken, expires: this.clock().getTime() + CODE_SECONDS * 1000, kind });
    return code;
  }

  private token(req: IncomingMessage, body: string): unknown {
    const type = header(req, "content-type") ?? "";
    const form = type.includes("application/json")
      ? new URLSearchParams(Object.entries(parseJson(body) as Record<string, string>))
      : new URLSearchParams(body);
    const invalid = (status: number, error: string, description: string) =>
      new HttpError(status, { error, error_description: description });
    if (
      form.get("client_id") !== this.credentials.clientId ||
      form.get("client_secret") !== this.credentials.clientSecret
    ) {
      this.authFailures.push("token: wrong client credentials");
      throw invalid(401, "invalid_client", "Client authentication failed");
    }
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const code = form.get("code") ?? "";
      const issued = this.codes.get(code);
      this.codes.delete(code);
      if (!issued || issued.expires < this.clock().getTime())
        throw invalid(400, "invalid_grant", "The authorization code is invalid or has expired.");
      return { ...this.issueAccessToken(issued.kind), refresh_token: issued.refreshToken };
    }
    if (grant === "refresh_token") {
      const known = this.refreshTokens.get(form.get("refresh_token") ?? "");
      if (!known || known.revoked)
        throw invalid(400, "invalid_grant", "The request has an invalid grant parameter : refresh_token");
      return this.issueAccessToken(known.kind);
    }
    throw invalid(400, "unsupported_grant_type", `grant_type "${grant}" is not supported`);
  }

  private issueAccessToken(kind: "spapi" | "ads") {
    const token = `Atza|${randomBytes(32).toString("base64url")}`;
    this.accessTokens.set(token, { kind, expires: this.clock().getTime() + ACCESS_TOKEN_SECONDS * 1000 });
    return { access_token: token, token_type: "bearer", expires_in: ACCESS_TOKEN_SECONDS };
  }

  // Selling Partner API.

  private participations() {
    return {
      payload: this.seller.marketplaces.map((m) => ({
        marketplace: {
          id: m.marketplaceId,
          name: `Amazon.${m.code.toLowerCase()}`,
          countryCode: m.countryCode,
          defaultCurrencyCode: m.currency,
          defaultLanguageCode: "en_US",
          domainName: `www.amazon.${m.code.toLowerCase()}`,
        },
        participation: { isParticipating: true, hasSuspendedListings: false },
      })),
    };
  }

  private market(ids: unknown): SandboxMarketplace[] {
    if (!Array.isArray(ids) || ids.length === 0) throw spapiError(400, "InvalidInput", "marketplaceIds is required");
    return ids.map((id) => {
      const m = this.seller.marketplaceById(String(id));
      if (!m) throw spapiError(400, "InvalidInput", `Invalid marketplaceId: ${id}`);
      return m;
    });
  }

  private createReport(body: unknown) {
    const spec = (body ?? {}) as Record<string, unknown>;
    const reportType = String(spec.reportType ?? "");
    if (!REPORT_TYPES.has(reportType)) {
      throw spapiError(400, "InvalidInput", `Report type ${reportType} is not supported for createReport`);
    }
    const markets = this.market(spec.marketplaceIds);
    const today = this.today();
    const visibleEnd = this.seller.visibleEnd(today);
    const start = typeof spec.dataStartTime === "string" ? spec.dataStartTime.slice(0, 10) : addDaysIso(today, -30);
    let end = typeof spec.dataEndTime === "string" ? spec.dataEndTime.slice(0, 10) : today;
    if (end > visibleEnd) end = visibleEnd;
    if (reportType === "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL" && daysBetweenIso(start, end) > 30)
      throw spapiError(400, "InvalidInput", "The maximum date range for this report is 30 days");
    const first = markets[0];
    let render: Report["render"];
    switch (reportType) {
      case "GET_SALES_AND_TRAFFIC_REPORT":
        render = async () => {
          const text = await salesAndTrafficDocument(this.seller, first, start, end);
          return { text, empty: start > end || !text.includes('"childAsin"') };
        };
        break;
      case "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL":
        render = async () => {
          const text = await allOrdersDocument(this.seller, markets, start, end);
          return { text, empty: text.indexOf("\n") === text.length - 1 };
        };
        break;
      case "GET_MERCHANT_LISTINGS_ALL_DATA":
        render = async () => ({ text: await listingsDocument(this.seller, first), empty: false });
        break;
      case "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA":
        render = async () => {
          const doc = await inventoryDocument(this.seller, first, visibleEnd);
          return { text: doc.text, empty: doc.date === null };
        };
        break;
      default:
        render = async () => {
          const doc = await restockDocument(this.seller, first, visibleEnd);
          return { text: doc.text, empty: doc.date === null };
        };
    }
    const report = this.newReport(reportType, markets, `${start}T00:00:00Z`, `${end}T23:59:59Z`, render);
    return { reportId: report.reportId };
  }

  private newReport(
    reportType: string,
    markets: SandboxMarketplace[],
    dataStartTime: string,
    dataEndTime: string,
    render: Report["render"],
  ): Report {
    const reportId = String(50_000_000_000 + ++this.counter);
    const report: Report = {
      reportId,
      reportType,
      marketplaceIds: markets.map((m) => m.marketplaceId),
      dataStartTime,
      dataEndTime,
      createdTime: this.clock().toISOString(),
      createdAt: this.timer(),
      pollsLeft: this.processingPolls,
      status: "IN_QUEUE",
      render,
    };
    this.reports.set(reportId, report);
    return report;
  }

  private reportJson(r: Report) {
    return {
      reportId: r.reportId,
      reportType: r.reportType,
      dataStartTime: r.dataStartTime,
      dataEndTime: r.dataEndTime,
      marketplaceIds: r.marketplaceIds,
      createdTime: r.createdTime,
      processingStatus: r.status,
      ...(r.status !== "IN_QUEUE" ? { processingStartTime: r.createdTime } : {}),
      ...(r.processingEndTime ? { processingEndTime: r.processingEndTime } : {}),
      ...(r.documentId ? { reportDocumentId: r.documentId } : {}),
    };
  }

  private async advance(r: Report): Promise<void> {
    if (r.status === "DONE" || r.status === "CANCELLED" || r.status === "FATAL") return;
    if (r.pollsLeft > 0 || this.timer() - r.createdAt < this.processingMs) {
      r.pollsLeft--;
      r.status = "IN_PROGRESS";
      return;
    }
    const market = this.seller.marketplaceById(r.marketplaceIds[0]);
    r.processingEndTime = this.clock().toISOString();
    if (this.fatal.some((p) => p(r.reportType, r.dataStartTime.slice(0, 10), market?.code ?? ""))) {
      r.status = "FATAL";
      return;
    }
    const { text, empty } = await r.render();
    if (empty) {
      // Amazon cancels a report that has no data to return.
      r.status = "CANCELLED";
      return;
    }
    r.documentId = this.store(text, r.reportType !== "GET_MERCHANT_LISTINGS_ALL_DATA");
    r.status = "DONE";
  }

  private store(text: string, gzip: boolean): string {
    const id = `amzn1.tortuga.4.na.${randomUUID()}`.replace(/\./g, "-");
    const raw = Buffer.from(text, "utf8");
    this.documents.set(id, {
      body: gzip ? gzipSync(raw, { level: 1 }) : raw,
      gzip,
      signature: randomBytes(16).toString("hex"),
    });
    return id;
  }

  private async getReport(id: string) {
    const report = this.reports.get(id);
    if (!report) throw spapiError(404, "NotFound", `Report ${id} not found`);
    await this.advance(report);
    return this.reportJson(report);
  }

  private getReports(url: URL) {
    const types = (url.searchParams.get("reportTypes") ?? "").split(",").filter(Boolean);
    if (types.length === 0) throw spapiError(400, "InvalidInput", "reportTypes or nextToken is required");
    const statuses = (url.searchParams.get("processingStatuses") ?? "").split(",").filter(Boolean);
    const today = this.today();
    const oldest = addDaysIso(today, -this.retentionDays);
    const since = url.searchParams.get("createdSince")?.slice(0, 10) ?? oldest;
    const pageSize = Math.min(100, Number(url.searchParams.get("pageSize") ?? 10) || 10);
    const offset = Number(url.searchParams.get("nextToken") ?? 0) || 0;
    const wanted = types.includes(SETTLEMENT) ? this.settlements(today) : [];
    const listed = [...wanted, ...[...this.reports.values()].filter((r) => types.includes(r.reportType))]
      .filter((r) => r.createdTime.slice(0, 10) >= (since > oldest ? since : oldest))
      .filter((r) => statuses.length === 0 || statuses.includes(r.status))
      .sort((a, b) => (a.createdTime < b.createdTime ? 1 : -1));
    const page = listed.slice(offset, offset + pageSize);
    return {
      reports: page.map((r) => this.reportJson(r)),
      ...(offset + pageSize < listed.length ? { nextToken: String(offset + pageSize) } : {}),
    };
  }

  /** The settlement reports Amazon scheduled by today, created lazily. */
  private settlements(today: string): Report[] {
    if (this.settlementReports?.day === today) return this.settlementReports.reports;
    const reports: Report[] = [];
    const visibleEnd = this.seller.visibleEnd(today);
    for (const market of this.seller.marketplaces) {
      for (const period of settlementPeriods(market, this.seller.firstDay, today)) {
        if (period.end > visibleEnd) continue;
        reports.push(this.settlementReport(market, period));
      }
    }
    this.settlementReports = { day: today, reports };
    return reports;
  }

  private settlementReport(market: SandboxMarketplace, period: SettlementPeriod): Report {
    const existing = this.reports.get(`S${period.id}`);
    if (existing) return existing;
    const report: Report = {
      reportId: `S${period.id}`,
      reportType: SETTLEMENT,
      marketplaceIds: [market.marketplaceId],
      dataStartTime: `${period.start}T00:00:00Z`,
      dataEndTime: `${addDaysIso(period.end, 1)}T00:00:00Z`,
      createdTime: `${period.created}T06:00:00Z`,
      createdAt: 0,
      pollsLeft: 0,
      status: "DONE",
      processingEndTime: `${period.created}T06:10:00Z`,
      scheduled: true,
      render: async () => ({ text: await settlementDocument(this.seller, market, period), empty: false }),
    };
    // Scheduled reports are done when listed; their documents are made on first request.
    report.documentId = `settlement-${period.id}`;
    this.reports.set(report.reportId, report);
    return report;
  }

  private async getReportDocument(id: string) {
    let doc = this.documents.get(id);
    if (!doc) {
      const scheduled = id.startsWith("settlement-") ? this.reports.get(`S${id.slice(11)}`) : undefined;
      if (!scheduled?.scheduled) throw spapiError(404, "NotFound", `Report document ${id} not found`);
      const { text } = await scheduled.render();
      const raw = Buffer.from(text, "utf8");
      doc = { body: gzipSync(raw, { level: 1 }), gzip: true, signature: randomBytes(16).toString("hex") };
      this.documents.set(id, doc);
    }
    return {
      reportDocumentId: id,
      url: `${this.baseUrl}/documents/${id}?X-Amz-Expires=300&X-Amz-Signature=${doc.signature}`,
      ...(doc.gzip ? { compressionAlgorithm: "GZIP" } : {}),
    };
  }

  private download(id: string, url: URL, res: ServerResponse): void {
    const doc = this.documents.get(id);
    if (!doc || url.searchParams.get("X-Amz-Signature") !== doc.signature) {
      res.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    this.calls.set("download", (this.calls.get("download") ?? 0) + 1);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": doc.body.length }).end(doc.body);
  }

  private async itemOffersBatch(body: unknown) {
    const requests = ((body ?? {}) as { requests?: unknown[] }).requests;
    if (!Array.isArray(requests) || requests.length === 0 || requests.length > 20)
      throw spapiError(400, "InvalidInput", "requests must hold 1 to 20 items");
    const visibleEnd = this.seller.visibleEnd(this.today());
    const responses = [];
    for (const raw of requests) {
      const r = raw as { uri?: string; MarketplaceId?: string; ItemCondition?: string };
      const asin = /\/products\/pricing\/v0\/items\/([A-Z0-9]{10})\/offers$/.exec(r.uri ?? "")?.[1];
      const market = this.seller.marketplaceById(r.MarketplaceId ?? "");
      if (!asin || !market) {
        responses.push({
          status: { statusCode: 400, reasonPhrase: "Bad Request" },
          body: { errors: [{ code: "InvalidInput", message: "Invalid uri or MarketplaceId" }] },
          request: r,
        });
        continue;
      }
      const { rows } = await this.seller.offers(market.code, [asin], visibleEnd);
      const money = (amount: number) => ({ CurrencyCode: market.currency, Amount: amount });
      const winner = rows.find((o) => o.is_buy_box_winner === 1);
      const lowest = rows.reduce<(typeof rows)[number] | undefined>(
        (low, o) => (!low || o.price + o.shipping < low.price + low.shipping ? o : low),
        undefined,
      );
      responses.push({
        status: { statusCode: 200, reasonPhrase: "OK" },
        body: {
          payload: {
            ASIN: asin,
            status: "Success",
            ItemCondition: "New",
            Identifier: { MarketplaceId: market.marketplaceId, ItemCondition: "New", ASIN: asin },
            Summary: {
              TotalOfferCount: rows.length,
              LowestPrices: lowest
                ? [
                    {
                      condition: "new",
                      fulfillmentChannel: lowest.is_fba ? "Amazon" : "Merchant",
                      LandedPrice: money(lowest.price + lowest.shipping),
                      ListingPrice: money(lowest.price),
                      Shipping: money(lowest.shipping),
                    },
                  ]
                : [],
              BuyBoxPrices: winner
                ? [
                    {
                      condition: "new",
                      LandedPrice: money(winner.price + winner.shipping),
                      ListingPrice: money(winner.price),
                      Shipping: money(winner.shipping),
                    },
                  ]
                : [],
            },
            Offers: rows.map((o) => ({
              Shipping: money(o.shipping),
              ListingPrice: money(o.price),
              ShippingTime: { maximumHours: 48, minimumHours: 24, availabilityType: "NOW" },
              SubCondition: "new",
              SellerId: o.seller_id,
              IsFeaturedMerchant: true,
              IsBuyBoxWinner: o.is_buy_box_winner === 1,
              IsFulfilledByAmazon: o.is_fba === 1,
            })),
            marketplaceId: market.marketplaceId,
          },
        },
        request: { MarketplaceId: market.marketplaceId, Asin: asin, CustomerType: "Consumer", ItemCondition: "New" },
      });
    }
    return { responses };
  }

  // Amazon Ads API.

  private profiles() {
    return this.seller.marketplaces.map((m) => ({
      profileId: Number(m.profileId),
      countryCode: m.countryCode,
      currencyCode: m.currency,
      timezone: m.code === "US" ? "America/Los_Angeles" : "Europe/London",
      accountInfo: {
        marketplaceStringId: m.marketplaceId,
        id: this.seller.sellingPartnerId,
        type: "seller",
        name: "Sandbox seller",
      },
    }));
  }

  private adsCreate(profile: SandboxMarketplace | undefined, body: unknown) {
    const b = (body ?? {}) as Record<string, unknown>;
    const config = (b.configuration ?? {}) as Record<string, unknown>;
    const type = String(config.reportTypeId ?? "");
    const bad = (details: string) => new HttpError(400, { code: "400", detail: details });
    if (!(ADS_REPORT_TYPES as readonly string[]).includes(type)) throw bad(`reportTypeId ${type} is not supported`);
    if (config.adProduct !== "SPONSORED_PRODUCTS") throw bad("adProduct must be SPONSORED_PRODUCTS");
    if (config.timeUnit !== "DAILY" && config.timeUnit !== "SUMMARY") throw bad("timeUnit must be DAILY or SUMMARY");
    if (config.format !== "GZIP_JSON") throw bad("format must be GZIP_JSON");
    const start = String(b.startDate ?? "");
    const end = String(b.endDate ?? "");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start)
      throw bad("startDate and endDate must be dates, startDate first");
    if (daysBetweenIso(start, end) > 30) throw bad("The maximum date range is 31 days");
    if (start < addDaysIso(this.today(), -this.adsRetentionDays))
      throw bad(`startDate must be within the last ${this.adsRetentionDays} days`);
    const reportId = randomUUID();
    this.adsReports.set(reportId, {
      reportId,
      profileId: profile!.profileId,
      body: b,
      createdAt: this.timer(),
      pollsLeft: this.processingPolls,
      status: "PENDING",
    });
    return this.adsJson(this.adsReports.get(reportId)!);
  }

  private adsJson(r: AdsReport) {
    const doc = r.documentId ? this.documents.get(r.documentId) : undefined;
    return {
      reportId: r.reportId,
      name: r.body.name ?? null,
      startDate: r.body.startDate,
      endDate: r.body.endDate,
      configuration: r.body.configuration,
      status: r.status,
      createdAt: new Date(this.clock().getTime()).toISOString(),
      updatedAt: this.clock().toISOString(),
      failureReason: r.failureReason ?? null,
      fileSize: doc ? doc.body.length : null,
      url: doc ? `${this.baseUrl}/documents/${r.documentId}?X-Amz-Expires=3600&X-Amz-Signature=${doc.signature}` : null,
      urlExpiresAt: doc ? new Date(this.clock().getTime() + 3600_000).toISOString() : null,
    };
  }

  private async adsGet(profile: SandboxMarketplace | undefined, id: string) {
    const r = this.adsReports.get(id);
    if (!r || r.profileId !== profile!.profileId)
      throw new HttpError(404, { code: "404", detail: `Report ${id} not found` });
    if (r.status === "PENDING" || r.status === "PROCESSING") {
      if (r.pollsLeft > 0 || this.timer() - r.createdAt < this.processingMs) {
        r.pollsLeft--;
        r.status = "PROCESSING";
      } else {
        const config = r.body.configuration as Record<string, unknown>;
        const type = config.reportTypeId as AdsReportType;
        const start = String(r.body.startDate);
        if (this.fatal.some((p) => p(type, start, profile!.code))) {
          r.status = "FAILED";
          r.failureReason = "Report generation failed";
        } else {
          const rows = await adsReportRows(this.seller, profile!, type, start, String(r.body.endDate));
          r.documentId = this.store(JSON.stringify(rows), true);
          r.status = "COMPLETED";
        }
      }
    }
    return this.adsJson(r);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(body: string): unknown {
  try {
    return body === "" ? {} : JSON.parse(body);
  } catch {
    throw spapiError(400, "InvalidInput", "The request body is not valid JSON");
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><p>${message}</p>`);
}
