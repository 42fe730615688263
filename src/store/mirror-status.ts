import { listAccounts } from "./accounts.js";
import type { MirrorDb } from "./open-mirror.js";
import { ACCOUNT_DATA_TABLES } from "./schema.js";

export interface MarketplaceCoverage {
  marketplace: string;
  currency: string;
  first_date: string | null;
  last_date: string | null;
  products: number;
}

export interface AccountStatus {
  id: string;
  name: string;
  provider: string;
  home_currency: string;
  connection_state: string;
  is_default: boolean;
  last_refresh_at: string | null;
  marketplaces: MarketplaceCoverage[];
  row_counts: Record<string, number>;
}

export interface MirrorStatus {
  schema_version: string | null;
  accounts: AccountStatus[];
}

/**
 * What the mirror holds: accounts, their marketplaces with the dates covered,
 * row counts per table and the last refresh.
 *
 * @example
 * const status = await mirrorStatus(mirror.db);
 * status.accounts[0].row_counts.daily_sales; // 493_000
 */
export async function mirrorStatus(db: MirrorDb): Promise<MirrorStatus> {
  const accounts = await listAccounts(db);
  const result: AccountStatus[] = [];
  for (const account of accounts) {
    const markets = await db
      .selectFrom("account_marketplaces")
      .selectAll()
      .where("account_id", "=", account.id)
      .orderBy("marketplace")
      .execute();
    const coverage = await db
      .selectFrom("daily_sales")
      .select(["marketplace", (eb) => eb.fn.min("date").as("first_date"), (eb) => eb.fn.max("date").as("last_date")])
      .where("account_id", "=", account.id)
      .groupBy("marketplace")
      .execute();
    const productCounts = await db
      .selectFrom("products")
      .select(["marketplace", (eb) => eb.fn.countAll<number>().as("n")])
      .where("account_id", "=", account.id)
      .groupBy("marketplace")
      .execute();
    const rowCounts: Record<string, number> = {};
    for (const table of ACCOUNT_DATA_TABLES) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("account_id", "=", account.id)
        .executeTakeFirstOrThrow();
      rowCounts[table] = Number(row.n);
    }
    result.push({
      id: account.id,
      name: account.name,
      provider: account.provider,
      home_currency: account.home_currency,
      connection_state: account.connection_state,
      is_default: account.is_default === 1,
      last_refresh_at: account.last_refresh_at,
      marketplaces: markets.map((m) => {
        const c = coverage.find((x) => x.marketplace === m.marketplace);
        return {
          marketplace: m.marketplace,
          currency: m.currency,
          first_date: (c?.first_date as string | undefined) ?? null,
          last_date: (c?.last_date as string | undefined) ?? null,
          products: Number(productCounts.find((x) => x.marketplace === m.marketplace)?.n ?? 0),
        };
      }),
      row_counts: rowCounts,
    });
  }
  const version = await db
    .selectFrom("kysely_migration" as never)
    .select("name" as never)
    .orderBy("name" as never, "desc")
    .executeTakeFirst()
    .catch(() => undefined);
  return { schema_version: (version as { name?: string } | undefined)?.name ?? null, accounts: result };
}
