/**
 * competitor_analysis: offers undercutting yours, new sellers on your
 * listings, competitor price moves, your buy box share trend, and catalog
 * gaps.
 */
import { buyBoxShare } from "../../analytics/answers/buy-box-share.js";
import { competitorPricing } from "../../analytics/answers/competitor-pricing.js";
import { priceChanges } from "../../analytics/answers/price-changes.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { addDaysIso } from "../../core/dates.js";
import type { FindingDraft } from "../finding.js";
import { buyBoxTrendStake, newSellerStake, priceMoveStake, undercutStake } from "../money-at-stake.js";
import { changeWords, marketplaceWords, productWords } from "../words.js";
import { periodFilters, periodPhrase, type SourceContext } from "./context.js";
import { catalogGapDrafts } from "./opportunities.js";

/** A seller is new when it offers now but did not a week before, nor a month before that. */
const NEW_SELLER_DAYS = 7;
const ABSENT_DAYS = 30;

export async function competitorDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  return [
    ...(await undercutDrafts(sc)),
    ...(await newSellerDrafts(sc)),
    ...(await priceMoveDrafts(sc)),
    ...(await buyBoxTrendDrafts(sc)),
    ...(await catalogGapDrafts(sc)),
  ];
}

async function undercutDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const found = await sc.run(competitorPricing, "competitor_pricing", { limit: 100000 });
  const facts = await sc.facts();
  return (found.result.products as Record<string, any>[])
    .filter((r) => r.undercut)
    .map((r): FindingDraft => {
      const revenue = facts.get(`${r.marketplace}|${r.asin}`)?.revenue ?? 0;
      const who = productWords(r.asin, r.title);
      const where = marketplaceWords(r.marketplace);
      return {
        kind: "undercut",
        title: `${r.lowest_competitor} undercuts ${who} in ${where}: ${formatMoney(r.lowest_competitor_price, r.currency)} against your ${formatMoney(r.your_price, r.currency)}`,
        summary: `On ${r.date}, ${r.lowest_competitor} offered ${who} in ${where} at ${formatMoney(r.lowest_competitor_price, r.currency)} landed against your ${formatMoney(r.your_price, r.currency)} (${changeWords(r.price_gap_pct)} for you)${r.undercut_since ? `, cheaper since ${r.undercut_since}` : ""}; the buy box is with ${r.buy_box_winner}, on ${formatMoney(revenue, r.currency)} of your revenue in the ${periodPhrase(sc)}.`,
        stake: undercutStake(revenue),
        currency: r.currency,
        confidence: 0.8,
        evidence: {
          metric: "price",
          observed: r.your_price,
          expected: r.lowest_competitor_price,
          unit: "money",
          currency: r.currency,
          period: { start: r.undercut_since ?? r.date, end: r.date },
          score: null,
          details: { price_gap_pct: r.price_gap_pct, buy_box_winner: r.buy_box_winner, competitors: r.competitors },
        },
        entities: {
          asin: r.asin,
          ...(r.title ? { title: r.title } : {}),
          marketplace: r.marketplace,
          seller: r.lowest_competitor,
        },
        recommendation:
          r.buy_box_winner === "you"
            ? `You still hold the buy box on ${who} in ${where}: watch it, and match ${formatMoney(r.lowest_competitor_price, r.currency)} only if you start losing it.`
            : `Match or approach ${formatMoney(r.lowest_competitor_price, r.currency)} on ${who} in ${where} if your margin allows, to win back the buy box from ${r.buy_box_winner}.`,
        follow_up: `competitor prices for ${r.asin} in ${where}`,
        identity: [r.marketplace, r.asin, r.lowest_competitor],
      };
    });
}

/** The newest offers day on or before `day`, or undefined. */
async function offersDayOnOrBefore(sc: SourceContext, day: string): Promise<string | undefined> {
  const row = await sc.ctx.rows(
    sc.ctx.db
      .selectFrom("competitor_offers")
      .select((eb) => eb.fn.max("date").as("date"))
      .where("account_id", "=", sc.ctx.accountId)
      .where("date", "<=", day),
  );
  return (row[0]?.date as string | null | undefined) ?? undefined;
}

