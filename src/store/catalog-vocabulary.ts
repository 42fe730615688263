import { sql } from "kysely";
import type { CatalogVocabulary } from "../core/catalog-vocabulary.js";
import type { MirrorDb } from "./open-mirror.js";

/**
 * Reads the catalog's names from the mirror: categories and subcategories of
 * the seller's products, advertising campaign names, ASINs and SKUs. Without
 * `accountId`, every account's names.
 *
 * @example
 * const catalog = await loadCatalogVocabulary(mirror.db);
 * parseQuestion("top products in kitchen", { catalog, today: "2026-11-21" });
 */
export async function loadCatalogVocabulary(db: MirrorDb, accountId?: string): Promise<CatalogVocabulary> {
  let products = db.selectFrom("products").select(["category", "subcategory", "asin", "sku"]).distinct();
  let campaigns = db.selectFrom("ad_campaigns").select("name").distinct();
  if (accountId !== undefined) {
    products = products.where("account_id", "=", accountId);
    campaigns = campaigns.where("account_id", "=", accountId);
  }
  const [productRows, campaignRows] = await Promise.all([products.execute(), campaigns.execute()]);
  const categories = new Set<string>();
  const subcategories = new Map<string, string>();
  const asins = new Set<string>();
  const skus = new Set<string>();
  for (const row of productRows) {
    if (row.category) categories.add(row.category);
    if (row.subcategory && row.category && !subcategories.has(row.subcategory))
      subcategories.set(row.subcategory, row.category);
    asins.add(row.asin.toUpperCase());
    skus.add(row.sku);
  }
  const sorted = (values: Iterable<string>) => [...values].sort();
  return {
    categories: sorted(categories),
    subcategories: sorted(subcategories.keys()).map((name) => ({ name, category: subcategories.get(name)! })),
    campaigns: sorted(new Set(campaignRows.map((r) => r.name))),
    asins: sorted(asins),
    skus: sorted(skus),
  };
}

const remembered = new WeakMap<MirrorDb, Map<string, { version: string; catalog: Promise<CatalogVocabulary> }>>();

/**
 * The catalog's names as loadCatalogVocabulary reads them, kept per mirror
 * and account while the account's catalog stays as it was (same newest sync
 * run, same number of products and campaigns), so a question does not pay
 * for reading thousands of products and indexing their names again. The same
 * object comes back each time, so what the parser builds from it is kept too.
 *
 * @example
 * const catalog = await rememberedCatalogVocabulary(mirror.db, "demo");
 */
export async function rememberedCatalogVocabulary(db: MirrorDb, accountId?: string): Promise<CatalogVocabulary> {
  const account = accountId === undefined ? sql`true` : sql`account_id = ${accountId}`;
  const versionQuery = sql<{ version: string }>`select (select coalesce(max(id), 0) from sync_runs where ${account})
    || '/' || (select count(*) from products where ${account}) || '/' || (select count(*) from ad_campaigns where ${account}) as version`;
  const version = String((await versionQuery.execute(db)).rows[0]?.version ?? "");
  let perAccount = remembered.get(db);
  if (!perAccount) remembered.set(db, (perAccount = new Map()));
  const key = accountId ?? "\u0000all";
  const known = perAccount.get(key);
  if (known && known.version === version) return known.catalog;
  const catalog = loadCatalogVocabulary(db, accountId);
  perAccount.set(key, { version, catalog });
  // A failed read is not remembered.
  catalog.catch(() => perAccount!.delete(key));
  return catalog;
}
