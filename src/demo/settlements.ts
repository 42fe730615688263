/**
 * The demo seller's settlements, as Amazon pays them: every marketplace closes
 * a settlement every 14 days in its own currency and deposits it a few days
 * later. Each settlement is made from the demo's own days, so it reconciles
 * with the rest of the demo: per SKU the period's sales (Principal, as the
 * daily revenue), the referral and FBA fees of the fee table on them, the
 * period's refunds (as the daily refund amounts), the period's ad spend as one
 * "Cost of Advertising" service fee, and now and then a reserve held back and
 * released in the next settlement. The header total is the sum of the lines.
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
  line(row: Record<string, unknown>): void;
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
 * ledger.write({ settlement: push, line: push });
 */
export class SettlementLedger {
  private readonly ledgers = new Map<string, MarketLedger>();
  private readonly dayOf: Map<string, number>;
  private readonly productOf: Map<string, number>;

  constructor(private readonly plan: DemoPlan) {
    this.dayOf = new Map(plan.dates.map((date, i) => [date, i]));
    this.productOf = new Map(plan.products.map((p, i) => [p.asin, i]));
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

  /** Writes every closed settlement: the header row and its lines in the order Amazon lists them. */
  write(sink: SettlementSink): void {
    const ids = new Set<string>();
    for (const ledger of this.ledgers.values()) {
      const { market, periods } = ledger;
      let reserve = 0;
      periods.forEach((period, k) => {
        const id = settlementId(this.plan.seed, market.code, this.plan.dates[period.from], ids);
        const start = this.plan.dates[period.from];
        const end = this.plan.dates[period.to];
        let lineNo = 0;
        let total = 0;
        const line = (fields: Record<string, unknown>, amount: number) => {
          total += amount;
          sink.line({
            account_id: DEMO_ACCOUNT_ID,
            settlement_id: id,
            line_no: ++lineNo,
            marketplace: market.code,
            transaction_type: null,
            order_id: null,
            adjustment_id: null,
            sku: null,
            posted_date: end,
            quantity: null,
            price_type: null,
            price_amount: null,
            fee_type: null,
            fee_amount: null,
            other_amount: null,
            currency: market.currency,
            ...fields,
          });
        };
        if (reserve) {
          line({ transaction_type: RESERVE_RELEASED, posted_date: start, other_amount: reserve / 100 }, reserve);
          reserve = 0;
        }
        let sales = 0;
        this.plan.products.forEach((product, p) => {
          const cell = k * this.plan.products.length + p;
          const units = ledger.units[cell];
          if (units > 0) {
            const revenue = ledger.revenue[cell];
            const order = { transaction_type: "Order", sku: product.sku, quantity: units };
            line({ ...order, price_type: "Principal", price_amount: revenue / 100 }, revenue);
            const commission = -Math.round((revenue * product.referralPct) / 100);
            line({ ...order, fee_type: "Commission", fee_amount: commission / 100 }, commission);
            const fulfilment = -Math.round(cents(fulfilmentFee(product, market)) * units);
            line({ ...order, fee_type: "FBAPerUnitFulfillmentFee", fee_amount: fulfilment / 100 }, fulfilment);
            sales += revenue;
          }
          const refunded = ledger.refunds[cell];
          if (ledger.refundUnits[cell] > 0) {
            line(
              {
                transaction_type: "Refund",
                sku: product.sku,
                quantity: ledger.refundUnits[cell],
                price_type: "Principal",
                price_amount: -refunded / 100,
              },
              -refunded,
            );
          }
        });
        const spend = ledger.adSpend[k];
        if (spend > 0)
          line(
            { transaction_type: AD_CHARGE.transactionType, fee_type: AD_CHARGE.feeType, other_amount: -spend / 100 },
            -spend,
          );
        // Now and then Amazon holds part of a payout back (for claims and returns) and pays it with the next one.
        const rng = Random.for(this.plan.seed, "settlement", market.code, k);
        if (k < periods.length - 1 && rng.chance(0.12)) {
          reserve = Math.round(sales * rng.between(0.02, 0.05));
          line({ transaction_type: RESERVE_HELD, other_amount: -reserve / 100 }, -reserve);
        }
        sink.settlement({
          account_id: DEMO_ACCOUNT_ID,
          settlement_id: id,
          start_date: start,
          end_date: end,
          deposit_date: period.deposit,
          total_amount: total / 100,
          currency: market.currency,
        });
      });
    }
  }
}

/**
 * The settlement periods of a marketplace whose deposit is in the history: the
 * first from the first day of history, then every 14 days on the
 * marketplace's own schedule. The days after the last one are not settled yet.
 */
function settlementPeriods(plan: DemoPlan, market: DemoMarket): Period[] {
  const schedule = Random.for(plan.seed, "settlement-schedule", market.code);
  const periods: Period[] = [];
  for (let from = 0, to = schedule.int(6, SETTLEMENT_DAYS + 5); to < plan.days; from = to + 1, to += SETTLEMENT_DAYS) {
    const deposit = addDaysIso(plan.dates[to], schedule.int(2, 4));
    if (deposit > plan.end) break;
    periods.push({ from, to, deposit });
  }
  return periods;
}

/** An 11-digit id like Amazon's, stable for the seed, marketplace and start day, unique among `taken`. */
function settlementId(seed: number, marketplace: string, start: string, taken: Set<string>): string {
  let n = 10_000_000_000 + hashString(`${marketplace}|${start}`, seed) * 7;
  while (taken.has(String(n))) n++;
  taken.add(String(n));
  return String(n);
}

function cents(amount: number): number {
  return Math.round(amount * 100);
}
