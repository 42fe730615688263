import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/build-app.js";
import { createApiKey } from "../../src/accounts/keys.js";
import { CLIENT_REDIRECT, NOW, redirectOf, startHarness, type Harness } from "../helpers/sandbox-harness.js";

interface Api {
  app: FastifyInstance;
  url: string;
  logs: string[];
  key(scopes: string[]): Promise<string>;
  post(key: string | undefined, body: unknown): Promise<{ status: number; body: any }>;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

/** The API on the harness's mirror, listening on loopback (Amazon's redirect comes back to it over HTTP). */
async function startApi(h: Harness, env: Record<string, string> = h.env): Promise<Api> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const clock = () => h.clock.now;
  // The public URL is only known once listening: the app reads its env when a request comes.
  const liveEnv: Record<string, string> = { ...env };
  const app = await buildApp({ mirror: h.mirror, clock, env: liveEnv, logger: { level: "info", stream } as never });
  apps.push(app);
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  liveEnv.SELLER_AI_PUBLIC_URL = address;
  return {
    app,
    url: address,
    logs,
    key: async (scopes) =>
      (
        await createApiKey(h.mirror.db, {
          name: "connector",
          plan: "business",
          scopes: scopes as never,
          accountIds: [],
          now: NOW,
        })
      ).key,
    post: async (key, body) => {
      const res = await fetch(`${address}/v1/connect`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  };
}

describe("POST /v1/connect", () => {
  it.each([
    {
      name: "an unknown scope",
      body: { redirect_uri: CLIENT_REDIRECT, scopes: ["orders", "reviews"] },
      message: /unknown scope "reviews"; scopes are orders, inventory, financial, advertising, catalog, pricing/,
    },
    {
      name: "a redirect the operator did not allow",
      body: { redirect_uri: "https://evil.example/steal", scopes: ["orders"] },
      message: /redirect_uri "https:\/\/evil.example\/steal" is not one this server allows/,
    },
    {
      name: "an unknown region",
      body: { redirect_uri: CLIENT_REDIRECT, scopes: ["orders"], region: "xx" },
      message: /region "xx" is not one of na, eu, fe/,
    },
    { name: "no scopes", body: { redirect_uri: CLIENT_REDIRECT, scopes: [] }, message: /scopes/ },
  ])("refuses $name with 400 in the one error body", async ({ body, message }) => {
    const h = await startHarness();
    const api = await startApi(h);
    const res = await api.post(await api.key(["connect"]), body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.message).toMatch(message);
    expect(res.body.error.request_id).toMatch(/^req_/);
  });

  it("needs a key with the connect scope", async () => {
    const h = await startHarness();
    const api = await startApi(h);
    expect((await api.post(undefined, { redirect_uri: CLIENT_REDIRECT, scopes: ["orders"] })).status).toBe(401);
    const res = await api.post(await api.key(["query"]), { redirect_uri: CLIENT_REDIRECT, scopes: ["orders"] });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/connect/);
  });

  it("connects through Seller Central's consent and Login with Amazon, then the Ads consent", async () => {
    const h = await startHarness();
    const env = { ...h.env };
    delete (env as Record<string, string | undefined>).SELLER_AI_SECRET_KEY;
    const api = await startApi(h, env);
    const key = await api.key(["connect", "query"]);
    const started = await api.post(key, {
      redirect_uri: CLIENT_REDIRECT,
      scopes: ["orders", "advertising"],
      region: "na",
    });
    expect(started.status).toBe(200);
    expect(Object.keys(started.body).sort()).toEqual(["authorization_url", "connection_id", "expires_at", "state"]);
    expect(new Date(started.body.expires_at).getTime() - NOW.getTime()).toBe(10 * 60_000);
    const consent = new URL(started.body.authorization_url);
    expect(consent.searchParams.get("application_id")).toBe(h.sandbox.server.credentials.applicationId);
    expect(consent.searchParams.get("state")).toBe(started.body.state);

    // The browser: Seller Central → our callback → the Ads consent → our callback → the client.
    const toCallback = await redirectOf(started.body.authorization_url);
    expect(toCallback.toString().startsWith(`${api.url}/v1/connect/callback?`)).toBe(true);
    const toAds = await redirectOf(toCallback.toString());
    expect(toAds.pathname).toBe("/ap/oa");
    expect(toAds.searchParams.get("scope")).toBe("advertising::campaign_management");
    const back = await redirectOf((await redirectOf(toAds.toString())).toString());
    expect(`${back.origin}${back.pathname}`).toBe(CLIENT_REDIRECT);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      status: "connected",
      account_id: "amazon-A2SANDBOXSELLER1",
    });

    // Tokens are sealed at rest, with a key file only its owner can read.
    const conn = await h.mirror.db.selectFrom("connections").selectAll().executeTakeFirstOrThrow();
    expect(conn).toMatchObject({
      id: started.body.connection_id,
      account_id: "amazon-A2SANDBOXSELLER1",
      state: "connected",
      scopes: "orders,advertising",
    });
    expect(conn.refresh_token).toMatch(/^v1\./);
    expect(conn.ads_refresh_token).toMatch(/^v1\./);
    expect(`${conn.refresh_token}${conn.ads_refresh_token}`).not.toContain("Atzr|");
    expect(statSync(join(dirname(h.dbPath), "secret.key")).mode & 0o777).toBe(0o600);
    // The account joined the key's workspace, and the logs hold no token.
    const ws = await h.mirror.db.selectFrom("workspace_accounts").selectAll().execute();
    expect(ws.map((w) => w.account_id)).toEqual(["amazon-A2SANDBOXSELLER1"]);
    expect(api.logs.join("")).toContain("account connected");
    expect(api.logs.join("")).not.toMatch(/Atz[ar]\||spapi_oauth_code=|ANsandbox/);

    // A state is single use.
    const again = await fetch(toCallback.toString(), { redirect: "manual" });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toMatch(/unknown or was already used/);
  });

