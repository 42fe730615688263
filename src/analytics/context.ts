/**
 * What every analysis needs: the mirror, the account and its currencies, the
 * settings, today's date, and a query runner that records the SQL it ran (for
 * `--explain`).
 */
import type { Compilable, Selectable } from "kysely";
import type { MirrorDb } from "../store/open-mirror.js";
import type { Account } from "../store/accounts.js";
import type { SettingsTable } from "../store/schema.js";
import { usableRollups } from "../store/rollups.js";

export type AccountSettings = Pick<Selectable<SettingsTable>, "lead_time_days" | "safety_stock_days" | "coverage_days" | "target_acos">;

export const DEFAULT_SETTINGS: AccountSettings = { lead_time_days: 30, safety_stock_days: 14, coverage_days: 60, target_acos: 30 };

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
  /** Converts an amount between currencies with the newest mirror rate on or before `date` (1 when equal). */
  convert(amount: number, from: string, to: string, date?: string): number;
}

interface Rate {
  currency: string;
  quote: string;
  date: string;
  rate: number;
}

/** Builds the context for one account. */
export async function createAnalyticsContext(db: MirrorDb, account: Account, now: Date, today: string, sql: string[] = []): Promise<AnalyticsContext> {
  const record = (query: Compilable<unknown>) => {
    const compiled = query.compile();
    sql.push(compiled.sql);
    return compiled;
  };
  const rows = async <R>(query: Compilable<R>): Promise<R[]> => {
    const compiled = record(query);
    const result = await db.executeQuery(compiled);
    return result.rows as R[];
  };
  const markets = await rows(db.selectFrom("account_marketplaces").select(["marketplace", "currency"]).where("account_id", "=", account.id).orderBy("marketplace"));
  const settingsRow = await rows(
    db.selectFrom("settings").select(["lead_time_days", "safety_stock_days", "coverage_days", "target_acos"]).where("account_id", "=", account.id),
  );
  const rates = await rows(db.selectFrom("currency_rates").select(["currency", "quote", "date", "rate"]).orderBy("date", "desc"));
  const convert = (amount: number, from: string, to: string, date?: string): number => {
    if (from === to || amount === 0) return amount;
    const pick = (c: string, q: string): number | undefined => {
      const candidates = rates.filter((r: Rate) => r.currency === c && r.quote === q);
      const onOrBefore = date ? candidates.find((r: Rate) => r.date <= date) : undefined;
      return (onOrBefore ?? (date ? candidates[candidates.length - 1] : candidates[0]))?.rate;
    };
    const direct = pick(from, to);
    if (direct !== undefined) return amount * direct;
    const inverse = pick(to, from);
    if (inverse !== undefined && inverse !== 0) return amount / inverse;
    // Through USD when only USD crosses are stored.
    const viaFrom = from === "USD" ? 1 : pick(from, "USD") ?? (pick("USD", from) ? 1 / pick("USD", from)! : undefined);
    const viaTo = to === "USD" ? 1 : pick("USD", to) ?? (pick(to, "USD") ? 1 / pick(to, "USD")! : undefined);
    if (viaFrom !== undefined && viaTo !== undefined) return amount * viaFrom * viaTo;
    return Number.NaN;
  };
  const memos = new Map<string, Promise<unknown>>();
  const memo = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!memos.has(key)) memos.set(key, make());
    return memos.get(key) as Promise<T>;
  };
  return {
    memo,
    rollups: () => memo("rollups", () => usableRollups(db, account.id, (s) => sql.push(s))),
    extent: () =>
      memo("extent", async () => {
        const row = (
          await rows(
            db
              .selectFrom("daily_sales")
              .select((eb) => [eb.fn.min("date").as("first"), eb.fn.max("date").as("last")])
              .where("account_id", "=", account.id),
          )
        )[0];
        return { first: (row?.first as string | null) ?? null, last: (row?.last as string | null) ?? null };
      }),
    db,
    account,
    accountId: account.id,
    today,
    now,
    homeCurrency: account.home_currency,
    currencies: new Map(markets.map((m) => [m.marketplace, m.currency])),
    settings: settingsRow[0] ?? DEFAULT_SETTINGS,
    sql,
    rows,
    convert,
  };
}
