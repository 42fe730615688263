import { describe, expect, it } from "vitest";
import { captureIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { redirectOf, startHarness, type Harness } from "../helpers/sandbox-harness.js";

const TODAY = "2026-11-21";

function cli(h: Harness, args: string[], env: Record<string, string | undefined> = h.env) {
  const io = captureIo({ env });
  const done = runCli(["--db", h.dbPath, "--today", TODAY, ...args], io);
  return { io, done };
}

async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Runs `seller-ai connect amazon …` and plays the browser: opens the printed URL and follows the redirects. */
async function connectByCli(h: Harness, args: string[]) {
  const run = cli(h, ["connect", "amazon", "--no-browser", ...args]);
  const url = await waitFor(
    () => /https?:\/\/\S+\/apps\/authorize\/consent\?\S+/.exec(run.io.err())?.[0],
    "the consent URL",
  );
  const callback = await redirectOf(url);
  expect(callback.host).toMatch(/^127\.0\.0\.1:\d+$/);
  let next = await redirectOf(callback.toString());
  if (next.pathname === "/ap/oa") next = await redirectOf((await redirectOf(next.toString())).toString());
  const page = await (await fetch(next)).text();
  return { code: await run.done, out: run.io.out(), err: run.io.err(), page };
}

describe("seller-ai connect, accounts, sync", () => {
  it("connects from a terminal, syncs, lists and disconnects", { timeout: 180_000 }, async () => {
    const h = await startHarness({ realTime: true, processingPolls: 0 });
    const connected = await connectByCli(h, ["--region", "na", "--scopes", "orders,inventory"]);
    expect(connected.code).toBe(0);
    expect(connected.out).toBe(
      "Connected account amazon-A2SANDBOXSELLER1 (region na; orders, inventory).\nRun `seller-ai sync` to fetch its data.\n",
    );
    expect(connected.err).toMatch(/Waiting for Amazon's answer on http:\/\/127\.0\.0\.1:\d+\/callback \(up to 300 s\)/);
    expect(connected.page).toContain("is connected. You can close this tab.");

    const sync = cli(h, ["sync", "--since", "2026-11-16", "--json"]);
    expect(await sync.done).toBe(0);
    const result = JSON.parse(sync.io.out());
    expect(result).toMatchObject({ account_id: "amazon-A2SANDBOXSELLER1", status: "ok" });
    expect(result.reports.length).toBeGreaterThan(20);
    expect(result.reports.every((r: { kept?: unknown }) => r.kept === undefined)).toBe(true);

    const status = cli(h, ["status", "--json"]);
    expect(await status.done).toBe(0);
    const account = JSON.parse(status.io.out()).accounts.find(
      (a: { id: string }) => a.id === "amazon-A2SANDBOXSELLER1",
    );
    expect(account).toMatchObject({ provider: "spapi", connection_state: "connected" });
    expect(account.row_counts.daily_sales).toBeGreaterThan(0);

    const list = cli(h, ["accounts"]);
    expect(await list.done).toBe(0);
    expect(list.io.out()).toMatch(
      /^amazon-A2SANDBOXSELLER1 {2}connected\n {2}connection conn_\w+, region na, orders, inventory\n {2}connected \S+, last sync ok at \S+\n$/,
    );

    const off = cli(h, ["accounts", "disconnect", "amazon-A2SANDBOXSELLER1"]);
    expect(await off.done).toBe(0);
    expect(off.io.out()).toContain("Disconnected amazon-A2SANDBOXSELLER1");
    const conn = await h.mirror.db.selectFrom("connections").selectAll().executeTakeFirstOrThrow();
    expect(conn).toMatchObject({ state: "disconnected", refresh_token: null, ads_refresh_token: null });

    const refused = cli(h, ["sync"]);
    expect(await refused.done).toBe(1);
    expect(refused.io.err()).toMatch(/no seller account is connected to Amazon/);
  });

  it.each([
    { args: ["--scopes", "orders"], missing: "--region is needed when not on a terminal" },
    { args: ["--region", "eu"], missing: "--scopes is needed when not on a terminal" },
    { args: [], missing: "--region and --scopes are needed when not on a terminal" },
  ])("names what is missing when not on a terminal: $missing", async ({ args, missing }) => {
    const h = await startHarness();
    const run = cli(h, ["connect", "amazon", ...args]);
    expect(await run.done).toBe(2);
    expect(run.io.err()).toContain(missing);
  });

  it("says which configuration is missing", async () => {
    const h = await startHarness();
    const run = cli(h, ["connect", "amazon", "--region", "na", "--scopes", "orders"], { SELLER_AI_LWA_CLIENT_ID: "x" });
    expect(await run.done).toBe(2);
    expect(run.io.err()).toContain(
      "connecting to Amazon needs SELLER_AI_LWA_CLIENT_SECRET, SELLER_AI_SPAPI_APP_ID in the environment.",
    );
  });

  it("refuses an http endpoint that is not on loopback", async () => {
    const h = await startHarness();
    const run = cli(h, ["sync"], { ...h.env, SELLER_AI_SPAPI_ENDPOINT: "http://sellingpartnerapi.example.com" });
    expect(await run.done).toBe(2);
    expect(run.io.err()).toContain('SELLER_AI_SPAPI_ENDPOINT: "http://sellingpartnerapi.example.com" must be https');
  });
});