/** Every offer of one day (read from the day's index entries), by `${marketplace}|${asin}|${seller_id}`. */
async function offersOn(sc: SourceContext, day: string) {
  let q = sc.ctx.db
    .selectFrom("competitor_offers")
    .select(["marketplace", "asin", "seller_id", "seller_name", "price", "shipping"])
    .where("account_id", "=", sc.ctx.accountId)
    .where("date", "=", day);
  if (sc.marketplace) q = q.where("marketplace", "=", sc.marketplace);
  return new Map((await sc.ctx.rows(q)).map((o) => [`${o.marketplace}|${o.asin}|${o.seller_id}`, o]));
}

/**
 * Sellers offering on the newest offers day who had no offer on the same
 * listing a week before, nor a month before, on listings that had offers
 * then (three days of offers, not every day of the month).
 */
async function newSellerDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const { ctx, period } = sc;
  const end = await offersDayOnOrBefore(sc, period.end);
  if (!end) return [];
  const weekBefore = await offersDayOnOrBefore(sc, addDaysIso(end, -NEW_SELLER_DAYS));
  if (!weekBefore) return [];
  const monthBefore = await offersDayOnOrBefore(sc, addDaysIso(end, -(NEW_SELLER_DAYS + ABSENT_DAYS)));
  const [now, week, month] = await Promise.all([
    offersOn(sc, end),
    offersOn(sc, weekBefore),
    monthBefore ? offersOn(sc, monthBefore) : Promise.resolve(new Map()),
  ]);
  const covered = new Set([...week.values()].map((o) => `${o.marketplace}|${o.asin}`));
  const offers = new Map<string, number>();
  for (const o of now.values())
    offers.set(`${o.marketplace}|${o.asin}`, (offers.get(`${o.marketplace}|${o.asin}`) ?? 0) + 1);
  const facts = await sc.facts();
  const fresh = [...now.entries()]
    .filter(([key, o]) => !week.has(key) && !month.has(key) && covered.has(`${o.marketplace}|${o.asin}`))
    .map(([, o]) => o)
    .filter((o) => facts.has(`${o.marketplace}|${o.asin}`));
  if (!fresh.length) return [];
  const listings = await sc.listings(fresh.map((o) => `${o.marketplace}|${o.asin}`));
  const drafts: FindingDraft[] = [];
  for (const o of fresh) {
    const key = `${o.marketplace}|${o.asin}`;
    const first = await ctx.rows(
      ctx.db
        .selectFrom("competitor_offers")
        .select((eb) => eb.fn.min("date").as("date"))
        .where("account_id", "=", ctx.accountId)
        .where("marketplace", "=", o.marketplace)
        .where("asin", "=", o.asin)
        .where("seller_id", "=", o.seller_id)
        .where("date", ">", weekBefore),
    );
    const since = (first[0]?.date as string | null | undefined) ?? end;
    const revenue = facts.get(key)?.revenue ?? 0;
    const currency = sc.currencyOf(o.marketplace);
    const title = listings.get(key)?.title;
    const who = productWords(o.asin, title);
    const where = marketplaceWords(o.marketplace);
    const seller = o.seller_name ?? o.seller_id;
    const landed = o.price + o.shipping;
    drafts.push({
      kind: "new_seller",
      title: `${seller} started selling ${who} in ${where} on ${since}`,
      summary: `${seller} has offered ${who} in ${where} since ${since} (not on ${weekBefore}${monthBefore ? ` nor ${monthBefore}` : ""}), at ${formatMoney(landed, currency)} landed, one of ${offers.get(key) ?? 1} competing offers on a listing that made you ${formatMoney(revenue, currency)} in the ${periodPhrase(sc)}.`,
      stake: newSellerStake(revenue, offers.get(key) ?? 1),
      currency,
      confidence: 0.7,
      evidence: {
        metric: "price",
        observed: landed,
        expected: null,
        unit: "money",
        currency,
        period: { start: since, end },
        compared_with: { start: monthBefore ?? weekBefore, end: weekBefore },
        score: null,
        details: { seller_id: o.seller_id, offers: offers.get(key) ?? null },
      },
      entities: { asin: o.asin, ...(title ? { title } : {}), marketplace: o.marketplace, seller },
      recommendation: `Watch the buy box on ${who} in ${where} for the next days; if ${seller} sells the same item, check whether it is authorised.`,
      follow_up: `competitor prices for ${o.asin} in ${where}`,
      identity: [o.marketplace, o.asin, o.seller_id],
    });
  }
  return drafts;
}

