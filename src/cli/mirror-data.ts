import type { Mirror } from "../store/open-mirror.js";
import type { CommandContext } from "./context.js";

/**
 * The mirror, with the demo seller generated first when it holds no account
 * (said on stderr after, and before too on a terminal, since generating takes a while).
 */
export async function mirrorWithData(ctx: CommandContext): Promise<Mirror> {
  const [{ ensureMirrorData }, { mirrorIsEmpty }] = await Promise.all([
    import("../demo/ensure-demo.js"),
    import("../store/accounts.js"),
  ]);
  const mirror = await ctx.mirror();
  const notice = (line: string) => ctx.io.stderr.write(`${line.replace(/\n$/, "")}\n`);
  // The wait is worth announcing to a person; scripts get only the one-line notice after.
  if (ctx.io.stderr.isTTY && (await mirrorIsEmpty(mirror.db)))
    notice("seller-ai: the mirror is empty; generating the demo seller first (this can take a minute)…");
  await ensureMirrorData(mirror, { now: ctx.now, notice });
  return mirror;
}

/** Gives an empty mirror the demo seller (with a notice on stderr), so the API has data to answer from. */
export async function ensureDemoData(mirror: Mirror, ctx: CommandContext): Promise<void> {
  const { ensureMirrorData } = await import("../demo/ensure-demo.js");
  await ensureMirrorData(mirror, {
    now: ctx.now,
    notice: (line) => ctx.io.stderr.write(line.endsWith("\n") ? line : `${line}\n`),
  });
}
