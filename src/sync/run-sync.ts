/**
 * One sync of a connected account: what changed since the last one, fetched
 * from Amazon and imported through the same importers as report files, one
 * transaction per report. Reports are fetched several at a time while their
 * imports run one after another; a report Amazon fails (FATAL) is recorded
 * and the others go on; an authorisation Amazon no longer accepts marks the
 * account `needs_reauth` and stops the sync.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDaysIso, isoDate } from "../core/dates.js";
import { SellerAiError, isSellerAiError } from "../core/errors.js";
import type { Period } from "../ingest/context.js";
import { importFile, type ImportReport } from "../ingest/import-file.js";
import { marketplaces as knownMarketplaces } from "../core/reference-data.js";
import { replaceCompetitorOffers, type CompetitorOfferRow } from "../store/competitor-offers.js";
import { connectionOfAccount, listConnections, setConnectionState, type Connection } from "../store/connections.js";
import type { Mirror } from "../store/open-mirror.js";
import { rebuildRollups } from "../store/rollups.js";
import { advanceSyncCursor, cursorKey, readSyncCursors } from "../store/sync-cursors.js";
import { finishSyncRun, interruptRunningSyncs, recordFailedReport, startSyncRun } from "../store/sync-runs.js";
import type { SecretBox } from "../store/secret-box.js";
import { AdsClient } from "./ads-client.js";
import { requireCredentials, type AmazonConfig, type Region } from "./amazon-config.js";
import { AmazonHttp, REAL_TIMING, type HttpTiming } from "./amazon-http.js";
import { AccessTokens, ReauthRequired, type LwaClient } from "./lwa.js";
import {
  ADS_REPORTS,
  ALL_ORDERS,
  HISTORY,
  LISTINGS,
  MYI,
  RESTOCK,
  SALES_TRAFFIC,
  SETTLEMENT,
  downloadSpDocument,
  fetchAdsReport,
  fetchSpReport,
  incrementalStart,
  windows,
  type AdsReportType,
  type FetchOutcome,
  type JobPhase,
  type PollOptions,
  type ReportJob,
} from "./report-jobs.js";
import { SpApiClient } from "./spapi-client.js";

export interface SyncProgress {
  label: string;
  phase: JobPhase | "importing" | "imported" | "no data" | "failed";
  rows?: number;
  error?: string;
}

export interface SyncOptions {
  /** The account to sync; without it, the only connected account. */
  accountId?: string;
  /** Fetch from this day on (YYYY-MM-DD) instead of from each report's cursor. */
  since?: string;
  now: Date;
  config: AmazonConfig;
  secrets: SecretBox;
  timing?: HttpTiming;
  fetch?: typeof fetch;
  /** Reports fetched at once (default 128; Amazon's usage plans pace them anyway). */
  concurrency?: number;
  poll?: Partial<Omit<PollOptions, "timing">>;
  /** Backoff of retried calls (tests shorten it). */
  backoff?: { baseMs?: number; maxMs?: number; maxAttempts?: number };
  onProgress?(event: SyncProgress): void;
  /** Copies every imported document here, numbered in import order (tests compare with file imports). */
  keepDocuments?: string;
}

export interface SyncedReport {
  label: string;
  report_type: string;
  marketplace: string | null;
  status: "imported" | "no_data" | "fatal" | "failed";
  rows_read: number;
  rows_written: number;
  rows_rejected: number;
  period_start: string | null;
  period_end: string | null;
  error?: string;
  /** The kept document and the import options it was read with (with `keepDocuments`). */
  kept?: { file: string; marketplace?: string; period?: Period };
}

export interface SyncResult {
  account_id: string;
  run_id: number;
  status: "ok" | "partial" | "failed";
  reports: SyncedReport[];
  rows_written: number;
  offers_written: number;
  throttled: number;
  retried: number;
  started_at: string;
  finished_at: string;
}

