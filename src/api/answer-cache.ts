import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import type { Answer, AnswerBody, AnswerOptions } from "../core/answer.js";
import { formatSeconds } from "../core/answer.js";
import { loadConversations } from "../core/pipeline-modules.js";
import type { Understanding } from "../nlu/understanding.js";

type AnswerFn = (question: string, options: AnswerOptions) => Promise<Answer>;

interface Entry {
  answer: Answer;
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
 * only for the same question text, account, overrides, format and UTC day,
 * and only while SQLite's `PRAGMA data_version` (which moves when any other
 * connection commits: an import, a refresh, the demo) is the one it was
 * computed at; `invalidate()` covers writes through this connection. A hit
 * still runs the caller's `authorize` on the stored understanding, gets its
 * own request id and a new conversation (saved as `answer()` saves it), and
 * reports its own processing time. Commands (the account intents) and
 * follow-ups in a conversation are never cached.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly dataVersion: Database.Statement;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private generation = 0;

  constructor(
    sqlite: Database.Database,
    private readonly compute: AnswerFn,
    options: AnswerCacheOptions = {},
  ) {
    this.dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** Forgets every entry (after this process changed the mirror's data itself). */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** `answer()` with the cache in front: same arguments, same result. */
  async answer(question: string, options: AnswerOptions & { timer?: () => number }): Promise<Answer> {
    if (options.conversationId !== undefined) return this.compute(question, options);
    const timer = options.timer ?? (() => performance.now());
    const started = timer();
    const key = JSON.stringify([
      question.trim(),
      options.accountId ?? null,
      options.accountIds ?? null,
      options.marketplace ?? null,
      options.timeframe ?? null,
      options.format ?? "json",
      options.now.toISOString().slice(0, 10),
    ]);
    const version = this.dataVersion.get() as number;
    const nowMs = options.now.getTime();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.generation === this.generation && nowMs - hit.storedAt < this.maxAgeMs && nowMs >= hit.storedAt) {
      // Most recently used goes last, so eviction drops the oldest first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      options.authorize?.(hit.answer.understanding);
      const conversationId = await this.startConversation(options, hit.answer.understanding);
      return this.reissue(hit.answer, options.requestId, conversationId, formatSeconds(timer() - started));
    }
    const generation = this.generation;
    const computed = await this.compute(question, options);
    if (computed.understanding.area !== "account" && this.generation === generation) {
      this.entries.set(key, { answer: computed, version, generation, storedAt: nowMs });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return computed;
  }

  private async startConversation(options: AnswerOptions, understanding: Understanding): Promise<string> {
    const conversations = await loadConversations();
    if (!conversations) return `conv_${randomBytes(8).toString("hex")}`;
    const id = conversations.newConversationId();
    await conversations.saveConversation(options.db, id, understanding, options.now, options.accountId);
    return id;
  }

  /** A stored answer under a new request id and conversation; the stored one is never mutated. */
  private reissue(answer: Answer, requestId: string | undefined, conversationId: string, processingTime: string): Answer {
    const body: AnswerBody = {
      request_id: requestId ?? `req_${randomBytes(8).toString("hex")}`,
      result: answer.body.result,
      metadata: { ...answer.body.metadata, processing_time: processingTime, conversation_id: conversationId },
    };
    return { ...answer, body };
  }
}
