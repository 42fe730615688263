import type { FastifyInstance } from "fastify";
import { requireWriteScopeForCommands } from "../command-scope.js";
import { SellerAiError } from "../../core/errors.js";
import { answerBodyAs, primaryCsv } from "../../render/answer-output.js";
import { prefersCsv } from "../accept.js";
import type { ApiRouteConfig, ApiServices } from "../route-context.js";
import { parseTimeframeToken } from "../../core/timeframe.js";
import { planTimeframeGuard } from "../plan-timeframe.js";
import { conversationAccount } from "../../store/conversations.js";
import { QUERY_ROUTE_SCHEMA, type QueryRequestBody } from "./query-schema.js";

/**
 * POST /v1/query: one question, answered by the core `answer()` for the
 * workspace's account, within the plan's quota and data window.
 */
export function registerQueryRoute(app: FastifyInstance, services: ApiServices): void {
  const config: ApiRouteConfig = { scope: "query", operationId: "query", takes: "query" };

  // The response schemas document the route; the answer's result is free-form, where plain
  // JSON.stringify is twice as fast as a schema-compiled serialiser and gives the same text.
  const serializerCompiler = () => (data: unknown) => JSON.stringify(data);
  app.post<{ Body: QueryRequestBody }>(
    "/v1/query",
    { schema: QUERY_ROUTE_SCHEMA, config, serializerCompiler },
    async (request, reply) => {
      const body = request.body;
      const principal = request.api.principal!;
      const csvBody = prefersCsv(request.headers.accept);
      if (csvBody && body.format !== undefined && body.format !== "csv") {
        throw new SellerAiError(
          "invalid_request",
          `format "${body.format}" conflicts with Accept: text/csv; leave format out or set it to csv.`,
          { details: { field: "format" } },
        );
      }
      if (body.query.trim() === "")
        throw new SellerAiError("invalid_request", "query must not be blank.", { details: { field: "query" } });
      if (body.timeframe !== undefined && parseTimeframeToken(body.timeframe) === undefined) {
        throw new SellerAiError(
          "invalid_request",
          `timeframe "${body.timeframe}" is not a timeframe token; use e.g. last_30_days, last_month, this_quarter, year_to_date, 2025-Q3, 2025-03, 2026-01-01..2026-03-31 or all_time.`,
          { details: { field: "timeframe" } },
        );
      }

      const accounts = principal.accountIds;
      if (accounts.length === 0) {
        throw new SellerAiError("account_not_connected", "this workspace has no connected seller account.", {
          suggestions: [
            "Import your reports with `seller-ai import FILE` (or run `seller-ai demo`), then connect the account: `seller-ai keys create --name NAME --workspace " +
              principal.workspaceId +
              " --account ACCOUNT_ID`.",
          ],
        });
      }
      let accountId: string;
      if (body.account_id !== undefined) {
        if (!accounts.includes(body.account_id)) {
          throw new SellerAiError(
            "account_not_connected",
            `account "${body.account_id}" is not connected to this workspace.`,
            {
              suggestions: [`This workspace's accounts: ${accounts.join(", ")}.`],
            },
          );
        }
        accountId = body.account_id;
      } else if (accounts.length === 1) {
        accountId = accounts[0];
      } else {
        throw new SellerAiError(
          "invalid_request",
          `account_id is required: this workspace has ${accounts.length} accounts.`,
          {
            suggestions: [`Set account_id to one of ${accounts.join(", ")}.`],
            details: { field: "account_id" },
          },
        );
      }
      if (body.conversation_id !== undefined) {
        // A conversation of another workspace's account is as good as unknown here.
        await services.flushConversations(body.conversation_id);
        const owner = await conversationAccount(services.db, body.conversation_id);
        if (owner && !accounts.includes(owner)) {
          throw new SellerAiError("not_found", `no conversation "${body.conversation_id}" in this workspace.`, {
            suggestions: ["Leave conversation_id out to start a new conversation."],
          });
        }
      }

      await services.reserveQuota(request, "query");
      let answered: Awaited<ReturnType<ApiServices["answer"]>>;
      try {
        answered = await services.answer(body.query, {
          db: services.db,
          now: request.api.now,
          accountId,
          accountIds: [...accounts],
          conversationId: body.conversation_id,
          marketplace: body.marketplace,
          timeframe: body.timeframe,
          requestId: request.id,
          dataVersion: request.api.dataVersion,
          authorize: (understanding) => {
            requireWriteScopeForCommands(principal.scopes)(understanding);
            planTimeframeGuard(principal.plan, request.api.now)(understanding);
          },
          // The audit trail of account changes names the key that made them.
          actor: principal.keyId,
          // Only keys with the write scope may make "refresh my data" fetch from Amazon.
          ...(principal.scopes.has("write") ? { refresh: (id: string) => services.refreshData(id) } : {}),
        });
      } catch (error) {
        // Only answered questions count against the quota.
        await services.releaseQuota(request);
        throw error;
      }
      if (csvBody) {
        reply.type("text/csv; charset=utf-8");
        return primaryCsv(answered);
      }
      reply.type("application/json; charset=utf-8");
      return answerBodyAs(answered, body.format ?? "json");
    },
  );
}
