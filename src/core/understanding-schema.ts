import { isTimeframeToken, resolveTimeframe } from "./timeframe.js";
import {
  DETAIL_LEVELS,
  GROUP_BYS,
  INSIGHT_TYPES,
  INTENT_AREAS,
  INTENTS,
  MARKETPLACE_CODES,
  METRICS,
  type Condition,
  type ConditionOp,
  type DetailLevel,
  type Filters,
  type GroupBy,
  type InsightType,
  type Intent,
  type MarketplaceCode,
  type Metric,
  type Settings,
  type Understanding,
} from "./understanding.js";

const OPS: ConditionOp[] = [">", ">=", "<", "<=", "="];

/**
 * The understanding as a JSON schema, for structured output from a model.
 * `intent` may also be "none": a question the service cannot answer.
 */
export const UNDERSTANDING_JSON_SCHEMA = {
  type: "object",
  properties: {
    intent: { type: "string", enum: [...INTENTS, "none"] },
    confidence: { type: "number", minimum: 0, maximum: 1 },
    filters: {
      type: "object",
      properties: {
        timeframe: {
          type: "string",
          description:
            "today, yesterday, last_N_days, last_N_weeks, last_N_months, this_week, this_month, this_quarter, year_to_date, last_week, last_month, last_quarter, last_year, YYYY, YYYY-Qn, YYYY-MM, YYYY-MM-DD, YYYY-MM-DD..YYYY-MM-DD or all_time",
        },
        compare_to: { type: "string", description: "previous_period, same_period_last_year or a timeframe token" },
        marketplace: { type: "string", enum: [...MARKETPLACE_CODES] },
        metrics: { type: "array", items: { type: "string", enum: [...METRICS] } },
        limit: { type: "integer", minimum: 1 },
        sort: { type: "string", enum: ["desc", "asc"] },
        group_by: { type: "string", enum: [...GROUP_BYS] },
        category: { type: "string" },
        asin: { type: "string" },
        sku: { type: "string" },
        campaign: { type: "string" },
        conditions: {
          type: "array",
          items: {
            type: "object",
            properties: {
              metric: { type: "string", enum: [...METRICS] },
              op: { type: "string", enum: OPS },
              value: { type: "number" },
            },
            required: ["metric", "op", "value"],
          },
        },
        horizon_days: { type: "integer", minimum: 1 },
        target_acos: { type: "number" },
        settings: {
          type: "object",
          properties: {
            lead_time_days: { type: "integer" },
            target_acos: { type: "number" },
            safety_stock_days: { type: "integer" },
            currency: { type: "string" },
          },
        },
        insight_type: { type: "string", enum: [...INSIGHT_TYPES] },
        detail_level: { type: "string", enum: [...DETAIL_LEVELS] },
        alert_id: { type: "string" },
      },
    },
    interpretation: { type: "string" },
  },
  required: ["intent", "filters"],
} as const;

export interface SanitizeOptions {
  /** Resolves `date_range` from the timeframe when given. */
  today?: string;
  /** Only these categories and campaigns are kept (matched without case, returned as spelled here). */
  categories?: string[];
  campaigns?: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown) =>
  typeof v === "number" && Number.isInteger(v) && v > 0 && v <= 100_000 ? v : undefined;
const finite = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/**
 * Keeps only what the contract allows from an untrusted understanding (a
 * model's reply, a stored conversation): a known intent, valid filter values.
 * Returns undefined when there is no valid intent.
 *
 * @example sanitizeUnderstanding({ intent: "top_products", filters: { marketplace: "XX", limit: 5 } })
 * // { intent: "top_products", area: "performance", filters: { limit: 5 }, … }
 */
