/**
 * The demo seller's settlements, as Amazon pays them: every marketplace closes
 * a settlement every 14 days in its own currency and deposits it a few days
 * later, over the days the ad reports cover. Each settlement is made from the
 * demo's own days, so it reconciles with the rest of the demo: per SKU the
 * period's sales (Principal, as the daily revenue), the referral and FBA fees
 * of the fee table on them, the period's refunds (as the daily refund
 * amounts), the period's ad spend as one "Cost of Advertising" service fee,
 * and now and then a reserve held back and released in the next settlement.
 * The header total is the sum of the lines.
 *
 * Lines are a period's sums per SKU (posted on its last day), not one line per
 * order: a few lines per product and fortnight keep the demo quick to generate.
 */
import { addDaysIso } from "../core/dates.js";
import { fulfilmentFee } from "./market.js";
import { DEMO_ACCOUNT_ID, type DemoMarket, type DemoPlan } from "./plan.js";
import { hashString, Random } from "./random.js";

/** Days in a settlement period. */
export const SETTLEMENT_DAYS = 14;
/** Transaction types of the reserve Amazon holds back from one settlement and releases in the next. */
export const RESERVE_HELD = "Current Reserve Amount";
export const RESERVE_RELEASED = "Previous Reserve Amount Balance";
/** How the ad charges of a period show in a settlement. */
export const AD_CHARGE = { transactionType: "ServiceFee", feeType: "Cost of Advertising" } as const;

/** Where the finished settlements go; the caller batches them into the mirror. */
export interface SettlementSink {
  settlement(row: Record<string, unknown>): void;
  /** A settlement's lines as one flat list of values, `columns.length` per line: no object per line. */
  lines(columns: readonly string[], values: unknown[]): void;
}

interface Period {
  /** Day indexes of its first and last day. */
  from: number;
  to: number;
  deposit: string;
}

interface MarketLedger {
  market: DemoMarket;
  periods: Period[];
  /** The settlement period of each day index; -1 for days not settled yet. */
  periodOfDay: Int32Array;
  /** Per period and product (period × products + product): units, revenue and refunds in cents. */
  units: Float64Array;
  revenue: Float64Array;
  refundUnits: Float64Array;
  refunds: Float64Array;
  /** Ad spend per period, in cents. */
  adSpend: Float64Array;
}

/**
 * Collects the demo's daily sales and ad spend as they are generated, then
 * writes the settlements they add up to.
 *
 * @example
 * const ledger = new SettlementLedger(plan);
 * ledger.sale(salesRow); ledger.adSpend(campaignDayRow);
 * ledger.write({ settlement: push, lines: (columns, values) => writer.writeValues("settlement_transactions", columns, values) });
 */
export class SettlementLedger {
  private readonly ledgers = new Map<string, MarketLedger>();
  private readonly dayOf: Map<string, number>;
  private readonly productOf: Map<string, number>;
  /** The first day any settlement covers. */
  private readonly firstDay: string;

  constructor(private readonly plan: DemoPlan) {
    this.dayOf = new Map(plan.dates.map((date, i) => [date, i]));
    this.productOf = new Map(plan.products.map((p, i) => [p.asin, i]));
    this.firstDay = plan.dates[plan.adsStartDay];
    for (const market of plan.markets) {
      const periods = settlementPeriods(plan, market);
      const periodOfDay = new Int32Array(plan.days).fill(-1);
      for (const [k, p] of periods.entries()) periodOfDay.fill(k, p.from, p.to + 1);
      const cells = periods.length * plan.products.length;
      this.ledgers.set(market.code, {
        market,
        periods,
        periodOfDay,
        units: new Float64Array(cells),
        revenue: new Float64Array(cells),
        refundUnits: new Float64Array(cells),
        refunds: new Float64Array(cells),
        adSpend: new Float64Array(periods.length),
      });
    }
  }

  /** A daily_sales row of the demo. */
  sale(row: Record<string, unknown>): void {
    if ((row.date as string) < this.firstDay) return;
    const ledger = this.ledgers.get(row.marketplace as string)!;
    const period = ledger.periodOfDay[this.dayOf.get(row.date as string)!];
    if (period < 0) return;
    const cell = period * this.plan.products.length + this.productOf.get(row.asin as string)!;
    ledger.units[cell] += row.units as number;
    ledger.revenue[cell] += cents(row.revenue as number);
    ledger.refundUnits[cell] += row.refund_units as number;
    ledger.refunds[cell] += cents(row.refund_amount as number);
  }

  /** An ad_campaign_daily row of the demo. */
  adSpend(row: Record<string, unknown>): void {
    const ledger = this.ledgers.get(row.marketplace as string)!;
    const period = ledger.periodOfDay[this.dayOf.get(row.date as string)!];
    if (period >= 0) ledger.adSpend[period] += cents(row.spend as number);
  }

