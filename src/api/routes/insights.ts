import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SellerAiError } from "../../core/errors.js";
import { InsightJobWorker, type JobRequest } from "../../insights/job-worker.js";
import { findStoredFinding, runAndStore } from "../../insights/run-and-store.js";
import type { DetailLevel, InsightType } from "../../insights/types.js";
import { enqueueInsightJob, insightJob } from "../../store/insight-jobs.js";
import { storedRun } from "../../store/insight-runs.js";
import type { ApiRouteConfig, ApiServices } from "../route-context.js";
import {
  INSIGHTS_FINDING_SCHEMA,
  INSIGHTS_JOB_SCHEMA,
  INSIGHTS_ROUTE_SCHEMA,
  type InsightsRequestBody,
} from "./insights-schema.js";

/**
 * POST /v1/insights (now, or as a job with `async`), GET
 * /v1/insights/jobs/{id} and GET /v1/insights/findings/{id}, with the
 * worker that runs the jobs while the server is up.
 */
export function registerInsightsRoutes(app: FastifyInstance, services: ApiServices): void {
  const worker = new InsightJobWorker({
    db: services.db,
    clock: services.clock,
    log: {
      info: (details, message) => app.log.info(details, message),
      error: (details, message) => app.log.error(details, message),
    },
  });
  app.addHook("onReady", async () => {
    await worker.start();
  });
  app.addHook("preClose", async () => {
    await worker.stop();
  });
  // Tests wait for the queue to empty through it.
  app.decorate("insightJobs", worker);

  const config: ApiRouteConfig = { scope: "insights", operationId: "insights", quota: "insights" };
  // As for /v1/query: plain JSON.stringify gives the same text as a schema-compiled serialiser, faster.
  const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

  app.post<{ Body: InsightsRequestBody }>(
    "/v1/insights",
    { schema: INSIGHTS_ROUTE_SCHEMA, config, serializerCompiler },
    async (request, reply) => {
      const started = performance.now();
      const body = request.body;
      const accountId = accountOf(request, body.account_id);
      const job: JobRequest = {
        type: body.insight_type as InsightType,
        ...(body.detail_level ? { detail: body.detail_level as DetailLevel } : {}),
        ...(body.marketplace ? { marketplace: body.marketplace } : {}),
        accountId,
      };
      await services.reserveQuota(request, "insights");
      if (body.async) {
        const id = `job_${randomBytes(8).toString("hex")}`;
        try {
          await enqueueInsightJob(services.db, {
            id,
            accountId,
            workspaceId: request.api.principal!.workspaceId,
            request: job,
            at: request.api.now.toISOString(),
          });
        } catch (error) {
          await services.releaseQuota(request);
          throw error;
        }
        worker.kick();
        reply.code(202).type("application/json; charset=utf-8");
        return { job_id: id, status: "queued", status_url: `/v1/insights/jobs/${id}` };
      }
      let run: Awaited<ReturnType<typeof runAndStore>>;
      try {
        run = await runAndStore(services.db, { now: request.api.now, ...job });
      } catch (error) {
        // Only runs that answered count against the quota.
        await services.releaseQuota(request);
        throw error;
      }
      reply.type("application/json; charset=utf-8");
      return {
        request_id: request.id,
        result: run.result,
        metadata: {
          processing_time: `${((performance.now() - started) / 1000).toFixed(3)}s`,
          data_freshness: `${run.result.period.end}T23:59:59Z`,
          run_id: run.runId,
        },
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    "/v1/insights/jobs/:id",
    {
      schema: INSIGHTS_JOB_SCHEMA,
      config: { scope: "insights", operationId: "insightsJob", quota: "insights" } satisfies ApiRouteConfig,
      serializerCompiler,
    },
    async (request) => {
      const job = await insightJob(services.db, request.params.id);
      const principal = request.api.principal!;
      if (!job || job.workspace_id !== principal.workspaceId) {
        throw new SellerAiError("not_found", `no insights job "${request.params.id}" in this workspace.`, {
          suggestions: ['Jobs are made by POST /v1/insights with "async": true.'],
        });
      }
      const run = job.status === "done" && job.run_id ? await storedRun(services.db, job.run_id) : undefined;
      return {
        job_id: job.id,
        status: job.status,
        status_url: `/v1/insights/jobs/${job.id}`,
        created_at: job.created_at,
        started_at: job.started_at,
        finished_at: job.finished_at,
        attempts: job.attempts,
        error: job.status === "failed" ? "the insights run failed; it has been logged." : null,
        run_id: job.run_id,
        ...(run ? { result: run.result } : {}),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    "/v1/insights/findings/:id",
    {
      schema: INSIGHTS_FINDING_SCHEMA,
      config: { scope: "insights", operationId: "insightsFinding", quota: "insights" } satisfies ApiRouteConfig,
      serializerCompiler,
    },
    async (request) => {
      const principal = request.api.principal!;
      const found = await findStoredFinding(services.db, request.params.id, undefined, principal.accountIds);
      return { request_id: request.id, result: found };
    },
  );
}

/** The account a request is about: the one named (if the workspace has it), else the workspace's only one. */
function accountOf(request: FastifyRequest, named: string | undefined): string {
  const principal = request.api.principal!;
  const accounts = principal.accountIds;
  if (accounts.length === 0) {
    throw new SellerAiError("account_not_connected", "this workspace has no connected seller account.", {
      suggestions: [
        `Connect one: \`seller-ai keys create --name NAME --workspace ${principal.workspaceId} --account ACCOUNT_ID\`.`,
      ],
    });
  }
  if (named !== undefined) {
    if (!accounts.includes(named)) {
      throw new SellerAiError("account_not_connected", `account "${named}" is not connected to this workspace.`, {
        suggestions: [`This workspace's accounts: ${accounts.join(", ")}.`],
      });
    }
    return named;
  }
  if (accounts.length === 1) return accounts[0];
  throw new SellerAiError(
    "invalid_request",
    `account_id is required: this workspace has ${accounts.length} accounts.`,
    {
      suggestions: [`Set account_id to one of ${accounts.join(", ")}.`],
      details: { field: "account_id" },
    },
  );
}
