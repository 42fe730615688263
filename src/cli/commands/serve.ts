import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { Command } from "commander";
import { SellerAiError, usageError } from "../../core/errors.js";
import type { ActionRunner, CommandContext } from "../context.js";
import { ensureDemoData } from "../mirror-data.js";
import type { Mirror } from "../../store/open-mirror.js";

export interface ServeOptions {
  host: string;
  port: number;
  /** `--today` (or SELLER_AI_TODAY) was given: every request is served at that day's noon. */
  fixedToday?: boolean;
  /** Resolves when the server is listening, with its URL (tests and benchmarks). */
  onListening?: (url: string) => void;
  /** Stops the server when it fires; SIGTERM and SIGINT by default. */
  shutdownSignal?: (stop: () => void) => void;
  /**
   * After the shutdown signal, keep serving this long with /healthz answering
   * 503 (`--drain`), so a load balancer takes the instance out before it stops accepting.
   */
  drainMs?: number;
  /** http:// webhooks to this machine are accepted and delivered (local development). */
  allowHttpWebhooks?: boolean;
  /** How long a webhook receiver has to answer (ms). */
  webhookTimeoutMs?: number;
  /** Syncs the connected accounts this often (`--sync-every`), in the background. */
  syncEveryMs?: number;
  /** Serve HTTPS directly with this certificate and key (PEM files). */
  tls?: { certFile: string; keyFile: string };
  /** The Stripe webhook signing secret's file; else SELLER_AI_STRIPE_WEBHOOK_SECRET. */
  stripeWebhookSecretFile?: string;
}

export function registerServeCommand(program: Command, run: ActionRunner): void {
  program
    .command("serve")
    .description("serve the /v1 HTTP API on the mirror (keys from `seller-ai keys create`)")
    .option("--host <host>", "the address to listen on", "127.0.0.1")
    .option("--port <port>", "the port to listen on (0: any free port)", "8080")
    .option("--allow-http-webhooks", "accept and deliver http:// webhooks to this machine (local development)")
    .option("--webhook-timeout <seconds>", "how long a webhook receiver has to answer", "15")
    .option(
      "--drain <seconds>",
      "on SIGTERM, keep serving this long with /healthz answering 503 before closing (behind a load balancer)",
      "0",
    )
    .option("--sync-every <interval>", "sync the connected accounts this often, e.g. 6h, 30m (default: never)")
    .option("--tls-cert <file>", "serve HTTPS directly with this certificate (PEM; with --tls-key)")
    .option("--tls-key <file>", "the certificate's private key (PEM; with --tls-cert)")
    .option(
      "--stripe-webhook-secret-file <file>",
      "receive Stripe billing events at POST /v1/billing/webhook, verified with the signing secret (whsec_…) in this file (or $SELLER_AI_STRIPE_WEBHOOK_SECRET)",
    )
    .action(
      async (
        options: {
          host: string;
          port: string;
          allowHttpWebhooks?: boolean;
          webhookTimeout: string;
          drain: string;
          syncEvery?: string;
          tlsCert?: string;
          tlsKey?: string;
          stripeWebhookSecretFile?: string;
        },
        command: Command,
      ) => {
        const port = parsePort(options.port);
        const timeout = Number(options.webhookTimeout);
        if (!/^\d+(\.\d+)?$/.test(options.webhookTimeout) || timeout < 1 || timeout > 60)
          throw usageError(
            `--webhook-timeout must be a number of seconds from 1 to 60, got "${options.webhookTimeout}".`,
          );
        const drain = Number(options.drain);
        if (!/^\d+(\.\d+)?$/.test(options.drain) || drain > 300)
          throw usageError(`--drain must be a number of seconds from 0 to 300, got "${options.drain}".`);
        const { parseInterval } = await import("../../sync/schedule.js");
        const syncEveryMs = options.syncEvery === undefined ? undefined : parseInterval(options.syncEvery);
        if ((options.tlsCert === undefined) !== (options.tlsKey === undefined))
          throw usageError(
            `${options.tlsCert === undefined ? "--tls-key needs --tls-cert" : "--tls-cert needs --tls-key"}: HTTPS takes both the certificate and its private key.`,
          );
        const globals = command.optsWithGlobals<{ today?: string }>();
        await run(command, (ctx) =>
          serveCommand(ctx, {
            host: options.host,
            port,
            fixedToday: (globals.today ?? ctx.io.env.SELLER_AI_TODAY ?? "") !== "",
            allowHttpWebhooks: options.allowHttpWebhooks ?? false,
            webhookTimeoutMs: timeout * 1000,
            drainMs: drain * 1000,
            syncEveryMs,
            ...(options.tlsCert && options.tlsKey
              ? { tls: { certFile: options.tlsCert, keyFile: options.tlsKey } }
              : {}),
            stripeWebhookSecretFile: options.stripeWebhookSecretFile,
          }),
        );
      },
    );
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65_535)
    throw usageError(`--port must be a number from 0 to 65535, got "${text}".`);
  return port;
}

