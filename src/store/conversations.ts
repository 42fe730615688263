import { randomBytes } from "node:crypto";
import type { MirrorDb } from "./backend.js";
import { dialectOf, writeTransaction, type WriteWaitOptions } from "./dialect.js";
import { sanitizeUnderstanding } from "../core/understanding-schema.js";
import { startConversationsOnPostgres } from "./postgres/conversation-starts.js";
import type { Understanding } from "../core/understanding.js";

/** How long a conversation lasts without a question before it is forgotten. */
export const DEFAULT_CONVERSATION_TTL_MINUTES = 30;

/** The stored account of a conversation held before any account was chosen (a key column is never null). */
const NO_ACCOUNT = "";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A new conversation id: `conv_` and 22 random base62 characters (about 131 bits).
 *
 * @example newConversationId() // "conv_4fQ0cZ…"
 */
export function newConversationId(): string {
  let id = "conv_";
  // Rejection sampling keeps every character equally likely.
  while (id.length < 27) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < 27) id += BASE62[byte % 62];
    }
  }
  return id;
}

export interface LoadConversationOptions {
  /** Minutes of inactivity after which the conversation has expired (default 30). */
  ttlMinutes?: number;
}

/**
 * The last understanding of a conversation, or undefined when the id is
 * unknown or the conversation has been idle longer than the time to live.
 *
 * @example
 * const previous = await loadConversation(mirror.db, "conv_abc", now);
 * const outcome = parseQuestion("what about the UK?", { catalog, today, previous });
 */
export async function loadConversation(
  db: MirrorDb,
  id: string,
  now: Date,
  options: LoadConversationOptions = {},
): Promise<Understanding | undefined> {
  const row = await db
    .selectFrom("conversations")
    .select(["state", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const ttl = (options.ttlMinutes ?? DEFAULT_CONVERSATION_TTL_MINUTES) * 60_000;
  if (now.getTime() - Date.parse(row.updated_at) > ttl) return undefined;
  try {
    const state = JSON.parse(row.state) as { understanding?: unknown };
    return state.understanding ? sanitizeUnderstanding(state.understanding) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores the latest understanding of a conversation (creating it if new) and
 * marks it active at `now`. It waits for another writer's lock as
 * `writeTransaction` does (`wait`), then fails with a busy error.
 *
 * @example await saveConversation(mirror.db, id, outcome.understanding, now, "demo");
 */
export async function saveConversation(
  db: MirrorDb,
  id: string,
  understanding: Understanding,
  now: Date,
  accountId?: string,
  wait?: WriteWaitOptions,
): Promise<void> {
  const at = now.toISOString();
  const state = JSON.stringify({ understanding });
  await writeTransaction(
    db,
    async (trx) => {
      const stored = await trx
        .selectFrom("conversations")
        .select(["account_id", "created_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      const account = accountId ?? stored?.account_id ?? NO_ACCOUNT;
      // The account is part of the key: a conversation that moves to another account is stored anew under it.
      if (stored && stored.account_id !== account) await trx.deleteFrom("conversations").where("id", "=", id).execute();
      const created = stored?.created_at ?? at;
      await trx
        .insertInto("conversations")
        .values({ id, account_id: account, state, created_at: created, updated_at: at })
        .onConflict((oc) => oc.columns(["account_id", "id"]).doUpdateSet({ state, updated_at: at }))
        .execute();
    },
    wait,
  );
}

/** A conversation started elsewhere (the API's remembered answers), in the rows' own format. */
export interface ConversationStart {
  id: string;
  accountId: string | null;
  /** The conversation's state, as `saveConversation` writes it. */
  state: string;
  at: string;
}

/**
 * Stores conversation starts; an id already stored is left as it is. Ids are
 * random (see the API's answer cache), so the rows need no transaction of
 * their own: on PostgreSQL one statement (postgres/conversation-starts.ts),
 * on SQLite standalone statements.
 */
export async function startConversations(
  db: MirrorDb,
  starts: readonly ConversationStart[],
  wait?: WriteWaitOptions,
): Promise<void> {
  if (starts.length === 0) return;
  if (dialectOf(db).engine === "postgres") {
    const rows = starts.map((c) => ({ id: c.id, account_id: c.accountId ?? NO_ACCOUNT, state: c.state, at: c.at }));
    return startConversationsOnPostgres(db, rows);
  }
  await dialectOf(db).standaloneWrite(
    db,
    async (trx) => {
      // Rows of five values: well under any engine's limit of bound values per statement.
      for (let i = 0; i < starts.length; i += 500) {
        const page = starts.slice(i, i + 500);
        // The key holds the account too: an id stored under another account must be found by the id alone.
        const stored = await trx
          .selectFrom("conversations")
          .select("id")
          .where(
            "id",
            "in",
            page.map((c) => c.id),
          )
          .execute();
        const known = new Set(stored.map((r) => r.id));
        const fresh = page.filter((c) => !known.has(c.id));
        if (!fresh.length) continue;
        await trx
          .insertInto("conversations")
          .values(
            fresh.map((c) => ({
              id: c.id,
              account_id: c.accountId ?? NO_ACCOUNT,
              state: c.state,
              created_at: c.at,
              updated_at: c.at,
            })),
          )
          .onConflict((oc) => oc.columns(["account_id", "id"]).doNothing())
          .execute();
      }
    },
    wait,
  );
}

/** The account a conversation belongs to: undefined for an unknown id, null for one without an account. */
export async function conversationAccount(db: MirrorDb, id: string): Promise<string | null | undefined> {
  const row = await db.selectFrom("conversations").select("account_id").where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return row.account_id === NO_ACCOUNT ? null : row.account_id;
}
