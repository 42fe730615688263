/**
 * Whether two copies of a mirror answer alike: the benchmark's questions
 * asked of both, for every account, their typed results compared value by
 * value (money to the cent). Nothing is written to either copy: the
 * conversations are not saved and the questions that change the account
 * (create an alert, change a setting, refresh) are left out.
 */
import { isCommandIntent } from "../core/command-intents.js";
import { isSellerAiError } from "../core/errors.js";
import { listAccounts } from "../store/accounts.js";
import type { MirrorDb } from "../store/open-mirror.js";
import { answer } from "./answer.js";
import { BENCH_QUESTIONS, type BenchQuestion } from "./bench-questions.js";

export interface AnswerMismatch {
  account: string;
  question: string;
  /** Where the results first differ, and the two values there. */
  difference: string;
}

export interface AnswerComparison {
  /** Questions asked of both copies (each account's counted). */
  compared: number;
  /** Of those, how many got the same answer. */
  equal: number;
  /** Questions left out, with why. */
  skipped: { question: string; why: string }[];
  mismatches: AnswerMismatch[];
}

export interface CompareAnswersOptions {
  /** The instant both are asked at. */
  now: Date;
  /** Default: BENCH_QUESTIONS. */
  questions?: readonly BenchQuestion[];
}

/** Thrown (and caught) before a question that would change the account is run. */
class ChangesTheAccount extends Error {}

type Outcome = { result: unknown } | { error: string } | { skipped: string };

/**
 * Asks every question of both mirrors, for every account of `first`.
 *
 * @example
 * const c = await compareAnswers(sqliteMirror.db, postgresMirror.db, { now });
 * c.mismatches; // [] when both answer alike
 */
export async function compareAnswers(
  first: MirrorDb,
  second: MirrorDb,
  options: CompareAnswersOptions,
): Promise<AnswerComparison> {
  const questions = options.questions ?? BENCH_QUESTIONS;
  const comparison: AnswerComparison = { compared: 0, equal: 0, skipped: [], mismatches: [] };
  const skipped = new Map<string, string>();
  for (const account of await listAccounts(first)) {
    for (const { question } of questions) {
      const a = await outcome(first, question, account.id, options.now);
      if ("skipped" in a) {
        skipped.set(question, a.skipped);
        continue;
      }
      const b = await outcome(second, question, account.id, options.now);
      comparison.compared++;
      const difference = firstDifference(a, b, "");
      if (difference === undefined) comparison.equal++;
      else comparison.mismatches.push({ account: account.id, question, difference });
    }
  }
  comparison.skipped = [...skipped].map(([question, why]) => ({ question, why }));
  return comparison;
}

async function outcome(db: MirrorDb, question: string, accountId: string, now: Date): Promise<Outcome> {
  try {
    const { body } = await answer(question, {
      db,
      now,
      accountId,
      saveConversation: async () => undefined,
      authorize: (understanding) => {
        if (isCommandIntent(understanding.intent)) throw new ChangesTheAccount(understanding.intent);
      },
    });
    return { result: body.result };
  } catch (error) {
    if (error instanceof ChangesTheAccount) return { skipped: `${error.message} changes the account` };
    // The same refusal on both sides (a missing exchange rate, say) is the same answer.
    if (isSellerAiError(error)) return { error: `${error.code}: ${error.message}` };
    throw error;
  }
}

/** Money is compared to the cent: results are rounded to cents, and sums may differ in their last bits. */
const CENT = 0.005;

/** The path to the first value that differs, with both values; undefined when they agree. */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (typeof a === "number" && typeof b === "number")
    return a === b || Math.abs(a - b) < CENT ? undefined : `${path || "result"}: ${a} against ${b}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path || "result"}: ${a.length} rows against ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const d = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : `${path || "result"}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
