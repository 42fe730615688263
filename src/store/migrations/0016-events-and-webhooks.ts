import { sql, type Kysely, type Migration } from "kysely";

/**
 * The events outbox and the webhook delivery queue.
 *
 * - `events`: one row per event, written in the transaction of the change
 *   that causes it; `seq` orders them and `fanned_out` says whether the
 *   deliveries for it have been queued. `dedupe_key` lets a cause that may
 *   run twice over the same facts (a regenerated demo, a re-imported file)
 *   record each finding once.
 * - `webhook_endpoints`: a workspace's subscriptions. The signing secret is
 *   kept as it is (it must sign every delivery); the previous one keeps
 *   signing until `previous_secret_expires_at` after a rotation.
 * - `webhook_deliveries`: the queue, one row per event and endpoint, claimed
 *   by a worker with a conditional update (status 'pending' → 'delivering')
 *   and a lease, so a crashed worker's claims return to the queue.
 * - `webhook_attempts`: the log of every attempt (status code, duration, error).
 */
export const eventsAndWebhooksMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("events")
      .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("id", "text", (c) => c.notNull().unique())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("account_id", "text")
      .addColumn("workspace_id", "text")
      // Set for an event meant for one endpoint only (a test event).
      .addColumn("endpoint_id", "text")
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("dedupe_key", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("fanned_out", "integer", (c) => c.notNull().defaultTo(0))
      // When its deliveries were queued: the retention of delivered events counts from it.
      .addColumn("fanned_out_at", "text")
      .execute();
    await db.schema.createIndex("events_fan_out_idx").on("events").columns(["fanned_out", "seq"]).execute();

    await db.schema
      .createTable("webhook_endpoints")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("description", "text")
      // Comma-separated event types, or "*".
      .addColumn("events", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('enabled', 'disabled')`))
      .addColumn("disabled_reason", "text")
      .addColumn("disabled_at", "text")
      // The first failure since the last success: five days of it disable the endpoint.
      .addColumn("failing_since", "text")
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("previous_secret", "text")
      .addColumn("previous_secret_expires_at", "text")
      // Events after this one are delivered to the endpoint: none from before it existed.
      .addColumn("after_event_seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("webhook_endpoints_workspace_idx")
      .on("webhook_endpoints")
      .column("workspace_id")
      .execute();

    await db.schema
      .createTable("webhook_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
      .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('pending', 'delivering', 'succeeded', 'failed')`),
      )
      // Attempts of the current retry schedule (a replay starts a new one).
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      // The number of the latest attempt in the log, over the delivery's whole life.
      .addColumn("attempt_number", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "text")
      .addColumn("claimed_by", "text")
      .addColumn("lease_expires_at", "text")
      .addColumn("last_status_code", "integer")
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .addUniqueConstraint("webhook_deliveries_event_endpoint_uq", ["event_id", "endpoint_id"])
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_due_idx")
      .on("webhook_deliveries")
      .columns(["status", "next_attempt_at"])
      .execute();
    await db.schema
      .createIndex("webhook_deliveries_endpoint_idx")
      .on("webhook_deliveries")
      .columns(["endpoint_id", "created_at"])
      .execute();

    await db.schema
      .createTable("webhook_attempts")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
      .addColumn("attempt", "integer", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("status_code", "integer")
      .addColumn("error", "text")
      .addColumn("succeeded", "integer", (c) => c.notNull())
      .addColumn("next_attempt_at", "text")
      .execute();
    await db.schema
      .createIndex("webhook_attempts_delivery_idx")
      .on("webhook_attempts")
      .columns(["delivery_id", "attempt"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ["webhook_attempts", "webhook_deliveries", "webhook_endpoints", "events"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
