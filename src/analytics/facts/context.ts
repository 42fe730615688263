/**
 * What every analysis needs: the mirror, the account and its currencies, the
 * settings, today's date, and a query runner that records the SQL it ran (for
 * `--explain`).
 */
import { sql, type Compilable, type Selectable } from "kysely";
import type { MirrorDb } from "../../store/open-mirror.js";
import type { Account } from "../../store/accounts.js";
import type { SettingsTable } from "../../store/schema.js";
import { usableRollups } from "../../store/rollups.js";
import { rateDateOf, type MoneyPeriod } from "../../core/money.js";
import { conversionFactor, PIVOT_CURRENCIES, rateInForce, type StoredRate } from "../../core/exchange-rates.js";
import { missingRateError } from "./missing-rate.js";

export type AccountSettings = Pick<
  Selectable<SettingsTable>,
  "lead_time_days" | "safety_stock_days" | "coverage_days" | "target_acos"
>;

export const DEFAULT_SETTINGS: AccountSettings = {
  lead_time_days: 30,
  safety_stock_days: 14,
  coverage_days: 60,
  target_acos: 30,
};

export interface AnalyticsContext {
  db: MirrorDb;
  account: Account;
  accountId: string;
  today: string;
  now: Date;
  homeCurrency: string;
  /** Marketplace code → currency, for the marketplaces the account sells in. */
  currencies: Map<string, string>;
  settings: AccountSettings;
  /** Who is asking, for the audit trail of account changes: "cli", or the API key's id. */
  actor: string;
  /** Compiled SQL of every query run, in order. */
  sql: string[];
  /** Runs a Kysely query, recording its SQL. */
  rows<R>(query: Compilable<R>): Promise<R[]>;
  /** Whole-period rollups when they reflect the newest data, else undefined (read daily rows). */
  rollups(): Promise<{ first: string; last: string } | undefined>;
  /** First and last sales dates of the account (null when it has none). */
  extent(): Promise<{ first: string | null; last: string | null }>;
  /** Values computed once per answer (catalog lookups). */
  memo<T>(key: string, make: () => Promise<T>): Promise<T>;
  /**
   * Loads the rates between the account's currencies for a period (its rate
   * date, core/money.ts rateDateOf), or for several periods in one statement;
   * call before converting that period's money.
   */
  ensureRates(period: MoneyPeriod | string | readonly (MoneyPeriod | string)[], extra?: string[]): Promise<void>;
  /**
   * Converts an amount of a period's money between currencies at the period's
   * rate date (loaded by ensureRates); NaN when the mirror has no rate. Answers
   * use exchange(), which says so instead.
   */
  convert(amount: number, from: string, to: string, period?: MoneyPeriod | string): number;
  /** As convert(), but a missing rate is the error missing_exchange_rate that names the currencies and day. */
  exchange(amount: number, from: string, to: string, period: MoneyPeriod | string): number;
}

/** Rate lookups per statement (three parameters each): well under SQLite's limit of parameters. */
const RATE_LOOKUPS = 400;

