/**
 * performance: the biggest movers against the previous period of equal
 * length with their drivers (traffic, conversion, price, buy box, ads),
 * the categories that moved most, the best sellers, and trend breaks.
 */
import { comparedFacts, groupedFacts, type ProductFacts } from "../../analytics/facts/product-facts.js";
import { formatMoney, formatPercent } from "../../core/number-format.js";
import { money, roundTo } from "../../core/money.js";
import { previousRange } from "../../analytics/facts/scope.js";
import type { FindingDraft } from "../finding.js";
import { bestSellerStake, moverStake } from "../money-at-stake.js";
import { changeWords, marketplaceWords, productWords } from "../words.js";
import { anomalyDrafts, RISK_KINDS } from "./anomaly-findings.js";
import { periodPhrase, type SourceContext } from "./context.js";

/** Movers kept each way (the ranking then keeps the largest). */
const MOVERS_EACH_WAY = 10;
const BEST_SELLERS = 3;

const pct = (now: number, before: number) => (before ? roundTo(((now - before) / Math.abs(before)) * 100, 2) : null);

export async function performanceDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const drafts = [...(await moverDrafts(sc)), ...(await categoryDrafts(sc)), ...(await bestSellerDrafts(sc))];
  const scan = await sc.anomalies();
  const sales = new Set([
    "sales_drop",
    "sales_spike",
    "traffic_drop",
    "traffic_spike",
    "conversion_drop",
    "conversion_rise",
  ]);
  const keys = new Set(scan.anomalies.map((a) => `${a.marketplace}|${a.asin}`));
  drafts.push(
    ...anomalyDrafts(
      scan,
      await sc.listings(keys),
      sc.currencyOf,
      (k) => sales.has(k) || !RISK_KINDS.has(k),
      sc.detail === "comprehensive",
    ).map((d) => ({ ...d, kind: `trend_break_${d.kind}` })),
  );
  return drafts;
}

interface Side {
  revenue: number;
  units: number;
  sessions: number;
  bb_weighted: number;
  bb_views: number;
  ad_spend: number;
}

async function moverDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const { ctx, period } = sc;
  const previous = previousRange(period);
  const columns = ["revenue", "units", "sessions", "bb_weighted", "bb_views", "ad_spend"] as const;
  const { products } = await comparedFacts(
    ctx,
    [period, previous],
    { marketplace: sc.marketplace },
    ["revenue"],
    [...columns],
  );
  const before = new Map(products[1].map((f) => [`${f.marketplace}|${f.asin}`, f]));
  await ctx.ensureRates(period.end);
  const home = ctx.homeCurrency;
  const moves = products[0]
    .map((now) => {
      const was = before.get(`${now.marketplace}|${now.asin}`);
      const change = now.revenue - (was?.revenue ?? 0);
      return { now, was, change, home: ctx.convert(change, now.currency, home, period.end) };
    })
    // A product new in the period is a launch, not a mover.
    .filter((m) => m.was && m.was.revenue > 0);
  const ups = moves
    .filter((m) => m.change > 0)
    .sort((a, b) => b.home - a.home)
    .slice(0, MOVERS_EACH_WAY);
  const downs = moves
    .filter((m) => m.change < 0)
    .sort((a, b) => a.home - b.home)
    .slice(0, MOVERS_EACH_WAY);
  const chosen = [...ups, ...downs];
  const listings = await sc.listings(chosen.map((m) => `${m.now.marketplace}|${m.now.asin}`));
  return chosen.map(({ now, was, change }): FindingDraft => {
    const w = was as ProductFacts;
    const c = now.currency;
    const title = listings.get(`${now.marketplace}|${now.asin}`)?.title;
    const who = productWords(now.asin, title);
    const where = marketplaceWords(now.marketplace);
    const drivers = driversOf(now, w);
    const up = change > 0;
    const main = Object.entries(drivers)
      .filter(([k, v]) => k !== "buy_box_points" && v !== null)
      .sort((a, b) => Math.abs(Number(b[1])) - Math.abs(Number(a[1])))[0];
    return {
      kind: up ? "top_mover_up" : "top_mover_down",
      title: `Revenue of ${who} in ${where} ${up ? "grew" : "fell"} ${formatMoney(Math.abs(change), c)} (${changeWords(pct(now.revenue, w.revenue))})`,
      summary:
        `${who} in ${where} made ${formatMoney(now.revenue, c)} in the ${periodPhrase(sc)} against ${formatMoney(w.revenue, c)} the ${period.end === period.start ? "day" : "30 days"} before (${changeWords(pct(now.revenue, w.revenue))}): ` +
        `sessions ${changeWords(drivers.traffic)}, conversion ${changeWords(drivers.conversion)}, average price ${changeWords(drivers.price)}, ` +
        `buy box ${drivers.buy_box_points === null ? "n/a" : `${drivers.buy_box_points > 0 ? "+" : ""}${drivers.buy_box_points} points`}, ad spend ${changeWords(drivers.ads)}.`,
      stake: moverStake(change),
      currency: c,
      confidence: 0.9,
      evidence: {
        metric: "revenue",
        observed: money(now.revenue, c),
        expected: money(w.revenue, c),
        unit: "money",
        currency: c,
        period,
        compared_with: previous,
        score: null,
        details: { drivers, main_driver: main?.[0] ?? null, units: now.units, previous_units: w.units },
      },
      entities: { asin: now.asin, ...(title ? { title } : {}), marketplace: now.marketplace },
      recommendation: up
        ? `Keep ${who} in stock and its ads funded in ${where}: ${main ? `its ${main[0]} ${Number(main[1]) > 0 ? "rose" : "fell"} most` : "it is growing"}.`
        : `Find out why ${who} slowed in ${where}: ${main ? `its ${main[0]} moved most (${main[0] === "buy_box_points" ? main[1] : changeWords(Number(main[1]))})` : "compare its traffic and conversion"}.`,
      follow_up: `compare revenue of ${now.asin} in ${where} ${periodPhrase(sc)} to the previous period`,
      identity: [now.marketplace, now.asin, up ? "up" : "down"],
      ...(sc.detail === "comprehensive"
        ? {
            evidence_table: [
              { period: `${period.start}..${period.end}`, ...sideRow(now) },
              { period: `${previous.start}..${previous.end}`, ...sideRow(w) },
            ],
            chart: barChart(
              [
                { period: "previous", revenue: money(w.revenue, c) },
                { period: "current", revenue: money(now.revenue, c) },
              ],
              `Revenue of ${who} in ${where}`,
            ),
          }
        : {}),
    };
  });
}

