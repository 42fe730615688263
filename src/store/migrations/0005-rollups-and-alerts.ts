import { sql, type Kysely, type Migration } from "kysely";

const AD_METRICS = ["impressions", "clicks", "orders", "units"] as const;

/**
 * Monthly and weekly rollups of the daily tables (so year-to-date and
 * all-time answers read a few rows per product instead of every day), their
 * freshness state, and the alert rules users create.
 */
export const rollupsAndAlertsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // grain: 'M' (period = first day of the month), 'W' (period = the Monday) or 'D' (period = the day).
    await db.schema
      .createTable("rollup_sales")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("grain", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("revenue", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("refund_units", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("refund_amount", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sessions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("page_views", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("bb_weighted", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("bb_views", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("days", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("ad_spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("ad_sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("ad_clicks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("ad_impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("ad_orders", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("rollup_sales_pk", ["account_id", "grain", "period", "marketplace", "asin"])
      .modifyEnd(sql`without rowid`)
      .execute();

    let campaigns = db.schema
      .createTable("rollup_campaigns")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("grain", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull());
    for (const m of AD_METRICS) campaigns = campaigns.addColumn(m, "integer", (c) => c.notNull().defaultTo(0));
    await campaigns
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("tos_weighted", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("tos_impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("rollup_campaigns_pk", ["account_id", "grain", "period", "campaign_id"])
      .modifyEnd(sql`without rowid`)
      .execute();

    let targets = db.schema
      .createTable("rollup_ad_targets")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("grain", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull());
    for (const m of AD_METRICS) targets = targets.addColumn(m, "integer", (c) => c.notNull().defaultTo(0));
    await targets
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("tos_weighted", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("tos_impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("rollup_ad_targets_pk", ["account_id", "grain", "period", "target_id"])
      .modifyEnd(sql`without rowid`)
      .execute();

    let terms = db.schema
      .createTable("rollup_search_terms")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("grain", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      .addColumn("search_term", "text", (c) => c.notNull());
    for (const m of AD_METRICS) terms = terms.addColumn(m, "integer", (c) => c.notNull().defaultTo(0));
    await terms
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("rollup_search_terms_pk", ["account_id", "grain", "period", "target_id", "search_term"])
      .modifyEnd(sql`without rowid`)
      .execute();

    // Which sync run the rollups reflect: a later run means they are stale and the daily rows are read instead.
    await db.schema
      .createTable("rollup_state")
      .addColumn("account_id", "text", (c) => c.primaryKey())
      .addColumn("sync_run_id", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("first_date", "text")
      .addColumn("last_date", "text")
      .addColumn("built_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("alerts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("metric", "text", (c) => c.notNull())
      .addColumn("op", "text", (c) => c.notNull())
      .addColumn("value", "real", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("alerts_account_idx").on("alerts").columns(["account_id", "created_at"]).execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of [
      "alerts",
      "rollup_state",
      "rollup_search_terms",
      "rollup_ad_targets",
      "rollup_campaigns",
      "rollup_sales",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
