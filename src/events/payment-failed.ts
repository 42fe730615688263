import type { Kysely } from "kysely";
import type { MirrorSchema } from "../store/schema.js";
import type { BillingPaymentFailedData } from "./event-types.js";
import { recordEvent, type RecordedEvent } from "./record-event.js";

/**
 * Records `billing.payment_failed` for a workspace, in the transaction that
 * stores its notification; the notification's id makes a second call for
 * the same failure record nothing.
 *
 * @example
 * await emitBillingPaymentFailed(trx, { id: "bn_…", workspace_id: "ws_…", subscription_id: "sub_…", invoice_id: "in_…",
 *   plan: "business", amount_due: 4900, currency: "USD", attempt_count: 1, next_payment_attempt: null,
 *   hosted_invoice_url: null, message: "…" }, now);
 */
export async function emitBillingPaymentFailed(
  db: Kysely<MirrorSchema>,
  failure: BillingPaymentFailedData,
  now: Date,
): Promise<RecordedEvent> {
  return recordEvent(db, {
    type: "billing.payment_failed",
    account_id: null,
    workspace_id: failure.workspace_id,
    data: failure as unknown as Record<string, unknown>,
    dedupe_key: `billing.payment_failed:${failure.id}`,
    now,
  });
}
