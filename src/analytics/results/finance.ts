/** The results of the money intents: the P&L (profit_breakdown) and what the marketplace paid out (payouts). */
import { analysis, notes, period } from "./common.js";
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
  percent,
  shape,
  signed,
  text,
} from "./shape.js";

/** What the P&L could not know: products without a unit cost, without fee rates, settlements missing. */
const MISSING = object({
  /** Products sold in the period that have no unit cost: their cost of goods is unknown. */
  products_without_cost: count,
  /** Products sold in the period with no fee rates of their own (estimated at a 15% referral fee, no FBA fee). */
  products_without_fees: count,
  /** Products sold in the period, for the counts above. */
  products_sold: count,
  /** Whether settlement reports cover the period (storage and other account fees come only from them). */
  settlements_imported: flag,
});

export const PROFIT_BREAKDOWN_LINES = shape("lines", {
  lines: list(
    object({
      line: text,
      /** Income positive, costs negative; null when unknown (cost of goods without unit costs, and the profit after it). */
      amount: nullable(signed(money)),
      share_of_revenue: nullable(signed(percent)),
      /** False when the amount leaves out something unknown (cost of goods of products without a unit cost). */
      complete: flag,
    }),
  ),
  net_profit: nullable(signed(money)),
  profit_margin: nullable(signed(percent)),
  /** Net profit before the cost of goods: known even when unit costs are missing. */
  profit_before_cost_of_goods: signed(money),
  missing: MISSING,
  currency: text,
  period,
  notes,
  analysis,
});

export const PROFIT_BREAKDOWN_PRODUCTS = shape("products", {
  products: list(
    object({
      asin: identifier,
      title: text,
      marketplace: text,
      units_sold: count,
      revenue: money,
      refunds: signed(money),
      referral_fees: signed(money),
      fba_fees: signed(money),
      cost_of_goods: nullable(signed(money)),
      ad_spend: signed(money),
      profit_before_cost_of_goods: signed(money),
      net_profit: nullable(signed(money)),
      profit_margin: nullable(signed(percent)),
      has_unit_cost: flag,
      currency: text,
    }),
  ),
  net_profit: nullable(signed(money)),
  missing: MISSING,
  currency: text,
  period,
  notes,
  analysis,
});

export const PROFIT_BREAKDOWN_PERIODS = shape("periods", {
  periods: list(
    object({
      period: date,
      revenue: money,
      refunds: signed(money),
      fees: signed(money),
      storage_and_other_fees: signed(money),
      cost_of_goods: nullable(signed(money)),
      ad_spend: signed(money),
      net_profit: nullable(signed(money)),
      profit_margin: nullable(signed(percent)),
      currency: text,
    }),
  ),
  missing: MISSING,
  currency: text,
  period,
  notes,
  analysis,
});

export const PAYOUTS = shape("payouts", {
  payouts: list(
    object({
      settlement_id: identifier,
      start_date: nullable(date),
      end_date: nullable(date),
      deposit_date: nullable(date),
      /**
       * What was paid: the report's total, else the sum of its lines. Payout figures are amounts, not changes, so
       * they show no "+" (a deduction is negative and shows its "-").
       */
      amount: money,
      sales: money,
      refunds: money,
      fees: money,
      other: money,
      lines: count,
      currency: text,
    }),
  ),
  /** Deposits summed by month of deposit, in each currency. */
  by_month: list(object({ month: text, deposits: count, amount: money, currency: text })),
  totals: list(object({ currency: text, deposits: count, amount: money })),
  last_deposit: nullable(
    object({ settlement_id: identifier, deposit_date: nullable(date), amount: money, currency: text }),
  ),
  period: nullable(period),
  analysis,
});

export const INVENTORY_LEVELS = shape("products", {
  products: list(
    object({
      asin: identifier,
      sku: identifier,
      title: text,
      marketplace: text,
      available_quantity: count,
      inbound_quantity: count,
      reserved_quantity: count,
      unfulfillable_quantity: count,
      daily_demand: number,
      days_of_supply: nullable(number),
      days_of_supply_with_inbound: nullable(number),
    }),
  ),
  totals: object({
    products: count,
    available_quantity: count,
    inbound_quantity: count,
    reserved_quantity: count,
    out_of_stock: count,
  }),
  snapshot_date: nullable(date),
  analysis,
});
