import type { Command } from "commander";
import { usageError } from "../../core/errors.js";
import type { WebhookDeliveryStatus } from "../../store/schema.js";
import type { DeliveryResult, WebhookService } from "../../webhooks/index.js";
import type { ActionRunner, CommandContext } from "../context.js";

export interface WebhooksAddOptions {
  url: string;
  events: string[];
  description?: string;
  workspace?: string;
  allowHttp: boolean;
  json: boolean;
}

export interface WebhooksDeliveriesOptions {
  id: string;
  limit: number;
  status?: WebhookDeliveryStatus;
  json: boolean;
}

const DELIVERY_STATUSES = ["pending", "delivering", "succeeded", "failed"] as const;
const ALLOW_HTTP = "--allow-http-webhooks";
const ALLOW_HTTP_HELP = "allow http:// to this machine (localhost) for local development";

export function registerWebhooksCommand(program: Command, run: ActionRunner): void {
  const webhooks = program
    .command("webhooks")
    .description(
      "send events to your endpoints: data refreshes, analyses, anomalies, alerts, price changes, failed payments",
    )
    .addHelpText(
      "after",
      "\nEvents: data_refresh.completed, analysis.completed, anomaly.detected, inventory.alert, price_change.detected,\n" +
        "billing.payment_failed (the workspace's own).\n" +
        "Deliveries are signed to the Standard Webhooks specification and retried for about a day.\n" +
        "`seller-ai serve` delivers them as they happen; without a server, run `seller-ai webhooks deliver`\n" +
        "on a schedule (e.g. every minute from cron).",
    );
  webhooks
    .command("add")
    .description("subscribe an https URL to events; prints its signing secret once")
    .argument("<url>", "the receiver's https:// URL")
    .requiredOption("--events <list>", 'comma-separated event types, or "all"')
    .option("--description <text>", "what the endpoint is for")
    .option(
      "--workspace <id>",
      "the workspace whose accounts' events it receives (default: the only workspace, else a new local one)",
    )
    .option(ALLOW_HTTP, ALLOW_HTTP_HELP)
    .option("--json", "print JSON")
    .action(async (url: string, raw: Record<string, string | boolean | undefined>, command: Command) => {
      const options = parseWebhooksAddOptions(url, raw);
      await run(command, (ctx) => webhooksAddCommand(ctx, options));
    });
  webhooks
    .command("list")
    .description("list the webhooks, with their status (never their secrets)")
    .option("--workspace <id>", "only this workspace's")
    .option("--json", "print JSON")
    .action(async (raw: { workspace?: string; json?: boolean }, command: Command) => {
      await run(command, (ctx) => webhooksListCommand(ctx, { workspace: raw.workspace, json: raw.json ?? false }));
    });
  webhooks
    .command("rm")
    .description("delete a webhook with its queued deliveries and log")
    .argument("<id>", "the webhook's id (we_…)")
    .option("--json", "print JSON")
    .action(async (id: string, raw: { json?: boolean }, command: Command) => {
      await run(command, (ctx) => webhooksRemoveCommand(ctx, id, { json: raw.json ?? false }));
    });
  webhooks
    .command("test")
    .description("send a signed test event to a webhook now and show how it went")
    .argument("<id>", "the webhook's id (we_…)")
    .option(ALLOW_HTTP, ALLOW_HTTP_HELP)
    .option("--json", "print JSON")
    .action(async (id: string, raw: { allowHttpWebhooks?: boolean; json?: boolean }, command: Command) => {
      await run(command, (ctx) =>
        webhooksTestCommand(ctx, id, { allowHttp: raw.allowHttpWebhooks ?? false, json: raw.json ?? false }),
      );
    });
  webhooks
    .command("deliveries")
    .description("the deliveries log of a webhook: every attempt, status code, duration and error")
    .argument("<id>", "the webhook's id (we_…)")
    .option("--limit <n>", "at most this many deliveries, newest first", "20")
    .option("--status <status>", `only deliveries in this state: ${DELIVERY_STATUSES.join(", ")}`)
    .option("--json", "print JSON")
    .action(async (id: string, raw: { limit: string; status?: string; json?: boolean }, command: Command) => {
      const options = parseWebhooksDeliveriesOptions(id, raw);
      await run(command, (ctx) => webhooksDeliveriesCommand(ctx, options));
    });
  webhooks
    .command("replay")
    .description("send one delivery again now")
    .argument("<id>", "the webhook's id (we_…)")
    .argument("<delivery>", "the delivery's id (msg_…), from `webhooks deliveries`")
    .option(ALLOW_HTTP, ALLOW_HTTP_HELP)
    .option("--json", "print JSON")
    .action(
      async (id: string, delivery: string, raw: { allowHttpWebhooks?: boolean; json?: boolean }, command: Command) => {
        await run(command, (ctx) =>
          webhooksReplayCommand(ctx, id, delivery, {
            allowHttp: raw.allowHttpWebhooks ?? false,
            json: raw.json ?? false,
          }),
        );
      },
    );
  webhooks
    .command("rotate-secret")
    .description("issue a new signing secret; the old one keeps signing beside it for 24 hours")
    .argument("<id>", "the webhook's id (we_…)")
    .option("--json", "print JSON")
    .action(async (id: string, raw: { json?: boolean }, command: Command) => {
      await run(command, (ctx) => webhooksRotateCommand(ctx, id, { json: raw.json ?? false }));
    });
  webhooks
    .command("enable")
    .description("enable a disabled webhook again; its queued deliveries resume")
    .argument("<id>", "the webhook's id (we_…)")
    .option("--json", "print JSON")
    .action(async (id: string, raw: { json?: boolean }, command: Command) => {
      await run(command, (ctx) => webhooksEnableCommand(ctx, id, { json: raw.json ?? false }));
    });
  webhooks
    .command("deliver")
    .description("deliver every event due now, once, and exit (for running on a schedule)")
    .option(ALLOW_HTTP, ALLOW_HTTP_HELP)
    .option("--json", "print JSON")
    .action(async (raw: { allowHttpWebhooks?: boolean; json?: boolean }, command: Command) => {
      await run(command, (ctx) =>
        webhooksDeliverCommand(ctx, { allowHttp: raw.allowHttpWebhooks ?? false, json: raw.json ?? false }),
      );
    });
}

