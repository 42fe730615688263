import type { Kysely, Migration } from "kysely";

/**
 * Anomalies already seen, so each is reported once (`anomaly.detected`)
 * however many scans find it: every anomaly id a scan finds, with the id it
 * was reported under (the sales-side anomalies of one product that move
 * together are one report, under the id of the first one seen).
 */
export const anomalySightingsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("anomaly_sightings")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("anomaly_id", "text", (c) => c.notNull())
      .addColumn("reported_id", "text", (c) => c.notNull())
      .addColumn("first_seen_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("anomaly_sightings_pk", ["account_id", "anomaly_id"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable("anomaly_sightings").ifExists().execute();
  },
};
