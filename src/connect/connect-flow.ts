/**
 * Connecting a seller account (Login with Amazon, website workflow): a
 * consent URL with a random single-use state bound to the workspace (ten
 * minutes), then the callback that checks the state, exchanges the code for
 * a refresh token, stores it sealed, creates or reconnects the account, and
 * sends the browser on: to the Amazon Ads consent when advertising was
 * asked for, else back to the client's redirect URI.
 */
import { createHash, randomBytes } from "node:crypto";
import { SellerAiError } from "../core/errors.js";
import { createAccount } from "../store/accounts.js";
import {
  insertConnectState,
  purgeConnectStates,
  takeConnectState,
  type ConnectStateRow,
} from "../store/connect-states.js";
import { insertConnection, listConnections, setConnectionState, updateConnection } from "../store/connections.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { requireCredentials, type AmazonConfig, type Region, isRegion, REGIONS } from "../sync/amazon-config.js";
import type { AmazonHttp } from "../sync/amazon-http.js";
import { exchangeCode, type LwaClient } from "../sync/lwa.js";
import { DATA_SCOPES, type DataScope } from "../sync/report-jobs.js";
import type { SecretBox } from "../store/secret-box.js";

export const CONNECT_STATE_TTL_MS = 10 * 60_000;
export const DEFAULT_SCOPES: readonly DataScope[] = ["orders", "inventory", "financial"];
const ADS_SCOPE = "advertising::campaign_management";

export interface StartConnectInput {
  workspaceId: string | null;
  /** Where the browser ends up: one of SELLER_AI_CONNECT_REDIRECTS (or the CLI's own listener). */
  redirectUri: string;
  scopes: readonly string[];
  region?: string;
  /** Our callback address, which Amazon redirects to. */
  callbackUrl: string;
  now: Date;
  /** The CLI's own loopback listener is allowed without configuration. */
  allowRedirect?: (uri: string) => boolean;
}

export interface StartedConnect {
  connection_id: string;
  authorization_url: string;
  state: string;
  expires_at: string;
}

/** Checks the scopes: known data sets only, at least one; unknown ones are an error listing the known. */
export function parseDataScopes(scopes: readonly string[]): DataScope[] {
  const cleaned = [...new Set(scopes.map((s) => s.trim().toLowerCase()).filter(Boolean))];
  const unknown = cleaned.filter((s) => !(DATA_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new SellerAiError(
      "invalid_request",
      `unknown scope${unknown.length > 1 ? "s" : ""} ${unknown.map((s) => `"${s}"`).join(", ")}; scopes are ${DATA_SCOPES.join(", ")}.`,
      {
        details: { field: "scopes", allowed: [...DATA_SCOPES] },
      },
    );
  if (cleaned.length === 0)
    throw new SellerAiError("invalid_request", `give at least one scope: ${DATA_SCOPES.join(", ")}.`, {
      details: { field: "scopes" },
    });
  return cleaned as DataScope[];
}

function hashState(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex");
}

function sameUri(a: string, b: string): boolean {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return false;
  }
}

/** Starts a connection: records the state and returns the Seller Central consent URL. */
export async function startConnect(
  db: MirrorDb,
  config: AmazonConfig,
  input: StartConnectInput,
): Promise<StartedConnect> {
  const credentials = requireCredentials(config);
  const region = input.region ?? "na";
  if (!isRegion(region))
    throw new SellerAiError("invalid_request", `region "${region}" is not one of ${REGIONS.join(", ")}.`, {
      details: { field: "region" },
    });
  const scopes = parseDataScopes(input.scopes);
  const allowed =
    input.allowRedirect?.(input.redirectUri) || config.allowedRedirects.some((u) => sameUri(u, input.redirectUri));
  if (!allowed) {
    throw new SellerAiError("invalid_request", `redirect_uri "${input.redirectUri}" is not one this server allows.`, {
      details: { field: "redirect_uri" },
      suggestions: [
        config.allowedRedirects.length
          ? `Allowed: ${config.allowedRedirects.join(", ")}.`
          : "The operator lists allowed client redirect URIs in SELLER_AI_CONNECT_REDIRECTS (comma-separated).",
      ],
    });
  }
  const state = randomBytes(32).toString("base64url");
  const connectionId = `conn_${randomBytes(12).toString("hex")}`;
  const expires = new Date(input.now.getTime() + CONNECT_STATE_TTL_MS).toISOString();
  await purgeConnectStates(db, input.now.toISOString());
  await insertConnectState(db, {
    state_hash: hashState(state),
    connection_id: connectionId,
    workspace_id: input.workspaceId,
    step: "spapi",
    redirect_uri: input.redirectUri,
    region,
    scopes: scopes.join(","),
    expires_at: expires,
    used_at: null,
    created_at: input.now.toISOString(),
  });
  const url = new URL(config.consentUrl(region));
  url.searchParams.set("application_id", credentials.applicationId);
  url.searchParams.set("state", state);
  url.searchParams.set("redirect_uri", input.callbackUrl);
  return { connection_id: connectionId, authorization_url: url.toString(), state, expires_at: expires };
}

export interface CallbackParams {
  state?: string;
  selling_partner_id?: string;
  spapi_oauth_code?: string;
  /** The Ads consent's code. */
  code?: string;
  error?: string;
  error_description?: string;
}

export interface CallbackContext {
  config: AmazonConfig;
  http: AmazonHttp;
  secrets: SecretBox;
  callbackUrl: string;
  now: Date;
}

export interface CallbackOutcome {
  /** Where to send the browser. */
  location: string;
  /** Set once the account is connected (after the last consent). */
  accountId?: string;
  connectionId: string;
  error?: string;
}

/** The account a selling partner's data goes to. */
export function accountIdFor(sellingPartnerId: string): string {
  return `amazon-${sellingPartnerId}`.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 64);
}

