/** acos_by_campaign: spend, sales and ACoS per campaign against the target. */
import type { Understanding } from "../../core/understanding.js";
import type { AnalyticsContext } from "../facts/context.js";
import { formatMoney, formatPercent, formatPoints } from "../../core/number-format.js";
import { money } from "../../core/money.js";
import {
  applyConditions,
  conditionNotes,
  conditionWords,
  limitRows,
  shownNote,
  sortRows,
  type Outcome,
} from "./outcome.js";
import { adFreshness, campaignFacts, campaignIdsFor, campaignsOf } from "../facts/ad-facts.js";
import { periodWords, scopeOf } from "../facts/scope.js";
import { pct, adMetrics, noAds } from "./ad-common.js";

export async function acosByCampaign(
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<Outcome<"acos_by_campaign">> {
  const f = understanding.filters;
  const scope = await scopeOf(ctx, understanding);
  const ids = await campaignIdsFor(ctx, f.campaign);
  const facts = await campaignFacts(ctx, scope.range, scope, ids);
  const info = await campaignsOf(ctx);
  const target = f.target_acos ?? ctx.settings.target_acos;
  const everyRow = facts.map((x) => {
    const c = info.get(x.campaign_id);
    const currency = ctx.currencies.get(x.marketplace) ?? ctx.homeCurrency;
    return {
      campaign: c?.name ?? x.campaign_id,
      campaign_id: x.campaign_id,
      marketplace: x.marketplace,
      state: c?.state ?? null,
      ...adMetrics(x, currency),
      target_acos: target,
    };
  });
  // The conditions ("ACoS above 50%") pick the campaigns the whole answer is about: rows, totals and words.
  const picked = new Set(applyConditions(everyRow, f.conditions));
  const rows = everyRow.filter((r) => picked.has(r));
  const pickedFacts = facts.filter((_, i) => picked.has(everyRow[i]));
  const metric =
    f.metrics?.[0] &&
    ["acos", "roas", "ad_spend", "ad_sales", "clicks", "impressions", "ctr", "cpc"].includes(f.metrics[0])
      ? (({ ad_spend: "spend", ad_sales: "sales" } as Record<string, string>)[f.metrics[0]] ?? f.metrics[0])
      : "acos";
  const { shown: campaigns, total } = limitRows(
    sortRows(rows, metric, f.sort ?? "desc", (r) => r.campaign_id),
    f.limit,
    50,
  );
  const home = scope.marketplace ? (ctx.currencies.get(scope.marketplace) ?? ctx.homeCurrency) : ctx.homeCurrency;
  const spend = pickedFacts.reduce(
    (s, x) => s + ctx.exchange(x.spend, ctx.currencies.get(x.marketplace) ?? home, home, scope.range),
    0,
  );
  const sales = pickedFacts.reduce(
    (s, x) => s + ctx.exchange(x.sales, ctx.currencies.get(x.marketplace) ?? home, home, scope.range),
    0,
  );
  let summary: string;
  let recommendation: string;
  const filtered = f.conditions?.length ? conditionWords(f.conditions) : "";
  if (!everyRow.length) {
    summary = await noAds(ctx, scope);
    recommendation = "Import your Sponsored Products reports to see campaign ACoS.";
  } else if (!rows.length) {
    summary = `None of your ${everyRow.length} campaigns has ${filtered} in ${periodWords(scope)}.`;
    recommendation = "Nothing to act on for this condition; ask without it to see every campaign.";
  } else {
    const over = rows.filter((r) => r.acos !== null && r.acos > target).sort((a, b) => b.spend - a.spend);
    const none = rows.filter((r) => r.acos === null && r.spend > 0);
    const best = [...rows].filter((r) => r.acos !== null).sort((a, b) => (a.acos ?? 0) - (b.acos ?? 0))[0];
    const worst = [...rows].filter((r) => r.acos !== null).sort((a, b) => (b.acos ?? 0) - (a.acos ?? 0))[0];
    summary =
      `${filtered ? `${rows.length} of your ${everyRow.length} campaigns have ${filtered}: together they` : `${rows.length} campaign${rows.length === 1 ? "" : "s"}`} spent ${formatMoney(money(spend, home), home)} for ${formatMoney(money(sales, home), home)} of ad sales in ${periodWords(scope)}: ACoS ${formatPercent(pct(spend, sales))} against your ${formatPercent(target)} target. ` +
      (worst
        ? `Highest ACoS: ${campaignIn(worst)} at ${formatPercent(worst.acos)} on ${formatMoney(worst.spend, worst.currency)}`
        : "") +
      (best && best !== worst ? `; lowest: ${campaignIn(best)} at ${formatPercent(best.acos)}.` : ".") +
      (none.length ? ` ${none.length} campaign${none.length === 1 ? "" : "s"} spent without any sale.` : "") +
      shownNote(campaigns.length, total);
    recommendation = over.length
      ? `Lower bids or add negative keywords in ${over[0].campaign}: at ${formatPercent(over[0].acos)} ACoS it spends ${formatMoney(over[0].spend, over[0].currency)}, ${formatPoints((over[0].acos ?? 0) - target)} over target` +
        (best && best.acos !== null && best.acos < target * 0.7
          ? `; move budget to ${best.campaign} (${formatPercent(best.acos)}).`
          : ".")
      : `Every campaign is within your ${formatPercent(target)} target; raise budgets on ${best?.campaign ?? "the best campaign"} to grow sales.`;
  }
  const notes = conditionNotes(everyRow, f.conditions);
  return {
    result: {
      campaigns,
      totals: { spend: money(spend, home), sales: money(sales, home), acos: pct(spend, sales), currency: home },
      target_acos: target,
      currency: home,
      period: scope.range,
      ...(notes.length ? { notes } : {}),
      analysis: { summary, recommendation },
    },
    primaryKey: "campaigns",
    totalRows: total,
    freshness: everyRow.length ? await adFreshness(ctx, scope.range) : null,
  };
}

/** A campaign with its marketplace, unless its name already says it ("Hair Brushes - Auto (UK)"). */
function campaignIn(row: { campaign: string; marketplace: string }): string {
  return row.campaign.includes(`(${row.marketplace})`) ? row.campaign : `${row.campaign} (${row.marketplace})`;
}
