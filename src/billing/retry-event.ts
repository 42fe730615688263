import type { Kysely } from "kysely";
import { SellerAiError } from "../core/errors.js";
import { billingEvent } from "../store/billing-events.js";
import type { MirrorSchema } from "../store/schema.js";
import { processBillingEvent, type ProcessResult } from "./process-event.js";
import { DEFAULT_RETRY, retryAfter } from "./worker.js";

/**
 * Processes one stored event now, at a person's request (`seller-ai
 * billing retry`): one that failed for good, or one waiting for its next
 * retry. If it fails again, a failed event stays failed (with the new
 * error) and a waiting one keeps its backoff.
 */
export async function retryBillingEvent(db: Kysely<MirrorSchema>, id: string, now: Date): Promise<ProcessResult> {
  const stored = await billingEvent(db, id);
  if (!stored)
    throw new SellerAiError(
      "not_found",
      `no billing event "${id}"; \`seller-ai billing failed\` lists the failed ones.`,
    );
  if (stored.status === "processed")
    throw new SellerAiError(
      "usage",
      `billing event ${id} was already processed${stored.processed_at ? ` at ${stored.processed_at}` : ""} (${stored.outcome ?? "no outcome recorded"}); it is processed only once.`,
    );
  return processBillingEvent(db, id, {
    now,
    includeFailed: true,
    retryAt: (attempts, at) => retryAfter(DEFAULT_RETRY, attempts, at),
  });
}
