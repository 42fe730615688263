import type { Command } from "commander";
import { SellerAiError, usageError } from "../../core/errors.js";
import type { CommandContext } from "../context.js";
import type { ActionRunner } from "../context.js";

export interface ConnectOptions {
  provider: "amazon";
  region?: string;
  scopes?: string[];
  timeoutMs: number;
  browser: boolean;
  json: boolean;
}

interface RawConnectOptions {
  region?: string;
  scopes?: string;
  timeout?: string;
  browser?: boolean;
  json?: boolean;
}

const REGION_CHOICES = [
  { value: "na", name: "na: North America (US, CA, MX, BR)" },
  { value: "eu", name: "eu: Europe, Middle East, India" },
  { value: "fe", name: "fe: Far East (JP, AU, SG)" },
];

export function registerConnectCommand(program: Command, run: ActionRunner): void {
  program
    .command("connect")
    .description("connect a seller account (opens Amazon's consent page, waits for the answer on 127.0.0.1)")
    .argument("<provider>", "amazon")
    .option("--region <region>", "the Seller Central region: na, eu or fe (asked on a terminal)")
    .option(
      "--scopes <list>",
      "data sets, comma-separated: orders, inventory, financial, advertising, catalog, pricing (asked on a terminal)",
    )
    .option("--timeout <seconds>", "how long to wait for the consent", "300")
    .option("--no-browser", "only print the consent URL")
    .option("--json", "print JSON")
    .action(async (provider: string, raw: RawConnectOptions, command: Command) => {
      const options = parseConnectOptions(provider, raw);
      await run(command, (ctx) => connectCommand(ctx, options));
    });
}

export function parseConnectOptions(provider: string, raw: RawConnectOptions): ConnectOptions {
  if (provider.toLowerCase() !== "amazon")
    throw usageError(`unknown provider "${provider}"; seller-ai connects to: amazon.`);
  const seconds = Number(raw.timeout ?? "300");
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw usageError(`--timeout must be a number of seconds, got "${raw.timeout}".`);
  return {
    provider: "amazon",
    region: raw.region?.toLowerCase(),
    scopes: raw.scopes
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    timeoutMs: seconds * 1000,
    browser: raw.browser ?? true,
    json: raw.json ?? false,
  };
}

/** Asks for what the command line did not say, on a terminal; elsewhere names the missing option. */
async function completeOptions(
  ctx: CommandContext,
  options: ConnectOptions,
): Promise<{ region: string; scopes: string[] }> {
  const interactive = Boolean(ctx.io.stdin.isTTY && ctx.io.stderr.isTTY);
  const missing = [options.region ? undefined : "--region", options.scopes?.length ? undefined : "--scopes"].filter(
    Boolean,
  );
  if (missing.length && !interactive)
    throw usageError(`${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} needed when not on a terminal.`, [
      "e.g. seller-ai connect amazon --region na --scopes orders,inventory,financial",
    ]);
  const { DATA_SCOPES } = await import("../../sync/report-jobs.js");
  const { select, checkbox } = await import("@inquirer/prompts");
  const context = { input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream };
  const region =
    options.region ?? (await select({ message: "Seller Central region", choices: REGION_CHOICES }, context));
  const scopes = options.scopes?.length
    ? options.scopes
    : await checkbox(
        {
          message: "Data to sync",
          choices: DATA_SCOPES.map((s) => ({
            value: s,
            checked: s === "orders" || s === "inventory" || s === "financial",
          })),
          required: true,
        },
        context,
      );
  return { region, scopes };
}

export async function connectCommand(ctx: CommandContext, options: ConnectOptions): Promise<number> {
  const [{ amazonConfig, requireCredentials, AmazonHttp }, connect] = await Promise.all([
    import("../../sync/index.js"),
    import("../../connect/index.js"),
  ]);
  const config = amazonConfig(ctx.io.env);
  requireCredentials(config);
  const { region, scopes } = await completeOptions(ctx, options);
  connect.parseDataScopes(scopes);
  const mirror = await ctx.mirror({ create: true });
  const secrets = connect.secretBoxFor(ctx.io.env, ctx.dbPath, { create: true });
  const http = new AmazonHttp();
  const listener = await connect.listenForCallback(
    (params) =>
      connect.completeConnect(mirror.db, params, {
        config,
        http,
        secrets,
        callbackUrl: listener.callbackUrl,
        now: ctx.now,
      }),
    options.timeoutMs,
  );
  try {
    const started = await connect.startConnect(mirror.db, config, {
      workspaceId: null,
      redirectUri: listener.doneUrl,
      scopes,
      region,
      callbackUrl: listener.callbackUrl,
      now: ctx.now,
      allowRedirect: (uri) => uri === listener.doneUrl,
    });
    const err = ctx.io.stderr;
    err.write(`Open this page to let seller-ai read your Amazon seller data:\n\n  ${started.authorization_url}\n\n`);
    if (options.browser && ctx.io.stderr.isTTY) openBrowser(started.authorization_url);
    err.write(
      `Waiting for Amazon's answer on ${listener.callbackUrl} (up to ${Math.round(options.timeoutMs / 1000)} s)…\n`,
    );
    const outcome = await listener.result;
    if (outcome.error || !outcome.accountId) {
      const description = new URL(outcome.location).searchParams.get("error_description") ?? outcome.error ?? "unknown";
      throw new SellerAiError("failure", `the account was not connected (${outcome.error}: ${description}).`);
    }
    if (options.json) {
      ctx.io.stdout.write(
        `${JSON.stringify({ account_id: outcome.accountId, connection_id: outcome.connectionId, region, scopes }, null, 2)}\n`,
      );
    } else {
      ctx.io.stdout.write(
        `Connected account ${outcome.accountId} (region ${region}; ${scopes.join(", ")}).\nRun \`seller-ai sync\` to fetch its data.\n`,
      );
    }
    return 0;
  } finally {
    await listener.close();
  }
}

/** Opens the URL in the desktop's browser where there is one; silently does nothing otherwise. */
function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  import("node:child_process")
    .then(({ spawn }) => {
      const child = spawn(command, [url], { stdio: "ignore", detached: true });
      child.on("error", () => undefined);
      child.unref();
    })
    .catch(() => undefined);
}
