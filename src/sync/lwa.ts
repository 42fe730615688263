/**
 * Login with Amazon's token endpoint: an authorisation code (from a consent)
 * or a refresh token in, an access token out. A refresh token Amazon no
 * longer accepts is `ReauthRequired`, which marks the account for reconnecting.
 */
import { SellerAiError } from "../core/errors.js";
import { type AmazonHttp, amazonErrorText } from "./amazon-http.js";

export interface LwaClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface LwaTokens {
  accessToken: string;
  refreshToken?: string;
  expiresInSeconds: number;
}

/** The seller's authorisation is gone (revoked, expired, or the app's secret changed): reconnect. */
export class ReauthRequired extends SellerAiError {
  constructor(reason: string) {
    super("unauthorized", `Amazon no longer accepts this account's authorisation (${reason}).`);
  }
}

async function tokenRequest(http: AmazonHttp, lwa: LwaClient, form: Record<string, string>): Promise<LwaTokens> {
  const response = await http.send({
    operation: "lwaToken",
    method: "POST",
    url: lwa.tokenUrl,
    headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
    body: new URLSearchParams({ ...form, client_id: lwa.clientId, client_secret: lwa.clientSecret }).toString(),
  });
  if (response.status !== 200) {
    const { code, message } = amazonErrorText(response.body);
    if (code === "invalid_grant") throw new ReauthRequired(message || code);
    if (code === "invalid_client")
      throw new SellerAiError("unauthorized", "Login with Amazon rejected the app's credentials (invalid_client).", {
        suggestions: ["Check SELLER_AI_LWA_CLIENT_ID and SELLER_AI_LWA_CLIENT_SECRET."],
      });
    throw new SellerAiError("failure", `Login with Amazon answered ${response.status} ${code}: ${message}`);
  }
  const body = response.json<Record<string, unknown>>();
  if (typeof body.access_token !== "string")
    throw new SellerAiError("failure", "Login with Amazon's answer has no access_token.");
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
    expiresInSeconds: Number(body.expires_in) || 3600,
  };
}

/** Exchanges a consent's authorisation code (valid five minutes) for tokens. */
export function exchangeCode(http: AmazonHttp, lwa: LwaClient, code: string, redirectUri?: string): Promise<LwaTokens> {
  return tokenRequest(http, lwa, {
    grant_type: "authorization_code",
    code,
    ...(redirectUri ? { redirect_uri: redirectUri } : {}),
  });
}

/**
 * Access tokens for one refresh token, renewed a minute before they expire
 * or when Amazon says one expired.
 */
export class AccessTokens {
  private current?: { token: string; expiresAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly http: AmazonHttp,
    private readonly lwa: LwaClient,
    private readonly refreshToken: string,
    private readonly clock: () => number,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.current.expiresAt - 60_000 > this.clock()) return this.current.token;
    this.pending ??= tokenRequest(this.http, this.lwa, {
      grant_type: "refresh_token",
      refresh_token: this.refreshToken,
    })
      .then((t) => {
        this.current = { token: t.accessToken, expiresAt: this.clock() + t.expiresInSeconds * 1000 };
        return t.accessToken;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** Forgets a token Amazon refused as expired. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }
}
