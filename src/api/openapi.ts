import { eventWebhooksDocument } from "../events/index.js";

/** What the OpenAPI generator needs of a registered route. */
export interface DocumentedRoute {
  method: string;
  url: string;
  operationId: string;
  /** Needs `Authorization: Bearer` and this scope. */
  scope?: string;
  schema: {
    summary?: string;
    description?: string;
    body?: unknown;
    /** Path parameters (`:id` in the route's URL), as a JSON schema object. */
    params?: { properties?: Record<string, unknown>; required?: readonly string[] };
    querystring?: { properties?: Record<string, unknown>; required?: readonly string[] };
    response?: Record<
      string | number,
      { description?: string; content?: Record<string, { schema: unknown }> } | Record<string, unknown>
    >;
  };
}

const HEADER_DOCS: Record<string, { description: string; schema: { type: string } }> = {
  "X-Request-Id": { description: "The request's id, the same as request_id in the body.", schema: { type: "string" } },
  "X-RateLimit-Limit": {
    description: "The daily quota of the workspace's plan (for a plan without one, the per-second burst limit).",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": { description: "What is left of that limit.", schema: { type: "integer" } },
  "X-RateLimit-Reset": {
    description: "Unix time (seconds) when the limit resets: the next midnight UTC for the daily quota.",
    schema: { type: "integer" },
  },
  "RateLimit-Policy": {
    description: 'The limits that apply (IETF draft format), e.g. "daily";q=100;w=86400, "burst";q=10;w=1.',
    schema: { type: "string" },
  },
  RateLimit: {
    description: 'The current state of the nearest limit (IETF draft format), e.g. "daily";r=42;t=3600.',
    schema: { type: "string" },
  },
};

/**
 * An OpenAPI 3.1 document generated from the routes' own JSON schemas (the
 * ones Fastify validates and serialises with), so the document cannot drift
 * from what the server does.
 *
 * @example
 * const doc = buildOpenApiDocument(routes, { version: "0.1.0" });
 */
export function buildOpenApiDocument(
  routes: DocumentedRoute[],
  info: { version: string; serverUrl?: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url))) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.schema.response ?? {})) {
      const r = response as { description?: string; content?: Record<string, { schema: unknown }> };
      const content = r.content ?? { "application/json": { schema: response } };
      responses[status] = {
        description: r.description ?? (status === "200" ? "OK" : "Error"),
        headers: route.scope
          ? Object.fromEntries(Object.keys(HEADER_DOCS).map((h) => [h, { $ref: `#/components/headers/${h}` }]))
          : { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
        content,
      };
    }
    if (Object.keys(responses).length === 0) responses["200"] = { description: "OK" };
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.schema.summary,
      description: route.schema.description,
      responses,
    };
    const parameters = [
      ...parametersOf(route.schema.params, "path"),
      ...parametersOf(route.schema.querystring, "query"),
    ];
    if (parameters.length) operation.parameters = parameters;
    if (route.schema.body)
      operation.requestBody = { required: true, content: { "application/json": { schema: route.schema.body } } };
    if (route.scope) {
      operation.security = [{ bearerAuth: [] }];
      operation["x-required-scope"] = route.scope;
    } else {
      operation.security = [];
    }
    // Fastify writes path parameters as :id, OpenAPI as {id}.
    const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "seller-ai API",
      version: info.version,
      description:
        "Answers questions about a seller's marketplace data, finds what needs attention in it and notifies subscribed webhooks of events. Every /v1 endpoint takes the key as `Authorization: Bearer sk_live_…`, and JSON request bodies.",
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    webhooks: eventWebhooksDocument(),
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key from `seller-ai keys create`." },
      },
      headers: HEADER_DOCS,
    },
  };
}

function parametersOf(
  schema: { properties?: Record<string, unknown>; required?: readonly string[] } | undefined,
  where: "path" | "query",
): Record<string, unknown>[] {
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return {
      name,
      in: where,
      required: where === "path" || (schema?.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}
