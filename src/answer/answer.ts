/**
 * The one function both shells call: a question (or command) in, an answer
 * out, as data only. The shells render it (src/render/answer-output.ts): the
 * CLI as a table, chart, json, csv or chart spec; the API as its body. Both
 * get identical results for the same question, today and data.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { shownNote, type IntentOutcome } from "../analytics/answers/outcome.js";
import type { IntentResults } from "../analytics/results/index.js";
import { INSIGHT_INTENTS, runIntent } from "../analytics/answers/run-intent.js";
import { type AnalyticsContext, createAnalyticsContext } from "../analytics/facts/context.js";
import { isSellerAiError, SellerAiError } from "../core/errors.js";
import { withMissingDays } from "../analytics/facts/missing-rate.js";
import { accountRateCoverage } from "../store/currency-rates.js";
import { marketplaceByCode } from "../core/reference-data.js";
import { resolveAccount, type Account } from "../store/accounts.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { type Intent, MARKETPLACE_CODES, type MarketplaceCode, type Understanding } from "../core/understanding.js";
import { isoDate } from "../core/dates.js";
import { rememberedCatalogVocabulary } from "../store/catalog-vocabulary.js";
import {
  DEFAULT_CONVERSATION_TTL_MINUTES,
  loadConversation,
  newConversationId,
  saveConversation,
} from "../store/conversations.js";
import { isDatabaseBusy } from "../store/dialect.js";
import { parseQuestion, type ParseOutcome } from "../nlu/parse-question.js";
import { parseTimeframeToken, resolveTimeframe } from "../core/timeframe.js";

export interface AnswerOptions {
  db: MirrorDb;
  /** The instant of the question; today is its UTC date. The core never reads the clock. */
  now: Date;
  /** The account asked about; the default account when absent. */
  accountId?: string;
  /** Accounts the caller may use (API workspaces): another accountId is not_found. */
  accountIds?: string[];
  /** Continue this conversation; a new `conv_` id is made when absent. */
  conversationId?: string;
  /** Explicit overrides of the parsed filters. */
  marketplace?: string;
  timeframe?: string;
  /** The most rows the answer's table holds (filters.limit). */
  limit?: number;
  requestId?: string;
  /** Called after parsing and before the analytics; may throw (plan limits). */
  authorize?: (understanding: Understanding) => void;
  /** Who asks, for the audit trail of account changes: "cli" (default) or an API key's id. */
  actor?: string;
  /** Milliseconds clock for processing_time; performance.now by default. */
  timer?: () => number;
  /** Passed through to the parser's optional LLM help. */
  llm?: unknown;
  /**
   * Stores the conversation's latest understanding; by default in the mirror, waiting a little for
   * another writer's lock. A busy mirror leaves the conversation unsaved (see `Answer.conversationSaved`).
   */
  saveConversation?: (conversation: ConversationUpdate) => Promise<void>;
  /**
   * Fetches fresh data for an account before a `refresh_data` answer (the shells pass a sync; the
   * analytics only describe). Its result is returned as `result.refresh`.
   */
  refresh?: (accountId: string) => Promise<unknown>;
}

export interface AnswerBody {
  request_id: string;
  result: IntentOutcome["result"];
  metadata: {
    processing_time: string;
    data_freshness: string | null;
    query_understanding: Understanding;
    conversation_id: string;
  };
}

/** What `answer()` stores of a conversation after each question. */
export interface ConversationUpdate {
  id: string;
  understanding: Understanding;
  now: Date;
  accountId: string | undefined;
}

/** How long saving a conversation waits for another writer (an import) before the answer goes without it. */
const CONVERSATION_WAIT_MS = 2_000;

export interface Answer {
  body: AnswerBody;
  /** False when the mirror was too busy (another process writing) to save the conversation: it cannot be continued. */
  conversationSaved?: boolean;
  /** The key of `body.result` that holds the primary table. */
  primaryKey: string;
  understanding: Understanding;
  /** The SQL that ran, in order (for --explain). */
  sql: string[];
}

/**
 * Parses a question in the context of its conversation, runs the analysis on
 * the mirror and returns the API body.
 *
 * @example
 * const { body } = await answer("top 5 products by revenue last 30 days", { db, now: new Date("2026-11-21T12:00:00Z") });
 * body.result.top_products; // [{ asin: "B0…", revenue: 1234.5, … }]
 */
