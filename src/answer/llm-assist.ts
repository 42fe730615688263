import type { CatalogVocabulary } from "../core/catalog-vocabulary.js";
import { describeUnderstanding } from "../nlu/interpretation.js";
import type { ParseOutcome } from "../nlu/parse-question.js";
import { parserModel } from "../nlu/parser-model.js";
import { sanitizeUnderstanding, UNDERSTANDING_JSON_SCHEMA } from "../core/understanding-schema.js";
import { INTENTS, MARKETPLACE_CODES, METRICS } from "../core/understanding.js";

/**
 * Optional help from a local model (Ollama) for questions our own parser is
 * unsure of. The model returns the same understanding object (structured
 * output with the contract's schema); only values the contract allows are
 * kept. The model never writes SQL. When it is slow or unreachable, our own
 * understanding stands, with a one-line note.
 */

export interface LlmAssistOptions {
  /** Ollama's address, e.g. http://127.0.0.1:11434. */
  host: string;
  model: string;
  /** Give up on the model after this many milliseconds (default 8000). */
  timeoutMs?: number;
  /** Ask the model only when our confidence is below this (default 0.6). */
  minConfidence?: number;
  catalog: CatalogVocabulary;
  today: string;
}

export const DEFAULT_LLM_TIMEOUT_MS = 8000;
export const DEFAULT_LLM_MIN_CONFIDENCE = 0.6;

/** Whether the parser's outcome is unsure enough to ask the model. */
export function needsLlm(outcome: ParseOutcome, minConfidence = DEFAULT_LLM_MIN_CONFIDENCE): boolean {
  return "error" in outcome || outcome.understanding.confidence < minConfidence;
}

/**
 * Improves a low-confidence outcome with the model's understanding; returns
 * the outcome unchanged when it is confident enough.
 *
 * @example
 * const ours = parseQuestion(text, { catalog, today });
 * const best = await assistWithLlm(text, ours, { host: "http://127.0.0.1:11434", model: "llama3.2", catalog, today });
 */
export async function assistWithLlm(
  question: string,
  outcome: ParseOutcome,
  options: LlmAssistOptions,
): Promise<ParseOutcome> {
  if (!needsLlm(outcome, options.minConfidence)) return outcome;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const label = `ollama:${options.model}`;
  let content: string;
  try {
    content = await askModel(question, options, timeoutMs);
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError"
        ? `did not answer within ${(timeoutMs / 1000).toFixed(1)} s`
        : `could not be reached at ${options.host} (${(error as Error).message.split("\n")[0]})`;
    return withNote(outcome, `The model ${label} ${reason}; this is seller-ai's own understanding.`);
  }
  let reply: unknown;
  try {
    reply = JSON.parse(content);
  } catch {
    return withNote(outcome, `The model ${label} did not reply with JSON; this is seller-ai's own understanding.`);
  }
  if (
    typeof reply === "object" &&
    reply !== null &&
    (reply as { intent?: unknown }).intent === "none" &&
    "error" in outcome
  )
    return outcome;
  const understanding = sanitizeUnderstanding(reply, {
    today: options.today,
    categories: options.catalog.categories,
    campaigns: options.catalog.campaigns,
  });
  if (!understanding)
    return withNote(
      outcome,
      `The model ${label} replied without a valid intent; this is seller-ai's own understanding.`,
    );
  understanding.source = "llm";
  understanding.interpretation = describeUnderstanding(understanding, parserModel());
  return { understanding };
}

function withNote(outcome: ParseOutcome, note: string): ParseOutcome {
  if ("error" in outcome) return { error: { ...outcome.error, suggestions: [...outcome.error.suggestions, note] } };
  return { understanding: { ...outcome.understanding, notes: [...(outcome.understanding.notes ?? []), note] } };
}

async function askModel(question: string, options: LlmAssistOptions, timeoutMs: number): Promise<string> {
  const { Ollama } = await import("ollama");
  const signal = AbortSignal.timeout(timeoutMs);
  const client = new Ollama({ host: options.host, fetch: (input, init) => fetch(input, { ...init, signal }) });
  const response = await client.chat({
    model: options.model,
    stream: false,
    format: UNDERSTANDING_JSON_SCHEMA,
    options: { temperature: 0 },
    messages: [
      { role: "system", content: systemPrompt(options) },
      { role: "user", content: question },
    ],
  });
  return response.message.content;
}

function systemPrompt(options: LlmAssistOptions): string {
  return [
    "You turn a marketplace seller's question into a JSON understanding. Reply with JSON only, following the schema.",
    `Today is ${options.today}. Intents: ${INTENTS.join(", ")}; use "none" when the question is not about the seller's own sales, products, inventory, competitors or advertising.`,
    `Marketplace codes: ${MARKETPLACE_CODES.join(" ")}. Metrics: ${METRICS.join(" ")}.`,
    "Timeframe tokens: today, yesterday, last_N_days, last_N_weeks, last_N_months, this_week, this_month, this_quarter, year_to_date, last_week, last_month, last_quarter, last_year, YYYY, YYYY-Qn, YYYY-MM, YYYY-MM-DD, YYYY-MM-DD..YYYY-MM-DD, all_time.",
    options.catalog.categories.length ? `Categories: ${options.catalog.categories.join("; ")}.` : "",
    "Only include filters the question states. Percentages are numbers in percent (30 means 30%).",
  ]
    .filter(Boolean)
    .join("\n");
}
