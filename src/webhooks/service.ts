/**
 * What the API and the CLI do with webhooks: register, list, delete, rotate
 * a secret, enable, send a test, read the deliveries log, replay, and run
 * the delivery worker. A workspace id scopes every call (the API key's);
 * without one (the CLI, on the user's own mirror) every workspace is seen.
 */
import type { Kysely } from "kysely";
import { writeTransaction } from "../store/dialect.js";
import { SellerAiError } from "../core/errors.js";
import { EVENT_TYPES, TEST_EVENT_TYPE, isEventType, newId, recordEvent } from "../events/index.js";
import { lastEventSeq } from "../store/events.js";
import type { MirrorSchema, WebhookDeliveryStatus } from "../store/schema.js";
import { claimForReplay, deliveryCounts, findDelivery, insertClaimedDelivery } from "../store/webhook-deliveries.js";
import { listDeliveryLog, type LoggedDelivery } from "../store/webhook-delivery-log.js";
import {
  deleteEndpoint,
  enableEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  type WebhookEndpointRow,
} from "../store/webhook-endpoints.js";
import type { Resolver } from "./address-guard.js";
import { attemptDelivery, leaseEnd, type AttemptContext, type AttemptOutcome } from "./attempt.js";
import { DEFAULT_TIMEOUT_MS } from "./retry-schedule.js";
import { createSender, type Sender } from "./sender.js";
import { PREVIOUS_SECRET_TTL_MS, newSigningSecret } from "./signing.js";
import { checkWebhookUrl, type UrlPolicy } from "./url-policy.js";
import { DeliveryWorker, type DeliveryWorkerOptions } from "./worker.js";

export const MAX_ENDPOINTS_PER_WORKSPACE = 50;
export const MAX_DESCRIPTION_LENGTH = 256;

/** An endpoint as listed: never its secret. */
export interface WebhookEndpointView {
  id: string;
  workspace_id: string;
  url: string;
  description: string | null;
  events: string[];
  status: "enabled" | "disabled";
  /** Why it was disabled, in words. */
  disabled_reason: string | null;
  disabled_at: string | null;
  /** Set while deliveries fail: the first failure since the last success. */
  failing_since: string | null;
  /** While the previous secret still signs beside the new one (after a rotation). */
  previous_secret_expires_at: string | null;
  created_at: string;
  deliveries: Record<WebhookDeliveryStatus, number>;
}

/** An endpoint as just created: with its secret, shown this once. */
export type CreatedWebhookEndpoint = Omit<WebhookEndpointView, "deliveries"> & { secret: string };

export interface DeliveryResult {
  delivery_id: string;
  event_id: string;
  /** succeeded; pending: failed, tried again at next_attempt_at; failed: for good. */
  status: "succeeded" | "pending" | "failed";
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
}

export interface WebhookServiceOptions {
  db: Kysely<MirrorSchema>;
  /** Which URLs are accepted and reached: http to loopback only when allowed. */
  policy: UrlPolicy;
  clock?: () => Date;
  /** The sender; one is made from the policy, timeout and resolver otherwise. */
  sender?: Sender;
  timeoutMs?: number;
  resolver?: Resolver;
  random?: () => number;
}

export class WebhookService {
  readonly db: Kysely<MirrorSchema>;
  readonly policy: UrlPolicy;
  readonly sender: Sender;
  private readonly clock: () => Date;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  private readonly ownsSender: boolean;
  private readonly workerId = newId("wk");

  constructor(options: WebhookServiceOptions) {
    this.db = options.db;
    this.policy = options.policy;
    this.clock = options.clock ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.random = options.random ?? Math.random;
    this.ownsSender = !options.sender;
    this.sender =
      options.sender ?? createSender({ policy: options.policy, timeoutMs: this.timeoutMs, resolver: options.resolver });
  }

