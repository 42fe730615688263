/** The workspaces' subscriptions, as the payment provider's events set them. */
import type { Kysely, Selectable } from "kysely";
import type { BillingSubscriptionsTable, MirrorSchema, Plan } from "./schema.js";

export type StoredSubscription = Selectable<BillingSubscriptionsTable>;

export async function subscription(db: Kysely<MirrorSchema>, id: string): Promise<StoredSubscription | undefined> {
  return db.selectFrom("billing_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Writes a subscription's whole state (insert or replace). The row is keyed
 * by its workspace too (migration 0019): one that moved to another
 * workspace leaves its old one, so a subscription is still stored once.
 */
export async function saveSubscription(db: Kysely<MirrorSchema>, row: StoredSubscription): Promise<void> {
  const { id, created_at, workspace_id, ...changes } = row;
  await db.deleteFrom("billing_subscriptions").where("id", "=", id).where("workspace_id", "!=", workspace_id).execute();
  await db
    .insertInto("billing_subscriptions")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "id"]).doUpdateSet(changes))
    .execute();
}

/** The status and plan of each subscription a workspace has had (the plan rules read only these). */
export async function subscriptionStates(
  db: Kysely<MirrorSchema>,
  workspaceId: string,
): Promise<{ id: string; status: string; plan: Plan | null; current_period_end: string | null }[]> {
  return db
    .selectFrom("billing_subscriptions")
    .select(["id", "status", "plan", "current_period_end"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("id")
    .execute();
}

export async function listSubscriptions(db: Kysely<MirrorSchema>): Promise<StoredSubscription[]> {
  return db.selectFrom("billing_subscriptions").selectAll().orderBy("workspace_id").orderBy("id").execute();
}

/** Gives every subscription on a price the plan the price now stands for; returns how many. */
export async function setSubscriptionsPlanForPrice(
  db: Kysely<MirrorSchema>,
  priceId: string,
  plan: Plan,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable("billing_subscriptions")
    .set({ plan, updated_at: at })
    .where("price_id", "=", priceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function workspaceExists(db: Kysely<MirrorSchema>, id: string): Promise<boolean> {
  return (await db.selectFrom("workspaces").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}
