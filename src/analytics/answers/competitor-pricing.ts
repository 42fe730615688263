/** competitor_pricing: your price against the lowest competing offer and the buy box, per product. */
import { sql } from "kysely";
import type { IntentResults } from "../results/index.js";
import type { Understanding } from "../../core/understanding.js";
import { addDaysIso } from "../../core/dates.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { changePercent, money } from "../../core/money.js";
import { applyConditions, endOfDay, noDataSummary, sortRows, type Outcome, limitRows } from "./outcome.js";
import { listingsOf } from "../facts/product-facts.js";
import { scopeOf } from "../facts/scope.js";

type PricingRow = IntentResults["competitor_pricing"]["products"][number];

export async function competitorPricing(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"competitor_pricing">> {
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
  const rows: PricingRow[] = [];
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
  const { shown: sorted, total: totalRows } = limitRows(
    sortRows(
      applyConditions(rows, f.conditions),
      "price_gap_pct",
      f.sort ?? "desc",
      (r) => `${r.asin}|${r.marketplace}`,
    ),
    f.limit,
    50,
  );
  await nameOffers(ctx, sorted);
  const titles = await listingsOf(
    ctx,
    sorted.map((r) => String(r.asin)),
    scope.marketplace,
  );
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
  // Counted over every product asked about, not only the rows shown.
  const undercutCount = applyConditions(rows, f.conditions).filter((r) => r.undercut).length;
  if (!rows.length) {
    summary = noDataSummary(
      "competitor offer data",
      undefined,
      { first: newest, last: newest },
      scope.marketplace,
      new Set(ctx.currencies.keys()),
    );
    recommendation = "Import competitor offers (or run a sync) to compare prices.";
  } else if (!undercutCount) {
    summary = `On ${newest}, none of your ${rows.length} products with competing offers is undercut: you are the cheapest landed offer on all of them.`;
    recommendation = "Hold prices; you may have room to raise the ones where the next offer is well above yours.";
  } else {
    const w = undercut[0] ?? sorted[0];
    summary =
      `${undercutCount} of ${rows.length} products are undercut. ${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace}: ${w.lowest_competitor} sells at ` +
      `${formatMoney(Number(w.lowest_competitor_price), String(w.currency))} against your ${formatMoney(Number(w.your_price), String(w.currency))} (${formatPercent(Number(w.price_gap_pct))} above)` +
      (w.undercut_since ? ` since ${w.undercut_since}` : "") +
      `; the buy box is with ${w.buy_box_winner}.`;
    recommendation =
      w.buy_box_winner === "you"
        ? `You still hold the buy box on ${w.asin}; watch it, and match ${formatMoney(Number(w.lowest_competitor_price), String(w.currency))} only if you start losing it.`
        : `Match or approach ${formatMoney(Number(w.lowest_competitor_price), String(w.currency))} on ${w.asin} if your margin allows, to win back the buy box from ${w.buy_box_winner}.`;
  }
  return {
    result: { products: sorted, analysis: { summary, recommendation } },
    primaryKey: "products",
    totalRows,
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
  return (await ctx.rows(q.groupBy("o.asin").orderBy("o.asin"))) as {
    asin: string;
    competitors: number;
    landed: number;
    your_price: number | null;
  }[];
}

/**
 * Fills in the lowest offer's seller and the buy box of competitor_pricing
 * rows from their day's offers: the lowest landed offer (the first in seller
 * order on a tie), and the winner's landed price, or you and your price.
 */
async function nameOffers(ctx: AnalyticsContext, rows: PricingRow[]): Promise<void> {
  const groups = new Map<string, PricingRow[]>();
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
    for (let i = 0; i < asins.length; i += 500)
      offers.push(
        ...(await ctx.rows(
          q
            .where("asin", "in", asins.slice(i, i + 500))
            .orderBy("asin")
            .orderBy("seller_id"),
        )),
      );
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
      row.buy_box_winner = winner ? (winner.seller_name ?? winner.seller_id) : "you";
      row.buy_box_price = winner ? money(winner.price + winner.shipping, currency) : row.your_price;
    }
  }
}
