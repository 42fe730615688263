/**
 * Processes stored events: each one claimed, applied and its outcome
 * recorded all or nothing, so an event is applied once however many
 * workers try (a claim is won by one) and a failure leaves nothing half
 * done. A batch of events shares one transaction (one commit), each event
 * in a savepoint of its own, so one that fails is undone alone: its
 * failure is recorded with it (the message, an attempt more) and it is
 * retried at the time the caller's schedule gives, or left failed for a
 * person (`seller-ai billing retry`).
 */
import type { Kysely } from "kysely";
import {
  billingEvent,
  claimBillingEvents,
  markBillingEventProcessed,
  recordBillingEventFailure,
} from "../store/billing-events.js";
import { isDatabaseBusy, writeTransaction } from "../store/dialect.js";
import { withSavepoint } from "../store/savepoint.js";
import type { MirrorSchema } from "../store/schema.js";
import { applyEvent, BatchLookups } from "./apply-event.js";
import { billingChanged } from "./effective-plan.js";
import type { StripeEventLike } from "./stripe-event.js";

export type ProcessResult =
  | { status: "processed"; id: string; type: string; outcome: string }
  /** Processed already, by this worker or another, or not stored at all. */
  | { status: "skipped"; id: string }
  /** Failed: retried at `retryAt`, or failed for good (waiting for a person) without one. */
  | { status: "failed"; id: string; type: string; error: string; attempts: number; retryAt?: string }
  /** The database was busy (another process writing): nothing recorded, try again later. */
  | { status: "busy"; id: string; error: string };

export interface ProcessOptions {
  now: Date;
  /** Also take an event that failed for good (a person retrying it). */
  includeFailed?: boolean;
  /** When to try again after this many failed attempts; undefined: fail for good. */
  retryAt(attempts: number, now: Date): string | undefined;
}

/**
 * Processes events in one transaction, in the order given.
 *
 * @example
 * const [result] = await processBillingEvents(db, ["evt_1"], { now: new Date(), retryAt: () => undefined });
 */
export async function processBillingEvents(
  db: Kysely<MirrorSchema>,
  ids: readonly string[],
  options: ProcessOptions,
): Promise<ProcessResult[]> {
  const at = options.now.toISOString();
  let planChanged = false;
  let results: ProcessResult[];
  try {
    results = await writeTransaction(db, async (trx) => {
      const done: ProcessResult[] = [];
      const includeFailed = options.includeFailed ?? false;
      const events = new Map((await claimBillingEvents(trx, ids, includeFailed)).map((e) => [e.id, e]));
      const lookups = new BatchLookups(trx);
      for (const id of ids) {
        const event = events.get(id);
        if (!event) {
          done.push({ status: "skipped", id });
          continue;
        }
        try {
          done.push(
            await withSavepoint(trx, "billing_event", async (): Promise<ProcessResult> => {
              const applied = await applyEvent(trx, JSON.parse(event.payload) as StripeEventLike, options.now, lookups);
              if (!(await markBillingEventProcessed(trx, id, applied.outcome, at, includeFailed)))
                throw new AlreadyProcessed();
              planChanged ||= applied.planChanged;
              return { status: "processed", id, type: event.type, outcome: applied.outcome };
            }),
          );
        } catch (error) {
          if (error instanceof AlreadyProcessed) {
            done.push({ status: "skipped", id });
            continue;
          }
          // The whole batch waits for a database that is busy; anything else is this event's failure.
          if (isDatabaseBusy(error)) throw error;
          done.push(await recordFailure(trx, id, error, options));
        }
      }
      return done;
    });
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return ids.map((id) => ({ status: "busy", id, error: message }));
  }
  if (planChanged) billingChanged(db);
  return results;
}

/** Another worker processed the event meanwhile: this one's changes are undone. */
class AlreadyProcessed extends Error {}

async function recordFailure(
  trx: Kysely<MirrorSchema>,
  id: string,
  error: unknown,
  options: ProcessOptions,
): Promise<ProcessResult> {
  const message = error instanceof Error ? error.message : String(error);
  const stored = await billingEvent(trx, id);
  if (!stored || stored.status === "processed") return { status: "skipped", id };
  const attempts = stored.attempts + 1;
  // A person's retry of an event that failed for good leaves it failed; a waiting one keeps its backoff.
  const retryAt = stored.status === "failed" ? undefined : options.retryAt(attempts, options.now);
  await recordBillingEventFailure(trx, id, message, retryAt);
  return { status: "failed", id, type: stored.type, error: message, attempts, ...(retryAt ? { retryAt } : {}) };
}

/** Processes one event (a person's retry). */
export async function processBillingEvent(
  db: Kysely<MirrorSchema>,
  id: string,
  options: ProcessOptions,
): Promise<ProcessResult> {
  const [result] = await processBillingEvents(db, [id], options);
  return result;
}
