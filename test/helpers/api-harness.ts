/**
 * An in-process API on the two-seller mirror, for tests: keys are made
 * through the key store (as `seller-ai keys create` does) and requests go
 * through Fastify's `inject`.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type BuildAppOptions } from "../../src/api/build-app.js";
import { createApiKey, type CreatedApiKey } from "../../src/accounts/keys.js";
import type { Mirror } from "../../src/store/open-mirror.js";
import { buildTwoSellerMirror, FIXTURE_TODAY } from "./two-sellers.js";

export const NOON = new Date(`${FIXTURE_TODAY}T12:00:00.000Z`);

export interface Harness {
  mirror: Mirror;
  app: FastifyInstance;
  /** The clock the app reads; tests move it. */
  clock: { now: Date };
  key(options?: {
    plan?: "starter" | "business" | "enterprise";
    scopes?: string[];
    accounts?: string[];
    workspaceId?: string;
    name?: string;
  }): Promise<CreatedApiKey>;
  query(key: string | undefined, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function apiHarness(
  options: Partial<BuildAppOptions> & { mirror?: Mirror; path?: string } = {},
): Promise<Harness> {
  const mirror = options.mirror ?? (await buildTwoSellerMirror(options.path));
  const clock = { now: NOON };
  const app = await buildApp({ ...options, mirror, clock: () => clock.now });
  let n = 0;
  return {
    mirror,
    app,
    clock,
    key: (o = {}) =>
      createApiKey(mirror.db, {
        name: o.name ?? `test key ${++n}`,
        plan: o.workspaceId ? undefined : (o.plan ?? "enterprise"),
        scopes: o.scopes ?? ["query"],
        accountIds: o.accounts ?? (o.workspaceId ? undefined : ["acme"]),
        workspaceId: o.workspaceId,
        now: clock.now,
      }),
    query: (key, body, headers = {}) =>
      app.inject({
        method: "POST",
        url: "/v1/query",
        headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
        ...(typeof body === "string" ? { payload: body } : body === undefined ? {} : { payload: body as object }),
      }),
    async close() {
      await app.close();
      if (!options.mirror) await mirror.close();
    },
  };
}
