import type { Understanding } from "../nlu/understanding.js";

/**
 * What the renderers need of an answer: the shape `answer()` returns
 * (src/core/answer.ts), stated here so rendering depends on no analytics code.
 */
export interface RenderableAnswer {
  body: {
    request_id: string;
    result: Record<string, unknown>;
    metadata: {
      processing_time: string;
      data_freshness: string | null;
      query_understanding: Understanding;
      conversation_id: string;
    };
  };
  primaryKey: string;
  understanding: Understanding;
  sql: string[];
}

/** The primary table of an answer as rows (an object stands for one row; anything else for none). */
export function primaryRows(answer: Pick<RenderableAnswer, "body" | "primaryKey">): Record<string, unknown>[] {
  const raw = answer.body.result[answer.primaryKey];
  if (Array.isArray(raw)) return raw as Record<string, unknown>[];
  if (raw && typeof raw === "object") return [raw as Record<string, unknown>];
  return [];
}
