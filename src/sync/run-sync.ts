/**
 * One sync of a connected account: what changed since the last one, fetched
 * from Amazon and imported through the same importers as report files.
 * Reports are fetched many at a time (Amazon's usage plans pace the calls)
 * while their documents are imported in the order they arrive, straight
 * from the downloaded bytes, several per transaction (each report all or
 * nothing in it: see ImportBatch); the running totals are rebuilt once, at
 * the end, from the first day the sync changed. A report Amazon fails
 * (FATAL) is recorded and the others go on; an authorisation Amazon no
 * longer accepts marks the account `needs_reauth` and stops the sync. A sync
 * that ends records its `data_refresh.completed` in the transaction that
 * closes its run; the competitor offers it writes record their price moves
 * in theirs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDaysIso, isoDate } from "../core/dates.js";
import { SellerAiError, isSellerAiError } from "../core/errors.js";
import type { Period } from "../ingest/context.js";
import { emitDataRefreshCompleted, emitPriceChangesDetected } from "../events/index.js";
import { ImportBatch, type ImportReport } from "../ingest/import-file.js";
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

/**
 * Where a sync's time went, in ms. Requesting, waiting (reports Amazon was
 * still processing) and downloading are summed over the reports fetched at
 * once, so they add up to more than the wall time; importing (reading,
 * inflating, parsing and storing the documents, one batch at a time),
 * offers, rollups and total are wall time.
 */
export interface SyncTimings {
  requesting_ms: number;
  waiting_ms: number;
  downloading_ms: number;
  importing_ms: number;
  offers_ms: number;
  rollups_ms: number;
  total_ms: number;
}

export interface SyncResult {
  account_id: string;
  run_id: number;
  status: "ok" | "partial" | "failed";
  reports: SyncedReport[];
  rows_written: number;
  offers_written: number;
  throttled: number;
  /** 429s per Amazon operation. */
  throttled_by: Record<string, number>;
  retried: number;
  started_at: string;
  finished_at: string;
  timings?: SyncTimings;
}

