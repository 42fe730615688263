/**
 * Competitor price changes, kept beside the offers they come from: for every
 * offer whose price differs from the same seller's previous offer on the
 * product, the new and the previous price and their days. Finding a week's
 * changes then reads that week's changes instead of every offer of the weeks
 * around it. Rebuilt with the rollups, after each import or generation.
 */
import { sql, type Kysely } from "kysely";
import { addDaysIso } from "../core/dates.js";

/**
 * How far before the first rebuilt day offers are read to find each seller's
 * previous price. Readers look for changes over at most 90 days plus the week
 * before them, so a previous offer older than this is never used.
 */
export const PRICE_CHANGE_LOOKBACK_DAYS = 97;

/**
 * Rebuilds an account's price changes, all of them or those from `from` on.
 *
 * @example
 * await rebuildPriceChanges(trx, "demo", "2026-11-01");
 */
export async function rebuildPriceChanges(
  db: Kysely<any>,
  accountId: string | undefined,
  from?: string,
): Promise<void> {
  let del = db.deleteFrom("competitor_price_changes");
  if (accountId !== undefined) del = del.where("account_id", "=", accountId);
  if (from) del = del.where("date", ">=", from);
  await del.execute();
  const conds = [
    ...(accountId !== undefined ? [sql`account_id = ${accountId}`] : []),
    ...(from ? [sql`date >= ${addDaysIso(from, -PRICE_CHANGE_LOOKBACK_DAYS)}`] : []),
  ];
  await sql`insert into competitor_price_changes (account_id, marketplace, asin, seller_id, date, seller_name, price, previous_price, previous_date)
    select account_id, marketplace, asin, seller_id, date, seller_name, price, previous_price, previous_date from (
      select account_id, marketplace, asin, seller_id, date, seller_name, price,
        lag(price) over w as previous_price, lag(date) over w as previous_date
      from competitor_offers ${conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``}
      window w as (partition by account_id, marketplace, asin, seller_id order by date)) as c
    where previous_price is not null and price <> previous_price${from ? sql` and date >= ${from}` : sql``}
    order by account_id, date, marketplace, asin, seller_id`.execute(db);
}
