import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from "fastify";
import pino, { type LoggerOptions } from "pino";
import { answer as coreAnswer, type ConversationUpdate } from "../answer/answer.js";
import { PLAN_LIMITS, dailyLimit, type Plan, type UsageKind } from "../accounts/plans.js";
import { Quotas, type QuotaUse } from "../accounts/quota.js";
import { SellerAiError } from "../core/errors.js";
import type { Mirror } from "../store/backend.js";
import { saveConversation } from "../store/conversations.js";
import { admitRequest, takeBurst, type BurstCount } from "../store/burst-counters.js";
import { isDatabaseBusy } from "../store/dialect.js";
import { WriteBehind } from "../store/write-behind.js";
import { AnswerCache } from "./answer-cache.js";
import { errorBody, statusOf, toSellerAiError } from "./api-error.js";
import { Authenticator, type ApiPrincipal } from "./authenticator.js";
import { ApiMetrics } from "./metrics.js";
import type { ApiRequestState, ApiRouteConfig, ApiServices } from "./route-context.js";
import { buildOpenApiDocument, type DocumentedRoute } from "./openapi.js";
import { rateLimitHeaders, secondsToMidnightUtc } from "./rate-limit-headers.js";
import { registerQueryRoute } from "./routes/query.js";
import { registerWebhookRoutes } from "./routes/webhooks.js";
import { registerConnectRoutes } from "./routes/connect.js";
import { registerInsightsRoutes } from "./routes/insights.js";
import { registerBillingRoutes } from "./routes/billing.js";
import { effectivePlan } from "../billing/index.js";

/** The request body limit: 64 KiB. */
export const BODY_LIMIT = 64 * 1024;

/**
 * How long a request that must write (a quota unit) waits for the mirror's
 * write lock while another process holds it (an import), before it is
 * refused with 503 and Retry-After. The wait never blocks the event loop:
 * reads go on meanwhile.
 */
const REQUEST_WRITE_WAIT_MS = 1_000;
const COUNTER_WAIT = { waitMs: REQUEST_WRITE_WAIT_MS };
/** The Retry-After of a 503 `busy`, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 2;

export interface BuildAppOptions {
  /** The open mirror. */
  mirror: Mirror;
  /** The current instant; tests inject one (quota days, answers' today). Default: the system clock. */
  clock?: () => Date;
  /**
   * Milliseconds since the epoch for the per-second burst windows (Date.now by default), apart from `clock`
   * (which a fixed --today stops); the same on every instance sharing the database, as a wall clock is.
   */
  timer?: () => number;
  /** pino options for the structured JSON log; false (the default) logs nothing. */
  logger?: boolean | LoggerOptions;
  /** The answer function; the core's by default. */
  answer?: typeof coreAnswer;
  /** Remember answers to repeated questions while the mirror is unchanged (default true). */
  answerCache?: boolean;
  /** Per-second burst limits per key, overriding the plans' defaults. */
  burstPerSecond?: Partial<Record<Plan, number>>;
  /** Also export the process's default metrics (CPU, memory, event loop) on /metrics. */
  processMetrics?: boolean;
  version?: string;
  /** Configuration of connections and syncs (SELLER_AI_*); process.env by default. */
  env?: Record<string, string | undefined>;
  /** Serve HTTPS directly with this certificate and key (PEM); plain HTTP without. */
  https?: { cert: string | Buffer; key: string | Buffer };
  /**
   * Whether the instance is on its way out: /healthz then answers 503 so a
   * load balancer stops sending it requests, while every route still serves.
   */
  draining?: () => boolean;
}

