/**
 * A sandbox Amazon on loopback and a mirror to connect it to, with a fake
 * clock shared by both: waits (throttling, polling, backoff) advance it
 * instead of taking time.
 */
import { afterAll, afterEach } from "vitest";
import { completeConnect, SecretBox, startConnect } from "../../src/connect/index.js";
import { openMirror, type Mirror } from "../../src/store/open-mirror.js";
import { SandboxSeller, SandboxServer, sandboxEnv } from "../../src/sync/sandbox/index.js";
import { amazonConfig, AmazonHttp, syncAccount, type HttpTiming, type SyncOptions } from "../../src/sync/index.js";
import { tempDbPath } from "../helpers/temp-mirror.js";

export const SANDBOX_END = "2026-11-20";
export const NOW = new Date("2026-11-21T06:00:00Z");
export const CLIENT_REDIRECT = "https://app.example.com/connected";

export class FakeTime implements HttpTiming {
  ms = 0;
  sleeps: number[] = [];
  timer = () => this.ms;
  sleep = async (ms: number) => {
    this.sleeps.push(ms);
    this.ms += ms;
    await Promise.resolve();
  };
  random = () => 0.5;
}

export interface Harness {
  sandbox: { server: SandboxServer; seller: SandboxSeller; url: string; env: Record<string, string> };
  mirror: Mirror;
  dbPath: string;
  time: FakeTime;
  /** The sandbox's "today" is this instant's date; tests move it. */
  clock: { now: Date };
  env: Record<string, string>;
  secrets: SecretBox;
  syncOptions(extra?: Partial<SyncOptions>): SyncOptions;
}

const open: Harness[] = [];

let seller: Promise<SandboxSeller> | undefined;

/** The sandbox seller, generated once per test file (the small demo scale). */
export function sandboxSeller(): Promise<SandboxSeller> {
  seller ??= SandboxSeller.create({ end: SANDBOX_END, scale: "small" });
  return seller;
}

afterAll(async () => {
  if (seller) await (await seller).close();
  seller = undefined;
});

/**
 * `realTime`: the sandbox paces requests by the real clock (for code that sleeps for real: the CLI,
 * the API's refresh), with its usage plans 100 times Amazon's so tests stay short.
 */
export async function startHarness(
  options: { processingPolls?: number; rateScale?: number; realTime?: boolean } = {},
): Promise<Harness> {
  const time = new FakeTime();
  const clock = { now: NOW };
  const server = new SandboxServer({
    seller: await sandboxSeller(),
    clock: () => clock.now,
    timer: options.realTime ? () => performance.now() : time.timer,
    processingPolls: options.processingPolls ?? 1,
    rateScale: options.rateScale ?? (options.realTime ? 100 : 1),
  });
  const url = await server.start();
  const sandbox = { server, seller: server.seller, url, env: sandboxEnv(server, url) };
  const dbPath = tempDbPath();
  const mirror = await openMirror(dbPath);
  const env = { ...sandbox.env, SELLER_AI_CONNECT_REDIRECTS: CLIENT_REDIRECT, SELLER_AI_SECRET_KEY: "11".repeat(32) };
  const secrets = new SecretBox(Buffer.from("11".repeat(32), "hex"));
  const harness: Harness = {
    sandbox,
    mirror,
    dbPath,
    time,
    clock,
    env,
    secrets,
    syncOptions: (extra = {}) => ({
      now: clock.now,
      config: amazonConfig(env),
      secrets,
      timing: time,
      backoff: { baseMs: 100, maxMs: 2000 },
      ...extra,
    }),
  };
  open.push(harness);
  return harness;
}

afterEach(async () => {
  while (open.length) {
    const h = open.pop()!;
    await h.mirror.close();
    await h.sandbox.server.close();
  }
});

/** Follows one redirect without following it further. */
export async function redirectOf(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`expected a redirect from ${url}, got ${res.status}`);
  return new URL(location);
}

/** Connects the sandbox seller the way a browser would, through the library calls the API uses. */
export async function connectSandbox(h: Harness, scopes: string[]): Promise<string> {
  const config = amazonConfig(h.env);
  const callbackUrl = "https://seller-ai.example.com/v1/connect/callback";
  const started = await startConnect(h.mirror.db, config, {
    workspaceId: null,
    redirectUri: CLIENT_REDIRECT,
    scopes,
    callbackUrl,
    now: h.clock.now,
  });
  const ctx = { config, http: new AmazonHttp({ timing: h.time }), secrets: h.secrets, callbackUrl, now: h.clock.now };
  let consent = await redirectOf(started.authorization_url);
  let outcome = await completeConnect(h.mirror.db, Object.fromEntries(consent.searchParams), ctx);
  if (!outcome.accountId) {
    consent = await redirectOf(outcome.location);
    outcome = await completeConnect(h.mirror.db, Object.fromEntries(consent.searchParams), ctx);
  }
  if (!outcome.accountId) throw new Error(`not connected: ${outcome.location}`);
  return outcome.accountId;
}

export { syncAccount };
