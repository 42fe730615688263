import type { Answer } from "../answer/answer.js";

/** What the renderers need of an answer; a type-only import, so rendering loads no analysis code. */
export type RenderableAnswer = Answer;

/** An answer's result as a record of fields, for the renderers, which walk every intent's result alike. */
export function resultFields(answer: Pick<RenderableAnswer, "body">): Record<string, unknown> {
  return answer.body.result;
}

/** The primary table of an answer as rows (an object stands for one row; anything else for none). */
export function primaryRows(answer: Pick<RenderableAnswer, "body" | "primaryKey">): Record<string, unknown>[] {
  const raw = resultFields(answer)[answer.primaryKey];
  if (Array.isArray(raw)) return raw as Record<string, unknown>[];
  if (raw && typeof raw === "object") return [raw as Record<string, unknown>];
  return [];
}