/**
 * Builds the HTTP API on an open mirror, without listening: `serve` listens
 * on it, tests call `inject`.
 *
 * @example
 * const app = await buildApp({ mirror, clock: () => new Date("2026-11-21T12:00:00Z") });
 * const res = await app.inject({ method: "POST", url: "/v1/query", headers: { authorization: `Bearer ${key}` }, payload: { query: "sales last month" } });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  // Wall-clock seconds: every instance on the database counts a key's requests in the same second.
  const timer = options.timer ?? Date.now;
  const burstKey = (p: ApiPrincipal) => ({ workspaceId: p.workspaceId, keyId: p.keyId });
  const mirror = options.mirror;
  const db = mirror.db;
  const metrics = new ApiMetrics({ processMetrics: options.processMetrics });
  const burstLimits = {
    ...Object.fromEntries(Object.entries(PLAN_LIMITS).map(([p, l]) => [p, l.burstPerSecond])),
    ...options.burstPerSecond,
  } as Record<Plan, number>;

  const logStream = options.logger && !hasStream(options.logger) ? bufferedStdout() : undefined;
  const app = Fastify({
    ...(options.https ? { https: options.https } : {}),
    logger: loggerOptions(options.logger, logStream),
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "request_id" }),
    // randomUUID draws from a cached entropy pool: unique ids at no cost on the hot path.
    genReqId: () => `req_${randomUUID().replaceAll("-", "")}`,
    bodyLimit: BODY_LIMIT,
    // Requests that reach a closing server are still answered (their connection then closes), in the one error body if they fail.
    return503OnClosing: false,
    // A malformed URL gets the one error body too.
    frameworkErrors: (error, request, reply) => {
      const body = errorBody(
        new SellerAiError("invalid_request", `the request URL is not valid (${error.code ?? "bad URL"}).`),
        String(request.id),
      );
      // No route, so no hooks: the request id header is set here.
      reply.header("x-request-id", String(request.id));
      sendError(reply as unknown as FastifyReply, statusOf(body), body, clock());
    },
    // Strict bodies: a wrong type is an error (no coercion), an unknown field too.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
  });
  app.decorateRequest("api", null as unknown as ApiRequestState);

  // Writes that may wait (a quota unit given back, a key's last use, a conversation) while another process
  // holds the mirror's write lock: retried in the background, their failures logged, never thrown.
  const log = {
    warn: (details: Record<string, unknown>, message: string) => app.log.warn(details, message),
    error: (details: Record<string, unknown>, message: string) => app.log.error(details, message),
  };
  const later = new WriteBehind({ log });
  const authenticator = new Authenticator(mirror, later);
  const quotas = new Quotas(db, later, { waitMs: REQUEST_WRITE_WAIT_MS });
  const cache =
    options.answerCache === false
      ? undefined
      : new AnswerCache(mirror, options.answer ?? coreAnswer, { log, waitMs: REQUEST_WRITE_WAIT_MS });
  // An answer's conversation is saved at once when the write lock is free, else in the background: the
  // answer does not wait for another process's import. A follow-up waits for it (see flushConversations).
  const deferredConversations = new Set<string>();
  const saveApiConversation = async (c: ConversationUpdate) => {
    const write = () => saveConversation(db, c.id, c.understanding, c.now, c.accountId, { waitMs: 0 });
    try {
      await write();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      deferredConversations.add(c.id);
      later.defer("conversation", async () => {
        await write();
        deferredConversations.delete(c.id);
      });
    }
  };

  // JSON only: anything else is 415 before a handler runs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));

  const documented: DocumentedRoute[] = [];
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = methodsByPath.get(route.url) ?? new Set<string>();
    for (const m of methods) set.add(m);
    methodsByPath.set(route.url, set);
    const config = (route.config ?? {}) as ApiRouteConfig;
    if (config.operationId && route.schema) {
      for (const method of methods) {
        if (method === "HEAD") continue;
        documented.push({
          method,
          url: route.url,
          operationId: config.operationId,
          scope: config.scope,
          schema: route.schema as DocumentedRoute["schema"],
        });
      }
    }
  });

  /**
   * Who is calling, at which data-change version, and their request counted
   * against the key's per-second burst limit (and, for a route that takes a
   * unit of a daily quota, that unit too, kept for the handler: it is
   * refused or used there, where it always was, and given back when the
   * request ends without using it). A key already known (looked up at some
   * version) costs one statement on PostgreSQL: its counts taken with the
   * version read beside them; when the version has moved since, the key is
   * looked up again (its plan may have changed: the burst count is then
   * judged by the new plan's limit, taken again if the old limit had refused
   * it, and a quota unit taken under the old plan is given back). An unknown
   * key reads the version, is looked up, then counted.
   */
  const admit = async (header: string | undefined, now: Date, takes: UsageKind | undefined) => {
    const hash = authenticator.keyHash(header);
    const second = Math.floor(timer() / 1000);
    const known = authenticator.remembered(hash);
    let principal: ApiPrincipal;
    let version: string;
    let count: BurstCount | undefined;
    let countedAt: number | undefined;
    let pretaken: { use: QuotaUse; plan: Plan } | undefined;
    if (known) {
      const guess = await verdictOf(known.principal, known.version);
      countedAt = burstLimits[guess.plan];
      const workspace = { workspaceId: known.principal.workspaceId, plan: guess.plan };
      const ask = takes === undefined ? undefined : quotas.ask(workspace, takes, now);
      const admission = await admitRequest(db, burstKey(known.principal), second, countedAt, ask, COUNTER_WAIT);
      version = admission.version;
      count = admission.count;
      if (ask && admission.quota) pretaken = { use: quotas.use(ask, admission.quota), plan: guess.plan };
      principal =
        version === known.version
          ? await authenticator.use(known, now)
          : await authenticator.lookUp(hash, version, now);
    } else {
      version = await mirror.dialect.dataVersion(db);
      principal = await authenticator.lookUp(hash, version, now);
    }
    const verdict = await verdictOf(principal, version);
    principal.plan = verdict.plan;
    const limit = burstLimits[verdict.plan];
    if (count === undefined || (count === null && countedAt !== limit))
      count = await takeBurst(db, burstKey(principal), second, limit, COUNTER_WAIT);
    if (pretaken && pretaken.plan !== verdict.plan) {
      await quotas.giveBack(pretaken.use);
      pretaken = undefined;
    }
    return { principal, version, burst: { count, limit, warning: verdict.warning }, pretaken: pretaken?.use };
  };
  // A workspace's subscription, when it has one, decides the plan (or turns the key away).
  const verdictOf = async (principal: ApiPrincipal, version: string) => {
    const verdict = await effectivePlan(db, principal.workspaceId, principal.plan, performance.now(), version);
    if (!verdict.allowed) throw verdict.error;
    return verdict;
  };

  app.addHook("onRequest", async (request, reply) => {
    request.api = { now: clock() };
    reply.header("x-request-id", request.id);
    const config = request.routeOptions.config as ApiRouteConfig | undefined;
    if (!config?.scope) return;
    const { principal, version, burst, pretaken } = await admit(
      request.headers.authorization,
      request.api.now,
      config.takes,
    );
    request.api.principal = principal;
    request.api.pretaken = pretaken;
    request.api.dataVersion = version;
    if (burst.warning) reply.header("warning", `299 seller-ai "${burst.warning}"`);
    if (!principal.scopes.has(config.scope)) {
      throw new SellerAiError("forbidden", `this key lacks the "${config.scope}" scope.`, {
        suggestions: [
          `Create a key with it: \`seller-ai keys create --name NAME --workspace ${principal.workspaceId} --scopes ${[...principal.scopes, config.scope].join(",")}\`.`,
        ],
      });
    }
    const limit = burst.limit;
    const refused = burst.count === null || burst.count > limit;
    request.api.burst = { limit, remaining: refused ? 0 : Math.max(0, limit - (burst.count ?? limit)), refused };
    if (refused) {
      metrics.quotaRejections.inc({ code: "rate_limited", kind: "burst" });
      throw new SellerAiError("rate_limited", `more than ${limit} requests in one second with this key.`, {
        suggestions: ["Wait a second and retry; spread requests out over time."],
      });
    }
  });

  // While closing, requests already in flight finish; their connections then close instead of idling
  // in keep-alive, which would hold the shutdown up until the keep-alive timeout.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onClose", async () => {
    await cache?.flush().catch((error) => app.log.error({ err: error }, "conversations not written at close"));
    await later.close();
    logStream?.close();
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const state = request.api;
    if (closing) reply.header("connection", "close");
    if (!reply.hasHeader("x-request-id")) reply.header("x-request-id", request.id);
    if (!state?.principal) return payload;
    // A unit taken with the request's burst count that its handler never used (the request failed first),
    // given back before the response leaves, so the client's next request finds it back.
    if (state.pretaken) {
      const unused = state.pretaken;
      state.pretaken = undefined;
      await quotas.giveBack(unused);
    }
    const now = state.now;
    const usage = state.usage;
    let daily: { limit: number; used: number } | null = null;
    const kind = (request.routeOptions.config as ApiRouteConfig | undefined)?.quota ?? "query";
    const kindLimit = usage ? usage.limit : dailyLimit(state.principal.plan, kind);
    if (kindLimit !== null) {
      const used = usage ? usage.used : await quotas.used(state.principal.workspaceId, kind, now);
      daily = { limit: kindLimit, used };
    }
    const toMidnight = secondsToMidnightUtc(now);
    const headers = rateLimitHeaders({
      daily,
      burst: { limit: state.burst?.limit ?? burstLimits[state.principal.plan], remaining: state.burst?.remaining ?? 0 },
      secondsToReset: toMidnight,
      resetAt: Math.floor(now.getTime() / 1000) + toMidnight,
      burstResetSeconds: 1,
      nowSeconds: Math.floor(now.getTime() / 1000),
      refusedBy: state.burst?.refused ? "burst" : usage?.refused ? "daily" : undefined,
    });
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    // A response that never went through onSend (the client went away) still gives its unused unit back.
    if (request.api?.pretaken) await quotas.giveBack(request.api.pretaken);
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    request.log.info(
      {
        method: request.method,
        route,
        status,
        duration_ms: Math.round(reply.elapsedTime * 100) / 100,
        workspace_id: request.api?.principal?.workspaceId,
        key_id: request.api?.principal?.keyId,
      },
      "request completed",
    );
  });

  app.setErrorHandler(async (error, request, reply) => {
    const mapped = toSellerAiError(error);
    const body = errorBody(mapped, request.id);
    const status = statusOf(body);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.debug({ code: body.error.code }, "request refused");
    sendError(reply, status, body, request.api?.now ?? clock());
    metrics.errors.inc({ code: body.error.code, status: String(status) });
    return reply;
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0];
    const allowed = methodsByPath.get(path);
    const error = allowed
      ? new SellerAiError(
          "method_not_allowed",
          `${request.method} is not allowed on ${path}; use ${[...allowed].filter((m) => m !== "HEAD").join(", ")}.`,
        )
      : new SellerAiError("not_found", `no endpoint ${request.method} ${path}.`, {
          suggestions: ["The API's endpoints are listed at GET /v1/openapi.json."],
        });
    if (allowed) reply.header("allow", [...allowed].join(", "));
    const body = errorBody(error, request.id);
    metrics.errors.inc({ code: body.error.code, status: String(statusOf(body)) });
    sendError(reply, statusOf(body), body, request.api?.now ?? clock());
    return reply;
  });

  const compute = options.answer ?? coreAnswer;
  const services: ApiServices = {
    db,
    clock,
    answer: (question, opts) => {
      const withSaver = { saveConversation: saveApiConversation, ...opts };
      return options.answerCache === false ? compute(question, withSaver) : cache!.answer(question, withSaver);
    },
    metrics,
    env: options.env ?? process.env,
    dbPath: mirror.inMemory ? "" : mirror.path,
    accountsChanged: () => authenticator.invalidate(),
    async refreshData(accountId) {
      const { refreshService } = await import("../sync/refresh-service.js");
      const env = options.env ?? process.env;
      return refreshService({ mirror, env, dbPath: mirror.path, clock })(accountId);
    },
    async reserveQuota(request, kind) {
      const principal = request.api.principal!;
      const pretaken = request.api.pretaken;
      request.api.pretaken = undefined;
      const usage =
        pretaken && pretaken.key.kind === kind ? pretaken : await quotas.take(principal, kind, request.api.now);
      if (!usage) return;
      request.api.usage = usage;
      if (usage.refused) {
        const limit = usage.limit;
        metrics.quotaRejections.inc({ code: "quota_exceeded", kind });
        throw new SellerAiError(
          "quota_exceeded",
          `the ${principal.plan} plan's quota of ${limit} ${kind === "query" ? "queries" : kind} a day is used up; it resets at midnight UTC.`,
          {
            suggestions: [
              principal.plan === "starter"
                ? `The business plan allows ${(dailyLimit("business", kind) ?? 0).toLocaleString("en-US")} ${kind === "query" ? "queries" : "insights runs"} a day; enterprise has no daily limit.`
                : "The enterprise plan has no daily limit.",
              "Retry after the time in the Retry-After header.",
            ],
          },
        );
      }
    },
    async flushConversations(conversationId) {
      await cache?.flush();
      if (conversationId === undefined || !deferredConversations.has(conversationId)) return;
      const deadline = performance.now() + REQUEST_WRITE_WAIT_MS;
      while (deferredConversations.has(conversationId) && performance.now() < deadline) {
        later.nudge();
        await sleep(10);
      }
      if (deferredConversations.has(conversationId))
        throw new SellerAiError("busy", "the conversation is not saved yet: the mirror is busy with another write.", {
          suggestions: ["Retry after the time in the Retry-After header."],
        });
    },
    async releaseQuota(request) {
      await quotas.giveBack(request.api.usage);
    },
  };

  app.get("/healthz", async (_request, reply) => {
    await sql`select 1`.execute(db);
    if (options.draining?.()) return reply.code(503).send({ status: "draining" });
    return { status: "ok" };
  });

  app.get("/metrics", async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  registerQueryRoute(app, services);
  registerWebhookRoutes(app, services, options.webhooks);
  registerConnectRoutes(app, services);
  registerInsightsRoutes(app, services);
  if (options.billing) registerBillingRoutes(app, services, options.billing);

  app.get("/v1/openapi.json", async () => buildOpenApiDocument(documented, { version: options.version ?? "0.1.0" }));

  await app.ready();
  return app;
}

