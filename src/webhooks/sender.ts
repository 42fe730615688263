/**
 * Sends one webhook request: a POST of the signed body, answered within the
 * timeout, redirects not followed, and the address checked at connect time
 * (see address-guard.ts). Connections are kept alive per receiver.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import { forbiddenReason, guardedLookup, isLoopbackAddress, systemResolver, type Resolver } from "./address-guard.js";
import { DEFAULT_TIMEOUT_MS } from "./retry-schedule.js";
import { urlHost, type UrlPolicy } from "./url-policy.js";

export interface SendResult {
  /** The receiver's status code, when it answered. */
  statusCode: number | null;
  /** What went wrong, in words (null for an answer, whatever its status). */
  error: string | null;
  durationMs: number;
  /** The send was stopped by the caller's signal (the worker is stopping): not an attempt. */
  aborted: boolean;
}

export interface Sender {
  send(url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<SendResult>;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface SenderOptions {
  policy: UrlPolicy;
  timeoutMs?: number;
  /** Name resolution; tests give their own (e.g. to play DNS rebinding). */
  resolver?: Resolver;
  userAgent?: string;
}

/** At most this much of an answer's body is read; the receiver's answer is its status. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * An HTTP(S) sender for webhook requests.
 *
 * @example
 * const sender = createSender({ policy: { allowHttpLoopback: false } });
 * const result = await sender.send("https://hooks.example.com/in", headers, body);
 */
export function createSender(options: SenderOptions): Sender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const resolver = options.resolver ?? systemResolver;
  const allowLoopback = options.policy.allowHttpLoopback;
  const httpsLookup = guardedLookup({ allowLoopback }, resolver);
  const httpLookup = guardedLookup({ allowLoopback, onlyLoopback: true }, resolver);
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
  };
  const userAgent = options.userAgent ?? "seller-ai-webhooks/1";
  // What the rules say of a URL before any connection (the policy is fixed): worked out once per URL.
  const verdicts = new Map<string, { url: URL; refusal: string | null }>();
  const verdictOf = (urlText: string) => {
    let verdict = verdicts.get(urlText);
    if (!verdict) {
      if (verdicts.size >= 1000) verdicts.clear();
      verdict = judge(urlText, allowLoopback);
      verdicts.set(urlText, verdict);
    }
    return verdict;
  };

  return {
    send(urlText, headers, body, signal) {
      const started = performance.now();
      const done = (statusCode: number | null, error: string | null, aborted = false): SendResult => ({
        statusCode,
        error,
        durationMs: performance.now() - started,
        aborted,
      });
      const { url, refusal } = verdictOf(urlText);
      if (refusal !== null) return Promise.resolve(done(null, refusal));
      const secure = url.protocol === "https:";
      if (signal?.aborted) return Promise.resolve(done(null, "stopped before sending", true));

      return new Promise<SendResult>((resolve) => {
        let settled = false;
        let request: http.ClientRequest;
        const finish = (result: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve(result);
        };
        const timer = setTimeout(() => {
          request.destroy();
          finish(done(null, `no answer within ${Math.round(timeoutMs / 100) / 10} s`));
        }, timeoutMs);
        const onAbort = () => {
          request.destroy();
          finish(done(null, "stopped while sending", true));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        const post = (firstTry: boolean) => {
          request = (secure ? https : http).request(url, {
            method: "POST",
            agent: secure ? agents.https : agents.http,
            lookup: secure ? httpsLookup : httpLookup,
            headers: {
              ...headers,
              "content-type": "application/json",
              "content-length": String(Buffer.byteLength(body)),
              "user-agent": userAgent,
            },
          });
          request.on("response", (response) => {
            const status = response.statusCode ?? 0;
            const location = response.headers.location;
            // The answer is the status; the body is read (to keep the connection) up to a limit, then dropped.
            let bytes = 0;
            response.on("data", (chunk: Buffer) => {
              bytes += chunk.length;
              if (bytes > MAX_RESPONSE_BYTES) response.destroy();
            });
            response.on("error", () => undefined);
            const redirect = status >= 300 && status < 400;
            finish(done(status, redirect ? `redirect${location ? ` to ${location}` : ""} not followed` : null));
          });
          const sent = request;
          sent.on("error", (error: NodeJS.ErrnoException) => {
            // A kept-alive connection the receiver had closed meanwhile: once more on a new one (as Node advises).
            if (firstTry && !settled && sent.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
              post(false);
              return;
            }
            finish(done(null, describe(error, url)));
          });
          sent.end(body);
        };
        post(true);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** Why a URL may not be sent to, before any connection; null when it may (its address is checked at connect time). */
function judge(urlText: string, allowLoopback: boolean): { url: URL; refusal: string | null } {
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return { url: new URL("http://invalid.invalid/"), refusal: `"${urlText}" is not a valid URL` };
  }
  const host = urlHost(url);
  if (url.protocol !== "https:") {
    const loopback = host === "localhost" || (isIP(host) !== 0 && isLoopbackAddress(host));
    if (url.protocol !== "http:" || !allowLoopback || !loopback)
      return {
        url,
        refusal: allowLoopback
          ? "plain http is sent to this machine only; use https"
          : "plain http is refused (allowed to this machine only with --allow-http-webhooks); use https",
      };
  }
  // An address in the URL is connected to without a lookup: it is checked here instead.
  if (isIP(host) !== 0) {
    const reason = forbiddenReason(host, { allowLoopback });
    if (reason) return { url, refusal: `${host} is a ${reason} address; webhooks are not sent there` };
  }
  return { url, refusal: null };
}

function describe(error: NodeJS.ErrnoException, url: URL): string {
  switch (error.code) {
    case "EWEBHOOKADDRESS":
      return error.message;
    case "ECONNREFUSED":
      return `connection refused by ${url.host}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${url.hostname} could not be resolved`;
    case "ECONNRESET":
      return `connection reset by ${url.host}`;
    case "ETIMEDOUT":
      return `connecting to ${url.host} timed out`;
    default:
      return error.message || String(error.code ?? error);
  }
}