/**
 * Listens until SIGTERM or SIGINT, then (after the drain, if any: /healthz
 * answers 503 while every route still serves) stops accepting connections
 * and lets the requests in flight finish before returning; the deferred
 * writes are flushed and the mirror is closed after. Meanwhile the webhook
 * delivery worker runs in the background; on shutdown it gives its
 * unfinished attempts back to the queue.
 */
export async function serveCommand(ctx: CommandContext, options: ServeOptions): Promise<number> {
  // Configuration first: a bad certificate or secret is reported before anything starts.
  const https = options.tls ? await readTls(options.tls) : undefined;
  const { stripeWebhookSecret } = await import("../../billing/webhook-secret.js");
  const webhookSecret = stripeWebhookSecret(ctx.io.env, options.stripeWebhookSecretFile);
  const mirror = await ctx.mirror();
  await ensureDemoData(mirror, ctx);
  const [{ buildApp }, { WebhookService }] = await Promise.all([
    import("../../api/build-app.js"),
    import("../../webhooks/index.js"),
  ]);
  // The API's connection: a second one in this process would wait for the first's lock synchronously,
  // holding up the very thread that would release it.
  const webhooks = new WebhookService({
    db: mirror.db,
    policy: { allowHttpLoopback: options.allowHttpWebhooks ?? false },
    clock: ctx.io.clock,
    timeoutMs: options.webhookTimeoutMs,
  });
  let draining = false;
  const app = await buildApp({
    mirror,
    draining: () => draining,
    clock: options.fixedToday ? () => ctx.now : ctx.io.clock,
    logger: { level: ctx.io.env.SELLER_AI_LOG_LEVEL ?? "info" },
    processMetrics: true,
    version: process.env.npm_package_version ?? "0.1.0",
    webhooks: { service: webhooks },
    env: ctx.io.env,
    ...(https ? { https } : {}),
    ...(webhookSecret ? { billing: { webhookSecret } } : {}),
  });
  const worker = webhooks.worker({ log: app.log.child({ component: "webhooks" }) });
  const closeWebhooks = async () => {
    await worker.stop();
    webhooks.close();
  };
  const schedule = options.syncEveryMs ? await syncSchedule(ctx, mirror, options.syncEveryMs, app.log) : undefined;
  let stopping: Promise<void> | undefined;
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) return;
      const drainMs = options.drainMs ?? 0;
      draining = true;
      ctx.io.stderr.write(
        drainMs > 0
          ? `seller-ai: shutting down; /healthz answers 503 for ${drainMs / 1000}s while requests are still served…\n`
          : "seller-ai: shutting down; finishing the requests in flight…\n",
      );
      // The sync schedule stops first: a round under way finishes before the server closes under it.
      stopping = (drainMs > 0 ? sleep(drainMs) : Promise.resolve())
        .then(() => schedule?.stop())
        .then(() => Promise.allSettled([app.close(), closeWebhooks()]))
        .then(() => resolve());
    };
    if (options.shutdownSignal) options.shutdownSignal(stop);
    else {
      process.once("SIGTERM", stop);
      process.once("SIGINT", stop);
    }
  });
  let address: string;
  try {
    address = await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await app.close();
    await closeWebhooks();
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE")
      throw new SellerAiError(
        "failure",
        `port ${options.port} is already in use on ${options.host}; choose another with --port.`,
      );
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
      throw new SellerAiError(
        "failure",
        `cannot listen on ${options.host}: no such local address; use e.g. --host 127.0.0.1.`,
      );
    throw error;
  }
  worker.start();
  ctx.io.stderr.write(
    `seller-ai: API listening on ${address} (POST /v1/query, POST /v1/insights, /v1/webhooks, GET /v1/openapi.json, /healthz, /metrics)\n`,
  );
  if (webhookSecret)
    ctx.io.stderr.write(`seller-ai: receiving Stripe billing events at ${address}/v1/billing/webhook\n`);
  options.onListening?.(address);
  schedule?.start();
  await stopped;
  return 0;
}