/** Builds the context for one account. */
export async function createAnalyticsContext(
  db: MirrorDb,
  account: Account,
  now: Date,
  today: string,
  statements: string[] = [],
  actor = "cli",
): Promise<AnalyticsContext> {
  const record = (query: Compilable<unknown>) => {
    const compiled = query.compile();
    statements.push(compiled.sql);
    return compiled;
  };
  const rows = async <R>(query: Compilable<R>): Promise<R[]> => {
    const compiled = record(query);
    const result = await db.executeQuery(compiled);
    return result.rows as R[];
  };
  const markets = await rows(
    db
      .selectFrom("account_marketplaces")
      .select(["marketplace", "currency"])
      .where("account_id", "=", account.id)
      .orderBy("marketplace"),
  );
  const settingsRow = await rows(
    db
      .selectFrom("settings")
      .select(["lead_time_days", "safety_stock_days", "coverage_days", "target_acos"])
      .where("account_id", "=", account.id),
  );
  // Rates are read per pair and date on demand (ensureRates) so an answer never loads the whole table.
  // Each pair keeps its newest rate on or before the date; whether it holds is core/exchange-rates.ts's rule.
  const rateCache = new Map<string, StoredRate | null>();
  const accountCurrencies = [...new Set([account.home_currency, ...markets.map((m) => m.currency)])];
  const ensureRates = async (
    period: MoneyPeriod | string | readonly (MoneyPeriod | string)[],
    extra: string[] = [],
  ): Promise<void> => {
    const dates = [...new Set((Array.isArray(period) ? period : [period]).map((p) => rateDateOf(p)))];
    const currencies = [...new Set([...accountCurrencies, ...extra, ...PIVOT_CURRENCIES])];
    const wanted = dates.flatMap((date) =>
      currencies.flatMap((c) =>
        currencies.filter((q) => q !== c && !rateCache.has(`${c}|${q}|${date}`)).map((q) => [c, q, date] as const),
      ),
    );
    if (!wanted.length) return;
    type Row = { c: string; q: string; asked: string; date: string | null; rate: number; kind: StoredRate["kind"] };
    // One statement for many pairs and dates (a series' buckets each have their own): a row of VALUES per
    // pair and date, and its newest rate on or before the date found by three seeks into the rates' key.
    // Planned once, whatever the number of rows, where a select per pair joined by UNION ALL is planned
    // select by select.
    const newest = (column: string) =>
      sql`(select ${sql.ref(`r.${column}`)} from currency_rates r where r.currency = w.column1 and r.quote = w.column2
        and r.date <= w.column3 order by r.date desc limit 1)`;
    for (const [c, q, date] of wanted) rateCache.set(`${c}|${q}|${date}`, null);
    for (let at = 0; at < wanted.length; at += RATE_LOOKUPS) {
      const rows = wanted.slice(at, at + RATE_LOOKUPS).map(([c, q, date]) => sql`(${c}, ${q}, ${date})`);
      const compiled = sql<Row>`select w.column1 as c, w.column2 as q, w.column3 as asked, ${newest("date")} as date,
        ${newest("rate")} as rate, ${newest("kind")} as kind from (values ${sql.join(rows)}) as w`.compile(db);
      statements.push(compiled.sql);
      for (const r of (await db.executeQuery(compiled)).rows)
        if (r.date !== null)
          rateCache.set(`${r.c}|${r.q}|${r.asked}`, { date: r.date, rate: Number(r.rate), kind: r.kind });
    }
  };
  const newestOn = (c: string, q: string, date: string): StoredRate | undefined =>
    rateCache.get(`${c}|${q}|${date}`) ?? undefined;
  /** The factor between two currencies on a day, or undefined when no stored rate holds on it. */
  const factorOf = (from: string, to: string, d: string): number | undefined => {
    if (!rateCache.has(`${from}|${to}|${d}`)) {
      throw new Error(`currency rates for ${d} were not loaded before converting ${from} to ${to}`);
    }
    return conversionFactor(from, to, (c, q) => rateInForce(newestOn(c, q, d), d));
  };
  // Answers convert row after row between the same two currencies: the last factor is kept at hand.
  let last: { from: string; to: string; d: string; factor: number | undefined } | undefined;
  const factor = (from: string, to: string, period: MoneyPeriod | string | undefined): number | undefined => {
    const d = rateDateOf(period ?? today);
    if (last === undefined || last.from !== from || last.to !== to || last.d !== d)
      last = { from, to, d, factor: factorOf(from, to, d) };
    return last.factor;
  };
  const convert = (amount: number, from: string, to: string, period?: MoneyPeriod | string): number => {
    if (from === to || amount === 0) return amount;
    const f = factor(from, to, period);
    return f === undefined ? Number.NaN : amount * f;
  };
  const exchange = (amount: number, from: string, to: string, period: MoneyPeriod | string): number => {
    if (from === to || amount === 0) return amount;
    const f = factor(from, to, period);
    if (f === undefined) {
      const date = rateDateOf(period);
      const stale = newestOn(from, to, date) ?? newestOn(to, from, date);
      throw missingRateError(from, to, date, stale);
    }
    return amount * f;
  };
  const memos = new Map<string, Promise<unknown>>();
  const memo = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!memos.has(key)) memos.set(key, make());
    return memos.get(key) as Promise<T>;
  };
  return {
    memo,
    rollups: () => memo("rollups", () => usableRollups(db, account.id, (s) => statements.push(s))),
    extent: () =>
      memo("extent", async () => {
        // Two queries: SQLite answers a lone min() or max() from the index without scanning.
        const base = db.selectFrom("daily_sales").where("account_id", "=", account.id);
        const first = (await rows(base.select((eb) => eb.fn.min("date").as("d"))))[0]?.d ?? null;
        const last = (await rows(base.select((eb) => eb.fn.max("date").as("d"))))[0]?.d ?? null;
        return { first: (first as string | null) ?? null, last: (last as string | null) ?? null };
      }),
    db,
    account,
    accountId: account.id,
    today,
    now,
    homeCurrency: account.home_currency,
    currencies: new Map(markets.map((m) => [m.marketplace, m.currency])),
    settings: settingsRow[0] ?? DEFAULT_SETTINGS,
    actor,
    sql: statements,
    rows,
    convert,
    exchange,
    ensureRates,
  };
}
