/**
 * What routes are given: the per-route options, the request state the
 * API's hooks fill in, and the services routes use. Kept apart from
 * build-app so that the routes it registers do not import it back.
 */
import type { FastifyRequest } from "fastify";
import type { Answer, AnswerOptions } from "../answer/answer.js";
import type { UsageKind } from "../accounts/plans.js";
import type { QuotaUse } from "../accounts/quota.js";
import type { Scope } from "../accounts/api-keys.js";
import type { MirrorDb } from "../store/backend.js";
import type { ApiPrincipal } from "./authenticator.js";
import type { ApiMetrics } from "./metrics.js";

/** What the API knows about a request while serving it. */
export interface ApiRequestState {
  now: Date;
  principal?: ApiPrincipal;
  /** The data-change version read with the request's limits: caches of answers hold while it stands. */
  dataVersion?: string;
  burst?: { limit: number; remaining: number; refused: boolean };
  usage?: QuotaUse;
  /** A quota unit taken with the burst count for the handler (see ApiRouteConfig.takes), until it uses it. */
  pretaken?: QuotaUse;
}

/** Per-route options of an API endpoint. */
export interface ApiRouteConfig {
  /** The scope a key needs; the route then requires a key. */
  scope?: Scope;
  /** The OpenAPI operation id; documented routes only. */
  operationId?: string;
  /** The daily quota the route's rate-limit headers report (default: queries). */
  quota?: UsageKind;
  /**
   * The daily quota whose unit the handler takes (`reserveQuota`) on every
   * valid request: it is then taken with the burst count, in the same
   * statement where the engine allows it, and kept for the handler.
   */
  takes?: UsageKind;
}

declare module "fastify" {
  interface FastifyRequest {
    api: ApiRequestState;
  }
}

/** The services routes use; passed to each route's registration. */
export interface ApiServices {
  db: MirrorDb;
  clock: () => Date;
  /** `answer()`, with the request's data-change version for the answer cache when it has one. */
  answer: (...args: [question: string, options: AnswerOptions & { dataVersion?: string }]) => Promise<Answer>;
  metrics: ApiMetrics;
  /**
   * Takes one unit of the workspace's daily quota of `kind`, or throws 429 `quota_exceeded` (or 503
   * `busy` when another process holds the mirror's write lock too long: then nothing is taken).
   */
  reserveQuota(request: FastifyRequest, kind: UsageKind): Promise<void>;
  /** Gives the unit back for a request that was not answered (in the background when the mirror is busy). */
  releaseQuota(request: FastifyRequest): Promise<void>;
  /**
   * Writes pending conversation starts and waits for a deferred save of `conversationId`, before a
   * conversation is looked up; 503 `busy` when the mirror stays locked.
   */
  flushConversations(conversationId?: string): Promise<void>;
  env: Record<string, string | undefined>;
  /** The mirror's file, beside which connection keys are kept ("" in memory). */
  dbPath: string;
  /** Syncs a connected account for the refresh_data intent (undefined when it has no connection). */
  refreshData(accountId: string): Promise<unknown>;
  /** Tells the key checks that this process changed a workspace's accounts. */
  accountsChanged(): void;
}