/**
 * The background sync of `--sync-every`: each round syncs every connected
 * account that is due and that no other instance on the database holds
 * (see sync/due-syncs.ts); failures are logged.
 */
async function syncSchedule(
  ctx: CommandContext,
  mirror: Mirror,
  everyMs: number,
  log: import("../../sync/schedule.js").ScheduleLog,
) {
  const [{ SyncSchedule }, { syncAccount, amazonConfig, runDueSyncs }, { secretBoxFor }, { watchAfterRefresh }] =
    await Promise.all([
      import("../../sync/schedule.js"),
      import("../../sync/index.js"),
      import("../../store/secret-box.js"),
      import("../../insights/after-refresh.js"),
    ]);
  const retryMs = 60_000;
  return new SyncSchedule({
    everyMs,
    log,
    retryMs,
    syncAll: async () => {
      const round = await runDueSyncs({
        db: mirror.db,
        clock: () => ctx.io.clock(),
        everyMs,
        retryMs,
        warn: (fields, message) => log.error(fields, message),
        sync: async (conn) => {
          const result = await syncAccount(mirror, {
            accountId: conn.account_id,
            now: ctx.io.clock(),
            config: amazonConfig(ctx.io.env),
            secrets: secretBoxFor(ctx.io.env, ctx.dbPath, { create: false }),
          });
          // Alert rules, stock-out risk and new anomalies, each recorded with its event for the webhooks.
          const watch = await watchAfterRefresh(mirror.db, { now: ctx.io.clock(), accountIds: [conn.account_id] });
          for (const problem of watch.problems)
            log.error({ account_id: conn.account_id }, `could not check the ${problem}`);
          return { status: result.status, rows: result.rows_written };
        },
      });
      if (round.problems.length) throw new Error(round.problems.join("; "));
      return round.results;
    },
  });
}

/**
 * The certificate and key of --tls-cert and --tls-key, read before the server starts. node:tls loads here, not
 * with the CLI: every other command would pay for it at start-up.
 */
async function readTls(tls: { certFile: string; keyFile: string }): Promise<{ cert: Buffer; key: Buffer }> {
  const { createSecureContext } = await import("node:tls");
  const read = (file: string, flag: string, kind: string, begins: RegExp) => {
    let content: Buffer;
    try {
      content = readFileSync(file);
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw usageError(
        `cannot read ${flag} ${file}: ${code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (error as Error).message}.`,
      );
    }
    if (!begins.test(content.toString("latin1")))
      throw usageError(
        `${flag} ${file} does not hold a PEM ${kind} (a "-----BEGIN …${kind.toUpperCase()}-----" block).`,
      );
    return content;
  };
  const pair = {
    cert: read(tls.certFile, "--tls-cert", "certificate", /-----BEGIN CERTIFICATE-----/),
    key: read(tls.keyFile, "--tls-key", "private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/),
  };
  try {
    // The same check the server's first handshake would make, made now: a key of another certificate fails here.
    createSecureContext(pair);
  } catch (error) {
    throw usageError(
      `--tls-cert ${tls.certFile} and --tls-key ${tls.keyFile} do not make a pair: ${(error as Error).message}.`,
    );
  }
  return pair;
}
