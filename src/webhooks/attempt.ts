/**
 * One delivery attempt: claim, sign, send, and record the outcome with the
 * endpoint's health in one transaction. 2xx is a success; 410 Gone disables
 * the endpoint; anything else (another status, a timeout, a refused
 * connection, a redirect) is retried on the schedule, and an endpoint that
 * has not succeeded for five days is disabled.
 */
import type { Kysely } from "kysely";
import {
  claimDelivery,
  loadDelivery,
  recordAttempt,
  releaseClaim,
  type AttemptRecordItem,
  type ClaimedDelivery,
  type WebhookDeliveryRow,
} from "../store/webhook-deliveries.js";
import { clearEndpointFailures, disableEndpoint, noteEndpointFailure } from "../store/webhook-endpoints.js";
import type { MirrorSchema } from "../store/schema.js";
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, retryDelayMs } from "./retry-schedule.js";
import type { AttemptRecorder } from "./attempt-recorder.js";
import type { Sender } from "./sender.js";
import { signedHeaders, signingSecrets } from "./signing.js";

export interface AttemptContext {
  db: Kysely<MirrorSchema>;
  sender: Sender;
  clock: () => Date;
  random: () => number;
  /** Who holds the claims: one id per worker (process). */
  workerId: string;
  /** How long a claim is held: past it, another worker takes the delivery back. */
  leaseMs: number;
  /** Stops the attempt (the worker is stopping): the claim is given back untried. */
  signal?: AbortSignal;
  /** Records outcomes in batches (a worker's); one transaction per attempt without it. */
  recorder?: AttemptRecorder;
}

export interface AttemptOutcome {
  deliveryId: string;
  /** False when another worker had claimed the delivery first. */
  claimed: boolean;
  /** The attempt was stopped before an answer and the delivery returned to the queue. */
  released?: boolean;
  eventId?: string;
  endpointId?: string;
  status?: Exclude<WebhookDeliveryRow["status"], "delivering">;
  statusCode?: number | null;
  error?: string | null;
  durationMs?: number;
  nextAttemptAt?: string | null;
  /** Why the endpoint was disabled by this attempt's outcome. */
  endpointDisabled?: string;
}

/** The lease end of a claim made now. */
export function leaseEnd(ctx: Pick<AttemptContext, "clock" | "leaseMs">): string {
  return new Date(ctx.clock().getTime() + ctx.leaseMs).toISOString();
}

/**
 * Makes one attempt of a delivery: claims it (unless `claimed`, when the
 * caller already holds it), sends it and records what happened. `seen` is
 * the delivery as the worker read it among the due ones: its event and
 * endpoint are then not read again (the counts come from the claim).
 *
 * @example
 * const outcome = await attemptDelivery(ctx, "msg_…");
 */
export async function attemptDelivery(
  ctx: AttemptContext,
  deliveryId: string,
  options: { claimed?: boolean; seen?: ClaimedDelivery } = {},
): Promise<AttemptOutcome> {
  let delivery: ClaimedDelivery | undefined;
  if (options.claimed) delivery = await loadDelivery(ctx.db, deliveryId);
  else {
    const counts = await claimDelivery(ctx.db, deliveryId, ctx.workerId, ctx.clock().toISOString(), leaseEnd(ctx));
    if (!counts) return { deliveryId, claimed: false };
    delivery = options.seen ? { ...options.seen, ...counts } : await loadDelivery(ctx.db, deliveryId);
  }
  // Deleted with its endpoint since it was claimed: nothing to send.
  if (!delivery) return { deliveryId, claimed: true, released: true };

  const startedAt = ctx.clock();
  const headers = signedHeaders(signingSecrets(delivery, startedAt), delivery.event_id, startedAt, delivery.payload);
  const result = await ctx.sender.send(delivery.url, headers, delivery.payload, ctx.signal);
  if (result.aborted) {
    await releaseClaim(ctx.db, deliveryId, ctx.workerId);
    return { deliveryId, claimed: true, released: true, eventId: delivery.event_id, endpointId: delivery.endpoint_id };
  }

  const now = ctx.clock();
  const nowIso = now.toISOString();
  const code = result.statusCode;
  const succeeded = code !== null && code >= 200 && code < 300;
  const gone = code === 410;
  const error = succeeded ? null : (result.error ?? (code !== null ? `answered ${code}` : "no answer"));
  let status: AttemptOutcome["status"];
  let nextAttemptAt: string | null = null;
  if (succeeded) status = "succeeded";
  else if (gone) status = "failed";
  else {
    const delay = retryDelayMs(delivery.attempts, ctx.random);
    if (delay === undefined || delivery.attempts >= MAX_ATTEMPTS) status = "failed";
    else {
      status = "pending";
      nextAttemptAt = new Date(now.getTime() + delay).toISOString();
    }
  }

  let endpointDisabled: string | undefined;
  const record: AttemptRecordItem["record"] = {
    deliveryId,
    workerId: ctx.workerId,
    attempt: delivery.attempt_number,
    startedAt: startedAt.toISOString(),
    durationMs: result.durationMs,
    statusCode: code,
    error,
    succeeded,
    status,
    nextAttemptAt,
    finishedAt: status === "pending" ? null : nowIso,
  };
  const also: AttemptRecordItem["also"] = async (trx) => {
    if (succeeded) {
      if (delivery.failing_since !== null) await clearEndpointFailures(trx, delivery.endpoint_id);
      return;
    }
    if (gone) {
      const reason = `the endpoint answered 410 Gone at ${nowIso}`;
      if (await disableEndpoint(trx, delivery.endpoint_id, reason, nowIso)) endpointDisabled = reason;
      return;
    }
    const since = await noteEndpointFailure(trx, delivery.endpoint_id, nowIso);
    if (since && now.getTime() - Date.parse(since) >= DISABLE_AFTER_FAILING_MS) {
      const reason = `every delivery failed since ${since} (5 days)`;
      if (await disableEndpoint(trx, delivery.endpoint_id, reason, nowIso)) endpointDisabled = reason;
    }
  };
  if (ctx.recorder) await ctx.recorder.record({ record, also });
  else await recordAttempt(ctx.db, record, also);
  return {
    deliveryId,
    claimed: true,
    eventId: delivery.event_id,
    endpointId: delivery.endpoint_id,
    status,
    statusCode: code,
    error,
    durationMs: result.durationMs,
    nextAttemptAt,
    endpointDisabled,
  };
}