  it("sends the browser back with an error when the consent took longer than 10 minutes", async () => {
    const h = await startHarness();
    const api = await startApi(h);
    const started = await api.post(await api.key(["connect"]), { redirect_uri: CLIENT_REDIRECT, scopes: ["orders"] });
    const toCallback = await redirectOf(started.body.authorization_url);
    h.clock.now = new Date(NOW.getTime() + 11 * 60_000);
    const back = await redirectOf(toCallback.toString());
    expect(back.searchParams.get("error")).toBe("expired_state");
    expect(await h.mirror.db.selectFrom("connections").selectAll().execute()).toEqual([]);
  });

  it("documents both endpoints in the OpenAPI document", async () => {
    const h = await startHarness();
    const api = await startApi(h);
    const doc = await (await fetch(`${api.url}/v1/openapi.json`)).json();
    expect(doc.paths["/v1/connect"].post.operationId).toBe("connect");
    expect(doc.paths["/v1/connect"].post.requestBody.content["application/json"].schema.required).toEqual([
      "redirect_uri",
      "scopes",
    ]);
    expect(doc.paths["/v1/connect/callback"].get.operationId).toBe("connectCallback");
  });
});

describe("refresh_data over /v1/query", () => {
  it("syncs a connected account for a key with the write scope, and is refused (403) to a query-only key", async () => {
    const h = await startHarness({ realTime: true, processingPolls: 0 });
    const api = await startApi(h);
    const key = await api.key(["connect", "query"]);
    const started = await api.post(key, { redirect_uri: CLIENT_REDIRECT, scopes: ["inventory"] });
    await redirectOf((await redirectOf(started.body.authorization_url)).toString());
    const ask = async (k: string) => {
      const res = await fetch(`${api.url}/v1/query`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${k}` },
        body: JSON.stringify({ query: "refresh my data" }),
      });
      return { status: res.status, body: await res.json() };
    };
    const readOnly = await ask(key);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe("forbidden");
    expect(readOnly.body.error.message).toMatch(/write/);
    expect(h.sandbox.server.count("createReport")).toBe(0);

    const ws = (await h.mirror.db.selectFrom("api_keys").select("workspace_id").executeTakeFirstOrThrow()).workspace_id;
    const writer = (
      await createApiKey(h.mirror.db, { name: "writer", scopes: ["query", "write"], workspaceId: ws, now: NOW })
    ).key;
    const refreshed = (await ask(writer)).body;
    expect(refreshed.result.refresh).toMatchObject({ synced: true, status: "ok" });
    expect(refreshed.result.refresh.reports).toBeGreaterThan(0);
    expect(h.sandbox.server.count("createReport")).toBeGreaterThan(0);
  }, 120_000);
});
