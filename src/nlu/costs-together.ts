/**
 * Costs of different kinds named together: "COGS and ad spend in Q1, how much together?", "cost of goods plus PPC this
 * year", "ad spend, storage fees and referral fees for September". Ad spend is only one line of the seller's profit and
 * loss; beside the cost of goods or Amazon's fees it is read as one of the P&L's lines, not as the advertising's own
 * figures (which the advertising total would show without the other costs). Split by campaign or keyword ("storage
 * fees and ad spend by campaign") the rows are the ads' own, and the question stays theirs.
 */

import type { Intent, Metric } from "../core/understanding.js";

/** Costs only the profit and loss statement holds: what goods, Amazon and storage cost the seller. */
const LEDGER_COSTS = new Set<Metric>(["fees", "referral_fees", "fba_fees", "storage_fees", "cost_of_goods"]);

/** Questions of the advertising's own figures, where ad spend named beside the other costs was heard. */
const AD_TOTALS = new Set<Intent>(["advertising_summary", "acos_by_campaign", "wasted_ad_spend"]);

/** Whether an advertising question names ad spend beside a cost of the P&L, so that it asks for the P&L's lines. */
export function namesCostsTogether(intent: Intent, metrics: readonly Metric[], groupBy: string | undefined): boolean {
  return (
    AD_TOTALS.has(intent) &&
    metrics.includes("ad_spend") &&
    metrics.some((m) => LEDGER_COSTS.has(m)) &&
    groupBy !== "campaign" &&
    groupBy !== "keyword"
  );
}
