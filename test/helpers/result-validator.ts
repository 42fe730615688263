/**
 * Checks values against JSON Schemas with the API's own validator (Fastify's
 * Ajv), strictly: no coercion, no removal of unknown fields.
 */
import Fastify from "fastify";
import { RESULT_SHAPES } from "../../src/analytics/results/index.js";
import { intentResultSchema, type JsonSchema } from "../../src/analytics/results/json-schema.js";
import { INTENTS, type Intent } from "../../src/core/understanding.js";

export interface SchemaValidator<K extends string> {
  /** The validator's message, or undefined when the value fits the schema named. */
  check(name: K, value: unknown): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function schemaValidator<K extends string>(schemas: Record<K, JsonSchema>): Promise<SchemaValidator<K>> {
  const app = Fastify({
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        allErrors: true,
        allowUnionTypes: true,
        keywords: ["x-kind"],
      },
    },
  });
  for (const [name, schema] of Object.entries<JsonSchema>(schemas))
    app.post(`/${name}`, { schema: { body: schema } }, async () => ({ ok: true }));
  await app.ready();
  return {
    async check(name, value) {
      const res = await app.inject({ method: "POST", url: `/${name}`, payload: value as object });
      return res.statusCode === 200 ? undefined : (res.json() as { message: string }).message;
    },
    close: () => app.close(),
  };
}

/** A validator of each intent's results against the intent's schema. */
export function resultValidator(): Promise<SchemaValidator<Intent>> {
  return schemaValidator(
    // Intents understood but not answered yet declare no result.
    Object.fromEntries(
      INTENTS.filter((i) => RESULT_SHAPES[i].length > 0).map((i) => [i, intentResultSchema(i)]),
    ) as Record<Intent, JsonSchema>,
  );
}
