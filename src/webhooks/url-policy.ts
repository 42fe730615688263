/**
 * Which webhook URLs are accepted at registration: https to a public host;
 * http only to this machine's loopback address, and only when the server
 * allows it (`serve --allow-http-webhooks`, for local development). A URL
 * plainly aimed at the inside (a private or loopback address, an internal
 * name) is refused here; names are resolved and checked again at every
 * connection (see address-guard.ts).
 */
import { isIP } from "node:net";
import { SellerAiError } from "../core/errors.js";
import { forbiddenReason, isLoopbackAddress } from "./address-guard.js";

export interface UrlPolicy {
  /** http:// to a loopback address is accepted (and loopback addresses are reachable). */
  allowHttpLoopback: boolean;
}

export const MAX_URL_LENGTH = 2048;

/** Names that only ever mean something inside a network. */
const INTERNAL_SUFFIXES = [".local", ".internal", ".intranet", ".lan", ".home.arpa", ".corp", ".localdomain"];

/** The host of a URL without IPv6 brackets. */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

function isLoopbackName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost");
}

/**
 * Checks a webhook URL for registration and returns it normalised, or
 * throws a SellerAiError (invalid_request, field `url`) that says why.
 *
 * @example
 * checkWebhookUrl("https://hooks.example.com/seller-ai", { allowHttpLoopback: false }); // "https://hooks.example.com/seller-ai"
 */
export function checkWebhookUrl(text: string, policy: UrlPolicy): string {
  const refuse = (why: string, suggestions: string[] = []) =>
    new SellerAiError("invalid_request", `url ${why}`, { details: { field: "url" }, suggestions });
  if (text.length > MAX_URL_LENGTH) throw refuse(`must be at most ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(`"${text}" is not a valid URL; give an absolute https:// URL.`);
  }
  const host = urlHost(url).toLowerCase();
  const loopback = isLoopbackName(host) || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (url.protocol === "http:") {
    if (!policy.allowHttpLoopback || !loopback)
      throw refuse("must use https.", [
        policy.allowHttpLoopback
          ? "http:// is accepted only to this machine (localhost, 127.0.0.1, [::1])."
          : "For local development, http:// to this machine (localhost) is accepted with --allow-http-webhooks.",
      ]);
  } else if (url.protocol !== "https:") {
    throw refuse(`must use https, not ${url.protocol.replace(/:$/, "")}.`);
  }
  if (isIP(host) !== 0) {
    const reason = forbiddenReason(host, { allowLoopback: policy.allowHttpLoopback });
    if (reason) throw refuse(`points to ${host}, a ${reason} address; webhooks are sent only to public hosts.`);
  } else if (isLoopbackName(host)) {
    if (!policy.allowHttpLoopback)
      throw refuse(`points to ${host}, this machine; webhooks are sent only to public hosts.`, [
        "For local development, this machine is accepted with --allow-http-webhooks.",
      ]);
  } else if (!host.includes(".") || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) {
    throw refuse(`points to ${host}, a name of an internal network; webhooks are sent only to public hosts.`);
  }
  url.hash = "";
  return url.toString();
}
