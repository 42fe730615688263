import type { Kysely, Migration } from "kysely";

/**
 * Exchange rates get a kind (core/exchange-rates.ts): "daily" for a published
 * day's rate, which holds a few days at most, and "standing" for one that
 * holds until the next. Rates already in a mirror were read as holding until
 * the next, so they stay standing.
 */
export const rateKindsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable("currency_rates")
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("standing"))
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("currency_rates").dropColumn("kind").execute();
  },
};