  /** Writes every closed settlement: its lines in the order Amazon lists them, then its header. */
  write(sink: SettlementSink): void {
    const products = this.plan.products;
    const fba = new Map(
      this.plan.markets.map((m) => [m.code, products.map((p) => cents(fulfilmentFee(p, m)))] as const),
    );
    // Amazon numbers settlements as they close: written in that order, every line appends to the table's key.
    const closing = [...this.ledgers.values()]
      .flatMap((ledger, m) =>
        ledger.periods.map((period, k) => ({ ledger, k, period, id: settlementId(this.plan, m, period) })),
      )
      .sort((a, b) => a.id - b.id);
    const reserves = new Map<string, number>();
    for (const { ledger, k, period, id: number } of closing) {
      const { market, periods } = ledger;
      const id = String(number);
      const released = reserves.get(market.code) ?? 0;
      const start = this.plan.dates[period.from];
      const end = this.plan.dates[period.to];
      const values: unknown[] = [];
      let total = 0;
      // One line: its columns in LINE_COLUMNS order, amounts in cents.
      const line = (
        type: string,
        posted: string,
        sku: string | null,
        quantity: number | null,
        priceType: string | null,
        price: number | null,
        feeType: string | null,
        fee: number | null,
        other: number | null,
      ) => {
        total += price ?? fee ?? other ?? 0;
        values.push(
          DEMO_ACCOUNT_ID,
          id,
          values.length / LINE_COLUMNS.length + 1,
          market.code,
          type,
          null,
          null,
          sku,
          posted,
          quantity,
          priceType,
          price === null ? null : price / 100,
          feeType,
          fee === null ? null : fee / 100,
          other === null ? null : other / 100,
          market.currency,
        );
      };
      if (released) line(RESERVE_RELEASED, start, null, null, null, null, null, null, released);
      let sales = 0;
      const fees = fba.get(market.code)!;
      for (let p = 0; p < products.length; p++) {
        const cell = k * products.length + p;
        const units = ledger.units[cell];
        const sku = products[p].sku;
        if (units > 0) {
          const revenue = ledger.revenue[cell];
          const commission = -Math.round((revenue * products[p].referralPct) / 100);
          line("Order", end, sku, units, "Principal", revenue, null, null, null);
          line("Order", end, sku, units, null, null, "Commission", commission, null);
          line("Order", end, sku, units, null, null, "FBAPerUnitFulfillmentFee", -fees[p] * units, null);
          sales += revenue;
        }
        const refundUnits = ledger.refundUnits[cell];
        if (refundUnits > 0)
          line("Refund", end, sku, refundUnits, "Principal", -ledger.refunds[cell], null, null, null);
      }
      const spend = ledger.adSpend[k];
      if (spend > 0) line(AD_CHARGE.transactionType, end, null, null, null, null, AD_CHARGE.feeType, null, -spend);
      // Now and then Amazon holds part of a payout back (for claims and returns) and pays it with the next one.
      const rng = Random.for(this.plan.seed, "settlement", market.code, k);
      let held = 0;
      if (k < periods.length - 1 && rng.chance(0.12)) {
        held = Math.round(sales * rng.between(0.02, 0.05));
        line(RESERVE_HELD, end, null, null, null, null, null, null, -held);
      }
      sink.lines(LINE_COLUMNS, values);
      sink.settlement({
        account_id: DEMO_ACCOUNT_ID,
        settlement_id: id,
        start_date: start,
        end_date: end,
        deposit_date: period.deposit,
        total_amount: total / 100,
        currency: market.currency,
      });
      reserves.set(market.code, held);
    }
  }
}

/** The columns of settlement_transactions, in the order `SettlementSink.lines` gets their values. */
export const LINE_COLUMNS = [
  "account_id",
  "settlement_id",
  "line_no",
  "marketplace",
  "transaction_type",
  "order_id",
  "adjustment_id",
  "sku",
  "posted_date",
  "quantity",
  "price_type",
  "price_amount",
  "fee_type",
  "fee_amount",
  "other_amount",
  "currency",
] as const;

/**
 * The settlement periods of a marketplace whose deposit is in the history:
 * over the days the ad reports cover (ads ran before them, at a cost the demo
 * does not know, so a settlement there could not show its ad charges), the
 * first from their first day, then every 14 days on the marketplace's own
 * schedule. The days after the last one are not settled yet.
 */
function settlementPeriods(plan: DemoPlan, market: DemoMarket): Period[] {
  const schedule = Random.for(plan.seed, "settlement-schedule", market.code);
  const periods: Period[] = [];
  let from = plan.adsStartDay;
  for (let to = from + schedule.int(5, SETTLEMENT_DAYS + 4); to < plan.days; from = to + 1, to += SETTLEMENT_DAYS) {
    const deposit = addDaysIso(plan.dates[to], schedule.int(2, 4));
    if (deposit > plan.end) break;
    periods.push({ from, to, deposit });
  }
  return periods;
}

/**
 * An 11-digit id like Amazon's, growing with the day the settlement closes (as Amazon's do) and unique per
 * marketplace and day; the digits below are drawn from the seed.
 */
function settlementId(plan: DemoPlan, market: number, period: Period): number {
  const base = 10_000_000_000 + (hashString("settlements", plan.seed) % 1_000_000_000);
  return base + period.to * 137_000 + market * 40_000 + (hashString(`${market}|${period.from}`, plan.seed) % 40_000);
}

function cents(amount: number): number {
  return Math.round(amount * 100);
}
