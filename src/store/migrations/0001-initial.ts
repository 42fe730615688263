import { sql, type Kysely, type Migration } from "kysely";

/**
 * The mirror's first schema. Keys are natural (account, marketplace, asin/sku,
 * date) so that re-importing a report upserts instead of doubling rows.
 * Dates are ISO `YYYY-MM-DD` text, timestamps ISO 8601 UTC text; money is in
 * the marketplace's currency (see `account_marketplaces.currency`).
 */
export const initialMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('demo', 'files', 'spapi')`))
      .addColumn("home_currency", "text", (c) => c.notNull().defaultTo("USD"))
      .addColumn("connection_state", "text", (c) => c.notNull().defaultTo("connected"))
      .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_refresh_at", "text")
      .execute();

    await db.schema
      .createTable("account_marketplaces")
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("account_marketplaces_pk", ["account_id", "marketplace"])
      .execute();

    await db.schema
      .createTable("products")
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("sku", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("fnsku", "text")
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("brand", "text")
      .addColumn("category", "text")
      .addColumn("subcategory", "text")
      .addColumn("condition", "text", (c) => c.notNull().defaultTo("New"))
      .addColumn("fulfillment_type", "text", (c) => c.notNull().defaultTo("FBA"))
      .addColumn("price", "real")
      .addColumn("unit_cost", "real")
      .addColumn("lead_time_days", "integer")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("Active"))
      .addColumn("launched_on", "text")
      .addPrimaryKeyConstraint("products_pk", ["account_id", "marketplace", "sku"])
      .execute();
    await db.schema
      .createIndex("products_asin_idx")
      .on("products")
      .columns(["account_id", "marketplace", "asin"])
      .execute();
    await db.schema.createIndex("products_category_idx").on("products").columns(["account_id", "category"]).execute();

    // Sales and traffic are reported per child ASIN and day (Business Report grain).
    await db.schema
      .createTable("daily_sales")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("revenue", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("refund_units", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("refund_amount", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sessions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("page_views", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("buy_box_pct", "real")
      .addPrimaryKeyConstraint("daily_sales_pk", ["account_id", "marketplace", "asin", "date"])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db.schema
      .createIndex("daily_sales_date_idx")
      .on("daily_sales")
      .columns(["account_id", "date", "marketplace"])
      .execute();

    // Fees per unit sold: referral as a percentage of the price, fulfilment as an amount.
    await db.schema
      .createTable("product_fees")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("referral_fee_pct", "real", (c) => c.notNull().defaultTo(15))
      .addColumn("fulfillment_fee", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text")
      .addPrimaryKeyConstraint("product_fees_pk", ["account_id", "marketplace", "asin"])
      .execute();

    await db.schema
      .createTable("inventory_snapshots")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("sku", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("available", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("reserved", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("inbound", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("unfulfillable", "integer", (c) => c.notNull().defaultTo(0))
      // Amazon's own restock advice, kept beside ours when a report carries it.
      .addColumn("amazon_recommended_qty", "integer")
      .addColumn("amazon_recommended_date", "text")
      .addPrimaryKeyConstraint("inventory_snapshots_pk", ["account_id", "marketplace", "sku", "date"])
      .execute();
    await db.schema
      .createIndex("inventory_snapshots_date_idx")
      .on("inventory_snapshots")
      .columns(["account_id", "date"])
      .execute();

    await db.schema
      .createTable("review_snapshots")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("rating", "real", (c) => c.notNull())
      .addColumn("review_count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("review_snapshots_pk", ["account_id", "marketplace", "asin", "date"])
      .execute();

    await db.schema
      .createTable("competitor_offers")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("seller_id", "text", (c) => c.notNull())
      .addColumn("seller_name", "text")
      .addColumn("price", "real", (c) => c.notNull())
      .addColumn("shipping", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("is_fba", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_buy_box_winner", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("competitor_offers_pk", ["account_id", "marketplace", "asin", "date", "seller_id"])
      .execute();
    await db.schema
      .createIndex("competitor_offers_date_idx")
      .on("competitor_offers")
      .columns(["account_id", "date"])
      .execute();

    // Competitors' products in the seller's market, for catalog gaps.
    await db.schema
      .createTable("market_catalog")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("brand", "text")
      .addColumn("seller_name", "text")
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("subcategory", "text", (c) => c.notNull())
      .addColumn("price", "real")
      .addColumn("estimated_monthly_sales", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text")
      .addPrimaryKeyConstraint("market_catalog_pk", ["account_id", "marketplace", "asin"])
      .execute();

    await db.schema
      .createTable("ad_campaigns")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("ad_type", "text", (c) => c.notNull().defaultTo("SP"))
      .addColumn("targeting_type", "text", (c) => c.notNull().defaultTo("MANUAL"))
      .addColumn("state", "text", (c) => c.notNull().defaultTo("ENABLED"))
      .addColumn("daily_budget", "real")
      .addColumn("start_date", "text")
      .addPrimaryKeyConstraint("ad_campaigns_pk", ["account_id", "campaign_id"])
      .execute();

    await db.schema
      .createTable("ad_groups")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("default_bid", "real")
      .addColumn("state", "text", (c) => c.notNull().defaultTo("ENABLED"))
      .addPrimaryKeyConstraint("ad_groups_pk", ["account_id", "ad_group_id"])
      .execute();

    // Keywords and product targets share one table: both carry a bid.
    await db.schema
      .createTable("ad_targets")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('keyword', 'product_target', 'auto')`))
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("match_type", "text")
      .addColumn("bid", "real")
      .addColumn("state", "text", (c) => c.notNull().defaultTo("ENABLED"))
      .addPrimaryKeyConstraint("ad_targets_pk", ["account_id", "target_id"])
      .execute();
    await db.schema
      .createIndex("ad_targets_campaign_idx")
      .on("ad_targets")
      .columns(["account_id", "campaign_id"])
      .execute();

    await db.schema
      .createTable("ad_campaign_daily")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("top_of_search_is", "real")
      .addPrimaryKeyConstraint("ad_campaign_daily_pk", ["account_id", "campaign_id", "date"])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db.schema
      .createIndex("ad_campaign_daily_date_idx")
      .on("ad_campaign_daily")
      .columns(["account_id", "date", "marketplace"])
      .execute();

    await db.schema
      .createTable("ad_target_daily")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("top_of_search_is", "real")
      .addPrimaryKeyConstraint("ad_target_daily_pk", ["account_id", "target_id", "date"])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db.schema
      .createIndex("ad_target_daily_date_idx")
      .on("ad_target_daily")
      .columns(["account_id", "date", "marketplace"])
      .execute();

    await db.schema
      .createTable("ad_search_term_daily")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      .addColumn("search_term", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("ad_search_term_daily_pk", ["account_id", "target_id", "search_term", "date"])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db.schema
      .createIndex("ad_search_term_daily_date_idx")
      .on("ad_search_term_daily")
      .columns(["account_id", "date", "marketplace"])
      .execute();

    // Spend and sales per advertised product: attributes ad spend to ASINs for profit.
    await db.schema
      .createTable("ad_product_daily")
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("marketplace", "text", (c) => c.notNull())
      .addColumn("campaign_id", "text", (c) => c.notNull())
      .addColumn("ad_group_id", "text", (c) => c.notNull())
      .addColumn("asin", "text", (c) => c.notNull())
      .addColumn("sku", "text")
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("impressions", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("spend", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("sales", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("ad_product_daily_pk", ["account_id", "ad_group_id", "asin", "date"])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db.schema
      .createIndex("ad_product_daily_date_idx")
      .on("ad_product_daily")
      .columns(["account_id", "date", "marketplace", "asin"])
      .execute();

    await db.schema
      .createTable("settings")
      .addColumn("account_id", "text", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
      .addColumn("lead_time_days", "integer", (c) => c.notNull().defaultTo(30))
      .addColumn("safety_stock_days", "integer", (c) => c.notNull().defaultTo(14))
      .addColumn("coverage_days", "integer", (c) => c.notNull().defaultTo(60))
      .addColumn("target_acos", "real", (c) => c.notNull().defaultTo(30))
      .addColumn("updated_at", "text")
      .execute();

    // Import and sync runs: what came in, when, and the period it covered.
    await db.schema
      .createTable("sync_runs")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('demo', 'import', 'sync')`))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("report_type", "text")
      .addColumn("marketplace", "text")
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('running', 'ok', 'partial', 'failed')`))
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .addColumn("rows_read", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("rows_written", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("rows_rejected", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("period_start", "text")
      .addColumn("period_end", "text")
      .addColumn("details", "text")
      .execute();
    await db.schema
      .createIndex("sync_runs_account_idx")
      .on("sync_runs")
      .columns(["account_id", "finished_at"])
      .execute();

    // Rates to convert one unit of `currency` into `quote` currency on a date.
    await db.schema
      .createTable("currency_rates")
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("quote", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("rate", "real", (c) => c.notNull())
      .addPrimaryKeyConstraint("currency_rates_pk", ["currency", "quote", "date"])
      .execute();

    await db.schema
      .createTable("conversations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text")
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of [
      "conversations",
      "currency_rates",
      "sync_runs",
      "settings",
      "ad_product_daily",
      "ad_search_term_daily",
      "ad_target_daily",
      "ad_campaign_daily",
      "ad_targets",
      "ad_groups",
      "ad_campaigns",
      "market_catalog",
      "competitor_offers",
      "review_snapshots",
      "inventory_snapshots",
      "product_fees",
      "daily_sales",
      "products",
      "account_marketplaces",
      "accounts",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
