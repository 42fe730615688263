/**
 * Alert rules that fire. Each rule (from `create_alert`: a metric, an
 * operator, a value, and the filters it is limited to) is checked against
 * every product (or campaign) it covers; a product crossing the threshold
 * fires one event, and fires again only after it has come back and crossed
 * anew. Checked after every import, sync and demo generation, and on demand.
 * Each firing is recorded with its `inventory.alert` event in one transaction.
 *
 * Figures: stock rules (days of supply, available quantity, restock
 * quantity) on the newest inventory snapshot, per SKU; sales, traffic and
 * advertising rules on each product's last ALERT_WINDOW_DAYS days of data,
 * the same figures `ask` gives for that period; campaign rules (a campaign
 * named) on the campaign's.
 */
import { campaignFacts, campaignIdsFor, campaignsOf } from "../analytics/facts/ad-facts.js";
import { createAnalyticsContext, type AnalyticsContext } from "../analytics/facts/context.js";
import { inventoryStatus } from "../analytics/facts/inventory-status.js";
import { meetsCondition } from "../analytics/answers/outcome.js";
import { productFacts, ratios } from "../analytics/facts/product-facts.js";
import { scopeOf } from "../analytics/facts/scope.js";
import { addDaysIso, isoDate } from "../core/dates.js";
import { emitInventoryAlert } from "../events/index.js";
import type { Condition, Filters, MarketplaceCode, Metric } from "../core/understanding.js";
import { listAccounts } from "../store/accounts.js";
import {
  activeAlertRules,
  alertStates,
  lastFirings,
  recordAlertCheck,
  type AlertEvent,
  type AlertRule,
} from "../store/alert-events.js";
import type { MirrorDb } from "../store/open-mirror.js";
import type { InventoryAlertFinding } from "../events/index.js";

/** Days of sales data a sales, traffic or advertising rule is judged on. */
export const ALERT_WINDOW_DAYS = 7;

const STOCK_METRICS = new Set(["days_of_supply", "available_quantity", "restock_quantity"]);
const PRODUCT_METRICS = new Set([
  "revenue",
  "units_sold",
  "orders",
  "profit",
  "profit_margin",
  "refund_rate",
  "conversion_rate",
  "sessions",
  "page_views",
  "buy_box_percentage",
  "ad_spend",
  "ad_sales",
  "acos",
  "tacos",
  "roas",
  "price",
]);
const CAMPAIGN_METRICS = new Set(["acos", "ad_spend", "ad_sales", "roas", "clicks", "impressions", "ctr", "cpc"]);

export interface FiredAlert {
  alert_id: string;
  account_id: string;
  description: string;
  entity: string;
  value: number | null;
  fired_at: string;
  event_id: string;
}

export interface AlertCheck {
  /** Rules checked, per account. */
  checked: number;
  /** Rules whose metric cannot be checked from the mirror. */
  unchecked: string[];
  fired: FiredAlert[];
}

/**
 * Checks every active rule of an account (or of every account) and records
 * the crossings.
 *
 * @example
 * const { fired } = await checkAlerts(db, { now });
 * fired[0]; // { alert_id: "alert_…", entity: "US|SKU-1", value: 6.2, … }
 */
export async function checkAlerts(db: MirrorDb, options: { now: Date; accountId?: string }): Promise<AlertCheck> {
  const accounts = (await listAccounts(db)).filter((a) => !options.accountId || a.id === options.accountId);
  const out: AlertCheck = { checked: 0, unchecked: [], fired: [] };
  const at = options.now.toISOString();
  for (const account of accounts) {
    const rules = await activeAlertRules(db, account.id);
    if (!rules.length) continue;
    const ctx = await createAnalyticsContext(db, account, options.now, isoDate(options.now));
    for (const rule of rules) {
      const values = await valuesFor(ctx, rule);
      if (!values) {
        out.unchecked.push(rule.id);
        continue;
      }
      out.checked++;
      const before = await alertStates(db, rule.id);
      const condition = { metric: rule.metric as Metric, op: rule.op as Condition["op"], value: rule.value };
      const states: Parameters<typeof recordAlertCheck>[3] = [];
      const fired: Parameters<typeof recordAlertCheck>[4] = [];
      for (const [entity, value] of values) {
        const crossed = value !== null && Number.isFinite(value) && meetsCondition(value, condition);
        const was = before.get(entity);
        if (crossed && !was?.crossed)
          fired.push({ entity, value, details: { metric: rule.metric, op: rule.op, threshold: rule.value } });
        states.push({
          entity,
          crossed: crossed ? 1 : 0,
          value,
          since: crossed ? (was?.crossed ? was.since : at) : null,
          checked_at: at,
        });
      }
      const events = await recordAlertCheck(db, account.id, rule.id, states, fired, at, async (trx, recorded) => {
        for (const e of recorded) await emitInventoryAlert(trx, ruleAlert(rule, e), options.now);
      });
      out.fired.push(...events.map((e) => firedOf(rule, e)));
    }
  }
  return out;
}