function sendError(reply: FastifyReply, status: number, body: ReturnType<typeof errorBody>, now: Date): void {
  if (status === 401) reply.header("www-authenticate", "Bearer");
  if (body.error.code === "quota_exceeded") reply.header("retry-after", String(secondsToMidnightUtc(now)));
  if (body.error.code === "rate_limited") reply.header("retry-after", "1");
  if (body.error.code === "busy") reply.header("retry-after", String(BUSY_RETRY_AFTER_SECONDS));
  reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** Bytes of log lines gathered before they are written to standard output (below sonic-boom's 16 KiB maxWrite). */
const LOG_BUFFER_BYTES = 8192;
/** The longest a log line waits in that buffer, in ms. */
const LOG_FLUSH_MS = 200;

function hasStream(logger: BuildAppOptions["logger"]): boolean {
  return typeof logger === "object" && logger !== null && "stream" in logger;
}

/**
 * Standard output for the log when the caller names no stream, written a few
 * kilobytes at a time: a write per request line costs a system call per
 * request, a tenth of what a request costs the process under load. Lines
 * wait at most LOG_FLUSH_MS; closing the app writes what is left, and pino
 * writes it at exit too.
 */
function bufferedStdout() {
  const stream = pino.destination({ dest: 1, minLength: LOG_BUFFER_BYTES, sync: false });
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS);
  timer.unref();
  return {
    stream,
    close() {
      clearInterval(timer);
      stream.flush();
    },
  };
}

function loggerOptions(
  logger: BuildAppOptions["logger"],
  buffered: { stream: pino.DestinationStream } | undefined,
): boolean | LoggerOptions {
  if (!logger) return false;
  const base: LoggerOptions = logger === true ? {} : logger;
  return {
    level: "info",
    ...base,
    ...(buffered ? { stream: buffered.stream } : {}),
    // Keys travel in the Authorization header: never log it, nor cookies.
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization", "authorization", "key"],
      censor: "[redacted]",
    },
  };
}