/** Validates `webhooks add`; the URL and event types are checked again, with the rules of the API, when stored. */
export function parseWebhooksAddOptions(
  url: string,
  raw: Record<string, string | boolean | undefined>,
): WebhooksAddOptions {
  const list = String(raw.events ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (list.length === 0) throw usageError('--events needs at least one event type, or "all".');
  return {
    url,
    events: list.map((e) => (e === "all" ? "*" : e)),
    description: typeof raw.description === "string" ? raw.description : undefined,
    workspace: typeof raw.workspace === "string" ? raw.workspace : undefined,
    allowHttp: raw.allowHttpWebhooks === true,
    json: raw.json === true,
  };
}

export function parseWebhooksDeliveriesOptions(
  id: string,
  raw: { limit: string; status?: string; json?: boolean },
): WebhooksDeliveriesOptions {
  const limit = Number(raw.limit);
  if (!/^\d+$/.test(raw.limit) || limit < 1 || limit > 100)
    throw usageError(`--limit must be a number from 1 to 100, got "${raw.limit}".`);
  if (raw.status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(raw.status))
    throw usageError(`--status must be one of ${DELIVERY_STATUSES.join(", ")}, got "${raw.status}".`);
  return { id, limit, status: raw.status as WebhookDeliveryStatus | undefined, json: raw.json ?? false };
}

async function service(ctx: CommandContext, allowHttp: boolean): Promise<WebhookService> {
  const [{ WebhookService }, mirror] = await Promise.all([import("../../webhooks/index.js"), ctx.mirror()]);
  // Signatures carry the real time (receivers check it), whatever --today says.
  return new WebhookService({ db: mirror.db, policy: { allowHttpLoopback: allowHttp }, clock: ctx.io.clock });
}

async function withService<T>(
  ctx: CommandContext,
  allowHttp: boolean,
  work: (service: WebhookService) => Promise<T>,
): Promise<T> {
  const s = await service(ctx, allowHttp);
  try {
    return await work(s);
  } finally {
    s.close();
  }
}

/**
 * The workspace a CLI-added webhook belongs to: --workspace; else the only
 * workspace of the mirror; else, with none, the local workspace (made,
 * connected to every account, after the demo seller is generated into an
 * empty mirror, as `keys create` does). With several, the user must choose.
 */
async function workspaceFor(ctx: CommandContext, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const { listWorkspaceIds, ensureLocalWorkspace } = await import("../../store/local-workspace.js");
  const mirror = await ctx.mirror();
  const ids = await listWorkspaceIds(mirror.db);
  if (ids.length === 1) return ids[0];
  if (ids.length > 1)
    throw usageError(`the mirror has ${ids.length} workspaces; choose one with --workspace: ${ids.join(", ")}.`);
  const { ensureDemoData } = await import("../mirror-data.js");
  await ensureDemoData(mirror, ctx);
  return ensureLocalWorkspace(mirror.db, ctx.io.clock());
}

export async function webhooksAddCommand(ctx: CommandContext, options: WebhooksAddOptions): Promise<number> {
  const workspaceId = await workspaceFor(ctx, options.workspace);
  const created = await withService(ctx, options.allowHttp, (s) =>
    s.create({ workspaceId, url: options.url, events: options.events, description: options.description }),
  );
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${JSON.stringify(created, null, 2)}\n`);
    return 0;
  }
  out.write(
    `Created webhook ${created.id} → ${created.url}\n` +
      `  events ${created.events[0] === "*" ? "all" : created.events.join(", ")}; workspace ${created.workspace_id}\n` +
      "Signing secret (shown once; store it now):\n\n" +
      `  ${created.secret}\n\n` +
      "Deliveries carry webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks).\n",
  );
  return 0;
}

export async function webhooksListCommand(
  ctx: CommandContext,
  options: { workspace?: string; json: boolean },
): Promise<number> {
  const endpoints = await withService(ctx, false, (s) => s.list(options.workspace));
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${JSON.stringify(endpoints, null, 2)}\n`);
    return 0;
  }
  if (endpoints.length === 0) {
    out.write("No webhooks yet. Add one with `seller-ai webhooks add https://… --events all`.\n");
    return 0;
  }
  const rows = [
    ["ID", "STATUS", "URL", "EVENTS", "WORKSPACE", "DELIVERED", "QUEUED", "FAILED", "CREATED"],
    ...endpoints.map((e) => [
      e.id,
      e.status === "enabled" && e.failing_since ? "failing" : e.status,
      e.url,
      e.events.join(","),
      e.workspace_id,
      String(e.deliveries.succeeded),
      String(e.deliveries.pending + e.deliveries.delivering),
      String(e.deliveries.failed),
      shortTime(e.created_at),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    out.write(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}\n`);
  for (const e of endpoints) {
    if (e.status === "disabled")
      out.write(`${e.id} is disabled: ${e.disabled_reason}. Enable it with \`seller-ai webhooks enable ${e.id}\`.\n`);
    else if (e.failing_since)
      out.write(`${e.id} has been failing since ${e.failing_since}; it is disabled after 5 days without a success.\n`);
  }
  return 0;
}

