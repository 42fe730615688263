/** The public shape of insights: what `seller-ai insights`, the `insights` intent and POST /v1/insights return. */

export const INSIGHT_TYPES = ["performance", "opportunities", "risks", "competitor_analysis"] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];

export const DETAIL_LEVELS = ["summary", "detailed", "comprehensive"] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Findings shown per detail level (comprehensive: all). */
export const FINDINGS_SHOWN: Record<DetailLevel, number> = {
  summary: 5,
  detailed: 10,
  comprehensive: Number.POSITIVE_INFINITY,
};

export function isInsightType(value: unknown): value is InsightType {
  return typeof value === "string" && (INSIGHT_TYPES as readonly string[]).includes(value);
}

export function isDetailLevel(value: unknown): value is DetailLevel {
  return typeof value === "string" && (DETAIL_LEVELS as readonly string[]).includes(value);
}

export interface DateRange {
  start: string;
  end: string;
}

/** The numbers a finding rests on. */
export interface Evidence {
  /** The metric (contract metric names where one fits: revenue, units_sold, days_of_supply, acos…). */
  metric: string;
  observed: number | null;
  /** What was expected, or the baseline or comparison figure. */
  expected: number | null;
  /** The 95% band around `expected`, where the finding comes from a model. */
  expected_low?: number | null;
  expected_high?: number | null;
  /** How `observed` is measured: money (in `currency`), count, percent, days. */
  unit: "money" | "count" | "percent" | "days";
  currency?: string;
  /** The days `observed` covers. */
  period: DateRange;
  /** The days `expected` comes from. */
  compared_with?: DateRange;
  /** Standard deviations from the expected value (anomalies), else null. */
  score: number | null;
  /** Anything else the finding was judged on (an anomaly's other metrics, a keyword's clicks…). */
  details?: Record<string, unknown>;
}

/** What a finding is about. */
export interface FindingEntities {
  asin?: string;
  sku?: string;
  title?: string;
  marketplace?: string;
  category?: string;
  subcategory?: string;
  campaign?: string;
  campaign_id?: string;
  keyword?: string;
  target_id?: string;
  seller?: string;
}

export interface Finding {
  /** The same finding gets the same id on the next run. */
  id: string;
  type: InsightType;
  kind: string;
  severity: Severity;
  title: string;
  /** One sentence written from the finding's numbers. */
  summary: string;
  /** Money at stake in the account's currency (see money-at-stake.ts for each kind's formula); ranks findings. */
  money_at_stake: number;
  currency: string;
  /** The formula `money_at_stake` was estimated with, in words. */
  money_basis: string;
  /** 0..1: how sure the finding is (a model's score, or how direct the data is). */
  confidence: number;
  evidence: Evidence;
  entities: FindingEntities;
  recommendation: string;
  /** A question `seller-ai ask` answers in detail. */
  follow_up: string;
  /** Comprehensive level only: the rows behind the finding. */
  evidence_table?: Record<string, unknown>[];
  /** Comprehensive level only: a Vega-Lite spec of the evidence. */
  chart?: Record<string, unknown> | null;
}

export interface InsightsResult {
  insight_type: InsightType;
  detail_level: DetailLevel;
  marketplace: string | null;
  /** The days the findings look at (the last 30 days of data). */
  period: DateRange;
  generated_at: string;
  /** Findings found (before the detail level keeps the top ones). */
  total: number;
  insights: Finding[];
  /** The anomaly sensitivity used. */
  sensitivity: string;
}