async function priceMoveDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const week = { start: addDaysIso(sc.period.end, -6), end: sc.period.end };
  const found = await sc.run(priceChanges, "price_changes", { ...periodFilters(week), limit: 100000 });
  const facts = await sc.facts();
  return (found.result.changes as Record<string, any>[]).map((c): FindingDraft => {
    const revenue = facts.get(`${c.marketplace}|${c.asin}`)?.revenue ?? 0;
    const who = productWords(c.asin, c.title);
    const where = marketplaceWords(c.marketplace);
    const cut = c.change < 0;
    return {
      kind: c.below_your_price ? "competitor_price_cut_below_yours" : "competitor_price_move",
      title: `${c.seller} ${cut ? "cut" : "raised"} the price of ${who} in ${where} to ${formatMoney(c.price, c.currency)} (${changeWords(c.change_pct)})`,
      summary: `On ${c.date}, ${c.seller} moved ${who} in ${where} from ${formatMoney(c.previous_price, c.currency)} to ${formatMoney(c.price, c.currency)} (${changeWords(c.change_pct)})${c.your_price !== null ? ` against your ${formatMoney(c.your_price, c.currency)}` : ""}.`,
      stake: priceMoveStake(c.below_your_price ? revenue : revenue * 0.1, c.change_pct ?? 0),
      currency: c.currency,
      confidence: 0.85,
      evidence: {
        metric: "price",
        observed: c.price,
        expected: c.previous_price,
        unit: "money",
        currency: c.currency,
        period: { start: c.date, end: c.date },
        score: null,
        details: { seller: c.seller, your_price: c.your_price, change_pct: c.change_pct },
      },
      entities: { asin: c.asin, ...(c.title ? { title: c.title } : {}), marketplace: c.marketplace, seller: c.seller },
      recommendation: c.below_your_price
        ? `${c.seller} is now below your price on ${who} in ${where}: watch your buy box and decide whether to match.`
        : cut
          ? `${c.seller}'s cut on ${who} in ${where} still leaves you cheaper: no need to react yet.`
          : `${c.seller} raised its price on ${who} in ${where}: you may have room to raise yours.`,
      follow_up: `recent competitor price changes on ${c.asin} in ${where}`,
      identity: [c.marketplace, c.asin, c.seller, c.date],
    };
  });
}

async function buyBoxTrendDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const found = await sc.run(buyBoxShare, "buy_box_share", {
    ...periodFilters(sc.period),
    limit: 100000,
  });
  // Without a grouping by period, buy box share is a table of products.
  if (!("products" in found.result)) return [];
  return (found.result.products as Record<string, any>[])
    .filter((r) => r.change !== null && r.change <= -5)
    .map((r): FindingDraft => {
      const who = productWords(r.asin, r.title);
      const where = marketplaceWords(r.marketplace);
      return {
        kind: "buy_box_share_down",
        title: `Buy box share of ${who} in ${where} fell to ${formatPercent(r.buy_box_percentage)} from ${formatPercent(r.previous_buy_box_percentage)}`,
        summary: `${who} in ${where} held the buy box on ${formatPercent(r.buy_box_percentage)} of page views in the ${periodPhrase(sc)} against ${formatPercent(r.previous_buy_box_percentage)} the 30 days before (${r.change} points), on ${formatMoney(r.revenue, r.currency)} of revenue.`,
        stake: buyBoxTrendStake(r.revenue, -r.change),
        currency: r.currency,
        confidence: 0.85,
        evidence: {
          metric: "buy_box_percentage",
          observed: r.buy_box_percentage,
          expected: r.previous_buy_box_percentage,
          unit: "percent",
          period: sc.period,
          score: null,
          details: { change_points: r.change, page_views: r.page_views },
        },
        entities: { asin: r.asin, ...(r.title ? { title: r.title } : {}), marketplace: r.marketplace },
        recommendation: `Check the offers on ${who} in ${where}: who wins the buy box when you lose it, at what landed price, and whether your stock or seller metrics slipped.`,
        follow_up: `buy box percentage of ${r.asin} in ${where} ${periodPhrase(sc)}`,
        identity: [r.marketplace, r.asin],
      };
    });
}
