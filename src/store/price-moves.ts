/**
 * Competitor and buy box price moves on the seller's own listings, read
 * straight from the offers (not from competitor_price_changes, which is
 * rebuilt after the transaction that writes the offers): the caller finds
 * them in the very transaction that stores the offers.
 */
import { sql, type Kysely } from "kysely";
import { addDaysIso } from "../core/dates.js";
import { PRICE_CHANGE_LOOKBACK_DAYS } from "./price-changes.js";
import type { MirrorSchema } from "./schema.js";

export interface PriceMove {
  kind: "competitor" | "buy_box";
  marketplace: string;
  asin: string;
  /** The competitor (for a buy box move, the one holding it on `date`). */
  seller_id: string | null;
  seller_name: string | null;
  date: string;
  price: number;
  previous_date: string;
  previous_price: number;
  sku: string | null;
  title: string | null;
  your_price: number | null;
  currency: string | null;
}

/**
 * Price moves dated from `from` to `to` on listings the account sells: each
 * competitor's offer price against its previous offer, and the landed price
 * (price + shipping) of the offer holding the buy box against the day before
 * when a competitor held it then too. Moves smaller than `thresholdPct` of
 * the previous price are left out.
 *
 * @example
 * const moves = await findPriceMoves(trx, { accountId: "demo", from: "2026-11-14", to: "2026-11-20", thresholdPct: 5 });
 */
export async function findPriceMoves(
  db: Kysely<MirrorSchema>,
  options: { accountId: string; from: string; to: string; thresholdPct: number },
): Promise<PriceMove[]> {
  const { accountId, from, to } = options;
  const since = addDaysIso(from, -PRICE_CHANGE_LOOKBACK_DAYS);
  const listed = sql`exists (select 1 from products p where p.account_id = o.account_id and p.marketplace = o.marketplace and p.asin = o.asin)`;
  const competitor = await sql<Omit<PriceMove, "kind" | "sku" | "title" | "your_price" | "currency">>`
    select marketplace, asin, seller_id, seller_name, date, price, previous_price, previous_date from (
      select o.marketplace, o.asin, o.seller_id, o.seller_name, o.date, o.price,
        lag(o.price) over w as previous_price, lag(o.date) over w as previous_date
      from competitor_offers o
      where o.account_id = ${accountId} and o.date >= ${since} and o.date <= ${to} and ${listed}
      window w as (partition by o.marketplace, o.asin, o.seller_id order by o.date)
    ) c
    where previous_price is not null and price <> previous_price and date >= ${from}
    order by date, marketplace, asin, seller_id`.execute(db);
  const buyBox = await sql<Omit<PriceMove, "kind" | "sku" | "title" | "your_price" | "currency">>`
    select marketplace, asin, seller_id, seller_name, date, price, previous_price, previous_date from (
      select marketplace, asin, seller_id, seller_name, date, price,
        lag(price) over w as previous_price, lag(date) over w as previous_date
      from (
        select o.marketplace, o.asin, o.date,
          max(case when o.is_buy_box_winner = 1 then o.price + o.shipping end) as price,
          max(case when o.is_buy_box_winner = 1 then o.seller_id end) as seller_id,
          max(case when o.is_buy_box_winner = 1 then o.seller_name end) as seller_name
        from competitor_offers o
        where o.account_id = ${accountId} and o.date >= ${since} and o.date <= ${to} and ${listed}
        group by o.marketplace, o.asin, o.date
      ) d
      window w as (partition by marketplace, asin order by date)
    ) b
    where price is not null and previous_price is not null and price <> previous_price and date >= ${from}
    order by date, marketplace, asin`.execute(db);
  const moves: PriceMove[] = [
    ...competitor.rows.map((r) => ({ ...r, kind: "competitor" as const })),
    ...buyBox.rows.map((r) => ({ ...r, kind: "buy_box" as const })),
  ]
    .filter((m) => beyondThreshold(Number(m.previous_price), Number(m.price), options.thresholdPct))
    .map((m) => ({ ...m, sku: null, title: null, your_price: null, currency: null }));
  if (moves.length === 0) return moves;

  const asins = [...new Set(moves.map((m) => m.asin))];
  const listings = await db
    .selectFrom("products")
    .select(["marketplace", "asin", "sku", "title", "price"])
    .where("account_id", "=", accountId)
    .where("asin", "in", asins)
    .orderBy("sku")
    .execute();
  const byListing = new Map<string, (typeof listings)[number]>();
  for (const l of listings)
    if (!byListing.has(`${l.marketplace}|${l.asin}`)) byListing.set(`${l.marketplace}|${l.asin}`, l);
  const currencies = new Map(
    (
      await db
        .selectFrom("account_marketplaces")
        .select(["marketplace", "currency"])
        .where("account_id", "=", accountId)
        .execute()
    ).map((m) => [m.marketplace, m.currency]),
  );
  for (const m of moves) {
    const listing = byListing.get(`${m.marketplace}|${m.asin}`);
    m.sku = listing?.sku ?? null;
    m.title = listing?.title ?? null;
    m.your_price = listing?.price ?? null;
    m.currency = currencies.get(m.marketplace) ?? null;
    m.price = Number(m.price);
    m.previous_price = Number(m.previous_price);
  }
  return moves;
}

/** Compared in cents, so a move of exactly the threshold counts whatever the floating point. */
function beyondThreshold(previous: number, price: number, thresholdPct: number): boolean {
  const before = Math.round(previous * 100);
  if (before <= 0) return false;
  return Math.abs(Math.round(price * 100) - before) * 100 >= thresholdPct * before;
}
