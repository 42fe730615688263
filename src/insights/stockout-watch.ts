/**
 * Stock-out risk that becomes critical: after each refresh, every SKU's
 * restock urgency (days of supply against its lead time, as `ask` and the
 * risks insights give it) is compared with the last check's, and a SKU
 * crossing into "critical" records one `inventory.alert` (kind
 * `stockout_risk`). It fires again only after it has left critical and
 * come back. The states and firings are kept beside the alert rules', under
 * a watch id of the account's own.
 */
import { createAnalyticsContext } from "../analytics/facts/context.js";
import { inventoryStatus, type InventoryRow } from "../analytics/facts/inventory-status.js";
import { isoDate } from "../core/dates.js";
import { emitInventoryAlert } from "../events/index.js";
import { listAccounts } from "../store/accounts.js";
import { alertStates, recordAlertCheck } from "../store/alert-events.js";
import type { MirrorDb } from "../store/open-mirror.js";

export interface StockoutFiring {
  /** The firing's id (the event's data.id). */
  id: string;
  account_id: string;
  marketplace: string;
  sku: string;
  asin: string;
  days_of_supply: number | null;
  fired_at: string;
}

/** The alert-state key of an account's stock-out watch. */
export function stockoutWatchId(accountId: string): string {
  return `stockout_risk:${accountId}`;
}

/**
 * Checks the stock-out risk of every SKU of an account (or of every
 * account) and records the ones that became critical.
 *
 * @example
 * const fired = await checkStockoutRisk(db, { now, accountId: "demo" });
 * fired[0]; // { marketplace: "US", sku: "KN-01", days_of_supply: 4.2, … }
 */
export async function checkStockoutRisk(
  db: MirrorDb,
  options: { now: Date; accountId?: string },
): Promise<StockoutFiring[]> {
  const at = options.now.toISOString();
  const out: StockoutFiring[] = [];
  for (const account of await listAccounts(db)) {
    if (options.accountId && account.id !== options.accountId) continue;
    const ctx = await createAnalyticsContext(db, account, options.now, isoDate(options.now));
    const status = await inventoryStatus(ctx, {
      intent: "stockout_risk",
      area: "inventory",
      confidence: 1,
      filters: {},
      interpretation: "stock-out watch",
    });
    if (status.rows.length === 0) continue;
    const watch = stockoutWatchId(account.id);
    const before = await alertStates(db, watch);
    const rows = new Map<string, InventoryRow>();
    const states: Parameters<typeof recordAlertCheck>[3] = [];
    const fired: Parameters<typeof recordAlertCheck>[4] = [];
    for (const row of status.rows) {
      const entity = `${row.marketplace}|${row.sku}`;
      if (rows.has(entity)) continue;
      rows.set(entity, row);
      const critical = row.restock_recommendation.urgency === "critical";
      const was = before.get(entity);
      if (critical && !was?.crossed)
        fired.push({ entity, value: row.days_of_supply, details: { urgency: "critical", asin: row.asin } });
      states.push({
        entity,
        crossed: critical ? 1 : 0,
        value: row.days_of_supply,
        since: critical ? (was?.crossed ? was.since : at) : null,
        checked_at: at,
      });
    }
    const events = await recordAlertCheck(db, account.id, watch, states, fired, at, async (trx, recorded) => {
      for (const e of recorded) {
        const row = rows.get(e.entity)!;
        await emitInventoryAlert(
          trx,
          {
            id: e.id,
            account_id: account.id,
            kind: "stockout_risk",
            description: stockoutWords(row),
            marketplace: row.marketplace,
            asin: row.asin,
            sku: row.sku,
            metric: "days_of_supply",
            value: row.days_of_supply,
            days_of_cover: row.days_of_supply,
            severity: "critical",
          },
          options.now,
        );
      }
    });
    for (const e of events) {
      const row = rows.get(e.entity)!;
      out.push({
        id: e.id,
        account_id: account.id,
        marketplace: row.marketplace,
        sku: row.sku,
        asin: row.asin,
        days_of_supply: row.days_of_supply,
        fired_at: e.fired_at,
      });
    }
  }
  return out;
}

function stockoutWords(row: InventoryRow): string {
  const days = row.days_of_supply === null ? "no" : String(Math.round(row.days_of_supply * 10) / 10);
  const who = row.title ? `${row.title} (${row.sku})` : row.sku;
  return (
    `${who} in ${row.marketplace} has ${days} days of supply, within its ${row.lead_time_days}-day lead time` +
    `${row.stockout_date ? `: it runs out about ${row.stockout_date}` : ""}; restock now.`
  );
}
