import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { addDaysIso } from "../core/dates.js";
import { findPriceMoves } from "../store/price-moves.js";
import type { MirrorSchema } from "../store/schema.js";
import type { PriceChangeDetectedData } from "./event-types.js";
import { recordEvent } from "./record-event.js";

/** A move of at least this share of the previous price (percent) is reported. */
export const PRICE_CHANGE_THRESHOLD_PCT = 5;
/**
 * Only moves in the last days of the refreshed offers are news: a refresh
 * that brings in months of history (a first import, the demo) reports the
 * last week, not every move of the past.
 */
export const PRICE_CHANGE_RECENT_DAYS = 7;

export interface PriceChangeScan {
  accountId: string;
  /** The days of offers the refresh wrote. */
  from: string;
  to: string;
  now: Date;
  thresholdPct?: number;
}

/**
 * Records `price_change.detected` for each competitor or buy box price move
 * beyond the threshold on the seller's listings in the offers a refresh just
 * wrote: call it in the transaction that writes them, after they are
 * written. A move already reported (the same listing, seller, kind and day)
 * is not reported again. Returns the events recorded.
 *
 * @example
 * await emitPriceChangesDetected(trx, { accountId: "demo", from: "2026-11-01", to: "2026-11-20", now });
 */
export async function emitPriceChangesDetected(db: Kysely<MirrorSchema>, scan: PriceChangeScan): Promise<number> {
  const thresholdPct = scan.thresholdPct ?? PRICE_CHANGE_THRESHOLD_PCT;
  const recent = addDaysIso(scan.to, -(PRICE_CHANGE_RECENT_DAYS - 1));
  const from = scan.from > recent ? scan.from : recent;
  const moves = await findPriceMoves(db, { accountId: scan.accountId, from, to: scan.to, thresholdPct });
  let recorded = 0;
  for (const move of moves) {
    const key = [
      "price_change.detected",
      scan.accountId,
      move.marketplace,
      move.asin,
      move.kind,
      move.seller_id ?? "",
      move.date,
    ].join("|");
    const price = round2(move.price);
    const previous = round2(move.previous_price);
    const data: PriceChangeDetectedData = {
      id: `pc_${createHash("sha256").update(key).digest("base64url").slice(0, 22)}`,
      account_id: scan.accountId,
      kind: move.kind,
      marketplace: move.marketplace,
      asin: move.asin,
      sku: move.sku,
      title: move.title,
      seller_id: move.seller_id,
      seller_name: move.seller_name,
      currency: move.currency,
      previous_price: previous,
      price,
      change_pct: Math.round(((price - previous) / previous) * 1000) / 10,
      previous_date: move.previous_date,
      date: move.date,
      your_price: move.your_price,
      threshold_pct: thresholdPct,
      link: {
        method: "POST",
        url: "/v1/query",
        body: {
          query: `competitor price changes for ${move.asin}`,
          account_id: scan.accountId,
          marketplace: move.marketplace,
          timeframe: `${move.previous_date}..${move.date}`,
        },
      },
    };
    const event = await recordEvent(db, {
      type: "price_change.detected",
      account_id: scan.accountId,
      data: data as unknown as Record<string, unknown>,
      now: scan.now,
      dedupe_key: key,
    });
    if (event.recorded) recorded++;
  }
  return recorded;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