export function sanitizeUnderstanding(raw: unknown, options: SanitizeOptions = {}): Understanding | undefined {
  if (!isRecord(raw) || typeof raw.intent !== "string" || !(INTENTS as string[]).includes(raw.intent)) return undefined;
  const intent = raw.intent as Intent;
  const f = isRecord(raw.filters) ? raw.filters : {};
  const out: Filters = {};
  if (typeof f.timeframe === "string" && isTimeframeToken(f.timeframe)) {
    out.timeframe = f.timeframe;
    const range = options.today
      ? resolveTimeframe(f.timeframe, options.today)
      : isRecord(f.date_range)
        ? f.date_range
        : undefined;
    if (range && typeof range.start === "string" && typeof range.end === "string")
      out.date_range = { start: range.start, end: range.end };
  }
  if (
    typeof f.compare_to === "string" &&
    (f.compare_to === "previous_period" || f.compare_to === "same_period_last_year" || isTimeframeToken(f.compare_to))
  ) {
    out.compare_to = f.compare_to;
  }
  if (typeof f.marketplace === "string") {
    const code = f.marketplace.toUpperCase() === "GB" ? "UK" : f.marketplace.toUpperCase();
    if ((MARKETPLACE_CODES as readonly string[]).includes(code)) out.marketplace = code as MarketplaceCode;
  }
  if (Array.isArray(f.metrics)) {
    const metrics = [
      ...new Set(
        f.metrics.filter((m): m is Metric => typeof m === "string" && (METRICS as readonly string[]).includes(m)),
      ),
    ];
    if (metrics.length) out.metrics = metrics;
  }
  const limit = positiveInt(f.limit);
  if (limit !== undefined) out.limit = limit;
  if (f.sort === "asc" || f.sort === "desc") out.sort = f.sort;
  if (typeof f.group_by === "string" && (GROUP_BYS as readonly string[]).includes(f.group_by))
    out.group_by = f.group_by as GroupBy;
  const pick = (value: unknown, allowed?: string[]) => {
    if (typeof value !== "string" || value.trim() === "") return undefined;
    if (!allowed) return value.trim();
    return allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  };
  const category = pick(f.category, options.categories);
  if (category) out.category = category;
  if (typeof f.subcategory === "string" && f.subcategory.trim()) out.subcategory = f.subcategory.trim();
  if (typeof f.asin === "string" && /^B0[A-Z0-9]{8}$/i.test(f.asin.trim())) out.asin = f.asin.trim().toUpperCase();
  const sku = pick(f.sku);
  if (sku) out.sku = sku;
  const campaign = pick(f.campaign, options.campaigns);
  if (campaign) out.campaign = campaign;
  if (Array.isArray(f.conditions)) {
    const conditions: Condition[] = [];
    for (const c of f.conditions) {
      if (!isRecord(c) || typeof c.metric !== "string" || !(METRICS as readonly string[]).includes(c.metric)) continue;
      if (typeof c.op !== "string" || !OPS.includes(c.op as ConditionOp)) continue;
      const value = finite(c.value);
      if (value !== undefined) conditions.push({ metric: c.metric as Metric, op: c.op as ConditionOp, value });
    }
    if (conditions.length) out.conditions = conditions;
  }
  const horizon = positiveInt(f.horizon_days);
  if (horizon !== undefined) out.horizon_days = horizon;
  const target = finite(f.target_acos);
  if (target !== undefined && target > 0 && target < 1000) out.target_acos = target;
  if (isRecord(f.settings)) {
    const s = f.settings;
    const settings: Settings = {};
    const lead = positiveInt(s.lead_time_days);
    if (lead !== undefined) settings.lead_time_days = lead;
    const safety = positiveInt(s.safety_stock_days);
    if (safety !== undefined) settings.safety_stock_days = safety;
    const acos = finite(s.target_acos);
    if (acos !== undefined && acos > 0 && acos < 1000) settings.target_acos = acos;
    if (typeof s.currency === "string" && /^[A-Za-z]{3}$/.test(s.currency))
      settings.currency = s.currency.toUpperCase();
    if (Object.keys(settings).length) out.settings = settings;
  }
  if (typeof f.insight_type === "string" && (INSIGHT_TYPES as readonly string[]).includes(f.insight_type))
    out.insight_type = f.insight_type as InsightType;
  if (typeof f.detail_level === "string" && (DETAIL_LEVELS as readonly string[]).includes(f.detail_level))
    out.detail_level = f.detail_level as DetailLevel;
  if (typeof f.alert_id === "string" && /^alert_[a-z0-9]{1,40}$/i.test(f.alert_id.trim()))
    out.alert_id = f.alert_id.trim().toLowerCase();
  const confidence = finite(raw.confidence);
  const understanding: Understanding = {
    intent,
    area: INTENT_AREAS[intent],
    confidence: confidence !== undefined ? Math.min(1, Math.max(0, confidence)) : 0.5,
    filters: out,
    interpretation: typeof raw.interpretation === "string" ? raw.interpretation : "",
  };
  if (raw.source === "parser" || raw.source === "llm") understanding.source = raw.source;
  if (Array.isArray(raw.notes)) understanding.notes = raw.notes.filter((n): n is string => typeof n === "string");
  return understanding;
}
