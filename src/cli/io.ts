/** What a command may touch of the outside world; tests pass their own. */
export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** The real clock; used only when `--today` is not given. */
  clock: () => Date;
  homedir: string;
}

/** The process's own io. */
export async function processIo(): Promise<CliIo> {
  const { homedir } = await import("node:os");
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    clock: () => new Date(),
    homedir: homedir(),
  };
}

/** An io that records output, for tests and in-process callers. */
export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

export function captureIo(
  options: {
    env?: Record<string, string | undefined>;
    stdin?: string;
    tty?: boolean;
    clock?: () => Date;
    homedir?: string;
  } = {},
): CapturedIo {
  let out = "";
  let err = "";
  const stdinText = options.stdin ?? "";
  // A minimal readable: async iteration over one chunk is all commands use.
  const stdin = {
    isTTY: options.tty ?? false,
    async *[Symbol.asyncIterator]() {
      if (stdinText) yield Buffer.from(stdinText);
    },
  } as unknown as NodeJS.ReadableStream & { isTTY?: boolean };
  return {
    stdout: {
      write: (s: string) => {
        out += s;
        return true;
      },
      isTTY: options.tty ?? false,
      columns: 120,
    },
    stderr: {
      write: (s: string) => {
        err += s;
        return true;
      },
      isTTY: options.tty ?? false,
    },
    stdin,
    env: options.env ?? {},
    clock: options.clock ?? (() => new Date("2026-11-21T12:00:00.000Z")),
    homedir: options.homedir ?? "/nonexistent-home",
    out: () => out,
    err: () => err,
  };
}

/** The width to lay text out for: the terminal's, else $COLUMNS (a pager, a file), else 100. */
export function terminalWidth(stream: { columns?: number }, env: CliIo["env"]): number {
  if (stream.columns && stream.columns > 0) return stream.columns;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 20 ? fromEnv : 100;
}
