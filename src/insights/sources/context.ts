/**
 * What every insight source shares in one run: the period, the account's
 * revenue over it, each product's facts (the same reads `ask` answers
 * from), the catalog, and a way to run any intent's analysis for a filter.
 */
import type { AnalyticsContext } from "../../analytics/facts/context.js";
import type { IntentHandler, Outcome } from "../../analytics/answers/outcome.js";
import {
  listingsOf,
  productFacts,
  sumFacts,
  type ListingEntry,
  type ProductFacts,
} from "../../analytics/facts/product-facts.js";
import { addDaysIso } from "../../core/dates.js";
import { INTENT_AREAS, type Filters, type Intent, type MarketplaceCode } from "../../core/understanding.js";
import { scanAnomalies, type AnomalyScan } from "../anomalies/scan.js";
import type { Sensitivity } from "../anomalies/sensitivity.js";
import type { DateRange, DetailLevel } from "../types.js";

/** Days of the period findings look at (and compare with the same number before). */
export const PERIOD_DAYS = 30;

export interface SourceContext {
  ctx: AnalyticsContext;
  marketplace?: string;
  detail: DetailLevel;
  sensitivity: Sensitivity;
  /** The last PERIOD_DAYS days of data. */
  period: DateRange;
  /** Each product's facts over the period, by `${marketplace}|${asin}`. */
  facts(): Promise<Map<string, ProductFacts>>;
  /** The account's revenue over the period, in its currency. */
  revenue(): Promise<number>;
  /** Title, SKU and category of products, by `${marketplace}|${asin}`. */
  listings(keys: Iterable<string>): Promise<Map<string, ListingEntry>>;
  currencyOf(marketplace: string): string;
  /** Runs an intent's analysis with these filters (the run's marketplace added). */
  run<I extends Intent>(handler: IntentHandler<I>, intent: I, filters: Filters): Promise<Outcome<I>>;
  /** The anomaly scan of the last two weeks (run once). */
  anomalies(): Promise<AnomalyScan>;
}

/** The period of a run: the last PERIOD_DAYS days up to the newest day of sales data (or yesterday). */
export async function insightPeriod(ctx: AnalyticsContext): Promise<DateRange> {
  const extent = await ctx.extent();
  const yesterday = addDaysIso(ctx.today, -1);
  const end = extent.last && extent.last < yesterday ? extent.last : yesterday;
  return { start: addDaysIso(end, -(PERIOD_DAYS - 1)), end };
}

export async function sourceContext(
  ctx: AnalyticsContext,
  options: { marketplace?: string; detail: DetailLevel; sensitivity: Sensitivity },
): Promise<SourceContext> {
  const period = await insightPeriod(ctx);
  const scope = { marketplace: options.marketplace };
  let facts: Promise<Map<string, ProductFacts>> | undefined;
  let scan: Promise<AnomalyScan> | undefined;
  const self: SourceContext = {
    ctx,
    marketplace: options.marketplace,
    detail: options.detail,
    sensitivity: options.sensitivity,
    period,
    facts() {
      facts ??= productFacts(ctx, period, scope).then(
        (rows) => new Map(rows.map((f) => [`${f.marketplace}|${f.asin}`, f])),
      );
      return facts;
    },
    async revenue() {
      const rows = [...(await self.facts()).values()];
      await ctx.ensureRates(period.end);
      const total = sumFacts(ctx, rows, () => "all", ctx.homeCurrency, period).get("all");
      return total?.revenue ?? 0;
    },
    listings(keys) {
      const asins = [...new Set([...keys].map((k) => k.slice(k.indexOf("|") + 1)))];
      return listingsOf(ctx, asins, options.marketplace);
    },
    currencyOf(marketplace) {
      return ctx.currencies.get(marketplace) ?? ctx.homeCurrency;
    },
    run(handler, intent, filters) {
      const withScope: Filters = {
        ...filters,
        ...(options.marketplace ? { marketplace: options.marketplace as MarketplaceCode } : {}),
      };
      return handler(ctx, {
        intent,
        area: INTENT_AREAS[intent],
        confidence: 1,
        filters: withScope,
        interpretation: "insights",
      } as never);
    },
    anomalies() {
      scan ??= scanAnomalies(ctx, { sensitivity: options.sensitivity, marketplace: options.marketplace });
      return scan;
    },
  };
  return self;
}

/** The period as filters an intent reads. */
export function periodFilters(period: DateRange): Filters {
  return { timeframe: `${period.start}..${period.end}`, date_range: { ...period } };
}

/** The period as a question says it: "last 30 days" when it ends yesterday, else its dates. */
export function periodPhrase(sc: Pick<SourceContext, "ctx" | "period">): string {
  return sc.period.end === addDaysIso(sc.ctx.today, -1)
    ? `last ${PERIOD_DAYS} days`
    : `from ${sc.period.start} to ${sc.period.end}`;
}
