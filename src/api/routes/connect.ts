import type { FastifyInstance, FastifyRequest } from "fastify";
import { SellerAiError } from "../../core/errors.js";
import { ERROR_BODY_SCHEMA } from "../api-error.js";
import type { ApiRouteConfig, ApiServices } from "../route-context.js";

interface ConnectBody {
  redirect_uri: string;
  scopes: string[];
  region?: string;
}

interface CallbackQuery {
  state?: string;
  selling_partner_id?: string;
  spapi_oauth_code?: string;
  code?: string;
  scope?: string;
  error?: string;
  error_description?: string;
}

const errors = (entries: [number, string][]) =>
  Object.fromEntries(
    entries.map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ERROR_BODY_SCHEMA } } },
    ]),
  );

const CONNECT_SCHEMA = {
  summary: "Start connecting a seller account",
  description:
    "Returns the Seller Central consent URL for the region, with a random single-use state bound to the key's workspace " +
    "(valid 10 minutes). After the seller consents, Amazon sends the browser to GET /v1/connect/callback, which stores the " +
    "authorisation and redirects to `redirect_uri` with `status=connected&account_id=…` (or `error`). Scopes: orders, " +
    "inventory, financial (settlements), advertising (adds the Amazon Ads consent), catalog, pricing (competitor offers, buy box).",
  body: {
    type: "object",
    required: ["redirect_uri", "scopes"],
    additionalProperties: false,
    properties: {
      redirect_uri: {
        type: "string",
        minLength: 1,
        maxLength: 2000,
        description: "Where the browser ends up: one of the URIs the operator allows (SELLER_AI_CONNECT_REDIRECTS).",
      },
      scopes: { type: "array", minItems: 1, maxItems: 10, items: { type: "string", maxLength: 40 } },
      region: { type: "string", maxLength: 10, description: "na (default), eu or fe." },
    },
  },
  response: {
    200: {
      description: "The consent to open.",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["connection_id", "authorization_url", "state", "expires_at"],
            additionalProperties: false,
            properties: {
              connection_id: { type: "string" },
              authorization_url: { type: "string" },
              state: { type: "string" },
              expires_at: { type: "string" },
            },
          },
        },
      },
    },
    ...errors([
      [400, "invalid_request: an unknown scope or region, or a redirect_uri the server does not allow"],
      [401, "unauthorized: a missing, malformed, unknown or revoked key"],
      [
        403,
        "forbidden (the key lacks the connect scope) or subscription_inactive (the workspace's subscription has ended)",
      ],
      [500, "internal_error"],
    ]),
  },
} as const;

const CALLBACK_SCHEMA = {
  summary: "Amazon's redirect after a consent",
  description:
    "Opened by the seller's browser, not by API clients: checks the state, exchanges the code at Login with Amazon, " +
    "stores the refresh token encrypted, then redirects (to the Amazon Ads consent when advertising was asked for, " +
    "else to the client's redirect_uri).",
  querystring: {
    type: "object",
    additionalProperties: true,
    properties: {
      state: { type: "string", maxLength: 200 },
      selling_partner_id: { type: "string", maxLength: 100 },
      spapi_oauth_code: { type: "string", maxLength: 2000 },
      code: { type: "string", maxLength: 2000 },
      scope: { type: "string", maxLength: 200 },
      error: { type: "string", maxLength: 200 },
      error_description: { type: "string", maxLength: 2000 },
    },
  },
  response: {
    302: {
      description: "To the next consent, or to the client's redirect_uri with status=connected or error.",
      content: {},
    },
    ...errors([[400, "invalid_request: no state, or a state that is unknown or already used"]]),
  },
} as const;

/**
 * POST /v1/connect (scope `connect`) and GET /v1/connect/callback: the
 * website workflow of Login with Amazon, on src/connect.
 */
export function registerConnectRoutes(app: FastifyInstance, services: ApiServices): void {
  const env = services.env;
  // Loaded at the first connection, not when the server starts: most servers never connect an account.
  let loaded: ReturnType<typeof load> | undefined;
  const load = () =>
    Promise.all([import("../../connect/index.js"), import("../../sync/index.js")]).then(([connect, sync]) => ({
      connect,
      config: sync.amazonConfig(env),
      http: new sync.AmazonHttp(),
    }));
  const deps = () => {
    loaded ??= load();
    return loaded;
  };
  // Where Amazon sends the browser back: SELLER_AI_PUBLIC_URL, else the address this request came to.
  const callbackUrl = (request: FastifyRequest, publicUrl: string | undefined) =>
    `${publicUrl ?? `${request.protocol}://${request.host}`}/v1/connect/callback`;

  const config: ApiRouteConfig = { scope: "connect", operationId: "connect" };
  app.post<{ Body: ConnectBody }>("/v1/connect", { schema: CONNECT_SCHEMA, config }, async (request) => {
    const { connect, config: amazon } = await deps();
    const principal = request.api.principal!;
    return connect.startConnect(services.db, amazon, {
      workspaceId: principal.workspaceId,
      redirectUri: request.body.redirect_uri,
      scopes: request.body.scopes,
      region: request.body.region,
      callbackUrl: callbackUrl(request, amazon.publicUrl),
      now: request.api.now,
    });
  });

  app.get<{ Querystring: CallbackQuery }>(
    "/v1/connect/callback",
    { schema: CALLBACK_SCHEMA, config: { operationId: "connectCallback" } satisfies ApiRouteConfig },
    async (request, reply) => {
      const { connect, config: amazon, http } = await deps();
      if (!services.dbPath)
        throw new SellerAiError("failure", "this server has no mirror file to keep connection keys beside.");
      const secrets = connect.secretBoxFor(env, services.dbPath, { create: true });
      const outcome = await connect.completeConnect(services.db, request.query, {
        config: amazon,
        http,
        secrets,
        callbackUrl: callbackUrl(request, amazon.publicUrl),
        now: request.api.now,
      });
      if (outcome.accountId) services.accountsChanged();
      if (outcome.error)
        request.log.info({ connection_id: outcome.connectionId, error: outcome.error }, "connection refused");
      else if (outcome.accountId)
        request.log.info({ connection_id: outcome.connectionId, account_id: outcome.accountId }, "account connected");
      return reply.redirect(outcome.location, 302);
    },
  );
}
