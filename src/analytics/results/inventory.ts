/** The results of the inventory intents: stock-outs, restocking, excess stock and stock value. */
import { analysis } from "./common.js";
import {
  count,
  date,
  flag,
  identifier,
  list,
  money,
  nullable,
  number,
  object,
  oneOf,
  percent,
  shape,
  text,
  type Fields,
  type ListOf,
} from "./shape.js";

/** A product's Inventory Status fields, in the documented order. */
export const INVENTORY_STATUS = {
  asin: identifier,
  sku: identifier,
  fnsku: nullable(text),
  title: text,
  marketplace: text,
  condition: text,
  inventory_level: count,
  available_quantity: count,
  reserved_quantity: count,
  fulfillment_type: text,
  inbound_quantity: count,
  days_of_supply: nullable(number),
  restock_recommendation: object({
    recommended_quantity: count,
    urgency: oneOf("critical", "high", "medium", "low"),
    optimal_po_date: nullable(date),
  }),
} as const;

export const STOCKOUT_RISK = shape("products", {
  products: list(
    object({
      ...INVENTORY_STATUS,
      stockout_date: nullable(date),
      daily_demand: number,
      days_of_supply_with_inbound: nullable(number),
    }),
  ),
  horizon_days: number,
  snapshot_date: nullable(date),
  analysis,
});

export const RESTOCK_RECOMMENDATIONS = shape("products", {
  products: list(
    object({ ...INVENTORY_STATUS, daily_demand: number, lead_time_days: number, stockout_date: nullable(date) }),
  ),
  settings: object({ lead_time_days: number, safety_stock_days: number, coverage_days: number, target_acos: percent }),
  snapshot_date: nullable(date),
  analysis,
});

export const EXCESS_INVENTORY = shape("products", {
  products: list(
    object({
      ...INVENTORY_STATUS,
      daily_demand: number,
      excess_units: count,
      excess_value_at_cost: money,
      slow_mover: flag,
      currency: text,
    }),
  ),
  target_days_of_supply: number,
  snapshot_date: nullable(date),
  analysis,
});

const STOCK_VALUE = {
  products: count,
  units: count,
  value_at_cost: money,
  value_at_price: money,
  currency: text,
} as const;

/** Stock value with its rows under `primary`: per category, marketplace or product. */
function inventoryValueBy<const K extends string, const R extends Fields>(primary: K, row: R) {
  const rows = { [primary]: list(object(row)) } as Record<K, ListOf<R>>;
  return shape(primary, {
    ...rows,
    totals: object({ value_at_cost: money, value_at_price: money, currency: text }),
    currency: text,
    snapshot_date: nullable(date),
    analysis,
  });
}

export const INVENTORY_VALUE_BY_CATEGORY = inventoryValueBy("categories", { category: text, ...STOCK_VALUE });
export const INVENTORY_VALUE_BY_MARKETPLACE = inventoryValueBy("marketplaces", { marketplace: text, ...STOCK_VALUE });
export const INVENTORY_VALUE_BY_PRODUCT = inventoryValueBy("products", { asin: identifier, ...STOCK_VALUE });
