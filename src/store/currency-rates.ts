/**
 * The mirror's exchange rates, shared by every account: writing the ones a
 * seller brings, and reading them back per pair for coverage. Which rate
 * holds on a day is core/exchange-rates.ts's rule.
 */
import type { DayRange, RateKind, StoredRate } from "../core/exchange-rates.js";
import { daysBetweenIso } from "../core/dates.js";
import { daysWithoutRate, FROM_THE_START, gapsBetween, lastDayHeld, PIVOT_CURRENCIES } from "../core/exchange-rates.js";
import type { Mirror, MirrorDb } from "./open-mirror.js";

export interface RateRow {
  currency: string;
  quote: string;
  date: string;
  rate: number;
  kind: RateKind;
}

/** Dates a statement names at most, well under every engine's limit on parameters. */
const DATES_PER_STATEMENT = 500;

/**
 * Writes rates in one transaction: a pair's rate on a day replaces what the
 * mirror had for that pair and day, in either direction (so a file imported
 * again, or corrected, wins over the rates before it). Returns the rows
 * written and the stored ones they replaced.
 */
export async function writeRates(
  mirror: Mirror,
  rows: readonly RateRow[],
): Promise<{ written: number; replaced: number }> {
  const datesByPair = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${r.currency}|${r.quote}`;
    const list = datesByPair.get(key) ?? [];
    list.push(r.date);
    datesByPair.set(key, list);
  }
  let replaced = 0;
  await mirror.db.transaction().execute(async (trx) => {
    for (const [key, dates] of datesByPair) {
      const [c, q] = key.split("|");
      for (let i = 0; i < dates.length; i += DATES_PER_STATEMENT) {
        const chunk = dates.slice(i, i + DATES_PER_STATEMENT);
        const result = await trx
          .deleteFrom("currency_rates")
          .where((eb) =>
            eb.or([
              eb.and([eb("currency", "=", c), eb("quote", "=", q)]),
              eb.and([eb("currency", "=", q), eb("quote", "=", c)]),
            ]),
          )
          .where("date", "in", chunk)
          .executeTakeFirst();
        replaced += Number(result.numDeletedRows);
      }
    }
    mirror.bulkWriter(trx).write("currency_rates", rows as unknown as Record<string, unknown>[]);
  });
  return { written: rows.length, replaced };
}

/** Every stored rate of the pairs among `currencies` (all pairs when not given), by "CUR|QUOTE", oldest first. */
export async function storedRates(db: MirrorDb, currencies?: readonly string[]): Promise<Map<string, StoredRate[]>> {
  let query = db.selectFrom("currency_rates").select(["currency", "quote", "date", "rate", "kind"]);
  if (currencies) {
    if (!currencies.length) return new Map();
    query = query.where("currency", "in", currencies).where("quote", "in", currencies);
  }
  const byPair = new Map<string, StoredRate[]>();
  for (const r of await query.orderBy("currency").orderBy("quote").orderBy("date").execute()) {
    const key = `${r.currency}|${r.quote}`;
    const list = byPair.get(key) ?? [];
    list.push({ date: r.date, rate: Number(r.rate), kind: r.kind });
    byPair.set(key, list);
  }
  return byPair;
}

export interface PairCoverage {
  currency: string;
  quote: string;
  /** The first day a rate holds on; null when a standing rate holds from the start. */
  first_date: string | null;
  /** The newest rate's date, and its rate. */
  last_date: string;
  last_rate: number;
  /** The last day the rates hold on; null when the newest is standing (it holds on). */
  holds_until: string | null;
  rates: number;
  kinds: RateKind[];
  /** Runs of days between the first and the last rate on which none holds. */
  gaps: DayRange[];
}

/** What each stored pair covers, pair by pair. */
export async function rateCoverage(db: MirrorDb): Promise<PairCoverage[]> {
  const result: PairCoverage[] = [];
  for (const [key, list] of await storedRates(db)) {
    const [currency, quote] = key.split("|");
    // A currency's rate to itself (the demo stores USD/USD at 1) converts nothing.
    if (currency === quote) continue;
    const newest = list[list.length - 1];
    result.push({
      currency,
      quote,
      first_date: list[0].date === FROM_THE_START ? null : list[0].date,
      last_date: newest.date,
      last_rate: newest.rate,
      holds_until: lastDayHeld(newest),
      rates: list.length,
      kinds: [...new Set(list.map((r) => r.kind))].sort(),
      // The pair's own rates only: a gap is a gap in this pair's rows, whatever other pairs could bridge.
      gaps: gapsBetween(list),
    });
  }
  return result;
}

export interface CurrencyCoverage {
  currency: string;
  /** The account's home currency, which answers add its amounts up in. */
  home_currency: string;
  /** The days the account has sales in this currency. */
  sales_first_date: string;
  sales_last_date: string;
  /** Runs of those days on which no rate converts this currency to the home one. */
  missing: DayRange[];
  missing_days: number;
}

/**
 * For an account that sells in several currencies: for each currency but
 * its home one, whether the stored rates convert it on every day it has
 * sales; empty for an account in one currency.
 */
export async function accountRateCoverage(db: MirrorDb, accountId: string): Promise<CurrencyCoverage[]> {
  const account = await db
    .selectFrom("accounts")
    .select("home_currency")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account) return [];
  const ranges = await db
    .selectFrom("daily_sales as s")
    .innerJoin("account_marketplaces as m", (j) =>
      j.onRef("m.account_id", "=", "s.account_id").onRef("m.marketplace", "=", "s.marketplace"),
    )
    .select(["m.currency", (eb) => eb.fn.min("s.date").as("first"), (eb) => eb.fn.max("s.date").as("last")])
    .where("s.account_id", "=", accountId)
    .groupBy("m.currency")
    .execute();
  const home = account.home_currency;
  const others = ranges.filter((r) => r.currency !== home && r.first !== null);
  if (!others.length) return [];
  const rates = await storedRates(db, [...new Set([home, ...ranges.map((r) => r.currency), ...PIVOT_CURRENCIES])]);
  return others.map((r) => {
    const range = { start: String(r.first), end: String(r.last) };
    const missing = daysWithoutRate(r.currency, home, range, rates);
    return {
      currency: r.currency,
      home_currency: home,
      sales_first_date: range.start,
      sales_last_date: range.end,
      missing,
      missing_days: missing.reduce((n, m) => n + daysBetweenIso(m.start, m.end) + 1, 0),
    };
  });
}
