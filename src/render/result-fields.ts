/**
 * What each value of an answer is (money, a percentage, a count...), as its
 * intent's result shape declares it (src/analytics/results): the renderers
 * format by these kinds, never by a column's name.
 */
import { METRIC_KINDS, resultShape, type Fields, type ValueField, type ValueKind } from "../analytics/results/index.js";
import type { RenderableAnswer } from "./renderable-answer.js";

/** How one value is shown: its kind, and whether an increase gets a "+". */
export interface ValueFormat {
  kind: ValueKind;
  signed?: boolean;
}

/** A value of no declared field: shown as it is. */
export const PLAIN: ValueFormat = { kind: "text" };

/** The fields of an answer's result, as its intent declares them; undefined for a result of no declared shape. */
export function answerFields(answer: Pick<RenderableAnswer, "understanding" | "primaryKey">): Fields | undefined {
  return resultShape(answer.understanding.intent, answer.primaryKey)?.fields;
}

/** The fields of the rows of a list of objects (a table), or of an object. */
export function fieldsAt(fields: Fields | undefined, key: string): Fields | undefined {
  const field = fields?.[key];
  if (field?.type === "object") return field.fields;
  if (field?.type === "list" && field.item.type === "object") return field.item.fields;
  return undefined;
}

/** The value field at a dotted key of flattened rows ("restock_recommendation.urgency"). */
export function valueFieldAt(fields: Fields | undefined, key: string): ValueField | undefined {
  const parts = key.split(".");
  let level = fields;
  for (const part of parts.slice(0, -1)) level = fieldsAt(level, part);
  const field = level?.[parts[parts.length - 1]];
  return field?.type === "value" ? field : undefined;
}

/**
 * How a value is shown in its row: a measure takes the kind of the metric its
 * row names, and a change of a percentage is in percentage points.
 */
export function valueFormat(field: ValueField | undefined, row?: Record<string, unknown>): ValueFormat {
  if (!field) return PLAIN;
  if (field.kind !== "measure") return { kind: field.kind, signed: field.signed };
  const metric = typeof row?.metric === "string" ? (METRIC_KINDS as Record<string, ValueKind>)[row.metric] : undefined;
  const kind = metric ?? "number";
  return { kind: field.signed && kind === "percent" ? "points" : kind, signed: field.signed };
}
