/** Advertising figures per campaign, target (keyword) and search term over a date range. */
import { sql, type RawBuilder } from "kysely";
import {
  CAMPAIGN_ROLLUP,
  factsTable,
  SEARCH_TERM_ROLLUP,
  TARGET_ROLLUP,
  type RollupSpec,
} from "../../store/rollups.js";
import { dialectOf } from "../../store/dialect.js";
import type { AnalyticsContext } from "./context.js";
import type { Scope } from "./scope.js";
import { NOTHING } from "../../store/scope-where.js";
import type { DateRange } from "../../core/timeframe.js";

export interface AdFacts {
  marketplace: string;
  campaign_id: string;
  ad_group_id?: string;
  target_id?: string;
  search_term?: string;
  impressions: number;
  clicks: number;
  spend: number;
  sales: number;
  orders: number;
  units: number;
  tos_weighted?: number;
  tos_impressions?: number;
}

export interface CampaignInfo {
  campaign_id: string;
  name: string;
  marketplace: string;
  state: string;
  targeting_type: string;
  daily_budget: number | null;
}

export function campaignsOf(ctx: AnalyticsContext): Promise<Map<string, CampaignInfo>> {
  return ctx.memo("campaigns", async () => {
    const rows = await ctx.rows(
      ctx.db
        .selectFrom("ad_campaigns")
        .select(["campaign_id", "name", "marketplace", "state", "targeting_type", "daily_budget"])
        .where("account_id", "=", ctx.accountId)
        .orderBy("campaign_id"),
    );
    return new Map(rows.map((r) => [r.campaign_id, r]));
  });
}

export interface TargetInfo {
  target_id: string;
  campaign_id: string;
  ad_group_id: string;
  kind: string;
  text: string;
  match_type: string | null;
  bid: number | null;
  state: string;
  default_bid: number | null;
}

export function targetsOf(ctx: AnalyticsContext): Promise<Map<string, TargetInfo>> {
  return ctx.memo("targets", async () => {
    const rows = await ctx.rows(
      ctx.db
        .selectFrom("ad_targets as t")
        .leftJoin("ad_groups as g", (j) =>
          j.onRef("g.account_id", "=", "t.account_id").onRef("g.ad_group_id", "=", "t.ad_group_id"),
        )
        .select([
          "t.target_id",
          "t.campaign_id",
          "t.ad_group_id",
          "t.kind",
          "t.text",
          "t.match_type",
          "t.bid",
          "t.state",
          "g.default_bid",
        ])
        .where("t.account_id", "=", ctx.accountId),
    );
    return new Map(rows.map((r) => [r.target_id, r as TargetInfo]));
  });
}

/** Campaign ids whose name matches the campaign filter (case-insensitive, exact then partial). */
export async function campaignIdsFor(ctx: AnalyticsContext, name: string | undefined): Promise<string[] | undefined> {
  if (!name) return undefined;
  const all = [...(await campaignsOf(ctx)).values()];
  const lower = name.toLowerCase();
  const exact = all.filter((c) => c.name.toLowerCase() === lower || c.campaign_id.toLowerCase() === lower);
  return (exact.length ? exact : all.filter((c) => c.name.toLowerCase().includes(lower))).map((c) => c.campaign_id);
}

async function adFacts(
  ctx: AnalyticsContext,
  spec: RollupSpec,
  range: DateRange,
  scope: Pick<Scope, "marketplace">,
  campaignIds: string[] | undefined,
): Promise<AdFacts[]> {
  const where = (): RawBuilder<unknown> | undefined => {
    const conds: RawBuilder<unknown>[] = [];
    if (scope.marketplace) conds.push(sql`marketplace = ${scope.marketplace}`);
    if (campaignIds) conds.push(campaignIds.length ? sql`campaign_id in (${sql.join(campaignIds)})` : NOTHING);
    return conds.length ? sql.join(conds, sql` and `) : undefined;
  };
  await ctx.ensureRates(range);
  const facts = factsTable(spec, {
    dialect: dialectOf(ctx.db),
    accountId: ctx.accountId,
    range,
    where,
    rollups: await ctx.rollups(),
  });
  const keys = spec.keys.map((k) => sql.ref(k));
  const { sum } = dialectOf(ctx.db);
  const sums = spec.measures.map((m) => sql`${sum(sql.ref(m))} as ${sql.ref(m)}`);
  const query = sql<AdFacts>`select ${sql.join(keys)}, ${sql.join(sums)} from ${facts} as f group by ${sql.join(keys)} order by ${sql.join(keys)}`;
  const compiled = query.compile(ctx.db);
  ctx.sql.push(compiled.sql);
  return (await ctx.db.executeQuery(compiled)).rows;
}

export const campaignFacts = (
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace">,
  ids?: string[],
) => adFacts(ctx, CAMPAIGN_ROLLUP, range, scope, ids);
export const targetFacts = (
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace">,
  ids?: string[],
) => adFacts(ctx, TARGET_ROLLUP, range, scope, ids);
export const searchTermFacts = (
  ctx: AnalyticsContext,
  range: DateRange,
  scope: Pick<Scope, "marketplace">,
  ids?: string[],
) => adFacts(ctx, SEARCH_TERM_ROLLUP, range, scope, ids);

/** The newest day of advertising data in a range, as an end-of-day timestamp, or null. */
/** The first and last day with ad data within `range` (both null when there is none). */
export async function adExtent(
  ctx: AnalyticsContext,
  range: DateRange,
): Promise<{ first: string | null; last: string | null }> {
  const row = (
    await ctx.rows(
      ctx.db
        .selectFrom("ad_campaign_daily")
        .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
        .where("account_id", "=", ctx.accountId)
        .where("date", ">=", range.start)
        .where("date", "<=", range.end),
    )
  )[0];
  return { first: (row?.first as string | null) ?? null, last: (row?.last as string | null) ?? null };
}

export async function adFreshness(ctx: AnalyticsContext, range: DateRange): Promise<string | null> {
  const row = (
    await ctx.rows(
      ctx.db
        .selectFrom("ad_campaign_daily")
        .select((eb) => eb.fn.max("date").as("last"))
        .where("account_id", "=", ctx.accountId)
        .where("date", ">=", range.start)
        .where("date", "<=", range.end),
    )
  )[0];
  return row?.last ? `${row.last}T23:59:59Z` : null;
}
