/** declining_reviews: products whose rating or review flow is falling. */
import { sql } from "kysely";
import type { Understanding } from "../../core/understanding.js";
import { addDaysIso } from "../../core/dates.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatNumber } from "../../core/number-format.js";
import { roundTo } from "../../core/money.js";
import { endOfDay, noDataInScope, type Outcome, limitRows } from "./outcome.js";
import { entryForAsin, listingsOf } from "../facts/product-facts.js";
import { periodWords, scopeOf, previousRange } from "../facts/scope.js";
import { scopeWhere } from "../../store/scope-where.js";

interface Snapshot {
  date: string;
  rating: number;
  review_count: number;
}

function parse(text: string | null): Snapshot | undefined {
  if (!text) return undefined;
  const [date, rating, count] = text.split("|");
  return { date, rating: Number(rating), review_count: Number(count) };
}

/** The smallest fall in stars that counts as a real change (ratings move in tenths). */
export const MIN_RATING_DROP = 0.1;
/** Reviews the previous period must have had before a slower flow counts: 1 review falling to 0 is noise. */
export const MIN_PREVIOUS_REVIEWS = 5;
/** How far the flow of new reviews must fall, in percent, to count. */
export const FLOW_DROP_PCT = 25;

/** A product's reviews decline when its rating fell by a real step, or a real flow of reviews dried up. */
export function isDeclining(ratingChange: number, previousNew: number, flowChange: number | null): boolean {
  if (ratingChange <= -MIN_RATING_DROP + 1e-9) return true;
  return previousNew >= MIN_PREVIOUS_REVIEWS && flowChange !== null && flowChange <= -FLOW_DROP_PCT;
}

export async function decliningReviews(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"declining_reviews">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const prev = previousRange(scope.range);
  const before = addDaysIso(scope.range.start, -1);
  const beforePrev = addDaysIso(prev.start, -1);
  // Three snapshots per product (end of the period, the day before it, the day before the previous period),
  // each one primary-key seek: the newest snapshot on or before the date, else the first one after it.
  const at = (date: string, after = false) =>
    after
      ? sql<string>`(select date || '|' || rating || '|' || review_count from review_snapshots r where r.account_id = ${ctx.accountId} and r.marketplace = p.marketplace and r.asin = p.asin and r.date >= ${date} order by r.date limit 1)`
      : sql<string>`(select date || '|' || rating || '|' || review_count from review_snapshots r where r.account_id = ${ctx.accountId} and r.marketplace = p.marketplace and r.asin = p.asin and r.date <= ${date} order by r.date desc limit 1)`;
  // Most products have a snapshot on the very day asked for (every day in recent weeks): those come from
  // the day's snapshots, read in one pass by day and joined by product; the seeks above run only for the
  // products without one, through coalesce().
  const days = [scope.range.end, before, beforePrev];
  const onDay = days.map(
    (day, i) =>
      sql`left join (select marketplace, asin, date || '|' || rating || '|' || review_count as v from review_snapshots where account_id = ${ctx.accountId} and date = ${day}) ${sql.ref(`d${i}`)} on ${sql.ref(`d${i}.marketplace`)} = p.marketplace and ${sql.ref(`d${i}.asin`)} = p.asin`,
  );
  const day = (i: number) => sql.ref(`d${i}.v`);
  const conds = [sql`account_id = ${ctx.accountId}`];
  const inScope = scopeWhere(scope);
  if (inScope) conds.push(inScope);
  // coalesce() stops at its first non-null argument: the "first one after" seek runs only for products
  // with no snapshot before the date.
  const query = sql<{ marketplace: string; asin: string; e: string | null; s: string | null; p: string | null }>`
    select p.marketplace, p.asin, coalesce(${day(0)}, ${at(scope.range.end)}) as e,
      coalesce(${day(1)}, ${at(before)}, ${at(scope.range.start, true)}) as s,
      coalesce(${day(2)}, ${at(beforePrev)}, ${at(prev.start, true)}) as p
    from (select distinct marketplace, asin from products where ${sql.join(conds, sql` and `)}) p ${sql.join(onDay, sql` `)}
    order by p.marketplace, p.asin`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  const found = (await ctx.db.executeQuery(compiled)).rows;
  let newest: string | null = null;
  const rows = [];
  for (const r of found) {
    const end = parse(r.e);
    const start = parse(r.s);
    const prevStart = parse(r.p) ?? start;
    if (!end || !start || !prevStart || start.date > end.date) continue;
    if (!newest || end.date > newest) newest = end.date;
    const newReviews = end.review_count - start.review_count;
    const previousNew = start.review_count - prevStart.review_count;
    const ratingChange = roundTo(end.rating - start.rating, 2);
    const flowChange = previousNew > 0 ? roundTo(((newReviews - previousNew) / previousNew) * 100, 2) : null;
    rows.push({
      asin: r.asin,
      title: "",
      marketplace: r.marketplace,
      rating_start: start.rating,
      rating_end: end.rating,
      rating_change: ratingChange,
      review_count: end.review_count,
      new_reviews: newReviews,
      previous_new_reviews: previousNew,
      review_flow_change: flowChange,
      declining: isDeclining(ratingChange, previousNew, flowChange),
    });
  }
  const flagged = rows.filter((r) => r.declining);
  const { shown: declining, total } = limitRows(
    flagged.sort(
      (a, b) =>
        a.rating_change - b.rating_change ||
        (a.review_flow_change ?? 0) - (b.review_flow_change ?? 0) ||
        (a.asin < b.asin ? -1 : 1),
    ),
    f.limit,
    20,
  );
  const listings = await listingsOf(
    ctx,
    declining.map((r) => r.asin),
    scope.marketplace,
  );
  for (const r of declining) r.title = entryForAsin(listings, r.asin, r.marketplace)?.title ?? "";
  let summary: string;
  let recommendation: string;
  if (!rows.length) {
    summary = await noDataInScope(ctx, scope, "review history");
    recommendation = "Import review snapshots to follow ratings over time.";
  } else if (!declining.length) {
    summary = `None of your ${rows.length} products lost rating or review flow in ${periodWords(scope)}.`;
    recommendation = "Nothing to fix; keep asking buyers for reviews on your newest products.";
  } else {
    const w = declining[0];
    const lostRating = flagged.filter((r) => r.rating_change < 0).length;
    summary =
      `${total} of ${rows.length} products are declining in ${periodWords(scope)}: ${lostRating} lost rating, ${total - lostRating} get at least ${FLOW_DROP_PCT}% fewer new reviews (from ${MIN_PREVIOUS_REVIEWS} or more before). ` +
      `${w.asin}${w.title ? ` (${w.title})` : ""} in ${w.marketplace} went from ` +
      `${w.rating_start.toFixed(2)} to ${w.rating_end.toFixed(2)} stars (${w.rating_change}) with ${formatNumber(w.new_reviews)} new reviews against ${formatNumber(w.previous_new_reviews)} before.`;
    recommendation = `Read the newest reviews of ${w.asin} for a repeated complaint (quality, size, damage) and fix the product or the listing before the rating drops further.`;
  }
  return {
    result: {
      products: declining,
      products_checked: rows.length,
      period: scope.range,
      analysis: { summary, recommendation },
    },
    primaryKey: "products",
    totalRows: total,
    freshness: newest ? endOfDay(newest) : null,
  };
}
