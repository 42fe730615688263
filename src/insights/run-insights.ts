/**
 * One insights run: the findings of one insight type for an account (and
 * optionally one marketplace), ranked by money at stake, cut to the detail
 * level asked for.
 */
import type { AnalyticsContext } from "../analytics/facts/context.js";
import { SellerAiError } from "../core/errors.js";
import { finishFindings, type FindingDraft } from "./finding.js";
import type { Sensitivity } from "./anomalies/sensitivity.js";
import { competitorDrafts } from "./sources/competitors.js";
import { sourceContext, type SourceContext } from "./sources/context.js";
import { opportunityDrafts } from "./sources/opportunities.js";
import { performanceDrafts } from "./sources/performance.js";
import { riskDrafts } from "./sources/risks.js";
import {
  DETAIL_LEVELS,
  FINDINGS_SHOWN,
  INSIGHT_TYPES,
  isDetailLevel,
  isInsightType,
  type DetailLevel,
  type Finding,
  type InsightsResult,
  type InsightType,
} from "./types.js";

export interface InsightOptions {
  type: InsightType;
  detail?: DetailLevel;
  marketplace?: string;
  /** The account's setting when absent. */
  sensitivity?: Sensitivity;
}

const SOURCES: Record<InsightType, (sc: SourceContext) => Promise<FindingDraft[]>> = {
  performance: performanceDrafts,
  opportunities: opportunityDrafts,
  risks: riskDrafts,
  competitor_analysis: competitorDrafts,
};

/**
 * Runs one insight type on the account of `ctx`.
 *
 * @example
 * const result = await runInsights(ctx, { type: "risks", detail: "summary" });
 * result.insights[0]; // { id: "ins_…", kind: "stockout", severity: "critical", money_at_stake: 1234.5, … }
 */
export async function runInsights(ctx: AnalyticsContext, options: InsightOptions): Promise<InsightsResult> {
  checkInsightOptions(options);
  const detail = options.detail ?? "summary";
  const sensitivity = options.sensitivity ?? (await accountSensitivity(ctx));
  const sc = await sourceContext(ctx, { marketplace: options.marketplace, detail, sensitivity });
  const drafts = await SOURCES[options.type](sc);
  const findings = await finishFindings(ctx, options.type, drafts, sc.period, await sc.revenue());
  const shown = findings.slice(0, FINDINGS_SHOWN[detail]);
  if (detail === "comprehensive") for (const f of shown) withEvidenceTable(f);
  return {
    insight_type: options.type,
    detail_level: detail,
    marketplace: options.marketplace ?? null,
    period: sc.period,
    generated_at: ctx.now.toISOString(),
    total: findings.length,
    insights: detail === "summary" ? shown.map(({ evidence_table: _t, chart: _c, ...f }) => f) : shown,
    sensitivity,
  };
}

/** Bad options are `invalid_request` errors whose suggestions list the allowed values. */
export function checkInsightOptions(options: { type?: unknown; detail?: unknown }): void {
  if (!isInsightType(options.type)) {
    throw new SellerAiError(
      "invalid_request",
      `insight_type ${JSON.stringify(options.type ?? null)} is not one of ${INSIGHT_TYPES.join(", ")}.`,
      { suggestions: INSIGHT_TYPES.map((t) => `insight_type: "${t}"`), details: { field: "insight_type" } },
    );
  }
  if (options.detail !== undefined && !isDetailLevel(options.detail)) {
    throw new SellerAiError(
      "invalid_request",
      `detail_level ${JSON.stringify(options.detail)} is not one of ${DETAIL_LEVELS.join(", ")}.`,
      { suggestions: DETAIL_LEVELS.map((d) => `detail_level: "${d}"`), details: { field: "detail_level" } },
    );
  }
}

/** The account's anomaly sensitivity setting (normal when unset). */
export async function accountSensitivity(ctx: AnalyticsContext): Promise<Sensitivity> {
  const { anomalySensitivity } = await import("../store/insight-settings.js");
  return anomalySensitivity(ctx.db, ctx.accountId);
}

/**
 * Comprehensive findings carry an evidence table and a chart: those a
 * source gave, else its evidence as a one-row table and observed against
 * expected as bars.
 */
function withEvidenceTable(f: Finding): void {
  const e = f.evidence;
  f.evidence_table ??= [
    {
      metric: e.metric,
      observed: e.observed,
      expected: e.expected,
      ...(e.expected_low !== undefined ? { expected_low: e.expected_low, expected_high: e.expected_high } : {}),
      period: `${e.period.start}..${e.period.end}`,
      ...(e.compared_with ? { compared_with: `${e.compared_with.start}..${e.compared_with.end}` } : {}),
      ...(e.score !== null ? { score: e.score } : {}),
      ...(e.details ?? {}),
    },
  ];
  if (f.chart === undefined) {
    f.chart =
      e.observed === null && e.expected === null
        ? null
        : {
            $schema: "https://vega.github.io/schema/vega-lite/v5.json",
            title: f.title,
            data: {
              values: [
                { what: "observed", value: e.observed },
                { what: e.compared_with ? "compared with" : "expected", value: e.expected },
              ].filter((v) => v.value !== null),
            },
            mark: "bar",
            encoding: {
              x: { field: "what", type: "nominal", sort: null, title: null },
              y: { field: "value", type: "quantitative", title: e.metric },
            },
          };
  }
}
