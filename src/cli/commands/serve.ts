import type { Command } from "commander";
import { SellerAiError, usageError } from "../../errors.js";
import type { Mirror } from "../../store/open-mirror.js";
import type { CommandContext } from "../context.js";
import type { ActionRunner } from "../program.js";

export interface ServeOptions {
  host: string;
  port: number;
  /** `--today` (or SELLER_AI_TODAY) was given: every request is served at that day's noon. */
  fixedToday?: boolean;
  /** Resolves when the server is listening, with its URL (tests and benchmarks). */
  onListening?: (url: string) => void;
  /** Stops the server when it fires; SIGTERM and SIGINT by default. */
  shutdownSignal?: (stop: () => void) => void;
}

export function registerServeCommand(program: Command, run: ActionRunner): void {
  program
    .command("serve")
    .description("serve the /v1 HTTP API on the mirror (keys from `seller-ai keys create`)")
    .option("--host <host>", "the address to listen on", "127.0.0.1")
    .option("--port <port>", "the port to listen on (0: any free port)", "8080")
    .action(async (options: { host: string; port: string }, command: Command) => {
      const port = parsePort(options.port);
      const globals = command.optsWithGlobals<{ today?: string }>();
      await run(command, (ctx) => serveCommand(ctx, { host: options.host, port, fixedToday: (globals.today ?? ctx.io.env.SELLER_AI_TODAY ?? "") !== "" }));
    });
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65_535) throw usageError(`--port must be a number from 0 to 65535, got "${text}".`);
  return port;
}

/** Gives an empty mirror the demo seller (with a notice on stderr), so the API has data to answer from. */
export async function ensureDemoData(mirror: Mirror, ctx: CommandContext): Promise<void> {
  const { ensureMirrorData } = await import("../../demo/ensure-demo.js");
  await ensureMirrorData(mirror, { now: ctx.now, notice: (line) => ctx.io.stderr.write(line.endsWith("\n") ? line : `${line}\n`) });
}

/**
 * Listens until SIGTERM or SIGINT, then stops accepting connections and lets
 * the requests in flight finish before returning.
 */
export async function serveCommand(ctx: CommandContext, options: ServeOptions): Promise<number> {
  const mirror = await ctx.mirror();
  await ensureDemoData(mirror, ctx);
  const { buildApp } = await import("../../api/build-app.js");
  const app = await buildApp({
    mirror,
    clock: options.fixedToday ? () => ctx.now : ctx.io.clock,
    logger: { level: ctx.io.env.SELLER_AI_LOG_LEVEL ?? "info" },
    processMetrics: true,
    version: process.env.npm_package_version ?? "0.1.0",
  });
  let stopping: Promise<void> | undefined;
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) return;
      ctx.io.stderr.write("seller-ai: shutting down; finishing the requests in flight…\n");
      stopping = app.close().then(resolve, resolve);
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
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") throw new SellerAiError("failure", `port ${options.port} is already in use on ${options.host}; choose another with --port.`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new SellerAiError("failure", `cannot listen on ${options.host}: no such local address; use e.g. --host 127.0.0.1.`);
    throw error;
  }
  ctx.io.stderr.write(`seller-ai: API listening on ${address} (POST /v1/query, GET /v1/openapi.json, /healthz, /metrics)\n`);
  options.onListening?.(address);
  await stopped;
  return 0;
}
