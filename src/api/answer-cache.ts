import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import type { Answer, AnswerBody, AnswerOptions } from "../answer/answer.js";
import { formatSeconds } from "../answer/answer.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { PreparedQuery, param } from "./prepared.js";

type AnswerFn = (question: string, options: AnswerOptions) => Promise<Answer>;

interface Entry {
  answer: Answer;
  /** The conversation state a hit starts its conversation with. */
  state: string;
  version: number;
  generation: number;
  storedAt: number;
}

export interface AnswerCacheOptions {
  /** Entries kept (least recently used dropped first). */
  maxEntries?: number;
  /** An entry is recomputed after this long even if the mirror did not change. */
  maxAgeMs?: number;
}

/**
 * Remembers answers to questions that start a conversation, so a repeated
 * question is not recomputed while the mirror is unchanged. An entry is used
 * only for the same question text, account, overrides and UTC day (in any format),
 * and only while SQLite's `PRAGMA data_version` (which moves when any other
 * connection commits: an import, a refresh, the demo) is the one it was
 * computed at; `invalidate()` covers writes through this connection. A hit
 * still runs the caller's `authorize` on the stored understanding, gets its
 * own request id and a new conversation (stored as `answer()` stores it), and
 * reports its own processing time. Commands (the account intents) and
 * follow-ups in a conversation are never cached.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly conversations: ConversationStarter;
  private readonly dataVersion: Database.Statement;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private generation = 0;

  constructor(
    db: MirrorDb,
    sqlite: Database.Database,
    private readonly compute: AnswerFn,
    options: AnswerCacheOptions = {},
  ) {
    this.conversations = new ConversationStarter(db, sqlite);
    this.dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** Writes the conversations of remembered answers that are still pending. */
  flush(): void {
    this.conversations.flush();
  }

  /** Forgets every entry (after this process changed the mirror's data itself). */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** `answer()` with the cache in front: same arguments, same result. */
  async answer(question: string, options: AnswerOptions & { timer?: () => number }): Promise<Answer> {
    if (options.conversationId !== undefined) {
      this.flush();
      return this.afterCommand(await this.compute(question, options));
    }
    const timer = options.timer ?? (() => performance.now());
    const started = timer();
    const key = JSON.stringify([
      question.trim(),
      options.accountId ?? null,
      options.accountIds ?? null,
      options.marketplace ?? null,
      options.timeframe ?? null,
      options.limit ?? null,
      options.now.toISOString().slice(0, 10),
    ]);
    const version = this.dataVersion.get() as number;
    const nowMs = options.now.getTime();
    const hit = this.entries.get(key);
    if (
      hit &&
      hit.version === version &&
      hit.generation === this.generation &&
      nowMs - hit.storedAt < this.maxAgeMs &&
      nowMs >= hit.storedAt
    ) {
      // Most recently used goes last, so eviction drops the oldest first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      options.authorize?.(hit.answer.understanding);
      const conversationId = this.conversations.start(hit.state, options.now, options.accountId);
      return this.reissue(hit.answer, options.requestId, conversationId, formatSeconds(timer() - started));
    }
    const generation = this.generation;
    const computed = await this.compute(question, options);
    if (computed.understanding.area === "account") return this.afterCommand(computed);
    if (this.generation === generation) {
      this.entries.set(key, {
        answer: computed,
        state: conversationState(computed),
        version,
        generation,
        storedAt: nowMs,
      });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return computed;
  }

  /** Commands (settings, alerts, refresh) may change what later answers say: forget them all. */
  private afterCommand(answer: Answer): Answer {
    if (answer.understanding.area === "account") this.invalidate();
    return answer;
  }

  /** A stored answer under a new request id and conversation; the stored one is never mutated. */
  private reissue(
    answer: Answer,
    requestId: string | undefined,
    conversationId: string,
    processingTime: string,
  ): Answer {
    const body: AnswerBody = {
      request_id: requestId ?? `req_${randomBytes(8).toString("hex")}`,
      result: answer.body.result,
      metadata: { ...answer.body.metadata, processing_time: processingTime, conversation_id: conversationId },
    };
    return { ...answer, body };
  }
}

/** What a conversation row holds, as the conversation store writes it: the last understanding. */
function conversationState(answer: Answer): string {
  return JSON.stringify({ understanding: answer.understanding });
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Starts the conversation of a cached answer in the conversation store's row
 * format, so `conversation_id` can be continued through the API or
 * `seller-ai ask --conversation`. Rows are written behind, in one transaction
 * per batch (at most `FLUSH_MS` later, or at `FLUSH_ROWS` rows), so a
 * remembered answer costs no commit of its own; `flush()` writes them at once
 * (before a follow-up is answered, and on close). Ids are `conv_` and 22
 * base62 characters drawn from a pooled CSPRNG buffer.
 */
class ConversationStarter {
  private readonly insertMany: (rows: Record<string, unknown>[]) => void;
  private pending: Record<string, unknown>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private pool = Buffer.alloc(0);
  private offset = 0;

  constructor(db: MirrorDb, sqlite: Database.Database) {
    const insert = new PreparedQuery(
      sqlite,
      db
        .insertInto("conversations")
        .values({
          id: param("id"),
          account_id: param<string | null>("account"),
          state: param("state"),
          created_at: param("at"),
          updated_at: param("at"),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .compile(),
    );
    this.insertMany = sqlite.transaction((rows: Record<string, unknown>[]) => {
      for (const row of rows) insert.run(row);
    });
  }

  start(state: string, now: Date, accountId: string | undefined): string {
    const id = this.newId();
    this.pending.push({ id, account: accountId ?? null, state, at: now.toISOString() });
    if (this.pending.length >= FLUSH_ROWS) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
    return id;
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.insertMany(rows);
  }

  private newId(): string {
    let id = "conv_";
    while (id.length < 27) {
      if (this.offset >= this.pool.length) {
        this.pool = randomBytes(4096);
        this.offset = 0;
      }
      const byte = this.pool[this.offset++];
      // Rejection sampling keeps every character equally likely.
      if (byte < 248) id += BASE62[byte % 62];
    }
    return id;
  }
}

const FLUSH_MS = 20;
const FLUSH_ROWS = 256;