/**
 * Handles the browser's return from a consent. An unknown or reused state
 * is an error (there is nowhere safe to send the browser); every other
 * problem goes back to the client's redirect URI as `error`.
 */
export async function completeConnect(
  db: MirrorDb,
  params: CallbackParams,
  ctx: CallbackContext,
): Promise<CallbackOutcome> {
  const nowIso = ctx.now.toISOString();
  if (!params.state)
    throw new SellerAiError("invalid_request", "the callback has no state.", { details: { field: "state" } });
  const row = await takeConnectState(db, hashState(params.state), nowIso);
  if (!row)
    throw new SellerAiError(
      "invalid_request",
      "this connection link is unknown or was already used; start again with POST /v1/connect.",
      {
        details: { field: "state" },
      },
    );
  const back = (query: Record<string, string>): string => {
    const url = new URL(row.redirect_uri);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  };
  const fail = (error: string, description: string): CallbackOutcome => ({
    location: back({ error, error_description: description }),
    connectionId: row.connection_id,
    error,
  });
  if (row.expires_at < nowIso) return fail("expired_state", "the connection took longer than 10 minutes; start again.");
  if (params.error)
    return fail(
      params.error === "access_denied" ? "access_denied" : params.error,
      params.error_description ?? "the seller did not grant access.",
    );
  const credentials = requireCredentials(ctx.config);
  const lwa: LwaClient = {
    tokenUrl: ctx.config.tokenUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
  };

  if (row.step === "ads") {
    if (!params.code) return fail("invalid_callback", "the Amazon Ads consent returned no code.");
    let refresh: string | undefined;
    try {
      refresh = (await exchangeCode(ctx.http, lwa, params.code, ctx.callbackUrl)).refreshToken;
    } catch (error) {
      return fail("token_exchange_failed", safeMessage(error));
    }
    if (!refresh) return fail("token_exchange_failed", "Login with Amazon returned no refresh token.");
    await updateConnection(db, row.connection_id, {
      ads_refresh_token: ctx.secrets.seal(refresh, `${row.connection_id}:ads`),
      updated_at: nowIso,
    });
    const conn = (await listConnections(db)).find((c) => c.id === row.connection_id);
    return {
      location: back({ status: "connected", account_id: conn?.account_id ?? "" }),
      accountId: conn?.account_id,
      connectionId: row.connection_id,
    };
  }

  if (!params.spapi_oauth_code || !params.selling_partner_id)
    return fail("invalid_callback", "the consent returned no spapi_oauth_code or selling_partner_id.");
  let refresh: string | undefined;
  try {
    refresh = (await exchangeCode(ctx.http, lwa, params.spapi_oauth_code)).refreshToken;
  } catch (error) {
    return fail("token_exchange_failed", safeMessage(error));
  }
  if (!refresh) return fail("token_exchange_failed", "Login with Amazon returned no refresh token.");
  const accountId = accountIdFor(params.selling_partner_id);
  await connectAccount(
    db,
    row,
    accountId,
    params.selling_partner_id,
    ctx.secrets.seal(refresh, row.connection_id),
    nowIso,
  );

  if (row.scopes.split(",").includes("advertising")) {
    const state = randomBytes(32).toString("base64url");
    await insertConnectState(db, {
      ...row,
      state_hash: hashState(state),
      step: "ads",
      expires_at: new Date(ctx.now.getTime() + CONNECT_STATE_TTL_MS).toISOString(),
      used_at: null,
      created_at: nowIso,
    });
    const url = new URL(ctx.config.adsConsentUrl(row.region as Region));
    url.searchParams.set("client_id", credentials.clientId);
    url.searchParams.set("scope", ADS_SCOPE);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("redirect_uri", ctx.callbackUrl);
    url.searchParams.set("state", state);
    return { location: url.toString(), connectionId: row.connection_id };
  }
  return { location: back({ status: "connected", account_id: accountId }), accountId, connectionId: row.connection_id };
}