/** The connection a sync works on, or a clear error. */
export async function connectionToSync(mirror: Mirror, accountId: string | undefined): Promise<Connection> {
  if (accountId !== undefined) {
    const conn = await connectionOfAccount(mirror.db, accountId);
    if (!conn)
      throw new SellerAiError("account_not_connected", `account "${accountId}" is not connected to Amazon.`, {
        suggestions: ["Connect it with `seller-ai connect amazon`; `seller-ai accounts` lists connections."],
      });
    return conn;
  }
  const live = (await listConnections(mirror.db)).filter((c) => c.state !== "disconnected");
  if (live.length === 0)
    throw new SellerAiError("account_not_connected", "no seller account is connected to Amazon.", {
      suggestions: ["Connect one with `seller-ai connect amazon` (or try it on the sandbox: `npm run sandbox`)."],
    });
  if (live.length > 1)
    throw new SellerAiError("usage", `${live.length} accounts are connected: say which with --account.`, {
      suggestions: [`Connected accounts: ${live.map((c) => c.account_id).join(", ")}.`],
    });
  return live[0];
}

/** How to reconnect an account whose authorisation stopped working. */
export function reconnectHint(conn: Pick<Connection, "region" | "scopes">): string {
  return `Reconnect it: \`seller-ai connect amazon --region ${conn.region} --scopes ${conn.scopes}\` (or POST /v1/connect).`;
}

/**
 * Syncs one connected account.
 *
 * @example
 * const result = await syncAccount(mirror, { now: new Date(), config: amazonConfig(process.env), secrets });
 * result.reports.length; // reports imported, found empty or failed
 */
