import type { Answer } from "../core/answer.js";

/** What the renderers need of an answer; a type-only import, so rendering loads no analytics code. */
export type RenderableAnswer = Answer;

/** The primary table of an answer as rows (an object stands for one row; anything else for none). */
export function primaryRows(answer: Pick<RenderableAnswer, "body" | "primaryKey">): Record<string, unknown>[] {
  const raw = answer.body.result[answer.primaryKey];
  if (Array.isArray(raw)) return raw as Record<string, unknown>[];
  if (raw && typeof raw === "object") return [raw as Record<string, unknown>];
  return [];
}
