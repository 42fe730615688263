/**
 * A webhook receiver for tests: a real HTTP server on loopback that verifies
 * every request's signature with the Standard Webhooks library (as a
 * seller's receiver would) and answers what the test says. It can be killed
 * (connections cut) and brought back on the same port.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Whether the signature verified with the secret(s) of the moment. */
  verified: boolean;
  at: number;
}

export type Answer = number | "hang" | { status: number; headers: Record<string, string> };

export interface Receiver {
  url: string;
  port: number;
  /** Every request, verified or not, in arrival order. */
  requests: ReceivedWebhook[];
  /** Ids of the events received with a valid signature and answered 2xx. */
  acknowledged: Set<string>;
  /** The secrets a signature may verify with (any one). */
  secrets: string[];
  /**
   * The answer to a request (its `nth` with this webhook-id): a status (default 200), a status with
   * headers, or "hang" to never answer.
   */
  answer: (request: ReceivedWebhook, nth: number) => Answer;
  /** Cuts every connection and stops listening. */
  kill(): Promise<void>;
  /** Listens again on the same port. */
  revive(): Promise<void>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

export async function startReceiver(secrets: string[], options: { port?: number } = {}): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const counts = new Map<string, number>();
  let server: Server;
  const receiver: Receiver = {
    url: "",
    port: 0,
    requests: [],
    acknowledged: new Set(),
    secrets,
    answer: () => 200,
    async kill() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async revive() {
      server = make();
      await listen(receiver.port);
    },
    async close() {
      if (server.listening) await receiver.kill();
    },
  };
  const make = () => {
    const s = createServer(async (request, response) => {
      const body = await readBody(request);
      const headers = {
        "webhook-id": String(request.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(request.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(request.headers["webhook-signature"] ?? ""),
      };
      let verified = false;
      for (const secret of receiver.secrets) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
          break;
        } catch {
          // Try the next secret.
        }
      }
      const received: ReceivedWebhook = {
        id: headers["webhook-id"],
        timestamp: Number(headers["webhook-timestamp"]),
        signature: headers["webhook-signature"],
        body,
        payload: JSON.parse(body),
        verified,
        at: performance.now(),
      };
      receiver.requests.push(received);
      const nth = (counts.get(received.id) ?? 0) + 1;
      counts.set(received.id, nth);
      const answer = verified ? receiver.answer(received, nth) : 401;
      if (answer === "hang") return;
      const status = typeof answer === "number" ? answer : answer.status;
      const extra = typeof answer === "number" ? {} : answer.headers;
      if (status >= 200 && status < 300) receiver.acknowledged.add(received.id);
      response.writeHead(status, { "content-type": "text/plain", ...extra }).end(verified ? "ok" : "bad signature");
    });
    s.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    return s;
  };
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        receiver.port = typeof address === "object" && address ? address.port : port;
        receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
        resolve();
      });
    });
  server = make();
  await listen(options.port ?? 0);
  return receiver;
}