  /** Registers an endpoint; the result holds its signing secret, which is never shown again. */
  async create(input: {
    workspaceId: string;
    url: string;
    events: readonly string[];
    description?: string | null;
  }): Promise<CreatedWebhookEndpoint> {
    const url = checkWebhookUrl(input.url, this.policy);
    const events = parseEventList(input.events);
    const description = input.description?.trim() || null;
    if (description && description.length > MAX_DESCRIPTION_LENGTH)
      throw invalid("description", `description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`);
    const workspace = await this.db
      .selectFrom("workspaces")
      .select("id")
      .where("id", "=", input.workspaceId)
      .executeTakeFirst();
    if (!workspace)
      throw new SellerAiError("not_found", `no workspace "${input.workspaceId}".`, {
        suggestions: ["`seller-ai keys list` shows the workspaces."],
      });
    const existing = await listEndpoints(this.db, input.workspaceId);
    if (existing.length >= MAX_ENDPOINTS_PER_WORKSPACE)
      throw new SellerAiError(
        "invalid_request",
        `this workspace already has ${existing.length} webhook endpoints, the most it may have.`,
        { suggestions: ["Delete endpoints no longer used, or subscribe one endpoint to several event types."] },
      );
    const row: Parameters<typeof insertEndpoint>[1] = {
      id: newId("we"),
      workspace_id: input.workspaceId,
      url,
      description,
      events: events.join(","),
      status: "enabled",
      secret: newSigningSecret(),
      after_event_seq: await lastEventSeq(this.db),
      created_at: this.clock().toISOString(),
    };
    await insertEndpoint(this.db, row);
    const { deliveries: _, ...view } = toView({
      ...row,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      previous_secret: null,
      previous_secret_expires_at: null,
    });
    return { ...view, secret: row.secret };
  }

  async list(workspaceId?: string): Promise<WebhookEndpointView[]> {
    const rows = await listEndpoints(this.db, workspaceId);
    return Promise.all(rows.map(async (r) => toView(r, await deliveryCounts(this.db, r.id))));
  }

  async get(id: string, workspaceId?: string): Promise<WebhookEndpointView> {
    const row = await this.endpoint(id, workspaceId);
    return toView(row, await deliveryCounts(this.db, row.id));
  }

  async remove(id: string, workspaceId?: string): Promise<{ id: string; deleted: true }> {
    await this.endpoint(id, workspaceId);
    await deleteEndpoint(this.db, id);
    return { id, deleted: true };
  }

  /** A new secret, returned once; the old one keeps signing beside it for 24 hours. */
  async rotateSecret(
    id: string,
    workspaceId?: string,
  ): Promise<{ id: string; secret: string; previous_secret_expires_at: string }> {
    await this.endpoint(id, workspaceId);
    const secret = newSigningSecret();
    const expires = new Date(this.clock().getTime() + PREVIOUS_SECRET_TTL_MS).toISOString();
    await rotateEndpointSecret(this.db, id, secret, expires);
    return { id, secret, previous_secret_expires_at: expires };
  }

  /** Enables a disabled endpoint; its deliveries still queued resume. */
  async enable(id: string, workspaceId?: string): Promise<WebhookEndpointView> {
    await this.endpoint(id, workspaceId);
    await enableEndpoint(this.db, id);
    return this.get(id, workspaceId);
  }

  /**
   * Sends a signed `webhook.test` event to the endpoint now and says how it
   * went; a failure is retried on the schedule like any delivery.
   */
  async sendTest(id: string, workspaceId?: string): Promise<DeliveryResult> {
    const endpoint = await this.endpoint(id, workspaceId);
    const now = this.clock();
    const deliveryId = newId("msg");
    const context = this.attemptContext();
    await writeTransaction(this.db, async (trx) => {
      const event = await recordEvent(trx, {
        type: TEST_EVENT_TYPE,
        account_id: null,
        workspace_id: endpoint.workspace_id,
        endpoint_id: endpoint.id,
        data: { webhook_id: endpoint.id, message: "A test event from seller-ai: your endpoint receives and verifies." },
        now,
        fanned_out: true,
      });
      await insertClaimedDelivery(
        trx,
        {
          id: deliveryId,
          workspace_id: endpoint.workspace_id,
          event_id: event.id,
          endpoint_id: endpoint.id,
          next_attempt_at: now.toISOString(),
          created_at: now.toISOString(),
        },
        context.workerId,
        leaseEnd(context),
      );
    });
    return toResult(await attemptDelivery(context, deliveryId, { claimed: true }));
  }

