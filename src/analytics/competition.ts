/** competitor_pricing, buy_box_share and price_changes. */
import { sql } from "kysely";
import type { Understanding } from "../nlu/understanding.js";
import { addDaysIso } from "../core/dates.js";
import type { AnalyticsContext } from "./context.js";
import { changePercent, formatMoney, formatPercent, money, roundTo } from "./money.js";
import { applyConditions, endOfDay, noDataSummary, salesFreshness, sortRows, type IntentOutcome } from "./outcome.js";
import { listingsOf, productFacts } from "./product-facts.js";
import { periodWords, previousRange, scopeOf } from "./scope.js";
import { salesTrend } from "./sales-trend.js";

/** How far back price changes are looked for: they are a recent signal, and offers are daily only for the last 90 days. */
export const MAX_PRICE_CHANGE_DAYS = 90;

export async function competitorPricing(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  // The newest offers day per marketplace, each read from the date index (a grouped max would scan every offer).
  const latest: { marketplace: string; date: string | null }[] = [];
  for (const marketplace of scope.marketplace ? [scope.marketplace] : [...ctx.currencies.keys()]) {
    const found = await ctx.rows(
      ctx.db
        .selectFrom("competitor_offers")
        .select("date")
        .where("account_id", "=", ctx.accountId)
        .where("date", "<=", ctx.today)
        .where("marketplace", "=", marketplace)
        .orderBy("date", "desc")
        .limit(1),
    );
    latest.push({ marketplace, date: found[0]?.date ?? null });
  }
  const rows: Record<string, unknown>[] = [];
  let newest: string | null = null;
  // Every product is ranked on its numbers alone, summed per ASIN in SQL (conditions are on metrics, never on the
  // sellers' names); who sells the lowest offer and who holds the buy box are read for the rows shown.
  for (const { marketplace, date } of latest) {
    if (!date) continue;
    if (!newest || date > newest) newest = date as string;
    const currency = ctx.currencies.get(marketplace) ?? ctx.homeCurrency;
    for (const o of await offerSummaries(ctx, marketplace, date, scope.asins)) {
      const ours = o.your_price;
      rows.push({
        asin: o.asin,
        title: "",
        marketplace,
        your_price: ours,
        lowest_competitor_price: money(o.landed, currency),
        lowest_competitor: null,
        buy_box_winner: null,
        buy_box_price: null,
        price_gap: ours === null ? null : money(ours - o.landed, currency),
        price_gap_pct: ours === null ? null : changePercent(ours, o.landed),
        competitors: o.competitors,
        undercut: ours !== null && o.landed < ours,
        undercut_since: null as string | null,
        currency,
        date,
      });
    }
  }
  const sorted = sortRows(applyConditions(rows, f.conditions), "price_gap_pct", f.sort ?? "desc", (r) => `${r.asin}|${r.marketplace}`).slice(0, f.limit ?? 50);
  await nameOffers(ctx, sorted);
  const titles = await listingsOf(ctx, sorted.map((r) => String(r.asin)), scope.marketplace);
  for (const row of sorted) row.title = titles.get(`${row.marketplace}|${row.asin}`)?.title ?? "";
  // Since when a rival has been cheaper, for the undercut products shown: walk back over 90 days of their offers.
  for (const row of sorted) {
    if (!row.undercut) continue;
    const ours = Number(row.your_price);
    const history = await ctx.rows(
      ctx.db
        .selectFrom("competitor_offers")
        .select(["date", (eb) => eb.fn.min(sql<number>`price + shipping`).as("cheapest")])
        .where("account_id", "=", ctx.accountId)
        .where("marketplace", "=", String(row.marketplace))
        .where("asin", "=", String(row.asin))
        .where("date", ">=", addDaysIso(String(row.date), -90))
        .where("date", "<=", String(row.date))
        .groupBy("date")
        .orderBy("date", "desc"),
    );
    for (const h of history) {
      if (Number(h.cheapest) < ours) row.undercut_since = h.date;
      else break;
    }
  }
  let summary: string;
  let recommendation: string;
  const undercut = sorted.filter((r) => r.undercut);
  if (!rows.length) {
    summary = noDataSummary("competitor offer data", undefined, { first: newest, last: newest }, scope.marketplace, new Set(ctx.currencies.keys()));
    recommendation = "Import competitor offers (or run a sync) to compare prices.";
  } else if (!undercut.length) {
    summary = `On ${newest}, none of your ${rows.length} products with competing offers is undercut: you are the cheapest landed offer on all of them.`;
    recommendation = "Hold prices; you may have room to raise the ones where the next offer is well above yours.";
  } else {
    const w = undercut[0];
    summary =
      `${undercut.length} of ${rows.length} products are undercut. ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace}: ${w.lowest_competitor} sells at ` +
      `${formatMoney(Number(w.lowest_competitor_price), String(w.currency))} against your ${formatMoney(Number(w.your_price), String(w.currency))} (${formatPercent(Number(w.price_gap_pct))} above)` +
      (w.undercut_since ? ` since ${w.undercut_since}` : "") + `; the buy box is with ${w.buy_box_winner}.`;
    recommendation = w.buy_box_winner === "you"
      ? `You still hold the buy box on ${w.asin}; watch it, and match ${formatMoney(Number(w.lowest_competitor_price), String(w.currency))} only if you start losing it.`
      : `Match or approach ${formatMoney(Number(w.lowest_competitor_price), String(w.currency))} on ${w.asin} if your margin allows, to win back the buy box from ${w.buy_box_winner}.`;
  }
  return {
    result: { products: sorted, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: newest ? endOfDay(newest) : null,
  };
}

/**
 * Per ASIN on a marketplace's offers day: how many offers, the lowest landed
 * price (price plus shipping, the same sum as for a single offer) and your
 * price, from the ASIN's first SKU (in SKU order), null outside the catalog.
 */
async function offerSummaries(ctx: AnalyticsContext, marketplace: string, date: string, asins: string[] | undefined) {
  let q = ctx.db
    .selectFrom("competitor_offers as o")
    .select((eb) => [
      "o.asin",
      eb.fn.countAll<number>().as("competitors"),
      eb.fn.min(sql<number>`o.price + o.shipping`).as("landed"),
      eb
        .selectFrom("products as p")
        .select("p.price")
        .where("p.account_id", "=", ctx.accountId)
        .where("p.marketplace", "=", marketplace)
        .whereRef("p.asin", "=", "o.asin")
        .orderBy("p.sku")
        .limit(1)
        .as("your_price"),
    ])
    .where("o.account_id", "=", ctx.accountId)
    .where("o.date", "=", date)
    .where("o.marketplace", "=", marketplace);
  if (asins) q = asins.length ? q.where("o.asin", "in", asins) : q.where("o.asin", "=", "");
  // The (day, marketplace, ASIN, seller) index gives the day's offers grouped by ASIN without a sort.
  return (await ctx.rows(q.groupBy("o.asin").orderBy("o.asin"))) as { asin: string; competitors: number; landed: number; your_price: number | null }[];
}

/**
 * Fills in the lowest offer's seller and the buy box of competitor_pricing
 * rows from their day's offers: the lowest landed offer (the first in seller
 * order on a tie), and the winner's landed price, or you and your price.
 */
async function nameOffers(ctx: AnalyticsContext, rows: Record<string, unknown>[]): Promise<void> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = `${row.marketplace}|${row.date}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(row);
  }
  for (const group of groups.values()) {
    const { marketplace, date, currency } = group[0] as { marketplace: string; date: string; currency: string };
    const q = ctx.db
      .selectFrom("competitor_offers")
      .select(["asin", "seller_id", "seller_name", "price", "shipping", "is_buy_box_winner"])
      .where("account_id", "=", ctx.accountId)
      .where("date", "=", date)
      .where("marketplace", "=", marketplace);
    const asins = group.map((r) => String(r.asin));
    const offers: Awaited<ReturnType<typeof q.execute>> = [];
    // In pages, so a long list stays under SQLite's limit on bound parameters.
    for (let i = 0; i < asins.length; i += 500) offers.push(...(await ctx.rows(q.where("asin", "in", asins.slice(i, i + 500)).orderBy("asin").orderBy("seller_id"))));
    const byAsin = new Map<string, typeof offers>();
    for (const o of offers) {
      if (!byAsin.has(o.asin)) byAsin.set(o.asin, []);
      byAsin.get(o.asin)!.push(o);
    }
    for (const row of group) {
      const today = byAsin.get(String(row.asin));
      if (!today?.length) continue;
      const lowest = today.reduce((m, o) => (o.price + o.shipping < m.price + m.shipping ? o : m));
      const winner = today.find((o) => o.is_buy_box_winner === 1);
      row.lowest_competitor = lowest.seller_name ?? lowest.seller_id;
      row.buy_box_winner = winner ? winner.seller_name ?? winner.seller_id : "you";
      row.buy_box_price = winner ? money(winner.price + winner.shipping, currency) : row.your_price;
    }
  }
}

export async function buyBoxShare(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  if (f.group_by && ["day", "week", "month", "quarter"].includes(f.group_by)) {
    const trend = await salesTrend(ctx, { ...understanding, filters: { ...f, metrics: ["buy_box_percentage"] } });
    return trend;
  }
  const scope = await scopeOf(ctx, understanding);
  // Only the measures this answer shows: on a large catalog every column read costs.
  const cur = await productFacts(ctx, scope.range, scope, ["bb_weighted", "bb_views", "page_views", "revenue"]);
  const prev = new Map((await productFacts(ctx, previousRange(scope.range), scope, ["bb_weighted", "bb_views"])).map((x) => [`${x.marketplace}|${x.asin}`, x]));
  const rows = cur
    .filter((x) => x.bb_views > 0)
    .map((x) => {
      const p = prev.get(`${x.marketplace}|${x.asin}`);
      const share = roundTo(x.bb_weighted / x.bb_views, 2);
      const before = p && p.bb_views > 0 ? roundTo(p.bb_weighted / p.bb_views, 2) : null;
      return {
        asin: x.asin,
        title: "",
        marketplace: x.marketplace,
        buy_box_percentage: share,
        previous_buy_box_percentage: before,
        change: before === null ? null : roundTo(share - before, 2),
        page_views: Math.round(x.page_views),
        revenue: money(x.revenue, x.currency),
        currency: x.currency,
      };
    });
  const products = sortRows(applyConditions(rows, f.conditions), "buy_box_percentage", f.sort ?? "asc", (r) => `${r.asin}|${r.marketplace}`).slice(0, f.limit ?? 50);
  const listings = await listingsOf(ctx, products.map((p) => p.asin), scope.marketplace);
  for (const p of products) p.title = listings.get(`${p.marketplace}|${p.asin}`)?.title ?? "";
  const views = cur.reduce((s, x) => s + x.bb_views, 0);
  const overall = views ? roundTo(cur.reduce((s, x) => s + x.bb_weighted, 0) / views, 2) : null;
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = noDataSummary("buy box data", scope.range, await ctx.extent(), scope.marketplace, new Set(ctx.currencies.keys()));
    recommendation = "Ask about a period inside your data.";
  } else {
    const drop = [...rows].filter((r) => r.change !== null).sort((a, b) => (a.change ?? 0) - (b.change ?? 0))[0];
    const low = products[0];
    summary =
      `Your buy box share, weighted by page views, was ${formatPercent(overall)} in ${periodWords(scope)}. Lowest: ${low.asin}${low.title ? ` (${low.title})` : ""} in ${low.marketplace} at ` +
      `${formatPercent(low.buy_box_percentage)}` + (low.previous_buy_box_percentage !== null ? ` (was ${formatPercent(low.previous_buy_box_percentage)})` : "") + ".";
    recommendation = drop && drop.change !== null && drop.change < -10
      ? `${drop.asin} lost ${formatPercent(-drop.change)} points of buy box in ${drop.marketplace}: check competitor prices and your stock on it; each lost point costs sales on ${drop.page_views.toLocaleString("en-US")} page views.`
      : `Buy box share is stable; keep prices competitive on ${low.asin}, your weakest at ${formatPercent(low.buy_box_percentage)}.`;
  }
  return {
    result: { products, overall_buy_box_percentage: overall, period: scope.range, analysis: { summary, recommendation } },
    primaryKey: "products",
    freshness: rows.length ? await salesFreshness(ctx, scope.range) : null,
  };
}

export async function priceChanges(ctx: AnalyticsContext, understanding: Understanding): Promise<IntentOutcome> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding, "last_7_days");
  // Offers are compared day to day; a week before the period gives each seller's price going in.
  const start = scope.range.start < addDaysIso(scope.range.end, -(MAX_PRICE_CHANGE_DAYS - 1)) ? addDaysIso(scope.range.end, -(MAX_PRICE_CHANGE_DAYS - 1)) : scope.range.start;
  const capped = start !== scope.range.start;
  const from = addDaysIso(start, -7);
  const conds = [sql`account_id = ${ctx.accountId}`, sql`date between ${from} and ${scope.range.end}`];
  if (scope.marketplace) conds.push(sql`marketplace = ${scope.marketplace}`);
  if (scope.asins) conds.push(scope.asins.length ? sql`asin in (${sql.join(scope.asins)})` : sql`0`);
  // Most sellers keep one price all period: only those with two prices in the window (read from the
  // date index alone) have their offers walked in date order, one primary-key range read each. The
  // distinct prices are collected first: a small in-memory set, where grouping would sort every offer.
  const query = sql<{ marketplace: string; asin: string; seller_id: string; seller_name: string | null; date: string; price: number; previous_price: number; previous_date: string }>`
    with moved as materialized (
      select marketplace, asin, seller_id from (select distinct marketplace, asin, seller_id, price from competitor_offers where ${sql.join(conds, sql` and `)})
      group by marketplace, asin, seller_id having count(*) > 1)
    select marketplace, asin, seller_id, seller_name, date, price, previous_price, previous_date from (
      select o.marketplace, o.asin, o.seller_id, o.seller_name, o.date, o.price,
        lag(o.price) over (partition by o.marketplace, o.asin, o.seller_id order by o.date) as previous_price,
        lag(o.date) over (partition by o.marketplace, o.asin, o.seller_id order by o.date) as previous_date
      from moved m cross join competitor_offers o
        on o.account_id = ${ctx.accountId} and o.marketplace = m.marketplace and o.asin = m.asin and o.date between ${from} and ${scope.range.end} and o.seller_id = m.seller_id
      where exists (select 1 from products p where p.account_id = ${ctx.accountId} and p.marketplace = m.marketplace and p.asin = m.asin)
    ) where previous_price is not null and price <> previous_price and date >= ${start}
    order by date desc, marketplace, asin, seller_id`;
  // With the rollups current, the changes kept beside the offers are the same rows, read for the period alone.
  const kept = sql<{ marketplace: string; asin: string; seller_id: string; seller_name: string | null; date: string; price: number; previous_price: number; previous_date: string }>`
    select marketplace, asin, seller_id, seller_name, date, price, previous_price, previous_date from competitor_price_changes c
    where ${sql.join([...conds.slice(0, 1), sql`date between ${start} and ${scope.range.end}`, sql`previous_date >= ${from}`, ...conds.slice(2)], sql` and `)}
      and exists (select 1 from products p where p.account_id = ${ctx.accountId} and p.marketplace = c.marketplace and p.asin = c.asin)
    order by date desc, marketplace, asin, seller_id`;
  const compiled = ((await ctx.rollups()) ? kept : query).compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const found = (await ctx.db.executeQuery(compiled)).rows;
  const catalog = await listingsOf(ctx, found.map((c) => c.asin), scope.marketplace);
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
  const changes = applyConditions(rows, f.conditions)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : Math.abs(b.change_pct ?? 0) - Math.abs(a.change_pct ?? 0)))
    .slice(0, f.limit ?? 50);
  let summary: string;
  let recommendation: string;
  if (!changes.length) {
    summary = `No competitor changed a price on your products in ${periodWords(scope)}.`;
    recommendation = "Nothing to react to; prices are stable.";
  } else {
    const big = [...changes].sort((a, b) => Math.abs(b.change_pct ?? 0) - Math.abs(a.change_pct ?? 0))[0];
    const cuts = changes.filter((c) => c.change < 0).length;
    summary =
      `${changes.length} competitor price change${changes.length === 1 ? "" : "s"} in ${periodWords(scope)} (${cuts} cut${cuts === 1 ? "" : "s"}). Largest: ${big.seller} moved ${big.asin}${big.title ? ` (${big.title})` : ""} in ${big.marketplace} ` +
      `from ${formatMoney(big.previous_price, big.currency)} to ${formatMoney(big.price, big.currency)} (${formatPercent(big.change_pct)}) on ${big.date}.`;
    recommendation = big.below_your_price
      ? `${big.seller} is now below your ${formatMoney(Number(big.your_price), big.currency)} on ${big.asin}: watch your buy box there and decide whether to match.`
      : `${big.seller}'s new price is still above yours on ${big.asin}; no need to react.`;
  }
  const notes = capped ? [`Price changes are looked for in the last ${MAX_PRICE_CHANGE_DAYS} days of the period (from ${start}).`] : [];
  return {
    result: { changes, period: scope.range, ...(notes.length ? { notes } : {}), analysis: { summary, recommendation } },
    primaryKey: "changes",
    freshness: changes.length ? endOfDay(changes.reduce((m, c) => (c.date > m ? c.date : m), changes[0].date)) : null,
  };
}
