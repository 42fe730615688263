/**
 * Turns what a source found into findings: a stable id, the money at stake
 * in the account's currency, a severity from it, and the order they rank in.
 */
import { createHash } from "node:crypto";
import type { AnalyticsContext } from "../analytics/facts/context.js";
import { money } from "../core/money.js";
import type { Stake } from "./money-at-stake.js";
import type { DateRange, Evidence, Finding, FindingEntities, InsightType, Severity } from "./types.js";

/** What a source hands over for one finding. */
export interface FindingDraft {
  kind: string;
  title: string;
  summary: string;
  stake: Stake;
  /** The currency of `stake.amount`. */
  currency: string;
  confidence: number;
  evidence: Evidence;
  entities: FindingEntities;
  recommendation: string;
  follow_up: string;
  /** What makes this finding the same one next run (besides its type and kind): usually its entities. */
  identity: readonly (string | number | null | undefined)[];
  /** The least severity it gets whatever its money (a stock-out within days is never low). */
  atLeast?: Severity;
  evidence_table?: Record<string, unknown>[];
  chart?: Record<string, unknown> | null;
}

/**
 * Severity by the money at stake against the account's revenue over the
 * period: critical from 1%, high from 0.25%, medium from 0.05%, else low.
 */
export const SEVERITY_SHARES: [Severity, number][] = [
  ["critical", 0.01],
  ["high", 0.0025],
  ["medium", 0.0005],
];

const RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export function severityOf(amount: number, periodRevenue: number, atLeast?: Severity): Severity {
  let severity: Severity = "low";
  if (periodRevenue > 0) {
    for (const [level, share] of SEVERITY_SHARES) {
      if (amount >= periodRevenue * share) {
        severity = level;
        break;
      }
    }
  } else if (amount > 0) severity = "medium";
  return atLeast && RANK[atLeast] < RANK[severity] ? atLeast : severity;
}

/** The id of a finding: the same type, kind and identity give the same id on every run. */
export function findingId(
  accountId: string,
  type: InsightType,
  kind: string,
  identity: FindingDraft["identity"],
): string {
  const digest = createHash("sha1")
    .update([accountId, type, kind, ...identity.map((p) => (p === null || p === undefined ? "" : String(p)))].join("|"))
    .digest("hex");
  return `ins_${digest.slice(0, 16)}`;
}

/**
 * Finishes drafts into findings ranked by money at stake (then severity,
 * then id, so the order is stable), each id once.
 */
export async function finishFindings(
  ctx: AnalyticsContext,
  type: InsightType,
  drafts: FindingDraft[],
  period: DateRange,
  periodRevenue: number,
): Promise<Finding[]> {
  const home = ctx.homeCurrency;
  const currencies = [...new Set(drafts.map((d) => d.currency))].filter((c) => c !== home);
  await ctx.ensureRates(period.end, currencies);
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const d of drafts) {
    const id = findingId(ctx.accountId, type, d.kind, d.identity);
    if (seen.has(id)) continue;
    seen.add(id);
    const converted = d.currency === home ? d.stake.amount : ctx.convert(d.stake.amount, d.currency, home, period.end);
    const amount = money(Number.isFinite(converted) ? converted : 0, home);
    out.push({
      id,
      type,
      kind: d.kind,
      severity: severityOf(amount, periodRevenue, d.atLeast),
      title: d.title,
      summary: d.summary,
      money_at_stake: amount,
      currency: home,
      money_basis: d.stake.basis,
      confidence: Math.round(Math.min(0.99, Math.max(0.05, d.confidence)) * 100) / 100,
      evidence: d.evidence,
      entities: d.entities,
      recommendation: d.recommendation,
      follow_up: d.follow_up,
      ...(d.evidence_table ? { evidence_table: d.evidence_table } : {}),
      ...(d.chart !== undefined ? { chart: d.chart } : {}),
    });
  }
  return out.sort(
    (a, b) =>
      b.money_at_stake - a.money_at_stake ||
      RANK[a.severity] - RANK[b.severity] ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