export async function answer(question: string, options: AnswerOptions): Promise<Answer> {
  const timer = options.timer ?? (() => performance.now());
  const started = timer();
  const text = typeof question === "string" ? question.trim() : "";
  if (text === "")
    throw new SellerAiError(
      "invalid_request",
      'the question is empty: ask something like "top 5 products by revenue last 30 days".',
    );
  checkOverrides(options);
  const account = await pickAccount(options);
  const today = isoDate(options.now);

  const conversationId = options.conversationId ?? newConversationId();
  const previous = options.conversationId
    ? await loadConversation(options.db, options.conversationId, options.now)
    : undefined;
  // A conversation asked for by id continues it or fails: never a silent new one under an id the caller chose.
  if (options.conversationId !== undefined && previous === undefined) throw unknownConversation(options.conversationId);
  const catalog = await rememberedCatalogVocabulary(options.db, account?.id);
  let parsed: ParseOutcome = parseQuestion(text, { catalog, today, ...(previous ? { previous } : {}) });
  const llm = llmChoice(options.llm);
  if (llm) {
    // Loaded only when asked for: the model client is heavy and rarely used.
    const { assistWithLlm } = await import("./llm-assist.js");
    parsed = await assistWithLlm(text, parsed, {
      host: llm.host ?? "http://127.0.0.1:11434",
      model: llm.model,
      catalog,
      today,
      ...(llm.timeoutMs ? { timeoutMs: llm.timeoutMs } : {}),
    });
  }
  if ("error" in parsed) {
    throw new SellerAiError("invalid_query", parsed.error.message, { suggestions: parsed.error.suggestions ?? [] });
  }
  const understanding = applyOverrides(parsed.understanding, options, today);
  options.authorize?.(understanding);

  const outcome = await answerUnderstanding(understanding, { ...options, started, timer }, account);
  const conversation = { id: conversationId, understanding, now: options.now, accountId: account?.id };
  try {
    await (options.saveConversation ?? ((c: ConversationUpdate) => storeConversation(options.db, c)))(conversation);
  } catch (error) {
    // The answer is worth more than the conversation: it is returned without it.
    if (!isDatabaseBusy(error)) throw error;
    outcome.conversationSaved = false;
  }
  outcome.body.metadata.conversation_id = conversationId;
  outcome.body.metadata.processing_time = formatSeconds(timer() - started);
  return outcome;
}

export interface UnderstoodOptions extends Omit<AnswerOptions, "conversationId" | "authorize" | "llm"> {
  started?: number;
  conversationId?: string;
}

/**
 * Runs the analysis for an understanding that is already parsed (a parse
 * result, a replayed conversation, a test). `answer()` calls this after
 * parsing.
 *
 * @example
 * const { body } = await answerUnderstanding({ intent: "sales_summary", area: "performance", confidence: 1,
 *   filters: { timeframe: "last_month" }, interpretation: "Sales last month" }, { db, now });
 */
export async function answerUnderstanding(
  understanding: Understanding,
  options: UnderstoodOptions,
  knownAccount?: Account | undefined,
): Promise<Answer> {
  const timer = options.timer ?? (() => performance.now());
  const started = options.started ?? timer();
  const today = isoDate(options.now);
  const account = knownAccount ?? (await pickAccount(options));
  if (!account) {
    throw new SellerAiError("not_found", "the mirror holds no seller account yet.", {
      suggestions: [
        "Run `seller-ai demo` to explore with a demo seller",
        "Import your reports with `seller-ai import`",
      ],
    });
  }
  const refreshed =
    understanding.intent === "refresh_data" && options.refresh ? await options.refresh(account.id) : undefined;
  const sql: string[] = [];
  const ctx = await createAnalyticsContext(options.db, account, options.now, today, sql, options.actor);
  const { result, primaryKey, freshness, totalRows } = await (isInsightIntent(understanding.intent)
    ? insightIntent(understanding.intent, ctx, understanding)
    : runIntent(ctx, understanding)
  ).catch((error: unknown) => explainMissingRate(error, options.db, account));
  // Every list answer says how many rows there are in all, beside the ones it shows.
  const rows = (result as Record<string, unknown>)[primaryKey];
  if (Array.isArray(rows)) {
    const total = totalRows ?? rows.length;
    (result as Record<string, unknown>).total_rows = total;
    const analysis = (result as { analysis?: { summary: string } }).analysis;
    // A summary that shows fewer rows than there are says so, whichever analysis wrote it.
    if (analysis && total > rows.length && !analysis.summary.includes("show all"))
      analysis.summary += shownNote(rows.length, total);
  }
  if (refreshed !== undefined && "recent_runs" in result)
    (result as IntentResults["refresh_data"]).refresh = refreshed as IntentResults["refresh_data"]["refresh"];
  return {
    body: {
      request_id: options.requestId ?? `req_${randomBytes(8).toString("hex")}`,
      result,
      metadata: {
        processing_time: formatSeconds(timer() - started),
        data_freshness: freshness,
        query_understanding: understanding,
        conversation_id: options.conversationId ?? "",
      },
    },
    primaryKey,
    understanding,
    sql,
  };
}

/** A missing rate also names the account's sales days in that currency without one; other errors pass. */
async function explainMissingRate(error: unknown, db: MirrorDb, account: Account): Promise<never> {
  if (!isSellerAiError(error) || error.code !== "missing_exchange_rate" || error.details.to !== account.home_currency)
    throw error;
  const coverage = (await accountRateCoverage(db, account.id)).find((c) => c.currency === error.details.from);
  throw coverage ? withMissingDays(error, coverage.missing, coverage.missing_days) : error;
}

