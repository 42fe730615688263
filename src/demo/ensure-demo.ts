import { addDaysIso, isoDate } from "../core/dates.js";
import { mirrorIsEmpty } from "../store/accounts.js";
import type { Mirror } from "../store/open-mirror.js";
import type { DemoScaleName } from "./scales.js";

export interface EnsureMirrorDataOptions {
  /** The current instant; the demo history ends the day before. */
  now: Date;
  /** Receives one line when the demo seller was generated. */
  notice: (line: string) => void;
  /** Size of the generated demo (tests use "small"); default scale otherwise. */
  scale?: DemoScaleName;
}

/** The seed of the demo seller a fresh mirror gets. */
export const DEFAULT_DEMO_SEED = 1;

/**
 * Gives a command something to work on: when the mirror holds no account at
 * all, generates the demo seller (seed 1, history ending yesterday) and says
 * so in one line. A mirror with any account is left alone. Returns true when
 * it generated.
 *
 * @example
 * await ensureMirrorData(mirror, { now: ctx.now, notice: (line) => io.stderr.write(`${line}\n`) });
 */
export async function ensureMirrorData(mirror: Mirror, options: EnsureMirrorDataOptions): Promise<boolean> {
  if (!(await mirrorIsEmpty(mirror.db))) return false;
  const end = addDaysIso(isoDate(options.now), -1);
  // The generator loads only when it runs: every `ask` checks the mirror, seldom an empty one.
  const { generateDemo } = await import("./generate-demo.js");
  await generateDemo(mirror, { seed: DEFAULT_DEMO_SEED, end, scale: options.scale, now: options.now });
  options.notice(
    `seller-ai: the mirror was empty, so it now holds the demo seller (account "demo", history to ${end}); to use your own data, run \`seller-ai import FILE...\`.`,
  );
  return true;
}