/** The `inventory.alert` of a rule's firing: the entity is "marketplace|SKU" (stock), "|ASIN" or "|campaign". */
function ruleAlert(rule: AlertRule, e: AlertEvent): InventoryAlertFinding {
  const [marketplace, thing] = splitEntity(e.entity);
  const scope = JSON.parse(rule.scope || "{}") as Record<string, string>;
  const stock = STOCK_METRICS.has(rule.metric);
  const campaign = Boolean(scope.campaign) && CAMPAIGN_METRICS.has(rule.metric);
  return {
    id: e.id,
    account_id: e.account_id,
    kind: "alert_rule",
    rule_id: rule.id,
    description: `${rule.description}: ${thing}${marketplace ? ` in ${marketplace}` : ""} at ${e.value ?? "n/a"}`,
    marketplace: marketplace || null,
    asin: stock || campaign ? null : thing,
    sku: stock ? thing : null,
    metric: rule.metric,
    op: rule.op,
    threshold: rule.value,
    value: e.value,
    days_of_cover: rule.metric === "days_of_supply" ? e.value : null,
    severity: stock ? "high" : "medium",
  };
}

function splitEntity(entity: string): [string, string] {
  const bar = entity.indexOf("|");
  return bar < 0 ? ["", entity] : [entity.slice(0, bar), entity.slice(bar + 1)];
}

function firedOf(rule: AlertRule, e: AlertEvent): FiredAlert {
  return {
    alert_id: rule.id,
    account_id: e.account_id,
    description: rule.description,
    entity: e.entity,
    value: e.value,
    fired_at: e.fired_at,
    event_id: e.id,
  };
}

/** The rule's metric per thing it watches, or undefined when the mirror cannot tell it. */
async function valuesFor(ctx: AnalyticsContext, rule: AlertRule): Promise<Map<string, number | null> | undefined> {
  const scope = JSON.parse(rule.scope || "{}") as Record<string, string>;
  const filters: Filters = {};
  if (scope.marketplace) filters.marketplace = scope.marketplace as MarketplaceCode;
  for (const k of ["category", "asin", "sku"] as const) if (scope[k]) filters[k] = scope[k];
  const understanding = {
    intent: "stockout_risk" as const,
    area: "inventory" as const,
    confidence: 1,
    filters,
    interpretation: "alert",
  };
  const out = new Map<string, number | null>();
  if (STOCK_METRICS.has(rule.metric)) {
    const status = await inventoryStatus(ctx, understanding);
    for (const r of status.rows) {
      const value =
        rule.metric === "days_of_supply"
          ? r.days_of_supply
          : rule.metric === "available_quantity"
            ? r.available_quantity
            : r.restock_recommendation.recommended_quantity;
      out.set(`${r.marketplace}|${r.sku}`, value);
    }
    return out;
  }
  const extent = await ctx.extent();
  if (!extent.last) return out;
  const range = { start: addDaysIso(extent.last, -(ALERT_WINDOW_DAYS - 1)), end: extent.last };
  if (scope.campaign && CAMPAIGN_METRICS.has(rule.metric)) {
    const ids = await campaignIdsFor(ctx, scope.campaign);
    const names = await campaignsOf(ctx);
    for (const c of await campaignFacts(ctx, range, { marketplace: filters.marketplace }, ids)) {
      const pct = (a: number, b: number) => (b ? (a / b) * 100 : null);
      const value: Record<string, number | null> = {
        acos: pct(c.spend, c.sales),
        ad_spend: c.spend,
        ad_sales: c.sales,
        roas: c.spend ? c.sales / c.spend : null,
        clicks: c.clicks,
        impressions: c.impressions,
        ctr: pct(c.clicks, c.impressions),
        cpc: c.clicks ? c.spend / c.clicks : null,
      };
      out.set(`${c.marketplace}|${names.get(c.campaign_id)?.name ?? c.campaign_id}`, value[rule.metric] ?? null);
    }
    return out;
  }
  if (!PRODUCT_METRICS.has(rule.metric)) return undefined;
  const productScope = await scopeOf(ctx, { ...understanding, filters: { ...filters, date_range: range } });
  for (const f of await productFacts(ctx, range, productScope)) {
    const r = ratios(f);
    const value: Record<string, number | null> = {
      revenue: f.revenue,
      units_sold: f.units,
      orders: f.orders,
      profit: f.profit,
      sessions: f.sessions,
      page_views: f.page_views,
      ad_spend: f.ad_spend,
      ad_sales: f.ad_sales,
      price: f.units ? f.revenue / f.units : null,
      ...r,
    };
    out.set(`${f.marketplace}|${f.asin}`, value[rule.metric] ?? null);
  }
  return out;
}

export interface ListedAlert {
  id: string;
  description: string;
  metric: string;
  op: string;
  value: number;
  scope: Record<string, unknown>;
  created_at: string;
  /** Things (products, SKUs, campaigns) past the threshold at the last check. */
  crossed_now: number;
  last_fired_at: string | null;
  last_fired_for: string | null;
  last_fired_value: number | null;
  events: number;
}

/** The account's active rules with their last firing, oldest rule first. */
export async function listAlerts(db: MirrorDb, accountId: string): Promise<ListedAlert[]> {
  const rules = await activeAlertRules(db, accountId);
  const firings = await lastFirings(db, accountId);
  const out: ListedAlert[] = [];
  for (const rule of rules) {
    const states = await alertStates(db, rule.id);
    const last = firings.get(rule.id);
    out.push({
      id: rule.id,
      description: rule.description,
      metric: rule.metric,
      op: rule.op,
      value: rule.value,
      scope: JSON.parse(rule.scope || "{}"),
      created_at: rule.created_at,
      crossed_now: [...states.values()].filter((s) => s.crossed).length,
      last_fired_at: last?.fired_at ?? null,
      last_fired_for: last?.entity ?? null,
      last_fired_value: last?.value ?? null,
      events: last?.events ?? 0,
    });
  }
  return out;
}