function sideRow(f: Side): Record<string, unknown> {
  return {
    // Sums of cents, shown to the cent (summed in floating point they carry noise in the last digits).
    revenue: roundTo(f.revenue, 2),
    units: f.units,
    sessions: f.sessions,
    conversion_rate: f.sessions ? roundTo((f.units / f.sessions) * 100, 2) : null,
    buy_box_percentage: f.bb_views ? roundTo(f.bb_weighted / f.bb_views, 2) : null,
    ad_spend: roundTo(f.ad_spend, 2),
  };
}

/** The changes behind a revenue move, in percent (buy box in points). */
export function driversOf(now: Side, was: Side) {
  const conv = (f: Side) => (f.sessions ? f.units / f.sessions : null);
  const asp = (f: Side) => (f.units ? f.revenue / f.units : null);
  const bb = (f: Side) => (f.bb_views ? f.bb_weighted / f.bb_views : null);
  const rel = (a: number | null, b: number | null) =>
    a !== null && b !== null && b !== 0 ? roundTo(((a - b) / b) * 100, 2) : null;
  const bbNow = bb(now);
  const bbWas = bb(was);
  return {
    traffic: rel(now.sessions, was.sessions),
    conversion: rel(conv(now), conv(was)),
    price: rel(asp(now), asp(was)),
    buy_box_points: bbNow !== null && bbWas !== null ? roundTo(bbNow - bbWas, 1) : null,
    ads: rel(now.ad_spend, was.ad_spend),
  };
}

