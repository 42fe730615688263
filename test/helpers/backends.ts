/**
 * The engines a store suite runs on: SQLite and PostgreSQL through PGlite on
 * every machine, and a real PostgreSQL server too when SELLER_AI_TEST_PG_URL
 * names one (each mirror then gets a database of its own, dropped after).
 *
 * @example
 * describe.each(BACKENDS)("on $name", (backend) => {
 *   beforeAll(async () => { mirror = await buildSmallMirror(await backend.location()); });
 * });
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { PGLITE_MEMORY } from "../../src/store/open-mirror.js";

export interface Backend {
  name: "sqlite" | "pglite" | "postgres";
  /** A location for a new, empty mirror on this engine. */
  location(): Promise<string>;
}

/** The real server's URL, when the run is given one. */
export const SERVER_URL = process.env.SELLER_AI_TEST_PG_URL || undefined;

const created: string[] = [];

/** A new database on the test server, dropped when the suite ends; its URL. */
export async function freshServerDatabase(): Promise<string> {
  if (!SERVER_URL) throw new Error("SELLER_AI_TEST_PG_URL is not set");
  const name = `seller_ai_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  created.push(name);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!SERVER_URL || created.length === 0) return;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    while (created.length) await admin.query(`drop database if exists ${created.pop()} with (force)`);
  } finally {
    await admin.end();
  }
});

export const BACKENDS: Backend[] = [
  { name: "sqlite", location: async () => ":memory:" },
  { name: "pglite", location: async () => PGLITE_MEMORY },
  ...(SERVER_URL ? [{ name: "postgres" as const, location: freshServerDatabase }] : []),
];
