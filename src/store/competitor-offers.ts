import type { Insertable } from "kysely";
import type { MirrorDb } from "./open-mirror.js";
import { rebuildPriceChanges } from "./price-changes.js";
import type { CompetitorOffersTable } from "./schema.js";

export type CompetitorOfferRow = Insertable<CompetitorOffersTable>;

/**
 * Replaces the offers of the (marketplace, ASIN, day) cells given, in one
 * transaction, then refreshes the price changes from the first day: fetching
 * the same day's offers again leaves one set of them. `inTransaction` runs
 * last in that transaction (the outbox records the price moves there).
 */
export async function replaceCompetitorOffers(
  db: MirrorDb,
  accountId: string,
  cells: readonly { marketplace: string; asin: string; date: string }[],
  offers: readonly CompetitorOfferRow[],
  inTransaction?: (trx: MirrorDb) => Promise<unknown>,
): Promise<number> {
  if (cells.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const cell of cells) {
      await trx
        .deleteFrom("competitor_offers")
        .where("account_id", "=", accountId)
        .where("marketplace", "=", cell.marketplace)
        .where("asin", "=", cell.asin)
        .where("date", "=", cell.date)
        .execute();
    }
    for (let i = 0; i < offers.length; i += 500) {
      await trx
        .insertInto("competitor_offers")
        .values(offers.slice(i, i + 500))
        .execute();
    }
    const first = cells.reduce((min, c) => (c.date < min ? c.date : min), cells[0].date);
    await rebuildPriceChanges(trx, accountId, first);
    await inTransaction?.(trx);
  });
  return offers.length;
}