async function categoryDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const { ctx, period } = sc;
  const previous = previousRange(period);
  const scope = { marketplace: sc.marketplace };
  const [now, was] = await Promise.all([
    groupedFacts(ctx, period, scope, "category"),
    groupedFacts(ctx, previous, scope, "category"),
  ]);
  const before = new Map(was.map((g) => [`${g.marketplace}|${g.label}`, g]));
  await ctx.ensureRates(period.end);
  const moves = now
    .filter((g) => g.label !== null && before.has(`${g.marketplace}|${g.label}`))
    .map((g) => {
      const w = before.get(`${g.marketplace}|${g.label}`)!;
      return {
        g,
        w,
        change: g.revenue - w.revenue,
        home: ctx.convert(g.revenue - w.revenue, g.currency, ctx.homeCurrency, period.end),
      };
    })
    .sort((a, b) => Math.abs(b.home) - Math.abs(a.home))
    .slice(0, 6);
  return moves.map(({ g, w, change }): FindingDraft => {
    const where = marketplaceWords(g.marketplace);
    const c = g.currency;
    const up = change > 0;
    return {
      kind: up ? "category_up" : "category_down",
      title: `${g.label} ${up ? "grew" : "fell"} ${formatMoney(Math.abs(change), c)} in ${where} (${changeWords(pct(g.revenue, w.revenue))})`,
      summary: `${g.label} in ${where} made ${formatMoney(g.revenue, c)} from ${g.products} products in the ${periodPhrase(sc)} against ${formatMoney(w.revenue, c)} the 30 days before, at a ${formatPercent(g.revenue ? (g.profit / g.revenue) * 100 : null)} margin.`,
      stake: moverStake(change),
      currency: c,
      confidence: 0.9,
      evidence: {
        metric: "revenue",
        observed: money(g.revenue, c),
        expected: money(w.revenue, c),
        unit: "money",
        currency: c,
        period,
        compared_with: previous,
        score: null,
        details: { profit: money(g.profit, c), previous_profit: money(w.profit, c), products: g.products },
      },
      entities: { category: String(g.label), marketplace: g.marketplace },
      recommendation: up
        ? `Put stock and ad budget behind ${g.label} in ${where} while it grows.`
        : `Look at the products that drag ${g.label} down in ${where}: ask for its top products by growth to see which.`,
      follow_up: `revenue by category in ${where} ${periodPhrase(sc)} vs previous period`,
      identity: [g.marketplace, g.label, up ? "up" : "down"],
    };
  });
}

async function bestSellerDrafts(sc: SourceContext): Promise<FindingDraft[]> {
  const facts = [...(await sc.facts()).values()].filter((f) => f.profit > 0);
  const { ctx, period } = sc;
  await ctx.ensureRates(period.end);
  const best = facts
    .map((f) => ({ f, home: ctx.convert(f.profit, f.currency, ctx.homeCurrency, period.end) }))
    .sort((a, b) => b.home - a.home)
    .slice(0, BEST_SELLERS);
  const listings = await sc.listings(best.map(({ f }) => `${f.marketplace}|${f.asin}`));
  return best.map(({ f }): FindingDraft => {
    const c = f.currency;
    const title = listings.get(`${f.marketplace}|${f.asin}`)?.title;
    const who = productWords(f.asin, title);
    const where = marketplaceWords(f.marketplace);
    return {
      kind: "best_seller",
      title: `${who} earns the most in ${where}: ${formatMoney(f.profit, c)} profit`,
      summary: `${who} in ${where} made ${formatMoney(f.revenue, c)} of revenue and ${formatMoney(f.profit, c)} of profit (${formatPercent(f.revenue ? (f.profit / f.revenue) * 100 : null)} margin) from ${f.units} units in the ${periodPhrase(sc)}.`,
      stake: bestSellerStake(f.profit),
      currency: c,
      confidence: 0.95,
      evidence: {
        metric: "profit",
        observed: money(f.profit, c),
        expected: null,
        unit: "money",
        currency: c,
        period,
        score: null,
        details: { revenue: money(f.revenue, c), units: f.units },
      },
      entities: {
        asin: f.asin,
        ...(title ? { title } : {}),
        marketplace: f.marketplace,
        ...(f.category ? { category: f.category } : {}),
      },
      recommendation: `Protect ${who} in ${where}: keep it in stock, hold the buy box and keep its best keywords funded.`,
      follow_up: `top 5 products by profit in ${where} ${periodPhrase(sc)}`,
      identity: [f.marketplace, f.asin],
    };
  });
}

/** A two-bar Vega-Lite chart of a revenue against the previous period's. */
function barChart(values: Record<string, unknown>[], title: string): Record<string, unknown> {
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    title,
    data: { values },
    mark: "bar",
    encoding: {
      x: { field: "period", type: "nominal", sort: null, title: null },
      y: { field: "revenue", type: "quantitative", title: "revenue" },
    },
  };
}