export async function syncAccount(mirror: Mirror, options: SyncOptions): Promise<SyncResult> {
  const conn = await connectionToSync(mirror, options.accountId);
  if (conn.state === "needs_reauth")
    throw new SellerAiError(
      "unauthorized",
      `account "${conn.account_id}" needs to be reconnected before it can sync.`,
      {
        suggestions: [reconnectHint(conn)],
      },
    );
  const credentials = requireCredentials(options.config);
  const timing = options.timing ?? REAL_TIMING;
  const nowIso = options.now.toISOString();
  const today = isoDate(options.now);
  const http = new AmazonHttp({
    timing,
    fetch: options.fetch,
    baseBackoffMs: options.backoff?.baseMs,
    maxBackoffMs: options.backoff?.maxMs,
    maxAttempts: options.backoff?.maxAttempts,
  });
  const lwa: LwaClient = {
    tokenUrl: options.config.tokenUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
  };
  const region = conn.region as Region;
  const spTokens = new AccessTokens(
    http,
    lwa,
    options.secrets.open(conn.refresh_token ?? "", conn.id),
    () => options.now.getTime() + timing.timer(),
  );
  const sp = new SpApiClient(http, options.config.spapiEndpoint(region), spTokens);
  const scopes = new Set(conn.scopes.split(",").filter(Boolean));
  const ads =
    scopes.has("advertising") && conn.ads_refresh_token
      ? new AdsClient(
          http,
          options.config.adsEndpoint(region),
          credentials.clientId,
          new AccessTokens(
            http,
            lwa,
            options.secrets.open(conn.ads_refresh_token, `${conn.id}:ads`),
            () => options.now.getTime() + timing.timer(),
          ),
        )
      : undefined;
  const poll: PollOptions = {
    timing,
    initialMs: options.poll?.initialMs ?? 500,
    maxMs: options.poll?.maxMs ?? 30_000,
    timeoutMs: options.poll?.timeoutMs ?? 30 * 60_000,
  };

  await interruptRunningSyncs(mirror.db, conn.account_id, nowIso);
  const runId = await startSyncRun(mirror.db, conn.account_id, `amazon:${conn.region}`, nowIso);
  const coveredRuns = new Set<number>([runId]);
  const reports: SyncedReport[] = [];
  const tempDir = mkdtempSync(join(tmpdir(), "seller-ai-sync-"));
  let offersWritten = 0;
  let rolled: { start: string; end: string } | undefined;
  let keptCount = 0;
  try {
    const markets = await marketplacesOf(sp, mirror, conn.account_id);
    const cursors = await readSyncCursors(mirror.db, conn.account_id);
    const tracker = new CursorTracker(mirror, conn.account_id, nowIso);
    const runJobs = async (jobs: ReportJob[]) => {
      tracker.add(jobs);
      // Imports run one at a time, in the order their documents arrive.
      let importChain: Promise<void> = Promise.resolve();
      let stop: unknown;
      const runOne = async (job: ReportJob) => {
        if (stop) return;
        let outcome: FetchOutcome;
        try {
          outcome = await job.fetch((phase) => options.onProgress?.({ label: job.label, phase }));
        } catch (error) {
          if (error instanceof ReauthRequired) {
            stop ??= error;
            return;
          }
          outcome = { kind: "fatal", reportId: "", reason: (error as Error).message };
        }
        const imported = importChain.then(async () => {
          if (stop) return;
          await handleOutcome(job, outcome);
        });
        importChain = imported.catch((error) => {
          stop ??= error;
        });
        await imported.catch(() => undefined);
      };
      await pool(jobs, options.concurrency ?? 128, runOne);
      await importChain;
      if (stop) throw stop;
    };

    const handleOutcome = async (job: ReportJob, outcome: FetchOutcome) => {
      const base = {
        label: job.label,
        report_type: job.reportType,
        marketplace: job.marketplace ?? null,
        rows_read: 0,
        rows_written: 0,
        rows_rejected: 0,
        period_start: job.period?.start ?? null,
        period_end: job.period?.end ?? null,
      };
      if (outcome.kind === "no_data") {
        reports.push({ ...base, status: "no_data" });
        options.onProgress?.({ label: job.label, phase: "no data" });
        await tracker.done(job, true);
        return;
      }
      if (outcome.kind === "fatal") {
        const id = await recordFailedReport(
          mirror.db,
          conn.account_id,
          {
            source: `amazon:${job.reportType}:${outcome.reportId}`,
            reportType: job.reportType,
            marketplace: job.marketplace ?? null,
            error: outcome.reason,
          },
          nowIso,
        );
        coveredRuns.add(id);
        reports.push({ ...base, status: "fatal", error: outcome.reason });
        options.onProgress?.({ label: job.label, phase: "failed", error: outcome.reason });
        await tracker.done(job, false);
        return;
      }
      const doc = outcome.document;
      const period =
        job.period ??
        (job.reportType === MYI || job.reportType === RESTOCK ? snapshotDay(doc.dataEnd, today) : undefined);
      const file = join(tempDir, `${randomBytes(6).toString("hex")}-${job.reportType}${doc.gzip ? ".gz" : ""}`);
      writeFileSync(file, doc.body);
      options.onProgress?.({ label: job.label, phase: "importing" });
      let report: ImportReport;
      try {
        report = await importFile(mirror, file, {
          accountId: conn.account_id,
          marketplace: job.marketplace,
          period,
          now: options.now,
          refreshRollups: false,
          run: { kind: "sync", source: `amazon:${job.reportType}:${doc.reportId}` },
        });
      } catch (error) {
        if (!isSellerAiError(error)) throw error;
        const failed = error.details.report as ImportReport | undefined;
        if (failed?.runId) coveredRuns.add(failed.runId);
        reports.push({ ...base, status: "failed", error: error.message });
        options.onProgress?.({ label: job.label, phase: "failed", error: error.message });
        await tracker.done(job, false);
        return;
      } finally {
        if (options.keepDocuments) {
          mkdirSync(options.keepDocuments, { recursive: true });
          const kept = join(
            options.keepDocuments,
            `${String(++keptCount).padStart(5, "0")}-${job.reportType}${doc.gzip ? ".gz" : ""}`,
          );
          copyFileSync(file, kept);
          (job as ReportJob & { kept?: SyncedReport["kept"] }).kept = {
            file: kept,
            marketplace: job.marketplace,
            period,
          };
        }
        rmSync(file, { force: true });
      }
      if (report.runId) coveredRuns.add(report.runId);
      if (job.rolledUp && report.periodStart && report.periodEnd) {
        rolled = {
          start: !rolled || report.periodStart < rolled.start ? report.periodStart : rolled.start,
          end: !rolled || report.periodEnd > rolled.end ? report.periodEnd : rolled.end,
        };
      }
      reports.push({
        ...base,
        status: "imported",
        rows_read: report.rowsRead,
        rows_written: report.rowsWritten,
        rows_rejected: report.rowsRejected,
        period_start: report.periodStart,
        period_end: report.periodEnd,
        kept: (job as ReportJob & { kept?: SyncedReport["kept"] }).kept,
      });
      options.onProgress?.({ label: job.label, phase: "imported", rows: report.rowsWritten });
      await tracker.done(job, true);
    };

    // Listings lead the first batch: settlements and offers, which come after it, look products up by SKU.
    const jobs: ReportJob[] = markets.map((m) => snapshotJob(sp, poll, LISTINGS, "Listings", m));
    if (scopes.has("inventory")) {
      for (const m of markets)
        jobs.push(
          snapshotJob(sp, poll, MYI, "FBA inventory", m),
          snapshotJob(sp, poll, RESTOCK, "Restock recommendations", m),
        );
    }
    const yesterday = addDaysIso(today, -1);
    const since = options.since;
    if (scopes.has("orders")) {
      for (const m of markets) {
        const floor = since ?? addDaysIso(today, -HISTORY.salesDays);
        const start =
          since ?? incrementalStart(cursors.get(cursorKey(SALES_TRAFFIC, m.code)), HISTORY.overlap.sales, floor);
        let position = 0;
        for (let day = start; day <= yesterday; day = addDaysIso(day, 1)) {
          const d = day;
          jobs.push({
            label: `Sales and Traffic ${m.code} ${d}`,
            reportType: SALES_TRAFFIC,
            cursor: { reportType: SALES_TRAFFIC, marketplace: m.code, position: position++, dataEnd: `${d}T23:59:59Z` },
            marketplace: m.code,
            period: { start: d, end: d },
            rolledUp: true,
            fetch: (onPhase) =>
              fetchSpReport(
                sp,
                {
                  reportType: SALES_TRAFFIC,
                  marketplaceIds: [m.marketplaceId],
                  dataStartTime: `${d}T00:00:00Z`,
                  dataEndTime: `${d}T23:59:59Z`,
                  reportOptions: { dateGranularity: "DAY", asinGranularity: "CHILD" },
                },
                poll,
                onPhase,
              ),
          });
        }
      }
      const floor = since ?? addDaysIso(today, -HISTORY.ordersDays);
      const start = since ?? incrementalStart(cursors.get(cursorKey(ALL_ORDERS, "")), HISTORY.overlap.orders, floor);
      windows(start, yesterday, HISTORY.ordersWindow).forEach((w, position) => {
        jobs.push({
          label: `All orders ${w.start}..${w.end}`,
          reportType: ALL_ORDERS,
          cursor: { reportType: ALL_ORDERS, marketplace: "", position, dataEnd: `${w.end}T23:59:59Z` },
          rolledUp: true,
          fetch: (onPhase) =>
            fetchSpReport(
              sp,
              {
                reportType: ALL_ORDERS,
                marketplaceIds: markets.map((m) => m.marketplaceId),
                dataStartTime: `${w.start}T00:00:00Z`,
                dataEndTime: `${w.end}T23:59:59Z`,
              },
              poll,
              onPhase,
            ),
        });
      });
    }
    if (ads) jobs.push(...(await adsJobs(ads, poll, markets, cursors, today, since)));
    await runJobs(jobs);
    if (scopes.has("financial")) await runJobs(await settlementJobs(sp, markets, cursors, today, since));
    if (scopes.has("pricing")) offersWritten = await syncOffers(sp, mirror, conn, markets, today, options.onProgress);

    if (rolled) await rebuildRollups(mirror, conn.account_id, rolled, nowIso, coveredRuns);
    await mirror.db
      .updateTable("accounts")
      .set({ last_refresh_at: nowIso })
      .where("id", "=", conn.account_id)
      .execute();
    const failed = reports.filter((r) => r.status === "fatal" || r.status === "failed").length;
    const status = failed === 0 ? "ok" : failed < reports.length ? "partial" : "failed";
    const result = summarise(conn.account_id, runId, status, reports, offersWritten, http, nowIso, options.now);
    await finishSyncRun(mirror.db, runId, {
      status,
      finishedAt: result.finished_at,
      rowsRead: reports.reduce((n, r) => n + r.rows_read, 0),
      rowsWritten: result.rows_written,
      rowsRejected: reports.reduce((n, r) => n + r.rows_rejected, 0),
      periodStart: rolled?.start ?? null,
      periodEnd: rolled?.end ?? null,
      details: {
        reports: reports.length,
        imported: reports.filter((r) => r.status === "imported").length,
        no_data: reports.filter((r) => r.status === "no_data").length,
        failed: reports
          .filter((r) => r.status !== "imported" && r.status !== "no_data")
          .map((r) => ({ report: r.label, error: r.error })),
        offers_written: offersWritten,
        throttled: http.stats.throttled,
        retried: http.stats.retried,
      },
    });
    return result;
  } catch (error) {
    const reauth = error instanceof ReauthRequired;
    if (reauth) await setConnectionState(mirror.db, conn.id, "needs_reauth", nowIso, error.message);
    await finishSyncRun(mirror.db, runId, {
      status: "failed",
      finishedAt: new Date(options.now.getTime()).toISOString(),
      rowsRead: 0,
      rowsWritten: reports.reduce((n, r) => n + r.rows_written, 0),
      rowsRejected: 0,
      periodStart: null,
      periodEnd: null,
      details: { error: (error as Error).message, reports: reports.length },
    });
    if (reauth)
      throw new SellerAiError("unauthorized", `${error.message} Account "${conn.account_id}" is marked needs_reauth.`, {
        suggestions: [reconnectHint(conn)],
      });
    throw error;
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

interface Market {
  code: string;
  marketplaceId: string;
  currency: string;
}

/** The seller's marketplaces that seller-ai knows, recorded on the account. */
async function marketplacesOf(sp: SpApiClient, mirror: Mirror, accountId: string): Promise<Market[]> {
  const known = knownMarketplaces();
  const markets: Market[] = [];
  for (const p of await sp.marketplaceParticipations()) {
    const info = known.find((k) => k.marketplace_id === p.marketplaceId);
    if (info) markets.push({ code: info.code, marketplaceId: p.marketplaceId, currency: info.currency });
  }
  for (const m of markets) {
    await mirror.db
      .insertInto("account_marketplaces")
      .values({ account_id: accountId, marketplace: m.code, currency: m.currency })
      .onConflict((oc) => oc.columns(["account_id", "marketplace"]).doNothing())
      .execute();
  }
  if (markets.length > 0) {
    await mirror.db
      .updateTable("accounts")
      .set({ home_currency: markets[0].currency })
      .where("id", "=", accountId)
      .where("home_currency", "=", "USD")
      .execute();
  }
  return markets;
}

function snapshotJob(sp: SpApiClient, poll: PollOptions, reportType: string, name: string, m: Market): ReportJob {
  return {
    label: `${name} ${m.code}`,
    reportType,
    cursor: undefined,
    marketplace: m.code,
    rolledUp: false,
    fetch: (onPhase) => fetchSpReport(sp, { reportType, marketplaceIds: [m.marketplaceId] }, poll, onPhase),
  };
}

function snapshotDay(dataEnd: string | undefined, today: string): Period {
  const day = dataEnd && /^\d{4}-\d{2}-\d{2}/.test(dataEnd) ? dataEnd.slice(0, 10) : today;
  return { start: day, end: day };
}

/** Settlements Amazon made since the cursor (it schedules them; they are found with getReports). */
async function settlementJobs(
  sp: SpApiClient,
  markets: Market[],
  cursors: Map<string, string>,
  today: string,
  since: string | undefined,
): Promise<ReportJob[]> {
  const cursor = cursors.get(cursorKey(SETTLEMENT, ""));
  const floor = addDaysIso(today, -HISTORY.listedDays);
  const from = since ?? (cursor ? incrementalStart(cursor, HISTORY.overlap.settlements + 1, floor) : floor);
  const listed = await sp.getReports(
    [SETTLEMENT],
    `${from < floor ? floor : from}T00:00:00Z`,
    markets.map((m) => m.marketplaceId),
  );
  const fresh = listed
    .filter((r) => r.processingStatus === "DONE" && r.reportDocumentId && (!cursor || since || r.createdTime > cursor))
    .sort((a, b) => (a.createdTime < b.createdTime ? -1 : 1));
  return fresh.map((r, position) => ({
    label: `Settlement ${r.dataStartTime?.slice(0, 10) ?? "?"}..${r.dataEndTime?.slice(0, 10) ?? "?"} (${r.reportId})`,
    reportType: SETTLEMENT,
    cursor: { reportType: SETTLEMENT, marketplace: "", position, dataEnd: r.createdTime },
    rolledUp: true,
    fetch: async (onPhase) => {
      onPhase("downloading");
      const doc = await downloadSpDocument(sp, r.reportDocumentId!);
      return { kind: "document", document: { ...doc, reportId: r.reportId } };
    },
  }));
}

async function adsJobs(
  ads: AdsClient,
  poll: PollOptions,
  markets: Market[],
  cursors: Map<string, string>,
  today: string,
  since: string | undefined,
): Promise<ReportJob[]> {
  const profiles = await ads.profiles();
  const yesterday = addDaysIso(today, -1);
  const floor = addDaysIso(today, -HISTORY.adsDays);
  const jobs: ReportJob[] = [];
  for (const profile of profiles) {
    const market =
      markets.find((m) => m.marketplaceId === profile.marketplaceId) ??
      knownMarketplaces()
        .filter((k) => k.code === (profile.countryCode === "GB" ? "UK" : profile.countryCode))
        .map((k) => ({ code: k.code, marketplaceId: k.marketplace_id, currency: k.currency }))[0];
    if (!market) continue;
    for (const type of Object.keys(ADS_REPORTS) as AdsReportType[]) {
      const cursor = cursors.get(cursorKey(type, market.code));
      const start =
        since && since > floor ? since : since ? floor : incrementalStart(cursor, HISTORY.overlap.ads, floor);
      windows(start, yesterday, HISTORY.adsWindow).forEach((w, position) => {
        jobs.push({
          label: `Ads ${type} ${market.code} ${w.start}..${w.end}`,
          reportType: type,
          cursor: { reportType: type, marketplace: market.code, position, dataEnd: `${w.end}T23:59:59Z` },
          marketplace: market.code,
          rolledUp: true,
          fetch: (onPhase) => fetchAdsReport(ads, profile.profileId, type, w, poll, onPhase),
        });
      });
    }
  }
  return jobs;
}

/** Competitor offers and the buy box of every product, from Product Pricing's batch call (20 ASINs a call). */
async function syncOffers(
  sp: SpApiClient,
  mirror: Mirror,
  conn: Connection,
  markets: Market[],
  today: string,
  onProgress: SyncOptions["onProgress"],
): Promise<number> {
  let written = 0;
  for (const m of markets) {
    const label = `Offers ${m.code}`;
    const asins = (
      await mirror.db
        .selectFrom("products")
        .select("asin")
        .distinct()
        .where("account_id", "=", conn.account_id)
        .where("marketplace", "=", m.code)
        .orderBy("asin")
        .execute()
    ).map((r) => r.asin);
    if (asins.length === 0) continue;
    onProgress?.({ label, phase: "requested" });
    const offers = new Map<string, CompetitorOfferRow>();
    const cells: { marketplace: string; asin: string; date: string }[] = [];
    for (let i = 0; i < asins.length; i += 20) {
      const batch = asins.slice(i, i + 20);
      for (const response of await sp.itemOffersBatch(m.marketplaceId, batch)) {
        const payload = response.body?.payload;
        if (response.status?.statusCode !== 200 || !payload?.ASIN) continue;
        cells.push({ marketplace: m.code, asin: payload.ASIN, date: today });
        for (const o of payload.Offers ?? []) {
          const sellerId = String(o.SellerId ?? "");
          if (!sellerId || sellerId === conn.selling_partner_id) continue;
          offers.set(`${payload.ASIN}\t${sellerId}`, {
            account_id: conn.account_id,
            marketplace: m.code,
            asin: payload.ASIN,
            date: today,
            seller_id: sellerId,
            seller_name: null,
            price: Number(o.ListingPrice?.Amount ?? 0),
            shipping: Number(o.Shipping?.Amount ?? 0),
            is_fba: o.IsFulfilledByAmazon ? 1 : 0,
            is_buy_box_winner: o.IsBuyBoxWinner ? 1 : 0,
          });
        }
      }
    }
    onProgress?.({ label, phase: "importing" });
    const n = await replaceCompetitorOffers(mirror.db, conn.account_id, cells, [...offers.values()]);
    written += n;
    onProgress?.({ label, phase: "imported", rows: n });
  }
  return written;
}

/**
 * Moves each report type's cursor over the leading run of its windows that
 * succeeded, as they succeed: a failed window stops it, so the next sync
 * starts there again (and a sync that stops half-way loses nothing done).
 */
class CursorTracker {
  private readonly groups = new Map<
    string,
    { done: Map<number, boolean>; dataEnds: Map<number, string>; next: number }
  >();

  constructor(
    private readonly mirror: Mirror,
    private readonly accountId: string,
    private readonly at: string,
  ) {}

  add(jobs: ReportJob[]): void {
    for (const job of jobs) {
      if (!job.cursor) continue;
      const key = cursorKey(job.cursor.reportType, job.cursor.marketplace);
      const group = this.groups.get(key) ?? { done: new Map(), dataEnds: new Map(), next: 0 };
      group.dataEnds.set(job.cursor.position, job.cursor.dataEnd);
      this.groups.set(key, group);
    }
  }

  async done(job: ReportJob, ok: boolean): Promise<void> {
    if (!job.cursor) return;
    const key = cursorKey(job.cursor.reportType, job.cursor.marketplace);
    const group = this.groups.get(key)!;
    group.done.set(job.cursor.position, ok);
    let last: string | undefined;
    while (group.done.get(group.next) === true) {
      last = group.dataEnds.get(group.next);
      group.next++;
    }
    if (last)
      await advanceSyncCursor(
        this.mirror.db,
        this.accountId,
        job.cursor.reportType,
        job.cursor.marketplace,
        last,
        this.at,
      );
  }
}

/** Runs `work` over the items, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}

function summarise(
  accountId: string,
  runId: number,
  status: SyncResult["status"],
  reports: SyncedReport[],
  offers: number,
  http: AmazonHttp,
  startedAt: string,
  now: Date,
): SyncResult {
  return {
    account_id: accountId,
    run_id: runId,
    status,
    reports,
    rows_written: reports.reduce((n, r) => n + r.rows_written, 0),
    offers_written: offers,
    throttled: http.stats.throttled,
    retried: http.stats.retried,
    started_at: startedAt,
    finished_at: now.toISOString(),
  };
}
