import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Reference data shipped in data/ (marketplaces, currencies, intent examples,
 * vocabularies): the one module that reads the package's own data files, so
 * the modules that use the data stay free of file access. The bundle puts this
 * module in dist/ itself (data/ is one folder up), tsc in dist/core/ and the
 * sources in src/core/ (two folders up).
 */
const DATA_DIR = existsSync(new URL("../data/marketplaces.json", import.meta.url))
  ? new URL("../data/", import.meta.url)
  : new URL("../../data/", import.meta.url);

const cache = new Map<string, unknown>();

/** Absolute path of a file in data/. */
export function dataPath(name: string): string {
  return fileURLToPath(new URL(name, DATA_DIR));
}

/**
 * A hash of data files: every file of a folder of data/ (name and bytes, in
 * name order) and single files, for telling whether something built from
 * them is still current.
 */
export function dataFilesHash(folders: string[], files: string[] = []): string {
  const hash = createHash("sha256");
  for (const folder of folders) {
    const dir = dataPath(folder.endsWith("/") ? folder : `${folder}/`);
    for (const name of readdirSync(dir).sort())
      hash.update(name).update(readFileSync(new URL(name, pathToFileURL(dir))));
  }
  for (const file of files) hash.update(readFileSync(dataPath(file)));
  return hash.digest("hex").slice(0, 24);
}

/**
 * A file that the build writes beside the compiled code (the bundle's dist/, or
 * dist/core/ for tsc's output), or undefined when there is none. Running from
 * the sources (the tests), the build's copy in dist/core/ is read if there is
 * one: its readers check that it still matches the data it was made from, so a
 * stale one is never used, and each test file need not redo the build's work.
 */
export function readBuiltFile(name: string): Uint8Array | undefined {
  const beside = new URL(`./${name}`, import.meta.url);
  const places = [beside];
  if (/\/src\/core\/[^/]*$/.test(import.meta.url)) places.push(new URL(`../../dist/core/${name}`, import.meta.url));
  for (const place of places) {
    try {
      return readFileSync(place);
    } catch {
      // Not there: the next place, or none.
    }
  }
  return undefined;
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
    const lines = readFileSync(dataPath(name), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");
    cache.set(
      key,
      lines.map((l) => JSON.parse(l)),
    );
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
  /**
   * The marketplace's country as sellers name it in their own languages ("Alemania", "Royaume-Uni", "Njemačka"), with
   * the few inflections a name takes after a preposition ("w Niemczech", "u Engleskoj"): a seller writing English as a
   * second language names the place in theirs.
   */
  names_abroad?: string[];
}

export function marketplaces(): MarketplaceInfo[] {
  return readDataJson<MarketplaceInfo[]>("marketplaces.json");
}

export function marketplaceByCode(code: string): MarketplaceInfo | undefined {
  const upper = code.toUpperCase() === "GB" ? "UK" : code.toUpperCase();
  return marketplaces().find((m) => m.code === upper);
}
