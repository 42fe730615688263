import type { Selectable } from "kysely";
import { SellerAiError } from "../core/errors.js";
import type { MirrorDb } from "./open-mirror.js";
import { ACCOUNT_DATA_TABLES, type AccountsTable, type Provider } from "./schema.js";

export type Account = Selectable<AccountsTable>;

/** All accounts, the default first. */
export async function listAccounts(db: MirrorDb): Promise<Account[]> {
  return db
    .selectFrom("accounts")
    .selectAll()
    .orderBy("is_default", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * The account a command works on: the one named, else the default one, else
 * the only one. Undefined when the mirror has no account at all.
 *
 * @example
 * const account = await resolveAccount(db, undefined); // the default account
 */
export async function resolveAccount(db: MirrorDb, id: string | undefined): Promise<Account | undefined> {
  if (id !== undefined) {
    const account = await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
    if (!account) {
      const known = (await listAccounts(db)).map((a) => a.id);
      throw new SellerAiError(
        "not_found",
        `no account "${id}" in the mirror${known.length ? `; known accounts: ${known.join(", ")}` : ""}.`,
      );
    }
    return account;
  }
  const accounts = await listAccounts(db);
  return accounts[0];
}

export interface NewAccount {
  id: string;
  name: string;
  provider: Provider;
  homeCurrency: string;
  marketplaces: { code: string; currency: string }[];
  isDefault?: boolean;
  createdAt: string;
}

/** Creates an account with its marketplaces and default settings (no-op parts that exist are kept). */
export async function createAccount(db: MirrorDb, account: NewAccount): Promise<void> {
  await db
    .insertInto("accounts")
    .values({
      id: account.id,
      name: account.name,
      provider: account.provider,
      home_currency: account.homeCurrency,
      connection_state: "connected",
      is_default: account.isDefault ? 1 : 0,
      created_at: account.createdAt,
      last_refresh_at: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  for (const m of account.marketplaces) {
    await db
      .insertInto("account_marketplaces")
      .values({ account_id: account.id, marketplace: m.code, currency: m.currency })
      .onConflict((oc) => oc.columns(["account_id", "marketplace"]).doNothing())
      .execute();
  }
  await db
    .insertInto("settings")
    .values({ account_id: account.id, updated_at: account.createdAt })
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();
}

/** Removes an account and every row that belongs to it; other accounts are untouched. */
export async function deleteAccount(db: MirrorDb, id: string): Promise<void> {
  for (const table of ACCOUNT_DATA_TABLES) {
    await db.deleteFrom(table).where("account_id", "=", id).execute();
  }
  await db.deleteFrom("conversations").where("account_id", "=", id).execute();
  await db.deleteFrom("accounts").where("id", "=", id).execute();
}

/** True when the mirror holds no account: commands that need data then fall back to the demo seller. */
export async function mirrorIsEmpty(db: MirrorDb): Promise<boolean> {
  const row = await db
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