  /** The endpoint's deliveries, newest first, each with its attempts. */
  async deliveries(
    id: string,
    workspaceId: string | undefined,
    options: { limit?: number; status?: WebhookDeliveryStatus; before?: string } = {},
  ): Promise<LoggedDelivery[]> {
    await this.endpoint(id, workspaceId);
    let before: { created_at: string; id: string } | undefined;
    if (options.before) {
      const last = await findDelivery(this.db, options.before);
      if (!last || last.endpoint_id !== id)
        throw invalid("before", `before: no delivery "${options.before}" of webhook ${id}.`);
      before = { created_at: last.created_at, id: last.id };
    }
    return listDeliveryLog(this.db, id, { limit: options.limit ?? 20, status: options.status, before });
  }

  /**
   * Delivers one delivery again now, whatever its state but under way, with a
   * fresh retry schedule should it fail.
   */
  async replay(id: string, deliveryId: string, workspaceId?: string): Promise<DeliveryResult> {
    await this.endpoint(id, workspaceId);
    const delivery = await findDelivery(this.db, deliveryId);
    if (!delivery || delivery.endpoint_id !== id)
      throw new SellerAiError("not_found", `no delivery "${deliveryId}" of webhook ${id}.`, {
        suggestions: [`The deliveries log lists them: GET /v1/webhooks/${id}/deliveries.`],
      });
    const context = this.attemptContext();
    if (!(await claimForReplay(this.db, deliveryId, context.workerId, leaseEnd(context))))
      throw new SellerAiError("invalid_request", `delivery ${deliveryId} is being attempted right now.`, {
        suggestions: ["Replay it once this attempt is over (a few seconds at most)."],
      });
    return toResult(await attemptDelivery(context, deliveryId, { claimed: true }));
  }

  /** A delivery worker on this service's database and sender. */
  worker(options: Omit<DeliveryWorkerOptions, "db" | "sender"> = {}): DeliveryWorker {
    return new DeliveryWorker({
      db: this.db,
      sender: this.sender,
      clock: this.clock,
      random: this.random,
      timeoutMs: this.timeoutMs,
      ...options,
    });
  }

  close(): void {
    if (this.ownsSender) this.sender.close();
  }

  private attemptContext(): AttemptContext {
    return {
      db: this.db,
      sender: this.sender,
      clock: this.clock,
      random: this.random,
      workerId: this.workerId,
      leaseMs: this.timeoutMs + 5_000,
    };
  }

  private async endpoint(id: string, workspaceId?: string): Promise<WebhookEndpointRow> {
    const row = await findEndpoint(this.db, id);
    // Another workspace's endpoint is as good as unknown.
    if (!row || (workspaceId !== undefined && row.workspace_id !== workspaceId))
      throw new SellerAiError("not_found", `no webhook "${id}"${workspaceId ? " in this workspace" : ""}.`, {
        suggestions: ["GET /v1/webhooks (or `seller-ai webhooks list`) lists the webhooks."],
      });
    return row;
  }
}

/** Validates a subscription: known event types, or "*" for all. */
export function parseEventList(events: readonly string[]): string[] {
  const names = [...new Set(events.map((e) => e.trim()).filter((e) => e !== ""))];
  if (names.length === 0)
    throw invalid("events", `events must list at least one event type (or "*" for all): ${EVENT_TYPES.join(", ")}.`);
  if (names.includes("*")) return ["*"];
  const unknown = names.filter((n) => !isEventType(n));
  if (unknown.length)
    throw invalid(
      "events",
      `unknown event type ${unknown.map((u) => `"${u}"`).join(", ")}; the types are ${EVENT_TYPES.join(", ")} (or "*" for all).`,
    );
  return names;
}

function invalid(field: string, message: string): SellerAiError {
  return new SellerAiError("invalid_request", message, { details: { field } });
}

function toView(row: WebhookEndpointRow, deliveries = { pending: 0, delivering: 0, succeeded: 0, failed: 0 }) {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    url: row.url,
    description: row.description,
    events: row.events.split(","),
    status: row.status,
    disabled_reason: row.disabled_reason,
    disabled_at: row.disabled_at,
    failing_since: row.failing_since,
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    deliveries,
  } satisfies WebhookEndpointView;
}

function toResult(outcome: AttemptOutcome): DeliveryResult {
  return {
    delivery_id: outcome.deliveryId,
    event_id: outcome.eventId ?? "",
    status: outcome.status ?? "pending",
    status_code: outcome.statusCode ?? null,
    duration_ms: outcome.durationMs === undefined ? null : Math.round(outcome.durationMs),
    error: outcome.error ?? null,
    next_attempt_at: outcome.nextAttemptAt ?? null,
  };
}
