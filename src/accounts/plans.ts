/**
 * The plans and what each allows: the daily quotas, how far back a request
 * may reach and the per-second burst limit. Billing assigns plans; the API
 * enforces them.
 */
import type { Plan } from "../store/schema.js";
import type { UsageKind } from "../store/usage-counters.js";

export type { Plan, UsageKind };
export const PLANS = ["starter", "business", "enterprise"] as const satisfies readonly Plan[];

/** What a plan allows. `null` means no limit. */
export interface PlanLimits {
  queriesPerDay: number | null;
  insightsPerDay: number | null;
  /** How far back a request may reach, in calendar months before today. */
  dataMonths: number | null;
  /** Requests per second per key (a burst guard, not a quota; see store/burst-counters.ts). */
  burstPerSecond: number;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  starter: { queriesPerDay: 100, insightsPerDay: 5, dataMonths: 12, burstPerSecond: 10 },
  business: { queriesPerDay: 1_000, insightsPerDay: 50, dataMonths: 36, burstPerSecond: 50 },
  enterprise: { queriesPerDay: null, insightsPerDay: null, dataMonths: null, burstPerSecond: 5_000 },
};

export function dailyLimit(plan: Plan, kind: UsageKind): number | null {
  const limits = PLAN_LIMITS[plan];
  return kind === "query" ? limits.queriesPerDay : limits.insightsPerDay;
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
