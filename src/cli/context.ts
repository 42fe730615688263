import { join } from "node:path";
import { nowForToday, parseIsoDate, isoDate } from "../core/dates.js";
import { usageError } from "../core/errors.js";
import type { Mirror } from "../store/open-mirror.js";
import type { Command } from "commander";
import type { CliIo } from "./io.js";

export interface GlobalOptions {
  db?: string;
  today?: string;
  debug?: boolean;
}

/** Everything a command's work needs, resolved once from global options and the environment. */
export interface CommandContext {
  io: CliIo;
  dbPath: string;
  /** Today's date, fixed by --today / SELLER_AI_TODAY or from the clock. */
  today: string;
  /** The instant the command runs at; with a fixed today, noon UTC of that day. */
  now: Date;
  debug: boolean;
  /**
   * Opens the mirror once per command; closed by the top-level handler. A path
   * given by --db or SELLER_AI_DB that holds no mirror yet is created only with
   * `create` (commands that write data); the default location always is.
   */
  mirror(options?: { create?: boolean }): Promise<Mirror>;
  close(): Promise<void>;
}

/** The default mirror path: under $XDG_DATA_HOME/seller-ai/, else ~/.local/share/seller-ai/. */
export function defaultDbPath(env: CliIo["env"], homedir: string): string {
  const base =
    env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() !== "" ? env.XDG_DATA_HOME : join(homedir, ".local", "share");
  return join(base, "seller-ai", "mirror.db");
}

export function createContext(io: CliIo, options: GlobalOptions): CommandContext {
  const dbPath = options.db ?? io.env.SELLER_AI_DB ?? defaultDbPath(io.env, io.homedir);
  // Only the default location is made on first use; a given path's folder must exist (a typo is not a wish).
  const origin = options.db !== undefined ? "--db" : io.env.SELLER_AI_DB !== undefined ? "SELLER_AI_DB" : undefined;
  if (dbPath.trim() === "") throw usageError("--db needs a file path.");
  const todayText = options.today ?? io.env.SELLER_AI_TODAY;
  let today: string;
  let now: Date;
  if (todayText !== undefined && todayText !== "") {
    if (!parseIsoDate(todayText)) {
      const from = options.today !== undefined ? "--today" : "SELLER_AI_TODAY";
      throw usageError(`${from} must be a date as YYYY-MM-DD, got "${todayText}".`);
    }
    today = todayText;
    now = nowForToday(todayText);
  } else {
    now = io.clock();
    today = isoDate(now);
  }
  let opened: Promise<Mirror> | undefined;
  return {
    io,
    dbPath,
    today,
    now,
    debug: options.debug ?? false,
    mirror(options = {}) {
      if (!opened)
        opened = import("../store/open-mirror.js").then((m) =>
          m.openStore(dbPath, {
            createFolder: origin === undefined,
            createFile: origin === undefined || options.create === true,
            ...(origin ? { origin } : {}),
          }),
        );
      return opened;
    },
    async close() {
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}

/** Runs a command's work with a context built from the global options, and closes the mirror after. */
export type ActionRunner = (
  command: Command,
  work: (ctx: CommandContext) => Promise<number | undefined>,
) => Promise<void>;
