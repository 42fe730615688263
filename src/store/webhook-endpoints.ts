/** Webhook endpoints: a workspace's subscriptions, with their signing secrets and health. */
import type { Kysely, Selectable } from "kysely";
import { LOCAL_WORKSPACE_ID } from "./local-workspace.js";
import type { MirrorSchema, WebhookEndpointsTable } from "./schema.js";

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export async function insertEndpoint(
  db: Kysely<MirrorSchema>,
  row: Omit<
    WebhookEndpointRow,
    "disabled_reason" | "disabled_at" | "failing_since" | "previous_secret" | "previous_secret_expires_at"
  >,
): Promise<void> {
  await db.insertInto("webhook_endpoints").values(row).execute();
}

export async function findEndpoint(db: Kysely<MirrorSchema>, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A workspace's endpoints (every workspace's without one), oldest first. */
export async function listEndpoints(db: Kysely<MirrorSchema>, workspaceId?: string): Promise<WebhookEndpointRow[]> {
  let query = db.selectFrom("webhook_endpoints").selectAll();
  if (workspaceId !== undefined) query = query.where("workspace_id", "=", workspaceId);
  return query.orderBy("created_at").orderBy("id").execute();
}

/** Deletes an endpoint with its queued deliveries and their log; returns whether it existed. */
export async function deleteEndpoint(db: Kysely<MirrorSchema>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A new secret; the current one keeps signing beside it until `previousExpiresAt`. */
export async function rotateEndpointSecret(
  db: Kysely<MirrorSchema>,
  id: string,
  secret: string,
  previousExpiresAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set((eb) => ({
      previous_secret: eb.ref("secret"),
      previous_secret_expires_at: previousExpiresAt,
      secret,
    }))
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function disableEndpoint(
  db: Kysely<MirrorSchema>,
  id: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ status: "disabled", disabled_reason: reason, disabled_at: at })
    .where("id", "=", id)
    .where("status", "=", "enabled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Enables an endpoint again, its failure streak forgotten. */
export async function enableEndpoint(db: Kysely<MirrorSchema>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ status: "enabled", disabled_reason: null, disabled_at: null, failing_since: null })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** After a success: the endpoint is healthy again. */
export async function clearEndpointFailures(db: Kysely<MirrorSchema>, id: string): Promise<void> {
  await db
    .updateTable("webhook_endpoints")
    .set({ failing_since: null })
    .where("id", "=", id)
    .where("failing_since", "is not", null)
    .execute();
}

/** After a failure: starts the failure streak if none is running; returns when it started. */
export async function noteEndpointFailure(
  db: Kysely<MirrorSchema>,
  id: string,
  at: string,
): Promise<string | undefined> {
  await db
    .updateTable("webhook_endpoints")
    .set({ failing_since: at })
    .where("id", "=", id)
    .where("failing_since", "is", null)
    .execute();
  const row = await db.selectFrom("webhook_endpoints").select("failing_since").where("id", "=", id).executeTakeFirst();
  return row?.failing_since ?? undefined;
}

/**
 * The enabled endpoints that may receive events, with the accounts their
 * workspace sees: its connected accounts, or every account of the mirror for
 * the local workspace (see local-workspace.ts).
 */
export async function endpointsForFanOut(
  db: Kysely<MirrorSchema>,
): Promise<
  (Pick<WebhookEndpointRow, "id" | "workspace_id" | "events" | "after_event_seq"> & { accounts: string[] })[]
> {
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "workspace_id", "events", "after_event_seq"])
    .where("status", "=", "enabled")
    .execute();
  if (endpoints.length === 0) return [];
  const links = await db
    .selectFrom("workspace_accounts")
    .select(["workspace_id", "account_id"])
    .where("workspace_id", "in", [...new Set(endpoints.map((e) => e.workspace_id))])
    .execute();
  const byWorkspace = new Map<string, string[]>();
  for (const l of links) byWorkspace.set(l.workspace_id, [...(byWorkspace.get(l.workspace_id) ?? []), l.account_id]);
  if (endpoints.some((e) => e.workspace_id === LOCAL_WORKSPACE_ID))
    byWorkspace.set(
      LOCAL_WORKSPACE_ID,
      (await db.selectFrom("accounts").select("id").execute()).map((a) => a.id),
    );
  return endpoints.map((e) => ({
    ...e,
    after_event_seq: Number(e.after_event_seq),
    accounts: byWorkspace.get(e.workspace_id) ?? [],
  }));
}
