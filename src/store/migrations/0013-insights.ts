import type { Kysely, Migration } from "kysely";

/**
 * Insights: the anomaly sensitivity setting, insight runs and their
 * findings (so a finding can be fetched again by id), insight jobs (asked
 * for asynchronously, run by `serve`'s worker, kept across restarts), and
 * what alert rules have found: each rule's state per product (or campaign)
 * and the events it fired, one per crossing.
 */
export const insightsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable("settings")
      .addColumn("anomaly_sensitivity", "text", (c) => c.notNull().defaultTo("normal"))
      .execute();

    await db.schema
      .createTable("insight_runs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("insight_type", "text", (c) => c.notNull())
      .addColumn("detail_level", "text", (c) => c.notNull())
      .addColumn("marketplace", "text")
      .addColumn("period_start", "text", (c) => c.notNull())
      .addColumn("period_end", "text", (c) => c.notNull())
      .addColumn("generated_at", "text", (c) => c.notNull())
      .addColumn("total", "integer", (c) => c.notNull())
      .addColumn("result", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("insight_runs_account_idx")
      .on("insight_runs")
      .columns(["account_id", "generated_at"])
      .execute();

    await db.schema
      .createTable("insight_findings")
      .addColumn("run_id", "text", (c) => c.notNull().references("insight_runs.id").onDelete("cascade"))
      .addColumn("finding_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("insight_type", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("severity", "text", (c) => c.notNull())
      .addColumn("money_at_stake", "real", (c) => c.notNull())
      .addColumn("generated_at", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("insight_findings_pk", ["run_id", "finding_id"])
      .execute();
    await db.schema
      .createIndex("insight_findings_id_idx")
      .on("insight_findings")
      .columns(["account_id", "finding_id", "generated_at"])
      .execute();

    await db.schema
      .createTable("insight_jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("workspace_id", "text")
      .addColumn("request", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("error", "text")
      .addColumn("run_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("started_at", "text")
      .addColumn("finished_at", "text")
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("insight_jobs_due_idx")
      .on("insight_jobs")
      .columns(["status", "next_attempt_at"])
      .execute();

    await db.schema
      .createTable("alert_states")
      .addColumn("alert_id", "text", (c) => c.notNull())
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("crossed", "integer", (c) => c.notNull())
      .addColumn("value", "real")
      .addColumn("since", "text")
      .addColumn("checked_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("alert_states_pk", ["alert_id", "entity"])
      .execute();

    await db.schema
      .createTable("alert_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("alert_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("value", "real")
      .addColumn("fired_at", "text", (c) => c.notNull())
      .addColumn("details", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("alert_events_alert_idx")
      .on("alert_events")
      .columns(["alert_id", "fired_at"])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ["alert_events", "alert_states", "insight_jobs", "insight_findings", "insight_runs"])
      await db.schema.dropTable(table).ifExists().execute();
    await db.schema.alterTable("settings").dropColumn("anomaly_sensitivity").execute();
  },
};
