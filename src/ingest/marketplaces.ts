import { marketplaceByCode, marketplaces, type MarketplaceInfo } from "../core/reference-data.js";

let lookup: Map<string, MarketplaceInfo> | undefined;

function table(): Map<string, MarketplaceInfo> {
  if (lookup) return lookup;
  lookup = new Map();
  for (const m of marketplaces()) {
    for (const key of [m.code, m.marketplace_id, m.domain, `www.${m.domain}`, m.name]) lookup.set(key.toLowerCase(), m);
  }
  lookup.set("gb", marketplaceByCode("UK")!);
  return lookup;
}

/**
 * The marketplace a report cell names: a code ("US"), a marketplace id
 * ("ATVPDKIKX0DER"), a sales channel or domain ("Amazon.com") or a name.
 * Undefined for anything else (e.g. "Non-Amazon" multi-channel orders).
 *
 * @example
 * marketplaceFromText("Amazon.co.uk")?.code // "UK"
 */
export function marketplaceFromText(text: string | null | undefined): MarketplaceInfo | undefined {
  if (!text) return undefined;
  return table().get(text.trim().toLowerCase());
}

/** Codes of the marketplaces that trade in a currency (EUR has several). */
export function marketplacesForCurrency(currency: string): MarketplaceInfo[] {
  return marketplaces().filter((m) => m.currency === currency.toUpperCase());
}
