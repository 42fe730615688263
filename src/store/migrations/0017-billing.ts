import { sql, type Kysely, type Migration } from "kysely";

/**
 * Billing: what the payment provider (Stripe) tells the server about each
 * workspace's subscription.
 *
 * - `billing_events`: every verified event of a handled type, stored as
 *   received before the webhook is answered, then processed by the server's
 *   worker; the provider's event id is the key, so a redelivery stores
 *   nothing new. `status` is 'pending' (waiting, or waiting to be retried at
 *   `next_attempt_at`), 'processed' or 'failed' (retries used up: waiting for
 *   a person, `billing retry`).
 * - `billing_subscriptions`: one row per subscription, with the `created`
 *   time of the event that last changed it, so an older event arriving late
 *   never rolls it back.
 * - `billing_prices`: which plan each price id stands for (configuration).
 * - `billing_notifications`: what the workspace owner is told (a failed
 *   payment), one per event; resolved when the subscription is paid up again.
 */
export const billingMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("billing_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      // The provider's `created`, Unix seconds: the order the changes happened in.
      .addColumn("created", "integer", (c) => c.notNull())
      // The body exactly as received and verified.
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'processed', 'failed')`))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "text")
      .addColumn("last_error", "text")
      // What processing did, in words (e.g. "stale: an event of … already applied").
      .addColumn("outcome", "text")
      .addColumn("received_at", "text", (c) => c.notNull())
      .addColumn("processed_at", "text")
      .execute();
    // The due events in the order Stripe created them, read fifty at a time from the index during a burst of
    // thousands, never sorted again for every fifty. (An index on next_attempt_at would lure the planner away.)
    await db.schema
      .createIndex("billing_events_order_idx")
      .on("billing_events")
      .columns(["status", "created", "received_at", "id"])
      .execute();

    await db.schema
      .createTable("billing_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("customer_id", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("price_id", "text", (c) => c.notNull())
      // Null while the price is mapped to no plan: only a subscription that grants nothing may be stored so.
      .addColumn("plan", "text", (c) => c.check(sql`plan in ('starter', 'business', 'enterprise')`))
      .addColumn("current_period_end", "text")
      .addColumn("canceled_at", "text")
      .addColumn("last_event_id", "text", (c) => c.notNull())
      .addColumn("last_event_created", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("billing_subscriptions_workspace_idx")
      .on("billing_subscriptions")
      .columns(["workspace_id", "id"])
      .execute();

    await db.schema
      .createTable("billing_prices")
      .addColumn("price_id", "text", (c) => c.primaryKey())
      .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('starter', 'business', 'enterprise')`))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("billing_notifications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("subscription_id", "text")
      .addColumn("invoice_id", "text")
      .addColumn("event_id", "text", (c) => c.notNull().unique())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("amount_due", "integer")
      .addColumn("currency", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("resolved_at", "text")
      .execute();
    await db.schema
      .createIndex("billing_notifications_subscription_idx")
      .on("billing_notifications")
      .column("subscription_id")
      .execute();
    await db.schema
      .createIndex("billing_notifications_workspace_idx")
      .on("billing_notifications")
      .columns(["workspace_id", "created_at"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ["billing_notifications", "billing_prices", "billing_subscriptions", "billing_events"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