function storeConversation(db: MirrorDb, c: ConversationUpdate): Promise<void> {
  return saveConversation(db, c.id, c.understanding, c.now, c.accountId, { waitMs: CONVERSATION_WAIT_MS });
}

/** The error for a conversation id that is unknown or has expired: not_found (404 over the API, exit 1). */
export function unknownConversation(id: string): SellerAiError {
  return new SellerAiError(
    "not_found",
    `conversation "${id}" is unknown or has expired (a conversation ends after ${DEFAULT_CONVERSATION_TTL_MINUTES} minutes without a question).`,
    {
      suggestions: ["Ask again without the conversation id to start a new conversation."],
      details: { field: "conversation_id" },
    },
  );
}

/** `0.012s`: seconds with millisecond precision. */
export function formatSeconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(3)}s`;
}

/** The SQL that ran for an answer, one statement per line block, for `--explain`. */
export function explainSql(answered: Pick<Answer, "sql">): string {
  return answered.sql.map((s) => `${s};`).join("\n");
}

function checkOverrides(options: AnswerOptions): void {
  if (options.marketplace !== undefined) {
    const info = marketplaceByCode(options.marketplace);
    if (!info || !(MARKETPLACE_CODES as readonly string[]).includes(info.code)) {
      throw new SellerAiError(
        "invalid_request",
        `marketplace "${options.marketplace}" is not a marketplace code; use one of ${MARKETPLACE_CODES.join(", ")}.`,
        {
          details: { field: "marketplace" },
        },
      );
    }
  }
  if (options.timeframe !== undefined && parseTimeframeToken(options.timeframe) === undefined) {
    throw new SellerAiError(
      "invalid_request",
      `timeframe "${options.timeframe}" is not a timeframe token; use e.g. last_30_days, last_month, year_to_date, 2025-Q3, 2026-01-01..2026-03-31 or all_time.`,
      { details: { field: "timeframe" } },
    );
  }
  if (options.limit !== undefined && (!Number.isInteger(options.limit) || options.limit < 1)) {
    const message = `the row limit must be a whole number of at least 1; got ${options.limit}.`;
    throw new SellerAiError("invalid_request", message, { details: { field: "limit" } });
  }
}

async function pickAccount(
  options: Pick<AnswerOptions, "db" | "accountId" | "accountIds">,
): Promise<Account | undefined> {
  const allowed = options.accountIds;
  if (options.accountId !== undefined && allowed && !allowed.includes(options.accountId)) {
    throw new SellerAiError("not_found", `no account "${options.accountId}" in this workspace.`, {
      details: { field: "account_id" },
    });
  }
  if (options.accountId === undefined && allowed && allowed.length > 0) {
    for (const id of allowed) {
      const found = await options.db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
      if (found) return found;
    }
    return undefined;
  }
  return resolveAccount(options.db, options.accountId);
}

function applyOverrides(understanding: Understanding, options: AnswerOptions, today: string): Understanding {
  if (options.marketplace === undefined && options.timeframe === undefined && options.limit === undefined)
    return understanding;
  const filters = { ...understanding.filters };
  if (options.marketplace !== undefined)
    filters.marketplace = marketplaceByCode(options.marketplace)!.code as MarketplaceCode;
  if (options.timeframe !== undefined) {
    filters.timeframe = parseTimeframeToken(options.timeframe)!;
    const range = resolveTimeframe(filters.timeframe, today);
    if (range) filters.date_range = range;
    else delete filters.date_range;
  }
  if (options.limit !== undefined) filters.limit = options.limit;
  return { ...understanding, filters };
}

/** The `--llm` choice as the shells pass it ({provider: "ollama", model, host?}), or undefined. */
function llmChoice(value: unknown): { model: string; host?: string; timeoutMs?: number } | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.model !== "string" || (v.provider !== undefined && v.provider !== "ollama")) return undefined;
  return {
    model: v.model,
    ...(typeof v.host === "string" ? { host: v.host } : {}),
    ...(typeof v.timeoutMs === "number" ? { timeoutMs: v.timeoutMs } : {}),
  };
}

/** The insights and anomalies intents, whose scans (and their modules) other questions never need. */
async function insightIntent(
  intent: (typeof INSIGHT_INTENTS)[number],
  ctx: AnalyticsContext,
  understanding: Understanding,
): Promise<IntentOutcome> {
  const { anomaliesIntent, insightsIntent } = await import("../insights/intents.js");
  return (intent === "insights" ? insightsIntent : anomaliesIntent)(ctx, understanding);
}

function isInsightIntent(intent: Intent): intent is (typeof INSIGHT_INTENTS)[number] {
  return (INSIGHT_INTENTS as readonly Intent[]).includes(intent);
}
