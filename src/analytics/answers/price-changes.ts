/** price_changes: competitors' price changes on your products. */
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import { addDaysIso } from "../../core/dates.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { changePercent, money } from "../../core/money.js";
import { applyConditions, endOfDay, type Outcome, limitRows } from "./outcome.js";
import { listingsOf } from "../facts/product-facts.js";
import { periodWords, scopeOf } from "../facts/scope.js";
import { scopeWhere } from "../../store/scope-where.js";

/** How far back price changes are looked for: they are a recent signal, and offers are daily only for the last 90 days. */
export const MAX_PRICE_CHANGE_DAYS = 90;

export async function priceChanges(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"price_changes">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding, "last_7_days");
  // Offers are compared day to day; a week before the period gives each seller's price going in.
  const start =
    scope.range.start < addDaysIso(scope.range.end, -(MAX_PRICE_CHANGE_DAYS - 1))
      ? addDaysIso(scope.range.end, -(MAX_PRICE_CHANGE_DAYS - 1))
      : scope.range.start;
  const capped = start !== scope.range.start;
  const from = addDaysIso(start, -7);
  const conds = [sql`account_id = ${ctx.accountId}`, sql`date between ${from} and ${scope.range.end}`];
  const inScope = scopeWhere(scope);
  if (inScope) conds.push(inScope);
  // Most sellers keep one price all period: only those with two prices in the window (read from the
  // date index alone) have their offers walked in date order, one primary-key range read each. The
  // distinct prices are collected first: a small in-memory set, where grouping would sort every offer.
  const query = sql<{
    marketplace: string;
    asin: string;
    seller_id: string;
    seller_name: string | null;
    date: string;
    price: number;
    previous_price: number;
    previous_date: string;
  }>`
    with moved as materialized (
      select marketplace, asin, seller_id from (select distinct marketplace, asin, seller_id, price from competitor_offers where ${sql.join(conds, sql` and `)}) as d
      group by marketplace, asin, seller_id having count(*) > 1)
    select marketplace, asin, seller_id, seller_name, date, price, previous_price, previous_date from (
      select o.marketplace, o.asin, o.seller_id, o.seller_name, o.date, o.price,
        lag(o.price) over (partition by o.marketplace, o.asin, o.seller_id order by o.date) as previous_price,
        lag(o.date) over (partition by o.marketplace, o.asin, o.seller_id order by o.date) as previous_date
      from moved m cross join competitor_offers o
      where o.account_id = ${ctx.accountId} and o.marketplace = m.marketplace and o.asin = m.asin and o.date between ${from} and ${scope.range.end} and o.seller_id = m.seller_id
        and exists (select 1 from products p where p.account_id = ${ctx.accountId} and p.marketplace = m.marketplace and p.asin = m.asin)
    ) as c where previous_price is not null and price <> previous_price and date >= ${start}
    order by date desc, marketplace, asin, seller_id`;
  // With the rollups current, the changes kept beside the offers are the same rows, read for the period alone.
  const kept = sql<{
    marketplace: string;
    asin: string;
    seller_id: string;
    seller_name: string | null;
    date: string;
    price: number;
    previous_price: number;
    previous_date: string;
  }>`
    select marketplace, asin, seller_id, seller_name, date, price, previous_price, previous_date from competitor_price_changes c
    where ${sql.join([...conds.slice(0, 1), sql`date between ${start} and ${scope.range.end}`, sql`previous_date >= ${from}`, ...conds.slice(2)], sql` and `)}
      and exists (select 1 from products p where p.account_id = ${ctx.accountId} and p.marketplace = c.marketplace and p.asin = c.asin)
    order by date desc, marketplace, asin, seller_id`;
  const compiled = ((await ctx.rollups()) ? kept : query).compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const found = (await ctx.db.executeQuery(compiled)).rows;
  const catalog = await listingsOf(
    ctx,
    found.map((c) => c.asin),
    scope.marketplace,
  );
  const rows = found.map((c) => {
    const currency = ctx.currencies.get(c.marketplace) ?? ctx.homeCurrency;
    const ours = catalog.get(`${c.marketplace}|${c.asin}`)?.price ?? null;
    return {
      asin: c.asin,
      title: catalog.get(`${c.marketplace}|${c.asin}`)?.title ?? "",
      marketplace: c.marketplace,
      seller: c.seller_name ?? c.seller_id,
      date: c.date,
      previous_price: c.previous_price,
      price: c.price,
      change: money(c.price - c.previous_price, currency),
      change_pct: changePercent(c.price, c.previous_price),
      your_price: ours,
      below_your_price: ours !== null && c.price < ours,
      currency,
    };
  });
  const { shown: changes, total: totalRows } = limitRows(
    applyConditions(rows, f.conditions).sort((a, b) =>
      a.date < b.date ? 1 : a.date > b.date ? -1 : Math.abs(b.change_pct ?? 0) - Math.abs(a.change_pct ?? 0),
    ),
    f.limit,
    50,
  );
  let summary: string;
  let recommendation: string;
  if (!changes.length) {
    summary = `No competitor changed a price on your products in ${periodWords(scope)}.`;
    recommendation = "Nothing to react to; prices are stable.";
  } else {
    const big = [...changes].sort((a, b) => Math.abs(b.change_pct ?? 0) - Math.abs(a.change_pct ?? 0))[0];
    const cuts = changes.filter((c) => c.change < 0).length;
    summary =
      `${totalRows} competitor price change${totalRows === 1 ? "" : "s"} in ${periodWords(scope)} (${cuts} cut${cuts === 1 ? "" : "s"}). Largest: ${big.seller} moved ${big.asin}${big.title ? ` (${big.title})` : ""} in ${big.marketplace} ` +
      `from ${formatMoney(big.previous_price, big.currency)} to ${formatMoney(big.price, big.currency)} (${formatPercent(big.change_pct)}) on ${big.date}.`;
    recommendation = big.below_your_price
      ? `${big.seller} is now below your ${formatMoney(Number(big.your_price), big.currency)} on ${big.asin}: watch your buy box there and decide whether to match.`
      : `${big.seller}'s new price is still above yours on ${big.asin}; no need to react.`;
  }
  const notes = capped
    ? [`Price changes are looked for in the last ${MAX_PRICE_CHANGE_DAYS} days of the period (from ${start}).`]
    : [];
  return {
    result: { changes, period: scope.range, ...(notes.length ? { notes } : {}), analysis: { summary, recommendation } },
    primaryKey: "changes",
    totalRows,
    freshness: changes.length ? endOfDay(changes.reduce((m, c) => (c.date > m ? c.date : m), changes[0].date)) : null,
  };
}
