import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Reference data shipped in data/ (marketplaces, currencies, intent examples,
 * vocabularies). This module sits one folder below the package root in both
 * src/ and dist/, so the same relative path finds data/ from either.
 */
const DATA_DIR = new URL("../data/", import.meta.url);

const cache = new Map<string, unknown>();

/** Absolute path of a file in data/. */
export function dataPath(name: string): string {
  return fileURLToPath(new URL(name, DATA_DIR));
}

/** Parsed JSON from data/, read once per process. */
export function readDataJson<T>(name: string): T {
  if (!cache.has(name)) cache.set(name, JSON.parse(readFileSync(dataPath(name), "utf8")));
  return cache.get(name) as T;
}

/** Non-empty lines of a JSON Lines file in data/, parsed. */
export function readDataJsonl<T>(name: string): T[] {
  const key = `jsonl:${name}`;
  if (!cache.has(key)) {
    const lines = readFileSync(dataPath(name), "utf8").split("\n").filter((l) => l.trim() !== "");
    cache.set(key, lines.map((l) => JSON.parse(l)));
  }
  return cache.get(key) as T[];
}

export interface MarketplaceInfo {
  code: string;
  name: string;
  currency: string;
  domain: string;
  marketplace_id: string;
  aliases: string[];
}

export function marketplaces(): MarketplaceInfo[] {
  return readDataJson<MarketplaceInfo[]>("marketplaces.json");
}

export function marketplaceByCode(code: string): MarketplaceInfo | undefined {
  const upper = code.toUpperCase() === "GB" ? "UK" : code.toUpperCase();
  return marketplaces().find((m) => m.code === upper);
}
