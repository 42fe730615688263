/** The results of the insights intents: findings of one insight type, and anomalies. */
import { analysis, period } from "./common.js";
import {
  count,
  date,
  flag,
  json,
  list,
  metric,
  money,
  nullable,
  number,
  object,
  oneOf,
  optional,
  percent,
  shape,
  signed,
  text,
} from "./shape.js";

/** The numbers a finding rests on. */
const EVIDENCE = object({
  metric: text,
  observed: nullable(number),
  expected: nullable(number),
  expected_low: optional(nullable(number)),
  expected_high: optional(nullable(number)),
  unit: oneOf("money", "count", "percent", "days"),
  currency: optional(text),
  period,
  compared_with: optional(period),
  score: nullable(number),
  details: optional(json),
});

/** What a finding is about. */
const ENTITIES = object({
  asin: optional(text),
  sku: optional(text),
  title: optional(text),
  marketplace: optional(text),
  category: optional(text),
  subcategory: optional(text),
  campaign: optional(text),
  campaign_id: optional(text),
  keyword: optional(text),
  target_id: optional(text),
  seller: optional(text),
});

/** A finding whole, as stored and as the detailed and comprehensive levels give it. */
const FINDING = object({
  id: text,
  type: oneOf("performance", "opportunities", "risks", "competitor_analysis"),
  kind: text,
  severity: oneOf("critical", "high", "medium", "low"),
  title: text,
  summary: text,
  money_at_stake: money,
  currency: text,
  money_basis: text,
  confidence: number,
  evidence: EVIDENCE,
  entities: ENTITIES,
  recommendation: text,
  follow_up: text,
  evidence_table: optional(list(json)),
  chart: optional(json),
});

export const INSIGHTS = shape("insights", {
  insights: list(
    object({
      rank: count,
      severity: oneOf("critical", "high", "medium", "low"),
      kind: text,
      title: text,
      money_at_stake: money,
      currency: text,
      confidence: number,
      asin: nullable(text),
      marketplace: nullable(text),
      category: nullable(text),
      campaign: nullable(text),
      keyword: nullable(text),
      summary: text,
      recommendation: text,
      follow_up: text,
      id: text,
    }),
  ),
  insight_type: oneOf("performance", "opportunities", "risks", "competitor_analysis"),
  detail_level: oneOf("summary", "detailed", "comprehensive"),
  period,
  generated_at: date,
  total: count,
  run_id: text,
  currency: text,
  findings: optional(list(FINDING)),
  analysis,
});

export const ANOMALIES = shape("anomalies", {
  anomalies: list(
    object({
      asin: text,
      title: text,
      marketplace: text,
      metric,
      direction: oneOf("up", "down"),
      start: date,
      end: date,
      days: count,
      ongoing: flag,
      observed: number,
      expected: number,
      expected_low: number,
      expected_high: number,
      change_pct: nullable(signed(percent)),
      score: number,
      driver: text,
      money_impact: signed(money),
      currency: text,
      id: text,
    }),
  ),
  window: nullable(period),
  baseline: nullable(period),
  sensitivity: oneOf("low", "normal", "high"),
  products_scanned: count,
  total: count,
  analysis,
});