/** Documents imported in one transaction at most: a crash loses at most this many reports' work (fetched again). */
const MAX_BATCH = 250;
/** Downloaded bytes waiting to be imported, at most: fetching pauses beyond it. */
const MAX_QUEUED_BYTES = 64 << 20;

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
    // Short at first, doubling: a report done quickly is not waited on long, a slow one is not asked about often.
    initialMs: options.poll?.initialMs ?? 100,
    maxMs: options.poll?.maxMs ?? 30_000,
    timeoutMs: options.poll?.timeoutMs ?? 30 * 60_000,
  };

  await interruptRunningSyncs(mirror.db, conn.account_id, nowIso);
  const runId = await startSyncRun(mirror.db, conn.account_id, `amazon:${conn.region}`, nowIso);
  const coveredRuns = new Set<number>([runId]);
  const reports: SyncedReport[] = [];
  const clock = () => timing.timer();
  const syncStarted = clock();
  const timings: SyncTimings = {
    requesting_ms: 0,
    waiting_ms: 0,
    downloading_ms: 0,
    importing_ms: 0,
    offers_ms: 0,
    rollups_ms: 0,
    total_ms: 0,
  };
  const touched = { marketplaces: new Set<string>(), reportTypes: new Set<string>() };
  let offersWritten = 0;
  let rolled: { start: string; end: string } | undefined;
  let keptCount = 0;
  try {
    const markets = await marketplacesOf(sp, mirror, conn.account_id);
    const cursors = await readSyncCursors(mirror.db, conn.account_id);
    const tracker = new CursorTracker(mirror, conn.account_id, nowIso);
    const runJobs = async (jobs: ReportJob[]) => {
      tracker.add(jobs);
      // Reports are fetched many at a time and imported in the order they arrive, in batches of one
      // transaction: the database is this loop's alone while a batch is open.
      const queue = new ArrivalQueue<Fetched>(MAX_QUEUED_BYTES);
      let stop: unknown;
      const fetching = pool(jobs, options.concurrency ?? 128, async (job) => {
        if (stop) return;
        const fetched = await fetchJob(job, clock, timings, (phase) =>
          options.onProgress?.({ label: job.label, phase }),
        );
        if (fetched.outcome === undefined) {
          stop ??= fetched.error;
          return;
        }
        await queue.push(fetched, fetched.outcome.kind === "document" ? fetched.outcome.document.body.length : 0);
      }).finally(() => queue.close());
      const importing = (async () => {
        for (let batch = await queue.take(MAX_BATCH); batch.length; batch = await queue.take(MAX_BATCH)) {
          if (stop) continue;
          try {
            await importBatch(batch);
          } catch (error) {
            stop ??= error;
          }
        }
      })();
      await Promise.all([fetching, importing]);
      if (stop) throw stop;
    };

    /** One transaction for the batch's documents (each all or nothing), then the cursors they move. */
    const importBatch = async (batch: Fetched[]) => {
      const started = clock();
      const batchImport = new ImportBatch(mirror);
      const done: { job: ReportJob; ok: boolean }[] = [];
      try {
        for (const item of batch) done.push({ job: item.job, ok: await handleOutcome(batchImport, item) });
        batchImport.commit();
      } catch (error) {
        batchImport.rollback();
        throw error;
      } finally {
        timings.importing_ms += clock() - started;
      }
      for (const d of done) await tracker.done(d.job, d.ok);
    };

    /** Imports (or records) one fetched report in the open batch; false when it failed. */
    const handleOutcome = async (batchImport: ImportBatch, { job, outcome }: Fetched): Promise<boolean> => {
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
        return true;
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
        return false;
      }
      const doc = outcome.document;
      const period =
        job.period ??
        (job.reportType === MYI || job.reportType === RESTOCK ? snapshotDay(doc.dataEnd, today) : undefined);
      const name = `${job.reportType}-${doc.reportId}${doc.gzip ? ".gz" : ""}`;
      let kept: SyncedReport["kept"];
      if (options.keepDocuments) {
        mkdirSync(options.keepDocuments, { recursive: true });
        const file = join(options.keepDocuments, `${String(++keptCount).padStart(5, "0")}-${name}`);
        writeFileSync(file, doc.body);
        kept = { file, marketplace: job.marketplace, period };
      }
      options.onProgress?.({ label: job.label, phase: "importing" });
      let report: ImportReport;
      try {
        // Straight from the downloaded bytes (inflated as they are read): no copy on disk.
        report = await batchImport.add(
          { name, body: doc.body },
          {
            accountId: conn.account_id,
            marketplace: job.marketplace,
            period,
            now: options.now,
            refreshRollups: false,
            refreshEvent: false,
            run: { kind: "sync", source: `amazon:${job.reportType}:${doc.reportId}` },
          },
        );
      } catch (error) {
        if (!isSellerAiError(error)) throw error;
        const failed = error.details.report as ImportReport | undefined;
        if (failed?.runId) coveredRuns.add(failed.runId);
        reports.push({ ...base, status: "failed", error: error.message, kept });
        options.onProgress?.({ label: job.label, phase: "failed", error: error.message });
        return false;
      }
      if (report.runId) coveredRuns.add(report.runId);
      if (job.rolledUp && report.periodStart && report.periodEnd) {
        rolled = {
          start: !rolled || report.periodStart < rolled.start ? report.periodStart : rolled.start,
          end: !rolled || report.periodEnd > rolled.end ? report.periodEnd : rolled.end,
        };
      }
      for (const m of report.marketplaces) touched.marketplaces.add(m);
      touched.reportTypes.add(job.reportType);
      reports.push({
        ...base,
        status: "imported",
        rows_read: report.rowsRead,
        rows_written: report.rowsWritten,
        rows_rejected: report.rowsRejected,
        period_start: report.periodStart,
        period_end: report.periodEnd,
        kept,
      });
      options.onProgress?.({ label: job.label, phase: "imported", rows: report.rowsWritten });
      return true;
    };

    // Listings first: settlements and offers look products up by SKU.
    await runJobs(markets.map((m) => snapshotJob(sp, poll, LISTINGS, "Listings", m)));
    // The Ads API's reports first: with no usage plan published, its client paces them itself (a
    // createReport a second after a burst of ten), so they wait on that pace beside the Reports API's
    // thousands instead of after them (a first sync's last forty seconds otherwise). The two APIs' reports
    // write different tables, so the order they are imported in changes nothing.
    const jobs: ReportJob[] = ads ? await adsJobs(ads, poll, markets, cursors, today, options.since) : [];
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
    if (scopes.has("financial")) jobs.push(...(await settlementJobs(sp, markets, cursors, today, since)));
    // Offers are asked for while the reports come in, and written once they are imported (the importer has
    // the database to itself meanwhile).
    const offerCalls = scopes.has("pricing") ? await offerRequests(mirror, conn, markets, options.onProgress) : [];
    const offersStarted = clock();
    const offerAnswers = fetchOffers(sp, offerCalls).finally(() => {
      timings.offers_ms = clock() - offersStarted;
    });
    // Settled either way at once, so that a failing sync does not leave it unhandled.
    offerAnswers.catch(() => undefined);
    await runJobs(jobs);
    if (offerCalls.length)
      offersWritten = await writeOffers(
        mirror,
        conn,
        today,
        options.now,
        offerCalls,
        await offerAnswers,
        options.onProgress,
      );

    const rollupsStarted = clock();
    if (rolled) await rebuildRollups(mirror, conn.account_id, rolled, nowIso, coveredRuns);
    timings.rollups_ms = clock() - rollupsStarted;
    const failed = reports.filter((r) => r.status === "fatal" || r.status === "failed").length;
    const status = failed === 0 ? "ok" : failed < reports.length ? "partial" : "failed";
    timings.total_ms = clock() - syncStarted;
    const result = summarise(conn.account_id, runId, status, reports, offersWritten, http, nowIso, options.now);
    result.timings = roundTimings(timings);
    const imported = reports.filter((r) => r.status === "imported");
    const days = {
      first: imported.reduce<string | null>(
        (d, r) => (r.period_start && (!d || r.period_start < d) ? r.period_start : d),
        null,
      ),
      last: imported.reduce<string | null>(
        (d, r) => (r.period_end && (!d || r.period_end > d) ? r.period_end : d),
        null,
      ),
    };
    const rows = {
      read: reports.reduce((n, r) => n + r.rows_read, 0),
      written: result.rows_written,
      rejected: reports.reduce((n, r) => n + r.rows_rejected, 0),
    };
    // The run's end and its event commit together: a sync that stops before here reports nothing.
    await mirror.db.transaction().execute(async (trx) => {
      await trx.updateTable("accounts").set({ last_refresh_at: nowIso }).where("id", "=", conn.account_id).execute();
      await finishSyncRun(trx, runId, {
        status,
        finishedAt: result.finished_at,
        rowsRead: rows.read,
        rowsWritten: rows.written,
        rowsRejected: rows.rejected,
        periodStart: rolled?.start ?? null,
        periodEnd: rolled?.end ?? null,
        details: {
          reports: reports.length,
          imported: imported.length,
          no_data: reports.filter((r) => r.status === "no_data").length,
          failed: reports
            .filter((r) => r.status !== "imported" && r.status !== "no_data")
            .map((r) => ({ report: r.label, error: r.error })),
          offers_written: offersWritten,
          throttled: http.stats.throttled,
          retried: http.stats.retried,
          timings: result.timings,
        },
      });
      if (status !== "failed")
        await emitDataRefreshCompleted(trx, {
          runId,
          accountId: conn.account_id,
          source: "sync",
          status,
          marketplaces: touched.marketplaces.size ? [...touched.marketplaces].sort() : markets.map((m) => m.code),
          reportTypes: [...touched.reportTypes].sort(),
          rows,
          firstDay: days.first,
          lastDay: days.last,
          now: options.now,
        });
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

interface OfferCall {
  market: Market;
  asins: string[];
}

/** The Product Pricing batch calls that ask for every product's offers and buy box (20 ASINs a call). */
async function offerRequests(
  mirror: Mirror,
  conn: Connection,
  markets: Market[],
  onProgress: SyncOptions["onProgress"],
): Promise<OfferCall[]> {
  const calls: OfferCall[] = [];
  for (const market of markets) {
    const asins = (
      await mirror.db
        .selectFrom("products")
        .select("asin")
        .distinct()
        .where("account_id", "=", conn.account_id)
        .where("marketplace", "=", market.code)
        .orderBy("asin")
        .execute()
    ).map((r) => r.asin);
    if (asins.length === 0) continue;
    onProgress?.({ label: `Offers ${market.code}`, phase: "requested" });
    for (let i = 0; i < asins.length; i += 20) calls.push({ market, asins: asins.slice(i, i + 20) });
  }
  return calls;
}

/** The calls' answers, one call at a time: the operation's burst is 1, so calls sent together would only be throttled. */
async function fetchOffers(sp: SpApiClient, calls: OfferCall[]): Promise<Record<string, any>[][]> {
  const answers: Record<string, any>[][] = [];
  for (const call of calls) answers.push(await sp.itemOffersBatch(call.market.marketplaceId, call.asins));
  return answers;
}

/**
 * Competitor offers and the buy box of every product, written in one
 * transaction with the price moves they show (`price_change.detected`).
 */
async function writeOffers(
  mirror: Mirror,
  conn: Connection,
  today: string,
  now: Date,
  calls: OfferCall[],
  answers: Record<string, any>[][],
  onProgress: SyncOptions["onProgress"],
): Promise<number> {
  const offers = new Map<string, CompetitorOfferRow>();
  const cells: { marketplace: string; asin: string; date: string }[] = [];
  calls.forEach(({ market: m }, i) => {
    for (const response of answers[i]) {
      const payload = response.body?.payload;
      if (response.status?.statusCode !== 200 || !payload?.ASIN) continue;
      cells.push({ marketplace: m.code, asin: payload.ASIN, date: today });
      for (const o of payload.Offers ?? []) {
        const sellerId = String(o.SellerId ?? "");
        if (!sellerId || sellerId === conn.selling_partner_id) continue;
        offers.set(`${m.code}\t${payload.ASIN}\t${sellerId}`, {
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
  });
  const codes = [...new Set(calls.map((c) => c.market.code))];
  for (const code of codes) onProgress?.({ label: `Offers ${code}`, phase: "importing" });
  const rows = [...offers.values()];
  const n = await replaceCompetitorOffers(mirror.db, conn.account_id, cells, rows, (trx) =>
    emitPriceChangesDetected(trx, { accountId: conn.account_id, from: today, to: today, now }),
  );
  for (const code of codes)
    onProgress?.({
      label: `Offers ${code}`,
      phase: "imported",
      rows: rows.filter((o) => o.marketplace === code).length,
    });
  return n;
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

interface Fetched {
  job: ReportJob;
  outcome: FetchOutcome;
}

/** Fetches one report, adding its phases' durations to `timings`; an authorisation lost ends the sync. */
async function fetchJob(
  job: ReportJob,
  clock: () => number,
  timings: SyncTimings,
  onPhase: (phase: JobPhase) => void,
): Promise<Fetched | { job: ReportJob; outcome: undefined; error: unknown }> {
  let phase: "requesting_ms" | "waiting_ms" | "downloading_ms" = "requesting_ms";
  let since = clock();
  const enter = (next: typeof phase) => {
    const t = clock();
    timings[phase] += t - since;
    since = t;
    phase = next;
  };
  try {
    const outcome = await job.fetch((p) => {
      if (p === "requested") enter("waiting_ms");
      else if (p === "downloading") enter("downloading_ms");
      onPhase(p);
    });
    return { job, outcome };
  } catch (error) {
    if (error instanceof ReauthRequired) return { job, outcome: undefined, error };
    return { job, outcome: { kind: "fatal", reportId: "", reason: (error as Error).message } };
  } finally {
    enter(phase);
  }
}

/**
 * Fetched reports waiting for the importer, in arrival order. The importer
 * takes everything waiting (up to a batch) at once; fetchers wait while the
 * bytes waiting exceed the limit.
 */
class ArrivalQueue<T> {
  private readonly items: { item: T; bytes: number }[] = [];
  private bytes = 0;
  private closed = false;
  private wakeTaker?: () => void;
  private readonly wakePushers: (() => void)[] = [];

  constructor(private readonly maxBytes: number) {}

  async push(item: T, bytes: number): Promise<void> {
    while (this.bytes > 0 && this.bytes + bytes > this.maxBytes)
      await new Promise<void>((resolve) => this.wakePushers.push(resolve));
    this.items.push({ item, bytes });
    this.bytes += bytes;
    this.wakeTaker?.();
  }

  /** No more items will come: take() returns what is left, then []. */
  close(): void {
    this.closed = true;
    this.wakeTaker?.();
  }

  async take(max: number): Promise<T[]> {
    while (this.items.length === 0 && !this.closed) await new Promise<void>((resolve) => (this.wakeTaker = resolve));
    this.wakeTaker = undefined;
    const taken = this.items.splice(0, max);
    for (const t of taken) this.bytes -= t.bytes;
    for (const wake of this.wakePushers.splice(0)) wake();
    return taken.map((t) => t.item);
  }
}

function roundTimings(t: SyncTimings): SyncTimings {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)])) as unknown as SyncTimings;
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
    throttled_by: { ...http.stats.throttledBy },
    retried: http.stats.retried,
    started_at: startedAt,
    finished_at: now.toISOString(),
  };
}
