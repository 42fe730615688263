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
  /** Loads the rates between the account's currencies on a date; call before convert() with that date. */
  ensureRates(date: string, extra?: string[]): Promise<void>;
  /** Converts an amount between currencies with the newest mirror rate on or before `date` (loaded by ensureRates). */
  convert(amount: number, from: string, to: string, date?: string): number;
}

/** Builds the context for one account. */
export async function createAnalyticsContext(
  db: MirrorDb,
  account: Account,
  now: Date,
  today: string,
  statements: string[] = [],
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
  const rateCache = new Map<string, number | null>();
  const accountCurrencies = [...new Set([account.home_currency, ...markets.map((m) => m.currency)])];
  const ensureRates = async (date: string, extra: string[] = []): Promise<void> => {
    const currencies = [...new Set([...accountCurrencies, ...extra, "USD"])];
    const pairs = currencies.flatMap((c) =>
      currencies.filter((q) => q !== c && !rateCache.has(`${c}|${q}|${date}`)).map((q) => [c, q] as const),
    );
    if (!pairs.length) return;
    // One statement for every pair: the newest rate on or before the date, else the oldest one.
    const lookups = pairs.map(
      ([c, q]) => sql<{ c: string; q: string; rate: number | null }>`select ${c} as c, ${q} as q, coalesce(
        (select rate from currency_rates where currency = ${c} and quote = ${q} and date <= ${date} order by date desc limit 1),
        (select rate from currency_rates where currency = ${c} and quote = ${q} order by date limit 1)) as rate`,
    );
    const compiled = sql<{ c: string; q: string; rate: number | null }>`${sql.join(lookups, sql` union all `)}`.compile(
      db,
    );
    statements.push(compiled.sql);
    for (const r of (await db.executeQuery(compiled)).rows) rateCache.set(`${r.c}|${r.q}|${date}`, r.rate ?? null);
  };
  const cached = (c: string, q: string, date: string): number | undefined => {
    const v = rateCache.get(`${c}|${q}|${date}`);
    return v === null ? undefined : v;
  };
  /** How an amount converts between two currencies on a day: by the direct rate, the inverse one, or through USD. */
  const conversionOf = (from: string, to: string, d: string): ((amount: number) => number) => {
    if (!rateCache.has(`${from}|${to}|${d}`)) {
      throw new Error(`currency rates for ${d} were not loaded before converting ${from} to ${to}`);
    }
    const direct = cached(from, to, d);
    if (direct !== undefined) return (amount) => amount * direct;
    const inverse = cached(to, from, d);
    if (inverse) return (amount) => amount / inverse;
    const leg = (a: string, b: string): number | undefined =>
      a === b ? 1 : (cached(a, b, d) ?? (cached(b, a, d) ? 1 / cached(b, a, d)! : undefined));
    const viaFrom = leg(from, "USD");
    const viaTo = leg("USD", to);
    return viaFrom !== undefined && viaTo !== undefined ? (amount) => amount * viaFrom * viaTo : () => Number.NaN;
  };
  // Answers convert row after row between the same two currencies: the last conversion is kept at hand.
  let last: { from: string; to: string; d: string; apply: (amount: number) => number } | undefined;
  const convert = (amount: number, from: string, to: string, date?: string): number => {
    if (from === to || amount === 0) return amount;
    const d = date ?? today;
    if (last === undefined || last.from !== from || last.to !== to || last.d !== d)
      last = { from, to, d, apply: conversionOf(from, to, d) };
    return last.apply(amount);
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
    sql: statements,
    rows,
    convert,
    ensureRates,
  };
}
