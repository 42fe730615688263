import type { Kysely, Migration } from "kysely";

/**
 * Leases on shared work, so that several `serve` instances on one database
 * share it without doing it twice and without losing what a dead instance
 * held: an insight job is held by the worker that claimed it until its
 * lease runs out (renewed while it runs), and an account's scheduled sync
 * is held the same way, with the time the next one falls due.
 */
export const workLeasesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("insight_jobs").addColumn("claimed_by", "text").execute();
    await db.schema.alterTable("insight_jobs").addColumn("lease_expires_at", "text").execute();
    await db.schema.alterTable("connections").addColumn("sync_due_at", "text").execute();
    await db.schema.alterTable("connections").addColumn("sync_claimed_by", "text").execute();
    await db.schema.alterTable("connections").addColumn("sync_lease_expires_at", "text").execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("connections").dropColumn("sync_lease_expires_at").execute();
    await db.schema.alterTable("connections").dropColumn("sync_claimed_by").execute();
    await db.schema.alterTable("connections").dropColumn("sync_due_at").execute();
    await db.schema.alterTable("insight_jobs").dropColumn("lease_expires_at").execute();
    await db.schema.alterTable("insight_jobs").dropColumn("claimed_by").execute();
  },
};