export async function webhooksRemoveCommand(
  ctx: CommandContext,
  id: string,
  options: { json: boolean },
): Promise<number> {
  const removed = await withService(ctx, false, (s) => s.remove(id));
  ctx.io.stdout.write(options.json ? `${JSON.stringify(removed)}\n` : `Deleted webhook ${id}.\n`);
  return 0;
}

export async function webhooksTestCommand(
  ctx: CommandContext,
  id: string,
  options: { allowHttp: boolean; json: boolean },
): Promise<number> {
  const result = await withService(ctx, options.allowHttp, (s) => s.sendTest(id));
  writeResult(ctx, `Test event ${result.event_id} to ${id}`, result, options.json);
  return result.status === "succeeded" ? 0 : 1;
}

export async function webhooksReplayCommand(
  ctx: CommandContext,
  id: string,
  deliveryId: string,
  options: { allowHttp: boolean; json: boolean },
): Promise<number> {
  const result = await withService(ctx, options.allowHttp, (s) => s.replay(id, deliveryId));
  writeResult(ctx, `Replay of ${deliveryId} (event ${result.event_id})`, result, options.json);
  return result.status === "succeeded" ? 0 : 1;
}

function writeResult(ctx: CommandContext, what: string, result: DeliveryResult, json: boolean): void {
  const out = ctx.io.stdout;
  if (json) {
    out.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const answer = result.status_code !== null ? `answered ${result.status_code}` : "no answer";
  if (result.status === "succeeded") out.write(`${what}: delivered, ${answer} in ${result.duration_ms} ms.\n`);
  else
    out.write(
      `${what}: failed, ${result.error ?? answer}` +
        (result.next_attempt_at ? `; tried again at ${result.next_attempt_at}.\n` : "; not tried again.\n"),
    );
}

export async function webhooksDeliveriesCommand(
  ctx: CommandContext,
  options: WebhooksDeliveriesOptions,
): Promise<number> {
  const deliveries = await withService(ctx, false, (s) =>
    s.deliveries(options.id, undefined, { limit: options.limit, status: options.status }),
  );
  const out = ctx.io.stdout;
  if (options.json) {
    out.write(`${JSON.stringify(deliveries, null, 2)}\n`);
    return 0;
  }
  if (deliveries.length === 0) {
    out.write(`No deliveries to ${options.id}${options.status ? ` ${options.status}` : ""} yet.\n`);
    return 0;
  }
  for (const d of deliveries) {
    const when =
      d.status === "pending" && d.next_attempt_at ? `, next attempt ${shortTime(d.next_attempt_at, true)}` : "";
    out.write(
      `${d.id}  ${d.event_type}  ${d.status}${when}  (event ${d.event_id}, queued ${shortTime(d.created_at, true)})\n`,
    );
    for (const a of d.attempts) {
      const answer = a.status_code !== null ? String(a.status_code) : "---";
      out.write(
        `  #${a.attempt}  ${shortTime(a.started_at, true)}  ${answer}  ${String(a.duration_ms).padStart(5)} ms` +
          `${a.error ? `  ${a.error}` : ""}\n`,
      );
    }
  }
  return 0;
}

export async function webhooksRotateCommand(
  ctx: CommandContext,
  id: string,
  options: { json: boolean },
): Promise<number> {
  const rotated = await withService(ctx, false, (s) => s.rotateSecret(id));
  const out = ctx.io.stdout;
  if (options.json) out.write(`${JSON.stringify(rotated, null, 2)}\n`);
  else
    out.write(
      `New signing secret for ${id} (shown once; store it now):\n\n  ${rotated.secret}\n\n` +
        `The previous secret also signs every delivery until ${rotated.previous_secret_expires_at}.\n`,
    );
  return 0;
}

export async function webhooksEnableCommand(
  ctx: CommandContext,
  id: string,
  options: { json: boolean },
): Promise<number> {
  const endpoint = await withService(ctx, false, (s) => s.enable(id));
  ctx.io.stdout.write(
    options.json
      ? `${JSON.stringify(endpoint, null, 2)}\n`
      : `Enabled webhook ${id}; ${endpoint.deliveries.pending} queued deliveries resume.\n`,
  );
  return 0;
}

export async function webhooksDeliverCommand(
  ctx: CommandContext,
  options: { allowHttp: boolean; json: boolean },
): Promise<number> {
  const summary = await withService(ctx, options.allowHttp, (s) => s.worker().runOnce());
  const out = ctx.io.stdout;
  const { outcomes: _, ...counts } = summary;
  if (options.json) {
    out.write(`${JSON.stringify(counts)}\n`);
    return 0;
  }
  const attempted = summary.succeeded + summary.retrying + summary.failed;
  if (attempted === 0) {
    out.write("Nothing to deliver now.\n");
    return 0;
  }
  out.write(
    `Delivered ${summary.succeeded} of ${attempted}` +
      (summary.retrying ? `; ${summary.retrying} failed and will be tried again` : "") +
      (summary.failed ? `; ${summary.failed} failed for good` : "") +
      ".\n",
  );
  return 0;
}

function shortTime(iso: string, seconds = false): string {
  return `${iso.slice(0, seconds ? 19 : 16).replace("T", " ")}Z`;
}