/** Creates the account (or keeps it, on a reconnect), retires older connections of it, records this one. */
async function connectAccount(
  db: MirrorDb,
  row: ConnectStateRow,
  accountId: string,
  sellingPartnerId: string,
  sealedRefresh: string,
  nowIso: string,
): Promise<void> {
  const existing = await db
    .selectFrom("accounts")
    .select(["id", "provider"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (existing && existing.provider !== "spapi")
    throw new SellerAiError("failure", `account "${accountId}" exists and is not an Amazon connection.`);
  if (!existing) {
    const anyDefault = await db
      .selectFrom("accounts")
      .select("id")
      .where("is_default", "=", 1)
      .where("provider", "!=", "demo")
      .executeTakeFirst();
    if (!anyDefault) await db.updateTable("accounts").set({ is_default: 0 }).where("provider", "=", "demo").execute();
    await createAccount(db, {
      id: accountId,
      name: `Amazon seller ${sellingPartnerId}`,
      provider: "spapi",
      homeCurrency: "USD",
      marketplaces: [],
      isDefault: !anyDefault,
      createdAt: nowIso,
    });
  }
  for (const old of await listConnections(db)) {
    if (old.account_id === accountId && old.id !== row.connection_id && old.state !== "disconnected")
      await setConnectionState(db, old.id, "disconnected", nowIso);
  }
  await insertConnection(db, {
    id: row.connection_id,
    account_id: accountId,
    workspace_id: row.workspace_id,
    region: row.region,
    scopes: row.scopes,
    selling_partner_id: sellingPartnerId,
    refresh_token: sealedRefresh,
    ads_refresh_token: null,
    state: "connected",
    last_error: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  await setConnectionState(db, row.connection_id, "connected", nowIso);
  if (row.workspace_id) {
    await db
      .insertInto("workspace_accounts")
      .values({ workspace_id: row.workspace_id, account_id: accountId })
      .onConflict((oc) => oc.columns(["workspace_id", "account_id"]).doNothing())
      .execute();
  }
}

/** Forgets an account's tokens; its data stays in the mirror. */
export async function disconnectAccount(db: MirrorDb, idOrAccount: string, now: Date): Promise<string[]> {
  const matches = (await listConnections(db)).filter(
    (c) => (c.id === idOrAccount || c.account_id === idOrAccount) && c.state !== "disconnected",
  );
  if (matches.length === 0) {
    throw new SellerAiError("not_found", `no connected account or connection "${idOrAccount}".`, {
      suggestions: ["`seller-ai accounts` lists connections."],
    });
  }
  for (const c of matches) await setConnectionState(db, c.id, "disconnected", now.toISOString());
  return matches.map((c) => c.account_id);
}

/** An error's message for a redirect, with nothing that could be a token. */
function safeMessage(error: unknown): string {
  const message = (error as Error)?.message ?? "the token exchange failed";
  return message.replace(/Atz[ra]\|\S+/g, "[token]").slice(0, 200);
}
