/**
 * `npm run sandbox`: runs the Amazon sandbox on 127.0.0.1 and prints the
 * configuration that points seller-ai at it, so connect and sync can be
 * tried without an Amazon account.
 */
import { parseArgs } from "node:util";
import { addDaysIso, isoDate } from "../../core/dates.js";
import type { DemoScaleName } from "../../demo/scales.js";
import { startSandbox } from "./index.js";

const HELP = `Usage: npm run sandbox -- [--port N] [--scale default|small|large] [--seed N] [--end YYYY-MM-DD]
                          [--today YYYY-MM-DD] [--rate-scale N] [--processing-ms N]

Serves the demo seller as Amazon would (Login with Amazon, SP-API Reports and Product Pricing, Ads API v3)
on 127.0.0.1. --rate-scale multiplies Amazon's documented request rates (default 1000, so a first sync of
three years of history takes about a minute; 1 gives Amazon's own pace). Reports stay IN_PROGRESS for
--processing-ms (default 1000). The history ends the day before --today (default: the real today);
\`curl -X POST http://127.0.0.1:PORT/sandbox/advance -d '{"days":1}'\` moves the sandbox a day on.
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8790" },
      scale: { type: "string", default: "default" },
      seed: { type: "string", default: "1" },
      end: { type: "string" },
      today: { type: "string" },
      "rate-scale": { type: "string", default: "1000" },
      "processing-ms": { type: "string", default: "1000" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const scale = values.scale as DemoScaleName;
  if (!["default", "small", "large"].includes(scale))
    throw new Error(`--scale must be default, small or large, got "${values.scale}"`);
  const today = values.today;
  const end = values.end ?? addDaysIso(today ?? isoDate(new Date()), -1);
  process.stderr.write(`Generating the sandbox seller (scale ${scale}, history to ${end})…\n`);
  const sandbox = await startSandbox({
    seller: { end, scale, seed: Number(values.seed) },
    port: Number(values.port),
    rateScale: Number(values["rate-scale"]),
    processingPolls: 0,
    processingMs: Number(values["processing-ms"]),
    // --today fixes the sandbox's calendar (it still moves with POST /sandbox/advance).
    ...(today ? { clock: () => new Date(`${today}T06:00:00Z`) } : {}),
  });
  const lines = Object.entries(sandbox.env).map(([k, v]) => `export ${k}='${v}'`);
  process.stdout.write(
    `Amazon sandbox listening on ${sandbox.url} (seller ${sandbox.seller.sellingPartnerId}: ${sandbox.seller.marketplaces
      .map((m) => m.code)
      .join(", ")}, ${sandbox.seller.firstDay} to ${sandbox.seller.lastDay}).\n\n` +
      `Point seller-ai at it (in another terminal):\n\n${lines.join("\n")}\n\n` +
      "then: seller-ai connect amazon --region na --scopes orders,inventory,financial,advertising,pricing\n" +
      "      seller-ai sync\n\nCtrl-C stops it.\n",
  );
  const stop = () => {
    sandbox.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error) => {
  process.stderr.write(`sandbox: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
