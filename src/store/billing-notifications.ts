/** What a workspace owner is told about billing (a failed payment), until it is resolved. */
import type { Insertable, Kysely, Selectable } from "kysely";
import type { BillingNotificationsTable, MirrorSchema } from "./schema.js";

export type BillingNotification = Selectable<BillingNotificationsTable>;

/** Records a notification; false when one was already recorded for its event. */
export async function insertBillingNotification(
  db: Kysely<MirrorSchema>,
  row: Insertable<BillingNotificationsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto("billing_notifications")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "event_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The notifications not yet resolved, newest first; one workspace's, or every workspace's. */
export async function openBillingNotifications(
  db: Kysely<MirrorSchema>,
  workspaceId?: string,
): Promise<BillingNotification[]> {
  let query = db.selectFrom("billing_notifications").selectAll().where("resolved_at", "is", null);
  if (workspaceId !== undefined) query = query.where("workspace_id", "=", workspaceId);
  return query.orderBy("created_at", "desc").orderBy("id").execute();
}

/** Resolves a subscription's open notifications (it is paid up again); returns how many. */
export async function resolveBillingNotifications(
  db: Kysely<MirrorSchema>,
  subscriptionId: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable("billing_notifications")
    .set({ resolved_at: at })
    .where("subscription_id", "=", subscriptionId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
