/**
 * What can stand at a mirror's path, said before SQLite is asked to open it:
 * a folder, a device such as /dev/null, a path under a plain file or in a
 * folder that does not exist each get an error that names the path and what
 * to do, instead of SQLite's "disk I/O error" or "file is not a database".
 */
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { SellerAiError } from "../core/errors.js";

/** The location of a PGlite mirror in memory (tests; nothing is kept when it closes). */
export const PGLITE_MEMORY = "pglite:memory";

/** Whether a `--db` / `SELLER_AI_DB` value names a PostgreSQL database rather than a SQLite file. */
export function isPostgresLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location) || location === PGLITE_MEMORY;
}

export interface MirrorPathOptions {
  /** Create the mirror's folder when it is missing (the default location); else a missing folder is an error. */
  createFolder: boolean;
  /**
   * Create the mirror's file when there is none (default true). Commands that
   * only read or serve a path given by `--db` or `SELLER_AI_DB` do not: creating
   * a mirror there (and filling it with the demo seller) would hide a mistyped path.
   */
  createFile?: boolean;
  /** Where the path was given (`--db`, `SELLER_AI_DB`), to say what to change. */
  origin?: string;
}

function elsewhere(origin: string | undefined): string {
  return origin ? `give ${origin} another path` : "choose another path";
}

/** Checks (and, for the default location, prepares) the place of a mirror file; throws a SellerAiError naming it. */
export function prepareMirrorPath(path: string, options: MirrorPathOptions): void {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    // A path through a plain file is told below; anything else (no permission to look) is said as it is.
    if ((error as NodeJS.ErrnoException).code !== "ENOTDIR")
      throw new SellerAiError("failure", `cannot reach the mirror ${path}: ${(error as Error).message}.`, {
        cause: error,
      });
  }
  if (stat?.isDirectory())
    throw new SellerAiError(
      "failure",
      `${path} is a folder, not a mirror file; ${elsewhere(options.origin)}, such as ${join(path, "mirror.db")}.`,
    );
  if (stat && !stat.isFile())
    throw new SellerAiError(
      "failure",
      `${path} is not a regular file (a device, a pipe or a socket) and cannot hold a mirror; ${elsewhere(options.origin)}.`,
    );
  if (stat) return;
  const folder = dirname(path);
  // The nearest existing ancestor tells a missing folder from a path that runs through a plain file.
  let ancestor = folder;
  while (!existsSync(ancestor) && dirname(ancestor) !== ancestor) ancestor = dirname(ancestor);
  if (existsSync(ancestor) && !statSync(ancestor).isDirectory())
    throw new SellerAiError(
      "failure",
      `${ancestor} is not a folder, so the mirror ${path} cannot be created under it; ${elsewhere(options.origin)}.`,
    );
  if (ancestor === folder) {
    if (options.createFile === false)
      throw new SellerAiError(
        "not_found",
        `there is no mirror at ${path}; create one there with \`seller-ai import FILE\` or \`seller-ai demo\`, or ${elsewhere(options.origin)}.`,
      );
    return;
  }
  if (!options.createFolder)
    throw new SellerAiError(
      "failure",
      `the folder ${folder} for the mirror ${path} does not exist; create it first or ${elsewhere(options.origin)}.`,
    );
  mkdirSync(folder, { recursive: true });
}

/**
 * An error SQLite raised while opening or upgrading the mirror at `path`, as
 * an error that says what the file is and what to do.
 */
export function mirrorOpenError(path: string, error: unknown, origin: string | undefined): SellerAiError {
  if (error instanceof SellerAiError) return error;
  const code = String((error as { code?: unknown })?.code ?? "");
  const message = (error as Error)?.message ?? String(error);
  const failure = (text: string) => new SellerAiError("failure", text, { cause: error });
  if (code === "SQLITE_NOTADB")
    return failure(
      `${path} is not a seller-ai mirror: it is not a SQLite database. It was left as it was; ${elsewhere(origin)}.`,
    );
  if (code.startsWith("SQLITE_CORRUPT"))
    return failure(`the mirror ${path} is damaged (SQLite finds it corrupt): ${message}. Restore it from a copy.`);
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_PERM") || code === "SQLITE_AUTH")
    return failure(`the mirror ${path} cannot be written (${message}); check its permissions or ${elsewhere(origin)}.`);
  if (code.startsWith("SQLITE_CANTOPEN"))
    return failure(`cannot open the mirror ${path} (${message}); check the path and its permissions.`);
  if (code.startsWith("SQLITE_IOERR") || code === "SQLITE_FULL")
    return failure(`cannot read or write the mirror ${path} (${message}); check the disk, or ${elsewhere(origin)}.`);
  return failure(`cannot open the mirror at ${path}: ${message}. Check the path given by --db or SELLER_AI_DB.`);
}

/** The refusal of a database that holds another program's tables (a mirror's schema is never added to it). */
export function foreignDatabaseError(path: string, origin: string | undefined): SellerAiError {
  return new SellerAiError(
    "failure",
    `${path} is a SQLite database of another program, not a seller-ai mirror; it was left as it was. ${
      origin ? `Give ${origin} another path.` : "Choose another path."
    }`,
  );
}
