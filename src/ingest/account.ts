import { SellerAiError } from "../core/errors.js";
import { createAccount, resolveAccount } from "../store/accounts.js";
import type { MirrorDb } from "../store/open-mirror.js";

/** The account id imports use when none is named and the mirror has no seller account yet. */
export const DEFAULT_IMPORT_ACCOUNT = "default";

export interface ImportAccount {
  id: string;
  /** Created by this import (rolled back with it on failure). */
  created: boolean;
  /** Had no marketplace before this import: its home currency follows the first one added. */
  hadNoMarketplaces: boolean;
}

/**
 * The account a file goes to. A named account is created (provider `files`)
 * when missing; without a name, the default account, or a new `default`
 * account when the mirror has none. Imports never go into the demo seller.
 *
 * @example
 * const account = await resolveImportAccount(db, undefined, now.toISOString()); // { id: "default", created: true, … }
 */
export async function resolveImportAccount(
  db: MirrorDb,
  id: string | undefined,
  nowIso: string,
): Promise<ImportAccount> {
  if (id !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id)) {
    throw new SellerAiError("usage", `an account id is letters, digits, ".", "_" or "-"; got "${id}".`, {
      details: { field: "account" },
    });
  }
  let existing =
    id === undefined
      ? await resolveAccount(db, undefined)
      : await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
  if (existing?.provider === "demo") {
    if (id !== undefined)
      throw new SellerAiError(
        "usage",
        `account "${id}" is the demo seller; import your reports into another account.`,
        { details: { field: "account" } },
      );
    // The demo seller is only a stand-in: real files get their own account, which becomes the default.
    existing = await db
      .selectFrom("accounts")
      .selectAll()
      .where("provider", "!=", "demo")
      .orderBy("is_default", "desc")
      .orderBy("created_at")
      .executeTakeFirst();
  }
  const accountId = existing?.id ?? id ?? DEFAULT_IMPORT_ACCOUNT;
  let created = false;
  if (!existing) {
    const others = await db.selectFrom("accounts").select(["id", "provider", "is_default"]).execute();
    const takesDefault = others.every((a) => a.provider === "demo" || a.is_default === 0);
    if (takesDefault) await db.updateTable("accounts").set({ is_default: 0 }).where("provider", "=", "demo").execute();
    await createAccount(db, {
      id: accountId,
      name: accountId === DEFAULT_IMPORT_ACCOUNT ? "Imported reports" : accountId,
      provider: "files",
      homeCurrency: "USD",
      marketplaces: [],
      isDefault: takesDefault,
      createdAt: nowIso,
    });
    created = true;
  }
  const markets = await db
    .selectFrom("account_marketplaces")
    .select("marketplace")
    .where("account_id", "=", accountId)
    .execute();
  return { id: accountId, created, hadNoMarketplaces: markets.length === 0 };
}

/** Adds the marketplaces a file used to its account; the first one sets a new account's home currency. */
export async function recordMarketplaces(
  db: MirrorDb,
  account: ImportAccount,
  used: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [marketplace, currency] of used) {
    await db
      .insertInto("account_marketplaces")
      .values({ account_id: account.id, marketplace, currency })
      .onConflict((oc) => oc.columns(["account_id", "marketplace"]).doNothing())
      .execute();
  }
  if (account.hadNoMarketplaces && used.size > 0) {
    const first = [...used.values()][0];
    await db.updateTable("accounts").set({ home_currency: first }).where("id", "=", account.id).execute();
  }
}
