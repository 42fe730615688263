/**
 * The Amazon sandbox: a local stand-in for Login with Amazon, the Selling
 * Partner API and the Amazon Ads API, serving the demo seller. Tests start it
 * on loopback; `npm run sandbox` runs it for trying connect and sync without
 * an Amazon account.
 */
export { SandboxSeller, type SandboxMarketplace, type SandboxSellerOptions } from "./sandbox-seller.js";
export { SandboxServer, SANDBOX_CREDENTIALS, type SandboxCredentials, type SandboxOptions } from "./sandbox-server.js";

import { SandboxSeller, type SandboxSellerOptions } from "./sandbox-seller.js";
import { SandboxServer, type SandboxOptions } from "./sandbox-server.js";

export interface StartedSandbox {
  server: SandboxServer;
  seller: SandboxSeller;
  url: string;
  /** The environment that points seller-ai at this sandbox. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Generates the seller and starts the sandbox on 127.0.0.1.
 *
 * @example
 * const sandbox = await startSandbox({ seller: { end: "2026-11-20", scale: "small" }, clock: () => now });
 * // point seller-ai at it: Object.assign(process.env, sandbox.env)
 */
export async function startSandbox(
  options: Omit<SandboxOptions, "seller"> & { seller: SandboxSellerOptions; port?: number },
): Promise<StartedSandbox> {
  const seller = await SandboxSeller.create(options.seller);
  const server = new SandboxServer({ ...options, seller });
  const url = await server.start(options.port ?? 0);
  return {
    server,
    seller,
    url,
    env: sandboxEnv(server, url),
    async close() {
      await server.close();
      await seller.close();
    },
  };
}

/** The configuration variables that send seller-ai's connect and sync to the sandbox at `url`. */
export function sandboxEnv(server: SandboxServer, url: string): Record<string, string> {
  return {
    SELLER_AI_LWA_CLIENT_ID: server.credentials.clientId,
    SELLER_AI_LWA_CLIENT_SECRET: server.credentials.clientSecret,
    SELLER_AI_SPAPI_APP_ID: server.credentials.applicationId,
    SELLER_AI_CONSENT_URL: `${url}/apps/authorize/consent`,
    SELLER_AI_ADS_CONSENT_URL: `${url}/ap/oa`,
    SELLER_AI_LWA_TOKEN_URL: `${url}/auth/o2/token`,
    SELLER_AI_SPAPI_ENDPOINT: url,
    SELLER_AI_ADS_ENDPOINT: url,
  };
}
