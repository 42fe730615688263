/**
 * The terminal's side of a connection, as `gh auth login` does it: a
 * listener on 127.0.0.1 receives Amazon's redirects, completes the
 * connection, and shows the browser a page saying it is done.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SellerAiError } from "../core/errors.js";
import type { CallbackOutcome, CallbackParams } from "./connect-flow.js";

export interface LoopbackCallback {
  /** Amazon redirects here. */
  callbackUrl: string;
  /** Where the connection ends (the flow's client redirect URI). */
  doneUrl: string;
  /** Resolves with the final outcome, or rejects on timeout. */
  result: Promise<CallbackOutcome>;
  close(): Promise<void>;
}

export async function listenForCallback(
  complete: (params: CallbackParams) => Promise<CallbackOutcome>,
  timeoutMs: number,
): Promise<LoopbackCallback> {
  let settle!: { resolve: (o: CallbackOutcome) => void; reject: (e: unknown) => void };
  const result = new Promise<CallbackOutcome>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let pageShown!: () => void;
  const shown = new Promise<void>((resolve) => {
    pageShown = resolve;
  });
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/callback") {
      const params = Object.fromEntries(url.searchParams) as CallbackParams;
      complete(params).then(
        (outcome) => {
          res.writeHead(302, { location: outcome.location }).end();
          if (outcome.accountId || outcome.error) settle.resolve(outcome);
        },
        (error) => {
          res
            .writeHead(400, { "content-type": "text/html; charset=utf-8" })
            .end(page("Not connected", (error as Error).message));
          settle.reject(error);
        },
      );
      return;
    }
    if (url.pathname === "/done") {
      const error = url.searchParams.get("error");
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          error
            ? page("Not connected", url.searchParams.get("error_description") ?? error)
            : page(
                "Connected",
                `Account ${url.searchParams.get("account_id") ?? ""} is connected. You can close this tab.`,
              ),
        );
      pageShown();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const timer = setTimeout(() => {
    settle.reject(
      new SellerAiError(
        "failure",
        `no answer from Amazon's consent page within ${Math.round(timeoutMs / 1000)} s; run the command again.`,
      ),
    );
  }, timeoutMs);
  timer.unref();
  result.catch(() => undefined).finally(() => clearTimeout(timer));
  return {
    callbackUrl: `http://127.0.0.1:${port}/callback`,
    doneUrl: `http://127.0.0.1:${port}/done`,
    result,
    async close() {
      clearTimeout(timer);
      // The browser is on its way to the closing page: let it arrive (a few seconds at most).
      const settled = await result.then(
        () => true,
        () => false,
      );
      if (settled) await Promise.race([shown, new Promise((r) => setTimeout(r, 3000).unref())]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function page(title: string, text: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><title>seller-ai: ${esc(title)}</title><h1>${esc(title)}</h1><p>${esc(text)}</p>`;
}
