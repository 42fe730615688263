/**
 * Where Amazon is and who we are to it, from configuration only: the app's
 * Login with Amazon credentials and, for tests and the sandbox, endpoint
 * overrides. An http:// endpoint is accepted on loopback only, so tokens
 * never travel in clear over a network.
 */
import { SellerAiError } from "../core/errors.js";

export type Region = "na" | "eu" | "fe";
export const REGIONS: readonly Region[] = ["na", "eu", "fe"];

/** Amazon's published endpoints per region, used when no override is configured. */
const REGION_ENDPOINTS: Record<Region, { consent: string; spapi: string; ads: string; adsConsent: string }> = {
  na: {
    consent: "https://sellercentral.amazon.com/apps/authorize/consent",
    spapi: "https://sellingpartnerapi-na.amazon.com",
    ads: "https://advertising-api.amazon.com",
    adsConsent: "https://www.amazon.com/ap/oa",
  },
  eu: {
    consent: "https://sellercentral-europe.amazon.com/apps/authorize/consent",
    spapi: "https://sellingpartnerapi-eu.amazon.com",
    ads: "https://advertising-api-eu.amazon.com",
    adsConsent: "https://eu.account.amazon.com/ap/oa",
  },
  fe: {
    consent: "https://sellercentral.amazon.co.jp/apps/authorize/consent",
    spapi: "https://sellingpartnerapi-fe.amazon.com",
    ads: "https://advertising-api-fe.amazon.com",
    adsConsent: "https://apac.account.amazon.com/ap/oa",
  },
};
const LWA_TOKEN_URL = "https://api.amazon.com/auth/o2/token";

export interface AmazonConfig {
  clientId?: string;
  clientSecret?: string;
  applicationId?: string;
  /** Where `serve` is reached from a browser, for the consent callback. */
  publicUrl?: string;
  /** Client redirect URIs a connection may end at. */
  allowedRedirects: string[];
  tokenUrl: string;
  consentUrl(region: Region): string;
  adsConsentUrl(region: Region): string;
  spapiEndpoint(region: Region): string;
  adsEndpoint(region: Region): string;
}

/** Reads the configuration from the environment; bad URLs are errors naming the variable. */
export function amazonConfig(env: Record<string, string | undefined>): AmazonConfig {
  const url = (name: string): string | undefined => {
    const value = env[name]?.trim();
    if (!value) return undefined;
    return checkEndpoint(value, name);
  };
  const consent = url("SELLER_AI_CONSENT_URL");
  const adsConsent = url("SELLER_AI_ADS_CONSENT_URL");
  const spapi = url("SELLER_AI_SPAPI_ENDPOINT");
  const ads = url("SELLER_AI_ADS_ENDPOINT");
  const strip = (u: string) => u.replace(/\/+$/, "");
  const publicUrl = url("SELLER_AI_PUBLIC_URL");
  const allowedRedirects = (env.SELLER_AI_CONNECT_REDIRECTS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((u) => {
      try {
        return new URL(u).toString();
      } catch {
        throw new SellerAiError("usage", `SELLER_AI_CONNECT_REDIRECTS: "${u}" is not a URL.`);
      }
    });
  return {
    clientId: env.SELLER_AI_LWA_CLIENT_ID?.trim() || undefined,
    clientSecret: env.SELLER_AI_LWA_CLIENT_SECRET?.trim() || undefined,
    applicationId: env.SELLER_AI_SPAPI_APP_ID?.trim() || undefined,
    publicUrl: publicUrl ? strip(publicUrl) : undefined,
    allowedRedirects,
    tokenUrl: url("SELLER_AI_LWA_TOKEN_URL") ?? LWA_TOKEN_URL,
    consentUrl: (region) => consent ?? REGION_ENDPOINTS[region].consent,
    adsConsentUrl: (region) => adsConsent ?? REGION_ENDPOINTS[region].adsConsent,
    spapiEndpoint: (region) => strip(spapi ?? REGION_ENDPOINTS[region].spapi),
    adsEndpoint: (region) => strip(ads ?? REGION_ENDPOINTS[region].ads),
  };
}

/** The credentials every call to Amazon needs; missing ones are an error naming the variables. */
export function requireCredentials(config: AmazonConfig): {
  clientId: string;
  clientSecret: string;
  applicationId: string;
} {
  const missing = [
    config.clientId ? undefined : "SELLER_AI_LWA_CLIENT_ID",
    config.clientSecret ? undefined : "SELLER_AI_LWA_CLIENT_SECRET",
    config.applicationId ? undefined : "SELLER_AI_SPAPI_APP_ID",
  ].filter((v): v is string => v !== undefined);
  if (missing.length > 0) {
    throw new SellerAiError("usage", `connecting to Amazon needs ${missing.join(", ")} in the environment.`, {
      suggestions: [
        "Set them to your SP-API app's Login with Amazon client id and secret and its application id (Seller Central, Develop Apps).",
        "To try seller-ai without an Amazon account, run `npm run sandbox` and set the variables it prints.",
      ],
    });
  }
  return { clientId: config.clientId!, clientSecret: config.clientSecret!, applicationId: config.applicationId! };
}

/** An https URL, or http on a loopback host; anything else is an error naming the variable. */
export function checkEndpoint(value: string, name: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new SellerAiError("usage", `${name}: "${value}" is not a URL.`);
  }
  if (parsed.protocol === "https:") return value;
  if (parsed.protocol === "http:" && isLoopbackHost(parsed.hostname)) return value;
  throw new SellerAiError(
    "usage",
    `${name}: "${value}" must be https (http is accepted only on 127.0.0.1, ::1 or localhost).`,
  );
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}
