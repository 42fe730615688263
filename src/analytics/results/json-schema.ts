/**
 * JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) of results, generated from
 * their shapes: the API documents each intent's result with it, and the tests
 * check every intent's real results against it.
 */
import type { Intent } from "../../core/understanding.js";
import { RESULT_SHAPES } from "./index.js";
import type { Field, Fields, ResultShape, ValueField, ValueKind } from "./shape.js";

export type JsonSchema = Record<string, unknown>;

const KIND_WORDS: Record<ValueKind, string> = {
  money: "money, in the row's currency (else the result's)",
  percent: "a percentage (30 = 30%)",
  points: "a difference between two percentages, in percentage points",
  count: "a count",
  number: "a number",
  ratio: "a ratio (ad sales per unit of ad spend)",
  rating: "a star rating",
  text: "a text",
  date: "a date (YYYY-MM-DD) or an ISO 8601 timestamp",
  flag: "yes or no",
  metric: "the name of a metric",
  measure: "a value of the metric the row names, in that metric's unit",
  json: "any JSON value",
};

function valueSchema(field: ValueField): JsonSchema {
  if (field.kind === "json") return { description: KIND_WORDS.json, "x-kind": "json" };
  const base =
    field.kind === "text" || field.kind === "date" || field.kind === "metric"
      ? "string"
      : field.kind === "flag"
        ? "boolean"
        : field.kind === "count"
          ? "integer"
          : "number";
  const types = field.numberOrText ? ["number", "string"] : [base];
  if (field.nullable) types.push("null");
  return {
    type: types.length === 1 ? types[0] : types,
    ...(field.values ? { enum: field.nullable ? [...field.values, null] : [...field.values] } : {}),
    description: KIND_WORDS[field.kind] + (field.signed ? ", a change" : ""),
    "x-kind": field.kind,
  };
}

/** The JSON Schema of one field. */
export function fieldSchema(field: Field): JsonSchema {
  switch (field.type) {
    case "value":
      return valueSchema(field);
    case "list":
      return { type: "array", items: fieldSchema(field.item) };
    case "object": {
      const schema = objectSchema(field.fields);
      return field.nullable ? { ...schema, type: ["object", "null"] } : schema;
    }
  }
}

function objectSchema(fields: Fields): JsonSchema {
  const entries = Object.entries(fields);
  return {
    type: "object",
    required: entries.filter(([, f]) => !f.optional).map(([name]) => name),
    additionalProperties: false,
    properties: Object.fromEntries(entries.map(([name, f]) => [name, fieldSchema(f)])),
  };
}

/** The JSON Schema of a result of one shape; `extra` adds optional properties (what an output format adds). */
export function resultSchema(intent: Intent, shape: ResultShape, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const schema = objectSchema(shape.fields);
  return {
    title: `${intent} (${shape.primary})`,
    description: `The result of ${intent}, with its primary table in ${shape.primary}.`,
    ...schema,
    properties: { ...(schema.properties as Record<string, JsonSchema>), ...extra },
  };
}

/** The JSON Schema of an intent's result: any of its shapes. */
export function intentResultSchema(intent: Intent): JsonSchema {
  const shapes: readonly ResultShape[] = RESULT_SHAPES[intent];
  return shapes.length === 1 ? resultSchema(intent, shapes[0]) : { anyOf: shapes.map((s) => resultSchema(intent, s)) };
}

/** The JSON Schema of any intent's result; `extra` adds optional properties to each. */
export function anyResultSchema(extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    anyOf: (Object.keys(RESULT_SHAPES) as Intent[]).flatMap((intent) =>
      RESULT_SHAPES[intent].map((shape: ResultShape) => resultSchema(intent, shape, extra)),
    ),
  };
}
