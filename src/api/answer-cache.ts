import { randomBytes } from "node:crypto";
import type { Answer, AnswerBody, AnswerOptions } from "../answer/answer.js";
import { formatSeconds } from "../answer/answer.js";
import type { Mirror, MirrorDb } from "../store/backend.js";
import { startConversations, type ConversationStart } from "../store/conversations.js";

type AnswerFn = (question: string, options: AnswerOptions) => Promise<Answer>;

interface Entry {
  answer: Answer;
  /** The conversation state a hit starts its conversation with. */
  state: string;
  version: string;
  generation: number;
  storedAt: number;
}

/** Where failures of background writes are told. */
export interface BackgroundLog {
  error(details: Record<string, unknown>, message: string): void;
}

export interface AnswerCacheOptions {
  log?: BackgroundLog;
  /** How long a flush before a follow-up waits for another writer's lock (default 2000 ms). */
  waitMs?: number;
  /** Entries kept (least recently used dropped first). */
  maxEntries?: number;
  /** An entry is recomputed after this long even if the mirror did not change. */
  maxAgeMs?: number;
}

/**
 * Remembers answers to questions that start a conversation, so a repeated
 * question is not recomputed while the mirror is unchanged. An entry is used
 * only for the same question text, account, overrides and UTC day (in any format),
 * and only while the mirror's data-change version (store/data-changes.ts:
 * it moves with an import, a refresh, the demo, a setting or a rate, from
 * any process, and not with quota or conversation writes) is the one it
 * was computed at; `invalidate()` also drops every entry at once. A hit
 * still runs the caller's `authorize` on the stored understanding, gets its
 * own request id and a new conversation (stored as `answer()` stores it), and
 * reports its own processing time. Commands (the account intents) and
 * follow-ups in a conversation are never cached.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly conversations: ConversationStarter;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private generation = 0;

  constructor(
    private readonly mirror: Pick<Mirror, "db" | "dialect">,
    private readonly compute: AnswerFn,
    options: AnswerCacheOptions = {},
  ) {
    this.conversations = new ConversationStarter(
      mirror.db,
      options.log ?? { error: () => undefined },
      options.waitMs ?? 2_000,
    );
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** Writes the conversations of remembered answers that are still pending. */
  flush(): Promise<void> {
    return this.conversations.flush();
  }

  /** Forgets every entry (after this process changed the mirror's data itself). */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** `answer()` with the cache in front: same arguments, same result. */
  async answer(
    question: string,
    options: AnswerOptions & { timer?: () => number; dataVersion?: string },
  ): Promise<Answer> {
    if (options.conversationId !== undefined) {
      await this.flush();
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
    // A version the request read already (with its limits, in one statement) saves a read.
    const version = options.dataVersion ?? (await this.mirror.dialect.dataVersion(this.mirror.db));
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
 * (before a follow-up is answered, and on close). A batch the mirror refuses
 * (another process holds the write lock, or anything else) stays pending and
 * is tried again after a pause: a background failure is logged, never thrown.
 * Ids are `conv_` and 22 base62 characters drawn from a pooled CSPRNG buffer.
 */
class ConversationStarter {
  private pending: ConversationStart[] = [];
  private timer: NodeJS.Timeout | undefined;
  private retryMs = FLUSH_MS;
  private pool = Buffer.alloc(0);
  private offset = 0;

  constructor(
    private readonly db: MirrorDb,
    private readonly log: BackgroundLog,
    private readonly waitMs: number,
  ) {}

  start(state: string, now: Date, accountId: string | undefined): string {
    const id = this.newId();
    this.pending.push({ id, accountId: accountId ?? null, state, at: now.toISOString() });
    if (this.pending.length >= FLUSH_ROWS) this.schedule(0);
    else this.schedule(FLUSH_MS);
    return id;
  }

  /** Writes the pending rows now, waiting for another writer's lock as requests do; throws when they cannot be. */
  async flush(): Promise<void> {
    await this.write(this.waitMs);
  }

  private schedule(ms: number): void {
    if (this.timer) {
      if (ms > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write(0).then(
        () => {
          this.retryMs = FLUSH_MS;
        },
        (error) => {
          this.log.error({ err: error, pending: this.pending.length }, "conversations not written yet; retrying");
          this.retryMs = Math.min(2 * this.retryMs, MAX_RETRY_MS);
          if (this.pending.length > 0) this.schedule(this.retryMs);
        },
      );
    }, ms);
    this.timer.unref();
  }

  private async write(waitMs: number): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    try {
      await startConversations(this.db, rows, { waitMs });
    } catch (error) {
      // Kept, in their order, ahead of any started meanwhile.
      this.pending = rows.concat(this.pending);
      throw error;
    }
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
/** The longest pause between attempts to write refused conversations. */
const MAX_RETRY_MS = 2_000;
