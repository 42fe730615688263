import type { FastifyInstance } from "fastify";
import type { WebhookDeliveryStatus } from "../../store/schema.js";
import { WebhookService, type Resolver } from "../../webhooks/index.js";
import type { ApiRouteConfig, ApiServices } from "../route-context.js";
import {
  CREATE_WEBHOOK_SCHEMA,
  DELETE_WEBHOOK_SCHEMA,
  ENABLE_WEBHOOK_SCHEMA,
  GET_WEBHOOK_SCHEMA,
  LIST_DELIVERIES_SCHEMA,
  LIST_WEBHOOKS_SCHEMA,
  REPLAY_DELIVERY_SCHEMA,
  ROTATE_SECRET_SCHEMA,
  TEST_WEBHOOK_SCHEMA,
  type CreateWebhookBody,
} from "./webhooks-schema.js";

export interface WebhookRouteOptions {
  /** The webhooks service, shared with a delivery worker (`serve`); without it, one is made on the API's database. */
  service?: WebhookService;
  /** http:// to this machine is accepted (`serve --allow-http-webhooks`). */
  allowHttpWebhooks?: boolean;
  /** The clock of signatures and schedules: the real one by default (receivers check the time). */
  clock?: () => Date;
  resolver?: Resolver;
  timeoutMs?: number;
}

declare module "../build-app.js" {
  interface BuildAppOptions {
    /** Options of the /v1/webhooks endpoints. */
    webhooks?: WebhookRouteOptions;
  }
}

const MAX_PAGE = 100;

/**
 * /v1/webhooks: a workspace's webhook endpoints (scope `webhooks`), their
 * test events, secret rotation, deliveries log and replay.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  services: ApiServices,
  options: WebhookRouteOptions = {},
): void {
  const service =
    options.service ??
    new WebhookService({
      db: services.db,
      policy: { allowHttpLoopback: options.allowHttpWebhooks ?? false },
      clock: options.clock,
      resolver: options.resolver,
      timeoutMs: options.timeoutMs,
    });
  if (!options.service) app.addHook("onClose", async () => service.close());
  const config = (operationId: string): ApiRouteConfig => ({ scope: "webhooks", operationId });
  const workspace = (request: { api: { principal?: { workspaceId: string } } }) => request.api.principal!.workspaceId;

  app.post<{ Body: CreateWebhookBody }>(
    "/v1/webhooks",
    { schema: CREATE_WEBHOOK_SCHEMA, config: config("createWebhook") },
    async (request) =>
      service.create({
        workspaceId: workspace(request),
        url: request.body.url,
        events: request.body.events,
        description: request.body.description,
      }),
  );

  app.get("/v1/webhooks", { schema: LIST_WEBHOOKS_SCHEMA, config: config("listWebhooks") }, async (request) => ({
    data: await service.list(workspace(request)),
  }));

  app.get<{ Params: { id: string } }>(
    "/v1/webhooks/:id",
    { schema: GET_WEBHOOK_SCHEMA, config: config("getWebhook") },
    async (request) => service.get(request.params.id, workspace(request)),
  );

  app.delete<{ Params: { id: string } }>(
    "/v1/webhooks/:id",
    { schema: DELETE_WEBHOOK_SCHEMA, config: config("deleteWebhook") },
    async (request) => service.remove(request.params.id, workspace(request)),
  );

  app.post<{ Params: { id: string } }>(
    "/v1/webhooks/:id/test",
    { schema: TEST_WEBHOOK_SCHEMA, config: config("testWebhook") },
    async (request) => service.sendTest(request.params.id, workspace(request)),
  );

  app.post<{ Params: { id: string } }>(
    "/v1/webhooks/:id/rotate-secret",
    { schema: ROTATE_SECRET_SCHEMA, config: config("rotateWebhookSecret") },
    async (request) => service.rotateSecret(request.params.id, workspace(request)),
  );

  app.post<{ Params: { id: string } }>(
    "/v1/webhooks/:id/enable",
    { schema: ENABLE_WEBHOOK_SCHEMA, config: config("enableWebhook") },
    async (request) => service.enable(request.params.id, workspace(request)),
  );

  app.get<{ Params: { id: string }; Querystring: { limit?: string; status?: WebhookDeliveryStatus; before?: string } }>(
    "/v1/webhooks/:id/deliveries",
    { schema: LIST_DELIVERIES_SCHEMA, config: config("listWebhookDeliveries") },
    async (request) => {
      const limit = Math.min(MAX_PAGE, Math.max(1, Number(request.query.limit ?? 20)));
      // One more than asked tells whether another page follows.
      const rows = await service.deliveries(request.params.id, workspace(request), {
        limit: limit + 1,
        status: request.query.status,
        before: request.query.before,
      });
      return { data: rows.slice(0, limit).map(({ endpoint_id: _, ...d }) => d), has_more: rows.length > limit };
    },
  );

  app.post<{ Params: { id: string; delivery_id: string } }>(
    "/v1/webhooks/:id/deliveries/:delivery_id/replay",
    { schema: REPLAY_DELIVERY_SCHEMA, config: config("replayWebhookDelivery") },
    async (request) => service.replay(request.params.id, request.params.delivery_id, workspace(request)),
  );
}
